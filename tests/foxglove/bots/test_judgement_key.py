"""The key of what a judgement reads (``bots/judgement_key.py``): equal keys, equal judgements,
and a search that judges each key once makes the same moves as one that judges every position."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import acreage
from acreage.agents import Budget, MctsAgent
from acreage.agents.mcts import judged_once
from acreage.core.registry import game_info
from acreage.games.foxglove.bots import heuristic, value
from acreage.games.foxglove.bots.judgement_key import judgement_key
from acreage.games.foxglove.constants import TRANSPORT
from acreage.games.foxglove.frames import Build, NewTrail, Pay, Place, Trails, TransportStart, Upgrade
from acreage.games.foxglove.queries import topology


def _searched_positions(players: int, seed: int, options: dict) -> list:
    """Every position a short MCTS search judges (with the seat judged), from a few points of
    a greedy-looking game: what the memo meets in play."""
    met: list = []

    def recorder(state, seat):
        met.append((state.clone(), seat))
        return value.estimate_final_score(state, seat)

    state = acreage.new_game("foxglove", players=players, seed=seed, **options)
    rng = random.Random(seed)
    searches = 0
    while not state.is_terminal and searches < 3:
        legal = state.legal_actions()
        if len(legal) > 3 and rng.random() < 0.1:
            agent = MctsAgent(seed=seed, budget=Budget(iterations=12))
            agent.heuristic = recorder  # judges every position (no memo), through the recorder
            state.apply(agent.decide(state, state.current_player))
            searches += 1
        else:
            state.apply(rng.choice(legal))
    return met


def test_positions_with_equal_keys_get_equal_judgements():
    """Over the positions searches judge at 1-4 players (expert rules too), every two with one
    key get the same heuristic value, terms and learned estimate, and keys do repeat (the
    judgements a search saves)."""
    seen: dict = {}
    repeats = 0
    for players, options in ((1, {}), (2, {"expert": [0]}), (3, {}), (4, {})):
        for seed in range(2):
            for state, seat in _searched_positions(players, seed, options):
                key = judgement_key(state, seat)
                if key is None:
                    continue
                judged = (heuristic.evaluate_parts(state, seat), value.estimate_final_score(state, seat))
                key = (players, seed, key)  # one memo per search: one game's options
                if key in seen:
                    repeats += 1
                    assert seen[key] == judged, key
                else:
                    seen[key] = judged
    assert repeats > 100 and len(seen) > 300


def test_the_key_leaves_out_what_the_seat_cannot_see_and_the_other_towns():
    """Re-dealing the hidden stacks changes no key (a search judges across determinizations);
    another seat's town is not in it."""
    state = acreage.new_game("foxglove", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    keys = [judgement_key(state, seat) for seat in range(3)]
    for k in range(5):
        sample = state.determinize(0, random.Random(k))
        assert [judgement_key(sample, seat) for seat in range(3)] == keys
    other = state.clone()
    other.cubes[1] = [c + 1 for c in other.cubes[1]]
    assert judgement_key(other, 0) == keys[0] and judgement_key(other, 1) != keys[1]


def test_the_key_holds_what_a_judgement_reads_of_the_pending_records():
    """A payment of the seat's under way is judged settled: what is owed and what for are in
    the key (a new trail and an upgrade of one cell and shape compare equal as named tuples,
    not as keys). Which tile waits for its cell, or how many trails an action laid, is not read:
    such positions share a key and a judgement. A transport start on top is read (hauling can
    still answer it)."""
    state = acreage.new_game("foxglove", players=2, seed=1)
    rng = random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seat = 0

    def judged(frames):
        s = state.clone()
        s.frames = frames
        return judgement_key(s, seat), heuristic.evaluate_parts(s, seat), value.estimate_final_score(s, seat)

    trails, place = judged([Trails(0, 1)]), judged([Place(0, 3)])
    other_pay = judged([Pay(1, (1,) * 7, Build(0, 40))])  # another seat's payment
    assert trails == place == other_pay  # the same key, the same values
    assert judged([TransportStart(0, (), -1, 0)])[0] != trails[0]
    cell = min(topology(state, seat).frontier)  # an empty cell beside the town
    owed = (0, 0, 0, 0, 0, 1, 0)
    new_trail, upgrade = judged([Pay(0, owed, NewTrail(cell, 5))]), judged([Pay(0, owed, Upgrade(cell, 5))])
    assert new_trail[0] != upgrade[0] and new_trail[0] != trails[0]


def test_a_seat_in_the_middle_of_its_transport_stage_has_no_key():
    """It is judged by finishing the stage, which reads the whole position (the next round's
    draws among it)."""
    found = 0
    for seed in range(8):
        state = acreage.new_game("foxglove", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.phase == TRANSPORT and not state.frames:  # a stage, nothing pending
                seat = state.current_player
                assert judgement_key(state, seat) is None
                assert judgement_key(state, 1 - seat) is not None
                found += 1
            busy = [a for a in legal if str(a) not in ("pass", "done")]  # towns that grow
            state.apply(rng.choice(busy if busy and rng.random() < 0.8 else legal))
    assert found > 10


def test_judged_once_judges_each_key_once_and_starts_afresh_at_its_limit():
    calls = []

    def judge(state, seat):
        calls.append((state, seat))
        return float(len(calls))

    memo = judged_once(judge, lambda state, seat: None if state == "open" else (state, seat), limit=2)
    assert memo("a", 0) == 1.0 and memo("a", 0) == 1.0 and memo("a", 1) == 2.0
    assert memo("open", 0) == 3.0 and memo("open", 0) == 4.0  # no key: judged every time
    assert memo("b", 0) == 5.0  # the limit was reached: the memo started afresh
    assert memo("a", 0) == 6.0 and len(calls) == 6


def test_a_search_with_the_memo_makes_the_moves_and_statistics_of_one_without():
    """The memo returns the judge's own values, so a seeded search grows the same tree."""
    info = game_info("foxglove")
    assert info.judge_key is judgement_key
    state = acreage.new_game("foxglove", players=4, seed=8)
    rng = random.Random(8)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    with_memo = MctsAgent(seed=2, budget=Budget(iterations=40))
    without = MctsAgent(seed=2, budget=Budget(iterations=40), memo=0)
    moves = [agent.decide(state.clone(), state.current_player) for agent in (with_memo, without)]
    assert moves[0] == moves[1]
    stats = [{a: (ch.visits, ch.reward) for a, ch in agent.last_root.children.items()}
             for agent in (with_memo, without)]
    assert stats[0] == stats[1] and sum(v for v, _ in stats[0].values()) >= 40


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 160),
       expert=st.booleans(), sample=st.integers(0, 2**32))
def test_re_dealing_the_hidden_stacks_changes_no_key_and_no_judgement(players, seed, steps, expert, sample):
    """Property: wherever a game stands, a determinization (the stacks re-dealt, as each search
    iteration does) leaves every seat's key and, where there is a key, its judgement as they
    were: a search may share judgements across its samples."""
    options = {"expert": [0]} if expert else {}
    state = acreage.new_game("foxglove", players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    viewer = state.current_player if state.current_player is not None else 0
    dealt = state.determinize(viewer, random.Random(sample))
    for seat in range(players):
        key = judgement_key(state, seat)
        assert judgement_key(dealt, seat) == key
        if key is not None:
            assert value.estimate_final_score(dealt, seat) == value.estimate_final_score(state, seat)
