"""Mayor Gairy in solo and 2-player games (gairy.py): his turn after each cycle, the tiles he
reveals, where his wheelbarrows and baskets go, the festival card he discards, and turns with no
placement left (HV-GAI)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF1, FF2
from acreage.games.harvest.content import FESTIVAL, FESTIVAL_BY_NAME, SPACE_BY_NAME
from acreage.games.harvest.gairy import gairy_place, gairy_turn

from .helpers import action_phase_start, action_turn, festival_id, legal, space_id, start


def gairy_game():
    """Two players, action phase, every space open."""
    s = action_turn(players=2)
    return s


def test_gairy_turn_after_each_cycle_HV_GAI_4_HV_GAI_11():
    # Checks HV-GAI-4, HV-GAI-11.
    s = sc.fresh(2, assign="Architect:Bakehouse;Trader:Bakehouse", fall_festival=False)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    placed = sum(1 for o in s.occupants for x in o if x == -1)
    assert placed == 0
    for _ in range(2):
        p = s.current_player
        s.apply("place GS-inf" if "place GS-inf" in legal(s) else sorted(legal(s))[0])
        while s.current_player == p and s.in_subdecision():
            s.apply("done")
    assert sum(1 for o in s.occupants for x in o if x == -1) == 1 and s.gairy_wheelbarrows == 2
    s.phase, s.frames = "over", []
    assert len(s.ranking()) == 2


def test_gairys_town_tile_is_a_reveal_HV_GAI_4_HV_GAI_5():
    """HV-GAI-4: after the cycle Gairy reveals a tile (here Fields: his wheelbarrow on F-3,
    HV-GAI-5); the drawn tile cannot be undone."""
    s = start(players=2)
    s.queue = []
    s.gairy_deck, s.gairy_drawn, s.gairy_wheelbarrows = ["fields"], [], 3
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake")
    s.apply("place GS-inf")
    s.apply("fertilizer")
    assert s.occupants[space_id("F-3")] == (-1,) and s.gairy_wheelbarrows == 2
    assert s.undo_floor == len(s.history)


def test_solo_gairy_places_two_tiles_a_turn_HV_GAI_4_HV_GAI_5():
    """HV-GAI-4: in solo Gairy reveals 2 tiles a turn: Fields (F-3), then General Store (GS-3)."""
    s = start(players=1)
    s.gairy_deck, s.gairy_drawn, s.gairy_wheelbarrows = ["gs", "fields"], [], 6
    gairy_turn(s)
    assert s.occupants[space_id("F-3")] == (-1,) and s.occupants[space_id("GS-3")] == (-1,)
    assert s.gairy_wheelbarrows == 4 and s.gairy_deck == [] and s.gairy_drawn == ["fields", "gs"]


def test_the_last_wheelbarrow_is_placed_then_tiles_are_replaced_HV_GAI_5_HV_GAI_7():
    """HV-GAI-5, HV-GAI-7: with one wheelbarrow left Gairy still places it (highest open Fields
    space, F-3); with none left a Town tile places nothing."""
    s = gairy_game()
    s.gairy_wheelbarrows = 1
    assert gairy_place(s, "fields")
    assert s.occupants[space_id("F-3")] == (-1,) and s.gairy_wheelbarrows == 0
    before = s.to_json()
    assert not gairy_place(s, "workshop")
    assert s.to_json() == before


def test_market_tile_takes_the_first_open_market_space_HV_GAI_5():
    """HV-GAI-5: the Market has no action numbers; Gairy takes FM-A, then FM-B, then FM-C."""
    s = gairy_game()
    s.gairy_wheelbarrows = 3
    for name in ("FM-A", "FM-B", "FM-C"):
        assert gairy_place(s, "market")
        assert s.occupants[space_id(name)] == (-1,)
    assert s.gairy_wheelbarrows == 0


def test_gairy_solo_places_highest_HV_EX_11_HV_GAI_5_HV_GAI_7():
    # Checks HV-EX-11, HV-GAI-5, HV-GAI-7.
    s = action_phase_start(1, assign="Architect:Bakehouse", fall_festival=False)
    s.occupants = [() for _ in s.occupants]
    from acreage.games.harvest.content import SPACE_BY_NAME as SB
    s.occupants[SB["f-3"].id] = [0]
    s.gairy_wheelbarrows = 6
    assert gairy_place(s, "fields") and s.occupants[SB["f-2"].id] == (-1,)
    assert gairy_place(s, "tp") and s.occupants[SB["tp-2"].id] == (-1,)
    assert not gairy_place(s, "tp")  # TP-inf is never used
    assert gairy_place(s, "fields") and not gairy_place(s, "fields")


def test_festival_tile_discards_p2_when_p1_is_empty_HV_GAI_6_HV_FFC_6():
    """HV-GAI-6: P1 empty, so the lowest-cost occupied position is P2: its card is discarded;
    then (HV-FFC-6) P1 and P2 are filled from the deck top, P1 first."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", None)
    under = s.festival_deck[-2]
    gone = len(s.festival_discards)
    s.gairy_baskets = 2
    assert gairy_place(s, "festival")
    assert s.festival_discards[gone:] == [festival_id("Harvest Hay Ride")]
    assert (s.festival_p1, s.festival_p2) == (festival_id("Strawberry Pie"), under)
    assert s.occupants[FF1] == (-1,) and s.gairy_baskets == 1


def test_festival_tile_discards_the_deck_top_when_p1_and_p2_are_empty_HV_GAI_6():
    """HV-GAI-6: with P1 and P2 empty, the P3 card (the deck top) is the one discarded; the next
    two deck cards then fill P1 and P2."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", None, None)
    nxt, after = s.festival_deck[-2], s.festival_deck[-3]
    gone = len(s.festival_discards)
    s.gairy_baskets = 1
    assert gairy_place(s, "festival")
    assert s.festival_discards[gone:] == [festival_id("Strawberry Pie")]
    assert (s.festival_p1, s.festival_p2) == (nxt, after)
    assert s.gairy_baskets == 0


def test_the_first_festival_card_can_be_discarded_from_p1_and_p2_HV_GAI_6():
    """HV-GAI-6: the card with the first index (here in P1, then in P2) is a card like any other."""
    first = FESTIVAL[0].id
    assert first == 0
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", None)
    s.festival_p1 = first
    gone = len(s.festival_discards)
    s.gairy_baskets = 1
    assert gairy_place(s, "festival")
    assert s.festival_discards[gone:] == [first]
    assert (s.festival_p1, s.festival_p2) == (festival_id("Harvest Hay Ride"), festival_id("Strawberry Pie"))
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", None, None)
    s.festival_p2 = first
    s.gairy_baskets = 1
    assert gairy_place(s, "festival")
    assert s.festival_discards[-1] == first and s.festival_p1 == festival_id("Strawberry Pie")


def test_each_basket_goes_to_the_next_open_festival_space_HV_GAI_6():
    """HV-GAI-6: FF-1, then FF-2; one basket used per tile; with none left the tile is replaced
    (HV-GAI-7) and nothing changes."""
    s = gairy_game()
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.gairy_baskets = 2
    assert gairy_place(s, "festival") and gairy_place(s, "festival")
    assert s.occupants[FF1] == (-1,) and s.occupants[FF2] == (-1,) and s.gairy_baskets == 0
    before = s.to_json()
    assert not gairy_place(s, "festival")
    assert s.to_json() == before


def test_gairy_festival_discard_HV_EX_5_HV_GAI_6():
    # Checks HV-EX-5, HV-GAI-6.
    s = action_phase_start(2, assign="Architect:Bakehouse;Trader:Well House")
    sc.set_market(s, "Strawberry Pie", "Harvest Hay Ride", "Pumpkin Pie")
    s.occupants = [() for _ in s.occupants]
    s.gairy_baskets = 1
    assert gairy_place(s, "festival")
    assert s.occupants[FF1] == (-1,)
    assert s.festival_p1 == FESTIVAL_BY_NAME["harvest hay ride"].id
    assert s.festival_p2 == FESTIVAL_BY_NAME["strawberry pie"].id
    assert FESTIVAL_BY_NAME["pumpkin pie"].id in s.festival_discards
    assert not gairy_place(s, "festival")  # no basket left: replacement (HV-GAI-7)


def test_gairy_with_no_placement_ends_turn_HV_GAI_8_HV_GAI_7():
    # Checks HV-GAI-8, HV-GAI-7.
    """Edge 12: every Fields space full, only Fields tiles: Gairy places nothing and play goes on."""
    s = action_turn(players=2, ff=False)
    for n in ("F-3", "F-2", "F-1"):
        s.occupants[space_id(n)] = (1,)
    s.gairy_deck, s.gairy_drawn, s.gairy_wheelbarrows = ["fields", "fields"], [], 3
    gairy_turn(s)
    assert s.gairy_wheelbarrows == 3 and s.occupants[space_id("F-2")] == (1,)
    sc.touch(s)
    assert legal(s)  # the game goes on


def test_gairy_tries_every_tile_of_the_reshuffle_HV_GAI_8_HV_GAI_3():
    # Checks HV-GAI-3.
    """HV-GAI-8: the turn only ends once every tile of the deck and of its reshuffle was tried."""
    for seed in range(20):
        s = sc.fresh(2, seed=seed, assign="Architect:Bakehouse;Trader:Bakehouse", fall_festival=False)
        while s.phase != "action":
            s.apply(s.legal_actions()[0])
        s.occupants = [() for _ in s.occupants]
        for sp in SPACE_BY_NAME.values():
            if sp.area != "festival" and not sp.infinite and sp.name != "FM-C":
                s.occupants[sp.id] = (0,)
        s.gairy_deck = ["fields", "fields"]
        s.gairy_drawn = ["gs", "gs", "workshop", "workshop", "tp", "market"]
        s.gairy_wheelbarrows = 3
        gairy_turn(s)
        assert s.occupants[space_id("FM-C")] == (-1,) and s.gairy_wheelbarrows == 2, seed


def test_gairy_leftovers_HV_GAI_9():
    # Checks HV-GAI-9.
    """Once no human has a piece, the phase ends even with Gairy pieces unplaced."""
    s = action_phase_start(1, assign="Finn & Maisie:Bakehouse")
    import random
    rng = random.Random(0)
    prev = s
    while s.round == 1:
        prev = s.clone()
        s.apply(rng.choice(s.legal_actions()))
    assert s.round == 2
    # 3 cycles × 2 tiles: at most 6 of his 8 pieces placed
    assert prev.gairy_wheelbarrows + prev.gairy_baskets >= 2
