"""The shortlist of sub-decision options that look-ahead judges (``games/foxglove/bots/prune.py``).

FF-TRL-1, FF-CON-8: the trail placements and building cells are all offered by the engine;
the shortlist only decides which of them a bot's greedy completion bothers to judge."""

from __future__ import annotations

import dataclasses
import random

import pytest

import acreage
from acreage.agents import make_agent
from acreage.agents.simple import complete_turn
from acreage.core.registry import game_info
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import PLACE, TRAIL
from acreage.games.foxglove.bots import prune
from acreage.games.foxglove.bots.prune import CELLS_KEPT, TRAILS_KEPT, shortlist
from acreage.games.foxglove.geometry import cell_of, neighbours, shape_name


def _direction(src: tuple[int, int], dst: tuple[int, int]) -> int:
    return next(d for d, nb in neighbours(cell_of(*src)) if nb == cell_of(*dst))


def _is_ordered_subset(kept, actions) -> bool:
    members = set(kept)
    return kept == [a for a in actions if a in members]


def test_registered_for_the_game():
    assert game_info("foxglove").shortlist is shortlist


def test_trail_step_keeps_the_trail_that_joins_two_buildings_FF_TRL_1(monkeypatch):
    """A trail between the Forest and a Charcoal Kiln two cells away is the obvious one to lay;
    it must survive the cut, with every upgrade and "done", and the order is the engine's."""
    state = sc.fresh(1, seed=1, solo_setup=2)
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.play(state, "trails")
    actions = state.legal_actions()
    assert sum(a.kind == TRAIL for a in actions) > TRAILS_KEPT
    kept = shortlist(state, actions)
    assert _is_ordered_subset(kept, actions)
    assert [a for a in kept if a.kind != TRAIL] == [a for a in actions if a.kind != TRAIL]
    assert sum(a.kind == TRAIL for a in kept) == TRAILS_KEPT
    bridge_mask = _direction((0, 1), (0, 0)) | _direction((0, 1), (0, 2))
    bridge = [a for a in actions if a.kind == TRAIL and a.a == cell_of(0, 1) and a.b == bridge_mask]
    assert bridge and bridge[0] in kept
    # A trail that faces no building and no trail end (away from the town) is dropped.
    lonely = [a for a in actions if a.kind == TRAIL and a.a == cell_of(-1, 0)
              and not a.b & _direction((-1, 0), (0, 0))]
    assert lonely and not any(a in kept for a in lonely)
    # It is the first choice: no other placement joins two groups of buildings.
    monkeypatch.setattr(prune, "TRAILS_KEPT", 1)
    assert [a for a in shortlist(state, actions) if a.kind == TRAIL] == bridge


def test_placement_keeps_the_cells_trail_ends_point_into_FF_CON_8(monkeypatch):
    """A building placed where a trail ends is joined at once: such cells are kept."""
    state = sc.fresh(1, seed=1, solo_setup=2)
    for line in (((0, 0), (0, 1), (0, 2), (0, 3)), ((1, 0), (2, 0), (3, 0), (4, 0)),
                 ((0, 0), (-1, 0), (-2, 0), (-3, 0))):  # two trails in a row, open at the far end
        for back, cell, ahead in zip(line[:-2], line[1:-1], line[2:], strict=True):
            sc.add_trail(state, 0, cell, shape_name(_direction(cell, back) | _direction(cell, ahead)))
    sc.play(state, "build Granary")
    actions = state.legal_actions()
    assert all(a.kind == PLACE for a in actions) and len(actions) > CELLS_KEPT
    kept = shortlist(state, actions)
    assert _is_ordered_subset(kept, actions) and len(kept) == CELLS_KEPT
    ends = {cell_of(*end) for end in ((0, 3), (4, 0), (-3, 0))}  # where the lines of trails point
    assert ends <= {a.a for a in kept}
    monkeypatch.setattr(prune, "CELLS_KEPT", 3)  # they come first
    assert {a.a for a in shortlist(state, actions)} == ends


def test_other_decisions_are_left_whole():
    state = sc.fresh(1, seed=1, solo_setup=2)
    actions = state.legal_actions()  # a construction turn: no sub-decision
    assert shortlist(state, actions) == actions
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A", wood=2)  # a second source of wood
    sc.play(state, "build Granary")
    sc.play(state, str(state.legal_actions()[0]))  # placed: now paying
    assert state.frames[-1].kind == "pay"
    pay = state.legal_actions()
    assert len(pay) > 1
    assert shortlist(state, pay) == pay


def test_completion_judges_only_the_shortlist():
    """complete_turn with a shortlist judges each step's kept options and nothing else."""
    state = sc.fresh(1, seed=1, solo_setup=2)
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.play(state, "trails")
    judged = []

    def judge(s, seat):
        judged.append(s.history[-1])
        return 0.0

    first = state.legal_actions()
    complete_turn(state.clone(), 0, judge, random.Random(1), depth=1, shortlist=shortlist)
    assert sorted(map(str, judged)) == sorted(map(str, shortlist(state, first)))
    judged.clear()
    complete_turn(state.clone(), 0, judge, random.Random(1), depth=1)
    assert len(judged) == len(first)


@pytest.mark.bot_search
def test_bots_use_the_shortlist_unless_told_not_to(monkeypatch):
    from acreage.agents import mcts, simple

    calls = {"n": 0}
    real = game_info("foxglove")

    def counted(state, actions, keep=None):
        calls["n"] += 1
        return real.shortlist(state, actions, keep=keep)

    patched = dataclasses.replace(real, shortlist=counted)
    for module in (simple, mcts):
        monkeypatch.setattr(module, "game_info", lambda name: patched)
    state = acreage.new_game("foxglove", players=1, seed=3, solo_setup=2)
    for spec in ("greedy:learned=1", "mcts:iterations=6"):
        for off, expect_calls in ((1, False), (0, True)):
            calls["n"] = 0
            probe = state.clone()
            agent = make_agent(f"{spec},shortlist={1 - off}", seed=1)
            for _ in range(8):
                probe.apply(agent.decide(probe, 0))
            assert (calls["n"] > 0) == expect_calls, (spec, off)


def test_a_smaller_list_on_request_keeps_the_best_of_the_full_one_FF_TRL_1():
    """``keep`` (MCTS's ``order_keep``) cuts the same ranking shorter: the bridge trail, first
    by the ranking, is still kept, with every upgrade and "done", in the engine's order."""
    state = sc.fresh(1, seed=1, solo_setup=2)
    sc.add_building(state, 0, "Charcoal Kiln", (0, 2), tier="A")
    sc.play(state, "trails")
    actions = state.legal_actions()
    full = shortlist(state, actions)
    kept = shortlist(state, actions, keep=2)
    assert _is_ordered_subset(kept, actions)
    assert sum(a.kind == TRAIL for a in kept) == 2
    assert [a for a in kept if a.kind != TRAIL] == [a for a in actions if a.kind != TRAIL]
    assert set(kept) <= set(full)
    bridge_mask = _direction((0, 1), (0, 0)) | _direction((0, 1), (0, 2))
    assert any(a.kind == TRAIL and a.a == cell_of(0, 1) and a.b == bridge_mask for a in kept)
