"""Fields of Green's presentation model (see ``core/presentation.py``): every card and Equipment
tile in words, the five actions with their costs, each legal action's label, group and ``args``,
and the facts a seat needs beside its observation (harvest costs after Equipment, what it is
deciding, the year's passing). The terminal view and the browser board read this module and
only lay out or draw, so neither re-derives a rule.

Everything here reads public content or what the seat it speaks to may see (FG-HID): farms,
stocks and supplies are public, and the deciding seat's own frame is told only to that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.presentation import ActionView, Presentation
from . import rulings as R
from .actions import (
    ABANDON,
    BUILD,
    DONE,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    KIND_WORDS,
    MARKET,
    PAY,
    PICK,
    RESTORE,
    SELL,
    SILO,
    SPLIT,
    SPLITS,
    TOWER,
    WATER,
    cell_name,
)
from .content import (
    CARD_BY_NAME,
    CARDS,
    EQUIPMENT,
    MAIN_DECKS,
    Card,
    Effect,
    EqEffect,
    EquipmentKind,
)
from .frames import Act, Fill, Harvest, PayWater, Sell, WaterPlacement
from .queries import direction, first_player, harvest_cost, tower_capacity

# ---------------------------------------------------------------- small vocabulary

CATEGORY_WORDS = {
    "plantation": "Plantation", "livestock": "Livestock", "structure": "Structure", "building": "Building",
    "cereal": "Cereal", "fruit": "Fruit", "vegetable": "Vegetable", "dairy": "Dairy", "meat": "Meat",
    "poultry": "Poultry", "wool": "Wool", "water_tower": "Water Tower", "silo": "Silo",
}
DECK_PLURAL = {"plantation": "Plantations", "livestock": "Livestock", "structure": "Structures",
               "building": "Buildings"}
DECK_LETTER = {"plantation": "P", "livestock": "L", "structure": "S", "building": "B"}
#: The colour key of each card type (the printed cards' colours, as screen colours).
DECK_COLOUR = {"plantation": "#4f8a3c", "livestock": "#a0527d", "structure": "#2f7f8a",
               "building": "#b8641c", "tower": "#2f6db5", "silo": "#a88a1c"}
#: Ability strips by timing (FG-EFX-1): grey Immediate, green Harvest, yellow End-game.
TIMING_COLOUR = {"immediate": "#8a8a8a", "harvest": "#4f8a3c", "end": "#c9a227"}
TIMING_WORDS = {"immediate": "When built", "harvest": "Each harvest", "end": "At game end"}


def card_named(name: str) -> Card | None:
    return CARD_BY_NAME.get(name.lower())


def cost_text(coins: int, water: int, food: int, free: str = "free") -> str:
    """Compact cost: ``$2 1W 1F``."""
    parts = []
    if coins:
        parts.append(f"${coins}")
    if water:
        parts.append(f"{water}W")
    if food:
        parts.append(f"{food}F")
    return " ".join(parts) if parts else free


def cost_words(coins: int, water: int, food: int) -> str:
    parts = []
    if coins:
        parts.append(f"{coins} coin" + ("" if coins == 1 else "s"))
    if water:
        parts.append(f"{water} Water from a Tower in range")
    if food:
        parts.append(f"{food} Food")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def type_words(card: Card) -> str:
    if card.deck == "tower":
        return "Water Tower"
    if card.deck == "silo":
        return "Silo"
    base = CATEGORY_WORDS[card.deck]
    return f"{CATEGORY_WORDS[card.subtype]} {base}" if card.subtype else base


def _match_words(match: Sequence[str]) -> str:
    names = [CATEGORY_WORDS.get(m, m) for m in match]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _amount(n: int, resource: str, when: str = "") -> str:
    if resource == "coins":
        return f"{n} coin" + ("" if n == 1 else "s")
    if resource == "vp":
        # VP scored at the end are points; VP gained during play are tokens kept for good.
        return f"{n} VP" if when == "end" else f"{n} VP token" + ("" if n == 1 else "s")
    return f"{n} Food"


def effect_words(e: Effect) -> str:
    """One card effect as a short sentence of our own."""
    when = TIMING_WORDS.get(e.when, e.when)
    k = e.kind
    if k == "gain":
        bits = []
        if e.coins:
            bits.append(_amount(e.coins, "coins"))
        if e.food:
            bits.append(_amount(e.food, "food"))
        if e.vp:
            bits.append(_amount(e.vp, "vp"))
        if e.equipment:
            bits.append("one Equipment tile" if e.equipment == 1
                        else f"{e.equipment} Equipment tiles, one at a time")
        return f"{when}: receive {' and '.join(bits) or 'nothing'}."
    if k == "gain_per":
        where = "next to it" if e.scope == "adjacent" else "face up anywhere in your farm"
        cap = f" (at most {_amount(e.max * e.per, e.resource, e.when)})" if e.max >= 0 else ""
        return f"{when}: {_amount(e.per, e.resource, e.when)} for each {_match_words(e.match)} {where}{cap}."
    if k == "gain_if_none_adjacent":
        return (f"{when}: {_amount(e.amount, e.resource)} more when no {_match_words(e.match)} "
                "is next to it.")
    if k == "distinct_adjacent":
        return (f"{when}: {e.per} VP for each different kind of card next to it "
                f"({', '.join(CATEGORY_WORDS[m] for m in e.match)}).")
    if k == "distinct_subtypes":
        decks = " and ".join(DECK_PLURAL[d] for d in e.decks)
        cap = f", at most {e.max}" if e.max >= 0 else ""
        return f"{when}: {e.per} VP for each different subtype among your face-up {decks}{cap}."
    if k == "refill_tower":
        return f"{when}: fill one Water Tower up to {e.range} steps away to its capacity."
    if k == "add_water":
        return f"{when}: put {e.amount} Water on a Water Tower up to {e.range} steps away."
    if k == "sell_food":
        return f"{when}: you may sell up to {e.max} Food for {e.price} coins each."
    return f"{when}: {k}."


_RES = {"coins": "$", "food": "F", "vp": "VP"}
_CAT_SHORT = {"plantation": "Plant.", "livestock": "Livest.", "structure": "Struct.", "building": "Build.",
              "water_tower": "Tower"}


def _short_match(match: Sequence[str]) -> str:
    return "/".join(_CAT_SHORT.get(m, CATEGORY_WORDS.get(m, m)) for m in match)


def effect_short(e: Effect) -> str:
    """One card effect in a few characters, for the small cards of the board (the strip's
    colour says when it happens; :func:`effect_words` says it in full)."""
    k = e.kind
    if k == "gain":
        bits = [f"+{n}{sym}" for n, sym in ((e.coins, "$"), (e.food, "F"), (e.vp, "VP")) if n]
        if e.equipment:
            bits.append(f"+{e.equipment} Equip.")
        return " ".join(bits) or "nothing"
    if k == "gain_per":
        where = "adj." if e.scope == "adjacent" else "in farm"
        cap = f", max {e.max * e.per}" if e.max >= 0 else ""
        return f"+{e.per}{_RES[e.resource]} per {_short_match(e.match)} {where}{cap}"
    if k == "gain_if_none_adjacent":
        return f"+{e.amount}{_RES[e.resource]} if no {_short_match(e.match)} adj."
    if k == "distinct_adjacent":
        return f"{e.per}VP per kind adj."
    if k == "distinct_subtypes":
        cap = f", max {e.max}" if e.max >= 0 else ""
        return f"{e.per}VP per subtype{cap}"
    if k == "refill_tower":
        return f"fill a Tower ≤{e.range} away"
    if k == "add_water":
        return f"+{e.amount}W to a Tower ≤{e.range} away"
    if k == "sell_food":
        return f"sell ≤{e.max}F at ${e.price}"
    return k


def _resources_words(coins: int = 0, water: int = 0, food: int = 0, vp: int = 0) -> str:
    bits = []
    if coins:
        bits.append(_amount(coins, "coins"))
    if water:
        bits.append(f"{water} Water")
    if food:
        bits.append(_amount(food, "food"))
    if vp:
        bits.append(f"{vp} VP")
    return " and ".join(bits) or "nothing"


def equipment_effect_words(e: EqEffect) -> str:
    """One Equipment effect in our own words."""
    k = e.kind
    if k == "harvest_bonus":
        return f"When its card harvests: {_resources_words(e.coins, 0, e.food, e.vp)} more."
    if k == "cost_cut":
        return f"Its card's harvest costs {_resources_words(e.coins, e.water, e.food)} less (never below 0)."
    if k == "tower_capacity":
        return f"The Tower holds up to {e.value} Water."
    if k == "tower_range":
        return f"The Tower reaches {e.value} steps."
    if k == "silo_capacity":
        return f"The Silo stores {e.value} Food."
    if k == "on_install":
        return f"Once, when installed: {_resources_words(e.coins, e.water, e.food)}."
    if k == "end_vp":
        return f"At game end: {e.vp} VP while its card is face up."
    return k


# ---------------------------------------------------------------- the five actions (FG-ACT-7)

ACTIONS: tuple[dict[str, Any], ...] = (
    {"key": "A", "verb": "build", "name": "Build",
     "cost": "the card's own cost",
     "effect": "Put your pick in your farm beside a card you have; its When-built ability runs."},
    {"key": "B", "verb": "tower", "name": "Water Tower",
     "cost": f"discard the pick, pay {R.TOWER_PRICE} coins",
     "effect": f"A new Water Tower with {R.START_TOWER_WATER} Water (holds {R.TOWER_CAPACITY}, "
               f"reaches {R.TOWER_RANGE} steps)."},
    {"key": "C", "verb": "silo", "name": "Silo",
     "cost": "discard the pick, free",
     "effect": f"A new Silo: {R.SILO_CAPACITY} more Food storage."},
    {"key": "D", "verb": "market", "name": "Market",
     "cost": "discard the pick",
     "effect": f"Take {R.MARKET_COINS} coins and sell up to {R.MARKET_MAX_SELL} Food at "
               f"{R.MARKET_FOOD_PRICE} coins each."},
    {"key": "E", "verb": "restore", "name": "Restore",
     "cost": f"discard the pick, pay {R.RESTORE_PRICE} coin",
     "effect": "One of your Wasteland cards turns face up again (no build cost, no When-built)."},
)

LEGEND = {
    "$": "coins",
    "W": "Water (on Water Towers; pays only within a Tower's range)",
    "F": "Food (one pool in your Silos)",
    "VP": "victory points printed on a card",
    "harvest": "green strip: the harvest cost and what it brings",
    "immediate": "grey strip: runs once when the card is built",
    "end": "yellow strip: scores at the end of the game",
    "wasteland": "face-down card: an unpaid harvest; restore it with action E",
    "range": "a Tower's Water reaches this many steps along your cards",
    "equipment": "Equipment tiles on a card (at most two different ones)",
    "first": "★ the First Player, who goes first in every step this year",
}


def card_content(card: Card) -> dict[str, Any]:
    coins, water, food = card.cost
    out: dict[str, Any] = {
        "name": card.name,
        "deck": card.deck,
        "subtype": card.subtype,
        "type": type_words(card),
        "colour": DECK_COLOUR[card.deck],
        "copies": card.copies,
        "cost": {"coins": coins, "water": water, "food": food},
        "cost_text": cost_text(coins, water, food),
        "vp": card.vp,
        "harvest_cost": None,
        "food_per_copy": card.food_per_copy,
        "immediate": [effect_words(e) for e in card.effects_at("immediate")],
        "harvest": [effect_words(e) for e in card.effects_at("harvest")],
        "end": [effect_words(e) for e in card.effects_at("end")],
        "short": {when: [effect_short(e) for e in card.effects_at(when)] for when in TIMING_WORDS},
        "help": card.help,
        "fits": [k.name for k in EQUIPMENT if k.fits in card.categories],
    }
    if card.harvest_cost is not None:
        c, w, f = card.harvest_cost
        out["harvest_cost"] = {"coins": c, "water": w, "food": f}
        out["harvest_cost_text"] = "1F per face-up copy" if card.food_per_copy else cost_text(c, w, f)
    if card.deck == "tower":
        out["help"] = (f"Built with action B. Holds {R.TOWER_CAPACITY} Water, reaches {R.TOWER_RANGE} steps "
                       f"along your cards; {R.EMPTY_TOWER_VP} VP if empty at the end.")
    if card.deck == "silo":
        out["help"] = f"Built with action C. Adds {R.SILO_CAPACITY} to your Food storage."
    return out


def equipment_content(kind: EquipmentKind) -> dict[str, Any]:
    return {
        "name": kind.name,
        "fits": kind.fits,
        "fits_words": CATEGORY_WORDS.get(kind.fits, kind.fits),
        "tiles": kind.tiles,
        "effects": [equipment_effect_words(e) for e in kind.effects],
        "help": kind.help,
    }


# ---------------------------------------------------------------- the model

class FieldsOfGreenPresentation(Presentation):
    """The words and derived facts of the game, for the terminal and the browser."""

    board = "fields_of_green_board.js"

    def rules(self) -> str:
        return RULES

    def content(self) -> dict[str, Any]:
        return {
            "decks": {d: {"name": DECK_PLURAL[d], "letter": DECK_LETTER[d], "colour": DECK_COLOUR[d]}
                      for d in MAIN_DECKS},
            "colours": dict(DECK_COLOUR),
            "timing_colours": dict(TIMING_COLOUR),
            "cards": {c.name: card_content(c) for c in CARDS},
            "equipment": {k.name: equipment_content(k) for k in EQUIPMENT},
            "actions": [dict(a) for a in ACTIONS],
            "legend": dict(LEGEND),
            "rules": {
                "years": 4, "turns": R.TURNS, "draw_count": R.DRAW_COUNT, "min_decks": R.MIN_DECKS_IN_SPLIT,
                "tower_capacity": R.TOWER_CAPACITY, "tower_range": R.TOWER_RANGE,
                "silo_capacity": R.SILO_CAPACITY, "equipment_per_card": R.EQUIPMENT_PER_CARD,
                "market_coins": R.MARKET_COINS, "market_food_price": R.MARKET_FOOD_PRICE,
            },
        }

    def reference(self) -> list[dict[str, str]]:
        """Every piece in words, in the order a player meets them: the Water Tower and Silo of
        the starting farm, the Location cards deck by deck (as the draw brings them), the five
        actions a taken card is used for, then the Equipment tiles. The words are the model's
        own help text (``card_content``, ``ACTIONS``, ``equipment_content``)."""
        out: list[dict[str, str]] = []
        for card in sorted(CARDS, key=lambda c: c.deck not in ("tower", "silo")):
            shown = card_content(card)
            if card.deck in ("tower", "silo"):
                group, words = "Water Towers and Silos", shown["help"]
            else:
                group = DECK_PLURAL[card.deck]
                words = f"{shown['type']}. Build cost: {cost_words(*card.cost)}. {shown['help']}"
            out.append({"group": group, "name": card.name, "words": words})
        for action in ACTIONS:
            out.append({"group": "Actions (one per card taken)", "name": f"{action['key']} {action['name']}",
                        "words": f"{action['effect']} Cost: {action['cost']}."})
        for kind in EQUIPMENT:
            shown = equipment_content(kind)
            words = f"Fits a {shown['fits_words']} ({kind.tiles} in the stack). {shown['help']}"
            out.append({"group": "Equipment tiles", "name": kind.name, "words": words})
        return out

    # -- actions ------------------------------------------------------------
    @staticmethod
    def _piece(state, cell: int) -> tuple[str, str]:
        """(card name, label) of the acting seat's card on ``cell``: "0,0 (3/3)" for a Tower."""
        seat = state.current_player
        name = cell_name(cell)
        p = state.cells[seat].get(cell) if seat is not None else None
        if p is None:
            return "", name
        card = CARDS[state.piece_cards[seat][p]]
        if card.deck == "tower":
            return card.name, f"{name} ({state.piece_water[seat][p]}/{tower_capacity(state, seat, p)})"
        return card.name, f"{name} {card.name}"

    def action_view(self, state, action) -> ActionView:
        """Label, group and args of one action; every ``args`` names its kind (``verb``), so a
        board never reads notation."""
        shown = self._view(state, action)
        return ActionView(shown.label, shown.group, {"verb": KIND_WORDS[action.kind], **shown.args})

    def _view(self, state, action) -> ActionView:
        k = action.kind
        if k == SPLIT:
            split = list(SPLITS[action.a])
            return ActionView("/".join(map(str, split)), "split P/L/S/B", {"split": split})
        if k == PICK:
            card = CARDS[action.a]
            return ActionView(card.name, "pick", {"card": card.name, "deck": card.deck})
        if k in (BUILD, TOWER, SILO):
            args: dict[str, Any] = {"cell": cell_name(action.a)}
            top = state.frames[-1] if state.frames else None
            if k == BUILD and type(top) is Act:
                args["card"] = CARDS[top.card].name
            verb = {BUILD: "build", TOWER: "tower", SILO: "silo"}[k]
            return ActionView(cell_name(action.a), verb, args)
        if k == MARKET:
            coins = R.MARKET_COINS + action.a * R.MARKET_FOOD_PRICE
            label = f"sell {action.a} Food (+${coins})"
            return ActionView(label, "market", {"food": action.a, "coins": coins})
        if k == SELL:
            return ActionView(str(action.a), "sell Food", {"food": action.a})
        if k in (PAY, WATER, FILL):
            card, label = self._piece(state, action.a)
            group = {PAY: "pay Water from", WATER: "Water to Tower", FILL: "fill Tower"}[k]
            return ActionView(label, group, {"cell": cell_name(action.a)})
        if k in (RESTORE, HARVEST, ABANDON):
            card, label = self._piece(state, action.a)
            args = {"cell": cell_name(action.a), "card": card}
            if k != RESTORE:
                seat = state.current_player
                cost = harvest_cost(state, seat, state.cells[seat][action.a])
                label += f" ({cost_text(*cost)})"
                args["cost"] = list(cost)
            return ActionView(label, {RESTORE: "restore", HARVEST: "harvest", ABANDON: "abandon"}[k], args)
        if k in (EQUIP, INSTALL):
            name = EQUIPMENT[action.a].name
            title = f"keep {name}" if k == EQUIP else f"install {name}"
            if len(title) > 24:
                title = title[:23].rstrip() + "…"
            if k == EQUIP and action.c:
                return ActionView("store it", title, {"equipment": name, "cell": "store"})
            card, label = self._piece(state, action.b)
            return ActionView(f"on {label}", title, {"equipment": name, "cell": cell_name(action.b),
                                                     "card": card})
        if k == DONE:
            return ActionView("done", "", {})
        return ActionView(str(action))

    # -- facts --------------------------------------------------------------
    def facts(self, state, seat: int | None) -> dict[str, Any]:
        """Public facts for everyone (harvest costs after Equipment on every farm, the year's
        order and passing) and, for the seat to act, its own decision in words and its targets."""
        n = state.num_players
        first = first_player(state)
        out: dict[str, Any] = {
            "year": state.year,
            "years": 4,
            "first_player": first,
            "order": [(first + i) % n for i in range(n)],
            "two_player": n == 2,
            # FG-YR-3: the year's direction; with 2 players nothing passes (FG-2P-1).
            "direction": None if n == 2 else ("clockwise" if direction(state) > 0 else "counter-clockwise"),
            # FG-HRV-4/7, FG-EQ: every farm is public, and so is what each card costs to harvest.
            "harvest_costs": [
                {cell_name(state.piece_cells[s][p]): list(harvest_cost(state, s, p))
                 for p, cid in enumerate(state.piece_cards[s]) if CARDS[cid].has_harvest}
                for s in range(n)
            ],
        }
        if seat is not None and n > 2:
            step = 1 if direction(state) > 0 else -1
            out["give_to"], out["get_from"] = (seat + step) % n, (seat - step) % n
        if seat is not None and state.frames and state.current_player == seat:
            out["deciding"] = self._deciding(state, seat)
        return out

    @staticmethod
    def _deciding(state, seat: int) -> dict[str, Any]:
        """What ``seat``, the seat to act, is deciding: the frame's kind and its words."""
        top = state.frames[-1]
        kind = type(top)
        text = state.describe_decision(seat).split(": ", 1)[-1]
        out: dict[str, Any] = {"kind": top.kind, "text": text}
        if kind is Act:
            out["card"] = CARDS[top.card].name
        elif kind is PayWater:
            out["cell"] = cell_name(top.cell)
            out["water"] = top.amount
            p = state.cells[seat].get(top.cell)
            if p is not None:
                out["card"] = CARDS[state.piece_cards[seat][p]].name
            out["text"] = f"pay {top.amount} Water for {cell_name(top.cell)} from a Tower in range"
        elif kind is Fill:
            out["cell"] = cell_name(top.cell)
        elif kind is Sell:
            out["max"], out["price"] = top.most, top.price
        elif kind is Harvest:
            out["pending"] = [cell_name(state.piece_cells[seat][p]) for p in top.pending]
            out["abandoned"] = [cell_name(state.piece_cells[seat][p]) for p in top.abandoned]
        elif kind is WaterPlacement:
            out["water"] = top.left
        return out


#: The rules in brief, in our own words (the terminal's `rules`, the web's help).
RULES = f"""\
Fields of Green in brief (our own summary; the engine enforces every detail)

Goal: after four years, own the farm worth the most points. You draft Location
cards and lay them out on your own grid, keeping them watered and fed.

Start: {R.START_COINS} coins, a Water Tower holding {R.START_TOWER_WATER} Water at 0,0 and a Silo
with {R.START_SILO_FOOD} Food at 1,0. Every new card must touch a card of your farm side on.

Each year:
 1. Maintenance. From year 2 on, take {R.INCOME_COINS} coins, {R.INCOME_FOOD} Food and {R.INCOME_WATER} Water
    (you say which Towers). Then, First Player first, everyone names a
    split: how many of their 6 new cards come from Plantations, Livestock,
    Structures and Buildings (at least 3 decks). Splits are public, the
    cards are not. Introductory mode uses fixed splits instead.
 2. Action phase, six turns. With 3-4 players everyone picks one card in
    secret and passes the rest on (the direction flips each year); the
    picks are then shown and, First Player first, each pick is used for
    one action:
      A  build it, paying its cost (Water from Towers in range, Food
         from your Silos);
      B  discard it, pay {R.TOWER_PRICE} coins: a new Water Tower with {R.START_TOWER_WATER} Water;
      C  discard it: a new Silo (free, {R.SILO_CAPACITY} more Food storage);
      D  discard it at Market: {R.MARKET_COINS} coins, and sell up to {R.MARKET_MAX_SELL} Food
         for {R.MARKET_FOOD_PRICE} coins each;
      E  discard it, pay {R.RESTORE_PRICE} coin: one of your Wasteland cards turns
         face up again.
    With 2 players nobody holds a hand: 12 cards are shuffled, 6 lie
    face up, the players take turns choosing from them, and {R.REVEAL_2P} more
    turn up after each pair of picks.
 3. Harvest. First Player first, each player goes through their
    harvest cards in any order: pay the whole cost and collect, or leave
    it unpaid and it becomes Wasteland (it stays in the farm but does
    nothing until restored). Then the First Player token moves on.

Water sits on Towers (up to {R.TOWER_CAPACITY} each) and only pays for cards up to
{R.TOWER_RANGE} steps away, counted through your own cards. Food is one pool, {R.SILO_CAPACITY} per
Silo; whatever does not fit is lost. Equipment tiles (from some cards)
go on a matching card, at most {R.EQUIPMENT_PER_CARD} different ones per card, or are kept
aside for {R.STORED_EQUIPMENT_VP} VP each.

Scoring: printed VP, VP tokens, end-game effects of cards and Equipment,
{R.STORED_EQUIPMENT_VP} per stored tile, 1 per {R.COINS_PER_VP} coins, 1 per {R.FOOD_PER_VP} Food and \
{R.EMPTY_TOWER_VP} per empty Tower.
Ties: more cards in the farm, then more coins.

In this program: type a number from the list or the action itself (a
unique start is enough). Cells are x,y on your own grid. 'help <card>'
explains a card or an Equipment tile."""


PRESENTATION = FieldsOfGreenPresentation()
