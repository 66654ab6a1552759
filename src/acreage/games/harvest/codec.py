"""Harvest's action ids and notation reader: an action's id is fixed by its fields alone
(``Action.id``, the layout in ``actions.py``), and notation reads without the position, so
these functions need no state; they take it to match the other games' codecs.
"""

from __future__ import annotations

from ...core.errors import BadActionId, IllegalAction
from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CARD,
    CLEAR,
    COIN,
    DIE,
    DONE,
    FERT,
    FILL,
    HARVEST,
    KEEPC,
    KEEPH,
    MARKET,
    NSPACES,
    NUM_ACTION_IDS,
    OFFSETS,
    PAY,
    PAY_WORDS,
    PIECES,
    PLACE,
    PLANT,
    REACT,
    SIZES,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    WORDS,
    Action,
    parse_cell,
)
from .content import (
    BUILDING_BY_NAME,
    CHARACTER_BY_NAME,
    CROP_NAMES,
    FARMHOUSE_BY_NAME,
    FESTIVAL_BY_NAME,
    SPACE_BY_NAME,
)


def action_id(state, action: Action) -> int:
    """The action's id (its kind checked first: a bad kind is a named error, not a wrong id)."""
    if not 0 <= action.kind < len(WORDS):
        raise IllegalAction(f"{tuple(action)} has kind {action.kind}, which is not an action kind; "
                            f"kinds run 0-{len(WORDS) - 1} ({', '.join(WORDS)})")
    return action.id


def action_from_id(state, action_id: int) -> Action:
    """The action an id names."""
    return from_id(action_id)


def from_id(action_id: int) -> Action:
    if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTION_IDS:
        raise BadActionId(f"action id {action_id!r} is outside 0..{NUM_ACTION_IDS - 1}")
    kind = max(k for k in OFFSETS if OFFSETS[k] <= action_id)
    a, b = divmod(action_id - OFFSETS[kind], SIZES[kind][1])
    return Action(kind, a, b)


def _lookup(table: dict, text: str, what: str):
    try:
        return table[text.lower()]
    except KeyError:
        raise IllegalAction(f"there is no {what} called {text!r}") from None


def parse(text: str) -> Action:
    """Read notation (already normalised: lower case, single spaces) into an action."""
    t = text.strip().lower()
    if t.startswith("keep character "):
        return Action(KEEPC, _lookup(CHARACTER_BY_NAME, t[15:], "character").id)
    if t.startswith("keep farmhouse "):
        return Action(KEEPH, _lookup(FARMHOUSE_BY_NAME, t[15:], "farmhouse").id)
    word, _, rest = t.partition(" ")
    simple = {"fertilizer": FERT, "fill": FILL, "harvest": HARVEST, "upgrade": UPGRADE, "coin": COIN,
              "done": DONE}
    if word in simple and not rest:
        return Action(simple[word])
    try:
        if word in ("sunrise", "die"):
            return Action(SUNRISE if word == "sunrise" else DIE, int(rest))
        if word == "place":
            piece = 0
            for i, p in enumerate(PIECES[1:], 1):
                if rest.endswith(" " + p):
                    rest, piece = rest[: -len(p) - 1], i
            if rest.lower() in SPACE_BY_NAME:
                return Action(PLACE, SPACE_BY_NAME[rest].id, piece)
            return Action(PLACE, NSPACES + _lookup(BUILDING_BY_NAME, rest, "space or building").id, piece)
        if word == "reactivate":
            return Action(REACT, _lookup(SPACE_BY_NAME, rest, "space").id)
        if word == "buy":
            n, crop = rest.split(" ")
            if crop.isdigit() and n in CROP_NAMES:  # "buy pumpkin 1", as the menu groups it
                n, crop = crop, n
            if not 1 <= int(n) <= R.MAX_BUY:
                raise IllegalAction(f"one purchase buys 1–{R.MAX_BUY} seeds")
            return Action(BUY, CROP_NAMES.index(crop), int(n))
        if word in ("plant", "tend"):
            crop, cell = rest.split(" ")
            return Action(PLANT if word == "plant" else TEND, CROP_NAMES.index(crop), parse_cell(cell))
        if word == "clear":
            return Action(CLEAR, parse_cell(rest))
        if word == "build":
            name, _, cell = rest.rpartition(" ")
            return Action(BUILD, _lookup(BUILDING_BY_NAME, name, "building").id, parse_cell(cell))
        if word == "pay":
            return Action(PAY, PAY_WORDS.index(rest))
        if word == "card" and rest in ("p1", "p2", "p3"):
            return Action(CARD, int(rest[1]))
        if word == "use":
            for crop_i, crop in enumerate(CROP_NAMES):
                if rest.endswith(" " + crop) and rest[: -len(crop) - 1] in FESTIVAL_BY_NAME:
                    return Action(USE, FESTIVAL_BY_NAME[rest[: -len(crop) - 1]].id, crop_i + 1)
            return Action(USE, _lookup(FESTIVAL_BY_NAME, rest, "festival card").id)
        if word == "market":
            if not rest:
                return Action(MARKET)
            if rest.startswith("pay "):
                return Action(MARKET, CROP_NAMES.index(rest[4:]) + 1)
    except (ValueError, IndexError):
        pass
    raise IllegalAction(f"{text!r} is not Harvest notation")
