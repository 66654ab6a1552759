"""The event log and score breakdown contract, for every registered game (docs/core-contract.md).

- Events are derived data: a game played with the log on and its record replayed with the log
  on tell the same events; a state asked for events later rebuilds them from its record.
- The breakdown explains every point: its values sum to ``scores()[seat]`` at every step.
- Search clones keep no log and share nothing with the original's.
- Hidden information stays hidden: after any step, a seat whose observation is the same in the
  real game and in one re-sampled by ``determinize`` got the same events in both.
- Bad arguments get named errors.
"""

from __future__ import annotations

import random

import pytest

import acreage
from acreage import BadEventIndex, BadSeat
from acreage.core.events import EventLog, recording

GAMES = [info.name for info in acreage.games()]
TABLES = [(g, n) for g in GAMES for n in (1, 2, 3, 4)
          if acreage.game_info(g).min_players <= n <= acreage.game_info(g).max_players and n != 4]


def _random_game(name: str, players: int, seed: int, steps: int | None = None, log: bool = True):
    with recording() if log else _nothing():
        state = acreage.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal and (steps is None or n < steps):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("name,players", TABLES)
def test_replaying_the_record_tells_the_same_events(name, players):
    state = _random_game(name, players, seed=11)
    events = state.events_for(None)
    assert events[0]["kind"] != "log_begins", "a game started under recording() keeps its log from setup"
    with recording():
        again = acreage.replay(state.record())
    assert again.events_for(None) == events
    for seat in range(players):
        assert again.events_for(seat) == state.events_for(seat)
    # A state that never kept a log rebuilds it from its record when first asked.
    late = _random_game(name, players, seed=11, log=False)
    assert late._events is None
    assert late.events_for(None) == events


@pytest.mark.parametrize("name,players", TABLES)
def test_every_event_is_json_ready_and_numbered(name, players):
    import json

    state = _random_game(name, players, seed=4)
    for seat in [None, *range(players)]:
        events = state.events_for(seat)
        assert [e["i"] for e in events] == list(range(len(events)))
        steps = [e["step"] for e in events]
        assert steps == sorted(steps) and steps[-1] <= len(state.history)
        assert json.loads(json.dumps(events)) == events
        assert all(isinstance(e["kind"], str) and (e["seat"] is None or 0 <= e["seat"] < players)
                   for e in events)
    tail = state.events_for(None, since=5)
    assert tail == state.events_for(None)[5:]


@pytest.mark.parametrize("name,players", TABLES)
def test_breakdown_sums_to_the_score_at_every_step(name, players):
    with recording():
        state = acreage.new_game(name, players=players, seed=8)
    rng = random.Random(8)
    while True:
        scores = state.scores()
        for seat in range(players):
            breakdown = state.score_breakdown(seat)
            assert sum(breakdown.values()) == scores[seat], (seat, breakdown, scores)
            assert all(isinstance(k, str) and type(v) is int for k, v in breakdown.items())
        if state.is_terminal:
            break
        for _ in range(rng.randint(1, 6)):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_clones_keep_no_log_and_share_nothing(name):
    state = _random_game(name, 2, seed=6, steps=30)
    count = state.event_count
    copy = state.clone()
    assert copy._events is None
    if not copy.is_terminal:
        copy.apply(copy.legal_actions()[0])
    assert state.event_count == count
    # A clone asked for events builds its own log.
    assert copy.events_for(None)[:count] == state.events_for(None)
    assert copy._events is not state._events


@pytest.mark.parametrize("name", GAMES)
def test_returned_events_are_copies(name):
    state = _random_game(name, 2, seed=2, steps=20)
    events = state.events_for(0)
    events[0]["kind"] = "changed"
    events.clear()
    assert state.events_for(0)[0]["kind"] != "changed"


@pytest.mark.parametrize("name,players", [(g, 2) for g in GAMES] + [(g, 3) for g in GAMES])
def test_events_never_tell_a_seat_what_it_cannot_see(name, players):
    """After each step, for each seat: if the seat's observation is the same in the real game
    and in one whose hidden parts ``determinize`` re-sampled (both stepped with the same
    action), the events it received for that step are the same too."""
    rng = random.Random(21)
    with recording():
        state = acreage.new_game(name, players=players, seed=21)
    compared = 0
    while not state.is_terminal and len(state.history) < 150:
        action = rng.choice(state.legal_actions())
        others = {}
        for seat in range(players):
            other = state.determinize(seat, random.Random(rng.random()))
            if action in other.legal_actions():
                other._events = EventLog()  # a fresh log from here: nothing to replay
                others[seat] = other
        since = state.event_count
        state.apply(action)
        for seat, other in others.items():
            other.apply(action)
            if state.observation(seat) != other.observation(seat):
                continue  # the step revealed something drawn from the re-sampled part
            real = [{k: v for k, v in e.items() if k != "i"} for e in state.events_for(seat, since)]
            seen = [{k: v for k, v in e.items() if k != "i"} for e in other.events_for(seat)]
            assert real == seen, (seat, str(action))
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("name", GAMES)
def test_bad_arguments_are_named_errors(name):
    state = _random_game(name, 2, seed=1, steps=5)
    for seat in (-1, 2, "0", 1.0, True):
        with pytest.raises(BadSeat):
            state.events_for(seat)
        with pytest.raises(BadSeat):
            state.score_breakdown(seat)
    for since in (-1, "3", 2.5, None):
        with pytest.raises(BadEventIndex, match="since"):
            state.events_for(0, since=since)
