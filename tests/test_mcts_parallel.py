"""Root-parallel MCTS (``mcts:workers=N``, ``acreage.agents.parallel``)."""

from __future__ import annotations

import pytest

import acreage
from acreage.agents import make_agent
from acreage.agents import mcts as mcts_module
from acreage.agents.parallel import merge


def _first_build_decision(seed: int = 2):
    """A solo Foxglove position at a construction turn where building is possible."""
    state = acreage.new_game("foxglove", players=1, seed=seed, solo_setup=5)
    while not any(str(a).startswith("build") for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    return state


def test_merge_adds_the_visits_of_every_tree():
    """The choice is the action with the most visits over all trees, not in any one tree; its
    steps come from the tree that visited it most for real."""
    own = [("a", 10.0, 6.0, ("a1",), 8), ("b", 9.0, 5.0, ("b-own",), 2)]
    helper = [("a", 2.0, 1.0, ("a2",), 0), ("b", 9.0, 6.0, ("b-helper",), 7)]
    assert merge([own], ["a", "b"]) == ("a", ("a1",))
    assert merge([own, helper], ["a", "b"]) == ("b", ("b-helper",))


def test_merge_ignores_illegal_actions_and_breaks_ties_by_reward():
    trees = [[("x", 5.0, 1.0, (), 5), ("y", 5.0, 2.0, ("y1",), 5), ("z", 50.0, 40.0, (), 50)]]
    assert merge(trees, ["x", "y"]) == ("y", ("y1",))
    assert merge(trees, ["w"]) is None


def test_one_worker_plays_exactly_as_before():
    """``workers=1`` (the default) starts no process and searches as the plain agent does."""
    state = _first_build_decision()
    plain = make_agent("mcts:book=0,iterations=24", seed=5)
    single = make_agent("mcts:book=0,iterations=24,workers=1", seed=5)
    assert plain.decide(state, 0) == single.decide(state, 0)
    assert single._team is None


def test_two_workers_search_twice_and_repeat_from_their_seed():
    """With an iteration budget each process runs that many iterations, and the helpers'
    seeds come from the agent's, so the same seed gives the same move."""
    state = _first_build_decision()
    first = make_agent("mcts:book=0,iterations=12,workers=2", seed=3)
    second = make_agent("mcts:book=0,iterations=12,workers=2", seed=3)
    try:
        move = first.decide(state, 0)
        assert move in state.legal_actions()
        assert first.last_iterations == 24
        assert second.decide(state, 0) == move
        before = state.to_json()
        first.decide(state, 0)
        assert state.to_json() == before  # the real state is never touched
    finally:
        first.close()
        second.close()
    assert first._team is None


def test_a_parallel_agent_plays_a_whole_solo_game():
    state = acreage.new_game("foxglove", players=1, seed=8, solo_setup=3)
    agent = make_agent("mcts:iterations=4,workers=2", seed=1)
    try:
        while not state.is_terminal:
            action = agent.decide(state, 0)
            assert action in state.legal_actions()
            state.apply(action)
    finally:
        agent.close()
    assert state.scores()[0] > 0


def test_a_helper_keeps_its_subtree_under_the_agents_choice():
    """A helper's tree survives a decision on the same terms as the agent's own (``reuse``):
    when the agent played the helper's foreseen turn, the next search starts from that
    child; when it played something else, from a fresh root."""
    state = _first_build_decision(seed=3)
    helper = make_agent("mcts:book=0,iterations=30", seed=9)
    stats, iterations = helper.helper_search(state, 0, 30, None, None, None)
    assert iterations == 30 and stats
    root = helper._last_search[0]
    chosen = max(root.children, key=lambda a: root.children[a].visits)
    child = root.children[chosen]
    assert not child.fresh
    played = [chosen, *child.path]
    after = state.clone()
    for step in played:
        after.apply(step)
    while not after.is_terminal and len(after.legal_actions()) == 1:
        played.append(after.legal_actions()[0])
        after.apply(played[-1])
    helper.helper_search(after, 0, 5, None, chosen, played)
    assert helper.last_reused == child.visits - 5 > 0  # its old visits, then 5 new ones
    assert helper._last_search[0] is child
    # The agent returned a different turn: nothing to keep.
    other = next(a for a in state.legal_actions() if a != chosen and str(a).startswith("build"))
    fresh = make_agent("mcts:book=0,iterations=30", seed=9)
    fresh.helper_search(state, 0, 30, None, None, None)
    fresh.helper_search(after, 0, 5, None, other, [other])
    assert fresh.last_reused == 0


def test_workers_must_be_a_count():
    with pytest.raises(ValueError, match="workers"):
        make_agent("mcts:workers=-1")
    assert make_agent("mcts:workers=0").workers >= 1  # one per core


def test_without_helper_processes_the_agent_searches_alone(monkeypatch):
    """Where no process may be started (inside a daemonic pool worker), the agent warns once
    and searches in its own process."""

    def refuse(*_args, **_kwargs):
        raise RuntimeError("daemonic processes are not allowed to have children")

    monkeypatch.setattr(mcts_module, "SearchTeam", refuse)
    state = _first_build_decision()
    agent = make_agent("mcts:book=0,iterations=6,workers=3", seed=2)
    with pytest.warns(RuntimeWarning, match="alone"):
        move = agent.decide(state, 0)
    assert move in state.legal_actions()
    assert agent.last_iterations == 6
