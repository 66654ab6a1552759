"""Words for people: why an action is not legal now, and what the seat to act is deciding."""

from __future__ import annotations

from . import rulings as R
from .actions import (
    ABANDON,
    BUILD,
    DONE,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    MARKET,
    PAY,
    PICK,
    RESTORE,
    SELL,
    SILO,
    SPLIT,
    TOWER,
    WATER,
    Action,
)
from .constants import (
    OVER,
    RESOLVE,
)
from .content import CARDS
from .frames import Act, Harvest, Hold
from .queries import frontier, two_player


def explain_illegal(state, a: Action) -> str:
    """Why ``a`` is not legal now, in the terms of the decision pending."""
    if state.current_player is None:
        return "nobody is to act now"
    top = state.frames[-1]
    fk, seat = top.kind, top.seat
    k = a.kind
    expected = {
        "water": (WATER,), "split": (SPLIT,), "commit": (PICK,), "take": (PICK, INSTALL),
        "act": (BUILD, TOWER, SILO, MARKET, RESTORE, INSTALL), "pay": (PAY,), "fill": (FILL,),
        "sell": (SELL,), "equip": (EQUIP,), "harvest": (HARVEST, ABANDON, INSTALL, DONE),
    }[fk]
    if k not in expected:
        return f"seat {seat} must now {describe_decision(state, seat).split(': ', 1)[1]}"
    if k == SPLIT:
        return "a split must take 6 cards from at least 3 decks (every non-empty one if fewer) " \
               "and no more than a deck holds"
    if k == PICK:
        return "that card is not in your hand" if fk == "commit" else "that card is not on the display"
    if k == BUILD:
        coins, water, food = CARDS[top.card].cost
        if a.a not in frontier(state, seat):
            return "a card must go on an empty cell beside a card of your farm"
        if state.coins[seat] < coins or state.food[seat] < food:
            return f"{CARDS[top.card].name} costs {coins} coins and {food} Food"
        return f"{CARDS[top.card].name} needs {water} Water from Towers within range of that cell"
    if k in (TOWER, SILO):
        if k == TOWER and (state.towers_left == 0 or state.coins[seat] < R.TOWER_PRICE):
            return "a Water Tower needs 2 coins and a card left in the supply"
        if k == SILO and state.silos_left == 0:
            return "the Silo supply is empty"
        return "it must go on an empty cell beside a card of your farm"
    if k in (MARKET, SELL):
        return "you can sell only Food you have, at most 2"
    if k == RESTORE:
        return "restoring needs 1 coin and one of your Wasteland cards"
    if k == PAY:
        return "that Tower has no Water or is out of range"
    if k == WATER:
        return "that is not one of your Towers with room"
    if k == FILL:
        return "that Tower is out of range or full"
    if k == DONE:
        return "done ends a harvest only when no card is left to resolve"
    if k in (HARVEST, ABANDON):
        if k == ABANDON:
            return "that card is not waiting to harvest, or its harvest costs nothing and must be done"
        return "that card is not waiting to harvest, or you cannot pay its whole cost"
    if k == INSTALL and (type(top) is Harvest and top.started):
        return "stored Equipment can be installed only at the start of your harvest"
    if k == INSTALL and fk == "act" and two_player(state):
        return "with 2 players stored Equipment is installed before taking a card"
    return "that tile does not fit there (category, 2 tiles at most, never two of a kind)"

def describe_decision(state, viewer: int | None = None) -> str:
    """One line for people: who decides what (the pick named only where ``viewer`` may see it)."""
    if state.phase == OVER or not state.frames or type(state.frames[-1]) is Hold:
        return "the game is over" if state.phase == OVER else "nobody is to act"
    top = state.frames[-1]
    fk, seat = top.kind, top.seat
    words = {
        "water": "place income Water on a Tower",
        "split": "declare a draw split (6 cards from at least 3 decks)",
        "commit": "choose a card to pick this turn (kept hidden until everyone has picked)",
        "take": "take a card from the display",
        "act": "choose what to do with the revealed pick",
        "pay": "choose a Tower to pay Water from",
        "fill": "choose the Tower that receives Water",
        "sell": "choose how much Food to sell",
        "equip": "choose the Equipment tile to keep, and install or store it",
        "harvest": "harvest: pay for or abandon each harvest card (stored Equipment may go in first)",
    }
    text = f"seat {seat}: {words[fk]}"
    # The pick is named only where the viewer may see it: its owner, or everyone once revealed
    # (FG-HID-3); with no viewer given, only when it is public.
    if type(top) is Act and (viewer == seat or state.stage == RESOLVE or two_player(state)):
        text += f" ({CARDS[top.card].name})"
    return text
