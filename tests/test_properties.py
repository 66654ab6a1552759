"""Property tests over random Foxglove Farm games (hypothesis).

Every test draws a game configuration (1–4 players, a seed — integer or string — expert seats,
``advanced_tiles``, ``solo_setup``, a start player and a small ``move_cap``) and a way of
playing: a list of choice indices used first, then a seeded ``random.Random``, optionally
biased towards acting (never passing or finishing while something else is legal) so that
games reach full towns and long transport phases. The game is then played by choosing legal
actions by those indices, and the properties are checked at every step or at chosen steps.

A failure prints (through ``note``) the configuration and the actions played, which replay the
failing game exactly: ``acreage.new_game("foxglove", players=P, seed=S, **options)`` then
``state.apply(text)`` for each action.

Rule IDs refer to ``shared/rules/foxglove.md``.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, note, settings
from hypothesis import strategies as st

import acreage
from acreage import IllegalAction
from acreage.core import Rng
from acreage.games.foxglove import scenario
from acreage.games.foxglove.actions import (
    BUILD,
    CHOOSE,
    DONE,
    HAUL,
    KEEP,
    MOVE,
    PASS,
    PAY,
    PROCESS,
    TRAIL,
    UPGRADE,
    Action,
)
from acreage.games.foxglove.conservation import expected_tiles, tile_census
from acreage.games.foxglove.constants import CONSTRUCTION, FINAL, OVER, PRODUCTION, TRANSPORT
from acreage.games.foxglove.content import FOREST, MINE, TILES
from acreage.games.foxglove.geometry import SHAPES, TEES, cell_of, opposite, xy
from acreage.games.foxglove.goods import NUM_GOODS
from acreage.games.foxglove.rulings import AB_SPACES, C_SPACES

#: A random game (4 players, acting whenever possible) takes a few hundred decisions besides its
#: cube moves (at most ``move_cap`` per seat and round, plus hauling); a game that runs past
#: this many decisions plus those moves is taken to be stuck (FF-TRN-11: every game ends).
MAX_STEPS = 3000


def step_limit(state) -> int:
    return MAX_STEPS + 4 * state.num_players * (state.options["move_cap"] + 8)

COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: ACREAGE_PROPERTY_SCALE=10 runs ten times as many examples (a longer bug hunt).
SCALE = float(os.environ.get("ACREAGE_PROPERTY_SCALE", "1"))


def examples(n: int) -> int:
    return max(1, int(n * SCALE))


# HYPOTHESIS_PROFILE=noshrink reports the first failure found without shrinking it (for debugging).
settings.register_profile("noshrink", phases=[Phase.explicit, Phase.reuse, Phase.generate])
if os.environ.get("HYPOTHESIS_PROFILE") == "noshrink":
    settings.load_profile("noshrink")


# --------------------------------------------------------------------------- strategies
@dataclass
class Setup:
    players: int
    seed: Any
    options: dict[str, Any]

    def new(self):
        return acreage.new_game("foxglove", players=self.players, seed=self.seed, **self.options)


@st.composite
def setups(draw, min_cap: int = 3, max_cap: int = 10) -> Setup:
    players = draw(st.integers(1, 4))
    seed = draw(st.one_of(st.integers(0, 2**64 - 1), st.text("abcdefxyz0123456789 -", max_size=8)))
    options: dict[str, Any] = {
        "move_cap": draw(st.integers(min_cap, max_cap)),
        "advanced_tiles": draw(st.booleans()),
    }
    expert = draw(st.sets(st.integers(0, players - 1)))
    if expert:
        options["expert"] = sorted(expert)
    if players == 1:
        options["solo_setup"] = draw(st.integers(1, 6))
    start = draw(st.none() | st.integers(0, players - 1))
    if start is not None:
        options["start_player"] = start
    return Setup(players, seed, options)


@dataclass
class Chooser:
    """Chooses among the legal actions: by the drawn indices first, then by a seeded RNG."""

    play_seed: int
    picks: list[int]
    bias: bool
    step: int = 0
    played: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.play_seed)

    def __call__(self, legal: list[Action]) -> Action:
        cands = legal
        if self.bias:  # act while anything else is legal: fuller towns, longer transports
            cands = [a for a in legal if a.kind not in (PASS, DONE)] or legal
        if self.step < len(self.picks):
            action = cands[self.picks[self.step] % len(cands)]
        else:
            action = cands[self.rng.randrange(len(cands))]
        self.step += 1
        self.played.append(str(action))
        return action


choosers = st.builds(
    Chooser,
    play_seed=st.integers(0, 2**32 - 1),
    picks=st.lists(st.integers(0, 2**16), max_size=30),
    bias=st.booleans(),
)


def describe(setup: Setup, chooser: Chooser) -> None:
    note(f"players={setup.players} seed={setup.seed!r} options={setup.options}")
    note(f"actions ({len(chooser.played)}): {chooser.played}")


def play_out(state, chooser: Chooser, on_step=None, apply=None, setup: Setup | None = None) -> list[Action]:
    """Play ``state`` to the end; ``on_step(state, action)`` runs before each action and
    ``apply(state, action)``, when given, plays it (and checks what it likes around it).
    On a failure the configuration and the actions so far are noted for the report."""
    try:
        return _play_out(state, chooser, on_step, apply)
    except BaseException:
        if setup is not None:
            describe(setup, chooser)
        raise


def _play_out(state, chooser: Chooser, on_step, apply) -> list[Action]:
    actions = []
    limit = step_limit(state)
    for _ in range(limit):
        if state.is_terminal:
            return actions
        legal = state.legal_actions()
        assert legal, f"no legal action in a position that is not over: {state.describe_decision()}"
        action = chooser(legal)
        if on_step is not None:
            on_step(state, action)
        if apply is not None:
            apply(state, action)
        else:
            state.apply(action)
        actions.append(action)
    raise AssertionError(f"the game did not end within {limit} decisions (FF-TRN-11)")


# --------------------------------------------------------------------------- invariants
# ``expected_tiles`` counts from the content data (FF-SET-2, FF-SET-9, FF-SOLO-4/5) and
# ``tile_census`` looks in every place a tile can be; play must keep the two equal.
def check_invariants(state, expected: Counter) -> None:
    n = state.num_players
    # FF-SET-2/9, FF-SOLO-4/5: every building tile is in exactly one place, none is lost or doubled.
    assert tile_census(state) == expected
    assert all(TILES[t].tier == tier for tier, stack in zip("ABC", state.stacks, strict=True) for t in stack)
    # FF-END-8: scores are never negative.
    assert len(state.points) == n and all(p >= 0 for p in state.points)
    for s in range(n):
        kinds, bcell = state.building_tiles[s], state.building_cells[s]
        cells, cubes = state.cells[s], state.cubes[s]
        # FF-SET-7, FF-CON-13: the starting tile stays where it is.
        assert kinds[:2] == [FOREST.id, MINE.id]
        assert bcell[:2] == [cell_of(0, 0), cell_of(1, 0)]
        assert all(TILES[t].tier != "start" for t in kinds[2:])
        assert len(bcell) == len(kinds) and len(cubes) == NUM_GOODS * len(kinds)
        # One tile per cell (FF-SET-6); building codes and cells agree; trails are real shapes.
        buildings = {cell: code for cell, code in cells.items() if code >= 0}
        assert buildings == {cell: b for b, cell in enumerate(bcell)}
        trails = [-code for code in cells.values() if code < 0]
        assert all(mask in SHAPES for mask in trails)  # FF-TRL-1
        assert state.trails_laid[s] == len(trails)
        # Cubes never negative; no building holds more than its slots (FF-SET-5, FF-PRD-3).
        assert all(c >= 0 for c in cubes)
        for b, tid in enumerate(kinds):
            assert sum(cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]) <= TILES[tid].slots, TILES[tid].name
    # The display (FF-SET-13/14, FF-DSP-3..6, FF-RND-9..12, FF-SOLO-2).
    n_ab = AB_SPACES[n]
    assert len(state.display) == n_ab + C_SPACES
    tops = [sp[-1] for sp in state.display if sp]
    assert len(tops) == len(set(tops)), "the same tile shows in two display spaces"
    ab_tier = "A" if state.round <= 2 else "B"
    for i, space in enumerate(state.display):
        assert len(set(space)) <= 1, "a display stack mixes different tiles"
        tier = "C" if i >= n_ab else ab_tier
        assert all(TILES[t].tier == tier for t in space)
    pending_refill = any(f.kind in ("refill", "solo_refresh") for f in state.frames)
    if not pending_refill and state.phase != OVER:
        for lo, hi, tier in ((0, n_ab, ab_tier), (n_ab, n_ab + C_SPACES, "C")):
            if state.stacks["ABC".index(tier)]:  # FF-DSP-5: spaces stay occupied while the stack lasts
                assert all(state.display[lo:hi]), f"an empty {tier} space with tiles left in the stack"
    # FF-TRN-11: the move cap.
    assert 0 <= state.moves_left <= state.options["move_cap"] or state.phase not in (TRANSPORT, FINAL)
    # FF-CON-3: a seat that passed gets no more construction turns this round.
    if state.phase == CONSTRUCTION and not state.frames:
        assert not state.passed[state.current_player]


def neighbours(cell: int) -> list[tuple[int, int]]:
    """(direction, cell) of the four orthogonal neighbours: N=1 is y+1, E=2 x+1, S=4, W=8."""
    x, y = xy(cell)
    return [(1, cell_of(x, y + 1)), (2, cell_of(x + 1, y)), (4, cell_of(x, y - 1)), (8, cell_of(x - 1, y))]


def totals(state, seat: int) -> list[int]:
    cubes = state.cubes[seat]
    return [sum(cubes[g::NUM_GOODS]) for g in range(NUM_GOODS)]


def live_openings(cells: dict[int, int], cell: int) -> int:
    mask = -cells[cell]
    live = 0
    for d, nb in neighbours(cell):
        if mask & d and nb in cells and (cells[nb] >= 0 or (-cells[nb]) & opposite(d)):
            live |= d
    return live


def check_town_change(old: dict[int, int], new: dict[int, int]) -> None:
    """A town only grows, one adjacent tile at a time (FF-CON-8/9/13, FF-TRL-4/7/8/11)."""
    for cell, code in old.items():
        assert cell in new, "a tile left the town"
        if code >= 0 or new[cell] == code:
            assert new[cell] == code, "a building moved"
            continue
        # An upgrade: a straight or curve becomes a T keeping every live opening.
        assert new[cell] < 0 and -new[cell] in TEES and -code not in TEES
        live = live_openings(old, cell)
        assert (-new[cell]) & live == live, "an upgrade cut off a live connection"
    added = [cell for cell in new if cell not in old]
    assert len(added) <= 1
    for cell in added:
        assert any(nb in old for _, nb in neighbours(cell)), "a tile placed away from the town"
        if new[cell] < 0:  # FF-TRL-8: open toward every neighbouring trail that opens here
            for d, nb in neighbours(cell):
                if nb in old and old[nb] < 0 and (-old[nb]) & opposite(d):
                    assert (-new[cell]) & d, "a new trail cut off a neighbouring trail"


def check_legal_actions(state, legal: list[Action], n_ids: int) -> None:
    """Notation and ids of every legal action (core contract: 'Actions and ids')."""
    assert state.num_distinct_actions == n_ids, "num_distinct_actions changed during the game"
    assert len(set(legal)) == len(legal), "a legal action is listed twice"
    texts = {}
    ids = []
    for a in legal:
        text = str(a)
        key = " ".join(text.lower().split())
        assert key not in texts, f"two legal actions share the notation {text!r}"
        texts[key] = a
        i = state.action_id(a)
        assert 0 <= i < n_ids
        assert state.action_from_id(i) == a
        ids.append(i)
        if a.kind == MOVE and state.phase in (TRANSPORT, FINAL) and not state.frames:
            seat = state.current_player
            dst = state.cells[seat][a.c]
            assert TILES[state.building_tiles[seat][dst]].accepts_goods(a.a)  # FF-TRN-4
            assert a.b != a.c
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    mask = state.legal_action_mask()
    assert len(mask) == n_ids
    assert [i for i, m in enumerate(mask) if m] == sorted(ids)
    assert state.legal_action_ids() == sorted(ids)


# --------------------------------------------------------------------------- the properties
@settings(max_examples=examples(100), **COMMON)
@given(setup=setups(), chooser=choosers)
def test_invariants_hold_every_step_FF_SET_2_FF_SET_5_FF_PRD_3_FF_TRN_9_FF_DSP_5_FF_CON_8(setup, chooser):
    # Checks FF-SET-5, FF-DSP-5, FF-CON-8.
    """Tile conservation, cube limits, town growth and cube bookkeeping at every step.

    FF-SET-2/5/6/7/9/13/14, FF-SOLO-4/5, FF-PRD-3, FF-DSP-3..6, FF-CON-3/8/9/13, FF-TRL-4/7/8/11,
    FF-TRN-1/4/9/11, FF-EFX-22/24, FF-RND-2/6/12, FF-END-8.
    """
    state = setup.new()
    expected = expected_tiles(state)
    check_invariants(state, expected)

    def step(state, action):
        actor = state.current_player
        key = (state.round, state.phase, state.stage_index)
        top = state.frames[-1] if state.frames else None
        in_tstart = bool(top) and top.kind == "tstart"
        cubes = [c[:] for c in state.cubes]
        points = state.points[:]
        cells = [dict(c) for c in state.cells]
        moves_left = state.moves_left
        state.apply(action)
        check_invariants(state, expected)
        for s in range(state.num_players):
            check_town_change(cells[s], state.cells[s])
        if (state.round, state.phase, state.stage_index) != key:
            return  # automatic steps (production, processing, other seats' stages) ran too
        for s in range(state.num_players):  # FF-SET-6, FF-RND-2: towns are independent
            if s != actor:
                assert state.cubes[s] == cubes[s] and state.points[s] == points[s]
                assert state.cells[s] == cells[s]
        if action.kind in (MOVE, HAUL):  # FF-TRN-9, FF-EFX-22/24: moving never makes or loses cubes
            after = state.cubes[actor]
            assert totals(state, actor) == [sum(cubes[actor][g::NUM_GOODS]) for g in range(NUM_GOODS)]
            assert state.points[actor] == points[actor]
            if action.kind == MOVE:
                src = state.cells[actor][action.b] * NUM_GOODS + action.a
                dst = state.cells[actor][action.c] * NUM_GOODS + action.a
                assert after[src] == cubes[actor][src] - 1 and after[dst] == cubes[actor][dst] + 1
                if not in_tstart:  # FF-TRN-11: a transport move uses one move of the cap
                    assert state.moves_left == moves_left - 1
        if state.phase == CONSTRUCTION:
            # FF-RND-6, FF-CON-6/12: in construction the cubes already in a town only leave
            # (by payment); immediate goods land on the new tile only (the one being built, or
            # the one a keep/choose frame names).
            gaining = top.building if top and top.kind in ("keep", "choose") else None
            for b in range(len(cubes[actor]) // NUM_GOODS):
                if b != gaining:
                    lo, hi = b * NUM_GOODS, (b + 1) * NUM_GOODS
                    assert all(x <= y for x, y in zip(state.cubes[actor][lo:hi], cubes[actor][lo:hi],
                                                      strict=True)), f"building #{b} gained cubes"

    play_out(state, chooser, apply=step, setup=setup)
    describe(setup, chooser)
    assert state.round == 4 and state.phase == OVER  # FF-RND-1


def convertible(state, seat: int, skip_producers: bool = False) -> list[str]:
    """Buildings of ``seat`` on which some conversion could run now (read from the tile data)."""
    cubes = state.cubes[seat]
    out = []
    for b, tid in enumerate(state.building_tiles[seat]):
        kind = TILES[tid]
        if skip_producers and any(e.when == "production" for e in kind.effects):
            continue
        base = b * NUM_GOODS
        for eff in kind.effects:
            if eff.when != "processing":
                continue
            if eff.kind == "convert" and all(cubes[base + g] >= n for g, n in enumerate(eff.inputs)):
                out.append(kind.name)
            elif eff.kind == "convert_distinct":
                if sum(1 for g in range(NUM_GOODS) if cubes[base + g]) >= eff.count:
                    out.append(kind.name)
    return out


def _next_unpassed(state, first: int) -> int:
    n = state.num_players
    return next(s % n for s in range(first, first + n) if not state.passed[s % n])


@settings(max_examples=examples(60), **COMMON)
@given(setup=setups(), chooser=choosers)
def test_turns_costs_production_and_processing_follow_the_rules(setup, chooser):
    """Rules that show between two decisions, checked at every step:

    * FF-CON-2, FF-RND-8: construction turns go clockwise, skipping seats that passed, starting
      from the start player, who moves one seat to the left each round;
    * FF-CON-6/7, FF-TRL-2/3/4, FF-EFX-19/20: a build costs exactly its price (a Mason's Lodge may
      turn stone into wood), a trail 1 wood or stone (a T-junction 2, a Lean-to trail nothing), an
      upgrade 1;
    * FF-PRD-1/5: after each production the Forest and the Mine are full;
    * FF-RND-4, FF-END-8: within a round, scores only grow;
    * FF-PRC-1, FF-FIN-3/6/7: a processing step changes cubes; after each round's processing
      (and at the end) no conversion is left to run.
    """
    state = setup.new()
    n = setup.players
    pending: list[dict] = []  # a build, trail or upgrade chosen and not yet complete

    def after_production(state):
        for s in range(n):
            for b in (0, 1):  # Forest and Mine (FF-PRD-5)
                load = sum(state.cubes[s][b * NUM_GOODS:(b + 1) * NUM_GOODS])
                assert load == TILES[state.building_tiles[s][b]].slots, f"seat {s}: building #{b} not full"

    after_production(state)
    assert state.current_player == _next_unpassed(state, state.start_player) or state.frames

    def step(state, action):
        actor = state.current_player
        phase, rnd, start = state.phase, state.round, state.start_player
        before_totals = totals(state, actor)
        before_cubes = state.cubes[actor][:]
        points = state.points[:]
        kinds_before = len(state.building_tiles[actor])
        free_before, subs_before = state.free_trails[actor], state.wood_for_stone_left[actor]
        if phase == CONSTRUCTION and action.kind in (BUILD, TRAIL, UPGRADE):
            pending[:] = [dict(kind=action.kind, action=action, totals=before_totals, free=free_before,
                               subs=subs_before)]
        state.apply(action)

        if state.round != rnd:  # a new round began: processing of every seat, then production
            assert state.start_player == (start + 1) % n  # FF-RND-8
            for s in range(n):
                assert not convertible(state, s, skip_producers=True), f"seat {s} left a conversion"
            after_production(state)
            if state.phase == CONSTRUCTION and not state.frames:
                assert state.current_player == _next_unpassed(state, state.start_player)
            pending.clear()
            return
        assert all(p >= q for p, q in zip(state.points, points, strict=True)), "a score went down"
        if state.phase == OVER:
            for s in range(n):
                assert not convertible(state, s), f"seat {s} ended the game with a conversion left"
            return
        if action.kind == PROCESS:  # FF-FIN-3/7: offered only when a conversion can run
            assert state.cubes[actor] != before_cubes
        if phase != CONSTRUCTION or state.phase != CONSTRUCTION:
            if phase == PRODUCTION and state.phase == CONSTRUCTION and not state.frames:
                assert state.current_player == _next_unpassed(state, state.start_player)
            pending.clear()
            return
        # Still in construction: costs of what completed in this step.
        if pending:
            job = pending[0]
            spent = [x - y for x, y in zip(job["totals"], totals(state, actor), strict=True)]
            done = False
            if job["kind"] == BUILD and len(state.building_tiles[actor]) > kinds_before:
                done = True
                new = state.cubes[actor][-NUM_GOODS:]  # immediate goods on the new tile
                spent = [x + y for x, y in zip(spent, new, strict=True)]
                cost = TILES[job["action"].a].cost
                assert spent[2:] == list(cost[2:]), f"build paid {spent}, costs {cost}"
                swapped = spent[0] - cost[0]  # wood paid instead of stone (Mason's Lodge)
                assert spent[1] == cost[1] - swapped and 0 <= swapped <= job["subs"], (spent, cost)
            elif job["kind"] == TRAIL and job["action"].a in state.cells[actor]:
                done = True
                tee = job["action"].b in TEES
                cost = 2 if tee else (0 if job["free"] > 0 else 1)
                assert spent[2:] == [0, 0, 0] and spent[0] + spent[1] == cost, (spent, cost)
                assert min(spent[:2]) >= 0
                if cost == 0:
                    assert state.free_trails[actor] == job["free"] - 1
            elif job["kind"] == UPGRADE and state.cells[actor][job["action"].a] in [-t for t in TEES]:
                done = True
                assert spent[2:] == [0, 0, 0] and spent[0] + spent[1] == 1 and min(spent[:2]) >= 0
            if done:
                pending.clear()
        if not state.frames:  # the actor's turn is over (FF-CON-2)
            assert not any(f for f in pending)
            assert state.current_player == _next_unpassed(state, actor + 1)

    play_out(state, chooser, apply=step, setup=setup)


@settings(max_examples=examples(40), **COMMON)
@given(setup=setups(), chooser=choosers)
def test_notation_and_ids_round_trip_every_step(setup, chooser):
    """Every legal action applies; ``parse_action(str(a)) == a``,
    ``action_from_id(action_id(a)) == a``, the mask marks exactly the legal ids, all ids are below
    ``num_distinct_actions``, which is fixed for the configuration (core contract: 'Actions and
    ids'); no two legal actions share a notation or an id; moves only go to buildings that accept
    the goods (FF-TRN-4)."""
    state = setup.new()
    n_ids = state.num_distinct_actions
    assert n_ids == setup.new().num_distinct_actions > 0
    sample = random.Random(chooser.play_seed)
    counter = [0]

    def step(state, action):
        legal = state.legal_actions()
        check_legal_actions(state, legal, n_ids)
        # Every legal action applies without error (all of them every 25th step, else a sample),
        # and the id of an action played through apply_id does the same as the action.
        counter[0] += 1
        for a in legal if counter[0] % 25 == 0 else sample.sample(legal, min(3, len(legal))):
            by_action, by_id = state.clone(), state.clone()
            by_action.apply(a)
            by_id.apply_id(state.action_id(a))
            assert by_id.history == by_action.history and by_id.cubes == by_action.cubes
        # legal_actions() is a fresh list each call.
        legal.clear()
        assert state.legal_actions()
        for a in sample.sample(state.legal_actions(), min(3, len(state.legal_actions()))) + [action]:
            text = str(a)
            assert state.parse_action(text) == a
            assert state.parse_action("  " + text.upper().replace(" ", "   ") + " ") == a
        assert state.parse_action(str(action)) == action

    play_out(state, chooser, step, setup=setup)
    assert state.legal_actions() == [] and state.current_player is None
    assert state.legal_action_mask() == [False] * n_ids


#: Notation words to build random action texts from (many are malformed on purpose).
_WORDS = (
    "pass", "trails", "done", "process", "build", "place", "trail", "upgrade", "pay", "keep", "choose",
    "haul", "move", "wood", "stone", "wheat", "coal", "sheep", "gold", "0,0", "1,0", "0,1", "-1,0",
    "0,-1", "2,1", "12,12", "13,0", "x,y", "0,0>1,0", "0,0>0,2", "1,0>", ">", "NS", "EW", "NE", "NEW",
    "NESW", "NN", "Sheepfold", "Charcoal Kiln", "Ranch", "Hauler's Hut", "Nowhere", "",
)
action_texts = st.one_of(
    st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join),
    st.text(max_size=20),
)


@settings(max_examples=examples(60), **COMMON)
@given(
    setup=setups(),
    chooser=choosers,
    probe_ids=st.lists(st.integers(0, 2**32), min_size=1, max_size=6),
    probe_texts=st.lists(action_texts, min_size=1, max_size=4),
)
def test_illegal_actions_raise_and_leave_the_state_unchanged(setup, chooser, probe_ids, probe_texts):
    """Actions legal elsewhere, random ids and random texts either are legal now or raise
    ``IllegalAction`` and leave ``to_json()`` exactly as it was (core contract: 'Playing')."""
    state = setup.new()
    seen: list[Action] = []  # actions that were legal in some earlier position of this game
    seen_set: set[Action] = set()
    sample = random.Random(chooser.play_seed)

    tried: list[str] = []

    def refuse(state, attempt, what) -> None:
        tried.append(what)
        try:
            attempt()
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{what} was accepted in: {state.describe_decision()}")

    def step(state, action):
        before = state.to_json()
        tried.clear()
        legal = set(state.legal_actions())
        texts = {str(a) for a in legal}
        others = [a for a in seen if a not in legal]
        for a in sample.sample(others, min(4, len(others))):
            refuse(state, lambda a=a: state.apply(a), f"{a} (legal earlier)")
            if str(a) not in texts:  # the A and B Charcoal Kilns share their notation
                refuse(state, lambda a=a: state.apply(str(a)), f"{str(a)!r} (legal earlier)")
        n_ids = state.num_distinct_actions
        for raw in probe_ids:
            i = raw % (n_ids + 10) - 5  # a few out of range on both sides
            try:
                a = state.action_from_id(i)
            except IllegalAction:
                continue
            if a not in legal:
                refuse(state, lambda i=i: state.apply_id(i), f"id {i} ({a})")
        for text in probe_texts:
            try:
                a = state.parse_action(text)
            except IllegalAction:
                continue
            assert a in legal
        refuse(state, lambda: state.apply(None), "None")
        refuse(state, lambda: state.apply(Action(99)), "Action(99)")
        assert state.to_json() == before, f"refusing one of {tried} changed the state"
        assert set(state.legal_actions()) == legal
        for a in legal:
            if a not in seen_set:
                seen_set.add(a)
                seen.append(a)

    play_out(state, chooser, step, setup=setup)
    final = state.to_json()
    refuse(state, lambda: state.apply(seen[0]), f"{seen[0]} after the end")  # nothing is legal now
    refuse(state, lambda: state.apply("pass"), "'pass' after the end")
    assert state.to_json() == final


#: Frames the engine runs by itself; they can sit under a pending decision (a keep or choose
#: after a build, production keeps before construction begins).
_AUTO_FRAMES = ("begin_construction", "refill", "solo_refresh", "end_turn")


@settings(max_examples=examples(35), **COMMON)
@given(setup=setups(), chooser=choosers, cut=st.floats(0, 1))
def test_same_seed_and_actions_give_the_same_game_and_records_round_trip(setup, chooser, cut):
    """Determinism (FF-SET-8, FF-SET-12: all randomness comes from the seed), records
    (``replay(record())``, also through JSON text, and ``upto``) and snapshots
    (``load_state(to_json())``, where the engine accepts its own snapshot — see the xfail below)."""
    state = setup.new()
    twin = setup.new()
    assert twin.to_json() == state.to_json()

    def step(state, action):
        # Same seed + same actions → the same game, step by step (history included).
        assert twin.to_json() == state.to_json()
        twin.apply(action)

    actions = play_out(state, chooser, step, setup=setup)
    final = state.to_json()
    assert twin.to_json() == final
    assert json.loads(json.dumps(final)) == final

    k = int(cut * len(actions))
    again = setup.new()
    for a in actions[:k]:
        again.apply(a)
    middle = again.to_json()

    # A snapshot (through JSON text) loads to the same position, which plays on identically.
    if not any(f.kind in _AUTO_FRAMES for f in again.frames):
        loaded = acreage.load_state(json.loads(json.dumps(middle)))
        assert loaded.to_json() == middle
        assert loaded.legal_actions() == again.legal_actions()
        assert loaded.current_player == again.current_player
        for a in actions[k:]:
            loaded.apply(a)
        assert loaded.to_json() == final
    assert acreage.load_state(final).to_json() == final
    assert acreage.load_state(setup.new().to_json()).to_json() == setup.new().to_json()

    # A record replays to the same position, history included; ``upto`` stops early.
    record = state.record()
    assert record["actions"] == [str(a) for a in actions]
    assert acreage.replay(record).to_json() == final
    assert acreage.replay(json.loads(json.dumps(record))).to_json() == final
    assert acreage.replay(record, upto=k).to_json() == middle




@settings(max_examples=examples(30), **COMMON)
@given(setup=setups(), chooser=choosers, cut=st.floats(0, 1))
@example(
    setup=Setup(2, 10723151780598845931, {"move_cap": 4, "advanced_tiles": False}),
    chooser=Chooser(play_seed=0, picks=[], bias=False),
    cut=0.0,
)
def test_every_snapshot_loads_back(setup, chooser, cut):
    """``load_state(to_json())`` gives back the same position at every step, with the same
    legal actions, and the loaded state plays on to the same end (docs/records.md)."""
    state = setup.new()
    snapshots = []

    def step(state, action):
        snap = state.to_json()
        loaded = acreage.load_state(json.loads(json.dumps(snap)))
        assert loaded.to_json() == snap
        assert loaded.legal_actions() == state.legal_actions()
        snapshots.append(snap)

    actions = play_out(state, chooser, step, setup=setup)
    k = int(cut * len(actions))
    loaded = acreage.load_state(snapshots[k]) if k < len(snapshots) else acreage.load_state(state.to_json())
    for a in actions[k:]:
        loaded.apply(a)
    assert loaded.to_json() == state.to_json()


def _production_keep_position():
    """Round 2 production: a Scrapyard with one free slot is offered 1 wood + 1 stone
    (FF-PRD-4); frames = [begin_construction, keep]."""
    state = scenario.fresh(players=2, seed=0)
    scenario.clear_town(state, 0)
    scenario.add_building(state, 0, "Scrapyard", (0, 1), wood=1)
    scenario.start_round(state, 2)
    return state


def _emporium_choose_position():
    """Solo, round 3: the Emporium was just built and paid for; its goods type is to be chosen
    (FF-EFX-9); frames = [end_turn, solo_refresh, choose]."""
    state = scenario.fresh(players=1, seed=0)
    scenario.goto_construction(state, 0, round=3)
    scenario.set_display(state, ab=["Emporium"])
    scenario.set_cubes(state, 0, (0, 0), wood=5)
    scenario.set_cubes(state, 0, (1, 0), stone=3)
    scenario.play(state, "build Emporium", "place 0,1")
    while state.legal_actions()[0].kind == PAY:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("position", [_production_keep_position, _emporium_choose_position])
def test_snapshot_under_a_pending_keep_or_choose_loads_back(position):
    state = position()
    scenario.conserve_tiles(state)  # the position was built by hand
    assert {a.kind for a in state.legal_actions()} <= {KEEP, CHOOSE}
    assert acreage.load_state(state.to_json()).to_json() == state.to_json()


# Attributes that are shared on purpose: ``_topologies`` holds Topology objects, documented as
# immutable and shared by clones until a town changes (topology.py); ``_legal`` is the cached
# legal-action list, replaced (never changed in place) on every apply. ``options`` is copied.
_SHARED_BY_DESIGN = {"_legal"}


def _mutable_objects(obj, path: str, out: dict[int, str]) -> None:
    """Record id → path for every mutable object reachable from ``obj``."""
    if isinstance(obj, (int, float, str, bytes, bool, type(None), frozenset, range)):
        return
    if isinstance(obj, tuple):
        for i, x in enumerate(obj):
            _mutable_objects(x, f"{path}[{i}]", out)
        return
    out[id(obj)] = path
    if isinstance(obj, dict):
        for key, x in obj.items():
            _mutable_objects(x, f"{path}[{key!r}]", out)
    elif isinstance(obj, (list, set)):
        for i, x in enumerate(obj):
            _mutable_objects(x, f"{path}[{i}]", out)
    elif hasattr(obj, "__slots__"):
        for name in obj.__slots__:
            _mutable_objects(getattr(obj, name, None), f"{path}.{name}", out)
    elif hasattr(obj, "__dict__"):
        for name, x in vars(obj).items():
            _mutable_objects(x, f"{path}.{name}", out)


def _state_objects(state) -> dict[int, str]:
    out: dict[int, str] = {}
    for name, value in vars(state).items():
        if name in _SHARED_BY_DESIGN:
            continue
        if name == "_topologies":
            out[id(value)] = name  # the list is the state's own; its Topology items are shared
            continue
        _mutable_objects(value, name, out)
    return out


@settings(max_examples=examples(30), **COMMON)
@given(setup=setups(), chooser=choosers, at=st.lists(st.floats(0, 1), min_size=1, max_size=3))
def test_clones_are_independent(setup, chooser, at):
    """A clone shares no mutable object with its original (apart from documented caches);
    playing on either never changes the other, and both play on identically (core contract)."""
    actions = play_out(setup.new(), chooser, setup=setup)
    for where in sorted(at):
        k = int(where * len(actions))
        note(f"clone after {k} actions")
        state = setup.new()
        for a in actions[:k]:
            state.apply(a)
        state.legal_actions()  # fill the caches, as a search does before cloning
        before = state.to_json()
        clone = state.clone()
        assert set(vars(clone)) == set(vars(state))
        assert clone.to_json() == before
        shared = set(_state_objects(state)) & set(_state_objects(clone))
        paths = _state_objects(state)
        assert not shared, f"clone shares mutable objects: {sorted(paths[i] for i in shared)}"
        # Play the rest on the clone: the original does not move.
        for a in actions[k:]:
            clone.apply(a)
        assert state.to_json() == before
        # And the original plays on to the same end, leaving the finished clone alone.
        end = clone.to_json()
        for a in actions[k:]:
            state.apply(a)
        assert state.to_json() == end
        assert clone.to_json() == end
        # Direct changes to a clone's containers do not reach the original either.
        again = state.clone()
        snap = state.to_json()
        again.cubes[0][0] += 1
        again.stacks[0].append(again.stacks[0][0] if again.stacks[0] else 2)
        again.display[0].append(2)
        again.cells[0][cell_of(5, 5)] = -SHAPES[0]
        again.building_tiles[0].append(2)
        again.points[0] += 1
        again.history.append(Action(PASS))
        again.rng.next64()
        assert state.to_json() == snap


def test_clone_does_not_share_the_options_dict():
    state = acreage.new_game("foxglove", players=2, seed=1, move_cap=5)
    clone = state.clone()
    clone.options["move_cap"] = 99
    assert state.options["move_cap"] == 5


def searcher_rng(seed: int, seat: int):
    """Searches pass an acreage Rng or a random.Random; both are accepted."""
    return Rng(seed) if seat % 2 else random.Random(seed)


@settings(max_examples=examples(25), **COMMON)
@given(setup=setups(), chooser=choosers, rng_seed=st.integers(0, 2**64 - 1), every=st.integers(2, 15))
def test_observation_hides_stack_order_and_determinize_keeps_public_facts_FF_SET_8(
    setup, chooser, rng_seed, every
):
    """Nobody sees the order of a stack (FF-SET-8): re-shuffling the stacks (``determinize``)
    changes no observation, keeps the multiset of each stack and every public fact, and gives a
    state that plays on legally; the original is untouched."""
    state = setup.new()
    counter = [0]

    def step(state, action):
        counter[0] += 1
        if counter[0] % every:
            return
        before = state.to_json()
        legal = state.legal_actions()
        for seat in range(state.num_players):
            obs = state.observation(seat)
            assert json.loads(json.dumps(obs)) == obs  # plain JSON-ready data
            text = json.dumps(obs)
            assert "stacks" not in obs
            det = state.determinize(seat, searcher_rng(rng_seed + seat, seat))
            assert det.observation(seat) == obs
            assert json.dumps(det.observation(seat)) == text
            a, b = det.to_json()["state"], before["state"]
            for tier in "ABC":
                assert sorted(a["stacks"][tier]) == sorted(b["stacks"][tier])
            for key in ("towns", "display", "removed", "scores", "round", "phase", "frames", "history",
                        "passed", "turn", "order", "stage_idx", "moves_left", "start_player", "options"):
                assert a[key] == b[key], key
            assert det.legal_actions() == legal
            assert a["rng"] != b["rng"]  # the game's own generator is re-seeded too
            again = state.determinize(seat, searcher_rng(rng_seed + seat, seat))
            assert again.to_json() == det.to_json()  # the searcher's generator decides everything
            assert state.to_json() == before
        # A hand shuffle of every stack is invisible too.
        shuffled = state.clone()
        for stack in shuffled.stacks:
            random.Random(rng_seed).shuffle(stack)
        for seat in range(state.num_players):
            assert shuffled.observation(seat) == state.observation(seat)
        # The determinized state is a real position: it plays on (here: 20 random decisions).
        det = state.determinize(state.current_player, Rng(rng_seed))
        rng = random.Random(rng_seed)
        for _ in range(20):
            if det.is_terminal:
                break
            det.apply(rng.choice(det.legal_actions()))
        assert state.to_json() == before

    play_out(state, chooser, step, setup=setup)


_CONNECTORS = {t.id for t in TILES if any(e.kind == "connector" for e in t.effects)}


def _joined(cells: dict[int, int], kinds: list[int], a: int, d: int, b: int) -> bool:
    """FF-TRL-13, FF-EFX-25: whether neighbouring cells ``a`` and ``b`` (``b`` in direction
    ``d`` of ``a``) are joined — written from the rules, independently of the engine."""
    ca, cb = cells[a], cells[b]
    if ca < 0 and cb < 0:
        return bool((-ca) & d) and bool((-cb) & opposite(d))
    if ca < 0:
        return bool((-ca) & d)
    if cb < 0:
        return bool((-cb) & opposite(d))
    return kinds[ca] in _CONNECTORS or kinds[cb] in _CONNECTORS


def expected_moves(state, seat: int) -> set[Action]:
    """Every single-cube move the rules allow now (FF-TRN-1..7, FF-EFX-4, FF-EFX-25)."""
    cells, kinds, cubes = state.cells[seat], state.building_tiles[seat], state.cubes[seat]
    expert = seat in state.options.get("expert", ())
    out = set()
    for b, src in enumerate(state.building_cells[seat]):
        for g in range(NUM_GOODS):
            if not cubes[b * NUM_GOODS + g]:
                continue
            seen, todo, reached = {src}, [src], set()
            while todo:
                cell = todo.pop()
                for d, nb in neighbours(cell):
                    if nb in seen or nb not in cells or not _joined(cells, kinds, cell, d, nb):
                        continue
                    seen.add(nb)
                    code = cells[nb]
                    if code >= 0:
                        reached.add(code)
                        kind = TILES[kinds[code]]
                        if expert and not (kind.accepts_goods(g) or kind.id in _CONNECTORS):
                            continue  # FF-TRN-6: expert paths cross only buildings showing the type
                    todo.append(nb)
            for dst in reached - {b}:
                kind = TILES[kinds[dst]]
                load = sum(cubes[dst * NUM_GOODS:(dst + 1) * NUM_GOODS])
                if kind.accepts_goods(g) and load < kind.slots:  # FF-TRN-4
                    out.add(Action(MOVE, g, src, state.building_cells[seat][dst]))
    return out


def expected_start_effects(state, seat: int, buildings) -> set[Action]:
    """Hauler's Hut pulls and Porter's Lodge moves open now (FF-EFX-22..24): trails ignored."""
    kinds, cubes, bcell = state.building_tiles[seat], state.cubes[seat], state.building_cells[seat]
    free = [TILES[t].slots - sum(cubes[i * NUM_GOODS:(i + 1) * NUM_GOODS]) for i, t in enumerate(kinds)]
    out = set()
    for b in buildings:
        effect = {e.kind for e in TILES[kinds[b]].effects}
        for o in range(len(kinds)):
            for g in range(NUM_GOODS):
                if o == b and "haul" in effect or not cubes[o * NUM_GOODS + g]:
                    continue
                if "haul" in effect and free[b] > 0:
                    out.add(Action(HAUL, g, bcell[o]))
                if "porter" in effect:
                    for d in range(len(kinds)):
                        if d != o and free[d] > 0 and TILES[kinds[d]].accepts_goods(g):
                            out.add(Action(MOVE, g, bcell[o], bcell[d]))
    return out


def _names(actions) -> list[str]:
    return sorted(map(str, actions))


@settings(max_examples=examples(60), **COMMON)
@given(setup=setups(min_cap=5, max_cap=20), chooser=choosers)
def test_transport_moves_follow_the_path_rules_FF_TRN_2_to_7(setup, chooser):
    # Checks FF-TRN-3, FF-TRN-7.
    """In every transport position the legal moves are exactly those a path allows, computed
    here from the rules: joined edges only (FF-TRL-13, FF-TRN-2/3), through any building under
    the standard rules (FF-TRN-5), only through buildings showing the type for expert seats
    (FF-TRN-6/7), Wagon Sheds joining neighbours (FF-EFX-25), to a destination that accepts the
    type and has a free slot (FF-TRN-4, FF-EFX-4); at transport start, the Hauler's Hut and
    Porter's Lodge offers ignore trails (FF-EFX-22..24); finishing is always legal (FF-TRN-11)."""
    state = setup.new()

    def step(state, action):
        if state.phase not in (TRANSPORT, FINAL):
            return
        seat = state.current_player
        legal = state.legal_actions()
        assert Action(DONE) in legal
        top = state.frames[-1] if state.frames else None
        if top is None:
            moves = {a for a in legal if a.kind == MOVE}
            want = expected_moves(state, seat) if state.moves_left > 0 else set()
            assert moves == want, f"missing {_names(want - moves)}, extra {_names(moves - want)}"
        elif top.kind == "tstart":
            pending, active = top.pending, top.active
            offered = {a for a in legal if a.kind != DONE}
            want = expected_start_effects(state, seat, [active] if active >= 0 else pending)
            assert offered == want, f"missing {_names(want - offered)}, extra {_names(offered - want)}"

    play_out(state, chooser, step, setup=setup)


@settings(max_examples=examples(60), **COMMON)
@given(setup=setups(), chooser=choosers)
def test_scores_never_negative_and_ranking_follows_scores_FF_END_3_to_8(setup, chooser):
    # Checks FF-END-6, FF-END-7.
    """Scores stay ≥ 0 (FF-END-8); at the end the game is over, nothing is legal, and
    ``ranking()`` follows the scores then the tie-breaks (FF-END-3..6, FF-SOLO-10)."""
    state = setup.new()
    assert state.scores() == [0] * setup.players and state.round == 1  # FF-SET-10

    def step(state, action):
        scores = state.scores()
        assert all(p >= 0 for p in scores)
        scores.append(-1)  # scores() is a copy
        assert len(state.scores()) == setup.players

    play_out(state, chooser, step, setup=setup)
    describe(setup, chooser)
    assert state.is_terminal and state.current_player is None and state.legal_actions() == []
    scores, ranks = state.scores(), state.ranking()
    assert all(p >= 0 for p in scores)
    assert all(1 <= r <= setup.players for r in ranks)
    cubes = [sum(c) for c in state.cubes]
    tiles = [len(c) for c in state.cells]
    for s in range(setup.players):
        for t in range(setup.players):
            if scores[s] > scores[t]:  # FF-END-3
                assert ranks[s] < ranks[t]
            elif scores[s] == scores[t] and cubes[s] < cubes[t]:  # FF-END-4
                assert ranks[s] < ranks[t]
            elif scores[s] == scores[t] and cubes[s] == cubes[t]:  # FF-END-5/6
                assert (ranks[s] < ranks[t]) == (tiles[s] > tiles[t])
                assert (ranks[s] == ranks[t]) == (tiles[s] == tiles[t])
    assert min(ranks) == 1
    assert set(state.winners()) <= {s for s in range(setup.players) if scores[s] == max(scores)}
    if setup.players == 1:  # FF-SOLO-10
        result = state.solo_result()
        assert result["score"] == scores[0]
        assert result["setup"] == setup.options["solo_setup"]
    else:
        assert state.solo_result() is None


def test_content_totals_FF_SET_2():
    # Checks FF-SET-2.
    """90 building tiles: 31 A, 35 B, 24 C, ten of them advanced; 4 starting tiles."""
    copies = Counter()
    for t in TILES:
        copies[t.tier] += t.copies
    assert FOREST.copies == MINE.copies == 4  # each starting tile is one Forest + Mine domino
    assert (copies["A"], copies["B"], copies["C"]) == (31, 35, 24)
    assert sum(t.copies for t in TILES if t.advanced) == 10
