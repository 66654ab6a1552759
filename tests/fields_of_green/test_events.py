"""Fields of Green's event log and score breakdown on the rulebook's worked examples.

Positions are built by hand (``scenario``); their log starts when asked for (``record_events``),
so only what happens afterwards is told, field by field as the rulebook describes it.
"""

from __future__ import annotations

from acreage.core.events import EARLIER
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.events import describe

from .helpers import ex5_farm, game


def told(state, since: int, seat: int | None = None) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(seat, since)]


def test_ex5_with_one_water_tells_each_payment_and_gain_FG_EX_5_FG_HRV_3_FG_HRV_5_FG_EFX_12():
    """FG-EX-5 (one Water): the Wheat Field pays its Water and gives 2 Food, then the Cows pay
    1 Food and give 4 coins, and the Milking Machine 2 more."""
    s = ex5_farm(water=1)
    sc.goto_harvest(s, 0, year=2)
    s.record_events()
    start = s.event_count
    s.apply("harvest 1,1")
    s.apply("harvest 0,1")
    got = [e for e in told(s, start) if e["seat"] == 0]
    assert got == [
        {"kind": "harvest", "seat": 0, "card": "Wheat Field", "coins": 0, "food": 0, "water": 1},
        {"kind": "pay_water", "seat": 0, "cell": "0,0", "amount": 1, "auto": True},
        {"kind": "effect", "seat": 0, "card": "Wheat Field", "when": "harvest", "equipment": 0,
         "coins": 0, "food": 2, "points": 0, "source": "Wheat Field (harvest)"},
        {"kind": "harvest", "seat": 0, "card": "Dairy Cows", "coins": 0, "food": 1, "water": 0},
        {"kind": "effect", "seat": 0, "card": "Dairy Cows", "when": "harvest", "equipment": 0,
         "coins": 4, "food": 0, "points": 0, "source": "Dairy Cows (harvest)"},
        {"kind": "bonus", "seat": 0, "tile": "Milking Machine", "card": "Dairy Cows", "coins": 2,
         "food": 0, "points": 0, "source": "Milking Machine on Dairy Cows (harvest)"},
    ]
    assert s.food[0] == 1 and s.coins[0] == 11
    assert describe(got[0]) == "seat 0 harvests Wheat Field, paying 1 water"


def test_ex5_without_water_both_cards_turn_to_wasteland_FG_EX_5_FG_HRV_8_FG_HRV_12():
    """FG-EX-5 (no Water): nothing can be paid, so at the end of P's harvest both cards turn
    to Wasteland, and the log says which."""
    s = ex5_farm()
    s.record_events()
    start = s.event_count
    sc.goto_harvest(s, 0, year=2)
    waste = [e for e in told(s, start) if e["kind"] == "wasteland" and e["seat"] == 0]
    assert sorted(e["card"] for e in waste) == ["Dairy Cows", "Wheat Field"]


def test_ex2_end_scoring_breakdown_names_each_item_FG_EX_2_FG_END_3_to_7():
    """FG-EX-2: coins 3 + Food 2 + empty Towers 2 + VP tokens 4 + stored tile 1 = 12, each a
    line of the breakdown; the tokens were set by hand, before any log, so they are one entry."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Silo", (2, 0))
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0)
    sc.add_card(s, 0, "Water Tower", (0, 2), water=2)
    sc.set_stock(s, 0, coins=10, food=5, vp=4, stored=("Tractor",))
    breakdown = s.score_breakdown(0)
    assert breakdown == {
        "empty Water Towers (FG-END-7)": 2,
        f"VP tokens {EARLIER}": 4,
        "stored Equipment (FG-END-5)": 1,
        "coins (1 VP per 3)": 3,
        "food (1 VP per 2)": 2,
    }
    assert sum(breakdown.values()) == s.scores()[0] == 12


def test_ex3_cards_score_by_name_FG_EX_3_FG_END_2_FG_END_4_FG_EDGE_5():
    """FG-EX-3: the Flour Mill's 4 end-game VP and the Weathervane's 2 are lines of their own;
    the Wasteland Geese give no printed VP line."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    sc.add_card(s, 0, "Corn Field", (2, 0), down=True)
    sc.add_card(s, 0, "Wheat Field", (1, 1))
    sc.add_card(s, 0, "Flour Mill", (2, 1), equipment=("Weathervane",))
    sc.add_card(s, 0, "Barley Field", (3, 1))
    sc.add_card(s, 0, "Silo", (2, 2))
    sc.add_card(s, 0, "Geese", (0, 1), down=True)
    breakdown = s.score_breakdown(0)
    assert breakdown["Flour Mill (end of game)"] == 4
    assert breakdown["Weathervane (Equipment, end of game)"] == 2
    assert not any(k.startswith("Geese") for k in breakdown)
    assert sum(breakdown.values()) == s.scores()[0]
