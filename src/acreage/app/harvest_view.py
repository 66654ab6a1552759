"""How Harvest (with the Fall Festival expansion) looks in the terminal.

The screen is drawn from ``state.observation(seat)`` and the static content only: the round and
phase, turn order, the Town Board, Mayor Gairy, the Festival board, one farm panel per seat and,
for the seat at the keyboard alone, its secret setup cards. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.harvest import rulings as R
from ..games.harvest.content import (
    BUILDING_BY_NAME,
    BUILDINGS,
    CHARACTER_BY_NAME,
    CHARACTERS,
    CROP_NAMES,
    CROPS,
    FARMHOUSE_BY_NAME,
    FARMHOUSES,
    FESTIVAL,
    MARKET,
    SET_POINTS,
    SPACES,
    SUNRISE,
    Gain,
)
from .views import BaseView

# ---------------------------------------------------------------- small vocabulary

CROP_CODE = {"wheat": "Wh", "strawberry": "St", "blueberry": "Bl", "pumpkin": "Pu"}
CROP_STYLE = {"wheat": "yellow", "strawberry": "red", "blueberry": "blue", "pumpkin": "dark_orange"}
FOREST_STYLE = "green"
BUILDING_STYLE = "bold magenta"
GAIRY = "Gairy"
GAIRY_STYLE = "bold bright_black"
SEAT_STYLES = ("bold cyan", "bold yellow", "bold green", "bold red")
AREA_TITLES = {"gs": "General Store", "fields": "Fields", "workshop": "Workshop", "tp": "Trading Post",
               "market": "Farmer's Market", "festival": "Festival"}
AREA_WORDS = {"gs": "General Store", "fields": "Fields", "workshop": "Workshop", "tp": "Trading Post",
              "market": "Market", "festival": "Festival board"}
PHASE_WORDS = {"setup": "Setup", "sunrise": "Sunrise", "action": "Action", "over": "Game over"}
ROW_NAMES = ("top", "mid", "low")
CELL_W = 7  # characters per farm cell, one more for the gap

DECISION_WORDS = {
    "keepc": "keep one of your two characters",
    "keeph": "keep one of your two farmhouses",
    "sunrise": "swap your sunrise tile for one on offer (a lower number acts earlier)",
    "turn": "place a piece on the Town Board, the Festival board or one of your action buildings",
    "visit": "take the actions of the space you visited, one at a time ('done' to stop)",
    "plant": "plant more seeds of this kind, or 'done'",
    "tend": "tend more seeds of this kind, or 'done'",
    "buy": "buy a festival card now, or 'done'",
    "ff3": "take a festival card or the coin",
    "die": "keep one face of the forest die",
    "react": "choose one of your Town spaces to use again",
    "market": "pay for the Market tile's effect, or 'done'",
    "basket": "use a Hand-Woven Basket to get this basket back, or 'done'",
}

#: Our own words for each character ability, keyed by the engine's ability name.
ABILITY_WORDS = {
    "pumpkin_patcher": "Pumpkin seeds are 1 coin cheaper apiece, and each pumpkin you harvest is worth "
                       "1 extra point.",
    "berry_keeper": "Begins with a blueberry seed; every bush you harvest also earns 1 coin.",
    "water_witch": "Begins with a bucket of 5, already full; once each round, filling the bucket is free.",
    "lumberjack": "Clears forests for free and rolls the forest die twice, keeping the face they like.",
    "architect": "Every building is 2 coins cheaper (it never costs less than nothing).",
    "trader": "Trading Post fees drop to 1 seed, 1 fertilizer or 2 water, and once a round TP-2 can be "
              "used even when someone is already there.",
    "market_regular": "Market tiles are 1 coin cheaper, and once a round a Market space can be used even "
                      "when it is taken.",
    "early_riser": "Chooses first at every Sunrise and pockets 1 coin for swapping.",
    "francie": "Festival cards cost Francie nothing.",
    "finn_maisie": "Instead of 3 wheelbarrows, plays 2 pieces, Finn and Maisie (plus the basket). Finn makes "
                   "the visit free of coin costs; Maisie adds one action to the space (and lets the "
                   "Workshop repeat an action kind).",
}

#: Our own words for the passive building abilities.
PASSIVE_WORDS = {
    "tend_discount": "A Tend action needs {v} water less overall.",
    "pumpkin_bonus": "Each pumpkin you harvest scores {v} more point(s).",
    "wheat_coin": "Each wheat you harvest also brings {v} coin(s).",
    "berry_bonus": "A harvest that includes strawberries or blueberries scores {v} bonus points.",
    "free_upgrade": "Upgrading your bucket costs no coins.",
    "market_discount": "Market tiles cost {v} coin(s) less.",
}

MENU_WORDS = {"press": "re-use one of your Town spaces from this round", "tp": "Trading Post",
              "fields": "Fields", "gs": "General Store"}

NOVELTY_WORDS = {
    "plant": "During a Plant action, once you have planted a seed, discard it to take one more seed of "
             "any crop (you may plant it straight away).",
    "harvest": "Right after a harvest, discard it for 2 water and 4 points.",
    "tp": "On a Trading Post visit, discard it for 2 fertilizer and a full bucket.",
    "gs": "On a General Store visit, discard it for a wheat seed and a blueberry seed.",
    "workshop": f"On a Workshop visit, discard it to let fertilizer cover building costs, worth "
                f"{R.SOIL_MIX_COINS} coins each (coins go first, no change given).",
    "basket": "When you send your basket to the Festival board, discard it to get the basket back at "
              "the end of your turn.",
}

MARKET_EFFECT_WORDS = {
    "plant_pumpkin": "a pumpkin seed, planted at once",
    "fields": "one Fields action",
    "workshop": "one Workshop action",
    "upgrade_fill": "a bucket upgrade and a full bucket",
    "clear_free": "clear one forest for free",
    "build_discount": "build with a discount of {v}",
    "coin_per_crop": "1 coin per crop type ripe on your farm",
    "harvest": "a harvest",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def gain_words(g: Gain, empty: str = "nothing") -> str:
    """A bundle of gains as a short list of our own."""
    parts = []
    if g.coins:
        parts.append(_plural(g.coins, "coin"))
    if g.water:
        parts.append(f"{g.water} water")
    if g.fill:
        parts.append("a full bucket")
    if g.upgrade:
        parts.append("a bucket upgrade" if g.upgrade == 1 else f"{g.upgrade} bucket upgrades")
    if g.fertilizer:
        parts.append(f"{g.fertilizer} fertilizer")
    for crop, n in zip(CROP_NAMES, g.seeds, strict=True):
        if n:
            parts.append(_plural(n, f"{crop} seed"))
    if g.points:
        parts.append(_plural(g.points, "point"))
    if g.p1_card:
        parts.append("the P1 festival card free")
    if not parts:
        return empty
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def market_cost_words(tile) -> str:
    parts = []
    if tile.cost_coins:
        parts.append(f"${tile.cost_coins}")
    if tile.cost_fertilizer:
        parts.append(f"{tile.cost_fertilizer} fert")
    if tile.cost_water:
        parts.append(f"{tile.cost_water} water")
    if tile.cost_seed:
        parts.append(f"{tile.cost_seed} seed")
    return " ".join(parts) or "free"


def market_effect_words(tile) -> str:
    if tile.effect == "gain":
        return gain_words(tile.gain)
    return MARKET_EFFECT_WORDS.get(tile.effect, tile.effect).format(v=tile.value)


def short_market_words(tile) -> str:
    if tile.effect != "gain":
        return SHORT_EFFECTS.get(tile.effect, tile.effect).format(v=tile.value)
    g = tile.gain
    parts = [f"${g.coins}" if g.coins else "", "fill" if g.fill else "",
             f"{g.fertilizer} fert" if g.fertilizer else "", f"{g.points} pts" if g.points else ""]
    parts += [f"{n} {CROP_CODE[c]}" for c, n in zip(CROP_NAMES, g.seeds, strict=True) if n]
    return "+".join(p for p in parts if p) or "nothing"


SHORT_EFFECTS = {"plant_pumpkin": "plant a pumpkin", "fields": "Fields action",
                 "workshop": "Workshop action", "upgrade_fill": "upgrade+fill",
                 "clear_free": "free clearing", "build_discount": "build ${v} off",
                 "coin_per_crop": "$1/ripe type", "harvest": "harvest"}


def market_tile(number: int):
    return next((m for m in MARKET if m.number == number), None)


def building_words(b) -> list[str]:
    """What a building does, in our own words, one sentence a line."""
    out = []
    if b.type == "action":
        if b.menu == "press":
            out.append("Action building: put a piece here to use one of your Town spaces of this round "
                       "a second time (no mouse bonus).")
        else:
            area = MENU_WORDS.get(b.menu, b.menu)
            fee = " (paying the usual Trading Post fee)" if b.menu == "tp" else ""
            out.append(f"Action building: put a piece here for {_plural(b.actions, f'{area} action')}"
                       f"{fee}; only you can use it.")
    if b.type == "sunrise":
        out.append(f"Every Sunrise: {gain_words(b.income)}.")
    if b.type == "passive" and b.ability in PASSIVE_WORDS:
        out.append(PASSIVE_WORDS[b.ability].format(v=b.value))
    if b.on_build != Gain():
        out.append(f"As soon as it is built: {gain_words(b.on_build)}.")
    end = []
    if b.end_points:
        end.append(_plural(b.end_points, "point"))
    if b.end_per_fertilizer:
        end.append(f"{b.end_per_fertilizer} per fertilizer you still hold")
    if b.end_per_bush:
        end.append(f"{b.end_per_bush} per blueberry bush on your farm")
    if b.end_per_building:
        end.append(f"{b.end_per_building} per building you own (this one too)")
    if end:
        out.append("At the end: " + " plus ".join(end) + ".")
    return out


def crop_words(crop) -> list[str]:
    price = (f"{crop.price_coins} coin{'s' if crop.price_coins != 1 else ''} per seed" if crop.price_per == 1
             else f"{crop.price_coins} coin for every {crop.price_per} seeds (odd counts round up)")
    plant = "no fertilizer" if not crop.plant_fertilizer else f"{crop.plant_fertilizer} fertilizer"
    tend = "no water" if not crop.tend_water else f"{crop.tend_water} water"
    harvest = _plural(crop.harvest_points, "point")
    if crop.harvest_fertilizer:
        harvest += f" and {crop.harvest_fertilizer} fertilizer"
    after = ("the bush stays and turns back to its seed side, ready to be tended again" if crop.stays
             else "the tile leaves the farm and the cell is free again")
    return [f"Seeds: {price} at the General Store.",
            f"Planting takes {plant}; tending (turning it to its crop side) takes {tend}.",
            f"Each one harvested scores {harvest}; {after}.",
            "Every harvest also pays 1 coin per different crop type picked."]


def festival_words(card) -> list[str]:
    if card.kind == "pie":
        sets = ", ".join(f"{i + 1} kind{'s' if i else ''}: {p}" for i, p in enumerate(SET_POINTS))
        return [f"A pie: worth points at the end in sets of different pies ({sets}).",
                f"{card.copies} in the deck. Pies are never used up."]
    return [NOVELTY_WORDS.get(card.use, card.use),
            "You cannot use it on the turn you bought it. Kept until the end, it is worth 1 point.",
            f"{card.copies} in the deck."]


def _panel(title: str, lines: Sequence[str], style: str = "bold") -> Panel:
    body = [Text(title, style=style)] + [Text("• " + line) for line in lines]
    return Panel(Group(*body), box=box.ROUNDED, expand=False)


# ---------------------------------------------------------------- the farm grid

def _cell_text(what: str | None) -> Text:
    if what is None or what == "empty":
        return Text("·".center(CELL_W), style="dim")
    if what == "forest":
        return Text("forest".center(CELL_W), style=FOREST_STYLE)
    crop, _, side = what.partition(" ")
    code = CROP_CODE.get(crop, crop[:2].title())
    if side == "crop":
        return Text(f"{code} ripe".center(CELL_W), style=f"bold reverse {CROP_STYLE.get(crop, '')}")
    return Text(f"{code} seed".center(CELL_W), style=CROP_STYLE.get(crop, ""))


def _rc(cell: str) -> tuple[int, int]:
    r, c = cell.split(",")
    return int(r), int(c)


def farm_lines(info: dict) -> list[Text]:
    """A farm as lines: column numbers on top, row numbers on the left; buildings span 2×2."""
    blocks = {}
    for name, cell in info["buildings"]:
        r, c = _rc(cell)
        blocks[(r, c)] = name
    covered = {(r + dr, c + dc): (r, c) for (r, c) in blocks for dr in (0, 1) for dc in (0, 1)}
    header = Text("  ", style="dim")
    for c in range(1, R.COLS + 1):
        header.append(str(c).center(CELL_W) + " ", style="dim")
    lines = [header]
    span = 2 * CELL_W + 1
    for r in range(1, R.ROWS + 1):
        line = Text(f"{r} ", style="dim")
        c = 1
        while c <= R.COLS:
            top = covered.get((r, c))
            if top is not None:
                name = blocks[top]
                if top[0] == r:
                    label = name if len(name) <= span - 2 else name[: span - 3] + "."
                else:
                    b = BUILDING_BY_NAME.get(name.lower())
                    label = f"({b.type})" if b else ""
                line.append(f"[{label.center(span - 2)}]", style=BUILDING_STYLE)
                line.append(" ")
                c += 2
                continue
            line.append_text(_cell_text(info["farm"].get(f"{r},{c}")))
            line.append(" ")
            c += 1
        line.rstrip()
        lines.append(line)
    return lines


def seeds_text(seeds: Sequence[int]) -> Text:
    out = Text()
    for i, (crop, n) in enumerate(zip(CROP_NAMES, seeds, strict=True)):
        if i:
            out.append(" ")
        out.append(f"{CROP_CODE[crop]}{n}", style=CROP_STYLE[crop] if n else "dim")
    return out


# ---------------------------------------------------------------- the view

class HarvestView(BaseView):
    """Terminal rendering and help for Harvest."""

    name = "harvest"
    example_action = "place GS-1"
    example_thing = "building, character, farmhouse, crop or card"
    example_topic = "Lumberjack"
    legend = ("Wh/St/Bl/Pu wheat/strawberry/blueberry/pumpkin · seed: tend · ripe: harvest · ○ open · "
              "-∞ fits all · wb wheelbarrow · cells are row,column from the top left "
              "('2,3': row 2, column 3)")

    def __init__(self) -> None:
        # The festival cards shown at the last drawing, so "card P2" can be named in the menu,
        # and what each position costs the seat at the keyboard (Francie pays nothing).
        self._festival: dict = {}
        self._card_costs: dict[int, int] = {i: R.CARD_COSTS[i] for i in (1, 2, 3)}

    # -- names ----------------------------------------------------------------
    @staticmethod
    def tags(labels: Sequence[str]) -> list[str]:
        """Short names for seats: the label without "(seat n)", numbered when not unique."""
        short = [label.split(" (")[0] for label in labels]
        return [f"{s}#{i}" if short.count(s) > 1 else s for i, s in enumerate(short)]

    def _who(self, seat: int, tags: Sequence[str]) -> Text:
        if seat < 0:
            return Text(GAIRY, style=GAIRY_STYLE)
        return Text(tags[seat], style=SEAT_STYLES[seat % len(SEAT_STYLES)])

    # -- whole screen -----------------------------------------------------------
    def render(self, state, seat: int | None, labels: Sequence[str], width: int = 120) -> RenderableType:
        obs = state.observation(seat)
        self._festival = obs["festival"] if obs["fall_festival"] else {}
        viewer = seat if seat is not None else obs.get("to_act")
        francie = viewer is not None and obs["seats"][viewer].get("character") == "Francie"
        self._card_costs = {i: 0 if francie else R.CARD_COSTS[i] for i in (1, 2, 3)}  # HV-FRA-1
        tags = self.tags(labels)
        parts: list[RenderableType] = [self.header(obs, state, labels, tags), self.town(obs, tags)]
        if obs["fall_festival"]:
            parts.append(self.festival(obs, tags))
        if obs.get("gairy") is not None:
            parts.append(self.gairy(obs))
        parts.append(self.farms(obs, labels, width))
        parts.append(Text(self.legend, style="dim"))
        if seat is not None:
            private = self.private(obs, seat)
            if private is not None:
                parts.append(private)
        return Group(*parts)

    @staticmethod
    def order(obs: dict) -> list[int]:
        return sorted(range(obs["players"]), key=lambda s: obs["seats"][s]["sunrise_tile"])

    def header(self, obs: dict, state, labels: Sequence[str], tags: Sequence[str]) -> RenderableType:
        line = Text()
        line.append("Harvest", style="bold green")
        if obs["fall_festival"]:
            line.append(" + Fall Festival", style="bold dark_orange")
        line.append(f"  ·  {self.tag}  ·  " if self.tag else "  ·  ")
        line.append(f"round {obs['round']} of {R.ROUNDS}", style="bold")
        line.append("  ·  phase: ")
        for i, phase in enumerate(("sunrise", "action", "sunset")):
            if i:
                line.append(" → ", style="dim")
            current = obs["phase"] == phase
            line.append(phase.title(), style="bold reverse" if current else "dim")
        if obs["phase"] in ("setup", "over"):
            line.append(f"  ({PHASE_WORDS[obs['phase']]})", style="bold")
        turn = Text("Turn order: ", style="bold")
        for i, s in enumerate(self.order(obs)):
            if i:
                turn.append(" → ")
            turn.append_text(self._who(s, tags))
            turn.append(f" (#{obs['seats'][s]['sunrise_tile']})", style="dim")
        if obs["sunrise_display"]:
            turn.append("   On offer: ", style="bold")
            offer = [f"#{n} {gain_words(SUNRISE[n - 1].income)}" for n in obs["sunrise_display"]]
            turn.append("  ".join(offer))
        return Group(line, turn)

    # -- the Town Board ---------------------------------------------------------
    def _space(self, name: str, obs: dict, tags: Sequence[str]) -> Text:
        sp = next(s for s in SPACES if s.name == name)
        who = obs["spaces"].get(name, [])
        out = Text()
        shown = name.replace("-inf", "-∞")
        out.append(shown, style="bold")
        if sp.actions:
            out.append(f" {sp.actions}×", style="dim")
        out.append(" ")
        if not who:
            out.append("○", style="green")
            return out
        for i, s in enumerate(who):
            if i:
                out.append(",")
            out.append_text(self._who(s, tags))
        return out

    def town(self, obs: dict, tags: Sequence[str]) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for area in ("gs", "fields", "workshop", "tp", "market"):
            row = Text()
            for i, sp in enumerate(s for s in SPACES if s.area == area):
                if i:
                    row.append("   ")
                row.append_text(self._space(sp.name, obs, tags))
                if area == "market":
                    number = obs["market"][i]
                    tile = market_tile(number) if number is not None else None
                    if tile is None:
                        row.append(" (no tile)", style="dim")
                    else:
                        row.append(f" #{number} {market_cost_words(tile)}→{short_market_words(tile)}")
            if area == "tp":
                row.append(f"   fee per action: 1 seed, {R.TP_PAY_FERTILIZER} fertilizer or {R.TP_PAY_WATER} "
                           "water", style="dim")
            grid.add_row(AREA_TITLES[area], row)
            if area == "workshop":
                shop = Text()
                for r in range(3):
                    if r:
                        shop.append("  ·  ")
                    shop.append(f"{ROW_NAMES[r]} ${R.ROW_COSTS[r]}: ", style="dim")
                    names = obs["workshop"][r * R.SLOTS_PER_ROW:(r + 1) * R.SLOTS_PER_ROW]
                    shop.append(", ".join(n or "—" for n in names), style=BUILDING_STYLE)
                grid.add_row(f"  buildings ({obs['building_stack_count']})", shop)
        return grid

    def festival(self, obs: dict, tags: Sequence[str]) -> RenderableType:
        fest = obs["festival"]
        line = Text("Festival ", style="bold dark_orange")
        for pos in ("P3", "P2", "P1"):
            name = fest.get(pos)
            line.append(f"{pos} ${self._card_costs[int(pos[1])]} ", style="dim")
            line.append(name or "—", style="bold" if name else "dim")
            line.append("  ")
        line.append(f"deck {fest['deck_count']}  ", style="dim")
        for i, name in enumerate(("FF-1", "FF-2", "FF-3")):
            if i:
                line.append("  ")
            line.append_text(self._space(name, obs, tags))
        return line

    @staticmethod
    def gairy(obs: dict) -> Text:
        g = obs["gairy"]
        line = Text("Mayor Gairy: ", style=GAIRY_STYLE)
        line.append(f"{_plural(g['wheelbarrows'], 'wheelbarrow')} left")
        if obs["fall_festival"]:
            line.append(f", {_plural(g['baskets'], 'basket')} left")
        drawn = ", ".join(AREA_WORDS.get(a, a) for a in g["drawn"]) or "none yet"
        line.append(f"  ·  tiles drawn: {drawn} ({g['deck_count']} left)", style="dim")
        return line

    # -- the farms -------------------------------------------------------------
    def farm_panel(self, obs: dict, s: int, label: str) -> tuple[Panel, int]:
        info = obs["seats"][s]
        lines = farm_lines(info)
        res = Text()
        res.append(f"${info['coins']}", style="bold yellow")
        res.append("  water ")
        res.append(f"{info['water']}/{info['capacity']}", style="bold blue")
        res.append("  fert ")
        res.append(f"{info['fertilizer']}/{R.MAX_FERTILIZER}", style="bold")
        res.append("  seeds ")
        res.append_text(seeds_text(info["seeds"]))
        pieces = []
        if info["wheelbarrows"]:
            pieces.append(f"{info['wheelbarrows']} wb")
        mice = [name for bit, name in ((1, "Finn"), (2, "Maisie")) if info["mice"] & bit]
        pieces += mice
        if info["basket"]:
            pieces.append("basket")
        who = Text()
        who.append(info["character"] or "character ?", style="bold")
        who.append(" · ")
        who.append(info["farmhouse"] or "farmhouse ?", style="bold")
        who.append(f" · #{info['sunrise_tile']}", style="dim")
        who.append(" · " + (", ".join(pieces) or "all pieces placed"), style="dim")
        body = lines + [res, who]
        if obs["fall_festival"]:
            cards = Text("cards: ")
            counts: dict[str, int] = {}
            for name in info["festival_cards"]:
                counts[name] = counts.get(name, 0) + 1
            cards.append(", ".join(f"{n}×{c}" if c > 1 else n for n, c in counts.items()) or "none",
                         style="" if counts else "dim")
            body.append(cards)
        width = max(len(t) for t in lines) + 2
        title = Text(f" {label} · {info['score']} pts ")
        panel = Panel(Group(*body), title=title, title_align="left", box=box.ROUNDED, width=max(width, 56),
                      border_style="bold yellow" if s == obs["to_act"] else "dim", padding=(0, 0))
        return panel, max(width, 56)

    def farms(self, obs: dict, labels: Sequence[str], width: int) -> RenderableType:
        panels, widths = [], []
        for s in range(obs["players"]):
            panel, w = self.farm_panel(obs, s, labels[s])
            panels.append(panel)
            widths.append(w)
        rows: list[list[Panel]] = []
        used = 0
        for panel, w in zip(panels, widths, strict=True):
            if rows and used + w + 1 <= width:
                rows[-1].append(panel)
                used += w + 1
            else:
                rows.append([panel])
                used = w
        out = []
        for row in rows:
            grid = Table.grid(padding=(0, 1))
            for _ in row:
                grid.add_column()
            grid.add_row(*row)
            out.append(grid)
        return Group(*out)

    # -- what only the seat at the keyboard sees ------------------------------
    def private(self, obs: dict, seat: int) -> RenderableType | None:
        me = obs["seats"][seat]
        parts: list[RenderableType] = []
        if me.get("dealt_characters"):
            parts.append(Text("Your dealt characters (secret until everyone has chosen):", style="bold"))
            for name in me["dealt_characters"]:
                c = CHARACTER_BY_NAME.get(name.lower())
                line = Text(f"  {name}: ", style="bold")
                line.append(ABILITY_WORDS.get(c.ability, "") if c else "")
                parts.append(line)
        if me.get("dealt_farmhouses"):
            parts.append(Text("Your dealt farmhouses:", style="bold"))
            for name in me["dealt_farmhouses"]:
                f = FARMHOUSE_BY_NAME.get(name.lower())
                line = Text(f"  {name}: ", style="bold")
                line.append(" ".join(farmhouse_words(f)) if f else "")
                parts.append(line)
        decision = obs.get("decision")
        if decision in DECISION_WORDS:
            line = Text("Now: ", style="bold")
            line.append(DECISION_WORDS[decision])
            fresh = me.get("bought_this_turn") or []
            if fresh:
                line.append(f"  (bought this turn, usable from your next turn: {', '.join(fresh)})",
                            style="dim")
            parts.append(line)
        return Group(*parts) if parts else None

    # -- actions ----------------------------------------------------------------
    def action_group(self, text: str) -> tuple[str, str]:
        """(group title, label within the group) for the compressed action list."""
        words = text.split()
        verb = words[0] if words else ""
        rest = " ".join(words[1:])
        if verb == "keep" and len(words) >= 3:
            return f"keep {words[1]}", " ".join(words[2:])
        if verb == "sunrise" and rest.isdigit():
            n = int(rest)
            if 0 < n <= len(SUNRISE):
                return "sunrise tile", f"#{n} ({gain_words(SUNRISE[n - 1].income)})"
            return "sunrise tile", rest
        if verb == "place":
            if words[-1] in ("finn", "maisie"):
                return f"place {words[-1].title()} on", " ".join(words[1:-1])
            return "place on", rest
        if verb in ("plant", "tend") and len(words) == 3:
            return f"{verb} {words[1]} on", words[2]
        if verb == "buy" and len(words) == 3 and words[2] in CROP_NAMES:
            crop = CROPS[CROP_NAMES.index(words[2])]
            return f"buy {words[2]}", f"{words[1]} (${crop.price(int(words[1]))})"
        if verb == "clear":
            return "clear forest", rest
        if verb == "build" and len(words) >= 3:
            return f"build {' '.join(words[1:-1])} at", words[-1]
        if verb == "card" and rest.upper() in ("P1", "P2", "P3"):
            pos = rest.upper()
            name = self._festival.get(pos)
            return "festival card", f"{pos} {name} (${self._card_costs[int(pos[1])]})" if name else pos
        if verb == "pay":
            return "pay the fee with", rest
        if verb == "die":
            n = int(rest) if rest.isdigit() else 0
            return "keep die face", f"{rest}" + (f" ({gain_words(_die(n))})" if 1 <= n <= 6 else "")
        if verb == "use":
            return "use", rest
        if verb == "market":
            return "market tile", rest or "pay and take it"
        if verb == "reactivate":
            return "use again", rest
        return "", text

    # -- help -------------------------------------------------------------------
    def help_topic(self, topic: str) -> RenderableType | None:
        key = " ".join(topic.lower().split())
        if not key:
            return None
        cards = self._cards()
        if key in cards:
            return cards[key]()
        if key.startswith("#") or key.startswith("sunrise "):
            return self._sunrise_help(key)
        if key.startswith("market ") and key[7:].strip().lstrip("#").isdigit():
            return self._market_help(int(key[7:].strip().lstrip("#")))
        starts = [k for k in cards if k.startswith(key)]
        inside = starts or [k for k in cards if key in k]
        if key.endswith("s") and not inside:
            inside = [k for k in cards if k.startswith(key[:-1])]
        if len(inside) > 1:
            return Text(f"Several things match {topic!r}: " + ", ".join(sorted(inside)) + ".")
        if not inside:
            return None
        return cards[inside[0]]()

    def _cards(self) -> dict:
        out: dict = {}
        for crop in CROPS:
            out[crop.name] = lambda c=crop: _panel(f"{c.name.title()} (crop)", crop_words(c),
                                                   style=f"bold {CROP_STYLE[c.name]}")
        out["bush"] = out["blueberry"]
        for b in BUILDINGS:
            out[b.name.lower()] = lambda b=b: _panel(f"{b.name} (building, {b.type})", building_words(b),
                                                     style=BUILDING_STYLE)
        for c in CHARACTERS:
            extra = " (Fall Festival)" if c.expansion else ""
            lines = [ABILITY_WORDS.get(c.ability, c.ability)]
            out[c.name.lower()] = lambda c=c, e=extra, ls=lines: _panel(f"{c.name} (character{e})", ls)
        for f in FARMHOUSES:
            out[f.name.lower()] = lambda f=f: _panel(f"{f.name} (farmhouse)", farmhouse_words(f))
        for card in FESTIVAL:
            out[card.name.lower()] = lambda c=card: _panel(
                f"{c.name} (festival {c.kind})", festival_words(c), style="bold dark_orange")
        for area, words in AREA_HELP.items():
            out.setdefault(area, lambda a=area, w=words: _panel(a.title(), w))
        return out

    @staticmethod
    def _sunrise_help(key: str) -> RenderableType | None:
        digits = key.lstrip("#").replace("sunrise", "").strip().lstrip("#")
        if not digits.isdigit() or not 1 <= int(digits) <= len(SUNRISE):
            return None
        tile = SUNRISE[int(digits) - 1]
        return _panel(f"Sunrise tile #{tile.number}", [
            f"Every Sunrise its holder receives {gain_words(tile.income)}.",
            "Lower numbers act earlier in the round and win ties at the end."])

    @staticmethod
    def _market_help(number: int) -> RenderableType | None:
        tile = market_tile(number)
        if tile is None:
            return None
        return _panel(f"Market tile #{number}", [f"Cost: {market_cost_words(tile)}.",
                                                f"You get: {market_effect_words(tile)}."])

    def help_extra(self) -> str:
        return ("Cells are row,column on your farm: 1,1 top left, 4,5 bottom right. 'help <thing>' explains "
                "a crop, building, character, farmhouse or festival card; also 'help #7' (sunrise tile), "
                "'help market 4' (Market tile) and 'help general store', 'help fields', 'help workshop', "
                "'help trading post', 'help festival'.")

    # -- menu ---------------------------------------------------------------------
    @staticmethod
    def setup_questions(players: int) -> list[tuple[str, str, list[tuple[object, str]], object]]:
        """Extra menu questions: (option key, question, [(value, label)], default value)."""
        return [("fall_festival", "Fall Festival expansion", [
            (True, "on: festival board, baskets, festival cards and the extra characters"),
            (False, "off: the base game only"),
        ], True)]

    # -- the end ----------------------------------------------------------------
    def final_summary(self, state, labels: Sequence[str]) -> RenderableType:
        table = Table(title="Final scores", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
        table.add_column("Place", justify="right")
        table.add_column("Player", no_wrap=True)
        table.add_column("Points", justify="right", style="bold")
        heads = [("track", "Track"), ("coins", "Coins"), ("buildings", "Buildings"), ("farmhouse", "House"),
                 ("pies", "Pies"), ("novelties", "Novelties")]
        for _, head in heads:
            table.add_column(head, justify="right", style="dim")
        table.add_column("Tile", justify="right")
        scores, ranking = state.scores(), state.ranking()
        obs = state.observation(None)
        for s in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            b = state.score_parts(s)
            table.add_row(str(ranking[s]), labels[s], str(scores[s]), *[str(b.get(k, 0)) for k, _ in heads],
                          f"#{obs['seats'][s]['sunrise_tile']}")
        parts: list[RenderableType] = [table]
        solo = state.solo_result()
        if solo:
            tiers = ", ".join(f"{name} {need}" for name, need in solo["tiers"].items())
            reached = solo["tier"] or "no tier"
            parts.append(Text(f"Solo against Mayor Gairy: {solo['score']} points, {reached} reached. "
                              f"Tiers: {tiers}.", style="bold"))
        elif len(scores) > 1:
            winners = [labels[s] for s in range(len(scores)) if ranking[s] == 1]
            parts.append(Text(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners),
                              style="bold green"))
        parts.append(Text("Points: score track + 1 per coin + buildings + farmhouse + pie sets + 1 per "
                          "novelty. Ties go to the lower sunrise tile.", style="dim"))
        return Group(*parts)

    # -- rules ------------------------------------------------------------------
    def rules(self) -> str:
        return RULES


def _die(face: int) -> Gain:
    from ..games.harvest.content import DIE

    return DIE[face - 1]


def farmhouse_words(f) -> list[str]:
    out = []
    if f.sunrise != Gain():
        out.append(f"Every Sunrise: {gain_words(f.sunrise)}.")
    if f.forest_points:
        out.append(f"Each forest you clear scores {_plural(f.forest_points, 'point')}.")
    if f.end_per_building:
        out.append(f"At the end: {f.end_per_building} points per building you own.")
    if f.end_per_bush:
        out.append(f"At the end: {f.end_per_bush} points per blueberry bush on your farm.")
    return out or ["No special effect."]


AREA_HELP = {
    "general store": ["Buy seeds of one crop per action, take 1 fertilizer, or fill your bucket "
                      f"(${R.FILL_COST}).", "GS-3 and GS-2 give 3 or 2 actions to one piece; GS-∞ gives 1 "
                      "and fits everyone."],
    "fields": ["Plant seeds (some crops need fertilizer), tend seeds to their crop side with water, or "
               "harvest every ripe crop on your farm.", "F-3, F-2 and F-1 give 3, 2 or 1 actions."],
    "workshop": [f"Upgrade your bucket (${R.UPGRADE_COST}), clear a forest (${R.CLEAR_COST}, then roll "
                 "the forest die) or build a building on a free 2×2 block.",
                 "Buildings cost $6, $4 or $2 by row; each kind of action only once per visit."],
    "trading post": ["Any General Store, Fields or Workshop action, but each one first costs 1 seed, "
                     f"{R.TP_PAY_FERTILIZER} fertilizer or {R.TP_PAY_WATER} water.",
                     "TP-2 gives two actions, TP-∞ one and fits everyone."],
    "farmer's market": ["Each space shows the top tile of its stack: pay its cost for its effect.",
                        "One tile from each stack is thrown away at every Sunset."],
    "festival": ["Your basket goes on FF-1 (2 coins, then you may buy a card), FF-2 (a harvest) or FF-3 "
                 "(a card, or 1 coin; it fits everyone).",
                 "Cards cost $3, $2 or $1 from P3, P2, P1; the rest slide toward P1 and refill."],
}
AREA_HELP["market"] = AREA_HELP["farmer's market"]


RULES = f"""\
Harvest in brief (our own summary; the engine enforces every detail)

Goal: after {R.ROUNDS} rounds, have the most points from crops, buildings,
coins and (with the Fall Festival) pies and novelties.

Start: a 4x5 farm whose two right-hand columns are forest, {R.START_COINS} coins,
a bucket of {R.START_CAPACITY} water (upgradable to {R.MAX_CAPACITY}), {R.START_FERTILIZER} fertilizer \
(at most {R.MAX_FERTILIZER}),
2 wheat and 2 strawberry seeds. Everyone keeps one of two dealt
characters and one of two farmhouses, and holds a numbered sunrise tile:
the lower the number, the earlier you act.

Each round:
 1. Sunrise - {R.DISPLAY_SIZE} tiles are laid out; in turn order each player may swap
    their tile for one of them. Then everyone collects income from the
    tile, the farmhouse and Sunrise buildings.
 2. Action - in turn order, place one of your {R.WHEELBARROWS} wheelbarrows (or
    your festival basket) per turn until all are placed:
      General Store  seeds, fertilizer, fill the bucket
      Fields         plant, tend (seed side -> crop side), harvest
      Workshop       bucket upgrade, clear a forest, build
      Trading Post   any of those, paying a fee for each
      Farmer's Market  pay a tile's cost for its effect
    Numbered spaces hold one piece; the ∞ spaces hold any number.
    Your own action buildings are spaces only you can use.
 3. Sunset - pieces come home, the Workshop slides down a row and
    refills, each Market stack loses its top tile.

Harvesting scores each ripe crop (wheat 1, strawberry 1, blueberry 4,
pumpkin 6) and pays 1 coin per different crop type. Blueberry bushes stay.

Mayor Gairy: with 1 or 2 players he takes spaces after every round of
turns, drawing area tiles. Solo, beat his tiers (Bronze to Blue Ribbon).

Fall Festival: send your basket to the Festival board for coins, a
harvest or festival cards. Pies score in sets; novelties are one-shot
boosts (1 point if kept).

End: points on the track, plus 1 per coin, buildings, farmhouse, pies
and novelties. Ties go to the lower sunrise tile.

In this program: type a number from the list or the action itself (a
unique start is enough). Cells are row,column, 1,1 top left. 'help <thing>'
explains a crop, building, character, farmhouse or festival card."""
