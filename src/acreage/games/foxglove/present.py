"""Foxglove Farm's presentation model (see ``core/presentation.py``): every tile in words, each
action's label, group and ``args``, the legends, the solo goal and verdict. The terminal view
and the browser board read it and only lay out or draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.presentation import ActionView, Presentation
from .actions import BUILD, CHOOSE, HAUL, KEEP, KIND_WORDS, MOVE, PAY, PLACE, TRAIL, UPGRADE
from .constants import FINAL, TRANSPORT
from .content import TILES, TileKind
from .frames import Build, Pay
from .geometry import cell_name, shape_name
from .goods import GOODS
from .rulings import SOLO_SETUPS, SOLO_THRESHOLDS, lap_marker


def goods_words(vec: Sequence[int]) -> str:
    parts = [f"{n} {GOODS[g]}" for g, n in enumerate(vec) if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def accepts_words(kind: TileKind) -> str:
    if kind.slots == 0 or kind.accepts == 0:
        return "takes no deliveries"
    names = [GOODS[g] for g in range(len(GOODS)) if kind.accepts_goods(g)]
    if len(names) == len(GOODS):
        return "takes any goods"
    return "takes " + " or ".join(names)


def score_text(score: int) -> str:
    marker = lap_marker(score)
    return f"{score}" + (f" ({marker})" if marker else "")


def _points(n: int) -> str:
    return f"{n} point" + ("" if abs(n) == 1 else "s")


def _held(eff) -> str:
    return "cube" if eff.held < 0 else GOODS[eff.held]


def effect_words(eff) -> str:
    """One effect of a tile as a short sentence of our own."""
    k, when = eff.kind, eff.when
    if k == "gain":
        bits = []
        if any(eff.goods):
            bits.append(goods_words(eff.goods))
        if eff.points:
            bits.append(_points(eff.points))
        got = " and ".join(bits)
        if when == "immediate":
            return f"When built: receive {got}."
        return f"Every production: receive {got} (up to the free slots)."
    if k == "gain_one_type":
        return f"When built: name one goods type and receive {eff.amount} of it."
    if k == "breed":
        g = GOODS[eff.held]
        return f"Every production: each pair of {g} here brings {eff.per_pair} more {g}."
    if k == "score_held":
        prefix = "Every production" if when == "production" else "At game end"
        return f"{prefix}: {_points(eff.points)} for each {_held(eff)} held here."
    if k == "full_bonus":
        return f"At game end: {_points(eff.points)} if every slot is filled."
    if k == "convert":
        out = []
        if eff.points:
            out.append(_points(eff.points))
        if any(eff.goods):
            out.append(goods_words(eff.goods))
        return (f"Processing: turns {goods_words(eff.inputs)} held here into {' and '.join(out)}, "
                "as often as the cubes allow.")
    if k == "convert_distinct":
        return (f"Processing: every set of {eff.count} different goods types held here scores "
                f"{_points(eff.points)}.")
    if k == "haul":
        return (f"Start of transport: pull up to {eff.count} cubes from your other buildings onto "
                "this one, no trail needed.")
    if k == "porter":
        return (f"Start of transport: move up to {eff.count} cubes between any of your buildings, "
                "no trail needed.")
    if k == "connector":
        return "Transport: links the buildings on each side of it, like a trail crossing."
    if k == "free_trail":
        return f"Construction: {eff.count} straight or curved trail per phase costs nothing."
    if k == "wood_for_stone":
        return f"Construction: wood may stand in for up to {eff.count} stone of building costs per phase."
    if k == "distinct_types_held":
        return f"At game end: {_points(eff.points)} per different goods type held here."
    if k == "per_trail":
        return f"At game end: {_points(eff.points)} per trail tile in your town."
    if k == "per_building":
        return f"At game end: {_points(eff.points)} per building in your town."
    if k == "trail_reach":
        return f"At game end: {_points(eff.points)} per building joined to this one by trails alone."
    if k == "neighbours_processing":
        return (f"At game end: {_points(eff.points)} per processing building in the eight cells "
                "around it.")
    return f"{when}: {k}"



def solo_verdict(score: int) -> str:
    """Where a solo score stands against the thresholds (FF-SOLO-10)."""
    reached = [t for t in SOLO_THRESHOLDS if score >= t]
    if not reached:
        return f"below the first threshold ({SOLO_THRESHOLDS[0]})"
    return f"threshold {reached[-1]} reached"


#: Box character for each trail shape (openings written N, E, S, W).
TRAIL_GLYPH = {
    "NS": "│", "EW": "─",
    "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘",
    "NES": "├", "NSW": "┤", "ESW": "┬", "NEW": "┴",
}

#: What each symbol of the board means, for the legend.
LEGEND = {
    "tier": "S start tile, A and B tiles (A in rounds 1–2, B from round 3), C tiles all game; "
            "'!' marks an advanced tile",
    "dots": "the goods a building accepts as deliveries (one dot per goods type)",
    "slots": "how many cubes a building can hold",
    "trail": "trails join buildings for transport; buildings side by side are not joined",
    "lap": "a score of 50 or more shows the score track's lap (50+, 100+, 150+)",
}

#: The pieces that are not building tiles, in words: the boards' help on them and the "How to
#: play" reference (the tiles' own words are their ``help`` and effects).
PIECES = {
    "display": "The tiles anyone may build, face up in two areas: the A/B area (A tiles in rounds "
               "1 and 2, B tiles from round 3) and the C area (C tiles all game). Copies of one "
               "tile share a space as a stack, and only its top tile is taken.",
    "stack": "A face-down pile of one tier's tiles; the number says how many are left. A space "
             "emptied by a build is refilled from the pile of the built tile's tier.",
    "empty space": "A display space with no tile: its tier's pile ran out. An A/B space waits for "
                   "the B tiles of round 3; a C space stays empty.",
    "town": "Your own grid of cells, which grows from the starting tile in any direction. Nothing "
            "in your town affects anyone else's.",
    "cell": "One square of a town. A new building or trail goes on an empty cell that shares a "
            "side with a tile already there; touching at a corner is not enough.",
    "wood": "The Forest's goods. It pays for buildings and trails, and some buildings "
            "turn it into coal or points.",
    "stone": "The Mine's goods. It pays for buildings and trails, and feeds several "
             "processing buildings.",
    "wheat": "Grown on farm buildings, and wanted by many processing buildings.",
    "coal": "Dug up, or burnt from wood in a Charcoal Kiln, and wanted by many processing "
            "buildings.",
    "sheep": "Raised on pasture buildings, and wanted by many processing buildings and "
             "the Ranch.",
    "straight trail": "A trail open on two opposite sides (NS or EW). It costs 1 wood or stone.",
    "curved trail": "A trail open on two neighbouring sides (NE, ES, SW or NW). It costs 1 wood "
                    "or stone.",
    "T-junction": "A trail open on three sides (NES, NEW, NSW or ESW). It costs 2 wood or stone "
                  "new, or 1 to upgrade a straight or curved trail, which may turn it as long as "
                  "no link it made is lost.",
    "start player": "The seat that takes the first construction turn of the round; the role "
                    "passes to the next seat after each round.",
}

#: The reference's group of each tier's tiles.
TILE_GROUPS = {
    "start": "Your starting tile",
    "A": "A tiles (rounds 1 and 2)",
    "B": "B tiles (rounds 3 and 4)",
    "C": "C tiles (the whole game)",
}


def tile_words(kind: TileKind) -> str:
    """A tile in the model's words: its help, its effects, then cost, slots and deliveries."""
    effects = " ".join(effect_words(e) for e in kind.effects)
    cost = goods_words(kind.cost) if any(kind.cost) else "free"
    advanced = " Advanced tile (!)." if kind.advanced else ""
    return (f"{kind.help} {effects}{advanced} Cost: {cost}; {kind.slots} "
            f"slot{'' if kind.slots == 1 else 's'}; {accepts_words(kind)}.")


class FoxglovePresentation(Presentation):
    """Foxglove Farm's words, labels and facts."""

    board = "foxglove_board.js"

    def rules(self) -> str:
        return RULES

    def content(self) -> dict[str, Any]:
        return {
            "goods": list(GOODS),
            "tiles": {
                t.name + "|" + t.tier: {
                    "name": t.name,
                    "tier": t.tier,
                    "advanced": t.advanced,
                    "cost": dict(zip(GOODS, t.cost, strict=True)),
                    "cost_words": goods_words(t.cost) if any(t.cost) else "free",
                    "slots": t.slots,
                    "accepts": [g for i, g in enumerate(GOODS) if t.accepts >> i & 1],
                    "accepts_words": accepts_words(t),
                    "effects": [effect_words(e) for e in t.effects],
                    "help": t.help,
                }
                for t in TILES
            },
            "solo_setups": {str(k): v[0] for k, v in SOLO_SETUPS.items()},
            "solo_thresholds": list(SOLO_THRESHOLDS),
            "legend": LEGEND,
            "pieces": PIECES,
        }

    def reference(self) -> list[dict[str, str]]:
        """Every piece in words, in the order a player meets them: the table, the starting
        tile, the goods, the A and C tiles of the opening display, the trails, the B tiles."""
        def piece(group: str, name: str, key: str) -> dict[str, str]:
            return {"group": group, "name": name, "words": PIECES[key]}

        def tiles(tier: str) -> list[dict[str, str]]:
            return [{"group": TILE_GROUPS[tier], "name": t.name, "words": tile_words(t)}
                    for t in TILES if t.tier == tier]

        table = "The table"
        return [
            piece(table, "Display", "display"), piece(table, "Stack", "stack"),
            piece(table, "Empty space", "empty space"), piece(table, "Town", "town"),
            piece(table, "Cell", "cell"), piece(table, "Start player", "start player"),
            *tiles("start"),
            *(piece("Goods", g.capitalize(), g) for g in GOODS),
            *tiles("A"),
            *tiles("C"),
            piece("Trails", "Straight trail", "straight trail"),
            piece("Trails", "Curved trail", "curved trail"),
            piece("Trails", "T-junction", "T-junction"),
            *tiles("B"),
        ]

    def action_view(self, state, action) -> ActionView:
        """Label, group and args of one action; every ``args`` names its kind (``verb``), so a
        board never reads notation."""
        shown = _shown(action)
        return ActionView(shown.label, shown.group, {"verb": KIND_WORDS[action.kind], **shown.args})

    def log_lines(self, events: list[dict[str, Any]], labels: list[str]) -> list[dict[str, Any]]:
        """The cubes one seat paid in one step read as one line ("Ada paid 2 wood, 1 stone"):
        each cube is its own event, for replays and tests."""
        out: list[dict[str, Any]] = []
        for e in events:
            prev = out[-1] if out else None
            if (e["kind"] == "pay" and prev is not None and prev["kind"] == "pay"
                    and (prev["step"], prev["seat"]) == (e["step"], e["seat"])):
                paid = prev.get("paid") or {prev["good"]: 1}
                paid[e["good"]] = paid.get(e["good"], 0) + 1
                name = labels[e["seat"]] if e["seat"] < len(labels) else f"seat {e['seat']}"
                words = ", ".join(f"{n} {good}" for good, n in paid.items())
                out[-1] = {**e, "paid": paid, "text": f"{name} paid {words}"}
            else:
                out.append(e)
        return out

    def offers_plan(self, state) -> bool:
        return not state.frames and state.phase in (TRANSPORT, FINAL) and bool(state.legal_actions())

    def facts(self, state, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"laps": [lap_marker(p) for p in state.scores()]}
        paying = _paying(state)
        if paying:
            out["paying"] = paying
        if state.num_players == 1:
            setup = state.options.get("solo_setup", 1)
            out["solo"] = {
                "setup": setup,
                "setup_name": SOLO_SETUPS[setup][0],
                "thresholds": list(SOLO_THRESHOLDS),
                "goal": "score " + ", ".join(str(t) for t in SOLO_THRESHOLDS[:-1])
                        + f" or {SOLO_THRESHOLDS[-1]} points by the end of round 4",
            }
            if state.is_terminal:
                out["solo"]["verdict"] = solo_verdict(state.scores()[0])
        return out


def _shown(action) -> ActionView:
    """Label, group and what one action is about (its ``verb`` is added by the caller)."""
    k = action.kind
    if k == BUILD:
        tile = TILES[action.a]
        return ActionView(tile.name, "build", {"tile": f"{tile.name}|{tile.tier}", "name": tile.name})
    if k == PLACE:
        return ActionView(cell_name(action.a), "place on", {"cell": cell_name(action.a)})
    if k == TRAIL or k == UPGRADE:
        cell, shape = cell_name(action.a), shape_name(action.b)
        label = f"{shape} {TRAIL_GLYPH.get(shape, '')}".strip()
        return ActionView(label, f"{KIND_WORDS[k]} at {cell}", {"cell": cell, "shape": shape})
    if k == PAY or k == HAUL:
        good, cell = GOODS[action.a], cell_name(action.b)
        return ActionView(cell, f"{KIND_WORDS[k]} {good} from", {"good": good, "cell": cell})
    if k == MOVE:
        good, src, dst = GOODS[action.a], cell_name(action.b), cell_name(action.c)
        return ActionView(f"to {dst}", f"move {good} from {src}", {"good": good, "from": src, "to": dst})
    if k == KEEP or k == CHOOSE:
        return ActionView(GOODS[action.a], KIND_WORDS[k], {"good": GOODS[action.a]})
    return ActionView(str(action))


def _paying(state) -> dict[str, Any] | None:
    """What the seat to act is paying for (public: the piece and what is still owed), so a
    board can draw it in place while the cubes are chosen."""
    if not state.frames or type(state.frames[-1]) is not Pay:
        return None
    top = state.frames[-1]
    seat, rem, then = top.seat, top.owed, top.purpose
    owed = goods_words(rem[:len(GOODS)]) if any(rem[:len(GOODS)]) else ""
    either = rem[len(GOODS)] if len(rem) > len(GOODS) else 0
    if either:
        owed = (owed + " and " if owed else "") + f"{either} wood or stone"
    out: dict[str, Any] = {"seat": seat, "what": then.kind, "owed": owed or "nothing"}
    if isinstance(then, Build):
        tile = TILES[then.tile]
        out.update(tile=f"{tile.name}|{tile.tier}", name=tile.name, cell=cell_name(then.cell))
    else:
        out.update(cell=cell_name(then.cell), shape=shape_name(then.shape))
    return out


#: The rules in brief, in our own words (the terminal's `rules`, the web's help).
RULES = """\
Foxglove Farm in brief (our own summary; the engine enforces every detail)

Goal: score the most points over 4 rounds by building a town of tiles, linking it with
trails, moving goods along them and processing goods into points.

Your town starts as a Forest at 0,0 (refills with wood) and a Mine at 1,0 (refills with
stone). Cells are x,y with north up.

Each round:
 1. Production - every building with a production effect yields its goods (only as many
    cubes as it has free slots; you choose what to keep when a mix does not fit).
 2. Construction - in turn, build one tile from the display (choose an empty cell next to
    your town, then pay its cost with wood and stone from your buildings), or take a trail
    action (lay trails for 1 wood/stone each, T-junctions for 2, or upgrade a trail into a
    T-junction for 1), or pass. Once you pass you are out until the next round.
    Rounds 1-2 offer A tiles, rounds 3-4 B tiles; the C area offers processing tiles.
 3. Transportation - move cubes one at a time along your trails between buildings that
    accept them and have a free slot. Two buildings side by side are not linked unless a
    trail (or a connecting tile) joins them.
 4. Processing - buildings that convert goods do so automatically, scoring points.
Round 4 merges transport and processing: move and process in any order, then end-game
effects score. Ties: fewest cubes left, then most tiles.

Solo: play alone against a score threshold (60/80/100/120) with one of six setups;
after each build the display slides and refills.

In this program: type a number from the list or the action itself (a unique start is
enough, e.g. 'b shee' for 'build Sheepfold'). 'help <tile>' explains a tile."""


PRESENTATION = FoxglovePresentation()
