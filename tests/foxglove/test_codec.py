"""Action ids and notation (``codec.py`` over ``actions.py``): the id of each kind of action at the
edges of its block, every legal action of many positions round-tripping, ids past a seat's pieces
refused by name, and the notation reader giving back the action each text names, or saying what is
wrong with it (FF-CON-1, FF-TRL-4, FF-TRL-7, FF-TRN-1, FF-FIN-2). The block layout (OFF_BUILD …
OFF_MOVE) is what RL code depends on, so each block's first id is pinned by a literal value here:
changing the layout must change this test."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage import BadActionId, IllegalAction
from acreage.games.foxglove import constants as fs
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.actions import (
    A_DONE,
    A_PASS,
    A_PROCESS,
    A_TRAILS,
    BUILD,
    CHOOSE,
    DONE,
    HAUL,
    KEEP,
    MOVE,
    PASS,
    PAY,
    PLACE,
    PROCESS,
    TRAIL,
    TRAILS,
    UPGRADE,
    Action,
)
from acreage.games.foxglove.content import TILES, find_tile
from acreage.games.foxglove.geometry import SHAPES, TEES, cell_of, parse_shape
from acreage.games.foxglove.geometry import cell_of as cell
from acreage.games.foxglove.queries import topology

from .helpers import game, hold, kuly

FOREST, MINE = cell_of(0, 0), cell_of(1, 0)


def positions(count: int = 400, seed: int = 1):
    """States met in seeded random games of 1–4 players (each position once)."""
    rng = random.Random(seed)
    out = []
    for g in range(8):
        state = acreage.new_game("foxglove", players=1 + g % 4, seed=seed + g)
        while not state.is_terminal and len(out) < count * (g + 1) // 8:
            if rng.random() < 0.3:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def test_block_offsets_are_pinned():
    kinds = len(TILES)
    assert fs.OFF_BUILD == 4
    assert fs.OFF_PLACE == 4 + kinds
    assert fs.OFF_TRAIL == fs.OFF_PLACE + fs.MAX_FRONTIER
    assert fs.OFF_UPGRADE == fs.OFF_TRAIL + fs.MAX_FRONTIER * len(SHAPES)
    assert fs.OFF_PAY == fs.OFF_UPGRADE + fs.MAX_TRAILS * len(TEES)
    assert fs.OFF_KEEP == fs.OFF_PAY + 5 * fs.MAX_BUILDINGS
    assert fs.OFF_CHOOSE == fs.OFF_KEEP + 5
    assert fs.OFF_HAUL == fs.OFF_CHOOSE + 5
    assert fs.OFF_MOVE == fs.OFF_HAUL + 5 * fs.MAX_BUILDINGS
    assert fs.NUM_ACTION_IDS == fs.OFF_MOVE + fs.MAX_BUILDINGS * fs.MAX_BUILDINGS * 5


def test_ids_of_each_kind_at_the_edges_of_its_block():
    state = acreage.new_game("foxglove", players=2, seed=3, start_player=0)
    sid = state._action_id
    assert [sid(Action(k)) for k in (PASS, TRAILS, DONE, PROCESS)] == [0, 1, 2, 3]
    assert sid(Action(BUILD, 0)) == 4 and sid(Action(BUILD, len(TILES) - 1)) == 3 + len(TILES)
    assert sid(Action(KEEP, 0)) == fs.OFF_KEEP and sid(Action(KEEP, 4)) == fs.OFF_KEEP + 4
    assert sid(Action(CHOOSE, 0)) == fs.OFF_CHOOSE and sid(Action(CHOOSE, 4)) == fs.OFF_CHOOSE + 4
    topo = topology(state, 0)
    first, last = topo.frontier[0], topo.frontier[-1]
    n = len(topo.frontier)
    assert sid(Action(PLACE, first)) == fs.OFF_PLACE
    assert sid(Action(PLACE, last)) == fs.OFF_PLACE + n - 1
    assert sid(Action(TRAIL, first, SHAPES[0])) == fs.OFF_TRAIL
    assert sid(Action(TRAIL, last, SHAPES[-1])) == fs.OFF_TRAIL + (n - 1) * len(SHAPES) + len(SHAPES) - 1
    # buildings by their index in the seat's town: the Forest is 0, the Mine 1
    assert sid(Action(PAY, 0, FOREST)) == fs.OFF_PAY
    assert sid(Action(PAY, 1, MINE)) == fs.OFF_PAY + 1 * fs.MAX_BUILDINGS + 1
    assert sid(Action(HAUL, 4, MINE)) == fs.OFF_HAUL + 4 * fs.MAX_BUILDINGS + 1
    assert sid(Action(MOVE, 0, FOREST, MINE)) == fs.OFF_MOVE + (0 * fs.MAX_BUILDINGS + 1) * 5 + 0
    assert sid(Action(MOVE, 3, MINE, FOREST)) == fs.OFF_MOVE + (1 * fs.MAX_BUILDINGS + 0) * 5 + 3
    edges = (0, 3, 4, fs.OFF_KEEP, fs.OFF_KEEP + 4, fs.OFF_CHOOSE, fs.OFF_CHOOSE + 4, fs.OFF_PLACE,
             fs.OFF_PAY, fs.OFF_HAUL, fs.OFF_MOVE, fs.OFF_MOVE + 5)
    for i in edges:
        assert sid(state._action_from_id(i)) == i
    # Decoding on its own: the first id of a block is that block's first action, not the last
    # (out-of-range) action of the block before it, which encoding would map back to the same id.
    decode = state._action_from_id
    assert decode(fs.OFF_BUILD) == Action(BUILD, 0)
    assert decode(fs.OFF_KEEP) == Action(KEEP, 0)
    assert decode(fs.OFF_CHOOSE) == Action(CHOOSE, 0)
    assert decode(fs.OFF_HAUL) == Action(HAUL, 0, FOREST)
    assert decode(fs.OFF_MOVE) == Action(MOVE, 0, FOREST, FOREST)


def test_upgrade_ids_follow_the_seats_trails():
    state = sc.fresh(2, seed=3, start_player=0)
    sc.add_trail(state, 0, (0, 1), "NS")
    sc.add_trail(state, 0, (0, 2), "NS")
    trails = topology(state, 0).trails
    assert len(trails) == 2
    assert state._action_id(Action(UPGRADE, trails[0], TEES[0])) == fs.OFF_UPGRADE
    assert state._action_id(Action(UPGRADE, trails[1], TEES[3])) == fs.OFF_UPGRADE + 1 * len(TEES) + 3
    assert state._action_from_id(fs.OFF_UPGRADE + len(TEES) + 3) == Action(UPGRADE, trails[1], TEES[3])
    with pytest.raises(BadActionId, match="trail #2"):
        state._action_from_id(fs.OFF_UPGRADE + 2 * len(TEES))
    with pytest.raises(IllegalAction, match="no trail of seat 0 at 5,5"):
        state._action_id(Action(UPGRADE, cell_of(5, 5), TEES[0]))


def transport_positions():
    """Positions where cubes can move (random play seldom links buildings by trails): the
    layout of FF-EX-8 in transportation and in round 4, and with a Hauler's Hut."""
    out = []
    for rnd, kiln in ((2, {"coal": 2}), (4, {"wood": 3})):
        state = game()
        kuly(state, 0, forest=3, kiln=kiln, butcher={"sheep": 2}, lamb={"sheep": 1})
        hold(state, 1)
        sc.goto_transport(state, 0, round=rnd)
        out.append(state)
    state = game()
    hold(state, 0)
    sc.add_building(state, 0, "Hauler's Hut", (3, 3))
    hold(state, 1)
    sc.goto_transport(state, 0, round=1)
    out.append(state)
    return out


def test_every_legal_action_round_trips_in_many_positions():
    seen_kinds = set()
    for state in positions() + transport_positions():
        for action in state.legal_actions():
            i = state.action_id(action)
            assert 0 <= i < state.num_distinct_actions
            assert state.action_from_id(i) == action
            seen_kinds.add(action.kind)
        assert sorted(state.legal_action_ids()) == sorted(state.action_id(a) for a in state.legal_actions())
    assert {PASS, TRAILS, DONE, PROCESS, BUILD, PLACE, TRAIL, PAY, MOVE, HAUL} <= seen_kinds


def test_ids_past_a_seats_pieces_are_refused_by_name():
    state = acreage.new_game("foxglove", players=2, seed=3, start_player=0)
    n = len(topology(state, 0).frontier)
    with pytest.raises(BadActionId, match=f"frontier cell #{n}, but seat 0 has {n}"):
        state._action_from_id(fs.OFF_PLACE + n)
    with pytest.raises(BadActionId, match="frontier cell"):
        state._action_from_id(fs.OFF_TRAIL + n * len(SHAPES))
    with pytest.raises(BadActionId, match="building #2, but seat 0 has 2"):
        state._action_from_id(fs.OFF_PAY + 2)
    with pytest.raises(BadActionId, match="building #2"):
        state._action_from_id(fs.OFF_HAUL + 2)
    with pytest.raises(BadActionId, match="building #2"):
        state._action_from_id(fs.OFF_MOVE + (0 * fs.MAX_BUILDINGS + 2) * 5)
    with pytest.raises(IllegalAction, match="is not next to seat 0's town"):
        state._action_id(Action(PLACE, cell_of(9, 9)))
    with pytest.raises(IllegalAction, match="no building of seat 0 at 5,5"):
        state._action_id(Action(PAY, 0, cell_of(5, 5)))
    with pytest.raises(IllegalAction, match="not an action kind"):
        state._action_id(Action(13))


def test_ids_of_a_finished_game():
    state = acreage.new_game("foxglove", players=1, seed=2, move_cap=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state._action_id(Action(PASS)) == 0
    assert state._action_from_id(fs.OFF_BUILD) == Action(BUILD, 0)
    with pytest.raises(IllegalAction, match="the game is over"):
        state._action_id(Action(PLACE, FOREST))
    with pytest.raises(BadActionId, match="the game is over"):
        state._action_from_id(fs.OFF_PLACE)
    assert find_tile("Sheepfold").id == state._action_from_id(fs.OFF_BUILD + find_tile("Sheepfold").id).a


def test_simple_verbs_read_as_their_actions_FF_CON_1_FF_FIN_2():
    """FF-CON-1 (pass, trails), FF-TRN-1 (done) and FF-FIN-2 (process: a round-4 processing
    step) are single words."""
    state = game()
    assert state._parse_structural("pass") == A_PASS
    assert state._parse_structural("trails") == A_TRAILS
    assert state._parse_structural("done") == A_DONE
    assert state._parse_structural("process") == A_PROCESS


def test_trail_upgrade_and_move_read_their_cells_and_shape_FF_TRL_7_FF_TRL_4_FF_TRN_1():
    """FF-TRL-7 (a new trail: shape and cell), FF-TRL-4 (an upgrade to a T), FF-TRN-1 (a move:
    goods, source cell, destination cell)."""
    state = game()
    assert state._parse_structural("trail NS 0,1") == Action(TRAIL, cell(0, 1), parse_shape("NS"))
    assert state._parse_structural("upgrade NEW -2,3") == Action(UPGRADE, cell(-2, 3), parse_shape("NEW"))
    assert state._parse_structural("move coal 0,2>-1,4") == Action(MOVE, 3, cell(0, 2), cell(-1, 4))


def test_every_legal_action_reads_back_from_its_notation_FF_CON_1_FF_TRN_1():
    """Every verb (build, place, trail, upgrade, pay, haul, keep, choose, move and the simple
    ones) reads back, through the structural reader itself, as exactly the action it names: over
    every legal action of random 1-4 player games, expert seats included."""
    seen: set[int] = set()
    tables = ({"players": 1}, {"players": 2}, {"players": 3, "expert": [1]}, {"players": 4})
    for seed, kw in enumerate(tables):
        state = acreage.new_game("foxglove", seed=seed, **kw)
        rng = random.Random(seed)
        while not state.is_terminal:
            for action in state.legal_actions():
                read = state._parse_structural(str(action))
                if action.kind == BUILD:  # the A and B Charcoal Kilns share a name (never both
                    # on display, FF-DSP-6): the reader names the tile, the legal action picks it
                    assert TILES[read.a].name == TILES[action.a].name
                    assert read.kind == BUILD and state.parse_action(str(action)) == action
                else:
                    assert read == action, str(action)
                seen.add(action.kind)
            state.apply(rng.choice(state.legal_actions()))
    assert {BUILD, PLACE, PAY, KEEP, TRAIL, MOVE} <= seen  # the verbs this test is for
    # Hauls and choices need rarer tiles: their spellings are checked on their own.
    state = game()
    assert state._parse_structural("haul coal 1,0") == Action(HAUL, 3, cell(1, 0))
    assert state._parse_structural("pay stone 0,0") == Action(PAY, 1, cell(0, 0))
    assert state._parse_structural("choose sheep") == Action(CHOOSE, 4)
    assert state._parse_structural("keep wheat") == Action(KEEP, 2)


def _refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state._parse_structural(text)
    return str(info.value)


def test_malformed_notation_is_refused_with_what_is_wrong():
    """Each way a text can fail to be an action is a named refusal saying what is wrong: nothing
    typed, a verb without its arguments, an unknown tile, an upgrade that is not a T-junction, a
    bad cell, an unknown verb (even one shaped like a move)."""
    state = game()
    assert _refusal(state, "").startswith("empty action; type a move such as 'pass'")
    assert _refusal(state, "place").startswith("cannot read 'place'; actions look like: pass | trails")
    assert _refusal(state, "build Nonesuch") == "there is no tile called 'Nonesuch'"
    assert _refusal(state, "upgrade NS 0,1").startswith("an upgrade makes a T-junction: give three openings")
    assert "zz" in _refusal(state, "place zz")
    assert _refusal(state, "eat wheat").startswith("cannot read 'eat wheat'")
    assert _refusal(state, "carry coal 0,2>1,1").startswith("cannot read 'carry coal 0,2>1,1'")
    assert "move wood x,y>x,y" in _refusal(state, "carry coal 0,2>1,1")


def test_trail_shapes_that_are_not_shapes_are_refused_with_the_reason_FF_TRL_7():
    """FF-TRL-7: a trail opens on two or three sides, named by the letters N, E, S, W."""
    with pytest.raises(ValueError, match="is not a trail shape \\(use letters N, E, S, W"):
        parse_shape("NX")
    with pytest.raises(ValueError, match="is not a trail shape: a trail opens on 2 or 3 sides"):
        parse_shape("N")
    assert parse_shape("WN") == parse_shape("NW")


def test_refusals_of_notation_and_ids_say_exactly_what_is_wrong_FF_CON_1_FF_TRN_1():
    """The words of each refusal, whole: what was typed or asked, the seat, the cell and the
    action that names it, and the forms an action takes; a move with two arrows names the part
    that is not a cell. After the end no action has an id."""
    state = game()
    assert _refusal(state, "") == "empty action; type a move such as 'pass' or 'build Sheepfold'"
    assert _refusal(state, "place") == (
        "cannot read 'place'; actions look like: pass | trails | done | process | build <tile> | "
        "place x,y | trail NS x,y | upgrade NEW x,y | pay wood x,y | keep wood | choose sheep | "
        "haul coal x,y | move wood x,y>x,y")
    assert _refusal(state, "move wood 0,1>1,1>2,2") == (
        "'1,1>2,2' is not a cell; write x,y such as 0,1 or -2,3")
    home, empty = cell_of(0, 0), cell_of(5, 5)
    for action, words in (
        (Action(PAY, 0, empty), "pay wood 5,5"),
        (Action(HAUL, 1, empty), "haul stone 5,5"),
        (Action(MOVE, 0, empty, home), "move wood 5,5>0,0"),
        (Action(MOVE, 0, home, empty), "move wood 0,0>5,5"),
    ):
        with pytest.raises(IllegalAction) as refused:
            state._action_id(action)
        assert str(refused.value) == f"there is no building of seat 0 at 5,5 ({words})"
    over = acreage.new_game("foxglove", players=1, seed=2, move_cap=2)
    rng = random.Random(2)
    while not over.is_terminal:
        over.apply(rng.choice(over.legal_actions()))
    with pytest.raises(IllegalAction) as refused:
        over._action_id(Action(PLACE, home))
    assert str(refused.value) == "the game is over: no action has an id"
