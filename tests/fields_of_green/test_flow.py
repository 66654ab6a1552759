"""The declared flow (flow.py): undo stops at every reveal (drawn hands, picks, Equipment draws, the
2-player display), sub-decisions are only the steps inside a payment, a fill, a sale or an Equipment
choice, and a clone of an edited position offers the same actions (FG-HID-2 to FG-HID-6, FG-MNT-6,
FG-MNT-8, FG-MNT-11, FG-2P-3)."""

from __future__ import annotations

import random

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.frames import Take

from .helpers import game, legal, next_year


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


def test_a_clone_of_an_edited_position_has_the_same_legal_actions_FG_MNT_6():
    """FG-MNT-6 (the 50 legal splits of a fresh game), clone(): a position whose legal actions
    are not worked out yet (just edited) clones, and the clone offers exactly the same actions."""
    s = game(3)
    sc.set_stock(s, 0, coins=1)
    assert s._legal is None
    c = s.clone()
    assert c.legal_actions() == s.legal_actions() and len(c.legal_actions()) == 50
