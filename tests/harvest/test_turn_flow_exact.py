"""The end of a turn and what it reveals: the festival market shift (HV-FFC-4, HV-FFC-6), the
Hand-Woven Basket's return (HV-NOV-12), Gairy's tile draws (HV-GAI-4, HV-GAI-5), sunrise #11
(HV-SUN-5), and the undo floor (HV-SET-13, HV-RES-6): a seat takes back steps of the turn it
is still playing; a reveal, and the end of the turn, close everything before them.
Positions mid-turn are also saved and loaded back (HV-RES-6).
"""

from __future__ import annotations

import json

import pytest

import acreage
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF1
from acreage.games.harvest.content import SUNRISE
from acreage.games.harvest.gairy import gairy_turn
from acreage.games.harvest.queries import novelty_usable
from acreage.games.harvest.supply import gain

from .helpers import festival_id, legal, next_seat_to_place, space_id, start


def round_trip(s) -> None:
    data = json.loads(json.dumps(s.to_json()))
    assert acreage.load_state(data).to_json() == s.to_json()


def conserved_market(s, p3: str, p2: str, p1: str, *held: str) -> None:
    """Set the festival market (and give seat 0 the cards ``held``, bought in an earlier turn)
    by moving cards out of the deck, so every card exists as often as the game has it."""
    s.fdeck[:0] = [c for c in (s.p1, s.p2) if c >= 0]
    for name in (p2, p1, *held, p3):
        s.fdeck.remove(festival_id(name))
    s.p2, s.p1 = festival_id(p2), festival_id(p1)
    s.fdeck.append(festival_id(p3))
    s.cards[0] += [festival_id(n) for n in held]
    sc.touch(s)


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
    assert not s._flag and s.fdeck == [] and s.undoable(0) == 0  # nothing shown; the turn is over


@pytest.mark.parametrize("p2,p1", [("Pecan Pie", "Apple Pie"), ("Apple Pie", "Pecan Pie")])
def test_a_full_market_does_not_shift_HV_FFC_6(p2, p1):
    """HV-FFC-6: the market shifts only after a turn that left P1 or P2 empty. With both shown
    (the first card design, Apple Pie, in either) nothing moves and nothing is revealed."""
    s = start()
    sc.set_market(s, "Strawberry Pie", p2, p1)
    deck = list(s.fdeck)
    fertilizer_turn(s)
    assert (s.p2, s.p1, s.fdeck) == (festival_id(p2), festival_id(p1), deck)  # nothing moved or shown


def test_buying_p1_shifts_and_reveals_at_the_end_of_the_turn_HV_FFC_4_HV_FFC_6():
    """HV-FFC-4 / HV-FFC-6: P1 bought at FF-3 stays empty until the turn ends; then P2 slides to
    P1, the deck top to P2, and the next deck card shows: a reveal, so no undo across it."""
    s = start()
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake")
    under = s.fdeck[-2]
    s.coins[0] = 5
    s.apply("place FF-3")
    s.apply("card P1")
    assert next_seat_to_place(s)
    assert (s.p1, s.p2, s.fdeck[-1]) == (festival_id("Pecan Pie"), festival_id("Strawberry Pie"), under)
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
    assert (s.p1 if pos == "P1" else s.p2) == -1
    assert s.frames[-1].kind == "visit" and s.frames[-1].actions_left == 1
    round_trip(s)
    s.apply("harvest")
    assert legal(s) == {"card P3", "card P1" if pos == "P2" else "card P2", "done"}


def test_hand_woven_basket_returns_at_the_end_of_the_turn_HV_NOV_12_HV_FFB_3():
    """HV-NOV-12: the basket placed on FF-1 with a Hand-Woven Basket discarded resolves FF-1
    (+2 coins, a purchase), and at the end of the turn comes back, leaving FF-1 open; the card
    bought on that turn is no longer new (HV-NOV-3). Each step saves and loads (HV-RES-6)."""
    s = start()
    conserved_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake", "Hand-Woven Basket")
    s.coins[0] = 4
    s.apply("place FF-1")
    assert legal(s) == {"use Hand-Woven Basket", "done"}
    round_trip(s)
    s.apply("use Hand-Woven Basket")
    assert s.coins[0] == 6 and s.basket_back[0] == 1
    round_trip(s)
    s.apply("card P1")
    assert next_seat_to_place(s)
    assert (s.basket[0], s.basket_back[0], s.occ[FF1]) == (1, 0, [])
    assert s.cards[0] == [festival_id("Funnel Cake")] and s.fresh[0] == []  # the Basket is spent
    assert novelty_usable(s, 0, "gs")
    round_trip(s)


def test_gairys_town_tile_is_a_reveal_HV_GAI_4_HV_GAI_5():
    """HV-GAI-4: after the cycle Gairy reveals a tile (here Fields: his wheelbarrow on F-3,
    HV-GAI-5); the drawn tile cannot be undone."""
    s = start(players=2)
    s.queue = []
    s.g_deck, s.g_drawn, s.g_wb = ["fields"], [], 3
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Funnel Cake")
    s.apply("place GS-inf")
    s.apply("fertilizer")
    assert s.occ[space_id("F-3")] == [-1] and s.g_wb == 2
    assert s.undo_floor == len(s.history)


def test_solo_gairy_places_two_tiles_a_turn_HV_GAI_4_HV_GAI_5():
    """HV-GAI-4: in solo Gairy reveals 2 tiles a turn: Fields (F-3), then General Store (GS-3)."""
    s = start(players=1)
    s.g_deck, s.g_drawn, s.g_wb = ["gs", "fields"], [], 6
    gairy_turn(s)
    assert s.occ[space_id("F-3")] == [-1] and s.occ[space_id("GS-3")] == [-1]
    assert s.g_wb == 4 and s.g_deck == [] and s.g_drawn == ["fields", "gs"]


def test_sunrise_eleven_takes_the_first_card_design_HV_SUN_5():
    """HV-SUN-5 #11: 4 coins and the P1 card for free, whatever card it is (here Apple Pie, the
    first design); then the market shifts (HV-FFC-6)."""
    s = start()
    sc.set_market(s, "Strawberry Pie", "Pecan Pie", "Apple Pie")
    s.coins[0] = 2
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 6 and s.cards[0] == [festival_id("Apple Pie")]
    assert (s.p1, s.p2) == (festival_id("Pecan Pie"), festival_id("Strawberry Pie"))


def test_an_action_given_as_a_plain_tuple_is_applied_HV_ACT_1():
    """An action may be given as a tuple of its three numbers; it does the same as the action."""
    s = start()
    t = start()
    a = next(x for x in s.legal_actions() if str(x) == "place GS-inf")
    s.apply(tuple(a))
    t.apply(a)
    assert s.to_json() == t.to_json() and s.frames[-1].kind == "visit"


def test_a_clone_of_a_staged_position_plays_the_same_HV_RES_6():
    """A clone taken before the legal actions were listed plays exactly like the original."""
    s = start()
    sc.touch(s)
    c = s.clone()
    assert c.to_json() == s.to_json()
    assert legal(c) == legal(s)
    c.apply("place GS-inf")
    s.apply("place GS-inf")
    assert c.to_json() == s.to_json()
