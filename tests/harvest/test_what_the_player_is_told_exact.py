"""What a player is told, to the exact number and word: a gain, a payment, a Market tile, the
final score. (A refused action and an action of no kind: tests/test_core_contract.py, every game.)

A player reads "why every point was scored" from these events and from ``score_breakdown``: a
gain must tell what it really added (a cap can take some away), a payment what it really took
(coins first, then fertilizer as Soil Mix, HV-NOV-11), and the final breakdown one line per End
building with the points that building scored (HV-END-2), each line labelled as the score
sheet labels it. Written for survivors of the mutation run (docs/mutation.md).
"""

from __future__ import annotations

import pytest

from acreage.games.harvest import rulings as R
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import FESTIVAL, FESTIVAL_BY_NAME, SUNRISE, Gain
from acreage.games.harvest.frames import Turn
from acreage.games.harvest.scoring import building_end_points, pie_points
from acreage.games.harvest.supply import gain, pay

from .helpers import end_farm, random_game, start


def _logged(players: int = 2):
    s = sc.fresh(players, seed=3)
    s.record_events()
    return s


def _last(s, kind: str) -> dict:
    return next(e for e in reversed(s.events_for(None)) if e["kind"] == kind)


def test_a_gain_tells_exactly_what_it_added_after_the_caps_HV_RES_2_HV_RES_3():
    """Coins 2 → 5, capacity 3 → 4 so water 1 + 5 is capped at 4 (+3), fertilizer 8 + 2 capped
    at 9 (+1), two seed kinds of four (one already held), 4 points: every field is the real change."""
    s = _logged()
    s.coins[0], s.water[0], s.cap[0], s.fert[0], s.seeds[0], s.score[0] = 2, 1, 3, 8, [2, 0, 0, 1], 5
    gain(s, 0, Gain(coins=3, water=5, upgrade=1, fertilizer=2, points=4, seeds=(1, 0, 2, 0)), "a test gain")
    e = _last(s, "gain")
    assert {k: v for k, v in e.items() if k not in ("i", "step")} == {
        "kind": "gain", "seat": 0, "why": "a test gain", "source": "a test gain", "coins": 3, "water": 3,
        "capacity": 1, "fertilizer": 1, "seeds": {"wheat": 1, "blueberry": 2}, "points": 4,
    }
    after = (s.coins[0], s.water[0], s.cap[0], s.fert[0], s.seeds[0], s.score[0])
    assert after == (5, 4, 4, R.MAX_FERTILIZER, [3, 0, 2, 1], 9)


def test_a_gain_capped_to_nothing_is_not_told():
    """Water into a full well, fertilizer onto a full stock: nothing changed, nothing told."""
    s = _logged()
    s.water[0], s.cap[0], s.fert[0] = 3, 3, R.MAX_FERTILIZER
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


def _sources_the_log_may_give() -> set[str]:
    """Every reason a gain may give, from the content's names (the log's words, exactly)."""
    from acreage.games.harvest.content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, MARKET

    return ({"forest die", "fertilizer action", "FF-3"}
            | {f"{b.name}, built" for b in BUILDINGS} | {f"{b.name}, Sunrise" for b in BUILDINGS}
            | {c.name for c in FESTIVAL} | {f"{c.name}, start" for c in CHARACTERS}
            | {f"Sunrise tile {n}" for n in range(1, len(SUNRISE) + 1)}
            | {f"{h.name}, Sunrise" for h in FARMHOUSES} | {f"{c.name} harvested" for c in CROPS}
            | {f"Market tile {t.number}" for t in MARKET})


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
    s.coins[0], s.fert[0] = coins, fert
    pay(s, 0, Turn(0), cost)
    e = _last(s, "pay")
    assert (e["seat"], e["coins"], e["fertilizer"]) == (0, *paid)
    assert (s.coins[0], s.fert[0]) == (coins - paid[0], fert - paid[1])


def test_the_final_breakdown_has_one_line_per_end_building_HV_END_2():
    """Barn 2 + 3 fertilizer = 5, Orchard Shed 3 × 2 bushes = 6, Windmill 2 × 3 buildings = 6,
    Gazebo 8 (four buildings, so Windmill 8): each a line of its own, and the lines add up to
    the score."""
    s = end_farm("Bakehouse")
    s.blds[0].append([BB["gazebo"].id, 5])
    parts = s.score_breakdown(0)
    assert {k: v for k, v in parts.items() if k.endswith(", end of game") and "Bakehouse" not in k} == {
        "Barn, end of game": 5, "Orchard Shed, end of game": 6, "Windmill, end of game": 8,
        "Gazebo, end of game": 8,
    }
    assert building_end_points(s, 0) == {BB["barn"].id: 5, BB["orchard shed"].id: 6, BB["windmill"].id: 8,
                                        BB["gazebo"].id: 8}
    assert s.score_parts(0)["buildings"] == 27
    assert sum(parts.values()) == s.scores()[0]


def test_the_final_breakdown_labels_pies_and_novelties_HV_END_3_HV_PIE_2():
    """Two different pies make a set (its points from the set table), a novelty scores 1: the
    breakdown says so in the score sheet's words."""
    s = end_farm("Bakehouse")
    pies = [c.id for c in FESTIVAL if c.kind == "pie"][:2]
    novelty = next(c.id for c in FESTIVAL if c.kind == "novelty")
    s.cards[0] = [*pies, novelty]
    parts = s.score_breakdown(0)
    assert parts["pie sets"] == pie_points(s, 0) > 0
    assert parts["novelties (1 point each)"] == 1
    assert parts["coins (1 point each)"] == 4
    assert sum(parts.values()) == s.scores()[0]


@pytest.mark.parametrize("piece", ["", " finn"])
def test_a_market_tile_event_tells_the_coins_paid_nothing_with_finn_HV_FM_1_HV_FNM_2(piece):
    """The market event tells the coins the tile cost: its printed price, or 0 when Finn was
    placed there (he pays no coins, HV-FNM-2)."""
    from acreage.games.harvest.content import MARKET

    s = start("Finn & Maisie:Bakehouse" if piece else "Architect:Bakehouse")
    s.record_events()
    k = next(i for i, t in enumerate(MARKET) if t.cost_coins > 0 and t.effect == "gain")
    s.mstacks[0][-1] = k
    s.coins[0] = 9
    s.apply(f"place FM-A{piece}")
    s.apply("market")
    paid = 0 if piece else MARKET[k].cost_coins
    e = _last(s, "market")
    assert (e["seat"], e["tile"], e["coins"]) == (0, MARKET[k].number, paid)
    assert s.coins[0] == 9 - paid + MARKET[k].gain.coins
