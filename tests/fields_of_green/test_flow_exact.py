"""Decision flow: undo never crosses a reveal, sub-decisions, the end of a harvest, what each
seat is known to hold, and 2-player revealed picks (FG-HID, FG-HRV, FG-2P, FG-ACT-3)."""

from __future__ import annotations

import random

import pytest

from acreage import IllegalAction
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import MARKET, Action
from acreage.games.fields_of_green.constants import COMMIT
from acreage.games.fields_of_green.content import CARDS
from acreage.games.fields_of_green.frames import Take
from acreage.games.fields_of_green.queries import turn_order

from .helpers import game, legal, next_year


# ------------------------------------------------------------------ undo and reveals
def test_undo_stops_at_drawn_hands_and_at_the_reveal_FG_MNT_8_FG_HID_2_FG_HID_3():
    """FG-MNT-8, FG-HID-2: a split shows the drawer its six cards, so it cannot be taken back.
    FG-HID-3, FG-ACT-4: a commit reveals nothing and may be taken back, but the last commit
    turns every pick face up, so no undo reaches behind it."""
    s = game(3)
    s.apply("split 2/2/1/1")
    assert s.undoable(0) == 0 and s.undo_floor == 1
    s.apply("split 2/2/1/1")
    s.apply("split 2/2/1/1")
    s.apply(s.legal_actions()[0])
    assert s.current_player == 1 and s.undoable(0) == 1
    s.apply(s.legal_actions()[0])
    assert s.undoable(1) == 1
    s.apply(s.legal_actions()[0])  # seat 2 commits last: the picks are revealed
    assert s.undo_floor == 6 and s.undoable(2) == 0


def test_undo_stops_at_an_equipment_draw_FG_HID_6():
    """FG-HID-6, FG-EQ-1: building a Tool Shed draws 3 tiles that the builder now sees, so the
    build cannot be taken back."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.set_stack(s, ["Tractor", "Weathervane", "Pickup Truck", "Tractor"])
    sc.goto_action(s, 0, "Tool Shed")
    s.apply("build 0,1")
    assert s.frames[-1].kind == "equip" and s.in_subdecision()
    assert s.undo_floor == 1 and s.undoable(0) == 0


def test_undo_in_2_player_pairs_stops_where_the_display_grows_FG_2P_3_FG_HID_4():
    """FG-2P-2/3: the First Player's take reveals nothing new, so it may be taken back while
    that seat still plays its turn; once its action passes the turn to seat 1, it is closed.
    After the second pick of the pair two pile cards are turned face up, so nothing before
    them can be undone."""
    s = game(2, introductory=True)
    s.apply(s.legal_actions()[-1])
    assert s.current_player == 0 and s.undoable(0) == 1
    s.apply("market 0")
    assert s.current_player == 1 and s.undoable(0) == 0 and s.undo_floor == 2
    s.apply(s.legal_actions()[-1])
    s.apply("market 0")
    assert len(s.display) == 6 and len(s.pile) == 4
    assert s.undo_floor == 4 and s.undoable(1) == 0 and s.undoable(0) == 0


def test_undo_in_2_player_income_stops_when_the_display_is_turned_FG_MNT_11_FG_HID_4():
    """FG-MNT-3, FG-MNT-11 (2 players, introductory): in year 2 seat 1 places its income Water
    one at a time; the first placement may be undone, but the last one ends Maintenance and
    turns the display face up, so it may not."""
    s = game(2, introductory=True)
    sc.clear_farm(s, 1, water=1)
    sc.add_card(s, 1, "Water Tower", (0, 1), water=1)
    sc.clear_farm(s, 0, water=3)
    next_year(s)
    assert s.year == 2 and s.current_player == 1 and legal(s) == {"water 0,0", "water 0,1"}
    s.apply("water 0,0")
    assert s.undoable(1) == 1 and s.undo_floor == 0
    s.apply("water 0,1")
    assert s.frames[-1] == Take(1) and len(s.display) == 6
    assert s.undo_floor == 2 and s.undoable(1) == 0


# ------------------------------------------------------------------ sub-decisions
def test_in_subdecision_is_true_only_inside_a_pay_fill_sell_or_equip_FG_EFX_10_FG_EQ_1():
    """A sell (Roadside Stand, FG-EFX), a fill (Windpump, FG-EFX-10) and an Equipment choice
    (FG-EQ-1) are sub-decisions; choosing an action for a pick, a harvest choice, a split and
    the finished game are not."""
    s = game(3)
    assert s.frames[-1].kind == "split" and not s.in_subdecision()
    sc.clear_farm(s, 0, food=2)
    sc.goto_action(s, 0, "Roadside Stand")
    assert s.frames[-1].kind == "act" and not s.in_subdecision()
    s.apply("build 0,1")
    assert s.frames[-1].kind == "sell" and s.in_subdecision()
    assert legal(s) == {"sell 0", "sell 1", "sell 2"}
    s.apply("sell 2")
    assert s.coins[0] == 15 - 2 + 6 and s.food[0] == 0 and not s.in_subdecision()

    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Windpump", (0, 1))
    sc.add_card(s, 0, "Water Tower", (0, 2), water=0)
    sc.add_card(s, 0, "Wheat Field", (-1, 0))
    sc.goto_harvest(s, 0)
    assert s.frames[-1].kind == "harvest" and not s.in_subdecision()
    s.apply("harvest 0,1")
    assert [f.kind for f in s.frames] == ["hold", "harvest", "fill"] and s.in_subdecision()

    s = game(3)
    sc.gain_equipment(s, 1)
    assert s.frames[-1].kind == "equip" and s.in_subdecision()

    s = game(3, seed=4)
    rng = random.Random(4)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    assert s.frames == [] and not s.in_subdecision()


# ------------------------------------------------------------------ the end of a harvest
def test_last_card_abandoned_with_a_stored_tile_still_turns_to_wasteland_FG_HRV_8_FG_EQ_6():
    """FG-HRV-8, FG-HRV-12: a Wheat Field with no Water in range is abandoned; a stored Tractor
    that could still go on it does not keep the harvest open: when the harvest ends the field
    is Wasteland and the Tractor is still stored."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stock(s, 0, stored=("Tractor",))
    sc.goto_harvest(s, 0)
    assert legal(s) == {"install Tractor 0,1", "abandon 0,1"}
    s.apply("abandon 0,1")
    assert s.current_player is None
    assert s.pdown[0][wheat] is True and len(s.stored[0]) == 1


def test_cards_that_can_no_longer_be_paid_are_abandoned_together_FG_HRV_4_FG_HRV_8():
    """FG-HRV-4, FG-HRV-8, FG-EQ-6: once the Potato Field is paid, the Wheat and Pepper Fields
    (no Water anywhere) can only be abandoned. That happens without a question, the stored
    Tractor is not offered again (installs only at the start), and both turn to Wasteland."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    potato = sc.add_card(s, 0, "Potato Field", (2, 0))
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    pepper = sc.add_card(s, 0, "Pepper Field", (0, -1))
    sc.set_stock(s, 0, coins=5, food=0, stored=("Tractor",))
    sc.goto_harvest(s, 0)
    assert legal(s) == {"install Tractor 2,0", "install Tractor 0,1", "install Tractor 0,-1",
                        "harvest 2,0", "abandon 2,0", "abandon 0,1", "abandon 0,-1"}
    s.apply("harvest 2,0")
    assert s.current_player is None
    assert [s.pdown[0][p] for p in (potato, wheat, pepper)] == [False, True, True]
    assert s.coins[0] == 4 and s.food[0] == 1 and len(s.stored[0]) == 1


def test_two_cards_abandoned_by_choice_both_turn_to_wasteland_FG_HRV_8():
    """FG-HRV-8: a player may abandon a card it could pay. Abandoning the Potato Field and then
    the Wheat Field (each payable) leaves both Wasteland, nothing paid."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    potato = sc.add_card(s, 0, "Potato Field", (2, 0))
    wheat = sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.goto_harvest(s, 0)
    s.apply("abandon 2,0")
    assert legal(s) == {"harvest 0,1", "abandon 0,1"}
    s.apply("abandon 0,1")
    assert s.current_player is None
    assert [s.pdown[0][p] for p in (potato, wheat)] == [True, True]
    assert s.coins[0] == 15 and sc.water_at(s, 0, (0, 0)) == 3


# ------------------------------------------------------------------ revealed picks, 2 players
def test_2_player_revealed_pick_is_only_the_card_being_resolved_FG_2P_2_FG_HID_1():
    """FG-2P-2, FG-HID-1: before any take no seat shows a revealed pick; while a seat resolves
    the card it took, that card is its revealed pick and the other seat shows none."""
    s = game(2, introductory=True)
    obs = s.observation(0)
    assert [p["revealed_pick"] for p in obs["seats"]] == [None, None]
    first = s.legal_actions()[-1]
    s.apply(first)
    obs = s.observation(1)
    assert [p["revealed_pick"] for p in obs["seats"]] == [CARDS[first.a].name, None]
    s.apply("market 0")
    second = s.legal_actions()[0]
    s.apply(second)
    obs = s.observation(0)
    assert [p["revealed_pick"] for p in obs["seats"]] == [None, CARDS[second.a].name]
    assert [p["revealed_pick"] for p in s.to_json()["state"]["seats"]] == [None, CARDS[second.a].name]


# ------------------------------------------------------------------ hands a seat has held
def _known(seat: int, turn: int, year: int, n: int = 3) -> list[int]:
    """FG-YR-3, FG-ACT-3: hands move to seat + d each turn (d = +1 in odd years, -1 in even
    ones), so at turn t seat v has held the hands that started at v - d*k, k < t."""
    d = 1 if year % 2 else -1
    return sorted({(seat - d * k) % n for k in range(turn)})


def test_hands_held_and_determinize_follow_the_passing_FG_HID_8_FG_HID_10_FG_ACT_3():
    """FG-HID-8, FG-HID-10, FG-ACT-3, FG-YR-3 (3 players, years 1 and 2): at every commit, each
    seat has held exactly the hands the passing brought it (its own included; the record of
    year 1 does not carry into year 2), and ``determinize`` keeps the cards of every hand that
    seat held (hand plus committed pick) where they are."""
    s = game(3, introductory=True)
    rng = random.Random(1)
    seen = 0
    while s.year <= 2 and not s.is_terminal:
        top = s.frames[-1]
        if top.kind == "commit" and top.seat == turn_order(s)[-1] and s.stage == COMMIT:
            snap = s.to_json()["state"]
            for v in range(3):
                known = _known(v, s.turn, s.year)
                assert snap["seats"][v]["hands_held"] == known
                d = s.determinize(v, rng)
                for o in range(3):
                    if o == v or s.origin[o] not in known:
                        continue
                    mine = sorted(s.hands[o] + ([s.picks[o]] if s.picks[o] >= 0 else []))
                    theirs = sorted(d.hands[o] + ([d.picks[o]] if d.picks[o] >= 0 else []))
                    assert theirs == mine
                    seen += 1
        if top.kind == "act":
            s.apply("market 0")
        else:
            s.apply(s.legal_actions()[0])
    assert seen >= 20


def test_a_new_turn_clears_the_last_turns_revealed_picks_FG_ACT_4():
    """FG-ACT-4, FG-HID-3: the picks revealed in turn 1 are not shown (not even in the full
    snapshot) once turn 2's commits begin."""
    s = game(3, introductory=True)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert all(p["revealed_pick"] is not None for p in s.to_json()["state"]["seats"])
    for _ in range(3):
        s.apply("market 0")
    assert s.turn == 2 and s.stage == COMMIT
    assert [p["revealed_pick"] for p in s.to_json()["state"]["seats"]] == [None, None, None]


def test_a_clone_of_an_edited_position_has_the_same_legal_actions_FG_MNT_6():
    """FG-MNT-6 (the 50 legal splits of a fresh game), clone(): a position whose legal actions
    are not worked out yet (just edited) clones, and the clone offers exactly the same actions."""
    s = game(3)
    sc.set_stock(s, 0, coins=1)
    assert s._legal is None
    c = s.clone()
    assert c.legal_actions() == s.legal_actions() and len(c.legal_actions()) == 50


def test_apply_takes_a_plain_tuple_and_works_after_an_edit_FG_MKT_1():
    """FG-MKT-1: in a position just edited (nothing worked out yet), ``market 1`` given as a
    plain tuple of four ints is applied like the action itself: 15 + 2 + 2 coins, 1 Food less;
    an illegal tuple (market 2 with 1 Food) is refused and changes nothing."""
    s = game(3)
    sc.clear_farm(s, 0, food=1)
    sc.goto_action(s, 0, "Geese")
    sc.set_stock(s, 0, coins=15)
    assert s._legal is None
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply((MARKET, 2, 0, 0))
    assert s.to_json() == before
    s.apply((MARKET, 1, 0, 0))
    assert s.coins[0] == 19 and s.food[0] == 0 and s.history[-1] == Action(MARKET, 1)
