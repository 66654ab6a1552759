"""Exact action ids, notation and public notation (the fixed id layout of docs/fields_of_green.md,
rulings.MAX_PIECES / MAX_FRONTIER, FG-SET-5, FG-HID-3).

Each block of ids is checked at its first id, where an off-by-one in the decoder would read the
id as the block before it."""

from __future__ import annotations

import random

import pytest

from acreage import IllegalAction
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import (
    ABANDON,
    BUILD,
    DONE,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    MARKET,
    PAY,
    PICK,
    RESTORE,
    SELL,
    SILO,
    SPLIT,
    SPLIT_INDEX,
    TOWER,
    WATER,
    Action,
)
from acreage.games.fields_of_green.content import find_equipment
from acreage.games.fields_of_green.frames import Harvest
from acreage.games.fields_of_green.queries import frontier

from .helpers import card_id, cell, game


def _seat0_acting():
    s = game(3)
    sc.clear_farm(s, 0)
    sc.goto_action(s, 0, "Geese")
    return s


def test_first_id_of_every_block_decodes_to_its_own_kind_FG_SET_5():
    """FG-SET-5 (fixed id space): the first id of the piece, equip, install and done blocks
    (520, 712, 1075, 1427) names card #0 of the acting farm (the Tower at 0,0) in that block's
    kind, and each such action encodes back to exactly that id."""
    s = _seat0_acting()
    tractor = find_equipment("Tractor").id
    expected = {
        0: Action(SPLIT, 0),
        84: Action(PICK, 0),
        130: Action(MARKET, 0),
        133: Action(SELL, 0),
        520: Action(RESTORE, cell(0, 0)),
        521: Action(RESTORE, cell(1, 0)),
        552: Action(PAY, cell(0, 0)),
        584: Action(WATER, cell(0, 0)),
        616: Action(FILL, cell(0, 0)),
        648: Action(HARVEST, cell(0, 0)),
        680: Action(ABANDON, cell(0, 0)),
        712: Action(EQUIP, tractor, cell(0, 0)),
        713: Action(EQUIP, tractor, cell(1, 0)),
        744: Action(EQUIP, tractor, 0, 1),
        745: Action(EQUIP, tractor + 1, cell(0, 0)),
        1075: Action(INSTALL, tractor, cell(0, 0)),
        1107: Action(INSTALL, tractor + 1, cell(0, 0)),
        1427: Action(DONE),
    }
    for i, action in expected.items():
        assert s.action_from_id(i) == action, i
        assert s.action_id(action) == i, action
    front = frontier(s, 0)
    assert len(front) == 6
    for k, kind in enumerate((BUILD, TOWER, SILO)):
        assert s.action_from_id(136 + 128 * k) == Action(kind, front[0])
        assert s.action_id(Action(kind, front[5])) == 136 + 128 * k + 5


def test_every_legal_action_round_trips_through_its_id_FG_SET_5():
    """FG-SET-5: in every position of seeded 2-, 3- and 4-player games (all phases: splits,
    picks, actions, payments, fills, Equipment, harvests), each legal action has its own id,
    and that id reads back as the same action."""
    for players, seed in ((2, 3), (3, 5), (4, 7)):
        s = game(players, seed=seed)
        rng = random.Random(seed)
        kinds = set()
        while not s.is_terminal:
            acts = s.legal_actions()
            ids = [s.action_id(a) for a in acts]
            assert len(set(ids)) == len(acts)
            assert s.legal_action_ids() == sorted(ids)
            for a, i in zip(acts, ids, strict=True):
                assert s.action_from_id(i) == a
                kinds.add(a.kind)
            s.apply(rng.choice(acts))
        assert {SPLIT, PICK, BUILD, MARKET, HARVEST} <= kinds


def test_done_ends_a_real_harvest_and_has_the_last_id_FG_EQ_6_FG_HRV_2():
    """FG-EQ-6, FG-HRV-2: in a real year-1 harvest (no scenario pause) seat 0 has no harvest
    card but a stored Weathervane that fits its Flour Mill: exactly ``install Weathervane 2,0``
    (id 1075 + 9 x 32 + 2) and ``done`` (id 1427) are offered. ``done`` ends the harvest with the
    tile still stored, the other farms have nothing to harvest, and year 2 begins."""
    s = game(3)
    for seat in range(3):
        sc.clear_farm(s, seat)
    sc.add_card(s, 0, "Flour Mill", (2, 0))
    sc.set_stock(s, 0, stored=("Weathervane",))
    s.frames = []
    s.phase, s.stage, s.turn = 1, 1, 6
    s._legal = None
    s._advance()
    assert s.frames == [Harvest(0, (), (), False)]
    assert [str(a) for a in s.legal_actions()] == ["install Weathervane 2,0", "done"]
    assert s.legal_action_ids() == [1365, 1427]
    s.apply_id(1427)
    assert s.stored[0] == [find_equipment("Weathervane").id]
    assert s.year == 2 and s.current_player == 1


def test_an_action_kind_out_of_range_is_refused_as_not_an_action_kind_FG_ACT_7():
    """FG-ACT-7 (the action kinds): kinds run 0-15: a tuple of kind 16 naming a real card is
    refused as not an action kind (it must not fall into the install block)."""
    s = _seat0_acting()
    with pytest.raises(IllegalAction, match="has kind 16, which is not an action kind"):
        s.action_id((16, 0, cell(0, 0), 0))
    with pytest.raises(IllegalAction, match="has kind 16, which is not an action kind"):
        s._action_id(Action(16, 0, cell(0, 0)))


def test_card_index_32_lies_beyond_the_id_bound_FG_SET_5():
    """FG-SET-5 (id space, rulings.MAX_PIECES = 32): card #32 of a farm (the 33rd) has no id.
    Restoring it is legal in the position, but asking its id is refused at the bound, not read
    as card #0 of the next block."""
    s = game(3)
    sc.clear_farm(s, 0)
    for x in range(2, 32):
        sc.add_card(s, 0, "Potato Field", (x, 0))
    far = sc.add_card(s, 0, "Potato Field", (32, 0), down=True)
    assert far == 32
    sc.goto_action(s, 0, "Geese")
    action = Action(RESTORE, cell(32, 0))
    assert action in s.legal_actions()
    with pytest.raises(IllegalAction, match="beyond the id bound of 32"):
        s.action_id(action)
    assert s.action_id(Action(RESTORE, cell(31, 0))) == 520 + 31


def test_every_notation_form_parses_to_its_exact_action_FG_ACT_7_FG_MKT_2():
    """FG-ACT-7, FG-MKT-2 (at most 2 Food sold): notation (actions.py): each form reads to exactly one
    action, whatever is legal now; malformed text is refused."""
    s = _seat0_acting()
    tractor, drip = find_equipment("Tractor").id, find_equipment("Drip Irrigation").id
    forms = {
        "split 2/2/1/1": Action(SPLIT, SPLIT_INDEX[(2, 2, 1, 1)]),
        "split 0/0/0/6": Action(SPLIT, 0),
        "pick Wheat Field": Action(PICK, card_id("Wheat Field")),
        "build 2,0": Action(BUILD, cell(2, 0)),
        "tower 0,1": Action(TOWER, cell(0, 1)),
        "silo -1,0": Action(SILO, cell(-1, 0)),
        "market 0": Action(MARKET, 0),
        "market 2": Action(MARKET, 2),
        "restore 1,1": Action(RESTORE, cell(1, 1)),
        "pay 0,0": Action(PAY, cell(0, 0)),
        "water 0,-2": Action(WATER, cell(0, -2)),
        "fill 3,4": Action(FILL, cell(3, 4)),
        "sell 1": Action(SELL, 1),
        "harvest 1,1": Action(HARVEST, cell(1, 1)),
        "abandon 1,1": Action(ABANDON, cell(1, 1)),
        "equip Tractor 1,1": Action(EQUIP, tractor, cell(1, 1)),
        "equip Tractor store": Action(EQUIP, tractor, 0, 1),
        "equip Drip Irrigation store": Action(EQUIP, drip, 0, 1),
        "install Drip Irrigation 0,1": Action(INSTALL, drip, cell(0, 1)),
        "done": Action(DONE),
    }
    for text, action in forms.items():
        got = s._parse_structural(text)
        assert got == action and tuple(got) == tuple(action), text
        assert str(got) == text
    for bad in ("market 3", "sell 3", "sell -1", "done now", "split 3/3/1/0", "split 2/2/1",
                "plough 1,1", "build 1", "equip Tractor", "pick Nothing"):
        with pytest.raises(IllegalAction):
            s._parse_structural(bad)


def test_public_notation_hides_only_3_and_4_player_picks_FG_HID_3():
    """FG-HID-3, FG-ACT-2: with 3 or 4 players a committed pick is shown to others as
    'pick (face down)'; every other action, and a 2-player pick from the open display
    (FG-2P-2), is shown as its notation."""
    for players in (3, 4):
        s = game(players)
        split = s.legal_actions()[0]
        assert s.public_notation(split) == str(split) == "split 0/1/1/4"
        assert s.public_notation(tuple(split)) == "split 0/1/1/4"
        s.apply("split 2/2/1/1")
        while s.frames[-1].kind != "commit":
            s.apply(s.legal_actions()[0])
        pick = s.legal_actions()[0]
        assert s.public_notation(pick) == "pick (face down)"
        assert s.public_notation(str(pick)) == "pick (face down)"
        assert s.public_notation(tuple(pick)) == "pick (face down)"
    s = game(2)
    s.apply("split 2/2/1/1")
    s.apply("split 2/2/1/1")
    take = s.legal_actions()[-1]
    assert take == Action(PICK, card_id("Granary"))
    assert s.public_notation(take) == "pick Granary"
    assert s.public_notation("pick Granary") == "pick Granary"
