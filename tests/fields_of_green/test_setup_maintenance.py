"""Setup, year structure and Maintenance (FG-SET, FG-YR, FG-MNT; FG-EX-6 income, FG-EX-10,
FG-EDGE-2, FG-EDGE-10)."""

from __future__ import annotations

import pytest

import acreage
from acreage import OptionError
from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import SPLITS
from acreage.games.fields_of_green.constants import ACTION, MAINTENANCE, TOWER_ID
from acreage.games.fields_of_green.queries import direction, first_player, food_cap

from .helpers import assert_illegal, cell, game, legal, next_year


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_2_to_4_is_refused(players):
    """FG-SET-1: only 2, 3 or 4 players."""
    with pytest.raises(OptionError):
        acreage.new_game("fields_of_green", players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_stock_farm_decks_supplies_and_stack(players):
    """FG-SET-2..7: 15 coins, Tower (0,0) with 3 Water, Silo (1,0) with 1 Food, shuffled decks."""
    s = game(players)
    assert [len(d) for d in s.decks] == [33, 33, 33, 33]  # nothing drawn before the first split
    assert s.towers_left == 20 - players and s.silos_left == 14 - players
    assert len(s.eq_stack) == 30
    for seat in range(players):
        assert s.coins[seat] == 15 and s.vp[seat] == 0 and s.stored[seat] == [] and s.hands[seat] == []
        assert s.food[seat] == 1
        assert s.pcard[seat][0] == TOWER_ID and s.pcell[seat][0] == cell(0, 0) and s.pwater[seat][0] == 3
        assert s.pcell[seat][1] == cell(1, 0)
    other = game(players, seed=1)
    assert s.decks != other.decks  # shuffled by seed


def test_first_player_option_or_seeded_draw():
    """FG-SET-8: option first_player, else drawn with the seeded RNG (same seed, same seat)."""
    assert first_player(game(3, first_player=2)) == 2
    draws = {first_player(game(4, seed=k, first_player=None)) for k in range(30)}
    assert len(draws) > 1
    again = [first_player(game(4, seed=7, first_player=None)) for _ in range(2)]
    assert again[0] == again[1]


def test_first_player_passes_left_and_directions_alternate():
    """FG-YR-2..4: year y First Player is f+y-1; directions CW, CCW, CW, CCW."""
    s = game(4, first_player=3, introductory=True)
    seen = []
    for _ in range(4):
        seen.append((s.year, first_player(s), direction(s)))
        if s.year < 4:
            next_year(s)
    assert seen == [(1, 3, 1), (2, 0, -1), (3, 1, 1), (4, 2, -1)]
    assert R.YEAR_DIRECTIONS == (1, -1, 1, -1)


def test_a_game_is_four_years_and_ends_after_the_fourth_harvest():
    """FG-YR-1, FG-YR-6: four years, no Maintenance after year 4."""
    s = game(3, introductory=True)
    for _ in range(3):
        next_year(s)
    assert s.year == 4
    coins = s.coins[:]
    next_year(s)
    assert s.is_terminal and s.year == 4 and s.coins == coins


def test_splits_are_declared_from_the_first_player_clockwise():
    """FG-MNT-6, FG-YR-5: draws start at the First Player and go clockwise."""
    s = game(3, first_player=1)
    order = []
    for _ in range(3):
        order.append(s.current_player)
        s.apply("split 2/2/1/1")
    assert order == [1, 2, 0]
    assert s.phase == ACTION


def test_split_rules_sum_six_at_least_three_decks():
    """FG-MNT-6: four counts summing to 6 with at least 3 non-zero."""
    s = game(3)
    offered = legal(s)
    assert "split 2/2/1/1" in offered and "split 3/2/1/0" in offered and "split 1/4/0/1" in offered
    assert "split 4/2/0/0" not in offered and "split 6/0/0/0" not in offered
    assert_illegal(s, "split 4/2/0/0")
    assert_illegal(s, "split 1/1/1/1")
    assert len(SPLITS) == 84


def test_draw_is_declared_then_taken_from_the_tops_and_is_public():
    """FG-MNT-7/8: the whole split is drawn from the deck tops; split counts are public."""
    s = game(3)
    tops = [d[-3:] for d in s.decks]
    s.apply("split 3/1/1/1")
    assert sorted(s.hands[0]) == sorted(tops[0] + tops[1][-1:] + tops[2][-1:] + tops[3][-1:])
    assert [len(d) for d in s.decks] == [30, 32, 32, 32]
    for viewer in range(3):
        assert s.observation(viewer)["seats"][0]["split"] == "3/1/1/1"
    assert s.observation(1)["hand"] == []  # seat 1 has not drawn; it does not see seat 0's cards


def test_ex10_split_legality_with_a_short_deck():
    """FG-EX-10, FG-MNT-9: a split may not ask a deck for more than it holds."""
    s = game(3)
    s.decks[2] = s.decks[2][:2]
    s._legal = None
    offered = legal(s)
    for ok in ("2/2/1/1", "3/0/2/1", "2/2/2/0", "0/4/1/1"):
        assert f"split {ok}" in offered
    for bad in ("4/2/0/0", "6/0/0/0", "1/1/3/1"):
        assert f"split {bad}" not in offered
        assert_illegal(s, f"split {bad}")


def test_ex10_fewer_than_three_non_empty_decks_must_all_be_used():
    """FG-EX-10, FG-MNT-9, FG-EDGE-2: with only 2 non-empty decks, both must be used."""
    s = game(3)
    s.decks[2] = []
    s.decks[3] = []
    s._legal = None
    offered = legal(s)
    assert "split 3/3/0/0" in offered and "split 5/1/0/0" in offered
    assert "split 6/0/0/0" not in offered


def test_edge2_a_deck_runs_out_and_stays_empty():
    """FG-EDGE-2, FG-MNT-10: 4 players asking 4 Structures a year empty it in year 3; discards
    never refill it."""
    s = game(4)
    for year in (1, 2, 3):
        for _ in range(4):
            if s.current_player is None or s.frames[-1].kind != "split":
                break
            wanted = "split 1/0/4/1" if "split 1/0/4/1" in legal(s) else None
            if wanted is None:
                assert year == 3 and len(s.decks[2]) < 4
                break
            s.apply(wanted)
        if year == 3:
            break
        next_year(s)
        while s.frames and s.frames[-1].kind == "water":
            s.apply(sorted(legal(s))[0])
    assert len(s.decks[2]) == 33 - 4 * 8
    s.discard.extend(s.decks[0][:3])
    assert len(s.decks[2]) == 1


def test_introductory_mode_draws_the_fixed_splits():
    """FG-MNT-12, FG-EDGE-2: fixed splits per year, no split decision; no deck ever runs out."""
    s = game(4, introductory=True)
    assert s.phase == ACTION and all(sp == (2, 2, 1, 1) for sp in s.splits)
    for y in (2, 3, 4):
        next_year(s)
        while s.frames and s.frames[-1].kind == "water":
            s.apply(sorted(legal(s))[0])
        assert all(sp == R.INTRO_SPLITS[y - 1] for sp in s.splits)
    # FG-MNT-12: 4 seats draw 2+2+1+1 Plantations, 2+2+2+1 Livestock, 1+1+1+1 Structures and
    # 1+1+2+3 Buildings over the four years, from decks of 33 (FG-SET-2): none runs out.
    assert [len(d) for d in s.decks] == [33 - 4 * 6, 33 - 4 * 7, 33 - 4 * 4, 33 - 4 * 7]


def test_year_one_has_no_income_and_later_years_do():
    """FG-MNT-1, FG-EDGE-10: no income in year 1; +3 coins, +1 Food, +2 Water from year 2."""
    s = game(3, introductory=True)
    assert s.coins == [15, 15, 15] and s.food == [1, 1, 1]
    sc.set_water(s, 0, (0, 0), 0)
    next_year(s)
    assert s.coins == [18, 18, 18] and s.food == [2, 2, 2]
    assert s.pwater[0][0] == 2  # the single Tower with room takes both


def test_ex6_income_overflow_is_lost():
    """FG-EX-6, FG-MNT-2..5: Towers 3/3 and 2/3, Food 4/4, 7 coins -> 3/3, 3/3, Food 4, 10 coins."""
    s = game(3, introductory=True)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=2)
    sc.set_stock(s, 0, coins=7, food=4)
    next_year(s)
    assert sc.water_at(s, 0, (0, 0)) == 3 and sc.water_at(s, 0, (0, 1)) == 3
    assert s.food[0] == 4 and s.coins[0] == 10


def test_income_water_is_placed_by_the_owner_when_it_can_go_two_ways():
    """FG-MNT-3, FG-EDGE-10: the owner spreads Water over Towers with room; none can stay empty
    by throwing Water away."""
    s = game(3, introductory=True)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0)
    sc.set_water(s, 0, (0, 0), 1)
    next_year(s)
    # Seats 1 and 2 (full Towers) had no choice: their Water was placed (and lost) automatically.
    assert s.current_player == 0 and s.frames[-1].kind == "water"
    assert legal(s) == {"water 0,0", "water 0,1"}
    s.apply("water 0,1")
    s.apply("water 0,1")
    assert sc.water_at(s, 0, (0, 1)) == 2 and sc.water_at(s, 0, (0, 0)) == 1


def test_food_is_one_pool_capped_by_the_silos():
    """FG-MNT-4, FG-SILO-3: cap 4 per Silo; a second Silo gives 8."""
    s = game(3, introductory=True)
    assert food_cap(s, 0) == 4
    sc.add_card(s, 0, "Silo", (2, 0))
    assert food_cap(s, 0) == 8
    sc.set_stock(s, 0, food=8)
    next_year(s)
    assert s.food[0] == 8


def test_maintenance_phase_name_and_observation_counts():
    """FG-MNT-8: deck sizes are public."""
    s = game(3)
    assert s.phase == MAINTENANCE
    obs = s.observation(2)
    assert obs["decks"] == {"plantation": 33, "livestock": 33, "structure": 33, "building": 33}


def test_set6_supplies_of_coins_vp_water_and_food_never_run_out():
    """FG-SET-6 (notes e.16): the physical game has 61 coins, 20 VP, 30 Water and 40 Food, but
    the supplies are unlimited: gains still arrive when the players hold far more than that."""
    s = game(4, introductory=True)
    for seat in range(4):
        sc.set_stock(s, seat, coins=100, vp=30)
    for y in range(1, 12):  # seat 0: 12 full Towers (36 Water) and 12 Silos holding 44 Food
        sc.add_card(s, 0, "Water Tower", (0, y), water=3)
        sc.add_card(s, 0, "Silo", (1, y))
    sc.set_stock(s, 0, food=44)
    assert sum(s.coins) > 61 and sum(s.vp) > 20 and s.food[0] > 40
    assert sum(s.pwater[0]) > 30
    obs = s.observation(1)
    assert not any("supply" in key for key in obs)  # no count of coins, VP, Water or Food left
    sc.goto_action(s, 0, "Geese", year=2)
    s.apply("market 2")  # coins from the supply
    assert s.coins[0] == 106 and s.food[0] == 42
    sc.goto_action(s, 0, "Geese", year=2)
    s.apply("tower -1,0")  # a new Tower still arrives with 3 Water
    assert sc.water_at(s, 0, (-1, 0)) == 3
    sc.add_card(s, 0, "Goats", (2, 0))
    sc.add_card(s, 0, "Wheat Field", (0, -1))
    sc.goto_harvest(s, 0, year=2)
    s.apply("harvest 2,0")  # a VP token from the supply
    s.apply("harvest 0,-1")
    s.apply("pay 0,0")
    assert s.vp[0] == 31 and s.coins[0] == 104 + 1 and s.food[0] == 41 + 2
    next_year(s)  # income for everyone, whatever they hold
    assert s.coins[1:] == [103, 103, 103] and s.food[1] == 2
