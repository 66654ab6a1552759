"""Small helpers for the Foxglove Farm tests: positions and move lists shared by several modules.

Coordinates: the Forest is at (0,0) and the Mine at (1,0); x grows east and y grows north.
"""

from __future__ import annotations

import pytest

from acreage import IllegalAction
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import find_tile

FOREST = (0, 0)
MINE = (1, 0)
ALL_GOODS = ("wood", "stone", "wheat", "coal", "sheep")
NEXT_TO_START = {(0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1)}

# Six A tiles and four C tiles with different names, used to make displays deterministic.
SIX_A = ["Allotment", "Meadow", "Barn", "Quarry", "Coal Mine", "Volcano"]
FOUR_C = ["Bakery", "Cafe", "Foundry", "Grocer"]


def game(players: int = 2, seed: int = 3, **options):
    """A fresh game, seat 0 the start player unless ``options`` say otherwise."""
    options.setdefault("start_player", 0)
    return sc.fresh(players, seed=seed, **options)


def game_seed_0(players: int = 2, seed: int = 0, **options):
    """``game`` on seed 0 unless told: the tests of setup, the display, rounds, construction and
    trails build their positions on it, under the name ``game``."""
    return game(players, seed=seed, **options)


def legal(state) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}


def sorted_legal(state) -> list[str]:
    """The legal actions, as notation, in sorted order."""
    return sorted(str(a) for a in state.legal_actions())


def assert_illegal(state, text: str) -> None:
    """``text`` is refused (as notation and as a structural action) and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before
    action = state._parse_structural(text)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def new_events(state, since: int) -> list[dict]:
    """The events after ``since``, without the bookkeeping fields ``i`` and ``step``."""
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(None, since)]


def moves(state) -> set[str]:
    """The legal transport moves, as notation."""
    return {a for a in legal(state) if a.startswith("move ")}


def empty_town(state, seat: int, wood: int = 0, stone: int = 0) -> None:
    """Only the Forest (``wood``) and the Mine (``stone``) are left in the seat's town."""
    sc.clear_town(state, seat)
    sc.set_cubes(state, seat, FOREST, wood=wood)
    sc.set_cubes(state, seat, MINE, stone=stone)


def hold(state, seat: int) -> None:
    """Give ``seat`` a pending choice everywhere (1 wood that can move to an empty Kiln)."""
    empty_town(state, seat, wood=1)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, "Charcoal Kiln", (0, 2), tier="A")


def pay_all(state) -> None:
    """Answer every payment step with the first cube offered."""
    while True:
        pays = [a for a in state.legal_actions() if str(a).startswith("pay ")]
        if not pays:
            return
        state.apply(pays[0])


def build(state, name: str, at: tuple[int, int]) -> None:
    """Put ``name`` alone on its display area and build it at ``at`` for the player to act."""
    if find_tile(name).tier == "C":
        sc.set_display(state, c=[name])
    else:
        sc.set_display(state, ab=[name])
    sc.play(state, f"build {name}", f"place {at[0]},{at[1]}")
    pay_all(state)


def kuly(state, seat: int, forest: int = 0, kiln=None, butcher=None, lamb=None, ranch=None) -> None:
    """The layout of FF-EX-8: two trail networks above the Forest."""
    empty_town(state, seat, wood=forest)
    sc.add_trail(state, seat, (0, 1), "NS")
    sc.add_building(state, seat, "Charcoal Kiln", (0, 2), tier="A", **(kiln or {}))
    sc.add_trail(state, seat, (0, 3), "NS")
    sc.add_building(state, seat, "Butcher", (0, 4), **(butcher or {}))
    sc.add_building(state, seat, "Lambing Shed", (1, 2), **(lamb or {}))
    sc.add_trail(state, seat, (1, 3), "NS")
    sc.add_building(state, seat, "Ranch", (1, 4), **(ranch or {}))


def finish_game(state) -> None:
    """From round 4's combined stage, declare done for every seat until the game is over."""
    while not state.is_terminal:
        state.apply("done")


def construction_turn(round_: int, seat: int = 0):
    """``seat``'s construction stage in round ``round_``, its town only 5 wood and 3 stone."""
    state = game()
    empty_town(state, seat, wood=5, stone=3)
    sc.goto_construction(state, seat, round=round_)
    return state


def empty_towns_game(players: int = 2):
    """A new game with every town empty (cubes only where a test puts them), to finish in round 4."""
    state = game(players)
    for seat in range(players):
        empty_town(state, seat)
    return state


def finish_in_round_4(state) -> None:
    """Go to round 4's combined stage and declare done for every seat until the game is over."""
    sc.goto_transport(state, 0, round=4)
    finish_game(state)


def stock(state, seat: int, wood: int = 5, stone: int = 3) -> None:
    sc.set_cubes(state, seat, (0, 0), wood=wood)
    sc.set_cubes(state, seat, (1, 0), stone=stone)


def total_cubes(state, seat: int) -> int:
    return state.cubes_in_town(seat)


def names(state) -> list[list[str]]:
    return sc.display_names(state)


def stack_refs(state, tier: str) -> list[str]:
    """The tier's face-down stack as 'tier:name' refs, top of the stack LAST."""
    return state.to_json()["state"]["stacks"][tier]


def display_refs(state) -> list[list[str]]:
    return state.to_json()["state"]["display"]


def town(state, seat: int) -> dict:
    return state.to_json()["state"]["towns"][seat]


def trail_at(state, seat: int, at: tuple[int, int]) -> str | None:
    for x, y, shape in town(state, seat)["trails"]:
        if (x, y) == at:
            return shape
    return None


def place_cells(state) -> set[tuple[int, int]]:
    out = set()
    for a in legal(state):
        if a.startswith("place "):
            x, y = a.split()[1].split(",")
            out.add((int(x), int(y)))
    return out


def phase(state) -> str:
    return state.observation(0)["phase"]


def pass_and_finish_round(state) -> None:
    """Everyone passes and finishes transport until the round number changes (or the game ends)."""
    start = state.round
    while not state.is_terminal and state.round == start:
        acts = legal(state)
        state.apply("pass" if "pass" in acts else "done")


def processed(name: str, tier: str | None = None, **cubes: int) -> tuple[int, dict[str, int]]:
    """Run one round-1 processing phase on a lone, unconnected ``name``: (points, cubes after)."""
    state = game()
    empty_town(state, 0)
    hold(state, 1)
    sc.add_building(state, 0, name, (3, 3), tier=tier, **cubes)
    sc.goto_transport(state, 0, round=1)
    assert legal(state) == {"done"}
    before = state.scores()[0]
    state.apply("done")
    assert state.current_player == 1  # seat 0's processing ran without asking anything
    return state.scores()[0] - before, sc.cubes_at(state, 0, (3, 3))


def produced(name: str, tier: str | None = None, points: int = 0, **cubes: int):
    """Run round-2 production on a lone ``name`` (Forest and Mine already full)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    state.points[0] = points
    sc.add_building(state, 0, name, (3, 3), tier=tier, **cubes)
    sc.start_round(state, 2)
    return state


def _one_move_under_a_cap_of_one():
    """Move cap 1; the Forest's 2 wood can go to a Kiln along an NS trail; one has moved, with
    the log kept from just before the move (its index returned)."""
    state = game(move_cap=1)
    empty_town(state, 0, wood=2)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    state.record_events()
    start = state.event_count
    sc.play(state, "move wood 0,0>0,2")
    return state, start
