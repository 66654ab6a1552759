"""Hidden information (FG-HID) and whole-game properties over random 2-, 3- and 4-player games:
legality, determinism, snapshots, records, clones, notation, ids, observations, determinize."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import acreage
from acreage import IllegalAction
from acreage.core.rng import Rng
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import Action
from acreage.games.fields_of_green.constants import RESOLVE
from acreage.games.fields_of_green.content import CARDS, DECK_OF, EQUIPMENT, find_equipment
from acreage.games.fields_of_green.queries import hand_deck_counts

from .helpers import game, random_game


def eq_id(name: str) -> int:
    return find_equipment(name).id

SEEDS = {2: (1, 2), 3: (3, 4), 4: (5, 6)}


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
    for f in s.pcard:
        c.update(x for x in f if DECK_OF[x] >= 0)
    return c


def tiles(s) -> Counter:
    offer = s.frames[-1].drawn if s.frames and s.frames[-1].kind == "equip" else ()
    return Counter(s.eq_stack) + Counter(offer)


def walk(players: int, seed: int, every: int = 1):
    """Yield (state, rng) along a random game."""
    s = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    i = 0
    while not s.is_terminal:
        if i % every == 0:
            yield s, rng
        s.apply(rng.choice(s.legal_actions()))
        i += 1
    yield s, rng


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
        for i, known in enumerate(s.eq_known):
            if known >> seat & 1:
                assert d.eq_stack[i] == s.eq_stack[i]
        if players == 2:
            assert sorted(d.display) == sorted(s.display)
            assert [DECK_OF[c] for c in sorted(d.pile, key=DECK_OF.__getitem__)] == \
                [DECK_OF[c] for c in sorted(s.pile, key=DECK_OF.__getitem__)]
        # the determinized copy plays on
        d.apply(d.legal_actions()[0]) if not d.is_terminal else None


def test_determinize_resamples_unseen_cards():
    """FG-HID-10: at the start of year 1 another seat's hand is re-dealt (same per-deck counts)."""
    s = game(4, introductory=True)
    changed = any(s.determinize(0, Rng(k)).hands[2] != s.hands[2] for k in range(5))
    assert changed


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


def test_hid11_determinize_keeps_tiles_the_seat_put_under_even_in_another_draw():
    """FG-HID-6, FG-HID-10, FG-HID-11: seat 0 keeps a Tractor and puts Weathervane and Heated
    Coop under a stack that is otherwise empty; seat 1 then draws exactly those two. Seat 0 knows
    that offer (and its order), so its determinized copies keep it; seat 2 knows nothing, so its
    copies may reorder it. Tiles put back under stay known to every seat that knew them."""
    s = game(3)
    sc.set_stack(s, ["Tractor", "Weathervane", "Heated Coop"])
    sc.gain_equipment(s, 0)
    s.apply("equip Tractor store")
    assert s.eq_known == [1, 1]
    sc.gain_equipment(s, 1)
    offer = s.frames[-1].drawn
    assert offer == (eq_id("Weathervane"), eq_id("Heated Coop"))
    assert s.observation(0)["equipment_offer"] is None  # seat 0 still does not *see* the draw
    assert all(s.determinize(0, Rng(k)).frames[-1].drawn == offer for k in range(30))
    seen = {s.determinize(2, Rng(k)).frames[-1].drawn for k in range(30)}
    assert seen == {offer, offer[::-1]}
    s.apply("equip Heated Coop store")
    assert s.eq_stack == [eq_id("Weathervane")] and s.eq_known == [0b011]


def test_edge17_the_hand_a_seat_passed_stays_where_it_went():
    """FG-EDGE-17, FG-HID-8, FG-HID-10: after the pass seat 0 knows its old hand (less its
    revealed pick) is with seat 1; every determinized copy keeps it there, and when seat 1 has
    committed from it, only which of those cards is the pick is re-sampled. Seat 2's hand, never
    seen by seat 0, is re-dealt with the same cards per deck."""
    s = game(3, introductory=True, first_player=0)
    mine = s.hands[0][:]
    while s.stage != RESOLVE:
        s.apply(f"pick {CARDS[s.hands[s.current_player][0]].name}")
    passed = Counter(mine) - Counter([s.revealed[0]])
    assert Counter(s.hands[1]) == passed
    redealt = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert Counter(d.hands[1]) == passed
        redealt |= Counter(d.hands[2]) != Counter(s.hands[2])
        assert hand_deck_counts(d, 2) == hand_deck_counts(s, 2)
    assert redealt
    while s.stage == RESOLVE:
        s.apply("market 0")
    s.apply(f"pick {CARDS[s.hands[0][0]].name}")
    s.apply(f"pick {CARDS[s.hands[1][0]].name}")
    picks = set()
    for k in range(30):
        d = s.determinize(0, Rng(k))
        assert Counter(d.hands[1] + [d.picks[1]]) == passed and d.picks[1] in passed
        picks.add(d.picks[1])
    assert len(picks) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_decision_names_nothing_hidden(players):
    """FG-HID-2, FG-HID-3, FG-HID-6: the decision line (for any viewer, or none, as the app shows
    it) is the same in every determinized copy, and while picks are hidden or an Equipment
    draw is pending it names no card or tile."""
    names = [c.name for c in CARDS] + [e.name for e in EQUIPMENT]
    for s, rng in walk(players, SEEDS[players][0] + 100, every=2):
        if s.is_terminal:
            break
        top = s.frames[-1]
        text = s.describe_decision()
        if top.kind in ("commit", "equip", "split", "water", "take"):
            assert not any(n in text for n in names), text
        for viewer in range(players):
            d = s.determinize(viewer, Rng(rng.randrange(1 << 30)))
            assert d.describe_decision(viewer) == s.describe_decision(viewer)
            assert d.describe_decision() == text
