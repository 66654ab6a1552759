"""Small helpers for the Foxglove Farm tests: positions and move lists shared by several modules.

Coordinates: the Forest is at (0,0) and the Mine at (1,0); x grows east and y grows north.
"""

from __future__ import annotations

from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import find_tile

FOREST = (0, 0)
MINE = (1, 0)


def game(players: int = 2, seed: int = 3, **options):
    """A fresh game, seat 0 the start player unless ``options`` say otherwise."""
    options.setdefault("start_player", 0)
    return sc.fresh(players, seed=seed, **options)


def legal(state) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}


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
