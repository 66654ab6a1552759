"""Hidden information (hidden.py): ``determinize`` re-samples every hidden order, not only the
hidden contents: over several seeds of the searcher's generator, the festival deck below its top,
the sunrise, building and Market stacks, Mayor Gairy's deck and the other seats' dealt characters
and farmhouses each differ from the true order at least once, while the observation and every public
part of the snapshot stay as they were and what is re-sampled is conserved; the copy's own generator
is re-seeded (HV-RES-6, HV-SET-8, HV-SET-10 to HV-SET-13, HV-FFC-5, HV-GAI-3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from acreage.core.rng import Rng
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import CHARACTERS, FARMHOUSES, MARKET

#: Determinizations tried per position and seat. A hidden order of two different items keeps its
#: place with probability 1/2 per try, so 30 tries miss a re-sample with probability 2**-30.
TRIES = 30


CASES = [(n, ff) for n in (1, 2, 3, 4) for ff in (True, False)]


#: Top-level snapshot fields that hold (part of) a hidden order, or the re-seeded generator.
HIDDEN = {"rng", "sun_stack", "bstack", "mstacks", "fdeck", "g_deck"}


#: Fields hidden from other seats while characters and farmhouses are being chosen (HV-SET-8).
SETUP_SECRET = {"dealt_c", "dealt_h", "char", "house"}


def _setup_open(state) -> bool:
    return any(f.kind in ("keepc", "keeph") for f in state.frames)


def positions(players: int, ff: bool, seed: int):
    """Copies of one random game at its start, during setup/Sunrise and in later rounds."""
    state = sc.fresh(players, seed=seed, assign=None, fall_festival=ff)
    rng = random.Random(seed)
    marks = {0, 3, 9, 40, 90, 160}
    step = 0
    while True:
        if step in marks or state.is_terminal:
            yield state.clone()
        if state.is_terminal or step > max(marks):
            return
        acts = state.legal_actions()
        busy = [a for a in acts if str(a) != "done"] or acts
        state.apply(rng.choice(busy if rng.random() < 0.8 else acts))
        step += 1


def public_snapshot(state, seat: int) -> dict:
    """``to_json()['state']`` without the hidden fields, with what is public about them."""
    snap = dict(state.to_json()["state"])
    for key in HIDDEN:
        snap.pop(key)
    snap["sun_stack_count"] = len(state.sunrise_stack)
    snap["bstack_count"] = len(state.building_stack)
    snap["market_tops"] = [st[-1] if st else None for st in state.market_stacks]
    snap["market_counts"] = [len(st) for st in state.market_stacks]
    snap["fdeck_top"] = state.festival_deck[-1] if state.festival_deck else None
    snap["fdeck_count"] = len(state.festival_deck)
    snap["g_deck_count"] = len(state.gairy_deck)
    if _setup_open(state):
        for key in SETUP_SECRET:
            snap[key] = snap[key][seat]  # only the seat's own cards and choice are known to it
    return snap


def hidden_orders(state, seat: int) -> dict[str, object]:
    """Every hidden order, as comparable values."""
    parts = {
        "sunrise stack": tuple(state.sunrise_stack),
        "building stack": tuple(state.building_stack),
        "market below the tops": tuple(tuple(st[:-1]) for st in state.market_stacks),
        "festival deck below the top": tuple(state.festival_deck[:-1]),
        "gairy deck": tuple(state.gairy_deck),
    }
    if _setup_open(state):
        parts["other seats' dealt cards"] = tuple(
            (tuple(state.dealt_characters[s]), tuple(state.dealt_farmhouses[s]))
            for s in range(state.num_players) if s != seat)
    return parts


def could_change(state, seat: int) -> set[str]:
    """The hidden parts that have more than one arrangement consistent with what ``seat`` saw."""
    out = set()
    if len(set(state.sunrise_stack)) > 1:
        out.add("sunrise stack")
    if len(set(state.building_stack)) > 1:
        out.add("building stack")
    below = [t for st in state.market_stacks for t in st[:-1]]
    if below and len(unseen_market(state)) > 1:
        out.add("market below the tops")
    if len(set(state.festival_deck[:-1])) > 1:
        out.add("festival deck below the top")
    if len(set(state.gairy_deck)) > 1:
        out.add("gairy deck")
    if _setup_open(state) and state.num_players > 1:
        out.add("other seats' dealt cards")
    return out


def unseen_market(state) -> set[int]:
    """Market tiles no seat has seen: not a visible top, not discarded at Sunset (HV-SET-12: 12 of
    the 16 tiles are in the stacks, and nobody knows which)."""
    tops = {st[-1] for st in state.market_stacks if st}
    return {m.id for m in MARKET} - tops - set(state.market_discards)


def check_conservation(state, det, seat: int) -> None:
    """What determinize re-samples is the same set of components."""
    assert Counter(det.sunrise_stack) == Counter(state.sunrise_stack), "sunrise tiles lost or duplicated"
    assert Counter(det.building_stack) == Counter(state.building_stack), "buildings lost or duplicated"
    assert Counter(det.festival_deck) == Counter(state.festival_deck), "festival cards lost or duplicated"
    assert Counter(det.gairy_deck) == Counter(state.gairy_deck), "Gairy tiles lost or duplicated"
    det_below = [t for st in det.market_stacks for t in st[:-1]]
    true_below = [t for st in state.market_stacks for t in st[:-1]]
    assert len(det_below) == len(set(det_below)) == len(true_below), "Market tiles lost or duplicated"
    assert set(det_below) <= unseen_market(state), "a Market tile the seat has seen went under a top"
    if _setup_open(state):
        assert det.dealt_characters[seat] == state.dealt_characters[seat]
        assert det.dealt_farmhouses[seat] == state.dealt_farmhouses[seat]
        chars = [c for s in range(state.num_players) for c in det.dealt_characters[s]]
        houses = [h for s in range(state.num_players) for h in det.dealt_farmhouses[s]]
        assert len(chars) == len(set(chars)) == 2 * state.num_players, "a character dealt twice"
        assert len(houses) == len(set(houses)) == 2 * state.num_players, "a farmhouse dealt twice"
        allowed = {c.id for c in CHARACTERS if state.fall_festival or not c.expansion}
        assert set(chars) <= allowed and set(houses) <= {f.id for f in FARMHOUSES}
        for s in range(state.num_players):
            # a seat that has chosen still holds a card it was dealt; one that has not, none
            assert (det.character[s] >= 0) == (state.character[s] >= 0)
            assert det.character[s] < 0 or det.character[s] in det.dealt_characters[s]
            assert (det.farmhouse[s] >= 0) == (state.farmhouse[s] >= 0)
            assert det.farmhouse[s] < 0 or det.farmhouse[s] in det.dealt_farmhouses[s]


@pytest.mark.parametrize("players,ff", CASES)
def test_determinize_resamples_every_hidden_order_and_keeps_the_visible_HV_RES_6(players, ff):
    """HV-RES-6, HV-FFC-5, HV-SET-8, HV-SET-10..12, HV-GAI-3: over TRIES generator seeds, each
    hidden order that could differ does differ at least once, while the observation, the public
    snapshot fields and the original state stay exactly as they were."""
    checked: Counter = Counter()
    for state in positions(players, ff, seed=100 + 10 * players + ff):
        before = state.to_json()
        for seat in range(players):
            obs = state.observation(seat)
            public = public_snapshot(state, seat)
            truth = hidden_orders(state, seat)
            changed: set[str] = set()
            for k in range(TRIES):
                rng = Rng(k) if k % 2 else random.Random(k)  # both kinds of searcher generator
                det = state.determinize(seat, rng)
                assert det.observation(seat) == obs
                assert public_snapshot(det, seat) == public
                assert det.observation_tensor(seat) == state.observation_tensor(seat)
                check_conservation(state, det, seat)
                changed |= {part for part, value in hidden_orders(det, seat).items() if value != truth[part]}
            wanted = could_change(state, seat)
            missed = sorted(wanted - changed)
            where = f"round {state.round} {state.phase}, seat {seat}"
            assert wanted <= changed, f"{where}: never re-sampled {missed}"
            checked.update(wanted)
        assert state.to_json() == before  # the real game is untouched
    # every kind of hidden order this configuration has was met at least once
    expected = {"sunrise stack", "building stack", "market below the tops"}
    if ff:
        expected.add("festival deck below the top")
    if players <= 2:
        expected.add("gairy deck")
    if players > 1:
        expected.add("other seats' dealt cards")
    assert expected <= set(checked), sorted(expected - set(checked))


def test_determinize_reseeds_the_game_generator_HV_SET_13():
    """HV-SET-13, core contract (Hidden information): the copy's own generator is re-seeded, so a
    search cannot predict the next forest die or reshuffle; the same searcher seed gives the
    same copy."""
    state = next(p for p in positions(2, True, seed=7) if p.phase == "action")
    copies = [state.determinize(0, Rng(k)) for k in range(5)]
    assert all(c.rng.state != state.rng.state for c in copies)
    assert len({c.rng.state for c in copies}) == 5
    assert state.determinize(0, Rng(3)).to_json() == copies[3].to_json()
