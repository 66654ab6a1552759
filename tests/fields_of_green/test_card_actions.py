"""What a revealed card allows (card_actions.py): the five actions, building the card (adjacency,
cost and its Immediate ability), a Water Tower, a Silo, the Market and Restore, and the public
discard pile the last four feed (FG-ACT-5 to FG-ACT-9, FG-BLD, FG-WT-1, FG-WT-2, FG-SILO, FG-MKT,
FG-RST)."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import BUILD, MARKET, RESTORE, SILO, SPLIT, TOWER
from acreage.games.fields_of_green.constants import ACTION, RESOLVE
from acreage.games.fields_of_green.content import CARDS, LOCATION_IDS, find_equipment
from acreage.games.fields_of_green.frames import Act, Hold
from acreage.games.fields_of_green.queries import first_player, food_cap, legal_splits, resolution_order

from .helpers import _commit_lowest, _name_at, assert_illegal, at_action, game, immediate_and_harvest, legal


def test_actions_are_chosen_at_resolution_and_the_pick_goes_to_the_discard():
    """FG-ACT-5..9: one action per pick, chosen when resolving; B–E discard the pick publicly."""
    s = game(3)
    sc.goto_action(s, 0, "Wheat Field")
    assert {"market 0", "market 1", "build 2,0", "tower 0,1", "silo 0,1"} <= legal(s)
    s.apply("market 1")
    assert [CARDS[c].name for c in s.discard] == ["Wheat Field"]
    assert s.observation(2)["discard"] == ["Wheat Field"]


def test_ex9_the_last_water_tower_goes_to_the_first_seat_to_resolve():
    """FG-EX-9, FG-EDGE-1, FG-ACT-6, FG-WT-2: resolution 2, 0, 1 in year 3; the supply empties."""
    s = game(3, first_player=0)
    s.year = 3
    assert first_player(s) == 2
    s.towers_left = 1
    s.phase, s.stage, s.turn = ACTION, RESOLVE, 6
    cards = {seat: CARDS[LOCATION_IDS[seat]].id for seat in range(3)}
    s.frames = [Hold(), Act(1, cards[1]), Act(0, cards[0]), Act(2, cards[2])]
    alt = s.clone()
    s._legal = alt._legal = None
    s._advance()
    alt._advance()
    assert s.current_player == 2 and "tower 0,1" in legal(s)
    s.apply("tower 0,1")
    assert s.towers_left == 0 and s.current_player == 0
    assert not any(a.startswith("tower") for a in legal(s))
    assert any(a.startswith("silo") for a in legal(s)) and "market 0" in legal(s)
    assert_illegal(s, "tower 0,1")
    alt.apply("market 0")
    assert "tower 0,1" in legal(alt)


def test_act7_exactly_the_five_actions_a_to_e():
    """Checks FG-ACT-7: A build, B Tower, C Silo, D Market, E Restore are the only actions
    for a pick, and B-E discard the pick while A builds it."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    sc.goto_action(s, 0, "Wheat Field")
    assert {a.split()[0] for a in legal(s)} == {"build", "tower", "silo", "market", "restore"}
    towers, silos = s.towers_left, s.silos_left

    a = s.clone()
    a.apply("build 2,0")  # A
    assert _name_at(a, 0, (2, 0)) == "Wheat Field" and a.discard == [] and a.coins[0] == 13
    b = s.clone()
    b.apply("tower -1,0")  # B
    assert _name_at(b, 0, (-1, 0)) == "Water Tower" and sc.water_at(b, 0, (-1, 0)) == 3
    assert b.towers_left == towers - 1 and b.coins[0] == 13
    c = s.clone()
    c.apply("silo -1,0")  # C
    assert _name_at(c, 0, (-1, 0)) == "Silo" and c.silos_left == silos - 1 and c.coins[0] == 15
    d = s.clone()
    d.apply("market 0")  # D
    assert d.coins[0] == 17 and len(d.piece_cards[0]) == 3
    e = s.clone()
    e.apply("restore 0,1")  # E
    assert e.piece_face_down[0][sc.piece_at(e, 0, (0, 1))] is False and e.coins[0] == 14
    for x in (b, c, d, e):
        assert [CARDS[k].name for k in x.discard] == ["Wheat Field"]
        assert "Wheat Field" not in {CARDS[k].name for k in x.piece_cards[0]}


def test_act9_discarded_picks_go_to_a_public_pile_and_stay_there():
    """Checks FG-ACT-9: discarded picks go to the discard pile, which every seat sees, and
    play no further part: the pile only grows and decks never get cards back."""
    s = game(3, seed=11, introductory=True)
    _commit_lowest(s)
    picks = [s.revealed[x] for x in resolution_order(s)]
    for _ in range(3):
        s.apply("market 0")
    assert s.discard == picks
    for viewer in range(3):
        assert s.observation(viewer)["discard"] == [CARDS[c].name for c in picks]
    rng = random.Random(11)
    sizes = [len(d) for d in s.decks]
    while not s.is_terminal:
        before = s.discard[:]
        s.apply(rng.choice(s.legal_actions()))
        assert s.discard[:len(before)] == before
        now = [len(d) for d in s.decks]
        assert all(n <= o for n, o in zip(now, sizes, strict=True))
        sizes = now
    assert s.discard[:3] == picks


def test_build_needs_orthogonal_adjacency_and_an_empty_cell():
    """FG-BLD-1..3: only empty cells sharing a side with a farm card; never on a card."""
    s = at_action("Potato Field")
    builds = {a for a in legal(s) if a.startswith("build")}
    assert builds == {"build 0,1", "build 1,1", "build -1,0", "build 2,0", "build 0,-1", "build 1,-1"}
    assert_illegal(s, "build 2,1")  # corner only
    assert_illegal(s, "build 1,0")  # occupied


def test_bld2_every_farm_card_makes_its_neighbours_buildable():
    """Checks FG-BLD-2: cells beside only the Tower, only the Silo or only a Wasteland are all
    buildable, and a build there succeeds."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (2, 0), down=True)
    sc.goto_action(s, 0, "Potato Field")  # no Water cost, so range does not matter
    builds = {a for a in legal(s) if a.startswith("build")}
    only_tower, only_silo, only_wasteland = "build -1,0", "build 1,-1", "build 3,0"
    assert {only_tower, only_silo, only_wasteland, "build 2,1", "build 2,-1"} <= builds
    for target, at in ((only_tower, (-1, 0)), (only_silo, (1, -1)), (only_wasteland, (3, 0))):
        t = s.clone()
        t.apply(target)
        assert _name_at(t, 0, at) == "Potato Field"


def test_bld3_no_card_on_an_occupied_cell_and_cards_never_move():
    """Checks FG-BLD-3: builds, Towers and Silos are never offered on (nor accepted for) an
    occupied cell, Wasteland included; cards already placed keep their cells."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (2, 0), down=True)
    sc.goto_action(s, 0, "Potato Field")
    for verb in ("build", "tower", "silo"):
        for cell in ("0,0", "1,0", "2,0"):
            assert f"{verb} {cell}" not in legal(s)
            assert_illegal(s, f"{verb} {cell}")
    placed = dict(s.cells[0])
    s.apply("build 0,1")
    for card, action in (("Geese", "tower -1,0"), ("Geese", "silo 1,1"), ("Geese", "restore 2,0")):
        sc.goto_action(s, 0, card)
        s.apply(action)
        assert all(s.cells[0][c] == p for c, p in placed.items())
        placed = dict(s.cells[0])
        assert all(s.piece_cells[0][p] == c for c, p in placed.items())
    assert len(placed) == 6 and not s.piece_face_down[0][sc.piece_at(s, 0, (2, 0))]


def test_build_pays_everything_and_runs_the_immediate_ability():
    """FG-BLD-4, FG-BLD-6, FG-BLD-8: coins + Food from the pool; Immediate resolves at once."""
    s = game(3)
    sc.clear_farm(s, 0, food=2)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Barley Field", (2, 1))
    sc.goto_action(s, 0, "Scarecrow")
    s.apply("build 1,1")
    assert s.coins[0] == 15 - 2 and s.food[0] == 2 + 2  # two neighbouring Plantations
    s2 = game(3)
    sc.clear_farm(s2, 0, food=1)
    sc.goto_action(s2, 0, "Farmhouse")
    s2.apply("build 2,0")
    assert s2.coins[0] == 9 and s2.food[0] == 0


def test_a_card_that_cannot_be_paid_is_used_for_another_action():
    """FG-BLD-7, FG-ACT-8: no build when the cost cannot be paid; Market is still there."""
    s = at_action("Corn Field", coins=4)
    assert not any(a.startswith("build") for a in legal(s))
    assert_illegal(s, "build 2,0")
    assert "market 0" in legal(s)


def test_water_tower_action():
    """FG-WT-1, FG-WT-2, FG-EDGE-10: 2 coins, adjacent, arrives with 3 Water; illegal without
    coins or supply."""
    s = at_action("Geese")
    s.apply("tower 0,1")
    assert sc.water_at(s, 0, (0, 1)) == 3 and s.coins[0] == 13 and s.towers_left == 20 - 3 - 1
    s = at_action("Geese", coins=1)
    assert not any(a.startswith("tower") for a in legal(s))
    s = game(3)
    s.towers_left = 0
    sc.goto_action(s, 0, "Geese")
    assert_illegal(s, "tower 0,1")


def test_silo_action():
    """FG-SILO-1..3, FG-EDGE-10: free, arrives empty, +4 cap; illegal with an empty supply."""
    s = at_action("Geese", coins=0, food=1)
    s.apply("silo 2,0")
    assert s.food[0] == 1 and food_cap(s, 0) == 8 and s.coins[0] == 0 and s.silos_left == 14 - 3 - 1
    s = game(3)
    s.silos_left = 0
    sc.goto_action(s, 0, "Geese")
    assert not any(a.startswith("silo") for a in legal(s))


@pytest.mark.parametrize("players", [2, 3])
def test_silo2_silo_action_is_illegal_with_an_empty_supply(players):
    """Checks FG-SILO-2: with one Silo left, action C is legal; once the supply is empty it is
    neither offered nor accepted, while other actions remain."""
    s = game(players)
    s.silos_left = 1
    sc.goto_action(s, 0, "Geese")
    assert "silo 2,0" in legal(s)
    s.apply("silo 2,0")
    assert s.silos_left == 0
    sc.goto_action(s, 1, "Geese")
    assert not any(a.startswith("silo") for a in legal(s))
    assert_illegal(s, "silo 2,0")
    assert "market 0" in legal(s) and "tower 2,0" in legal(s)


@pytest.mark.parametrize("food, sold, coins, after", [
    (0, 0, 2, 0), (1, 0, 2, 1), (1, 1, 4, 0), (1, 2, None, None), (3, 2, 6, 1), (3, 3, None, None),
])
def test_ex1_market_rewards(food, sold, coins, after):
    """FG-EX-1, FG-MKT-1, FG-MKT-2, FG-EDGE-11: +2 coins, sell 0-2 owned Food at 2 each."""
    s = at_action("Geese", coins=0, food=food)
    if coins is None:
        assert_illegal(s, f"market {sold}")
        return
    s.apply(f"market {sold}")
    assert s.coins[0] == coins and s.food[0] == after


def test_market_is_always_legal_and_food_is_sold_only_there():
    """FG-MKT-2, FG-MKT-3, FG-ACT-8: Market with 0 coins and 0 Food; no other sale action."""
    s = at_action("Corn Field", coins=0, food=0)
    assert "market 0" in legal(s)
    assert not any(a.startswith("sell") for a in legal(s))


def test_restore_a_wasteland():
    """FG-RST-1..4, FG-EDGE-3 (cost and Immediate not repeated): 1 coin; card face up again,
    no Equipment back."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    sc.goto_action(s, 0, "Geese")
    assert "restore 0,1" in legal(s)
    s.apply("restore 0,1")
    p = sc.piece_at(s, 0, (0, 1))
    assert s.coins[0] == 14 and not s.piece_face_down[0][p] and s.piece_equipment[0][p] == ()
    s = at_action("Geese", coins=0)
    assert not any(a.startswith("restore") for a in legal(s))  # FG-RST-2: no Wasteland / no coin


def test_edge3_restore_does_not_rerun_an_immediate_ability(monkeypatch):
    """FG-EDGE-3, FG-RST-3, FG-RST-4, FG-EFX-2, FG-HRV-13: a made-up card with an Immediate
    (+2 coins) and a Harvest ability (1 Food: +3 coins). Built, it pays 2 and gains 2; its
    Pickup Truck is lost when it turns Wasteland; restored for 1 coin it gains nothing, costs
    nothing more, gets no Equipment back, and harvests again that same year."""
    immediate_and_harvest(monkeypatch)
    s = game(3)
    sc.clear_farm(s, 0, food=0)
    sc.goto_action(s, 0, "Fences", year=2)
    s.apply("build 2,0")
    assert s.coins[0] == 15 - 2 + 2
    sc.set_stack(s, ["Pickup Truck"])
    sc.gain_equipment(s, 0)
    s.apply("equip Pickup Truck 2,0")
    card = sc.piece_at(s, 0, (2, 0))
    assert s.coins[0] == 18 and s.piece_equipment[0][card] == (find_equipment("Pickup Truck").id,)
    sc.goto_harvest(s, 0, year=2)  # no Food: it can only be abandoned
    assert s.piece_face_down[0][card] and s.piece_equipment[0][card] == () and s.stored[0] == []
    assert find_equipment("Pickup Truck").id not in s.equipment_stack
    sc.goto_action(s, 0, "Geese", year=3)
    s.apply("restore 2,0")
    assert s.coins[0] == 18 - 1 and not s.piece_face_down[0][card] and s.piece_equipment[0][card] == ()
    assert s.current_player is None  # nothing else happened (no Immediate, no payment)
    sc.set_stock(s, 0, food=1)
    sc.goto_harvest(s, 0, year=3)
    assert legal(s) == {"harvest 2,0", "abandon 2,0"}
    s.apply("harvest 2,0")
    assert s.coins[0] == 17 + 3 and s.food[0] == 0


def test_card_and_split_actions_are_made_once_and_a_clone_keeps_its_legal_list():
    """A search lists the same actions again and again: two games played alike list the very
    same action objects (builds, Towers, Silos, market sales, restores, splits), the legal
    splits of one capped deck size are one shared tuple, and a clone keeps the legal list its
    original had worked out (a copy: nobody lists it twice)."""
    kinds = {BUILD, TOWER, SILO, MARKET, RESTORE, SPLIT}
    shared = 0
    for seed in range(3):
        state = acreage.new_game("fields_of_green", players=2, seed=seed)
        twin = acreage.new_game("fields_of_green", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal, again = state.legal_actions(), twin.legal_actions()
            assert again == legal
            for mine, theirs in zip(legal, again, strict=True):
                if mine.kind in kinds:
                    assert mine is theirs
                    shared += 1
            copy = state.clone()
            assert copy._legal == state._legal and copy._legal is not state._legal
            assert legal_splits(state) is legal_splits(twin)
            action = rng.choice(legal)
            state.apply(action)
            twin.apply(action)
    assert shared > 200
