"""Festival deck refills, reveals and the undo floor, seed gains that add to what is held, and
the shared notation of hidden setup choices (HV-FFC-4, HV-FFC-7, HV-SET-8, HV-SET-13, HV-NOV-7,
HV-WS-4, HV-RES-6).
"""

from __future__ import annotations

from collections import Counter

import acreage
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.queries import deck_top

from .helpers import action_turn, festival_id, legal, space_id


def buy_from_p3(deck: list[str], discard: list[str]):
    """Seat 0 on FF-1 with enough coins, the festival deck ``deck`` (last = top = P3)."""
    s = action_turn()
    s.fdeck = [festival_id(n) for n in deck]
    s.fdiscard = [festival_id(n) for n in discard]
    s.p2, s.p1 = festival_id("Harvest Hay Ride"), festival_id("Pumpkin Pie")
    s.basket[0], s.occ[space_id("FF-1")] = 1, []
    s.coins[0] = 10
    sc.touch(s)
    s.apply("place FF-1")
    return s


def test_buying_the_last_deck_card_reshuffles_the_discards_HV_FFC_7_HV_FFC_4():
    """HV-FFC-7, HV-FFC-4: buying the only deck card (P3) leaves the deck empty, so every
    discarded festival card is shuffled (with the game's generator, HV-SET-13) into a new deck
    whose top shows in P3 at once; that reveal is an undo floor."""
    discard = ["Apple Pie", "Pecan Pie", "Funnel Cake"]
    s = buy_from_p3(["Strawberry Pie"], discard)
    s.apply("card P3")
    assert s.cards[0][-1] == festival_id("Strawberry Pie")
    assert Counter(s.fdeck) == Counter(festival_id(n) for n in discard)
    assert s.fdiscard == []
    assert s.undo_floor == len(s.history)
    # the order comes from the game's seeded generator: the same game gives the same deck
    again = buy_from_p3(["Strawberry Pie"], discard)
    again.apply("card P3")
    assert again.fdeck == s.fdeck


def test_buying_p3_with_cards_left_keeps_the_deck_and_the_discards_HV_FFC_4_HV_FFC_7():
    """HV-FFC-4, HV-FFC-7: with cards left under P3 the next one shows; the discard pile is not
    touched while the deck still holds cards."""
    s = buy_from_p3(["Apple Pie", "Pecan Pie", "Strawberry Pie"], ["Funnel Cake"])
    s.apply("card P3")
    assert s.fdeck == [festival_id("Apple Pie"), festival_id("Pecan Pie")]
    assert deck_top(s) == festival_id("Pecan Pie")
    assert s.fdiscard == [festival_id("Funnel Cake")]
    assert s.undo_floor == len(s.history)  # the newly shown card is a reveal


def test_the_forest_die_roll_is_an_undo_floor_HV_WS_4_HV_SET_13():
    """HV-WS-4, HV-SET-13: clearing a forest rolls the die; the roll cannot be undone."""
    s = action_turn()
    s.coins[0] = 5
    sc.set_farm(s, 0, {"1,5": "forest"})
    s.apply("place W-1")
    s.apply("clear 1,5")
    assert s.undo_floor == len(s.history)


def test_cornucopia_adds_one_seed_to_those_held_HV_NOV_7():
    """HV-NOV-7: the Cornucopia gains one seed: 2 blueberry seeds become 3."""
    s = action_turn("Pumpkin Patcher:Bakehouse")
    s.mstacks[0][-1] = 5  # tile #6: one Fields action
    s.seeds[0], s.fert[0] = [0, 1, 2, 0], 0
    sc.give_cards(s, 0, "Overflowing Cornucopia")
    s.apply("place FM-A")
    s.apply("market")
    s.apply("plant strawberry 1,1")
    assert s.seeds[0] == [0, 0, 2, 0]
    s.apply("use Overflowing Cornucopia blueberry")
    assert s.seeds[0] == [0, 0, 3, 0]


def test_kept_farmhouse_is_masked_in_shared_notation_HV_SET_8():
    """HV-SET-8: like the character, the kept farmhouse is shown to the table face down; other
    actions are shown as they are."""
    state = acreage.new_game("harvest", players=2, seed=3)
    while state.frames[-1].kind != "keeph":
        assert not state.in_subdecision()
        state.apply(state.legal_actions()[0])
    for action in state.legal_actions():
        assert state.public_notation(action) == "keep farmhouse (face down)"
        assert state.public_notation(tuple(action)) == "keep farmhouse (face down)"
    while state.frames[-1].kind != "turn":
        state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    assert state.public_notation(action) == str(action)
    assert state.public_notation(tuple(action)) == str(action)


def test_action_ids_round_trip_for_tuples_too_HV_RES_6():
    """Every legal action has an id that maps back to it, given as an Action or as a plain tuple."""
    s = action_turn()
    s.coins[0] = 5
    for action in s.legal_actions():
        aid = s.action_id(action)
        assert s.action_id(tuple(action)) == aid
        assert s.action_from_id(aid) == action


def test_in_subdecision_only_inside_a_visit():
    """The placement turn, sunrise and setup choices are whole decisions; inside a visit (after a
    placement) the player is in the middle of one."""
    s = action_turn()
    assert s.frames[-1].kind == "turn" and not s.in_subdecision()
    s.coins[0] = 5
    s.apply("place GS-3")
    assert s.frames[-1].kind != "turn" and s.in_subdecision()
    assert "done" in legal(s)
