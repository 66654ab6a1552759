"""Property tests over random games for every player count, with and without the expansion
(HV-SET-1, HV-SET-2, HV-SET-13, HV-RES-6, HV-RND-1, HV-ACT-1, HV-FFC-5)."""

from __future__ import annotations

import json
import random

import pytest

from acreage import IllegalAction, load_state, replay
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.actions import NUM_ACTION_IDS
from acreage.games.harvest.codec import from_id, parse

from .helpers import random_game

CASES = [(n, ff) for n in (1, 2, 3, 4) for ff in (True, False)]


@pytest.mark.parametrize("players,ff", CASES)
def test_random_games_finish_HV_RND_1_HV_ACT_1(players, ff):
    # Checks HV-RND-1, HV-ACT-1.
    """Random games end after round 4 with every rule path applying legal actions only."""
    for seed in range(3):
        s = random_game(players, seed, ff)
        assert s.is_terminal and s.round == 4 and s.phase == "over"
        assert len(s.ranking()) == players and sorted(s.ranking()) == list(range(1, players + 1))
        if players == 1:
            assert s.solo_result()["score"] == s.scores()[0]


@pytest.mark.parametrize("players,ff", CASES)
def test_determinism_records_snapshots_HV_SET_13(players, ff):
    # Checks HV-SET-13.
    """Same seed + actions → same game; to_json/load_state and record/replay round-trip."""
    a = random_game(players, 11, ff)
    b = random_game(players, 11, ff)
    assert a.to_json() == b.to_json()
    rec = json.loads(json.dumps(a.record()))
    assert replay(rec).to_json() == a.to_json()
    mid = random_game(players, 5, ff, upto=60)
    loaded = load_state(json.loads(json.dumps(mid.to_json())))
    assert loaded.to_json() == mid.to_json()
    assert [str(x) for x in loaded.legal_actions()] == [str(x) for x in mid.legal_actions()]


@pytest.mark.parametrize("players,ff", CASES)
def test_illegal_leaves_state_unchanged_and_ids_round_trip(players, ff):
    """Illegal actions raise IllegalAction with to_json() unchanged; notation and ids round-trip."""
    s = sc.fresh(players, seed=3, assign=None, fall_festival=ff)
    rng = random.Random(players)
    for _ in range(80):
        if s.is_terminal:
            break
        legal = s.legal_actions()
        for a in legal:
            assert parse(str(a)) == a and from_id(s.action_id(a)) == a
            assert 0 <= s.action_id(a) < NUM_ACTION_IDS
        ids = set(s.legal_action_ids())
        before = s.to_json()
        for _ in range(3):
            i = rng.randrange(NUM_ACTION_IDS)
            if i not in ids:
                with pytest.raises(IllegalAction):
                    s.apply_id(i)
                assert s.to_json() == before
        s.apply(rng.choice(legal))


@pytest.mark.parametrize("players,ff", CASES)
def test_clone_shares_nothing(players, ff):
    s = random_game(players, 2, ff, upto=40)
    c = s.clone()
    before = s.to_json()
    rng = random.Random(0)
    while not c.is_terminal:
        c.apply(rng.choice(c.legal_actions()))
    assert s.to_json() == before


@pytest.mark.parametrize("players,ff", CASES)
def test_observation_hides_order_and_determinize_keeps_public_HV_RES_6_HV_FFC_5(players, ff):
    # Checks HV-RES-6, HV-FFC-5.
    """Observations never show hidden orders; determinize keeps public facts and card counts."""
    for upto in (0, 3, 50):
        s = random_game(players, 7, ff, upto=upto)
        for seat in range(players):
            obs = s.observation(seat)
            text = json.dumps(obs)
            assert "sun_stack" not in text and "bstack" not in text
            rng = random.Random(seat)
            d = s.determinize(seat, rng)
            assert d.observation(seat) == obs
            assert sorted(d.festival_deck) == sorted(s.festival_deck)
            assert d.festival_deck[-1:] == s.festival_deck[-1:]
            assert sorted(d.sunrise_stack) == sorted(s.sunrise_stack)
            assert sorted(d.building_stack) == sorted(s.building_stack)
            assert [len(x) for x in d.market_stacks] == [len(x) for x in s.market_stacks]
            assert len(s.observation_tensor(seat)) == s.observation_shape[0]
            assert d.observation_tensor(seat) == s.observation_tensor(seat)
            if not d.is_terminal:
                d.apply(d.legal_actions()[0])


def test_observation_varies_with_hidden_order_only_not_HV_RES_6():
    # Checks HV-RES-6.
    """Two states that differ only in a hidden order give the same observation."""
    s = sc.fresh(3, seed=1)
    t = s.clone()
    t.sunrise_stack.reverse()
    t.building_stack.reverse()
    if len(t.festival_deck) > 2:
        t.festival_deck[:-1] = list(reversed(t.festival_deck[:-1]))
    for seat in range(3):
        assert s.observation(seat) == t.observation(seat)
        assert s.observation_tensor(seat) == t.observation_tensor(seat)


def _mutables(value, out: set[int]) -> None:
    if isinstance(value, (list, dict)):
        out.add(id(value))
        for item in (value.values() if isinstance(value, dict) else value):
            _mutables(item, out)


@pytest.mark.parametrize("players,ff", CASES)
def test_a_clone_holds_no_list_or_dict_of_its_original(players, ff):
    """The hand-written clone copies every mutable field, however deep (the move record, the
    farms, the stacks, the buildings' entries): no list or dict is shared, early or late."""
    for upto in (0, 40, 150):
        s = random_game(players, 5, ff, upto=upto)
        s.legal_actions()
        c = s.clone()
        assert set(vars(c)) == set(vars(s))
        mine: set[int] = set()
        theirs: set[int] = set()
        for name, value in vars(s).items():
            _mutables(value, mine)
            _mutables(vars(c)[name], theirs)
        assert not mine & theirs
        assert c.rng is not s.rng and c.to_json() == s.to_json()
