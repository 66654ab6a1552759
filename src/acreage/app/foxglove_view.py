"""How Foxglove Farm looks in the terminal: towns as grids, the display, scores, tile help.

Everything here reads the public observation (``state.observation(seat)``) plus the static
tile content; nothing changes the game. The generic play loop in :mod:`.session` calls the
hooks of :class:`FoxgloveView`; other games supply their own view or get a plain dump.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.foxglove.content import TILE_BY_NAME, TILES, TileKind
from ..games.foxglove.goods import GOODS
from ..games.foxglove.present import (
    PRESENTATION,
    TRAIL_GLYPH,
    accepts_words,
    effect_words,
    goods_words,
    score_text,
)
from ..games.foxglove.rulings import MOVES_LEFT_SHOWN, SOLO_SETUPS, SOLO_THRESHOLDS
from .views import BaseView

# ---------------------------------------------------------------- small vocabulary

#: Two-letter codes for the goods, in GOODS order (wood, stone, wheat, coal, sheep).
GOODS_CODE = {"wood": "Wd", "stone": "St", "wheat": "Wh", "coal": "Co", "sheep": "Sh"}
GOODS_STYLE = {
    "wood": "dark_orange",
    "stone": "grey70",
    "wheat": "yellow",
    "coal": "bright_black",
    "sheep": "bright_white",
}
TIER_STYLE = {"start": "green", "A": "cyan", "B": "magenta", "C": "yellow"}
TRAIL_STYLE = "orange3"
BUILDING_BG = "on grey19"

#: Names for the town grid, at most 8 characters.
SHORT_NAMES = {
    "Allotment": "Allotmnt", "Alpine Meadow": "AlpMeadw", "Charcoal Kiln": "CharKiln",
    "Coal Mine": "CoalMine", "Coal Shed": "CoalShed", "Fertile Plot": "FertPlot",
    "Hauler's Hut": "HaulrHut", "Hot Spring": "HotSprng", "Industrial Farm": "IndFarm",
    "Lambing Shed": "LambShed", "Scrapyard": "Scrapyrd", "Sheepfold": "Sheepfld",
    "Smallholding": "Smallhld", "Timberland": "Timbrlnd", "Bakehouse": "Bakehse",
    "Charred Grounds": "CharGrnd", "Community Centre": "CommCntr", "Discount Store": "Discount",
    "Forager's Camp": "Forager", "General Goods Store": "GenGoods", "Grazing Land": "Grazing",
    "Guildhall": "Guildhal", "Hardware Store": "Hardware", "Mason's Lodge": "MasonLdg",
    "Pedlar's Cart": "PedlrCrt", "Porter's Lodge": "PortrLdg", "Stonecutter's Yard": "StoneYrd",
    "Storehouse": "Storehse", "Toll House": "TollHse", "Town Hall": "TownHall",
    "Wagon Shed": "WagnShed", "Weaving Shed": "WeavShed", "Furniture Store": "Furnitur",
    "Distillery": "Distill", "Marketplace": "Mktplace", "Restaurant": "Restrnt",
    "Smokehouse": "Smokehse", "Stonemason": "Stonemsn", "Trading Company": "TradeCo",
    "Wheat Market": "WheatMkt",
}

CELL_W = 9  # characters per grid column (8 of building, 1 of gap)
NAME_W = 8


def short_name(name: str) -> str:
    if name in SHORT_NAMES:
        return SHORT_NAMES[name]
    if len(name) <= NAME_W:
        return name
    words = name.replace("'s", "").split()
    if len(words) > 1:
        squeezed = "".join(w[:4] for w in words)
        if len(squeezed) <= NAME_W:
            return squeezed
    return name[:NAME_W - 1] + "."


def goods_vector_text(vec: Sequence[int], empty: str = "free") -> str:
    parts = [f"{GOODS_CODE[GOODS[g]]}{n}" for g, n in enumerate(vec) if n]
    return " ".join(parts) if parts else empty


def _tier_of_display(area: str, round_: int) -> str:
    if area == "C":
        return "C"
    return "A" if round_ <= 2 else "B"


def _find(name: str, tier: str | None) -> TileKind | None:
    options = TILE_BY_NAME.get(name.lower(), [])
    for t in options:
        if tier is None or t.tier == tier:
            return t
    return options[0] if options else None


def tile_card(kind: TileKind) -> RenderableType:
    tier = kind.tier + ("!" if kind.advanced else "")
    title = Text(kind.name, style=f"bold {TIER_STYLE.get(kind.tier, '')}")
    title.append(f"   tier {tier}, {kind.copies} cop{'y' if kind.copies == 1 else 'ies'}", style="dim")
    cost = goods_words(kind.cost) if any(kind.cost) else "free"
    lines: list[RenderableType] = [
        title,
        Text(f"Cost: {cost}.  Slots: {kind.slots} ({accepts_words(kind)})."),
    ]
    for eff in kind.effects:
        lines.append(Text("• " + effect_words(eff)))
    lines.append(Text(kind.help, style="italic"))
    return Panel(Group(*lines), box=box.ROUNDED, expand=False)


# ---------------------------------------------------------------- the town grid

def _cube_lines(cubes: dict[str, int], slots: int) -> list[Text]:
    tokens = [(f"{GOODS_CODE[g]}{n}", GOODS_STYLE[g]) for g, n in cubes.items() if n]
    free = max(0, slots - sum(cubes.values()))
    lines = [Text(), Text()]
    row = 0
    for token, style in tokens:
        need = len(token) + (1 if len(lines[row]) else 0)
        if len(lines[row]) + need > NAME_W and row == 0:
            row = 1
            need = len(token)
        if len(lines[row]) + need > NAME_W:
            break
        if len(lines[row]):
            lines[row].append(" ")
        lines[row].append(token, style=style)
    if free:
        if row == 0 and len(lines[0]) + 1 + free > NAME_W:
            row = 1
        room = NAME_W - len(lines[row]) - (1 if len(lines[row]) else 0)
        if room > 0:
            if len(lines[row]):
                lines[row].append(" ")
            lines[row].append("·" * min(free, room), style="dim")
    return lines


def _building_cell(b: dict) -> list[Text]:
    style = f"bold {TIER_STYLE.get(b['tier'], '')}"
    name = Text(short_name(b["tile"]).ljust(NAME_W), style=style)
    first, second = _cube_lines(b["cubes"], b["slots"])
    out = []
    for line in (name, first, second):
        line = line.copy()
        line.pad_right(NAME_W - len(line))
        line.stylize(BUILDING_BG)
        line.append(" ")
        out.append(line)
    return out


def _trail_cell(shape: str) -> list[Text]:
    half = (CELL_W - 1) // 2
    top = " " * half + ("│" if "N" in shape else " ") + " " * (CELL_W - half - 1)
    mid = ("─" * half if "W" in shape else " " * half) + TRAIL_GLYPH.get(shape, "+")
    mid += "─" * (CELL_W - half - 1) if "E" in shape else " " * (CELL_W - half - 1)
    bottom = " " * half + ("│" if "S" in shape else " ") + " " * (CELL_W - half - 1)
    return [Text(line, style=TRAIL_STYLE) for line in (top, mid, bottom)]


def _empty_cell(frontier: bool) -> list[Text]:
    blank = Text(" " * CELL_W)
    if not frontier:
        return [blank, blank.copy(), blank.copy()]
    half = (CELL_W - 1) // 2
    dot = Text(" " * half + "·" + " " * (CELL_W - half - 1), style="dim")
    return [blank, dot, blank.copy()]


def town_lines(town: dict, ring: bool) -> list[Text]:
    """The town as lines of text: x labels on top, y labels on the left, north up."""
    cells: dict[tuple[int, int], tuple[str, dict]] = {}
    for b in town["buildings"]:
        cells[tuple(b["cell"])] = ("building", b)
    for t in town["trails"]:
        cells[tuple(t["cell"])] = ("trail", t)
    frontier = set()
    for (x, y) in cells:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) not in cells:
                frontier.add((nx, ny))
    spots = set(cells) | (frontier if ring else set())
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    label_w = max(len(str(y)) for y in range(y0, y1 + 1)) + 1
    header = Text(" " * label_w, style="dim")
    for x in range(x0, x1 + 1):
        header.append(f"x={x}".center(CELL_W - 1) + " ", style="dim")
    lines = [header]
    for y in range(y1, y0 - 1, -1):
        row: list[list[Text]] = []
        for x in range(x0, x1 + 1):
            what = cells.get((x, y))
            if what is None:
                row.append(_empty_cell((x, y) in frontier))
            elif what[0] == "building":
                row.append(_building_cell(what[1]))
            else:
                row.append(_trail_cell(what[1]["shape"]))
        for i in range(3):
            if i != 1 and all(not cell[i].plain.strip() for cell in row):
                continue  # a blank line above or below the row: leave it out to save height
            label = (str(y) if i == 1 else "").rjust(label_w - 1) + " "
            line = Text(label, style="dim")
            for cell in row:
                line.append_text(cell[i])
            line.rstrip()
            lines.append(line)
    return lines


# ---------------------------------------------------------------- the view

class FoxgloveView(BaseView):
    """Terminal rendering and help for Foxglove Farm."""

    name = "foxglove"
    example_action = "build Sheepfold"
    example_thing = "tile"
    example_topic = "Sheepfold"
    legend = (
        "Wd wood · St stone · Wh wheat · Co coal · Sh sheep · ·· free slots · "
        "a lone · is an empty cell you can reach · cells are x,y (x across, y up: '0,1' is above the Forest)"
    )

    # -- whole screen ---------------------------------------------------------
    def render(self, state, seat: int | None, labels: Sequence[str], width: int = 120) -> RenderableType:
        obs = state.observation(seat)
        parts: list[RenderableType] = [self.header(obs, state, labels), self.display(obs)]
        parts.append(self.towns(obs, labels, width))
        parts.append(Text(self.legend, style="dim"))
        return Group(*parts)

    def header(self, obs: dict, state, labels: Sequence[str]) -> RenderableType:
        line = Text()
        line.append("Foxglove Farm", style="bold green")
        line.append(f"  ·  {self.tag}  ·  " if self.tag else "  ·  ")
        line.append(f"round {obs['round']} of 4", style="bold")
        line.append(f"  ·  {obs['phase']}")
        if obs["players"] > 1:
            line.append(f"  ·  start player: {labels[obs['start_player']]}")
        if obs.get("moves_left") is not None and obs["moves_left"] <= MOVES_LEFT_SHOWN:
            line.append(f"  ·  moves left {obs['moves_left']}")
        if obs.get("expert"):
            line.append("  ·  expert: " + ", ".join(labels[s] for s in obs["expert"]))
        if obs["players"] == 1:
            setup = state.options.get("solo_setup", 1)
            targets = "/".join(str(t) for t in SOLO_THRESHOLDS)
            line.append(f"  ·  solo setup {setup}: {SOLO_SETUPS[setup][0]}  ·  targets {targets}")
        scores = Text("Scores: ", style="bold")
        for s, score in enumerate(obs["scores"]):
            if s:
                scores.append("   ")
            style = "bold reverse" if s == obs["current_player"] else "bold"
            scores.append(f" {labels[s]} ", style=style)
            scores.append(f" {score_text(score)}")
            if obs["passed"][s] and obs["phase"] == "construction":
                scores.append(" (passed)", style="dim")
        return Group(line, scores)

    def display(self, obs: dict) -> RenderableType:
        ab = [d for d in obs["display"] if d["area"] != "C"]
        c = [d for d in obs["display"] if d["area"] == "C"]
        per_row = (len(ab) + 1) // 2
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        for _ in range(max(per_row, len(c))):
            grid.add_column()
        tier_ab = _tier_of_display("AB", obs["round"])
        for i in range(0, len(ab), per_row):
            label = f"{tier_ab} area" if i == 0 else ""
            grid.add_row(label, *[self._display_entry(d, tier_ab) for d in ab[i:i + per_row]])
        c_row = 2 if obs["players"] == 1 else len(c)  # solo: two rows that slide separately
        for i in range(0, len(c), c_row):
            grid.add_row("C area" if i == 0 else "", *[self._display_entry(d, "C") for d in c[i:i + c_row]])
        sizes = obs["stack_sizes"]
        stacks = Text("Stacks: " + " · ".join(f"{k} {v}" for k, v in sizes.items()), style="dim")
        if obs.get("removed"):
            stacks.append(f" · removed from play: {len(obs['removed'])}")
        return Group(grid, stacks)

    @staticmethod
    def _display_entry(d: dict, tier: str) -> Text:
        if not d["tile"]:
            return Text("(empty)", style="dim")
        kind = _find(d["tile"], tier)
        out = Text(d["tile"], style=f"bold {TIER_STYLE.get(tier, '')}")
        if d["count"] > 1:
            out.append(f" ×{d['count']}")
        if kind is not None:
            out.append(f" {goods_vector_text(kind.cost)}", style="dim")
        return out

    def towns(self, obs: dict, labels: Sequence[str], width: int = 120) -> RenderableType:
        deciding = obs["current_player"]
        ring_seat = deciding if obs["phase"] == "construction" else None
        panels, widths = [], []
        for s, town in enumerate(obs["towns"]):
            lines = town_lines(town, ring=(s == ring_seat))
            title = Text(f" {labels[s]} · {score_text(obs['scores'][s])} pts ")
            active = s == deciding
            panels.append(Panel(
                Group(*lines), title=title, title_align="left", box=box.ROUNDED, expand=False,
                border_style="bold yellow" if active else "dim", padding=(0, 0),
            ))
            widths.append(max(max(len(t) for t in lines), len(title) + 4) + 2)
        return _side_by_side(panels, widths, width)

    # -- help -----------------------------------------------------------------
    def help_topic(self, topic: str) -> RenderableType | None:
        key = " ".join(topic.lower().split())
        matches = TILE_BY_NAME.get(key)
        if not matches:
            names = sorted({t.name for t in TILES})
            starts = [n for n in names if n.lower().startswith(key)]
            inside = starts or [n for n in names if key in n.lower()]
            if len(inside) > 1:
                return Text(f"Several tiles match {topic!r}: " + ", ".join(inside) + ".")
            if not inside:
                return None
            matches = TILE_BY_NAME[inside[0].lower()]
        return Group(*[tile_card(kind) for kind in matches])

    def help_extra(self) -> str:
        return ("Cells are written x,y with north up: 0,1 is above the Forest at 0,0. "
                "Trail shapes name their openings in N, E, S, W order, e.g. NS, ES, NEW.")

    # -- menu -----------------------------------------------------------------
    @staticmethod
    def setup_questions(players: int) -> list[tuple[str, str, list[tuple[object, str]], object]]:
        """Extra menu questions: (option key, question, [(value, label)], default value)."""
        if players != 1:
            return []
        choices = [(n, name) for n, (name, _, _) in SOLO_SETUPS.items()]
        return [("solo_setup", "Solo setup", choices, 1)]

    # -- the end --------------------------------------------------------------
    def final_summary(self, state, labels: Sequence[str]) -> RenderableType:
        table = Table(title="Final scores", box=box.SIMPLE_HEAVY, title_style="bold")
        table.add_column("Place", justify="right")
        table.add_column("Player")
        table.add_column("Points", justify="right")
        table.add_column("Cubes left", justify="right")
        table.add_column("Tiles", justify="right")
        scores, ranking = state.scores(), state.ranking()
        obs = state.observation(None)
        for s in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            town = obs["towns"][s]
            cubes = sum(sum(b["cubes"].values()) for b in town["buildings"])
            tiles = len(town["buildings"]) + len(town["trails"])
            table.add_row(str(ranking[s]), labels[s], score_text(scores[s]), str(cubes), str(tiles))
        parts: list[RenderableType] = [table]
        solo = state.solo_result()
        if solo:
            thresholds = ", ".join(str(t) for t in SOLO_THRESHOLDS)
            if solo["threshold"] is None:
                verdict = f"below the first threshold ({SOLO_THRESHOLDS[0]})"
            else:
                verdict = f"threshold {solo['threshold']} reached"
            parts.append(Text(
                f"Solo setup {solo['setup']} ({solo['setup_name']}): {solo['score']} points, "
                f"{verdict}. Thresholds: {thresholds}.", style="bold"))
        elif len(scores) > 1:
            winners = [labels[s] for s in range(len(scores)) if ranking[s] == 1]
            parts.append(Text(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners),
                              style="bold green"))
        parts.append(Text("Ties are broken by fewest cubes left, then most tiles.", style="dim"))
        return Group(*parts)

    # -- rules ----------------------------------------------------------------
    def rules(self) -> str:
        return PRESENTATION.rules()


def _side_by_side(panels: list[Panel], widths: list[int], limit: int) -> RenderableType:
    """Put panels in rows, as many per row as fit in ``limit`` columns."""
    rows: list[list[Panel]] = []
    used = 0
    for panel, width in zip(panels, widths, strict=True):
        if rows and used + width + 1 <= limit:
            rows[-1].append(panel)
            used += width + 1
        else:
            rows.append([panel])
            used = width
    out = []
    for row in rows:
        grid = Table.grid(padding=(0, 1))
        for _ in row:
            grid.add_column()
        grid.add_row(*row)
        out.append(grid)
    return Group(*out)


