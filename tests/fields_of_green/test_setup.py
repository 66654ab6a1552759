"""Setup (the deal in state.py): player counts, each seat's starting stock and farm, the decks,
supplies and Equipment stack, the general supply that never runs out, and the first First Player
(FG-SET)."""

from __future__ import annotations

import pytest

import acreage
from acreage import OptionError
from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import TOWER_ID
from acreage.games.fields_of_green.queries import first_player

from .helpers import cell, game, next_year


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
    assert len(s.equipment_stack) == 30
    for seat in range(players):
        assert s.coins[seat] == 15 and s.point_tokens[seat] == 0
        assert s.stored[seat] == [] and s.hands[seat] == []
        assert s.food[seat] == 1
        assert s.piece_cards[seat][0] == TOWER_ID and s.piece_cells[seat][0] == cell(0, 0)
        assert s.piece_water[seat][0] == 3
        assert s.piece_cells[seat][1] == cell(1, 0)
    other = game(players, seed=1)
    assert s.decks != other.decks  # shuffled by seed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set4_every_player_starts_with_15_coins_no_vp_no_hand_no_equipment(players):
    """Checks FG-SET-4: 15 coins, 0 VP tokens, no cards in hand, no Equipment (stored or
    installed), as held by the state and as every seat observes it."""
    s = game(players)
    assert R.START_COINS == 15
    for seat in range(players):
        assert s.coins[seat] == 15 and s.point_tokens[seat] == 0
        assert s.hands[seat] == [] and s.stored[seat] == []
        assert all(eq == () for eq in s.piece_equipment[seat])
    for viewer in range(players):
        obs = s.observation(viewer)
        assert obs["hand"] == []
        for info in obs["seats"]:
            assert info["coins"] == 15 and info["vp_tokens"] == 0 and info["stored_equipment"] == []
            assert all(entry["equipment"] == [] for entry in info["farm"])
            if players > 2:
                assert info["hand_size"] == 0


def test_fresh_game_counters_and_farms_FG_SET_4_FG_SET_5_FG_SET_7():
    """FG-SET-4/5/7: before the first decision no turn, pick or harvest has happened; every
    farm is a Tower with 3 Water at (0,0) and an empty Silo at (1,0); nobody knows any of the
    30 Equipment tiles' places in the stack."""
    for players in (2, 3, 4):
        s = game(players)
        snap = s.to_json()["state"]
        assert (snap["turn"], snap["picks_made"], snap["harvests_started"]) == (0, 0, 0)
        assert len(snap["equipment_stack"]) == 30
        assert all(t["known_to"] == [] for t in snap["equipment_stack"])
        for seat in snap["seats"]:
            assert seat["coins"] == 15 and seat["food"] == 1 and seat["vp_tokens"] == 0
            assert seat["farm"] == [
                {"card": "Water Tower", "cell": [0, 0], "wasteland": False, "water": 3, "equipment": []},
                {"card": "Silo", "cell": [1, 0], "wasteland": False, "equipment": []},
            ]
        assert s.observation(0)["turn"] == (0 if players > 2 else 1)


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
    assert sum(s.coins) > 61 and sum(s.point_tokens) > 20 and s.food[0] > 40
    assert sum(s.piece_water[0]) > 30
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
    assert s.point_tokens[0] == 31 and s.coins[0] == 104 + 1 and s.food[0] == 41 + 2
    next_year(s)  # income for everyone, whatever they hold
    assert s.coins[1:] == [103, 103, 103] and s.food[1] == 2


def test_first_player_option_or_seeded_draw():
    """FG-SET-8: option first_player, else drawn with the seeded RNG (same seed, same seat)."""
    assert first_player(game(3, first_player=2)) == 2
    draws = {first_player(game(4, seed=k, first_player=None)) for k in range(30)}
    assert len(draws) > 1
    again = [first_player(game(4, seed=7, first_player=None)) for _ in range(2)]
    assert again[0] == again[1]
