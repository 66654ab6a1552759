"""Properties over random 2-, 3- and 4-player games: every legal action applies and its notation and
id round-trip, illegal ones change nothing, the same seed gives the same game, records and snapshots
replay, clones share nothing, undo never crosses a reveal, and observations and ``determinize`` keep
what a seat may see (FG-HID, FG-EDGE-6, FG-EDGE-14, FG-EDGE-17)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import acreage
from acreage import IllegalAction
from acreage.core.rng import Rng
from acreage.games.fields_of_green.actions import Action
from acreage.games.fields_of_green.content import CARDS, DECK_OF
from acreage.games.fields_of_green.queries import hand_deck_counts

from .helpers import SEEDS, random_game, walk


def all_cards(s) -> Counter:
    c = Counter()
    for d in s.decks:
        c.update(d)
    for h in s.hands:
        c.update(h)
    c.update(x for x in s.picks if x >= 0)
    c.update(s.pile)
    c.update(s.display)
    c.update(s.discard)
    for f in s.piece_cards:
        c.update(x for x in f if DECK_OF[x] >= 0)
    return c


def tiles(s) -> Counter:
    offer = s.frames[-1].drawn if s.frames and s.frames[-1].kind == "equip" else ()
    return Counter(s.equipment_stack) + Counter(offer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_legal_illegal_and_notation(players):
    """Every legal action applies; notation and ids round-trip; illegal ones raise and change nothing."""
    for seed in SEEDS[players]:
        for s, rng in walk(players, seed):
            if s.is_terminal:
                break
            acts = s.legal_actions()
            assert acts
            for a in acts:
                assert s.parse_action(str(a)) == a
                assert s.action_from_id(s.action_id(a)) == a
            assert sorted(s.legal_action_ids()) == sorted(s.action_id(a) for a in acts)
            if rng.random() < 0.1:
                before = s.to_json()
                bad = Action(rng.randrange(15), rng.randrange(40), 0, 0)
                if bad not in acts:
                    with pytest.raises(IllegalAction):
                        s.apply(bad)
                    assert s.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game_and_records_replay(players):
    """Same seed + actions give the same game; record/replay and to_json/load_state round-trip."""
    seed = SEEDS[players][0]
    a = random_game(players, seed)
    b = random_game(players, seed)
    assert a.to_json() == b.to_json()
    rec = json.loads(json.dumps(a.record()))
    again = acreage.replay(rec)
    assert again.to_json() == a.to_json()
    mid = random_game(players, seed, upto=60)
    snap = json.loads(json.dumps(mid.to_json()))
    loaded = acreage.load_state(snap)
    assert loaded.to_json() == mid.to_json()
    assert loaded.legal_actions() == mid.legal_actions()
    r = random.Random(9)
    while not loaded.is_terminal:
        act = r.choice(loaded.legal_actions())
        loaded.apply(act)
        mid.apply(act)
    assert loaded.to_json() == mid.to_json()


@pytest.mark.parametrize("players", [3, 4])
def test_clones_share_no_mutable_state(players):
    s = random_game(players, SEEDS[players][1], upto=40)
    before = s.to_json()
    c = s.clone()
    r = random.Random(1)
    while not c.is_terminal:
        c.apply(r.choice(c.legal_actions()))
    assert s.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_hide_other_hands_and_picks(players):
    """FG-HID-1..5, FG-EDGE-6: an observation equals the observation of any determinized copy for
    that seat, so it cannot depend on another seat's hand, pick, the decks or the pile."""
    for s, rng in walk(players, SEEDS[players][0], every=3):
        for seat in range(players):
            obs = s.observation(seat)
            json.dumps(obs)
            d = s.determinize(seat, Rng(rng.randrange(1 << 30)))
            assert d.observation(seat) == obs
            if players > 2:
                assert sorted(obs["hand"]) == sorted(CARDS[c].name for c in s.hands[seat])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_public_facts_and_card_counts(players):
    """FG-HID-8..11, FG-EDGE-14, FG-EDGE-17: same multiset of cards, same deck sizes and per-deck
    hand counts; known hands keep their cards; the Equipment stack keeps the seat's known tiles."""
    for s, rng in walk(players, SEEDS[players][1], every=2):
        seat = rng.randrange(players)
        d = s.determinize(seat, random.Random(rng.randrange(1 << 30)))
        assert all_cards(d) == all_cards(s)
        assert [len(x) for x in d.decks] == [len(x) for x in s.decks]
        for x in range(players):
            assert hand_deck_counts(d, x) == hand_deck_counts(s, x)
        assert d.hands[seat] == s.hands[seat] and d.picks[seat] == s.picks[seat]
        for x in range(players):
            if s.held[seat] >> s.origin[x] & 1:
                assert Counter(d.hands[x] + [d.picks[x]]) == Counter(s.hands[x] + [s.picks[x]])
        assert tiles(d) == tiles(s)
        for i, known in enumerate(s.equipment_known):
            if known >> seat & 1:
                assert d.equipment_stack[i] == s.equipment_stack[i]
        if players == 2:
            assert sorted(d.display) == sorted(s.display)
            assert [DECK_OF[c] for c in sorted(d.pile, key=DECK_OF.__getitem__)] == \
                [DECK_OF[c] for c in sorted(s.pile, key=DECK_OF.__getitem__)]
        # the determinized copy plays on
        d.apply(d.legal_actions()[0]) if not d.is_terminal else None


def test_undo_floor_at_reveals_and_max_length():
    """Undo never reaches back across a reveal; games stay under max_game_length."""
    s = random_game(3, 11)
    assert 0 < s.undo_floor <= len(s.history) <= s.max_game_length


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_tensor_fixed_length_and_hidden_safe(players):
    s = random_game(players, 7, upto=50)
    for seat in range(players):
        t = s.observation_tensor(seat)
        assert len(t) == s.observation_shape[0] and all(0.0 <= v <= 1.0 for v in t)
        assert s.determinize(seat, Rng(3)).observation_tensor(seat) == t
