"""Invariants of random play (every rules module at once): in random games of one to four players
no tile holds more cubes than its slots, each display area stays full while its stack lasts, and no
space mixes tiles or shows an A tile once the B tiles are out (FF-SET-5, FF-DSP-5, FF-DSP-6)."""

from __future__ import annotations

import random

import pytest

import acreage

from .helpers import display_refs, stack_refs


def _random_game_checks(players: int, seed: int) -> None:
    state = acreage.new_game("foxglove", players=players, seed=seed)
    rng = random.Random(seed)
    n_ab = {1: 6, 2: 6, 3: 7, 4: 8}[players]
    while not state.is_terminal:
        obs = state.observation(0)
        for t in obs["towns"]:
            for b in t["buildings"]:
                assert sum(b["cubes"].values()) <= b["slots"], b  # FF-SET-5
        refs = display_refs(state)
        for sp in refs:
            assert len(set(sp)) <= 1, sp  # FF-DSP-6: a stack holds one tile kind only
        if state.round >= 3:
            assert not any(ref.startswith("A:") for sp in refs for ref in sp)  # FF-DSP-6, FF-RND-9
        if "construction turn" in state.describe_decision():
            ab_tier = "A" if state.round <= 2 else "B"
            if stack_refs(state, ab_tier):  # FF-DSP-5: unless the stack has run out
                assert all(refs[:n_ab])
            if stack_refs(state, "C"):
                assert all(refs[n_ab:])
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_play_invariants_FF_SET_5_FF_DSP_5_FF_DSP_6(players):
    """Checks FF-SET-5 (no tile over its slots), FF-DSP-5 (occupied spaces constant while the
    stack lasts) and FF-DSP-6 (no mixed stacks; no A tile next to B tiles) in random games."""
    for seed in (100, 200, 300):
        _random_game_checks(players, seed=seed + players)
