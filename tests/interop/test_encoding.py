"""The Foxglove Farm observation encoding and game-length bound (pure Python, no RL library)."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

import acreage
from acreage.games.foxglove import encoding
from acreage.games.foxglove.actions import BUILD, DONE, HAUL, MOVE, PASS, PROCESS, TRAIL, TRAILS, UPGRADE
from acreage.games.foxglove.content import TILES
from acreage.games.foxglove.rulings import AB_SPACES, C_SPACES


def _random_states(players: int, seed: int, move_cap: int = 5, every: int = 3):
    """Positions along one random game (every ``every``-th, plus the end)."""
    state = acreage.new_game("foxglove", players=players, seed=seed, move_cap=move_cap)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_shape_layout_and_range(players):
    size = encoding.shape(players)[0]
    segments = encoding.layout(players)
    assert segments[-1] == ("end", size, ())
    names = [name for name, _, _ in segments]
    assert names[: 2 * players] == [f"town{k}_{part}" for k in range(players) for part in ("grid", "summary")]
    display = dict((n, s) for n, _, s in segments)["display"]
    assert display == (AB_SPACES[players] + C_SPACES, encoding.NUM_KINDS + 1)
    for state in _random_states(players, seed=players):
        assert state.observation_shape == (size,)
        for seat in range(players):
            vec = state.observation_tensor(seat)
            assert len(vec) == size
            bad = [(i, x) for i, x in enumerate(vec) if not 0.0 <= x <= 1.0]
            assert not bad, bad[:5]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_never_encodes_the_stack_order(players):
    """A determinized copy (stacks re-shuffled) and a copy with reordered stacks encode the same."""
    for i, state in enumerate(_random_states(players, seed=10 + players)):
        for seat in range(players):
            vec = state.observation_tensor(seat)
            other = state.determinize(seat, random.Random(i * 7 + seat))
            assert other.observation_tensor(seat) == vec
            flipped = state.clone()
            flipped.stacks = [list(reversed(s)) for s in flipped.stacks]
            assert flipped.observation_tensor(seat) == vec


@pytest.mark.parametrize("players", [2, 3, 4])
def test_towns_are_seen_from_the_observer(players):
    """Town block k of seat s is town block 0 of seat (s + k) % n: own town first."""
    town = encoding.WINDOW * encoding.WINDOW * encoding.CELL_CHANNELS + encoding.TOWN_FEATURES
    off = {name: offset for name, offset, _ in encoding.layout(players)}
    for state in _random_states(players, seed=20 + players, every=7):
        own = [state.observation_tensor(s)[:town] for s in range(players)]
        for s in range(players):
            vec = state.observation_tensor(s)
            for k in range(players):
                assert vec[k * town:(k + 1) * town] == own[(s + k) % players]
            actor = vec[off["actor"]:off["actor"] + players]
            if state.current_player is None:
                assert actor == [0.0] * players
            else:
                assert actor[(state.current_player - s) % players] == 1.0


def test_grid_cells_match_the_town():
    state = next(s for i, s in enumerate(_random_states(2, seed=5, every=1)) if i == 40)
    vec = state.observation_tensor(0)
    C = encoding.CELL_CHANNELS
    R = encoding.WINDOW_RADIUS
    from acreage.games.foxglove.geometry import xy

    for cell, code in state.cells[0].items():
        x, y = xy(cell)
        if max(abs(x), abs(y)) > R:
            continue
        base = ((R - y) * encoding.WINDOW + (x + R)) * C
        if code >= 0:
            tid = state.building_tiles[0][code]
            assert vec[base] == 1.0
            assert vec[base + 6] == pytest.approx((tid + 1) / encoding.NUM_KINDS)
            assert round(vec[base + 6] * encoding.NUM_KINDS) - 1 == tid
        else:
            assert vec[base + 1] == 1.0
            assert sum(vec[base + 2:base + 6]) in (2.0, 3.0)


def test_tiles_outside_the_window_are_counted():
    state = acreage.new_game("foxglove", players=1, seed=1)
    far = encoding.WINDOW_RADIUS + 2
    from acreage.games.foxglove.geometry import cell_of

    clone = state.clone()
    clone.cells[0] = dict(clone.cells[0])
    clone.cells[0][cell_of(far, 0)] = -(1 | 4)  # a trail, out of the window
    vec = clone.observation_tensor(0)
    summary = encoding.WINDOW * encoding.WINDOW * encoding.CELL_CHANNELS
    assert vec[summary + 15] == pytest.approx(1 / 8)  # trails outside the window
    assert vec[:summary] == state.observation_tensor(0)[:summary]


def test_content_assumptions_of_the_length_bound():
    assert encoding.processing_effects_per_tile() <= 1
    for t in TILES:
        for e in t.effects:
            if e.kind == "convert":
                assert sum(e.goods) <= sum(e.inputs), t.name


_PREFER = {MOVE: 0, HAUL: 0, TRAIL: 1, UPGRADE: 1, TRAILS: 2, BUILD: 3, PROCESS: 4, DONE: 9, PASS: 9}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("move_cap", [1, 5, 40])
def test_max_game_length_bounds_random_and_drawn_out_games(players, move_cap):
    bound = acreage.new_game("foxglove", players=players, move_cap=move_cap).max_game_length
    assert bound == encoding.max_game_length(players, {"move_cap": move_cap})
    for seed in range(3):
        for drawn_out in (False, True):
            state = acreage.new_game("foxglove", players=players, seed=seed, move_cap=move_cap)
            rng = random.Random(seed)
            while not state.is_terminal:
                acts = state.legal_actions()
                if drawn_out:  # keep moving, building trails and building for as long as possible
                    best = min(_PREFER.get(a.kind, 5) for a in acts)
                    acts = [a for a in acts if _PREFER.get(a.kind, 5) == best]
                state.apply(rng.choice(acts))
                assert len(state.history) <= bound
    assert encoding.max_game_length(players, {"move_cap": move_cap + 1}) > bound


def test_encode_is_fast_enough():
    states = list(_random_states(4, seed=3, every=5))
    start = time.perf_counter()
    count = 0
    for state in states:
        for seat in range(4):
            state.observation_tensor(seat)
            count += 1
    per_call = (time.perf_counter() - start) / count
    assert per_call < 0.005, f"encode takes {per_call * 1e6:.0f} µs"


def test_encoding_needs_no_numpy():
    code = (
        "import sys, acreage\n"
        "s = acreage.new_game('foxglove', players=2, seed=1)\n"
        "s.observation_tensor(0); s.max_game_length\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
