"""A town's topology grown by one cell equals the one built from scratch (FF-TRL-13, FF-CON-8,
FF-TRL-7): the rules grow it after each tile, trail and upgrade instead of building it again."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.games.foxglove.geometry import E, N, S, W, cell_of
from acreage.games.foxglove.topology import Topology


def _facts(topo: Topology) -> tuple:
    # The index dicts as lists of items (their order numbers actions); groups as dicts, their
    # labels being first cells (no bot depends on the order of a group table).
    return (topo.frontier, list(topo.frontier_index.items()), topo.trails, list(topo.trail_index.items()),
            topo.comp, topo.members, topo.frontier_needs(), topo.upgradable(),
            [topo.expert(g) for g in range(5)], topo.slots)


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


# --- how a topology's groups grow ----------------------------------------------------------
# Each group is labelled by its first cell, so a change relabels only the groups it touches:
# a new cell joining one group after that group's first cell (the common case) adds itself and
# nothing else; one before it takes that group's label over; groups the cell joins take the
# smallest label among them. These tests pin which cells get which label (the equality with a
# fresh build above pins the rest).

EW, NS = E | W, N | S
A, B = cell_of(0, 0), cell_of(3, 0)


def _town() -> Topology:
    """Two buildings apart, (0,0) and (3,0): two groups, labelled by those cells."""
    return Topology({A: 0, B: 1}, [0, 1])


def _grown(topo: Topology, cell: int, code: int, kinds) -> Topology:
    child = topo.grown(cell, code, kinds)
    cells = dict(topo._cells)
    cells[cell] = code
    assert _facts(child) == _facts(Topology(cells, list(kinds)))
    return child


@pytest.mark.parametrize(("x", "y", "mask", "label", "relabelled"), [
    (1, 0, EW, (0, 0), ()),        # joins (0,0)'s group after its first cell
    (2, 0, EW, (2, 0), ((3, 0),)),  # joins (3,0)'s group before its first cell: its label now
    (5, 5, NS, (5, 5), ()),        # joins nothing: a group of its own
    (3, -1, NS, (3, -1), ((3, 0),)),  # joins (3,0)'s group, before every first cell
    (2, 0, NS, (2, 0), ()),        # joins nothing (its openings face away), between two groups
])
def test_a_new_cell_joining_one_group_or_none_relabels_at_most_that_group_FF_TRL_13(x, y, mask, label,
                                                                                  relabelled):
    topo = _town()
    cell = cell_of(x, y)
    child = _grown(topo, cell, -mask, [0, 1])
    assert child.comp[cell] == cell_of(*label)
    assert {c for c in topo.comp if child.comp[c] != topo.comp[c]} == {cell_of(*c) for c in relabelled}
    if not relabelled and label == (0, 0):
        assert child.members is topo.members  # a trail after the first cell: nothing rebuilt


def test_a_trail_joining_two_groups_and_an_upgrade_take_the_smallest_label_FF_TRL_13():
    topo = _town()
    one = _grown(topo, cell_of(1, 0), -EW, [0, 1])
    both = _grown(one, cell_of(2, 0), -EW, [0, 1])
    assert set(both.comp.values()) == {A} and both.members == {A: (0, 1)}
    # A T-junction in place of the straight: the cell is not new; its group keeps its label.
    tee = _grown(one, cell_of(1, 0), -(E | W | N), [0, 1])
    assert tee.comp == one.comp


def test_a_new_building_joins_its_group_as_the_newest_member():
    topo = _town()
    with_trail = _grown(topo, cell_of(1, 0), -EW, [0, 1])
    # At (2,0) the trail leads in; the building at (3,0) beside it is not joined (FF-EFX-25).
    child = _grown(with_trail, cell_of(2, 0), 2, [0, 1, 5])
    assert child.members[A] == (0, 2) and child.members[B] == (1,)
    alone = _grown(topo, cell_of(0, 1), 2, [0, 1, 5])
    assert alone.members[cell_of(0, 1)] == (2,)  # beside (0,0) only: a group of its own


def test_a_grown_town_derives_its_frontier_needs_from_its_parent():
    topo = _town()
    topo.frontier_needs()
    child = topo.grown(cell_of(1, 0), -EW, [0, 1])
    assert child._masks is not None  # derived at once, not left to be worked out again
    assert child.frontier_needs() == Topology(child._cells, [0, 1]).frontier_needs()
    untouched = _town().grown(cell_of(1, 0), -EW, [0, 1])
    assert untouched._masks is None  # the parent never needed them: nothing derived


def test_the_same_change_to_one_layout_gives_one_shared_successor():
    topo = _town()
    first = topo.grown(cell_of(1, 0), -EW, [0, 1])
    assert topo.grown(cell_of(1, 0), -EW, [0, 1]) is first
    assert topo.grown(cell_of(1, 0), -NS, [0, 1]) is not first


def test_move_targets_are_worked_out_once_per_layout_and_match_reachability_FF_TRN_1():
    """A layout's move targets are kept with it (a transport stage asks after every cube) and
    say what reachability and acceptance say."""
    from acreage.games.foxglove.content import TILES

    state = acreage.new_game("foxglove", players=2, seed=4)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        topo = state._topologies[0]
        if topo is None:
            continue
        for expert in (False, True):
            targets = topo.move_targets(expert)
            assert topo.move_targets(expert) is targets
            kinds = state.building_tiles[0]
            for b, cell in enumerate(state.building_cells[0]):
                for g in range(5):
                    assert targets[b][g] == tuple(
                        d for d in topo.reachable(cell, g, expert) if TILES[kinds[d]].accepts & (1 << g))
                    checked += 1
    assert checked > 100
