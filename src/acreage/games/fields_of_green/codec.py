"""Action ids and notation: the fixed id layout (docs/fields_of_green.md) and the structural
parser.

Functions of the state: ``state.py`` hands its contract's id and notation calls to them.
"""

from __future__ import annotations

from ...core.errors import BadActionId, IllegalAction
from . import rulings as R
from .actions import (
    CELL_KINDS,
    DONE,
    EQUIP,
    INSTALL,
    KIND_WORDS,
    MARKET,
    PICK,
    SELL,
    SPLIT,
    Action,
    cell_name,
    parse_cell,
)
from .constants import (
    NEW_KINDS,
    OFF_DONE,
    OFF_EQUIP,
    OFF_INSTALL,
    OFF_MARKET,
    OFF_NEW,
    OFF_PICK,
    OFF_PIECE,
    OFF_SELL,
    OFF_SPLIT,
    PIECE_KINDS,
)
from .content import find_card, find_equipment
from .queries import frontier_info


def piece_at(state, seat: int, cell: int, what: str) -> int:
    p = state.cells[seat].get(cell)
    if p is None:
        raise IllegalAction(f"seat {seat} has no card at {cell_name(cell)} ({what})")
    if p >= R.MAX_PIECES:
        raise IllegalAction(f"card #{p} of seat {seat} lies beyond the id bound of {R.MAX_PIECES} cards")
    return p

def action_id(state, a: Action) -> int:
    k = a.kind
    if not 0 <= k < len(KIND_WORDS):
        raise IllegalAction(f"{tuple(a)} has kind {k}, which is not an action kind; kinds run "
                            f"0-{len(KIND_WORDS) - 1} ({', '.join(KIND_WORDS)})")
    if k == SPLIT:
        return OFF_SPLIT + a.a
    if k == PICK:
        return OFF_PICK + a.a
    if k == MARKET:
        return OFF_MARKET + a.a
    if k == SELL:
        return OFF_SELL + a.a
    if k == DONE:
        return OFF_DONE
    seat = state.current_player
    if seat is None:
        raise IllegalAction("the game is over")
    if k in NEW_KINDS:
        idx = frontier_info(state, seat)[1].get(a.a)
        if idx is None:
            raise IllegalAction(f"cell {cell_name(a.a)} is not an empty cell next to seat {seat}'s "
                                f"farm ({a})")
        if idx >= R.MAX_FRONTIER:  # pragma: no cover - a farm never gets near the bound
            raise IllegalAction(f"frontier cell #{idx} lies beyond the id bound of {R.MAX_FRONTIER}")
        return OFF_NEW + NEW_KINDS.index(k) * R.MAX_FRONTIER + idx
    if k in PIECE_KINDS:
        p = piece_at(state, seat, a.a, KIND_WORDS[k])
        return OFF_PIECE + PIECE_KINDS.index(k) * R.MAX_PIECES + p
    if k == EQUIP:
        p = R.MAX_PIECES if a.c else piece_at(state, seat, a.b, "equip")
        return OFF_EQUIP + a.a * (R.MAX_PIECES + 1) + p
    p = piece_at(state, seat, a.b, "install")
    return OFF_INSTALL + a.a * R.MAX_PIECES + p

def action_from_id(state, action_id: int) -> Action:
    i = action_id
    if i < OFF_PICK:
        return Action(SPLIT, i - OFF_SPLIT)
    if i < OFF_MARKET:
        return Action(PICK, i - OFF_PICK)
    if i < OFF_SELL:
        return Action(MARKET, i - OFF_MARKET)
    if i < OFF_NEW:
        return Action(SELL, i - OFF_SELL)
    if i == OFF_DONE:
        return Action(DONE)
    seat = state.current_player
    if seat is None:
        raise IllegalAction("the game is over")
    if i < OFF_PIECE:
        k, n = divmod(i - OFF_NEW, R.MAX_FRONTIER)
        front = frontier_info(state, seat)[0]
        if n >= len(front):
            raise BadActionId(f"action id {action_id} names frontier cell #{n}, "
                                f"but seat {seat}'s farm has {len(front)}")
        return Action(NEW_KINDS[k], front[n])

    def cell(p: int) -> int:
        if p >= len(state.piece_cells[seat]):
            raise BadActionId(f"action id {action_id} names card #{p}, which seat {seat} does not have")
        return state.piece_cells[seat][p]

    if i < OFF_EQUIP:
        j = i - OFF_PIECE
        return Action(PIECE_KINDS[j // R.MAX_PIECES], cell(j % R.MAX_PIECES))
    if i < OFF_INSTALL:
        j = i - OFF_EQUIP
        k, p = divmod(j, R.MAX_PIECES + 1)
        return Action(EQUIP, k, 0, 1) if p == R.MAX_PIECES else Action(EQUIP, k, cell(p))
    k, p = divmod(i - OFF_INSTALL, R.MAX_PIECES)
    return Action(INSTALL, k, cell(p))

def parse(state, text: str) -> Action:
    words = text.strip().split(" ", 1)
    kind_word = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if kind_word not in KIND_WORDS:
        raise IllegalAction(f"unknown action {kind_word!r}; actions are {', '.join(KIND_WORDS)}")
    k = KIND_WORDS.index(kind_word)
    try:
        if k == SPLIT:
            from .actions import SPLIT_INDEX
            parts = tuple(int(v) for v in rest.split("/"))
            if parts not in SPLIT_INDEX:
                raise ValueError("a split is four counts like 2/2/1/1 that add up to 6")
            return Action(SPLIT, SPLIT_INDEX[parts])
        if k == PICK:
            return Action(PICK, find_card(rest).id)
        if k in CELL_KINDS:
            return Action(k, parse_cell(rest))
        if k == DONE:
            if rest:
                raise ValueError("done takes nothing after it")
            return Action(DONE)
        if k in (MARKET, SELL):
            v = int(rest)
            if not 0 <= v <= 2:
                raise ValueError("sell 0, 1 or 2 Food")
            return Action(k, v)
        name, _, where = rest.rpartition(" ")
        kind = find_equipment(name)
        if k == EQUIP and where.lower() == "store":
            return Action(EQUIP, kind.id, 0, 1)
        return Action(k, kind.id, parse_cell(where))
    except (KeyError, ValueError) as exc:
        raise IllegalAction(f"cannot read {text!r}: {exc}") from None
