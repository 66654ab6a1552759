"""What a seat cannot see (``hidden.py``): ``determinize`` re-samples the hidden order of the A, B
and C stacks and changes nothing a seat can see. A copy that only cloned the game would keep every
public fact as well, so over several seeds of the searcher's generator each stack of different
tiles must leave its true order at least once, while the observation, its tensor and every public
part of the snapshot stay the same, each stack keeps its tiles and its tier, and the copy does not
depend on the true order. The observation also lists the expert seats, which are public (FF-SET-8,
FF-TRN-7)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from acreage.core.rng import Rng
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import TILES

from .helpers import game

#: A stack of at least two different tiles keeps its order with probability at most 1/2 per try.
TRIES = 30
TIERS = ("A", "B", "C")


def positions(players: int, seed: int):
    """Copies of one random game: at the start and after some random actions, up to the end."""
    state = sc.fresh(players, seed=seed)
    rng = random.Random(seed)
    marks = {0, 5, 20, 60, 150}
    step = 0
    while True:
        if step in marks or state.is_terminal:
            yield state.clone()
        if state.is_terminal or step >= max(marks):
            return
        acts = state.legal_actions()
        done = [a for a in acts if str(a) in ("done", "pass")]
        state.apply(rng.choice(done if done and rng.random() < 0.3 else acts))
        step += 1


def public_snapshot(state) -> dict:
    snap = dict(state.to_json()["state"])
    snap.pop("stacks")
    snap.pop("rng")
    snap["stack_sizes"] = [len(s) for s in state.stacks]
    return snap


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_determinize_resamples_each_stack_order_and_keeps_the_visible_FF_SET_8(players):
    """FF-SET-8: over TRIES searcher seeds each A/B/C stack order changes at least once, while
    the observation, tensor and public snapshot stay the same and tiles stay in their stack."""
    met: set[int] = set()
    for state in positions(players, seed=40 + players):
        before = state.to_json()
        truth = [tuple(s) for s in state.stacks]
        for seat in range(players):
            obs = state.observation(seat)
            tensor = state.observation_tensor(seat)
            public = public_snapshot(state)
            changed: set[int] = set()
            for k in range(TRIES):
                rng = Rng(k) if k % 2 else random.Random(k)  # both kinds of searcher generator
                det = state.determinize(seat, rng)
                assert det.observation(seat) == obs
                assert det.observation_tensor(seat) == tensor
                assert public_snapshot(det) == public
                for tier, (mine, real) in enumerate(zip(det.stacks, state.stacks, strict=True)):
                    assert Counter(mine) == Counter(real), f"stack {TIERS[tier]} lost or gained a tile"
                    assert all(TILES[t].tier == TIERS[tier] for t in mine)
                changed |= {i for i, s in enumerate(det.stacks) if tuple(s) != truth[i]}
            could = {i for i, s in enumerate(state.stacks) if len({TILES[t].name for t in s}) > 1}
            assert could <= changed, f"round {state.round}: stacks {sorted(could - changed)} never re-sampled"
            met |= could
        assert state.to_json() == before  # the real game is untouched
    assert met == {0, 1, 2}  # every stack had an order to hide at some point


def test_determinize_does_not_depend_on_the_true_order_FF_SET_8():
    """FF-SET-8: the seat cannot see a stack's order, so a copy made from a game whose stacks hold
    the same tiles in another order is the same copy (same searcher seed)."""
    state = sc.fresh(2, seed=9)
    other = state.clone()
    for stack in other.stacks:
        stack.reverse()
    assert other.stacks != state.stacks
    for k in range(5):
        a = state.determinize(0, Rng(k)).to_json()
        b = other.determinize(0, Rng(k)).to_json()
        assert a == b


def test_determinize_reseeds_the_game_generator_FF_SET_8():
    """FF-SET-8: the copy's own generator is re-seeded (a later refill cannot be predicted from
    the real game's generator), and the same searcher seed gives the same copy."""
    state = sc.fresh(3, seed=5)
    copies = [state.determinize(1, Rng(k)) for k in range(5)]
    assert all(c.rng.state != state.rng.state for c in copies)
    assert len({c.rng.state for c in copies}) == 5
    assert state.determinize(1, Rng(2)).to_json() == copies[2].to_json()


def test_a_python_random_generator_seeds_the_copy_too_FF_SET_8():
    """FF-SET-8: a searcher may pass a ``random.Random``; each of its seeds gives the copy its
    own generator and stack order (not one fixed copy), and the same seed the same copy."""
    state = sc.fresh(3, seed=5)
    copies = [state.determinize(1, random.Random(k)) for k in range(5)]
    assert len({c.rng.state for c in copies}) == 5
    assert len({tuple(map(tuple, c.stacks)) for c in copies}) > 1
    assert state.determinize(1, random.Random(2)).to_json() == copies[2].to_json()


def test_observation_lists_the_expert_seats_FF_TRN_7():
    """FF-TRN-7: the expert variant is chosen per seat and is public; the observation lists
    exactly the expert seats, and none when the option is absent."""
    assert game(expert={1}).observation(0)["expert"] == [1]
    assert game(players=3, expert={2, 0}).observation(None)["expert"] == [0, 2]
    assert game().observation(None)["expert"] == []
