"""Shared parametrisation for the interop tests: every registered game, several player counts.

Games stay short through a small ``move_cap`` where a game has that option.

The registry is read through ``acreage.core.games``: ``acreage.games`` (the same function) is
shadowed by the ``acreage.games`` subpackage as soon as any game module has been imported.
"""

from __future__ import annotations

from acreage.core import games

SHORT = {"move_cap": 5}


def short_options(info) -> dict:
    return {k: v for k, v in SHORT.items() if k in info.options}


def player_counts(info) -> list[int]:
    wanted = (info.min_players, 2, info.max_players)
    return sorted({n for n in wanted if info.min_players <= n <= info.max_players})


def game_cases() -> list[tuple[str, int, dict]]:
    return [(info.name, n, short_options(info)) for info in games() for n in player_counts(info)]


def pytest_generate_tests(metafunc):
    if "game_case" in metafunc.fixturenames:
        cases = game_cases()
        metafunc.parametrize("game_case", cases, ids=[f"{g}-{n}p" for g, n, _ in cases])
    if "solo_game" in metafunc.fixturenames:
        solo = [(info.name, short_options(info)) for info in games() if info.min_players == 1]
        metafunc.parametrize("solo_game", solo, ids=[g for g, _ in solo])
