"""Small helpers for the Harvest tests."""

from __future__ import annotations

import json
import random

import pytest

import acreage
from acreage import IllegalAction
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import BLDG, FOREST
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import FESTIVAL_BY_NAME, SPACE_BY_NAME
from acreage.games.harvest.frames import EndTurn, Turn


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def assert_illegal(state, text: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before


def random_game(players: int, seed: int, ff: bool = True, upto: int | None = None):
    state = sc.fresh(players, seed=seed, assign=None, fall_festival=ff)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and (upto is None or steps < upto):
        acts = state.legal_actions()
        busy = [a for a in acts if str(a) != "done"] or acts
        state.apply(rng.choice(busy if rng.random() < 0.8 else acts))
        steps += 1
    return state


# ------------------------------------------------------------ positions shared by several modules
SEATS = ("Architect:Bakehouse", "Pumpkin Patcher:Bakehouse", "Berry Keeper:Bakehouse", "Architect:Bakehouse")


def action_turn(first: str = "Architect:Bakehouse", players: int = 3, ff: bool = True, seat: int = 0):
    """Action phase, ``seat`` to place, every space empty, an empty farm (no forests)."""
    assign = [first] + list(SEATS[1:players])
    s = sc.fresh(players, assign=";".join(assign), fall_festival=ff)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    sc.at_turn(s, seat)
    s.occupants = [() for _ in s.occupants]
    sc.set_farm(s, seat, {}, clear=True)
    return s


def space_id(name: str) -> int:
    """The id of the action space called ``name``."""
    return SPACE_BY_NAME[name.lower()].id


def festival_id(name: str) -> int:
    """The id of the Fall Festival card called ``name``."""
    return FESTIVAL_BY_NAME[name.lower()].id


def give_building(s, seat: int, name: str, cell: str = "3,1") -> None:
    """Put building ``name`` on ``seat``'s farm with its top-left corner at ``cell`` ("row,column")."""
    r, c = (int(x) for x in cell.split(","))
    i = (r - 1) * 5 + (c - 1)
    s.buildings[seat].append((BB[name.lower()].id, i))
    for j in (i, i + 1, i + 5, i + 6):
        s.farm[seat][j] = BLDG
    sc.touch(s)


def action_phase_start(players=3, **opts):
    """A fresh game played on (first legal action each time) to the start of the Action phase."""
    s = sc.fresh(players, **opts)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    return s


OTHERS = ("Pumpkin Patcher:Well House", "Berry Keeper:Seed Loft", "Lumberjack:Compost Cabin")


def start(first: str = "Architect:Bakehouse", players: int = 3, ff: bool = True):
    """Seat 0 to place in the Action phase of round 1, every space open, an empty farm (no
    forests); seat 1 places next (so "the turn is over" is exact). Every seat has its own
    farmhouse, so the position is one a real game can reach (and a snapshot of it loads)."""
    s = sc.fresh(players, assign=";".join((first,) + OTHERS[: players - 1]), fall_festival=ff)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    sc.set_farm(s, 0, {}, clear=True)
    s.queue = [1, 2][: players - 1]
    s.cycle_placed = True
    sc.touch(s)
    return s


def next_seat_to_place(s) -> bool:
    """Seat 0's turn is over and seat 1 is placing."""
    return s.frames == [EndTurn(1), Turn(1)]


def over(state) -> None:
    """End the game here: phase "over", nothing left to do."""
    state.phase = "over"
    state.frames = []


def end_farm(house: str):
    """Seat 0 with Barn, Orchard Shed and Windmill, 3 fertilizer, 2 blueberry bushes (one seed
    side, one crop side), a wheat crop, 4 coins, 9 track points, 3 water and seeds left."""
    s = sc.fresh(2, seed=4, assign=f"Architect:{house};Trader:Bakehouse", fall_festival=False)
    s.buildings[0] = [(BB["barn"].id, 0), (BB["orchard shed"].id, 2), (BB["windmill"].id, 12)]
    sc.set_farm(s, 0, {"1,5": "blueberry seed", "2,5": "blueberry crop", "3,5": "wheat crop"}, clear=True)
    s.coins[0], s.points[0], s.fertilizer[0], s.water[0], s.seeds[0] = 4, 9, 3, 3, [2, 1, 0, 1]
    s.cards[0] = []
    over(s)
    return s


def farm(s, cells: dict[str, str], ditch: bool = False) -> None:
    """Seat 0's farm: forest everywhere but ``cells``; if asked, an Irrigation Ditch on the
    block 3,4 / 3,5 / 4,4 / 4,5."""
    sc.set_farm(s, 0, {}, clear=True)
    s.farm[0] = [FOREST] * 20
    sc.set_farm(s, 0, cells)
    if ditch:
        s.buildings[0].append((BB["irrigation ditch"].id, 13))
        for j in (13, 14, 18, 19):
            s.farm[0][j] = BLDG
    sc.touch(s)


def _bottom(s, name: str) -> None:
    """Put building ``name`` in the first bottom-row Workshop slot (cost 2), only there."""
    b = BB[name.lower()].id
    s.workshop_slots = [-1 if x == b else x for x in s.workshop_slots]
    s.workshop_slots[4] = b
    sc.touch(s)


def _finish_sub(s) -> None:
    """Close an open Plant / Tend sub-decision (one crop, one cell at a time)."""
    if s.frames and s.frames[-1].kind in ("plant", "tend"):
        s.apply("done")


def keep_phase(players: int = 2, seed: int = 0):
    """A game dealt without ``assign``: every seat keeps a character, then a farmhouse."""
    return sc.fresh(players, seed=seed, assign=None)


def round_trip(s) -> None:
    data = json.loads(json.dumps(s.to_json()))
    assert acreage.load_state(data).to_json() == s.to_json()


def conserved_market(s, p3: str, p2: str, p1: str, *held: str) -> None:
    """Set the festival market (and give seat 0 the cards ``held``, bought in an earlier turn)
    by moving cards out of the deck, so every card exists as often as the game has it."""
    s.festival_deck[:0] = [c for c in (s.festival_p1, s.festival_p2) if c >= 0]
    for name in (p2, p1, *held, p3):
        s.festival_deck.remove(festival_id(name))
    s.festival_p2, s.festival_p1 = festival_id(p2), festival_id(p1)
    s.festival_deck.append(festival_id(p3))
    s.cards[0] += [festival_id(n) for n in held]
    sc.touch(s)
