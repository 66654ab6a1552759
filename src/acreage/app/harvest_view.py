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
    SPACES,
    SUNRISE,
)
from ..games.harvest.present import (
    ABILITY_WORDS,
    AREA_HELP,
    AREA_TITLES,
    CROP_CODE,
    DECISION_WORDS,
    PHASE_WORDS,
    building_words,
    crop_words,
    farmhouse_words,
    festival_words,
    gain_words,
    market_cost_words,
    market_effect_words,
    market_tile,
    plural,
    short_market_words,
)
from ..games.harvest.present import PRESENTATION as HARVEST_PRESENTATION
from .views import BaseView

# ---------------------------------------------------------------- small vocabulary
# The words of every space, card and tile live in the game's presentation model; the terminal
# only adds its colours and layout.

CROP_STYLE = {"wheat": "yellow", "strawberry": "red", "blueberry": "blue", "pumpkin": "dark_orange"}
FOREST_STYLE = "green"
BUILDING_STYLE = "bold magenta"
GAIRY = "Gairy"
GAIRY_STYLE = "bold bright_black"
SEAT_STYLES = ("bold cyan", "bold yellow", "bold green", "bold red")
AREA_WORDS = {"gs": "General Store", "fields": "Fields", "workshop": "Workshop", "tp": "Trading Post",
              "market": "Market", "festival": "Festival board"}
ROW_NAMES = ("top", "mid", "low")
CELL_W = 7  # characters per farm cell, one more for the gap


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
        # What each festival position costs the seat at the keyboard, as the presentation model
        # says at the last drawing (Francie pays nothing).
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
        costs = HARVEST_PRESENTATION.facts(state, seat).get("card_costs", {})
        self._card_costs = {i: costs.get(f"P{i}", R.CARD_COSTS[i]) for i in (1, 2, 3)}  # HV-FRA-1
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
        line.append(f"{plural(g['wheelbarrows'], 'wheelbarrow')} left")
        if obs["fall_festival"]:
            line.append(f", {plural(g['baskets'], 'basket')} left")
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
                      border_style="bold yellow" if s == obs["current_player"] else "dim", padding=(0, 0))
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
        return HARVEST_PRESENTATION.rules()


