"""The beam bot: whole turns carried to the game's horizon, one determinization per decision.

It plays single-player games only, decides legally without changing the real game or reading
the hidden stacks (FF-SET-8), judges its lines where the game's horizon puts them (Foxglove:
the next round's first construction decision, or the game's end in round 4) and plays the rest
of its chosen turn (FF-CON-1: a build is build, place, pay) without searching again."""

from __future__ import annotations

import random
import time

import pytest

import acreage
from acreage import arena
from acreage.agents import BeamAgent, make_agent
from acreage.app.players import SetupError, make_players
from acreage.arena.jobs import ArenaError
from acreage.core import games
from acreage.games.foxglove.constants import CONSTRUCTION


def _solo_build_decision(seed: int = 2, setup: int = 5, rnd: int = 1):
    """A solo Foxglove position at a construction turn of round ``rnd`` where building is
    possible (earlier rounds played by taking the first legal action)."""
    state = acreage.new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    while not (state.round == rnd and any(str(a).startswith("build") for a in state.legal_actions())):
        state.apply(state.legal_actions()[0])
    return state


def test_beam_plays_legal_actions_in_every_single_player_game():
    for info in games():
        if info.min_players > 1:
            continue
        state = acreage.new_game(info.name, players=1, seed=3)
        agent = make_agent("beam:width=2,ms=100", seed=1)
        for _ in range(20):
            if state.is_terminal:
                break
            before = state.to_json()
            action = agent.decide(state, 0)
            assert state.to_json() == before, info.name  # deciding never changes the real game
            assert action in state.legal_actions(), info.name
            state.apply(action)


def test_beam_refuses_games_with_opponents_and_bad_options(tmp_path):
    state = acreage.new_game("foxglove", players=2, seed=1)
    with pytest.raises(ValueError, match="single-player games only.*mcts"):
        make_agent("beam").decide(state, state.current_player)
    with pytest.raises(ArenaError, match="agent 'beam:ms=50'.*single-player games only"):
        arena.simulate("foxglove", 2, ["beam:ms=50", "greedy"], games=1, out=tmp_path / "r.jsonl")
    assert not (tmp_path / "r.jsonl").exists()  # refused before anything was written
    with pytest.raises(SetupError, match="single-player games only"):
        make_players(2, humans=1, bots=["beam"])
    make_players(1, humans=0, bots=["beam"])  # alone, it is welcome
    with pytest.raises(ValueError, match="width=0"):
        make_agent("beam:width=0")
    with pytest.raises(ValueError, match="no iterations.*ms="):
        make_agent("beam:iterations=5")
    with pytest.raises(ValueError, match="unknown option 'depth' for bot beam"):
        make_agent("beam:depth=3")


def test_beam_decisions_do_not_depend_on_the_hidden_stack_order_FF_SET_8():
    """FF-SET-8: with the same seed and no time limit, the bot decides the same whatever the
    order of the face-down stacks it cannot see."""
    state = _solo_build_decision()
    other = state.clone()
    for stack in other.stacks:
        random.Random(1).shuffle(stack)
    assert other.stacks != state.stacks
    seen = make_agent("beam:width=2", seed=4).decide(state, 0)
    assert seen == make_agent("beam:width=2", seed=4).decide(other, 0)


def test_beam_judges_its_lines_at_the_next_round_start():
    """From a round-1 turn, the best line is judged at the first construction decision of
    round 2 (or of round 3, for a line that passed and whose next decision came later),
    never in mid-round where the value's per-round levels are not comparable."""
    state = _solo_build_decision()
    agent = BeamAgent(seed=1, width=2, book=0)
    assert agent.decide(state, 0) in state.legal_actions()
    leaf = agent.last_leaf
    assert agent.last_lines >= 1 and agent.last_levels >= 2
    assert leaf.round > state.round and leaf.phase == CONSTRUCTION and not leaf.in_subdecision()


def test_beam_carries_round_four_lines_to_the_exact_final_score():
    """In the last round the horizon is the game's end: the best line is a finished game."""
    state = _solo_build_decision(seed=3, rnd=4)
    agent = BeamAgent(seed=2, width=2)
    agent.decide(state, 0)
    assert agent.last_leaf.is_terminal


def test_beam_plays_its_chosen_turn_without_searching_again_FF_CON_1():
    """FF-CON-1: a build is one turn (build, place, pay); after choosing it the bot plays the
    placement and payment it found without another search."""
    state = _solo_build_decision()
    agent = BeamAgent(seed=5, width=2, book=0)
    first = agent.decide(state, 0)
    while not str(first).startswith("build"):  # walk to a search that chose a build
        state.apply(first)
        first = agent.decide(state, 0)
    searches = agent.searches
    state.apply(first)
    while state.in_subdecision():
        step = agent.decide(state, 0)
        assert step in state.legal_actions()
        state.apply(step)
    assert agent.searches == searches


def test_beam_stops_when_its_time_is_spent():
    """With its time long spent, the beam stops as soon as it has judged a line (the first
    level's: a pass among them) and decides among those; without a limit it keeps ``width``
    positions per level to the horizon, so it judges more lines."""
    state = _solo_build_decision()
    wide, rushed = BeamAgent(seed=1, width=4, book=0), make_agent("beam:width=4,book=0,ms=0.001", seed=1)
    assert wide.decide(state, 0) in state.legal_actions()
    assert rushed.decide(state, 0) in state.legal_actions()
    assert rushed.last_leaf is not None
    assert rushed.last_lines < wide.last_lines


def test_beam_judges_lines_where_they_stand_past_its_level_cap(monkeypatch):
    """A game whose lines would never reach the horizon cannot loop the search: past
    ``MAX_LEVELS`` turns the lines still open are judged where they stand."""
    from acreage.agents import beam

    monkeypatch.setattr(beam, "MAX_LEVELS", 1)
    state = _solo_build_decision()
    agent = BeamAgent(seed=1, width=2, book=0)
    assert agent.decide(state, 0) in state.legal_actions()
    assert agent.last_levels == 2 and agent.last_leaf is not None


def test_beam_clock_banks_time_per_real_choice_and_charges_every_call():
    """``clock=1``: every decision with a choice adds ``ms`` to the bank, and every call's time
    is taken from it, searches or not (a slow transport plan counts too), so the game's average
    stays about ``ms`` a decision. Steps without a search cost next to nothing, which leaves the
    bank to the turn-start searches."""
    state = acreage.new_game("foxglove", players=1, seed=4, solo_setup=5)
    agent = make_agent("beam:ms=20,clock=1,width=2", seed=2)
    real = searched = 0
    spent = 0.0
    for _ in range(40):
        if state.is_terminal:
            break
        before, searches = agent.bank, agent.searches
        choice = len(state.legal_actions()) > 1
        started = time.perf_counter()
        action = agent.decide(state, 0)
        took = time.perf_counter() - started
        drawn = before + (0.02 if choice else 0.0) - agent.bank
        assert 0.0 < drawn <= took  # the call's own time, measured inside it
        if agent.searches > searches:
            searched += 1
        spent += drawn
        real += choice
        state.apply(action)
    assert searched and real > searched  # most decisions were not searches
    assert agent.bank == pytest.approx(0.02 * real - spent)


def test_beam_clock_allowance_is_the_bank_within_its_floor_and_cap():
    """A search may take what is banked, never less than ``ms`` and never more than
    ``CLOCK_CAP`` times it; without the clock, exactly ``ms``; without ``ms``, no limit."""
    from acreage.agents.beam import CLOCK_CAP

    agent = make_agent("beam:ms=100,clock=1")
    for bank, allowed in ((-3.0, 0.1), (0.0, 0.1), (0.35, 0.35), (1e6, CLOCK_CAP * 0.1)):
        agent.bank = bank
        assert agent.allowance() == pytest.approx(allowed)
    plain = make_agent("beam:ms=100")
    plain.bank = 50.0
    assert plain.allowance() == pytest.approx(0.1)
    assert make_agent("beam").allowance() is None
    with pytest.raises(ValueError, match="clock=1 banks ms=.*beam:ms=1000,clock=1"):
        make_agent("beam:clock=1")


def test_beam_announces_its_hard_stop_to_the_game_while_it_searches(monkeypatch):
    """While it searches, the beam's hard stop (``OVERRUN`` times its allowance) is the
    deadline the game's costly steps honour (``core.deadline``; Foxglove's planner), and only
    then; without a time budget there is none, so untimed searches stay reproducible."""
    from acreage.agents import beam
    from acreage.core import deadline

    seen = []
    real = beam.BeamAgent._search

    def spy(self, *args):
        seen.append((deadline.current(), time.perf_counter()))
        return real(self, *args)

    monkeypatch.setattr(beam.BeamAgent, "_search", spy)
    state = _solo_build_decision()
    timed = make_agent("beam:ms=50,width=2,book=0", seed=1)
    assert timed.decide(state, 0) in state.legal_actions()
    at, now = seen[-1]
    assert at is not None and now < at <= now + beam.OVERRUN * 0.05
    assert deadline.current() is None
    BeamAgent(seed=1, width=2, book=0).decide(state, 0)
    assert seen[-1][0] is None
