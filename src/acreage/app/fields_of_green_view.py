"""How Fields of Green looks in the terminal: farms as card grids, stocks, hands, card help.

The view reads the observation of the seat at the keyboard (``state.observation(seat)``) plus
the static card and Equipment data; it never changes the game. Only the hand and pick of the
seat passed to :meth:`FieldsOfGreenView.render` are drawn: other seats show the public counts
of their hands (cards per deck), never the cards. What a card costs and does, and how each
action is labelled, come from the game's presentation model (``games/fields_of_green/present.py``),
shared with the browser board; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.fields_of_green import rulings as R
from ..games.fields_of_green.content import (
    CARD_BY_NAME,
    CARDS,
    EQ_BY_NAME,
    EQUIPMENT,
    MAIN_DECKS,
    Card,
    EquipmentKind,
)
from ..games.fields_of_green.present import (
    CATEGORY_WORDS,
    DECK_LETTER,
    PRESENTATION,
    cost_text,
    cost_words,
    effect_words,
    type_words,
)
from ..games.fields_of_green.present import card_named as _card
from .views import BaseView

# ---------------------------------------------------------------- small vocabulary

DECK_STYLE = {
    "plantation": "green",
    "livestock": "magenta",
    "structure": "cyan",
    "building": "dark_orange",
    "tower": "bright_blue",
    "silo": "yellow",
}
SUBTYPE_CODE = {"cereal": "cer", "fruit": "fru", "vegetable": "veg", "dairy": "dai", "meat": "mea",
                "poultry": "pou", "wool": "woo"}
CARD_BG = "on grey19"
WATER_STYLE = "bright_blue"
WASTE_STYLE = "red"

#: Names for the farm grid, at most 8 characters.
SHORT_NAMES = {
    "Wheat Field": "WheatFld", "Corn Field": "CornFld", "Barley Field": "BarleyFd", "Rice Paddy": "RicePady",
    "Apple Orchard": "AppleOrc", "Vineyard": "Vineyard", "Olive Grove": "OliveGrv",
    "Pumpkin Patch": "Pumpkin", "Pepper Field": "PepperFd", "Potato Field": "PotatoFd",
    "Tomato Field": "TomatoFd", "Dairy Cows": "DairyCow", "Goats": "Goats", "Pigs": "Pigs",
    "Beef Cattle": "BeefCatl", "Rabbits": "Rabbits", "Chickens": "Chickens", "Ducks": "Ducks",
    "Turkeys": "Turkeys", "Geese": "Geese", "Sheep": "Sheep", "Alpacas": "Alpacas", "Well": "Well",
    "Windpump": "Windpump", "Tool Shed": "ToolShed", "Machinery Barn": "MachBarn",
    "Scarecrow": "Scarecrw", "Fences": "Fences", "Feed Store": "FeedStor", "Watchdogs": "Watchdog",
    "Beehives": "Beehives", "Roadside Stand": "Roadside", "Horse Stable": "HorseStb",
    "Farmhouse": "Farmhse", "Cheese Dairy": "CheeseDy", "Butcher Shop": "Butcher", "Wool Mill": "WoolMill",
    "Egg Packing Station": "EggPack", "Flour Mill": "FlourMil", "Cannery": "Cannery", "Winery": "Winery",
    "Agricultural Co-op": "AgriCoop", "Guest House": "GuestHse", "Granary": "Granary",
    "Water Tower": "Tower", "Silo": "Silo",
}

#: Two-letter codes for Equipment tiles on the farm grid.
EQ_CODES = {
    "Tractor": "Tr", "Drip Irrigation": "DI", "Combine Harvester": "CH", "Milking Machine": "MM",
    "Automatic Feeder": "AF", "Heated Coop": "HC", "Water Tank Extension": "Tk", "Extended Pipes": "EP",
    "Silo Extension": "SE", "Weathervane": "Wv", "Pickup Truck": "PT",
}

CELL_W = 9  # characters per grid column (8 of card, 1 of gap)
NAME_W = 8


def short_name(name: str) -> str:
    if name in SHORT_NAMES:
        return SHORT_NAMES[name]
    if len(name) <= NAME_W:
        return name
    words = name.split()
    squeezed = "".join(w[:4] for w in words)
    return squeezed[:NAME_W] if len(words) > 1 else name[:NAME_W - 1] + "."


def eq_code(name: str) -> str:
    if name in EQ_CODES:
        return EQ_CODES[name]
    words = name.split()
    return (words[0][0] + words[1][0]) if len(words) > 1 else name[:2]


def card_panel(card: Card) -> RenderableType:
    """``help <card>``: what a card costs and does."""
    title = Text(card.name, style=f"bold {DECK_STYLE.get(card.deck, '')}")
    copies = f"{card.copies} cop{'y' if card.copies == 1 else 'ies'}"
    title.append(f"   {type_words(card)} · {copies}", style="dim")
    lines: list[RenderableType] = [title, Text(card.help, style="italic")]
    if card.is_location:
        vp = f"  Printed VP: {card.vp}." if card.vp else ""
        lines.append(Text(f"Build cost: {cost_words(*card.cost)}.{vp}"))
    if card.harvest_cost is not None:
        c, w, f = card.harvest_cost
        cost = "1 Food for each face-up Rabbits in your farm" if card.food_per_copy else cost_words(c, w, f)
        if c or w or f or card.food_per_copy:
            lines.append(Text(f"Harvest cost: {cost}. Left unpaid, it turns to Wasteland."))
        else:
            lines.append(Text("Harvest cost: nothing, so it always happens and cannot be abandoned."))
    for e in card.effects:
        lines.append(Text("• " + effect_words(e)))
    if card.deck == "tower":
        lines.append(Text(f"• Build one with action B: {R.TOWER_PRICE} coins, arrives with "
                          f"{R.START_TOWER_WATER} Water; holds {R.TOWER_CAPACITY}, reaches {R.TOWER_RANGE} "
                          f"steps along your cards; {R.EMPTY_TOWER_VP} VP if empty at the end."))
    if card.deck == "silo":
        lines.append(Text(f"• Build one with action C for free; each Silo adds {R.SILO_CAPACITY} to your "
                          "Food storage (one pool, no distance limit)."))
    fits = [k.name for k in EQUIPMENT if k.fits in card.categories]
    if fits:
        lines.append(Text("Equipment that fits it: " + ", ".join(fits) + ".", style="dim"))
    return Panel(Group(*lines), box=box.ROUNDED, expand=False)


def equipment_panel(kind: EquipmentKind) -> RenderableType:
    title = Text(f"{kind.name} [{eq_code(kind.name)}]", style="bold")
    title.append(f"   Equipment for a {CATEGORY_WORDS.get(kind.fits, kind.fits)} · {kind.tiles} tiles",
                 style="dim")
    lines: list[RenderableType] = [title, Text(kind.help, style="italic")]
    lines.append(Text(f"At most {R.EQUIPMENT_PER_CARD} different tiles per card; a stored tile scores "
                      f"{R.STORED_EQUIPMENT_VP} VP and may be installed later at the start of your action "
                      "or harvest. Lost if its card turns to Wasteland.", style="dim"))
    return Panel(Group(*lines), box=box.ROUNDED, expand=False)


TOPICS = {
    "market": f"Action D, Market: discard your pick, take {R.MARKET_COINS} coins and sell up to "
              f"{R.MARKET_MAX_SELL} Food at {R.MARKET_FOOD_PRICE} coins each. Always possible.",
    "restore": f"Action E, Restore: discard your pick and pay {R.RESTORE_PRICE} coin to turn one of your "
               "Wasteland cards face up again. No build cost again, no When-built effect again, lost "
               "Equipment stays lost.",
    "wasteland": "A harvest card you do not pay for turns face down when your harvest ends. It keeps its "
                 "cell (you can build next to it and Water paths cross it) but scores and does nothing "
                 "until restored.",
    "split": f"Each year (unless introductory) you name how many of your {R.DRAW_COUNT} cards come from "
             "Plantations, Livestock, Structures and Buildings, e.g. 'split 2/2/1/1' (typing '2/2/1/1' is "
             f"enough). At least {R.MIN_DECKS_IN_SPLIT} decks, and no more than a deck holds. Everyone sees "
             "the split, only you see the cards (with 2 players nobody does).",
    "range": f"A Tower's Water pays for a build or harvest only up to {R.TOWER_RANGE} steps away, counting "
             "steps through cards of your farm (empty cells break the path). Extended Pipes reach further.",
}
TOPICS["water"] = TOPICS["range"]


# ---------------------------------------------------------------- the farm grid

def _pad(line: Text, width: int = NAME_W) -> Text:
    line = line.copy()
    if len(line) > width:
        line.truncate(width)
    line.pad_right(width - len(line))
    return line


def card_cell(entry: dict, costs: dict[str, list[int]]) -> list[Text]:
    """Two lines of one card: its short name, then Water / subtype, harvest cost and Equipment."""
    card = _card(entry["card"])
    deck = card.deck if card else ""
    name = short_name(entry["card"])
    detail = Text()
    codes = " ".join(eq_code(n) for n in entry.get("equipment", ()))
    if not entry["face_up"]:
        top = Text(name, style="dim strike")
        detail.append("wasteld", style=f"bold {WASTE_STYLE}")
    else:
        top = Text(name, style=f"bold {DECK_STYLE.get(deck, '')}")
        if "water" in entry:
            water = f"W{entry['water']}/{entry.get('capacity', R.TOWER_CAPACITY)}"
            detail.append(water, style=f"bold {WATER_STYLE}")
            if entry.get("range", R.TOWER_RANGE) != R.TOWER_RANGE:
                detail.append(f" r{entry['range']}", style=WATER_STYLE)
        elif card is not None and deck != "silo":
            cost = costs.get(f"{entry['cell'][0]},{entry['cell'][1]}")
            sub = SUBTYPE_CODE.get(card.subtype, "")
            if cost is not None:
                ctext = cost_text(*cost, free="free")
                if codes and len(ctext) + 1 + len(codes) > NAME_W:
                    ctext = cost_text(*cost, free="-")
                room = NAME_W - len(ctext) - (len(codes) + 1 if codes else 0)
                if sub and room >= len(sub) + 1:
                    detail.append(sub + " ", style="dim")
                detail.append(ctext)
            elif sub:
                detail.append(sub, style="dim")
        if codes and len(detail) + (1 if len(detail) else 0) + len(codes) <= NAME_W:
            if len(detail):
                detail.append(" ")
            detail.append(codes, style="bold white")
    out = []
    for line in (top, detail):
        line = _pad(line)
        line.stylize(CARD_BG)
        line.append(" ")
        out.append(line)
    return out


def _empty_cell(frontier: bool) -> list[Text]:
    blank = Text(" " * CELL_W)
    if not frontier:
        return [blank, blank.copy()]
    half = (CELL_W - 1) // 2
    return [Text(" " * half + "·" + " " * (CELL_W - half - 1), style="dim"), blank.copy()]


def farm_lines(farm: Sequence[dict], ring: bool, max_cols: int | None = None,
               costs: dict[str, list[int]] | None = None) -> list[Text]:
    """A farm as lines of text: x labels on top, y labels on the left, y growing upwards.
    ``costs``: each card's harvest cost after Equipment, by cell (the presentation's facts).

    A farm wider than ``max_cols`` columns is drawn in bands of columns, one under the other.
    """
    cells = {tuple(e["cell"]): e for e in farm}
    costs = costs or {}
    frontier = set()
    if ring:
        for (x, y) in cells:
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb not in cells:
                    frontier.add(nb)
    spots = set(cells) | frontier
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    label_w = max(len(str(y)) for y in range(y0, y1 + 1)) + 1
    cols = x1 - x0 + 1
    bands = -(-cols // max(1, max_cols or cols))
    step = -(-cols // bands)
    lines: list[Text] = []
    for bx0 in range(x0, x1 + 1, step):
        bx1 = min(x1, bx0 + step - 1)
        header = Text(" " * label_w, style="dim")
        for x in range(bx0, bx1 + 1):
            header.append(f"x={x}".ljust(CELL_W), style="dim")
        header.rstrip()
        lines.append(header)
        for y in range(y1, y0 - 1, -1):
            row = []
            for x in range(bx0, bx1 + 1):
                entry = cells.get((x, y))
                row.append(_empty_cell((x, y) in frontier) if entry is None else card_cell(entry, costs))
            if bands > 1 and all(not cell[0].plain.strip() for cell in row):
                continue  # nothing of this row in this band
            for i in range(2):
                if i == 1 and all(not cell[i].plain.strip() for cell in row):
                    continue  # a row without details: one line is enough
                label = (str(y) if i == 0 else "").rjust(label_w - 1) + " "
                line = Text(label, style="dim")
                for cell in row:
                    line.append_text(cell[i])
                line.rstrip()
                lines.append(line)
    return lines


def _side_by_side(panels: list[Panel], widths: list[int], limit: int) -> RenderableType:
    """Panels in rows, as many per row as fit in ``limit`` columns."""
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


def _hand_counts(counts: dict[str, int]) -> str:
    return " ".join(f"{DECK_LETTER[d]}{n}" for d, n in counts.items() if n)


def card_table(names: Sequence[str], width: int) -> Table:
    """Cards one per line: name, type, build cost, printed VP and what it does."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    order = {c.name: c.id for c in CARDS}
    for name in sorted(names, key=lambda n: order.get(n, len(order))):  # the order of the action list
        card = _card(name)
        if card is None:
            table.add_row(Text(name), "", "", "")
            continue
        cost = "cost " + cost_text(*card.cost)
        if card.vp:
            cost += f" · {card.vp}VP"
        table.add_row(Text(card.name, style=f"bold {DECK_STYLE.get(card.deck, '')}"), type_words(card), cost,
                      card.help)
    return table


# ---------------------------------------------------------------- the view

class FieldsOfGreenView(BaseView):
    """Terminal rendering and help for Fields of Green."""

    name = "fields_of_green"
    example_action = "pick Wheat Field"
    example_thing = "card or Equipment tile"
    example_topic = "Wheat Field"
    legend = (
        "W2/3 Tower Water · $1 1W 1F harvest cost · cer fru veg…: subtype · Tr DI…: Equipment · "
        "struck: Wasteland · cells are x,y (x across, y up: '0,1' is above the first Tower)"
    )

    # -- whole screen -------------------------------------------------------
    def render(self, state, seat: int | None, labels: Sequence[str], width: int = 120) -> RenderableType:
        obs = state.observation(seat)
        acting = obs["current_player"]
        parts: list[RenderableType] = [self.header(obs, state, seat, labels), self.supplies(obs),
                                       self.players_table(obs, labels)]
        # The seat at the keyboard is placing its pick: show where it can go.
        verbs = {str(a).split(" ", 1)[0] for a in state.legal_actions()} \
            if seat is not None and seat == acting else set()
        ring = bool(verbs & {"build", "tower", "silo"})
        costs = PRESENTATION.facts(state, seat)["harvest_costs"]
        parts.append(self.farms(obs, seat if ring else None, labels, width, costs))
        parts.append(Text(self.legend + (" · ·: free cell" if ring else ""), style="dim"))
        private = self.private(obs, seat, width, resolving="market" in verbs, choosing="pick" in verbs)
        if private is not None:
            parts.append(private)
        return Group(*parts)

    @staticmethod
    def _phase_text(obs: dict) -> str:
        phase = obs["phase"]
        two = obs["players"] == 2
        if phase == "maintenance":
            return "maintenance: income and draws" if obs["year"] > 1 else "maintenance: draws"
        if phase == "action":
            if two:
                return f"action phase, pair {min(obs['turn'], R.TURNS)} of {R.TURNS}"
            resolving = any(s["revealed_pick"] for s in obs["seats"])
            step = "resolving the revealed picks" if resolving else "secret picks"
            return f"action phase, turn {obs['turn']} of {R.TURNS}: {step}"
        if phase == "harvest":
            return "harvest"
        return phase

    def header(self, obs: dict, state, seat: int | None, labels: Sequence[str]) -> RenderableType:
        n = obs["players"]
        line = Text()
        line.append("Fields of Green", style="bold green")
        line.append(f"  ·  {self.tag}  ·  " if self.tag else "  ·  ")
        line.append(f"year {obs['year']} of 4", style="bold")
        line.append(f"  ·  {self._phase_text(obs)}")
        if state.options.get("introductory"):
            line.append("  ·  introductory splits", style="dim")
        second = Text()
        first = obs["first_player"]
        second.append("★ First Player: ", style="bold yellow")
        second.append(labels[first])
        order = [(first + i) % n for i in range(n)]
        second.append("  ·  order " + " → ".join(str(s) for s in order))
        if n == 2:
            second.append("  ·  2 players: shared face-up display, no passing")
        else:
            cw = obs["direction"] == "clockwise"
            second.append("  ·  hands pass ")
            second.append("clockwise ↻" if cw else "counter-clockwise ↺", style="bold")
            if seat is not None:
                step = 1 if cw else -1
                second.append(f": you give to seat {(seat + step) % n}, get from seat {(seat - step) % n}",
                              style="dim")
        return Group(line, second)

    @staticmethod
    def supplies(obs: dict) -> Text:
        decks = obs["decks"]
        out = Text("Decks: ", style="bold")
        out.append(" · ".join(f"{CATEGORY_WORDS[d]} {decks[d]}" for d in MAIN_DECKS))
        out.append("  ·  ")
        out.append(f"Towers {obs['water_towers_left']} · Silos {obs['silos_left']} · "
                   f"Equipment {obs['equipment_stack']} · discards {len(obs['discard'])}")
        return out

    def players_table(self, obs: dict, labels: Sequence[str]) -> Table:
        two = obs["players"] == 2
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1),
                      caption=(f"Pts: the score if the game ended now (cards' VP, VP tokens, Equipment, "
                               f"1 per {R.COINS_PER_VP} coins, 1 per {R.FOOD_PER_VP} Food, "
                               f"{R.EMPTY_TOWER_VP} per empty Tower); 'score' shows where each point "
                               "comes from"),
                      caption_style="dim", caption_justify="left")
        table.add_column("Player", no_wrap=True)
        table.add_column("Pts", justify="right")
        table.add_column("Coins", justify="right")
        table.add_column("Food", justify="right")
        table.add_column("Water", justify="right")
        table.add_column("VP tok", justify="right")
        table.add_column("Cards", justify="right")
        table.add_column("Split", no_wrap=True)
        if not two:
            table.add_column("Hand", no_wrap=True)
        table.add_column("Pick" if not two else "Last take", no_wrap=True)
        table.add_column("Stored", no_wrap=True)
        for s, info in enumerate(obs["seats"]):
            who = Text()
            who.append("★" if s == obs["first_player"] else " ", style="bold yellow")
            who.append(" ")
            who.append(labels[s], style="bold reverse" if s == obs["current_player"] else "bold")
            towers = [e for e in info["farm"] if "water" in e]
            water = f"{sum(e['water'] for e in towers)}/{sum(e['capacity'] for e in towers)}"
            row = [who, str(obs["scores"][s]), str(info["coins"]), f"{info['food']}/{info['food_capacity']}",
                   Text(water, style=WATER_STYLE), str(info["vp_tokens"]), str(len(info["farm"])),
                   info["split"] or "–"]
            if not two:
                size = info["hand_size"]
                plus = "+1" if info.get("committed") else ""
                counts = _hand_counts(info["hand_deck_counts"])
                row.append(f"{size}{plus} ({counts})" if size or plus else "–")
            if info["revealed_pick"] and obs["phase"] == "action":
                card = _card(info["revealed_pick"])
                row.append(Text(info["revealed_pick"], style=DECK_STYLE.get(card.deck, "") if card else ""))
            elif not two and info.get("committed"):
                row.append(Text("picked ✓", style="dim"))
            else:
                row.append("–")
            row.append(" ".join(eq_code(n) for n in info["stored_equipment"]) or "–")
            table.add_row(*row)
        return table

    def farms(self, obs: dict, ring_seat: int | None, labels: Sequence[str], width: int,
              costs: Sequence[dict[str, list[int]]] = ()) -> RenderableType:
        """Every farm as a grid; ``ring_seat``'s also shows the free cells around it."""
        deciding = obs["current_player"]
        panels, widths = [], []
        max_cols = max(1, (width - 8) // CELL_W)
        for s, info in enumerate(obs["seats"]):
            lines = farm_lines(info["farm"], ring=(s == ring_seat), max_cols=max_cols,
                               costs=costs[s] if s < len(costs) else None)
            title = Text(f" {labels[s]} · {obs['scores'][s]} pts ")
            panel_w = max(max(len(t) for t in lines), len(title) + 6) + 2
            panels.append(Panel(
                Group(*lines), title=title, title_align="left", box=box.ROUNDED, width=panel_w,
                border_style="bold yellow" if s == deciding else "dim", padding=(0, 0),
            ))
            widths.append(panel_w)
        return _side_by_side(panels, widths, width)

    def private(
        self, obs: dict, seat: int | None, width: int, resolving: bool = False, choosing: bool = False
    ) -> RenderableType | None:
        """What only the seat at the keyboard sees (its hand, pick, Equipment draw), plus the
        2-player display; for ``seat=None`` only the display. ``resolving``: the seat is choosing
        the action for its revealed pick; ``choosing``: it is picking a card (hand or display),
        so the cards are listed in full."""
        parts: list[RenderableType] = []
        two = obs["players"] == 2
        if two and obs["phase"] == "action" and obs.get("display"):
            head = Text("Display ", style="bold")
            pile = obs.get("pile_size", 0)
            counts = _hand_counts(obs.get("pile_deck_counts", {}))
            if pile:
                pile_text = f"pile {pile} face down: {counts}; {R.REVEAL_2P} more turn up after each pair"
            else:
                pile_text = "the pile is empty"
            head.append(f"({len(obs['display'])} face up; {pile_text})", style="dim")
            if choosing:
                parts += [head, card_table(obs["display"], width)]
            else:
                head.append("  " + " · ".join(obs["display"]))
                parts.append(head)
        if seat is None:
            return Group(*parts) if parts else None
        me = obs["seats"][seat]
        if not two and obs["hand"]:
            if choosing:
                head = Text(f"Your hand ({len(obs['hand'])})", style="bold")
                head.append(" — pick one in secret; the rest pass on", style="dim")
                parts += [head, card_table(obs["hand"], width)]
            else:
                line = Text("Your hand: ", style="bold")
                line.append(" · ".join(obs["hand"]))
                parts.append(line)
        if obs["pick"]:
            line = Text("Your pick (hidden until everyone has picked): ", style="bold")
            line.append(obs["pick"])
            parts.append(line)
        if resolving:
            pick = me["revealed_pick"]
            if not pick and obs["decision"].endswith(")"):
                pick = obs["decision"].rsplit("(", 1)[-1][:-1]  # "... revealed pick (Wheat Field)"
            if _card(pick or "") is not None:
                parts.append(self._act_help(pick))
        offer = obs.get("equipment_offer")
        if offer:
            parts.append(Text("Equipment drawn — keep one (the rest go under the stack):", style="bold"))
            table = Table.grid(padding=(0, 1))
            table.add_column(no_wrap=True)
            table.add_column(style="dim", no_wrap=True)
            table.add_column(overflow="fold")
            for name in offer:
                kind = EQ_BY_NAME.get(name.lower())
                if kind is None:
                    table.add_row(name, "", "")
                    continue
                table.add_row(Text(f"{name} [{eq_code(name)}]", style="bold"),
                              f"for a {CATEGORY_WORDS.get(kind.fits, kind.fits)}", kind.help)
            parts.append(table)
        return Group(*parts) if parts else None

    @staticmethod
    def _act_help(name: str) -> Text:
        card = _card(name)
        line = Text("Your pick ", style="bold")
        line.append(name, style=f"bold {DECK_STYLE.get(card.deck, '') if card else ''}")
        if card is not None:
            line.append(f", {type_words(card)}: ")
            line.append(f"build costs {cost_text(*card.cost)}. ", style="")
            line.append(card.help, style="italic")
        line.append(f"\n…or discard it: tower (${R.TOWER_PRICE}, {R.START_TOWER_WATER} Water) · silo (free, "
                    f"+{R.SILO_CAPACITY} Food room) · market (+${R.MARKET_COINS}, sell ≤{R.MARKET_MAX_SELL} "
                    f"Food at ${R.MARKET_FOOD_PRICE}) · restore (${R.RESTORE_PRICE})", style="dim")
        return line

    # -- help ---------------------------------------------------------------
    def help_topic(self, topic: str) -> RenderableType | None:
        key = " ".join(topic.lower().split())
        if not key:
            return None
        if key in CARD_BY_NAME:
            return card_panel(CARD_BY_NAME[key])
        if key in EQ_BY_NAME:
            return equipment_panel(EQ_BY_NAME[key])
        if key in TOPICS:
            return Panel(Text(TOPICS[key]), title=key, title_align="left", box=box.ROUNDED, expand=False)
        codes = {eq_code(k.name).lower(): k for k in EQUIPMENT}
        if key in codes:
            return equipment_panel(codes[key])
        names = [c.name for c in CARDS] + [k.name for k in EQUIPMENT]
        starts = [n for n in names if n.lower().startswith(key)]
        inside = starts or [n for n in names if key in n.lower()]
        if not inside:
            short = [c.name for c in CARDS if short_name(c.name).lower() == key]
            inside = short
        if len(inside) > 1:
            return Text(f"Several cards or tiles match {topic!r}: " + ", ".join(inside) + ".")
        if not inside:
            return None
        return self.help_topic(inside[0])

    def help_extra(self) -> str:
        return ("Cells are x,y on your own farm grid (y grows upwards); 'build 0,1' puts your pick on 0,1. "
                "Splits count Plantations/Livestock/Structures/Buildings, e.g. 'split 2/2/1/1'. "
                "'help <card>' or 'help <equipment>' explains one (short grid names work too); "
                "also 'help market', 'help restore', 'help wasteland', 'help split', 'help range'.")

    # -- menu ---------------------------------------------------------------
    @staticmethod
    def setup_questions(players: int) -> list[tuple[str, str, list[tuple[object, str]], object]]:
        """Extra menu questions: (option key, question, [(value, label)], default value)."""
        return [("introductory", "Draw splits", [
            (False, "choose your own split of 6 cards each year"),
            (True, "introductory: everyone draws the same fixed split"),
        ], False)]

    # -- the end ------------------------------------------------------------
    def final_summary(self, state, labels: Sequence[str]) -> RenderableType:
        table = Table(title="Final scores", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
        table.add_column("Place", justify="right")
        table.add_column("Player", no_wrap=True)
        table.add_column("Points", justify="right", style="bold")
        parts = [("printed", "Card"), ("tokens", "Tokens"), ("end_game", "End"), ("equipment", "Equip"),
                 ("stored", "Stored"), ("coins", "$÷3"), ("food", "Food÷2"), ("empty_towers", "Dry tw")]
        breakdown = getattr(state, "score_parts", None)
        if breakdown is not None:
            for _, head in parts:
                table.add_column(head, justify="right", style="dim")
        table.add_column("Locations", justify="right")
        table.add_column("Money", justify="right")
        scores, ranking = state.scores(), state.ranking()
        obs = state.observation(None)
        for s in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            info = obs["seats"][s]
            row = [str(ranking[s]), labels[s], str(scores[s])]
            if breakdown is not None:
                b = breakdown(s)
                row += [str(b.get(k, 0)) for k, _ in parts]
            row += [str(len(info["farm"])), str(info["coins"])]
            table.add_row(*row)
        out: list[RenderableType] = [table]
        if breakdown is not None:
            out.append(Text("Card: printed VP · End: end-game effects · Equip/Stored: Equipment installed/"
                            "kept · Dry tw: empty Water Towers", style="dim"))
        winners = [labels[s] for s in range(len(scores)) if ranking[s] == 1]
        out.append(Text(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners),
                        style="bold green"))
        out.append(Text("Ties go to more cards in the farm (every Location: Towers, Silos and Wasteland "
                        "count), then more coins.", style="dim"))
        return Group(*out)

    # -- rules --------------------------------------------------------------
    def rules(self) -> str:
        return PRESENTATION.rules()


