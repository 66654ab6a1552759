"""Fields of Green's presentation model: card and Equipment words, the five actions, action
labels and ``args`` and the facts a seat gets (rule IDs: shared/rules/fields_of_green.md)."""

from __future__ import annotations

import json
import random

import pytest

import acreage
from acreage.core.presentation import legal_views
from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import (
    ABANDON,
    BUILD,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    PAY,
    PICK,
    RESTORE,
    SILO,
    SPLIT,
    TOWER,
    WATER,
)
from acreage.games.fields_of_green.content import CARDS, EFFECT_KINDS, EQUIPMENT, MAIN_DECKS
from acreage.games.fields_of_green.present import (
    PRESENTATION,
    effect_words,
    equipment_effect_words,
)

CELL_KINDS = (BUILD, TOWER, SILO, RESTORE, PAY, WATER, FILL, HARVEST, ABANDON, INSTALL)


def _views(state) -> dict[str, dict]:
    return {v["text"]: v for v in legal_views(state, PRESENTATION)}


# ---------------------------------------------------------------- content

def test_content_puts_every_location_card_and_equipment_in_words():
    """Checks FG-BLD-9 and FG-EFX-1: each Location card has its type and colour key, its build
    cost, printed VP and each ability in words under its timing; FG-EQ-3: each Equipment kind
    names the category it fits and what it does."""
    content = PRESENTATION.content()
    json.dumps(content)  # served as JSON
    cards = content["cards"]
    assert set(cards) == {c.name for c in CARDS}
    for card in CARDS:
        entry = cards[card.name]
        assert entry["deck"] == card.deck and entry["colour"].startswith("#") and entry["help"]
        assert [entry["cost"][k] for k in ("coins", "water", "food")] == list(card.cost)
        assert entry["vp"] == card.vp
        words = entry["immediate"] + entry["harvest"] + entry["end"]
        assert len(words) == len(card.effects)
        assert (entry["harvest_cost"] is None) == (card.harvest_cost is None)
        for when in ("immediate", "harvest", "end"):
            assert len(entry[when]) == len(card.effects_at(when))
    wheat = cards["Wheat Field"]
    assert wheat["type"] == "Cereal Plantation" and wheat["cost_text"] == "$2 1W"
    assert wheat["harvest"] == ["Each harvest: receive 2 Food."] and "Tractor" in wheat["fits"]
    assert cards["Rabbits"]["harvest_cost_text"] == "1F per face-up copy"
    assert set(content["equipment"]) == {k.name for k in EQUIPMENT}
    assert content["equipment"]["Tractor"]["fits_words"] == "Plantation"
    assert content["equipment"]["Tractor"]["effects"] == ["When its card harvests: 1 Food more."]
    assert set(content["decks"]) == set(MAIN_DECKS)


def test_every_effect_kind_of_cards_and_equipment_is_put_into_words():
    """Checks FG-EFX-1 and FG-EFX-12: no card or Equipment effect falls back to its raw kind."""
    seen = set()
    for card in CARDS:
        for effect in card.effects:
            assert not effect_words(effect).endswith(f": {effect.kind}."), card.name
            seen.add(effect.kind)
    assert seen == set(EFFECT_KINDS)
    for kind in EQUIPMENT:
        for effect in kind.effects:
            assert equipment_effect_words(effect) != effect.kind, kind.name


def test_content_lists_the_five_actions_with_their_costs():
    """Checks FG-ACT-7, FG-WT-1, FG-SILO-1, FG-MKT-1, FG-RST-1: the five actions, A to E, with
    the prices the rulings set."""
    actions = PRESENTATION.content()["actions"]
    assert [a["key"] for a in actions] == ["A", "B", "C", "D", "E"]
    assert [a["verb"] for a in actions] == ["build", "tower", "silo", "market", "restore"]
    by = {a["verb"]: a for a in actions}
    assert f"{R.TOWER_PRICE} coins" in by["tower"]["cost"]
    assert f"{R.START_TOWER_WATER} Water" in by["tower"]["effect"]
    assert "free" in by["silo"]["cost"] and f"{R.SILO_CAPACITY} more Food" in by["silo"]["effect"]
    assert f"{R.MARKET_COINS} coins" in by["market"]["effect"]
    assert f"{R.RESTORE_PRICE} coin" in by["restore"]["cost"]


# ---------------------------------------------------------------- action labels and args

def _about(view: dict) -> dict:
    """A view's args without its ``verb`` (checked here: the notation's kind word)."""
    args = dict(view["args"])
    assert args.pop("verb") == view["text"].split(" ")[0]
    return args


def test_split_market_and_pay_labels_and_args():
    """Checks FG-MNT-6 (a split names 4 deck counts), FG-MKT-1 (Market's coins: 2 plus 2 per
    Food sold) and FG-BLD-5 (Water is paid from a named Tower)."""
    state = sc.fresh(3, seed=2)
    views = _views(state)
    split = views["split 2/2/1/1"]
    assert (split["group"], split["label"]) == ("split P/L/S/B", "2/2/1/1")
    assert _about(split) == {"split": [2, 2, 1, 1]}
    state = sc.fresh(3, seed=1)
    sc.set_stock(state, 0, food=2)
    sc.goto_action(state, 0, "Wheat Field")
    views = _views(state)
    market = views["market 2"]
    assert (market["group"], market["label"], _about(market)) == ("market", "sell 2 Food (+$6)",
                                                                  {"food": 2, "coins": 6})
    build = views["build 0,1"]
    assert build["group"] == "build" and _about(build) == {"cell": "0,1", "card": "Wheat Field"}
    assert _about(views["tower 0,1"]) == {"cell": "0,1"} and _about(views["silo -1,0"]) == {"cell": "-1,0"}
    state.apply("build 0,1")  # the one Water can come from the starting Tower only: paid by itself
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Water Tower", (0, 1), water=2)
    sc.goto_action(state, 0, "Wheat Field")
    state.apply("build 1,1")
    views = _views(state)
    assert views["pay 0,0"]["group"] == "pay Water from" and views["pay 0,0"]["label"] == "0,0 (3/3)"
    assert _about(views["pay 0,1"]) == {"cell": "0,1"}
    deciding = PRESENTATION.facts(state, 0)["deciding"]
    assert deciding["kind"] == "pay" and deciding["cell"] == "1,1" and deciding["water"] == 1


def test_harvest_and_abandon_name_the_card_its_cell_and_its_cost_after_equipment():
    """Checks FG-HRV-4 (pay in full or abandon), FG-HRV-7 (a harvest Equipment made free cannot
    be abandoned) and FG-EQ-7 (Drip Irrigation's cut shows in the cost)."""
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Wheat Field", (0, 1))
    sc.add_card(state, 0, "Dairy Cows", (1, 1))
    sc.add_card(state, 0, "Corn Field", (-1, 0), equipment=("Drip Irrigation",))
    sc.set_stock(state, 0, food=1)
    sc.goto_harvest(state, 0, year=1)
    views = _views(state)
    wheat = views["harvest 0,1"]
    assert (wheat["group"], wheat["label"]) == ("harvest", "0,1 Wheat Field (1W)")
    assert views["abandon 1,1"]["label"] == "1,1 Dairy Cows (1F)"
    assert _about(views["harvest 0,1"]) == {"cell": "0,1", "card": "Wheat Field", "cost": [0, 1, 0]}
    facts = PRESENTATION.facts(state, 0)
    corn = CARDS[state.piece_cards[0][sc.piece_at(state, 0, (-1, 0))]]
    want = list(corn.harvest_cost)
    want[1] = max(0, want[1] - 1)
    assert facts["harvest_costs"][0]["-1,0"] == want
    assert facts["deciding"]["kind"] == "harvest"
    assert set(facts["deciding"]["pending"]) == {"0,1", "1,1", "-1,0"}


def test_equipment_keep_and_store_name_the_tile_and_the_card():
    """Checks FG-EQ-1/2 (keep one of three, install on a card or store it) and FG-EQ-3 (only
    fitting cards are offered)."""
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Wheat Field", (0, 1))
    sc.set_stack(state, ["Tractor", "Silo Extension", "Pickup Truck"])
    sc.gain_equipment(state, 0)
    views = _views(state)
    keep = views["equip Tractor 0,1"]
    assert (keep["group"], keep["label"]) == ("keep Tractor", "on 0,1 Wheat Field")
    assert _about(keep) == {"equipment": "Tractor", "cell": "0,1", "card": "Wheat Field"}
    assert _about(views["equip Tractor store"]) == {"equipment": "Tractor", "cell": "store"}
    assert views["equip Silo Extension 1,0"]["label"] == "on 1,0 Silo"
    assert PRESENTATION.facts(state, 0)["deciding"]["kind"] == "equip"
    assert "deciding" not in PRESENTATION.facts(state, 1)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_legal_action_of_random_games_gets_a_label_and_the_args_it_is_about(players, seed):
    """Checks FG-ACT-7 and FG-HRV-4 from the player's side: every legal action in random games
    has a label, and its args name the cell, card, split, Food or Equipment it is about."""
    state = acreage.new_game("fields_of_green", players=players, seed=seed)
    rng = random.Random(seed)
    kinds = set()
    while not state.is_terminal:
        views = legal_views(state, PRESENTATION)
        for action, view in zip(state.legal_actions(), views, strict=True):
            kinds.add(action.kind)
            assert view["label"], view
            json.dumps(view["args"])
            args = view["args"]
            if action.kind in CELL_KINDS:
                assert "," in args["cell"], view
            if action.kind in (BUILD, RESTORE, HARVEST, ABANDON, PICK):
                assert args["card"] in {c.name for c in CARDS}, view
            if action.kind == SPLIT:
                assert sum(args["split"]) == R.DRAW_COUNT and len(args["split"]) == 4
            if action.kind == EQUIP:
                assert args["equipment"] and (args["cell"] == "store" or "," in args["cell"])
        state.apply(rng.choice(state.legal_actions()))
    assert {SPLIT, PICK, BUILD, HARVEST} <= kinds


def test_facts_tell_the_year_passing_and_first_player_and_hide_nothing_else():
    """Checks FG-YR-3 (the year's passing direction), FG-YR-4 (the First Player and order) and
    FG-HID-2/3: a seat's facts are the same whatever the hands and picks it cannot see are."""
    state = sc.fresh(3, seed=2)
    facts = PRESENTATION.facts(state, 1)
    assert facts["year"] == 1 and facts["first_player"] == 0 and facts["order"] == [0, 1, 2]
    assert facts["direction"] == "clockwise" and facts["give_to"] == 2 and facts["get_from"] == 0
    assert PRESENTATION.facts(sc.fresh(2, seed=2), 0)["direction"] is None
    state = acreage.new_game("fields_of_green", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        for seat in range(3):
            facts = PRESENTATION.facts(state, seat)
            other = state.determinize(seat, random.Random(rng.random()))
            assert PRESENTATION.facts(other, seat) == facts
        state.apply(rng.choice(state.legal_actions()))
