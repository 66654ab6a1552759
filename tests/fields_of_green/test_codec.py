"""Action ids and notation (codec.py): the fixed id layout on an unbounded grid, checked at the
first id of each block, placements named by their frontier index, every notation form, the public
notation of hidden picks, and actions given as plain tuples (FG-SET-5, FG-ACT-7, FG-HID-3)."""

from __future__ import annotations

import random

import pytest

from acreage import IllegalAction
from acreage.games.fields_of_green import rulings as R
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
    SPLITS,
    TOWER,
    WATER,
    Action,
    cell_of,
)
from acreage.games.fields_of_green.constants import NUM_ACTION_IDS, OFF_NEW, OFF_PIECE
from acreage.games.fields_of_green.content import find_equipment
from acreage.games.fields_of_green.frames import Harvest
from acreage.games.fields_of_green.queries import frontier

from .helpers import card_id, cell, game, legal


def _seat0_acting():
    s = game(3)
    sc.clear_farm(s, 0)
    sc.goto_action(s, 0, "Geese")
    return s


def _long_farm(length: int = 30):
    """Seat 0's farm stretched east: Tower (0,0), Silo (1,0), Potato Fields (2,0) … (length,0)."""
    s = game(3)
    sc.clear_farm(s, 0)
    for x in range(2, length + 1):
        sc.add_card(s, 0, "Potato Field", (x, 0))
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


def test_set5_a_farm_far_out_still_offers_placements_and_their_ids_round_trip():
    """FG-SET-5: the grid has no size limit. A farm stretched 30 cells east (the old id window
    stopped at 27) is offered its far cells, and every id there round-trips."""
    s = _long_farm(30)
    sc.goto_action(s, 0, "Potato Field")
    offered = legal(s)
    far = ("build 31,0", "tower 31,0", "silo 31,0", "build 30,1", "silo 30,-1", "build 29,1")
    for text in far:
        assert text in offered
        action = s.parse_action(text)
        i = s.action_id(action)
        assert 0 <= i < s.num_distinct_actions and s.action_from_id(i) == action
    for action in s.legal_actions():
        assert s.action_from_id(s.action_id(action)) == action
    assert sorted(s.legal_action_ids()) == sorted(s.action_id(a) for a in s.legal_actions())
    s.apply_id(s.action_id(s.parse_action("build 31,0")))
    p = sc.piece_at(s, 0, (31, 0))
    assert p == 31 and s.coins[0] == 13
    sc.goto_harvest(s, 0)  # cards far out are named by their index in the farm
    action = s.parse_action("harvest 31,0")
    assert s.action_from_id(s.action_id(action)) == action
    s.apply_id(s.action_id(action))
    assert s.coins[0] == 12 and s.food[0] == 2


def test_set5_west_and_south_too():
    """FG-SET-5: negative coordinates far from (0,0) work the same way."""
    s = game(3)
    sc.clear_farm(s, 0)
    for y in range(-1, -29, -1):
        sc.add_card(s, 0, "Potato Field", (0, y))
    sc.goto_action(s, 0, "Geese")
    action = s.parse_action("silo 0,-29")
    assert s.action_from_id(s.action_id(action)) == action
    s.apply(action)
    assert sc.piece_at(s, 0, (0, -29)) == 30


def test_placement_ids_are_frontier_indices():
    """Placement ids name the cell by its index in the farm's sorted frontier; ids of cells off
    the frontier, or of frontier indices the farm does not have, are refused."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.goto_action(s, 0, "Potato Field")
    front = frontier(s, 0)
    assert front == sorted(front) and len(front) == 6
    for k, cell in enumerate(front):  # noqa: F402 (a frontier cell, not the helper)
        assert s.action_id(Action(BUILD, cell)) == OFF_NEW + k
        assert s.action_from_id(OFF_NEW + k) == Action(BUILD, cell)
    with pytest.raises(IllegalAction):
        s.action_id(Action(BUILD, cell_of(5, 5)))
    with pytest.raises(IllegalAction):
        s.action_from_id(OFF_NEW + len(front))
    with pytest.raises(IllegalAction):
        s.action_from_id(OFF_PIECE + 2)  # seat 0 has cards #0 and #1 only
    with pytest.raises(IllegalAction):
        s.parse_action(f"build {R.COORD_LIMIT + 1},0")


def test_num_distinct_actions_is_fixed_and_follows_the_layout():
    """The id space depends only on the content and the bounds, never on the position."""
    from acreage.games.fields_of_green.constants import NCARDS, NEQ

    expected = (len(SPLITS) + NCARDS + 3 + 3 + 3 * R.MAX_FRONTIER + 6 * R.MAX_PIECES
                + NEQ * (R.MAX_PIECES + 1) + NEQ * R.MAX_PIECES + 1)
    assert NUM_ACTION_IDS == expected == 1428
    for players in (2, 3, 4):
        for intro in (False, True):
            assert game(players, introductory=intro).num_distinct_actions == expected
    assert _long_farm(30).num_distinct_actions == expected


def test_frontier_bound_is_never_reached():
    """rulings.MAX_FRONTIER: a farm has at most 26 cards in play, all joined, so its frontier is
    at most 2 x 26 + 2 = 54 cells, far below the bound of 128."""
    assert R.MAX_FARM_CARDS == 26 and R.MAX_FARM_CARDS < R.MAX_PIECES
    assert 2 * R.MAX_FARM_CARDS + 2 < R.MAX_FRONTIER
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        s = game(players, seed=seed, first_player=None)
        rng = random.Random(seed)
        while not s.is_terminal:
            for seat in range(players):
                cards = len(s.piece_cards[seat])
                assert cards <= R.MAX_FARM_CARDS and len(frontier(s, seat)) <= 2 * cards + 2
            acts = s.legal_actions()
            builds = [a for a in acts if str(a).split()[0] in ("build", "tower", "silo")]
            s.apply(rng.choice(builds) if builds and rng.random() < 0.9 else rng.choice(acts))


def test_an_id_asked_for_a_card_or_cell_that_is_not_there_says_which_FG_SET_5():
    """FG-SET-5: the id of an action naming a card the seat lacks, or a cell not on its farm's
    edge, is refused with the cell, the seat and the action's word; after the end no id is
    given for an action that needs a seat."""
    s = _seat0_acting()
    far = cell(9, 9)
    with pytest.raises(IllegalAction, match=r"cell 9,9 is not an empty cell next to seat 0's farm \(build"):
        s.action_id(Action(BUILD, far))
    with pytest.raises(IllegalAction, match=r"seat 0 has no card at 9,9 \(restore\)"):
        s.action_id(Action(RESTORE, far))
    with pytest.raises(IllegalAction, match=r"seat 0 has no card at 9,9 \(equip\)"):
        s.action_id(Action(EQUIP, 0, far, 0))
    with pytest.raises(IllegalAction, match=r"seat 0 has no card at 9,9 \(install\)"):
        s.action_id(Action(INSTALL, 0, far))
    over = game(2)
    rng = random.Random(3)
    while not over.is_terminal:
        over.apply(rng.choice(over.legal_actions()))
    with pytest.raises(IllegalAction, match="^the game is over$"):
        over.action_id(Action(RESTORE, far))


@pytest.mark.parametrize("text,message", [
    ("plough 1,1", "unknown action 'plough'; actions are split, pick, build, tower, silo, market, restore, "
                   "pay, water, fill, sell, harvest, abandon, equip, install, done"),
    ("split 3/3/1/1", "cannot read 'split 3/3/1/1': a split is four counts like 2/2/1/1 that add up to 6"),
    ("done now", "cannot read 'done now': done takes nothing after it"),
    ("market 3", "cannot read 'market 3': sell 0, 1 or 2 Food"),
    ("sell -1", "cannot read 'sell -1': sell 0, 1 or 2 Food"),
])
def test_notation_that_cannot_be_read_says_what_is_wrong_FG_ACT_7(text, message):
    """FG-ACT-7 (the action kinds): text that names no action, or a split, ``done`` or Food
    count out of shape, is refused with what the notation expects, and the game is unchanged."""
    s = _seat0_acting()
    before = s.to_json()
    with pytest.raises(IllegalAction) as refused:
        s.apply(text)
    assert str(refused.value) == message
    assert s.to_json() == before


def test_an_id_naming_a_cell_or_card_the_farm_lacks_is_a_bad_id_FG_SET_5():
    """FG-SET-5: an id inside the id space that names a frontier cell or a card the seat's farm
    does not have is refused as a bad id that counts what the farm has; after the end, ids of
    a seat's cards mean nothing."""
    from acreage.core.errors import BadActionId
    from acreage.games.fields_of_green.queries import frontier_info

    s = _seat0_acting()
    edge = len(frontier_info(s, 0)[0])
    with pytest.raises(BadActionId) as refused:
        s.action_from_id(OFF_NEW + edge)
    assert str(refused.value) == (f"action id {OFF_NEW + edge} names frontier cell #{edge}, "
                                  f"but seat 0's farm has {edge}")
    cards = len(s.piece_cells[0])
    with pytest.raises(BadActionId) as refused:
        s.action_from_id(OFF_PIECE + cards)
    assert str(refused.value) == (f"action id {OFF_PIECE + cards} names card #{cards}, "
                                  "which seat 0 does not have")
    over = game(2)
    rng = random.Random(3)
    while not over.is_terminal:
        over.apply(rng.choice(over.legal_actions()))
    with pytest.raises(IllegalAction) as refused:
        over.action_from_id(OFF_PIECE)
    assert str(refused.value) == "the game is over"
