"""The festival card market (cards.py): what P1, P2 and P3 offer, the gap a purchase leaves until
the end of the turn, the shift and reveal that follow it (none in the base game), and the deck
rebuilt from the discards when it runs out (HV-FFC-1, HV-FFC-4, HV-FFC-6, HV-FFC-7, HV-FFO-1)."""

from __future__ import annotations

from collections import Counter

import pytest

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.cards import shift
from acreage.games.harvest.content import FESTIVAL_BY_NAME
from acreage.games.harvest.queries import deck_top

from .helpers import (
    action_phase_start,
    action_turn,
    conserved_market,
    festival_id,
    legal,
    next_seat_to_place,
    round_trip,
    space_id,
    start,
)


def buy_from_p3(deck: list[str], discard: list[str]):
    """Seat 0 on FF-1 with enough coins, the festival deck ``deck`` (last = top = P3)."""
    s = action_turn()
    s.festival_deck = [festival_id(n) for n in deck]
    s.festival_discards = [festival_id(n) for n in discard]
    s.festival_p2, s.festival_p1 = festival_id("Harvest Hay Ride"), festival_id("Pumpkin Pie")
    s.basket[0], s.occupants[space_id("FF-1")] = 1, ()
    s.coins[0] = 10
    sc.touch(s)
    s.apply("place FF-1")
    return s


def fertilizer_turn(s) -> None:
    s.apply("place GS-inf")
    s.apply("fertilizer")
    assert next_seat_to_place(s)


def test_a_base_game_turn_reveals_nothing_HV_FFO_1_HV_SET_13():
    """HV-FFO-1: without the expansion there is no festival market to shift, so a turn that
    only gains a fertilizer reveals nothing: its player may still take back both actions."""
    s = start(ff=False)
    mine = s.undoable(0)
    s.apply("place GS-inf")
    assert s.undoable(0) == mine + 1  # still this seat's turn: the placement may be taken back
    s.apply("fertilizer")
    assert next_seat_to_place(s)
    assert s.festival_deck == []  # nothing to show
    assert s.undoable(0) == 0  # the turn is over


def test_p3_is_offered_while_p1_is_empty_HV_FFC_1():
    """HV-FFC-1: a card is offered from P3 whenever the deck holds one, though P1 is empty."""
    s = start()
    sc.set_market(s, "Apple Pie", "Funnel Cake", None)
    s.coins[0] = 5
    s.apply("place FF-3")
    assert legal(s) == {"card P3", "card P2", "coin"}


def test_buying_p3_with_cards_left_keeps_the_deck_and_the_discards_HV_FFC_4_HV_FFC_7():
    """HV-FFC-4, HV-FFC-7: with cards left under P3 the next one shows; the discard pile is not
    touched while the deck still holds cards."""
    s = buy_from_p3(["Apple Pie", "Pecan Pie", "Strawberry Pie"], ["Funnel Cake"])
    s.apply("card P3")
    assert s.festival_deck == [festival_id("Apple Pie"), festival_id("Pecan Pie")]
    assert deck_top(s) == festival_id("Pecan Pie")
    assert s.festival_discards == [festival_id("Funnel Cake")]
    assert s.undo_floor == len(s.history)  # the newly shown card is a reveal


def test_gap_until_end_of_turn_HV_EX_6_HV_FFC_4_HV_FFC_6():
    # Checks HV-EX-6, HV-FFC-4, HV-FFC-6.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occupants = [() for _ in s.occupants]
    s.coins[0], s.seeds[0] = 5, [2, 0, 0, 0]
    sc.set_market(s, "Apple Pie", "Funnel Cake", "Pecan Pie")
    s.apply("place TP-2")
    s.apply("pay wheat")
    s.apply("harvest")
    s.apply("card P2")
    s.apply("pay wheat")
    s.apply("harvest")
    assert "card P2" not in legal(s) and {"card P1", "card P3"} <= legal(s)
    s.apply("done")
    # HV-FFC-6: at the end of the turn Pecan Pie stays in P1 and the deck top (Apple Pie, shown in
    # P3) moves down to fill P2; the deck's next card shows in P3.
    assert s.festival_p2 == FESTIVAL_BY_NAME["apple pie"].id
    assert s.festival_p1 == FESTIVAL_BY_NAME["pecan pie"].id


def test_buying_p1_shifts_and_reveals_at_the_end_of_the_turn_HV_FFC_4_HV_FFC_6():
    """HV-FFC-4 / HV-FFC-6: P1 bought at FF-3 stays empty until the turn ends; then P2 slides to
    P1, the deck top to P2, and the next deck card shows: a reveal, so no undo across it."""
    s = start()
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake")
    under = s.festival_deck[-2]
    s.coins[0] = 5
    s.apply("place FF-3")
    s.apply("card P1")
    assert next_seat_to_place(s)
    shown = (festival_id("Pecan Pie"), festival_id("Strawberry Pie"), under)
    assert (s.festival_p1, s.festival_p2, s.festival_deck[-1]) == shown
    assert s.coins[0] == 4 and s.cards[0][-1] == festival_id("Funnel Cake")
    assert s.undo_floor == len(s.history) and s.undoable(0) == 0


@pytest.mark.parametrize("pos", ["P1", "P2"])
def test_an_emptied_position_is_saved_empty_mid_turn_HV_FFC_4_HV_RES_6(pos):
    """HV-FFC-4: after a Harvest's purchase from P1 or P2, with F-2's second action still to
    come, the position is empty (not offered again) and the position saves and loads."""
    s = start()
    conserved_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake")
    s.coins[0] = 9
    s.apply("place F-2")
    s.apply("harvest")
    s.apply(f"card {pos}")
    assert (s.festival_p1 if pos == "P1" else s.festival_p2) == -1
    assert s.frames[-1].kind == "visit" and s.frames[-1].actions_left == 1
    round_trip(s)
    s.apply("harvest")
    assert legal(s) == {"card P3", "card P1" if pos == "P2" else "card P2", "done"}


@pytest.mark.parametrize("p2,p1", [("Pecan Pie", "Apple Pie"), ("Apple Pie", "Pecan Pie")])
def test_a_full_market_does_not_shift_HV_FFC_6(p2, p1):
    """HV-FFC-6: the market shifts only after a turn that left P1 or P2 empty. With both shown
    (the first card design, Apple Pie, in either) nothing moves and nothing is revealed."""
    s = start()
    sc.set_market(s, "Strawberry Pie", p2, p1)
    deck = list(s.festival_deck)
    fertilizer_turn(s)
    # nothing moved or shown
    assert (s.festival_p2, s.festival_p1, s.festival_deck) == (festival_id(p2), festival_id(p1), deck)


def test_buying_the_last_deck_card_reshuffles_the_discards_HV_FFC_7_HV_FFC_4():
    """HV-FFC-7, HV-FFC-4: buying the only deck card (P3) leaves the deck empty, so every
    discarded festival card is shuffled (with the game's generator, HV-SET-13) into a new deck
    whose top shows in P3 at once; that reveal is an undo floor."""
    discard = ["Apple Pie", "Pecan Pie", "Funnel Cake"]
    s = buy_from_p3(["Strawberry Pie"], discard)
    s.apply("card P3")
    assert s.cards[0][-1] == festival_id("Strawberry Pie")
    assert Counter(s.festival_deck) == Counter(festival_id(n) for n in discard)
    assert s.festival_discards == []
    assert s.undo_floor == len(s.history)
    # the order comes from the game's seeded generator: the same game gives the same deck
    again = buy_from_p3(["Strawberry Pie"], discard)
    again.apply("card P3")
    assert again.festival_deck == s.festival_deck


def test_deck_exhaustion_HV_FFC_7():
    # Checks HV-FFC-7.
    s = action_turn()
    s.festival_deck, s.festival_discards = [], []
    s.festival_p2, s.festival_p1 = festival_id("Apple Pie"), -1
    shift(s)
    assert s.festival_p1 == festival_id("Apple Pie") and s.festival_p2 == -1 and deck_top(s) == -1
    s.festival_discards = [festival_id("Pecan Pie"), festival_id("Funnel Cake")]
    shift(s)
    # the two discards became the new deck: one fills P2, the other shows in P3 (deck of 1)
    assert s.festival_p1 == festival_id("Apple Pie")
    assert {s.festival_p2, deck_top(s)} == {festival_id("Pecan Pie"), festival_id("Funnel Cake")}
    assert len(s.festival_deck) == 1 and s.festival_discards == []
