"""A town's topology grown by one cell equals the one built from scratch (FF-TRL-13, FF-CON-8,
FF-TRL-7): the rules grow it after each tile, trail and upgrade instead of building it again."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.games.foxglove.topology import Topology


def _facts(topo: Topology) -> tuple:
    # Lists of items, so the order of the dicts counts too (bots iterate ``comp``).
    return (topo.frontier, list(topo.frontier_index.items()), topo.trails, list(topo.trail_index.items()),
            list(topo.comp.items()), list(topo.members.items()), topo.frontier_needs(), topo.upgradable(),
            [topo.expert(g) for g in range(5)], topo._firsts)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_grown_topology_equals_a_fresh_one_FF_TRL_13_FF_CON_8(players):
    grown = 0
    for seed in range(8):
        state = acreage.new_game("foxglove", players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            before = list(state._topologies)
            legal = state.legal_actions()
            busy = [a for a in legal if str(a) not in ("pass", "done")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.8 else legal))
            for seat, topo in enumerate(state._topologies):
                if topo is not None and before[seat] is not None and topo is not before[seat]:
                    fresh = Topology(state.cells[seat], state.building_tiles[seat])
                    assert _facts(topo) == _facts(fresh)
                    grown += 1
    assert grown > 50


def test_a_town_with_a_grown_topology_pickles_as_its_layout():
    """Bots travel to web workers pickled, positions with them: a topology goes as its layout
    and comes back equal (its memo of successors stays behind)."""
    import pickle

    state = acreage.new_game("foxglove", players=2, seed=1)
    rng = random.Random(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    assert all(topo is not None for topo in state._topologies)
    copy = pickle.loads(pickle.dumps(state))
    for mine, theirs in zip(state._topologies, copy._topologies, strict=True):
        assert _facts(mine) == _facts(theirs)
    assert copy.legal_actions() == state.legal_actions()
