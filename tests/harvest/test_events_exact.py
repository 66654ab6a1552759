"""Harvest's events, field by field, over whole random games: every event is of a documented
kind with exactly its fields, rounds and sunsets are told in order, the reveal names what each
seat kept, and the end names the final scores (HV-SET-8, HV-RND, HV-END). Written for the
event-log mutants of the mutation run (docs/mutation.md)."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.games.harvest.content import CHARACTERS, FARMHOUSES

COMMON = {"i", "step", "kind", "seat"}
#: The fields each kind has besides the common ones (events.py's table): exactly these, or for
#: the kinds whose fields depend on what happened, at most these.
EXACT = {
    "deal": set(), "reveal": {"characters", "farmhouses"}, "round": {"round", "display"},
    "sunrise": {"took", "left"}, "place": {"where", "piece"},
    "gain": {"why", "coins", "water", "capacity", "fertilizer", "seeds", "points", "source"},
    "harvest": {"crops", "points", "coins"}, "points": {"points", "source"},
    "card": {"card", "position", "coins"}, "novelty": {"card"}, "market": {"tile", "coins"},
    "pay": {"coins", "fertilizer"}, "sunset": {"round"}, "game_over": {"scores", "ranking"},
}
AT_MOST = {
    "keep": {"what", "name"}, "gairy": {"area", "where", "discarded"},
    "action": {"what", "crop", "cell", "count", "coins", "water", "building"},
}


def _played(seed: int, players: int):
    state = acreage.new_game("harvest", players=players, seed=seed)
    state.record_events()
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 2), (3, 4), (4, 1)])
def test_every_event_has_a_documented_kind_and_exactly_its_fields(seed, players):
    state = _played(seed, players)
    events = state.events_for(None)
    for e in events:
        kind = e["kind"]
        assert kind in EXACT or kind in AT_MOST, e
        if kind in EXACT:
            assert set(e) == COMMON | EXACT[kind], e
        else:
            assert COMMON <= set(e) <= COMMON | AT_MOST[kind], e
        if kind == "gain":
            assert isinstance(e["source"], str) and e["source"], e  # every gain says why
            assert any(e[k] for k in ("coins", "water", "capacity", "fertilizer", "seeds", "points")), e
        if kind in ("reveal", "round", "sunset", "game_over"):
            assert e["seat"] is None, e
        elif kind != "gairy":
            assert type(e["seat"]) is int, e
    rounds = [e["round"] for e in events if e["kind"] == "round"]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= 4
    assert [e["round"] for e in events if e["kind"] == "sunset"] == rounds
    end = events[-1]
    assert end["kind"] == "game_over"
    assert (end["scores"], end["ranking"]) == (state.scores(), state.ranking())
    reveal = next(e for e in events if e["kind"] == "reveal")
    assert reveal["characters"] == [CHARACTERS[c].name for c in state.char]
    assert reveal["farmhouses"] == [FARMHOUSES[h].name for h in state.house]


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 2), (3, 4)])
def test_income_and_harvests_are_told_with_their_sources(seed, players):
    """HV-SUN-4: each round, each seat's income is told as a gain from its Sunrise tile and one
    from its farmhouse. HV-FLD: a harvest's points are the points events that follow it, one
    per crop that scores ("<crop> harvested") plus the berry bonus buildings."""
    import re

    from acreage.games.harvest.content import CROPS

    state = _played(seed, players)
    events = state.events_for(None)
    starts = [k for k, e in enumerate(events) if e["kind"] == "round"]
    for r, k in enumerate(starts):
        stop = next(j for j in range(k + 1, len(events)) if events[j]["kind"] == "place")
        gains = [e for e in events[k:stop] if e["kind"] == "gain"]
        for seat in range(players):
            mine = [e["source"] for e in gains if e["seat"] == seat]
            house = FARMHOUSES[state.house[seat]].name
            assert sum(bool(re.fullmatch(r"Sunrise tile \d+", s)) for s in mine) == 1, (r, mine)
            # told when it changed something: always in round 1 for coins, fertilizer or seeds
            # (a fill or a capped supply may add nothing later)
            income = FARMHOUSES[state.house[seat]].sunrise
            sure = r == 0 and bool(income.coins or income.fertilizer or any(income.seeds))
            told = mine.count(f"{house}, Sunrise")
            assert told == 1 if sure else told <= 1, (r, mine)
    crop_names = {c.name for c in CROPS}
    harvests = [k for k, e in enumerate(events) if e["kind"] == "harvest"]
    assert harvests
    for k in harvests:
        h = events[k]
        assert set(h["crops"]) <= crop_names and all(n > 0 for n in h["crops"].values())
        told = 0
        for e in events[k + 1:]:
            if e["kind"] != "points" or e["seat"] != h["seat"] or e["step"] != h["step"]:
                break
            assert e["source"] == "berry bonus buildings" or e["source"][:-len(" harvested")] in h["crops"]
            told += e["points"]
        assert told == h["points"], (h, told)


def test_the_state_says_its_events_with_the_tables_names():
    """The state's own describe_event/event_is_news are the events module's, with seat labels."""
    from acreage.games.harvest.events import describe, is_news

    state = _played(2, 2)
    place = next(e for e in state.events_for(None) if e["kind"] == "place")
    names = ["Ann", "Bob"]
    assert state.describe_event(place, names) == describe(place, names)
    assert names[place["seat"]] in state.describe_event(place, names)
    assert state.event_is_news(place) is is_news(place)


def test_each_seat_is_told_its_deal_and_the_others_only_that_it_was_dealt_HV_SET_8():
    """HV-SET-8: a seat is told the two characters and two farmhouses dealt to it; everyone
    sees that each seat was dealt, without what."""
    state = _played(3, 3)
    public = [e for e in state.events_for(None) if e["kind"] == "deal"]
    assert sorted(e["seat"] for e in public) == [0, 1, 2]
    for seat in range(3):
        mine = next(e for e in state.events_for(seat) if e["kind"] == "deal" and e["seat"] == seat)
        assert set(mine) == COMMON | {"characters", "farmhouses"}
        assert mine["characters"] == [CHARACTERS[c].name for c in state.dealt_c[seat]]
        assert mine["farmhouses"] == [FARMHOUSES[h].name for h in state.dealt_h[seat]]
