"""Foxglove Farm: the game state and its rules, phase by phase.

The state is flat (lists and dicts of ints, one entry per seat) and cloned by hand. Each
round runs Production → Construction → Transportation → Processing (round 4 replaces the last
two with one combined stage). Multi-step decisions — build a tile, choose its cell, choose
the cubes that pay — use a *decision stack* of small tuples (``frames``): the top frame says
who acts and what is legal. Steps with no real choice (forced payments, refills, processing)
run inside :meth:`apply`, so a player is only asked where a choice exists.

Rule IDs in comments refer to ``shared/rules/foxglove.md``.
"""

from __future__ import annotations

from typing import Any

from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState
from . import effects as fx
from .actions import (
    A_DONE,
    A_PASS,
    A_PROCESS,
    CHOOSE,
    DONE,
    KEEP,
    MOVE,
    PASS,
    PLACE,
    PROCESS,
    TRAIL,
    TRAILS,
    Action,
)
from .codec import CodecRules
from .constants import (
    _AUTO_FRAMES,
    _TILE_REF,
    _TURN_STEPS,
    CONSTRUCTION,
    FINAL,
    NUM_ACTION_IDS,
    PHASE_NAMES,
    PRODUCTION,
    TIER_NAMES,
    TRANSPORT,
)
from .content import FOREST, MINE, TILES
from .events import describe as describe_event
from .events import goods_dict, is_news
from .explain import ExplainRules
from .geometry import (
    cell_of,
    shape_name,
    xy,
)
from .goods import GOODS, NUM_GOODS
from .rules_construction import ConstructionRules
from .rules_display import DisplayRules
from .rules_production import ProductionRules
from .rules_scoring import ScoringRules
from .rules_transport import TransportRules
from .rulings import (
    AB_SPACES,
    FOREST_CELL,
    MINE_CELL,
)
from .snapshot import state_from_json
from .topology import Topology


class FoxgloveState(
    DisplayRules, ProductionRules, ConstructionRules, TransportRules, ScoringRules, CodecRules, ExplainRules,
    GameState,
):
    """A Foxglove Farm position. Create one with ``acreage.new_game("foxglove", ...)``."""

    game_name = "foxglove"
    action_type = Action
    rules_version = "1"

    # ------------------------------------------------------------------ setup
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        self.num_players = players
        self.seed = seed
        self.options = options
        self._events = new_log()
        self.rng = Rng(seed)
        self.round = 1
        self.phase = PRODUCTION
        self.points = [0] * players  # FF-SET-10
        self.passed = [False] * players
        self.turn = 0
        self.order: tuple[int, ...] = ()
        self.stage_idx = 0
        self.moves_left = 0
        self.frames: list[tuple] = []
        self.free_trails = [0] * players
        self.subs_left = [0] * players
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        self._legal: list[Action] | None = None
        self.removed: list[int] = []
        # Towns (FF-SET-6/7): cell -> code (building index >= 0, trail = -openings).
        self.cells: list[dict[int, int]] = []
        self.kinds: list[list[int]] = []
        self.bcell: list[list[int]] = []
        self.cubes: list[list[int]] = []
        self.ntrails = [0] * players
        self._topo: list[Topology | None] = [None] * players
        for _ in range(players):
            forest, mine = cell_of(*FOREST_CELL), cell_of(*MINE_CELL)
            self.cells.append({forest: 0, mine: 1})
            self.kinds.append([FOREST.id, MINE.id])
            self.bcell.append([forest, mine])
            self.cubes.append([0] * (2 * NUM_GOODS))
        self._setup_tiles()
        start = options.get("start_player")
        self.start_player = self.rng.below(players) if start is None else start  # FF-SET-12
        if self._events is not None:
            self._events.add("setup", None, {
                "start_player": self.start_player,
                "display": [TILES[sp[-1]].name for sp in self.display if sp],
            })
        self._begin_round()
        self._advance()

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    @property
    def n_ab(self) -> int:
        return AB_SPACES[self.num_players]

    # ------------------------------------------------------------------ the contract
    def _observation_tensor(self, seat: int) -> list[float]:
        from .encoding import encode

        return encode(self, seat)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from .encoding import shape

        return shape(self.num_players)

    @property
    def max_game_length(self) -> int:
        from .encoding import max_game_length

        return max_game_length(self.num_players, self.options)

    def in_subdecision(self) -> bool:
        """True at every step of a turn that has begun and is not finished: placing, paying, a
        trail action, and the choices a build's immediate effect asks for (the Emporium's goods
        type, which gained cubes to keep). A build is one turn (FF-CON-1, FF-CON-11), so a
        search finishes it before judging the position."""
        if not self.frames:
            return False
        kind = self.frames[-1][0]
        return kind in _TURN_STEPS or (kind == "keep" and self.phase == CONSTRUCTION)

    @property
    def current_player(self) -> int | None:
        if self.frames:
            return self.frames[-1][1]
        if self.phase == CONSTRUCTION:
            return self.turn
        if self.phase == TRANSPORT or self.phase == FINAL:
            return self.order[self.stage_idx]
        return None

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTION_IDS


    # ------------------------------------------------------------------ apply's steps (core template)
    AUTO_EVENTS = frozenset(("pay",))  # the only way to pay: no action line shows it

    def _log_decision(self, seat: int | None, action: Action) -> None:
        if action.kind == DONE and not self.frames and (self.phase == TRANSPORT or self.phase == FINAL):
            self._events.add("stage_end", seat, {"reason": "done"})

    def _turn_marker(self) -> tuple:
        return (len(self.stacks[0]) + len(self.stacks[1]) + len(self.stacks[2]), self.phase, self.round)

    def _undo_closed(self, seat: int | None, action: Action, before: tuple) -> bool:
        """A face-down tile was revealed, a phase or round ended, or the turn passed."""
        return (before != (len(self.stacks[0]) + len(self.stacks[1]) + len(self.stacks[2]), self.phase,
                           self.round)
                or self.current_player != seat)

    # ------------------------------------------------------------------ legal actions
    def _generate(self) -> list[Action]:
        if self.frames:
            top = self.frames[-1]
            kind = top[0]
            seat = top[1]
            if kind == "pay":
                return self._pay_actions(seat, top[2])
            if kind == "place":
                return [Action(PLACE, c) for c in self._topology(seat).frontier]
            if kind == "trails":
                return self._trail_actions(seat, top[2])
            if kind == "keep":
                vec = top[3]
                return [Action(KEEP, g) for g in range(NUM_GOODS) if vec[g]]
            if kind == "choose":
                return [Action(CHOOSE, g) for g in range(NUM_GOODS)]
            if kind == "tstart":
                return self._tstart_actions(top)
            raise AssertionError(f"unexpected frame {top!r}")
        if self.phase == CONSTRUCTION:
            return self._turn_actions(self.turn)
        if self.phase == TRANSPORT or self.phase == FINAL:
            seat = self.order[self.stage_idx]
            acts = self._moves(seat) if self.moves_left > 0 else []
            if self.phase == FINAL and self._can_process(seat):
                acts.append(A_PROCESS)
            acts.append(A_DONE)
            return acts
        return []

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action) -> None:
        """Carry out a legal action (no checks)."""
        k = action.kind
        if self.frames:
            top = self.frames[-1]
            fk = top[0]
            seat = top[1]
            if fk == "pay":
                self._do_pay(top, action)
            elif fk == "place":
                self.frames.pop()
                tid = top[2]
                rem = (*TILES[tid].cost, 0, self.subs_left[seat])
                self.frames.append(("pay", seat, rem, ("build", tid, action.a)))
            elif fk == "trails":
                if k == DONE:
                    self.frames.pop()
                    self._end_turn()
                elif k == TRAIL:
                    self._start_trail(seat, action.a, action.b)
                else:  # UPGRADE
                    self.frames.append(("pay", seat, (0, 0, 0, 0, 0, 1, 0), ("upgrade", action.a, action.b)))
            elif fk == "keep":
                self._do_keep(top, action.a)
            elif fk == "choose":
                self.frames.pop()
                vec = [0] * NUM_GOODS
                vec[action.a] = top[3]
                b = top[2]
                cubes = self.cubes[seat]
                before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
                fx.place_goods(cubes, b * NUM_GOODS, TILES[self.kinds[seat][b]].slots, vec)
                if self._events is not None:
                    self._events.add("choose", seat, {
                        "tile": TILES[self.kinds[seat][b]].name, "good": GOODS[action.a],
                        "gained": goods_dict([cubes[b * NUM_GOODS + x] - before[x]
                                              for x in range(NUM_GOODS)]),
                    })
            elif fk == "tstart":
                self._do_tstart(top, action)
            return
        if self.phase == CONSTRUCTION:
            seat = self.turn
            if k == PASS:
                self.passed[seat] = True  # FF-CON-3
                if self._events is not None:
                    self._events.add("pass", seat, {"forced": len(self._turn_actions(seat)) == 1})
                self._end_turn()
            elif k == TRAILS:
                self.frames.append(("trails", seat, 0))
            else:  # BUILD
                self.frames.append(("place", seat, action.a))
            return
        seat = self.order[self.stage_idx]
        if k == MOVE:
            self._move_cube(seat, action.a, action.b, action.c)
            self.moves_left -= 1
            if self._events is not None:
                self._log_move("move", seat, action.a, action.b, action.c, "")
        elif k == PROCESS:
            self._process_all(seat)  # FF-FIN-3
        else:  # DONE
            self._finish_stage()

    # ------------------------------------------------------------------ automation
    def _advance(self) -> None:
        """Run every step that needs no decision, until a real choice (or the end) is reached."""
        while True:
            if self.frames:
                top = self.frames[-1]
                fk = top[0]
                if fk in _AUTO_FRAMES:
                    self.frames.pop()
                    if fk == "begin_construction":
                        self._begin_construction()
                    elif fk == "refill":
                        drawn = self._fill_space(top[2], self._area_tier(top[2]))
                        if self._events is not None:
                            self._events.add("display", None, {"revealed": [TILES[t].name for t in drawn]})
                    elif fk == "solo_refresh":
                        self._solo_refresh(top[2])
                    else:
                        self._end_turn()
                    continue
                if fk == "pay":
                    acts = self._pay_actions(top[1], top[2])
                    if len(acts) == 1:
                        self._do(acts[0])
                        continue
                    self._legal = acts
                    return
                if fk == "tstart" or fk == "trails":
                    acts = self._generate()
                    if len(acts) == 1:  # only "done" is left
                        self._do(acts[0])
                        continue
                    self._legal = acts
                    return
                return
            phase = self.phase
            if phase == CONSTRUCTION:
                acts = self._turn_actions(self.turn)
                if len(acts) == 1:
                    self._do(A_PASS)  # nothing is affordable: passing is the only choice
                    continue
                self._legal = acts
                return
            if phase == TRANSPORT or phase == FINAL:
                seat = self.order[self.stage_idx]
                if not self._has_move(seat) and not (phase == FINAL and self._can_process(seat)):
                    if self._events is not None:
                        self._log_forced_stage_end(seat)
                    self._do(A_DONE)
                    continue
                return
            return

    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ clone & hidden info
    def clone(self) -> FoxgloveState:
        c = FoxgloveState.__new__(FoxgloveState)
        d = c.__dict__
        d.update(self.__dict__)
        c.rng = self.rng.clone()
        c._events = None  # search clones keep no log
        c.options = dict(self.options)
        c.points = self.points[:]
        c.passed = self.passed[:]
        c.frames = self.frames[:]
        c.free_trails = self.free_trails[:]
        c.subs_left = self.subs_left[:]
        c.history = self.history[:]
        c.history_seats = self.history_seats[:]
        c.removed = self.removed[:]
        c.stacks = [s[:] for s in self.stacks]
        c.display = [s[:] for s in self.display]
        c.cells = [t.copy() for t in self.cells]
        c.kinds = [t[:] for t in self.kinds]
        c.bcell = [t[:] for t in self.bcell]
        c.cubes = [t[:] for t in self.cubes]
        c.ntrails = self.ntrails[:]
        c._topo = self._topo[:]
        return c

    def _determinize(self, seat: int, rng) -> FoxgloveState:
        """Re-shuffle the hidden stack orders (the only secret in Foxglove Farm, FF-SET-8)."""
        c = self.clone()
        source = rng if isinstance(rng, Rng) else Rng(rng.getrandbits(64))
        for stack in c.stacks:
            stack.sort()  # forget the true order first, so the result cannot depend on it
            source.shuffle(stack)
        c.rng = Rng(source.next64())
        return c

    def _observation(self, seat: int) -> dict:
        """Everything public: towns, display, stack sizes, scores and the pending decision."""
        towns = []
        for s in range(self.num_players):
            buildings = []
            for b, tid in enumerate(self.kinds[s]):
                base = b * NUM_GOODS
                buildings.append({
                    "tile": TILES[tid].name,
                    "tier": TILES[tid].tier,
                    "cell": list(xy(self.bcell[s][b])),
                    "cubes": {
                        GOODS[g]: self.cubes[s][base + g] for g in range(NUM_GOODS) if self.cubes[s][base + g]
                    },
                    "slots": TILES[tid].slots,
                })
            trails = [
                {"cell": list(xy(cell)), "shape": shape_name(-code)}
                for cell, code in sorted(self.cells[s].items())
                if code < 0
            ]
            towns.append({"buildings": buildings, "trails": trails})
        return {
            "game": self.game_name,
            "seat": seat,
            "players": self.num_players,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "start_player": self.start_player,
            "scores": self.points[:],
            "passed": self.passed[:],
            "expert": sorted(self.options.get("expert", ())),
            "display": [
                {"area": "C" if i >= self.n_ab else "AB", "tile": TILES[sp[-1]].name if sp else None,
                 "tier": TILES[sp[-1]].tier if sp else None, "count": len(sp)}
                for i, sp in enumerate(self.display)
            ],
            "stack_sizes": {TIER_NAMES[i]: len(s) for i, s in enumerate(self.stacks)},
            "removed": [TILES[t].name for t in self.removed],
            "towns": towns,
            "decision": self.describe_decision(),
            "moves_left": self.moves_left if self.phase in (TRANSPORT, FINAL) else None,
        }

    # ------------------------------------------------------------------ snapshots
    def _state_to_json(self) -> dict:
        def frame_out(f):
            return [frame_out(x) if isinstance(x, tuple) else x for x in f]

        return {
            "players": self.num_players,
            "seed": self.seed,
            "options": {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in self.options.items()},
            "rng": self.rng.state,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "start_player": self.start_player,
            "scores": self.points[:],
            "passed": self.passed[:],
            "turn": self.turn,
            "order": list(self.order),
            "stage_idx": self.stage_idx,
            "moves_left": self.moves_left,
            "free_trails": self.free_trails[:],
            "subs_left": self.subs_left[:],
            "stacks": {TIER_NAMES[i]: [_TILE_REF[t] for t in s] for i, s in enumerate(self.stacks)},
            "display": [[_TILE_REF[t] for t in sp] for sp in self.display],
            "removed": [_TILE_REF[t] for t in self.removed],
            "frames": [frame_out(f) for f in self.frames],
            "towns": [
                {
                    "buildings": [
                        {
                            "tile": _TILE_REF[tid],
                            "cell": list(xy(self.bcell[s][b])),
                            "cubes": self.cubes[s][b * NUM_GOODS:(b + 1) * NUM_GOODS],
                        }
                        for b, tid in enumerate(self.kinds[s])
                    ],
                    "trails": [
                        [*xy(cell), shape_name(-code)]
                        for cell, code in sorted(self.cells[s].items())
                        if code < 0
                    ],
                }
                for s in range(self.num_players)
            ],
            "history": [list(a) for a in self.history],
            "history_seats": self.history_seats[:],
            "undo_floor": self.undo_floor,
        }

    @classmethod
    def _state_from_json(cls, data: dict) -> FoxgloveState:
        return state_from_json(cls, data)


