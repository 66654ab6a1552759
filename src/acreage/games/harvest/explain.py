"""Words for people and the log: the event of each decision, why an action is not legal now, and
what the seat to act is deciding.
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CARD,
    CLEAR,
    COIN,
    FERT,
    FILL,
    HARVEST,
    KEEPC,
    KEEPH,
    NSPACES,
    PAY,
    PAY_WORDS,
    PLACE,
    PLANT,
    REACT,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    WORDS,
    Action,
    cell_name,
    place_target_name,
)
from .content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, FESTIVAL, SPACES
from .events import SEED_NAMES
from .frames import Tend, Turn, Visit
from .queries import card_at, card_price, owned


def log_action(state, s: int, a: Action) -> None:
    """The event of a seat's decision, told before it is carried out (so the gains it
    causes follow it in the log). Costs are told where they are paid (``supply.pay``)."""
    log = state._events
    assert log is not None
    k = a.kind
    if k == KEEPC or k == KEEPH:  # HV-SET-8: face down until every seat has chosen
        what, name = (("character", CHARACTERS[a.a].name) if k == KEEPC
                      else ("farmhouse", FARMHOUSES[a.a].name))
        log.add("keep", s, {"what": what, "name": name}, seen_by=frozenset((s,)), public={"what": what})
    elif k == SUNRISE:
        log.add("sunrise", s, {"took": a.a, "left": state.sunrise_tile[s]})
    elif k == PLACE:
        piece = ("Finn", "Maisie")[a.b - 1] if a.b else "wheelbarrow"
        if a.a < NSPACES and SPACES[a.a].area == "festival":
            piece = "basket"
        log.add("place", s, {"where": place_target_name(a.a), "piece": piece})
    elif k == REACT:
        log.add("place", s, {"where": SPACES[a.a].name, "piece": "Printing Press"})
    elif k == CARD:
        price = card_price(state, s, a.a)
        log.add("card", s, {"card": FESTIVAL[card_at(state, a.a)].name, "position": a.a, "coins": price})
    elif k == USE:
        log.add("novelty", s, {"card": FESTIVAL[a.a].name})
    elif k == COIN:
        log.add("gain", s, {"why": "FF-3", "coins": R.FF3_COINS, "water": 0, "capacity": 0,
                            "fertilizer": 0, "seeds": {}, "points": 0, "source": "FF-3"})
    elif k in (FERT, FILL, BUY, PLANT, TEND, UPGRADE, CLEAR, BUILD, HARVEST, PAY):
        event: dict[str, str | int] = {"what": WORDS[k]}
        if k == BUY:
            event.update(crop=SEED_NAMES[a.a], count=a.b)
        elif k == PLANT:
            event.update(crop=SEED_NAMES[a.a], cell=cell_name(a.b))
        elif k == TEND:
            f = state.frames[-1]
            off = f.discount if type(f) is Tend else (1 if owned(state, s, "tend_discount") else 0)
            event.update(crop=SEED_NAMES[a.a], cell=cell_name(a.b),
                         water=max(0, CROPS[a.a].tend_water - off))
        elif k == CLEAR:
            event.update(cell=cell_name(a.a))
        elif k == BUILD:
            event.update(building=BUILDINGS[a.a].name, cell=cell_name(a.b))
        elif k == PAY:
            event.update(what=f"pay {PAY_WORDS[a.a]}")
        if k != HARVEST:
            log.add("action", s, event)

def explain_illegal(state, action) -> str:
    if state.is_terminal:
        return "the game is over"
    f = state.frames[-1]
    want = {"keepc": "a character to keep", "keeph": "a farmhouse to keep", "sunrise": "a sunrise tile",
            "turn": "where to place a piece", "visit": "this visit's next action (or done)",
            "plant": "another cell to plant (or done)", "tend": "another tile to tend (or done)",
            "buy": "whether to buy a festival card", "ff3": "a festival card or the coin",
            "die": "which forest die face to keep", "react": "which space to re-activate",
            "market": "whether to pay for the Market tile",
            "basket": "whether to use a Hand-Woven Basket"}
    if action.kind == PLACE and type(f) is Turn:
        return "that space is closed, or you have no piece of that kind left"
    what = want.get(f.kind, "something else")
    return f"seat {f.seat} must choose {what}; that action is not one of the choices"

def describe_decision(state) -> str:
    """One line for people: what the seat to act decides, and how many actions are left on
    the space it is visiting."""
    if state.is_terminal:
        return "game over"
    f = state.frames[-1]
    kind, s = f.kind, f.seat
    what = {
        "keepc": "keep one of your two characters (face down until everyone has chosen)",
        "keeph": "keep one of your two farmhouses (face down until everyone has chosen)",
        "sunrise": "swap your Sunrise tile for one on offer, or keep it",
        "plant": "plant more seeds on empty cells, or done",
        "tend": "tend more seedlings of the same crop, or done",
        "buy": "buy one festival card, or done",
        "ff3": "FF-3: take the coin or a festival card",
        "die": "keep one of the Lumberjack's two dice",
        "react": "Printing Press: choose a space you used this round to use again",
        "market": "pay for the Market tile",
        "basket": "use the Hand-Woven Basket to take your basket back, or done",
    }.get(kind)
    if kind == "turn":
        barrows = state.wheelbarrows[s]
        left = [f"{barrows} wheelbarrow{'s' if barrows != 1 else ''}"] if barrows else []
        left += [name for bit, name in ((1, "Finn"), (2, "Maisie")) if state.mice[s] & bit]
        if state.basket[s]:
            left.append("the basket")
        what = "place a piece (left: " + (", ".join(left) or "none") + ")"
    elif type(f) is Visit:
        where = SPACES[f.space].name if f.space >= 0 else {"tp": "Trading Post", "gs": "General Store",
                                                            "fields": "Fields", "workshop": "Workshop"}.get(
                                                                f.area, "this visit")
        what = f"{where}: {f.actions_left} action{'s' if f.actions_left != 1 else ''} left"
        if f.trading_post and not f.fee_paid:
            what += " (pay the Trading Post fee first)"
    return f"round {state.round}, {state.phase}: seat {s}: {what or kind}"
