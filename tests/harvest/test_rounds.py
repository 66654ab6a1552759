"""The round (rounds.py): Sunrise with its display, the swaps in turn order, tile #11 and the
income; the pieces each seat and Mayor Gairy hold for the Action phase; Sunset, when the Workshop
rows move down, the Market tops leave and once-a-round abilities come back; and round 4, which ends
without a Sunset (HV-RND, HV-SUN, HV-ACT-8, HV-SS, HV-FFS, HV-CHR-4, HV-CHR-5, HV-GAI-1)."""

from __future__ import annotations

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import CROP0, SEED0
from acreage.games.harvest.content import FESTIVAL_BY_NAME, SUNRISE
from acreage.games.harvest.frames import Income, SunriseSwap
from acreage.games.harvest.queries import deck_top, pieces_left, turn_order
from acreage.games.harvest.rounds import end_round
from acreage.games.harvest.supply import gain

from .helpers import (
    action_phase_start,
    action_turn,
    festival_id,
    give_building,
    keep_phase,
    legal,
    space_id,
    start,
)


def action_start(players: int, ff: bool, assign: str):
    s = sc.fresh(players, seed=6, assign=assign, fall_festival=ff)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    return s


def test_round_four_has_no_sunset_HV_RND_1():
    # Checks HV-RND-1.
    """Edge 18: the round-4 P1 card is never discarded."""
    s = action_phase_start(2)
    s.round = 4
    p1 = s.festival_p1
    for x in range(2):
        s.wheelbarrows[x] = s.mice[x] = s.basket[x] = 0
    s.frames = []
    s.queue = []
    s.cycle_placed = False
    s._advance()
    assert s.is_terminal and s.festival_p1 == p1


def test_sunrise_swap_order_HV_EX_7_HV_SUN_1_to_6():
    # Checks HV-SUN-1, HV-SUN-2, HV-SUN-3, HV-SUN-4, HV-SUN-5, HV-SUN-6.
    """HV-EX-7: A #2, B #5, C #9; display #1, #7, #10."""
    s = sc.fresh(3, assign="Trader:Seed Loft;Architect:Seed Loft;Lumberjack:Seed Loft")
    s.sunrise_tile = [2, 5, 9]
    s.display = [1, 7, 10]
    s.frames = [Income(), SunriseSwap(2), SunriseSwap(1), SunriseSwap(0)]
    s.coins = [0, 0, 0]
    s.fertilizer = [0, 0, 0]
    s.water = [0, 0, 0]
    s.seeds = [[0] * 4 for _ in range(3)]
    sc.touch(s)
    s.apply("sunrise 10")
    s.apply("sunrise 1")
    s.apply("sunrise 2")
    assert sorted(s.display) == [5, 7, 9]
    assert s.coins == [5, 1, 0] and s.fertilizer[2] == 1 and s.water[0] == 3
    assert turn_order(s) == [1, 2, 0] and s.current_player == 1


def test_sunrise_swap_income_order_HV_SUN_2_HV_SUN_3_HV_SUN_4_HV_SUN_6_HV_CHR_5():
    # Checks HV-SUN-2, HV-SUN-3, HV-SUN-4, HV-SUN-6, HV-CHR-5.
    s = sc.fresh(3, assign="Early Riser:Compost Cabin;Architect:Bakehouse;Trader:Bakehouse")
    assert s.phase == "sunrise" and s.round == 1 and len(s.display) == 3  # swap in round 1 too
    s.sunrise_tile = [9, 2, 5]
    s.display = [1, 7, 10]
    s.frames = [Income(), SunriseSwap(2), SunriseSwap(1), SunriseSwap(0)]  # Early Riser first
    s.coins, s.fertilizer = [0, 0, 0], [0, 0, 0]
    give_building(s, 0, "Compost Bin")
    sc.touch(s)
    s.apply("sunrise 1")
    assert s.coins[0] == 1  # Early Riser's coin
    s.apply("sunrise 9")  # takes the tile seat 0 just gave up
    s.apply("sunrise 7")
    assert s.sunrise_tile == [1, 9, 7]
    # income: tile #1 (1 coin) + Compost Cabin (2 fert) + Compost Bin (1 fert)
    assert s.coins[0] == 2 and s.fertilizer[0] == 3 and s.coins[1] == 3 + 2 and s.coins[2] == 4 + 2
    assert turn_order(s) == [0, 2, 1] and s.current_player == 0


def test_sunrise_11_empty_p1_HV_SUN_5():
    # Checks HV-SUN-5.
    """Edge 17: #11 with an empty P1 gives only its 4 coins."""
    s = sc.fresh(3)
    s.festival_p1 = -1
    before = len(s.cards[0])
    from acreage.games.harvest.content import SUNRISE
    s.coins[0] = 0
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 4 and len(s.cards[0]) == before


def test_sunrise_11_takes_p1_free_HV_SUN_5_HV_FFC_6():
    # Checks HV-SUN-5, HV-FFC-6.
    s = sc.fresh(3)
    sc.set_market(s, None, "Apple Pie", "Pecan Pie")
    from acreage.games.harvest.content import SUNRISE
    s.coins[0] = 0
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 4 and FESTIVAL_BY_NAME["pecan pie"].id in s.cards[0]
    assert s.festival_p1 == FESTIVAL_BY_NAME["apple pie"].id


def test_sunrise_eleven_takes_the_first_card_design_HV_SUN_5():
    """HV-SUN-5 #11: 4 coins and the P1 card for free, whatever card it is (here Apple Pie, the
    first design); then the market shifts (HV-FFC-6)."""
    s = start()
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Apple Pie")
    s.coins[0] = 2
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 6 and s.cards[0] == [festival_id("Apple Pie")]
    assert (s.festival_p1, s.festival_p2) == (festival_id("Pecan Pie"), festival_id("Strawberry Pie"))


@pytest.mark.parametrize("ff", [True, False])
def test_pieces_per_player_HV_ACT_8_HV_FNM_1(ff):
    """HV-ACT-8: 3 wheelbarrows, plus the basket with the expansion; HV-FNM-1: Finn & Maisie have
    2 pieces instead of the 3 wheelbarrows (the expansion is needed for them)."""
    s = action_start(3, ff, "Trader:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    assert [pieces_left(s, x) for x in range(3)] == [3 + ff] * 3
    if ff:
        s = action_start(3, True, "Finn & Maisie:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
        assert [pieces_left(s, x) for x in range(3)] == [2 + 1, 4, 4]


def test_no_pieces_are_held_before_the_action_phase_HV_ACT_8_HV_GAI_1():
    """HV-ACT-8 / HV-GAI-1: wheelbarrows, mice, baskets and Gairy's pieces are handed out when
    the Action phase starts, not during setup or Sunrise."""
    for s in (keep_phase(2), sc.fresh(2)):
        assert s.phase in ("setup", "sunrise")
        assert (s.wheelbarrows, s.mice, s.basket) == ([0, 0], [0, 0], [0, 0])
        assert (s.gairy_wheelbarrows, s.gairy_baskets) == (0, 0)


def test_with_the_stack_empty_the_top_row_stays_empty_HV_WS_8():
    """HV-WS-8: when the building stack is empty, the new top-row slots stay empty; with one
    building left, only the first slot is filled."""
    s = action_turn()
    a, b, c, d, _, _ = s.workshop_slots
    s.building_stack = []
    end_round(s)
    assert s.workshop_slots == [-1, -1, a, b, c, d]
    s = action_turn()
    a, b, c, d, _, _ = s.workshop_slots
    last = s.building_stack[0]
    s.building_stack = [last]
    end_round(s)
    assert s.workshop_slots == [last, -1, a, b, c, d]


def test_sunset_and_carry_over_HV_SS_1_HV_SS_2_HV_SS_3_HV_SS_4_HV_FFS_1_HV_FFS_2_HV_RND_4():
    # Checks HV-SS-1, HV-SS-2, HV-SS-3, HV-SS-4, HV-FFS-1, HV-FFS-2, HV-RND-4.
    s = action_turn()
    sc.set_farm(s, 0, {"1,1": "wheat crop", "1,2": "pumpkin seed"})
    sc.give_cards(s, 0, "Apple Pie")
    s.seeds[0] = [3, 1, 0, 0]
    s.occupants[space_id("F-1")] = (0,)
    ws, tops = list(s.workshop_slots), [st[-1] for st in s.market_stacks]
    p1, p2, p3 = s.festival_p1, s.festival_p2, deck_top(s)
    for x in range(3):
        s.wheelbarrows[x] = s.mice[x] = s.basket[x] = 0
    s.frames, s.queue, s.cycle_placed = [], [], False
    s._advance()
    assert s.round == 2 and s.phase == "sunrise"
    assert all(not o for o in s.occupants)
    assert s.workshop_slots[2:] == ws[:4] and s.workshop_slots[:2] != ws[:2]
    assert all(t in s.market_discards for t in tops) and all(len(st) == 3 for st in s.market_stacks)
    assert p1 in s.festival_discards and s.festival_p1 == p2 and s.festival_p2 == p3
    assert s.farm[0][0] == CROP0 and s.farm[0][1] == SEED0 + 3 and s.seeds[0] == [3, 1, 0, 0]
    assert festival_id("Apple Pie") in s.cards[0]
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.wheelbarrows == [3, 3, 3] and s.basket == [1, 1, 1]


def test_after_sunset_no_pieces_are_held_until_the_action_phase_HV_SS_1_HV_GAI_1():
    """HV-SS-1: Sunset takes every piece back; as at the first Sunrise (HV-ACT-8) nobody holds a
    piece during the second Sunrise. HV-GAI-1: Gairy has no pieces at all in a 3-player game."""
    s = sc.fresh(3, seed=3)
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    assert (s.round, s.phase) == (2, "sunrise")
    assert (s.wheelbarrows, s.mice, s.basket) == ([0, 0, 0], [0, 0, 0], [0, 0, 0])
    assert (s.gairy_wheelbarrows, s.gairy_baskets) == (0, 0)


def test_workshop_rows_move_down_and_the_top_row_is_drawn_HV_SS_2_HV_WS_8():
    """HV-SS-2: bottom row discarded, middle to bottom, top to middle (a gap moves like a tile),
    2 new buildings from the stack top into the top row."""
    s = action_turn()
    a, b, c, d, e, f = s.workshop_slots
    s.workshop_slots[1] = -1  # a slot emptied by a build this round (HV-WS-8)
    stack = list(s.building_stack)
    assert len(stack) >= 2
    end_round(s)
    assert s.workshop_slots == [stack[-1], stack[-2], a, -1, c, d]
    assert s.building_stack == stack[:-2]


def test_market_tops_leave_at_sunset_HV_SS_3():
    s = action_turn()
    tops = [st[-1] for st in s.market_stacks]
    sizes = [len(st) for st in s.market_stacks]
    gone = list(s.market_discards)
    end_round(s)
    assert s.market_discards == gone + tops
    assert [len(st) for st in s.market_stacks] == [n - 1 for n in sizes]


def test_once_a_round_ability_is_back_next_round_HV_CHR_4():
    """HV-CHR-4: the Market Regular uses a taken Market space in round 1 and again in round 2."""
    s = action_turn("Market Regular:Bakehouse")
    s.occupants[space_id("FM-A")] = (1,)
    s.coins[0] = 9
    sc.touch(s)
    s.apply("place FM-A")
    s.apply("market")
    sc.at_turn(s, 0)
    assert "place FM-A" not in legal(s)  # used this round
    s.frames = []  # the turn is over
    end_round(s)
    sc.touch(s)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.round == 2
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.occupants[space_id("FM-A")] = (1,)
    sc.touch(s)
    assert "place FM-A" in legal(s)


def test_trader_closed_space_is_back_next_round_HV_CHR_4():
    """HV-CHR-4: the Trader may use a taken TP-2 once a round; after Sunset he may again."""
    s = action_turn("Trader:Bakehouse")
    s.occupants[space_id("TP-2")] = (1,)
    sc.touch(s)
    assert "place TP-2" in legal(s)
    s.once_used[0] |= 1  # as after using it this round
    sc.touch(s)
    assert "place TP-2" not in legal(s)
    s.frames = []  # the turn is over
    end_round(s)
    sc.touch(s)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.occupants[space_id("TP-2")] = (1,)
    sc.touch(s)
    assert "place TP-2" in legal(s)


def test_early_riser_coin_adds_to_the_coins_held_HV_CHR_5():
    """HV-CHR-5: the Early Riser's swap pays 1 coin on top of the 3 held at the start."""
    s = sc.fresh(3, assign="Early Riser:Bakehouse;Trader:Bakehouse;Architect:Bakehouse")
    assert s.current_player == 0 and s.coins[0] == 3
    s.apply(s.legal_actions()[0])
    assert s.coins[0] == 4


def test_early_riser_swaps_first_at_sunrise_HV_CHR_5_HV_SUN_2():
    """HV-CHR-5: the Early Riser (seat 3, holding #5) swaps first; the others follow in the order
    of the tiles they hold (#3 seat 1, #4 seat 2, #8 seat 0)."""
    s = sc.fresh(4, seed=0)
    assert s.sunrise_tile == [8, 3, 4, 5]
    order = []
    while s.frames[-1].kind == "sunrise":
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [3, 1, 2, 0]


@pytest.mark.parametrize("players,ff,wheelbarrows,baskets", [
    (1, True, 6, 2), (1, False, 6, 0), (2, True, 3, 1), (2, False, 3, 0),
])
def test_gairy_pieces_HV_GAI_1(players, ff, wheelbarrows, baskets):
    """HV-GAI-1: 3 wheelbarrows with 2 players, 6 solo; 1 basket (2 players) or 2 (solo), only
    with the expansion."""
    assign = ";".join(["Trader:Bakehouse", "Architect:Well House"][:players])
    s = action_start(players, ff, assign)
    assert (s.gairy_wheelbarrows, s.gairy_baskets) == (wheelbarrows, baskets)


@pytest.mark.parametrize("p1,p2", [(0, 5), (5, 0)])
def test_a_full_festival_market_stays_as_it_is_when_a_turn_ends_HV_FFC_6(p1, p2):
    """The festival market slides and refills only once a card has left it (the card numbered 0
    is a card like any other); each turn that ends is counted once."""
    s = action_turn()
    s.festival_p1, s.festival_p2 = p1, p2
    deck, turns = list(s.festival_deck), s.turn_number
    sc.touch(s)
    placed = 0
    for space in ("GS-3", "GS-2", "GS-inf"):  # general store visits that take no festival card
        s.apply(f"place {space}")
        s.apply("done")
        placed += 1
        if s.current_player != 0:
            break
    assert s.current_player == 1
    assert (s.festival_p1, s.festival_p2, s.festival_deck) == (p1, p2, deck)
    assert s.turn_number == turns + placed
