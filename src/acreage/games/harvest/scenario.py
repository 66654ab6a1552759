"""Build Harvest positions by hand for tests and the checklist's worked examples.

A scenario starts from a real new game (characters assigned, HV-SET-9) and edits stocks, farms
and the decision stack; every rule afterwards runs through the normal engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.options import normalise_options
from . import GAME_INFO, _assign_pairs
from .actions import parse_cell
from .constants import CROP0, EMPTY, FOREST, SEED0
from .content import CROP_NAMES, FESTIVAL_BY_NAME
from .frames import EndTurn, Turn
from .state import HarvestState

DEFAULT = ("Trader:Bakehouse", "Architect:Well House", "Lumberjack:Seed Loft", "Early Riser:Compost Cabin")


def fresh(players: int = 3, seed: Any = 0, **options: Any) -> HarvestState:
    """A new game at its first decision; characters assigned unless ``assign=None`` is given."""
    if "assign" not in options:
        options["assign"] = ";".join(DEFAULT[:players])
    # A staged position may seat several players in one farmhouse (to test it on each), which
    # the public ``assign`` option refuses; the clash check is left out here.
    specs = {**GAME_INFO.options, "assign": replace(GAME_INFO.options["assign"], convert=_assign_pairs)}
    opts = normalise_options(GAME_INFO.name, specs, players, options)
    return GAME_INFO.factory(players, seed, opts)


def touch(state: HarvestState) -> None:
    """Forget the legal actions worked out before a hand edit (they are listed afresh)."""
    state._legal = None


def at_turn(state: HarvestState, seat: int) -> None:
    """Make ``seat`` the player to place a piece now (Action phase)."""
    state.phase = "action"
    state.frames = [EndTurn(seat), Turn(seat)]
    touch(state)


def set_farm(state: HarvestState, seat: int, cells: dict[str, str], clear: bool = False) -> None:
    """``{"1,1": "wheat crop", "2,2": "strawberry seed", "1,4": "empty", "1,5": "forest"}``."""
    if clear:
        state.farm[seat] = [EMPTY] * len(state.farm[seat])
    for cell, what in cells.items():
        i = parse_cell(cell)
        if what == "empty":
            state.farm[seat][i] = EMPTY
        elif what == "forest":
            state.farm[seat][i] = FOREST
        else:
            crop, side = what.split()
            state.farm[seat][i] = (CROP0 if side == "crop" else SEED0) + CROP_NAMES.index(crop)
    touch(state)


def set_market(state: HarvestState, p3: str | None, p2: str | None, p1: str | None) -> None:
    """Lay out the festival card market by name: ``p3`` goes on top of the deck, ``p2`` and
    ``p1`` face up (None: an empty place; for ``p3``, the deck as it was)."""

    def cid(name):
        return FESTIVAL_BY_NAME[name.lower()].id if name else -1

    if p3:
        state.festival_deck.append(cid(p3))
    state.festival_p2, state.festival_p1 = cid(p2), cid(p1)
    touch(state)


def give_cards(state: HarvestState, seat: int, *names: str, fresh_: bool = False) -> None:
    """Put festival cards in the seat's hand by name (``fresh_``: bought this turn, not usable yet)."""
    for n in names:
        state.cards[seat].append(FESTIVAL_BY_NAME[n.lower()].id)
        if fresh_:
            state.fresh[seat].append(FESTIVAL_BY_NAME[n.lower()].id)
    touch(state)
