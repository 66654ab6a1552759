"""Harvest's events (events.py) and the log they make: every event of whole games has a documented
kind with exactly its fields, each seat is told its own deal and the others only that a deal
happened, gains and payments are told with their sources and exact amounts, and the worked examples
are told step by step. Positions are built by hand (``scenario``) and their log starts when asked
for (``record_events``) (HV-SET-8, HV-SUN, HV-FLD, HV-RES, HV-GAI, HV-END)."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.core.events import EARLIER, recording
from acreage.games.harvest import rulings as R
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import (
    BUILDING_BY_NAME,
    CHARACTERS,
    FARMHOUSES,
    FESTIVAL,
    FESTIVAL_BY_NAME,
    SUNRISE,
    Gain,
)
from acreage.games.harvest.events import describe
from acreage.games.harvest.frames import Turn
from acreage.games.harvest.gairy import gairy_turn
from acreage.games.harvest.supply import gain, pay

from .helpers import action_phase_start, random_game, start


def told(state, since: int, seat: int | None = None) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(seat, since)]


def harvest_at_f1(s) -> list[dict]:
    """Seat 0 (to place, every space open) places on F-1 and harvests, with the log kept from
    just before: what it was told."""
    s.occupants = [() for _ in s.occupants]
    s.record_events()
    start = s.event_count
    s.apply("place F-1")
    s.apply("harvest")
    return told(s, start)


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


def _logged(players: int = 2):
    s = sc.fresh(players, seed=3)
    s.record_events()
    return s


def _last(s, kind: str) -> dict:
    return next(e for e in reversed(s.events_for(None)) if e["kind"] == kind)


def _sources_the_log_may_give() -> set[str]:
    """Every reason a gain may give, from the content's names (the log's words, exactly)."""
    from acreage.games.harvest.content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, MARKET

    return ({"forest die", "fertilizer action", "FF-3"}
            | {f"{b.name}, built" for b in BUILDINGS} | {f"{b.name}, Sunrise" for b in BUILDINGS}
            | {c.name for c in FESTIVAL} | {f"{c.name}, start" for c in CHARACTERS}
            | {f"Sunrise tile {n}" for n in range(1, len(SUNRISE) + 1)}
            | {f"{h.name}, Sunrise" for h in FARMHOUSES} | {f"{c.name} harvested" for c in CROPS}
            | {f"Market tile {t.number}" for t in MARKET})


def test_harvest_with_three_crop_types_tells_points_by_crop_HV_EX_2_HV_FLD_5_to_8_HV_RES_4():
    """HV-EX-2: +2 wheat, +6 pumpkin, +8 bushes (=+16), +3 coins for three types, and 2 more
    fertilizer of which one is lost to the cap of 9."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "wheat crop", "2,1": "pumpkin crop",
                       "3,1": "blueberry crop", "3,2": "blueberry crop", "2,2": "strawberry seed"},
                clear=True)
    s.points[0], s.coins[0], s.fertilizer[0] = 10, 1, 8
    got = harvest_at_f1(s)
    assert got[0] == {"kind": "place", "seat": 0, "where": "F-1", "piece": "wheelbarrow"}
    harvest = next(e for e in got if e["kind"] == "harvest")
    assert harvest == {"kind": "harvest", "seat": 0, "crops": {"wheat": 2, "blueberry": 2, "pumpkin": 1},
                       "points": 16, "coins": 3}
    points = {e["source"]: e["points"] for e in got if e["kind"] == "points"}
    assert points == {"wheat harvested": 2, "blueberry harvested": 8, "pumpkin harvested": 6}
    fert = sum(e["fertilizer"] for e in got if e["kind"] == "gain")
    assert fert == 1  # 8 + 2 capped at 9 (HV-RES-4)
    assert s.points[0] == 26
    breakdown = s.score_breakdown(0)
    assert breakdown == {"wheat harvested": 2, "blueberry harvested": 8, "pumpkin harvested": 6,
                         f"score track {EARLIER}": 10}
    assert describe(harvest) == "seat 0 harvests 2 wheat, 2 blueberry, 1 pumpkin: +16 points, +3 coins"


def test_gairy_tells_where_he_went_and_what_he_discarded_HV_EX_5_HV_GAI_6():
    """HV-EX-5: Gairy's Festival tile puts his basket on FF-1 and discards the Pumpkin Pie."""
    s = action_phase_start(2, assign="Architect:Bakehouse;Trader:Well House")
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.occupants = [() for _ in s.occupants]
    s.gairy_baskets = 1
    s.gairy_deck = ["festival"]
    s.gairy_drawn = []
    s.record_events()
    start = s.event_count
    gairy_turn(s)
    got = [e for e in told(s, start) if e["kind"] == "gairy"]
    assert got[0] == {"kind": "gairy", "seat": None, "area": "festival", "where": "FF-1",
                      "discarded": "Pumpkin Pie"}


def test_a_whole_game_explains_every_point_HV_END_1_to_3():
    """A complete 2-player game with the log on: at the end the breakdown of each seat sums to
    its final score, with the end-scoring items named, and nothing is left unexplained."""
    with recording():
        s = acreage.new_game("harvest", players=2, seed=3)
    rng = random.Random(3)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(2):
        breakdown = s.score_breakdown(seat)
        assert sum(breakdown.values()) == s.scores()[seat]
        assert not any(EARLIER in k for k in breakdown)
        if s.coins[seat]:
            assert breakdown["coins (1 point each)"] == s.coins[seat]


def test_kept_characters_stay_face_down_until_all_have_chosen_HV_SET_8():
    """HV-SET-8: a seat's dealt and kept character and farmhouse are told to it alone; the
    others see only that a choice was made, until the reveal tells everyone."""
    with recording():
        s = acreage.new_game("harvest", players=2, seed=5)
    deal0 = [e for e in s.events_for(0) if e["kind"] == "deal"]
    assert deal0[0]["seat"] == 0 and len(deal0[0]["characters"]) == 2
    assert deal0[1] == {"i": deal0[1]["i"], "step": 0, "kind": "deal", "seat": 1}
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    keeps1 = [e for e in s.events_for(1) if e["kind"] == "keep" and e["seat"] == 0]
    assert keeps1 and all("name" not in e for e in keeps1)
    reveal = [e for e in s.events_for(1) if e["kind"] == "reveal"]
    assert len(reveal) == 1 and len(reveal[0]["characters"]) == 2


def test_a_harvest_tells_the_pumpkin_and_berry_bonuses_HV_FLD_5_HV_CHR_2():
    """The Pumpkin Patcher's extra point and a Scarecrow's raise each harvested pumpkin's points
    (HV-CHR-2: character texts are data; the Scarecrow's effect is inferred data), and a
    Beehive adds 2 for a harvest with berries; each is told, and the told points add up to the
    harvest's."""
    s = action_phase_start(3, assign="Pumpkin Patcher:Bakehouse;Trader:Well House;Architect:Seed Loft")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "pumpkin crop", "3,1": "blueberry crop"}, clear=True)
    s.buildings[0] = [(BUILDING_BY_NAME["scarecrow"].id, -1), (BUILDING_BY_NAME["beehive"].id, -1)]
    s.points[0] = 0
    got = harvest_at_f1(s)
    harvest = next(e for e in got if e["kind"] == "harvest")
    points = {e["source"]: e["points"] for e in got if e["kind"] == "points" and e["seat"] == 0}
    assert points == {"blueberry harvested": 4, "pumpkin harvested": 8, "berry bonus buildings": 2}
    assert harvest["points"] == sum(points.values()) == s.points[0]
    assert s.score_breakdown(0)["berry bonus buildings"] == 2
    # Without berries in the harvest, the Beehive gives nothing and nothing is told of it.
    s = action_phase_start(3, assign="Pumpkin Patcher:Bakehouse;Trader:Well House;Architect:Seed Loft")
    sc.at_turn(s, 0)
    sc.set_farm(s, 0, {"2,1": "pumpkin crop"}, clear=True)
    s.buildings[0] = [(BUILDING_BY_NAME["beehive"].id, -1)]
    assert [e["source"] for e in harvest_at_f1(s) if e["kind"] == "points"] == ["pumpkin harvested"]


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
    assert reveal["characters"] == [CHARACTERS[c].name for c in state.character]
    assert reveal["farmhouses"] == [FARMHOUSES[h].name for h in state.farmhouse]


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
            house = FARMHOUSES[state.farmhouse[seat]].name
            assert sum(bool(re.fullmatch(r"Sunrise tile \d+", s)) for s in mine) == 1, (r, mine)
            # told when it changed something: always in round 1 for coins, fertilizer or seeds
            # (a fill or a capped supply may add nothing later)
            income = FARMHOUSES[state.farmhouse[seat]].sunrise
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
        assert mine["characters"] == [CHARACTERS[c].name for c in state.dealt_characters[seat]]
        assert mine["farmhouses"] == [FARMHOUSES[h].name for h in state.dealt_farmhouses[seat]]


def test_a_gain_tells_exactly_what_it_added_after_the_caps_HV_RES_2_HV_RES_3():
    """Coins 2 → 5, capacity 3 → 4 so water 1 + 5 is capped at 4 (+3), fertilizer 8 + 2 capped
    at 9 (+1), two seed kinds of four (one already held), 4 points: every field is the real change."""
    s = _logged()
    s.coins[0], s.water[0], s.bucket_capacity[0], s.fertilizer[0] = 2, 1, 3, 8
    s.seeds[0], s.points[0] = [2, 0, 0, 1], 5
    gain(s, 0, Gain(coins=3, water=5, upgrade=1, fertilizer=2, points=4, seeds=(1, 0, 2, 0)), "a test gain")
    e = _last(s, "gain")
    assert {k: v for k, v in e.items() if k not in ("i", "step")} == {
        "kind": "gain", "seat": 0, "why": "a test gain", "source": "a test gain", "coins": 3, "water": 3,
        "capacity": 1, "fertilizer": 1, "seeds": {"wheat": 1, "blueberry": 2}, "points": 4,
    }
    after = (s.coins[0], s.water[0], s.bucket_capacity[0], s.fertilizer[0], s.seeds[0], s.points[0])
    assert after == (5, 4, 4, R.MAX_FERTILIZER, [3, 0, 2, 1], 9)


def test_a_gain_capped_to_nothing_is_not_told():
    """Water into a full well, fertilizer onto a full stock: nothing changed, nothing told."""
    s = _logged()
    s.water[0], s.bucket_capacity[0], s.fertilizer[0] = 3, 3, R.MAX_FERTILIZER
    told = len(s.events_for(None))
    gain(s, 0, Gain(water=2, fertilizer=1), "nothing")
    assert len(s.events_for(None)) == told


def test_sunrise_11_tells_the_free_p1_card_and_its_coins_HV_SUN_5():
    """#11: the P1 card is taken for free (a card event at position 1 costing 0 coins), and the
    gain tells the 4 coins."""
    s = _logged()
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Apple Pie")
    s.coins[0] = 1
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    card = _last(s, "card")
    apple_pie = FESTIVAL[FESTIVAL_BY_NAME["apple pie"].id].name
    assert (card["seat"], card["card"], card["position"], card["coins"]) == (0, apple_pie, 1, 0)
    told = _last(s, "gain")
    assert (told["coins"], told["why"]) == (4, "Sunrise tile 11")
    assert s.coins[0] == 5


def test_every_gain_in_play_names_its_source_in_the_logs_words():
    """Each gain of a played game says where it came from, in words the log's reader knows
    (no gain without a reason): the forest die, the fertilizer action, a harvest, a Sunrise
    tile, a farmhouse or building at Sunrise, a card, a Market tile, a character's start, the
    coin of festival space FF-3."""
    allowed = _sources_the_log_may_give()
    seen: set[str] = set()
    for seed in (1, 2, 3, 4, 5, 6):
        state = random_game(3, seed)
        state.record_events()  # the whole game's log, rebuilt from its record
        for e in state.events_for(None):
            if e["kind"] == "gain":
                assert e["why"] == e["source"] and e["why"] in allowed, e
                seen.add(e["why"])
    assert {"forest die", "fertilizer action"} <= seen
    assert any(w.endswith(" harvested") for w in seen) and any(w.startswith("Sunrise tile ") for w in seen)


@pytest.mark.parametrize(("coins", "fert", "cost", "paid"), [
    (5, 2, 5, (5, 0)),   # coins exactly enough: no fertilizer
    (6, 2, 4, (4, 0)),
    (2, 2, 5, (2, 1)),   # 3 short: one Soil Mix fertilizer (3 coins' worth)
    (1, 3, 5, (1, 2)),   # 4 short: two fertilizer, no change given back
])
def test_a_payment_tells_the_coins_and_the_fertilizer_it_took_HV_NOV_11(coins, fert, cost, paid):
    s = _logged()
    s.coins[0], s.fertilizer[0] = coins, fert
    pay(s, 0, Turn(0), cost)
    e = _last(s, "pay")
    assert (e["seat"], e["coins"], e["fertilizer"]) == (0, *paid)
    assert (s.coins[0], s.fertilizer[0]) == (coins - paid[0], fert - paid[1])


@pytest.mark.parametrize("piece", ["", " finn"])
def test_a_market_tile_event_tells_the_coins_paid_nothing_with_finn_HV_FM_1_HV_FNM_2(piece):
    """The market event tells the coins the tile cost: its printed price, or 0 when Finn was
    placed there (he pays no coins, HV-FNM-2)."""
    from acreage.games.harvest.content import MARKET

    s = start("Finn & Maisie:Bakehouse" if piece else "Architect:Bakehouse")
    s.record_events()
    k = next(i for i, t in enumerate(MARKET) if t.cost_coins > 0 and t.effect == "gain")
    s.market_stacks[0][-1] = k
    s.coins[0] = 9
    s.apply(f"place FM-A{piece}")
    s.apply("market")
    paid = 0 if piece else MARKET[k].cost_coins
    e = _last(s, "market")
    assert (e["seat"], e["tile"], e["coins"]) == (0, MARKET[k].number, paid)
    assert s.coins[0] == 9 - paid + MARKET[k].gain.coins


def test_a_printing_press_reactivation_is_told_by_the_buildings_name():
    """HV-WS-11: the log and the decision name the Printing Press (the guide's real game uses it)."""
    from acreage.core.events import recording
    from acreage.core.guides import load_guide

    guide = load_guide("harvest")
    at = guide.moves.index("place Printing Press")
    with recording():
        state = guide.position(at + 1)
        assert "Printing Press" in state.describe_decision()
        state.apply(guide.moves[at + 1])  # reactivate a space used this round
        labels = ["Seat 1", "Seat 2"]
        texts = [state.describe_event(e, labels) for e in state.events_for(None)]
    assert any("Printing Press" in t for t in texts[-3:])
    assert not any("Cider" in t for t in texts)
