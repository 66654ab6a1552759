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

from ...core.errors import BadActionId, BadSnapshot, IllegalAction
from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState
from . import effects as fx
from .actions import (
    A_DONE,
    A_PASS,
    A_PROCESS,
    A_TRAILS,
    BUILD,
    CHOOSE,
    DONE,
    HAUL,
    KEEP,
    KIND_WORDS,
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
from .content import FOREST, MINE, TILES, find_tile
from .events import FLOOR_SOURCE, goods_dict, is_news, source
from .events import describe as describe_event
from .geometry import (
    SHAPE_INDEX,
    SHAPES,
    TEE_INDEX,
    TEES,
    cell_name,
    cell_of,
    is_tee,
    neighbours,
    opposite,
    parse_cell,
    parse_shape,
    ring,
    shape_name,
    xy,
)
from .goods import COAL, GOODS, NUM_GOODS, SHEEP, STONE, WHEAT, WOOD, format_goods, goods_index
from .rulings import (
    AB_SPACES,
    C_SPACES,
    FOREST_CELL,
    MAX_BUILDINGS,
    MAX_FRONTIER,
    MAX_TRAILS,
    MINE_CELL,
    SOLO_ROWS,
    SOLO_SETUPS,
    SOLO_THRESHOLDS,
)
from .topology import Topology

PRODUCTION, CONSTRUCTION, TRANSPORT, FINAL, OVER = range(5)
PHASE_NAMES = ("production", "construction", "transportation", "final stage", "game over")
TIER_INDEX = {"A": 0, "B": 1, "C": 2}
TIER_NAMES = ("A", "B", "C")

# Frames whose work needs no decision: popped and run by _advance.
_AUTO_FRAMES = frozenset(("begin_construction", "refill", "solo_refresh", "end_turn"))
#: Frames that are steps of a construction turn already begun (see ``in_subdecision``); a
#: "keep" frame is one too while it comes from a build's immediate effect.
_TURN_STEPS = frozenset(("place", "pay", "trails", "choose"))

# Action-id layout (fixed for every configuration; see docs/foxglove.md).
NUM_KINDS = len(TILES)
OFF_BUILD = 4
OFF_PLACE = OFF_BUILD + NUM_KINDS
OFF_TRAIL = OFF_PLACE + MAX_FRONTIER
OFF_UPGRADE = OFF_TRAIL + MAX_FRONTIER * len(SHAPES)
OFF_PAY = OFF_UPGRADE + MAX_TRAILS * len(TEES)
OFF_KEEP = OFF_PAY + NUM_GOODS * MAX_BUILDINGS
OFF_CHOOSE = OFF_KEEP + NUM_GOODS
OFF_HAUL = OFF_CHOOSE + NUM_GOODS
OFF_MOVE = OFF_HAUL + NUM_GOODS * MAX_BUILDINGS
NUM_ACTION_IDS = OFF_MOVE + MAX_BUILDINGS * MAX_BUILDINGS * NUM_GOODS

_HAS_HAUL = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
_HAS_PORTER = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
_EFFECT_COUNT = {t.id: max((e.count for e in t.effects if e.when == "transport"), default=0) for t in TILES}
_FREE_TRAIL = {t.id: sum(e.count for e in t.effects if e.kind == "free_trail") for t in TILES}
_SUBS = {t.id: sum(e.count for e in t.effects if e.kind == "wood_for_stone") for t in TILES}
_HAS_PROCESSING = tuple(t.has_processing for t in TILES)
_HAS_PRODUCTION = tuple(any(e.when == "production" for e in t.effects) for t in TILES)
_HAS_END = tuple(any(e.when == "end" for e in t.effects) for t in TILES)
_TILE_REF = {t.id: f"{t.tier}:{t.name}" for t in TILES}
_REF_TILE = {ref: tid for tid, ref in _TILE_REF.items()}


def _pay_step(rem: tuple[int, ...], g: int) -> tuple[int, ...] | None:
    """Remaining cost after paying one cube of ``g``, or None if ``g`` is not wanted.

    ``rem`` is (wood, stone, wheat, coal, sheep, flex, subs): ``flex`` units may be wood or
    stone (trails, FF-TRL-2/3); ``subs`` stone units may be paid with wood (Mason's Lodge).
    """
    if rem[g] > 0:
        out = list(rem)
        out[g] -= 1
        return tuple(out)
    if g in (WOOD, STONE) and rem[5] > 0:
        out = list(rem)
        out[5] -= 1
        return tuple(out)
    if g == WOOD and rem[STONE] > 0 and rem[6] > 0:
        out = list(rem)
        out[STONE] -= 1
        out[6] -= 1
        return tuple(out)
    return None


def _affordable(rem: tuple[int, ...], tot: list[int]) -> bool:
    """Whether the goods ``tot`` can still cover the remaining cost ``rem``."""
    if tot[WHEAT] < rem[WHEAT] or tot[COAL] < rem[COAL] or tot[SHEEP] < rem[SHEEP]:
        return False
    stone_short = rem[STONE] - tot[STONE]
    if stone_short < 0:
        stone_short = 0
    if stone_short > rem[6]:
        return False
    wood_left = tot[WOOD] - rem[WOOD] - stone_short
    if wood_left < 0:
        return False
    stone_left = tot[STONE] - (rem[STONE] - stone_short)
    return wood_left + stone_left >= rem[5]


def live_openings(cells: dict[int, int], cell: int, mask: int) -> int:
    """The openings of ``mask`` (a trail at ``cell``, laid or only considered) that face a
    building or a trail open back toward ``cell``: the connections it makes."""
    live = 0
    for d, nb in neighbours(cell):
        if not mask & d:
            continue
        code = cells.get(nb)
        if code is None:
            continue
        if code >= 0 or (-code) & opposite(d):
            live |= d
    return live


#: Topologies by town layout, shared by every state that reaches the same layout (searches
#: replay the same builds over and over; a Topology is immutable once built).
_TOPOLOGIES: dict[tuple, Topology] = {}


def _shared_topology(cells: dict[int, int], kinds: list[int]) -> Topology:
    key = (frozenset(cells.items()), tuple(kinds))
    topo = _TOPOLOGIES.get(key)
    if topo is None:
        if len(_TOPOLOGIES) >= 4096:
            _TOPOLOGIES.clear()
        topo = _TOPOLOGIES[key] = Topology(cells, kinds)
    return topo


class FoxgloveState(GameState):
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

    def _setup_tiles(self) -> None:
        """Stacks and display (FF-SET-8/9/13/14, FF-SOLO-3/4/5)."""
        advanced = self.options.get("advanced_tiles", True)
        stacks: list[list[int]] = [[], [], []]
        for t in TILES:
            if t.tier == "start" or (t.advanced and not advanced):
                continue
            stacks[TIER_INDEX[t.tier]].extend([t.id] * t.copies)
        setup = self.options.get("solo_setup", 1) if self.solo else 1
        _, a_names, c_names = SOLO_SETUPS[setup]
        named_a = [find_tile(n, "A").id for n in a_names]
        named_c = [find_tile(n, "C").id for n in c_names]
        for tid in named_a:
            stacks[0].remove(tid)
        for tid in named_c:
            if tid in stacks[2]:
                stacks[2].remove(tid)
            # FF-SOLO-5: a named "!" tile is used even when advanced tiles are off.
        for stack in stacks:
            self.rng.shuffle(stack)
        self.stacks = stacks
        self.display: list[list[int]] = [[] for _ in range(self.n_ab + C_SPACES)]
        if named_a:
            for i, tid in enumerate(named_a):
                self.display[i].append(tid)
            for i, tid in enumerate(named_c):
                self.display[self.n_ab + i].append(tid)
        else:
            for space in range(self.n_ab):
                self._fill_space(space, 0)
            for space in range(self.n_ab, self.n_ab + C_SPACES):
                self._fill_space(space, 2)

    # ------------------------------------------------------------------ display
    def _fill_space(self, space: int, tier: int) -> list[int]:
        """Draw into an empty space, stacking identical draws (FF-SET-14, FF-DSP-2..4);
        return the tiles drawn."""
        stack = self.stacks[tier]
        display = self.display
        drawn = []
        while stack and not display[space]:
            tid = stack.pop()
            drawn.append(tid)
            for other in display:
                if other and other[-1] == tid:
                    other.append(tid)
                    break
            else:
                display[space].append(tid)
        return drawn

    def _space_of(self, tid: int) -> int:
        for i, sp in enumerate(self.display):
            if sp and sp[-1] == tid:
                return i
        return -1

    def _area_tier(self, space: int) -> int:
        if space >= self.n_ab:
            return 2
        return 0 if self.round <= 2 else 1

    def _solo_refresh(self, area: str) -> None:
        """Remove the leftmost tile of each row, slide left, refill (FF-SOLO-6..8)."""
        rows = SOLO_ROWS[area]
        display = self.display
        gone = len(self.removed)
        for row in rows:
            for space in row:
                if display[space]:
                    self.removed.append(display[space].pop())
                    break
        for row in rows:
            kept = [display[s] for s in row if display[s]]
            kept += [[] for _ in range(len(row) - len(kept))]
            for s, content in zip(row, kept, strict=True):
                display[s] = content
        tier = 2 if area == "C" else (0 if self.round <= 2 else 1)
        drawn = []
        for row in rows:
            for space in row:
                if not display[space]:
                    drawn += self._fill_space(space, tier)
        if self._events is not None:
            self._events.add("display", None, {
                "removed": [TILES[t].name for t in self.removed[gone:]],
                "revealed": [TILES[t].name for t in drawn],
            })

    def _swap_to_b(self) -> None:
        """End of round 2: A tiles go back, B tiles fill the A/B area (FF-RND-9/10)."""
        for space in range(self.n_ab):
            self.stacks[0][:0] = self.display[space]
            self.display[space] = []
        drawn = []
        for space in range(self.n_ab):
            drawn += self._fill_space(space, 1)
        if self._events is not None:
            self._events.add("swap", None)
            self._events.add("display", None, {"revealed": [TILES[t].name for t in drawn]})

    # ------------------------------------------------------------------ rounds
    def _begin_round(self) -> None:
        """Production for every seat (FF-PRD), then construction."""
        self.phase = PRODUCTION
        self.frames.append(("begin_construction", -1))
        log = self._events
        if log is not None:
            log.add("round", None, {"round": self.round, "start_player": self.start_player})
        keeps = []
        for i in range(self.num_players):
            seat = (self.start_player + i) % self.num_players
            cubes = self.cubes[seat]
            points = 0
            for b, tid in enumerate(self.kinds[seat]):
                if not _HAS_PRODUCTION[tid]:
                    continue
                if log is not None:
                    before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
                p, choices = fx.produce(TILES[tid], cubes, b * NUM_GOODS)
                points += p
                for vec, free in choices:
                    keeps.append(("keep", seat, b, vec, free))
                if log is not None:
                    self._log_production(seat, b, before, p, choices)
            if points:
                self._gain(seat, points)  # FF-PRD-8: summed, applied once, floored
        self.frames.extend(reversed(keeps))

    def _log_production(self, seat: int, b: int, before: list[int], points: int, choices: list) -> None:
        """The ``produce`` event of building ``b``: what it gained, lost and left to choose."""
        kind = TILES[self.kinds[seat][b]]
        base = b * NUM_GOODS
        cubes = self.cubes[seat]
        gained = [cubes[base + g] - before[g] for g in range(NUM_GOODS)]
        offered = [0] * NUM_GOODS
        for eff in kind.effects:
            if eff.when != "production":
                continue
            if eff.kind == "gain":
                for g in range(NUM_GOODS):
                    offered[g] += eff.goods[g]
            elif eff.kind == "breed":
                offered[eff.held] += eff.per_pair * (before[eff.held] // 2)
        pending = [0] * NUM_GOODS
        for vec, _free in choices:
            for g in range(NUM_GOODS):
                pending[g] += vec[g]
        lost = [max(0, offered[g] - gained[g] - pending[g]) for g in range(NUM_GOODS)]
        self._events.add("produce", seat, {
            "tile": kind.name, "cell": cell_name(self.bcell[seat][b]), "gained": goods_dict(gained),
            "lost": goods_dict(lost), "to_choose": goods_dict(pending), "points": points,
            "source": source(kind.name, "production"),
        })

    def _begin_construction(self) -> None:
        self.phase = CONSTRUCTION
        if self._events is not None:
            self._events.add("phase", None, {"phase": PHASE_NAMES[CONSTRUCTION]})
        self.passed = [False] * self.num_players
        self.turn = self.start_player
        for seat in range(self.num_players):
            kinds = self.kinds[seat]
            self.free_trails[seat] = sum(_FREE_TRAIL[t] for t in kinds)
            self.subs_left[seat] = sum(_SUBS[t] for t in kinds)

    def _end_turn(self) -> None:
        """Next seat clockwise that has not passed (FF-CON-2); else transport."""
        n = self.num_players
        for i in range(1, n + 1):
            seat = (self.turn + i) % n
            if not self.passed[seat]:
                self.turn = seat
                return
        self._start_stages()

    def _start_stages(self) -> None:
        """Transportation (rounds 1–3) or the combined final stage (round 4), seat by seat."""
        self.phase = FINAL if self.round == 4 else TRANSPORT
        if self._events is not None:
            self._events.add("phase", None, {"phase": PHASE_NAMES[self.phase]})
        n = self.num_players
        self.order = tuple((self.start_player + i) % n for i in range(n))
        self.stage_idx = 0
        self._begin_stage()

    def _begin_stage(self) -> None:
        seat = self.order[self.stage_idx]
        self.moves_left = self.options.get("move_cap", 200)
        if self._events is not None:
            self._events.add("stage", seat, {"phase": PHASE_NAMES[self.phase]})
        pending = tuple(
            b for b, tid in enumerate(self.kinds[seat]) if tid in _HAS_HAUL or tid in _HAS_PORTER
        )
        if pending:  # FF-TRN-10, FF-FIN-5: transport-start effects come first
            self.frames.append(("tstart", seat, pending, -1, 0))

    def _finish_stage(self) -> None:
        seat = self.order[self.stage_idx]
        self._process_all(seat)  # FF-PRC-1 (rounds 1-3), FF-FIN-6 (round 4)
        self.stage_idx += 1
        if self.stage_idx < self.num_players:
            self._begin_stage()
        else:
            self._end_round()

    def _end_round(self) -> None:
        if self.round == 4:  # FF-RND-13
            self._end_game()
            return
        if self.round == 2:
            self._swap_to_b()
        self.round += 1
        self.start_player = (self.start_player + 1) % self.num_players  # FF-RND-8
        self._begin_round()

    def _end_game(self) -> None:
        log = self._events
        for seat in range(self.num_players):
            if log is not None:
                for b, pts in enumerate(self.end_points_by_building(seat)):
                    if pts:
                        name = TILES[self.kinds[seat][b]].name
                        log.add("end_effect", seat, {"tile": name, "points": pts,
                                                     "source": source(name, "end of game")})
            self._gain(seat, self.end_game_points(seat))
        self.phase = OVER
        self.frames.clear()
        if log is not None:
            log.add("game_over", None, {"scores": self.scores(), "ranking": self.ranking()})

    # ------------------------------------------------------------------ scoring helpers
    def _gain(self, seat: int, points: int) -> None:
        score = self.points[seat] + points
        self.points[seat] = score if score > 0 else 0  # FF-END-8
        if score < 0 and self._events is not None:
            self._events.add("floor", seat, {"points": -score, "source": FLOOR_SOURCE})

    def _process_all(self, seat: int) -> int:
        cubes = self.cubes[seat]
        points = 0
        log = self._events
        for b, tid in enumerate(self.kinds[seat]):
            if _HAS_PROCESSING[tid]:
                if log is None:
                    points += fx.process(TILES[tid], cubes, b * NUM_GOODS)
                    continue
                base = b * NUM_GOODS
                before = cubes[base:base + NUM_GOODS]
                counts: list[int] = []
                p = fx.process(TILES[tid], cubes, base, counts)
                points += p
                if any(counts):
                    self._log_processing(seat, b, before, p, sum(counts))
        if points:
            self._gain(seat, points)
        return points

    def _log_processing(self, seat: int, b: int, before: list[int], points: int, times: int) -> None:
        """The ``process`` event of building ``b``: the conversions run and their points."""
        kind = TILES[self.kinds[seat][b]]
        base = b * NUM_GOODS
        after = self.cubes[seat][base:base + NUM_GOODS]
        used = [max(0, before[g] - after[g]) for g in range(NUM_GOODS)]
        made = [max(0, after[g] - before[g]) for g in range(NUM_GOODS)]
        self._events.add("process", seat, {
            "tile": kind.name, "times": times, "used": goods_dict(used), "made": goods_dict(made),
            "points": points, "source": source(kind.name, "processing"),
        })

    def _can_process(self, seat: int) -> bool:
        cubes = self.cubes[seat]
        return any(
            _HAS_PROCESSING[tid] and fx.can_process(TILES[tid], cubes, b * NUM_GOODS)
            for b, tid in enumerate(self.kinds[seat])
        )

    def end_game_points(self, seat: int) -> int:
        """Points from end-game effects on this seat's town as it stands (FF-END-1/2)."""
        return sum(self.end_points_by_building(seat))

    def end_points_by_building(self, seat: int) -> list[int]:
        """The end-game points of each of the seat's buildings, in building order."""
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        cells = self.cells[seat]
        out = [0] * len(kinds)
        for b, tid in enumerate(kinds):
            if not _HAS_END[tid]:
                continue
            total = 0
            kind = TILES[tid]
            base = b * NUM_GOODS
            for eff in kind.effects:
                if eff.when != "end":
                    continue
                k = eff.kind
                if k == "score_held":
                    held = fx.load(cubes, base) if eff.held < 0 else cubes[base + eff.held]
                    total += eff.points * held
                elif k == "full_bonus":
                    if kind.slots and fx.load(cubes, base) >= kind.slots:
                        total += eff.points
                elif k == "distinct_types_held":
                    total += eff.points * sum(1 for g in range(NUM_GOODS) if cubes[base + g])
                elif k == "per_trail":
                    total += eff.points * self.ntrails[seat]
                elif k == "per_building":
                    total += eff.points * len(kinds)
                elif k == "trail_reach":
                    total += eff.points * len(self._topology(seat).trail_reach(self.bcell[seat][b]))
                elif k == "neighbours_processing":
                    count = 0
                    for nb in ring(self.bcell[seat][b]):
                        code = cells.get(nb, -1)
                        if code >= 0 and _HAS_PROCESSING[kinds[code]]:
                            count += 1
                    total += eff.points * count
            out[b] = total
        return out

    # ------------------------------------------------------------------ town helpers
    def _topology(self, seat: int) -> Topology:
        topo = self._topo[seat]
        if topo is None:
            topo = self._topo[seat] = _shared_topology(self.cells[seat], self.kinds[seat])
        return topo

    def totals(self, seat: int) -> list[int]:
        """Cubes of each type in the seat's whole town."""
        cubes = self.cubes[seat]
        return [sum(cubes[g::NUM_GOODS]) for g in range(NUM_GOODS)]

    def free_slots(self, seat: int, b: int) -> int:
        return TILES[self.kinds[seat][b]].slots - fx.load(self.cubes[seat], b * NUM_GOODS)

    def _required_openings(self, seat: int, cell: int) -> int:
        """Openings a new trail at ``cell`` must have so no trail end is cut off (FF-TRL-8)."""
        cells = self.cells[seat]
        need = 0
        for d, nb in neighbours(cell):
            code = cells.get(nb)
            if code is not None and code < 0 and (-code) & opposite(d):
                need |= d
        return need

    def _live_openings(self, seat: int, cell: int) -> int:
        """Openings of the trail at ``cell`` that join something now (FF-TRL-11)."""
        cells = self.cells[seat]
        return live_openings(cells, cell, -cells[cell])

    def _trail_budget(self, seat: int) -> int:
        tot = self.totals(seat)
        return tot[WOOD] + tot[STONE]

    def _can_trail(self, seat: int, tot: list[int]) -> bool:
        """Whether a trail action has anything in it: a new trail, or an upgrade."""
        budget = tot[WOOD] + tot[STONE]
        if self.ntrails[seat] < MAX_TRAILS and (budget > 0 or self.free_trails[seat] > 0):
            return True  # the frontier is never empty
        return budget > 0 and any(code < 0 and not is_tee(-code) for code in self.cells[seat].values())

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

    def macro_actions(self) -> list[tuple[str, list]]:
        """In a transport stage (or round 4's combined stage): the planner's best plan for it."""
        if self.phase not in (TRANSPORT, FINAL) or (self.frames and self.frames[-1][0] != "tstart"):
            return []
        from .planner import plan_cached

        return [("plan", list(plan_cached(self).actions))]

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

    def scores(self) -> list[int]:
        return self.points[:]

    def cubes_in_town(self, seat: int) -> int:
        return sum(self.cubes[seat])

    def tiles_in_town(self, seat: int) -> int:
        return len(self.cells[seat])

    def rank_keys(self) -> list[tuple]:
        # FF-END-3..6: most points, then fewest cubes left, then most tiles (trails included).
        return [
            (self.points[s], -self.cubes_in_town(s), self.tiles_in_town(s))
            for s in range(self.num_players)
        ]

    def solo_result(self) -> dict | None:
        """Score and highest threshold reached (FF-SOLO-10), for a finished solo game."""
        if not self.solo or self.phase != OVER:
            return None
        score = self.points[0]
        reached = [t for t in SOLO_THRESHOLDS if score >= t]
        return {
            "setup": self.options.get("solo_setup", 1),
            "setup_name": SOLO_SETUPS[self.options.get("solo_setup", 1)][0],
            "score": score,
            "threshold": reached[-1] if reached else None,
            "thresholds": list(SOLO_THRESHOLDS),
        }

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def apply(self, action) -> None:
        if not isinstance(action, Action):
            # Slow path: notation, or a plain tuple of four whole numbers; anything else
            # (another game's action, a list, None...) is refused before the state is touched.
            action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        if self._legal is None:
            self._legal = self._generate()
        if action not in self._legal:
            raise self.refuse(action)
        seat = self.current_player
        hidden = len(self.stacks[0]) + len(self.stacks[1]) + len(self.stacks[2])
        if self._events is not None:
            self._events.step = len(self.history) + 1
            if action.kind == DONE and not self.frames and (self.phase == TRANSPORT or self.phase == FINAL):
                self._events.add("stage_end", seat, {"reason": "done"})
        self._do(action)
        self.history.append(action)
        self.history_seats.append(seat)
        if self._events is None:
            self._advance()
        else:
            mark = len(self._events)
            self._advance()
            for event in self._events.full[mark:]:
                if event["kind"] == "pay":
                    event["auto"] = True  # the only way to pay: no action line shows it
        if len(self.stacks[0]) + len(self.stacks[1]) + len(self.stacks[2]) != hidden:
            self.undo_floor = len(self.history)  # a face-down tile was revealed

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

    def _turn_actions(self, seat: int) -> list[Action]:
        acts = [A_PASS]
        tot = self.totals(seat)
        if self._can_trail(seat, tot):
            acts.append(A_TRAILS)
        if len(self.kinds[seat]) >= MAX_BUILDINGS:
            return acts
        subs = self.subs_left[seat]
        for space in self.display:
            if space:
                tid = space[-1]  # identical tiles share a space, so each tile appears once
                if _affordable((*TILES[tid].cost, 0, subs), tot):
                    acts.append(Action(BUILD, tid))
        return acts

    def _trail_actions(self, seat: int, count: int) -> list[Action]:
        acts = []
        budget = self._trail_budget(seat)
        free = self.free_trails[seat] > 0
        if (budget >= 1 or free) and self.ntrails[seat] < MAX_TRAILS:
            for cell in self._topology(seat).frontier:
                need = self._required_openings(seat, cell)
                for m in SHAPES:
                    tee = m in TEE_INDEX
                    if m & need == need and (budget >= (2 if tee else 1) or (free and not tee)):
                        acts.append(Action(TRAIL, cell, m))
        if budget >= 1:
            for cell, code in sorted(self.cells[seat].items()):
                if code < 0 and not is_tee(-code):
                    live = self._live_openings(seat, cell)
                    for t in TEES:
                        if t & live == live:
                            acts.append(Action(UPGRADE, cell, t))
        if count >= 1:
            acts.append(A_DONE)  # FF-CON-4: an empty trail action is not offered
        return acts

    def _pay_actions(self, seat: int, rem: tuple[int, ...]) -> list[Action]:
        tot = self.totals(seat)
        cubes = self.cubes[seat]
        bcell = self.bcell[seat]
        acts = []
        # Owed types are paid in goods order (wood first), so the only questions asked are
        # which building each cube comes from and, where the cost allows, which type: wood or
        # stone for a trail, wood instead of stone with a Mason's Lodge.
        owed = next((g for g in range(NUM_GOODS) if rem[g]), None)
        if owed is None:
            candidates: tuple[int, ...] = (WOOD, STONE)
        elif owed == STONE and rem[6] > 0:
            candidates = (WOOD, STONE)
        else:
            candidates = (owed,)
        for g in candidates:
            nxt = _pay_step(rem, g)
            if nxt is None:
                continue
            tot[g] -= 1
            ok = _affordable(nxt, tot)
            tot[g] += 1
            if not ok:
                continue
            for b in range(len(bcell)):
                if cubes[b * NUM_GOODS + g]:
                    acts.append(Action(PAY, g, bcell[b]))
        return acts

    def _moves(self, seat: int) -> list[Action]:
        """Every single-cube transport move (FF-TRN-1..9)."""
        topo = self._topology(seat)
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        bcell = self.bcell[seat]
        expert = seat in self.options.get("expert", ())
        free = [TILES[t].slots - fx.load(cubes, b * NUM_GOODS) for b, t in enumerate(kinds)]
        acts = []
        for b in range(len(kinds)):
            base = b * NUM_GOODS
            src = bcell[b]
            for g in range(NUM_GOODS):
                if not cubes[base + g]:
                    continue
                bit = 1 << g
                for d in topo.reachable(src, g, expert):
                    if d != b and free[d] > 0 and TILES[kinds[d]].accepts & bit:
                        acts.append(Action(MOVE, g, src, bcell[d]))
        return acts

    def _has_move(self, seat: int) -> bool:
        if self.moves_left <= 0:
            return False
        topo = self._topology(seat)
        cubes = self.cubes[seat]
        kinds = self.kinds[seat]
        expert = seat in self.options.get("expert", ())
        for b in range(len(kinds)):
            base = b * NUM_GOODS
            for g in range(NUM_GOODS):
                if not cubes[base + g]:
                    continue
                bit = 1 << g
                for d in topo.reachable(self.bcell[seat][b], g, expert):
                    if d != b and TILES[kinds[d]].accepts & bit and self.free_slots(seat, d) > 0:
                        return True
        return False

    def _effect_actions(self, seat: int, b: int, left: int) -> list[Action]:
        """Actions of one transport-start effect on building ``b`` with ``left`` uses."""
        tid = self.kinds[seat][b]
        cubes = self.cubes[seat]
        bcell = self.bcell[seat]
        kinds = self.kinds[seat]
        acts = []
        if tid in _HAS_HAUL:  # FF-EFX-22/23
            if self.free_slots(seat, b) > 0:
                for o in range(len(kinds)):
                    if o == b:
                        continue
                    for g in range(NUM_GOODS):
                        if cubes[o * NUM_GOODS + g]:
                            acts.append(Action(HAUL, g, bcell[o]))
        elif tid in _HAS_PORTER:  # FF-EFX-24
            free = [TILES[t].slots - fx.load(cubes, i * NUM_GOODS) for i, t in enumerate(kinds)]
            for o in range(len(kinds)):
                for g in range(NUM_GOODS):
                    if not cubes[o * NUM_GOODS + g]:
                        continue
                    for d in range(len(kinds)):
                        if d != o and free[d] > 0 and TILES[kinds[d]].accepts >> g & 1:
                            acts.append(Action(MOVE, g, bcell[o], bcell[d]))
        return acts

    def _tstart_actions(self, frame: tuple) -> list[Action]:
        _, seat, pending, active, left = frame
        acts: list[Action] = []
        if active >= 0:
            acts = self._effect_actions(seat, active, left)
        else:
            seen = set()
            for b in pending:
                for a in self._effect_actions(seat, b, _EFFECT_COUNT[self.kinds[seat][b]]):
                    if a not in seen:
                        seen.add(a)
                        acts.append(a)
        acts.append(A_DONE)
        return acts

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action) -> None:
        """Carry out a legal action (no checks)."""
        self._legal = None
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

    def _log_move(self, kind: str, seat: int, g: int, src: int, dst: int, by: str) -> None:
        event = {"good": GOODS[g], "from": cell_name(src), "to": cell_name(dst)}
        if by:
            event["by"] = by
        self._events.add(kind, seat, event)

    def _log_forced_stage_end(self, seat: int) -> None:
        """Why a seat's transportation (or final stage) ends with no choice left."""
        reason = "cap" if self.moves_left <= 0 and self._has_move_ignoring_cap(seat) else "stuck"
        self._events.add("stage_end", seat, {"reason": reason})

    def _has_move_ignoring_cap(self, seat: int) -> bool:
        left, self.moves_left = self.moves_left, 1
        try:
            return self._has_move(seat)
        finally:
            self.moves_left = left

    def _move_cube(self, seat: int, g: int, src_cell: int, dst_cell: int) -> None:
        cells = self.cells[seat]
        cubes = self.cubes[seat]
        cubes[cells[src_cell] * NUM_GOODS + g] -= 1
        cubes[cells[dst_cell] * NUM_GOODS + g] += 1

    def _do_pay(self, top: tuple, action: Action) -> None:
        _, seat, rem, then = top
        g = action.a
        self.cubes[seat][self.cells[seat][action.b] * NUM_GOODS + g] -= 1
        if self._events is not None:
            self._events.add("pay", seat, {
                "good": GOODS[g], "cell": cell_name(action.b),
                "tile": TILES[self.kinds[seat][self.cells[seat][action.b]]].name,
            })
        rem = _pay_step(rem, g)
        if any(rem[:6]):
            self.frames[-1] = ("pay", seat, rem, then)
            return
        self.frames.pop()
        what = then[0]
        if what == "build":
            self.subs_left[seat] = rem[6]
            self._complete_build(seat, then[1], then[2])
        elif what == "trail":
            self._place_trail(seat, then[1], then[2])
        else:  # upgrade (FF-TRL-4, FF-TRL-11)
            self.cells[seat][then[1]] = -then[2]
            self._topo[seat] = None
            if self._events is not None:
                self._events.add("upgrade", seat, {"cell": cell_name(then[1]), "shape": shape_name(then[2])})
            self._count_trail_step()

    def _count_trail_step(self) -> None:
        top = self.frames[-1]
        self.frames[-1] = ("trails", top[1], top[2] + 1)

    def _start_trail(self, seat: int, cell: int, mask: int) -> None:
        if mask not in TEE_INDEX and self.free_trails[seat] > 0:
            self.free_trails[seat] -= 1  # Lean-to (FF-EFX-19)
            self._place_trail(seat, cell, mask, free=True)
            return
        cost = 2 if mask in TEE_INDEX else 1  # FF-TRL-2/3
        self.frames.append(("pay", seat, (0, 0, 0, 0, 0, cost, 0), ("trail", cell, mask)))

    def _place_trail(self, seat: int, cell: int, mask: int, free: bool = False) -> None:
        if self._events is not None:
            self._events.add("trail", seat, {"cell": cell_name(cell), "shape": shape_name(mask),
                                             "free": free})
        self.cells[seat][cell] = -mask
        self.ntrails[seat] += 1
        self._topo[seat] = None
        self._count_trail_step()

    def _complete_build(self, seat: int, tid: int, cell: int) -> None:
        """Place the paid tile, resolve its immediate effects, then refill (FF-CON-11)."""
        space = self._space_of(tid)
        self.display[space].pop()
        b = len(self.kinds[seat])
        self.cells[seat][cell] = b
        self.kinds[seat].append(tid)
        self.bcell[seat].append(cell)
        self.cubes[seat].extend((0, 0, 0, 0, 0))
        self._topo[seat] = None
        # A construction helper works from the moment it stands (FF-EFX-18..20).
        self.free_trails[seat] += _FREE_TRAIL[tid]
        self.subs_left[seat] += _SUBS[tid]
        self.frames.append(("end_turn", seat))
        log = self._events
        if log is not None:
            log.add("build", seat, {"tile": TILES[tid].name, "cell": cell_name(cell)})
        if self.solo:
            self.frames.append(("solo_refresh", seat, "C" if space >= self.n_ab else "AB"))
        elif not self.display[space]:
            self.frames.append(("refill", seat, space))
        kind = TILES[tid]
        for eff in kind.effects:
            if eff.when != "immediate":
                continue
            if eff.kind == "gain":
                if log is not None:
                    before = self.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
                if eff.points:
                    self._gain(seat, eff.points)  # FF-EFX-8
                if any(eff.goods):
                    pending = fx.place_goods(self.cubes[seat], b * NUM_GOODS, kind.slots, eff.goods)
                    if pending is not None:
                        self.frames.append(("keep", seat, b, pending[0], pending[1]))
                if log is not None:
                    after = self.cubes[seat][b * NUM_GOODS:(b + 1) * NUM_GOODS]
                    log.add("effect", seat, {
                        "tile": kind.name,
                        "gained": goods_dict([x - y for x, y in zip(after, before, strict=True)]),
                        "points": eff.points, "source": source(kind.name, "built"),
                    })
            elif eff.kind == "gain_one_type":  # FF-EFX-9
                self.frames.append(("choose", seat, b, eff.amount))

    def _do_keep(self, top: tuple, g: int) -> None:
        _, seat, b, vec, free = top
        cubes = self.cubes[seat]
        cubes[b * NUM_GOODS + g] += 1
        vec = list(vec)
        vec[g] -= 1
        free -= 1
        self.frames.pop()
        log = self._events
        if log is not None:
            name = TILES[self.kinds[seat][b]].name
            log.add("keep", seat, {"tile": name, "good": GOODS[g]})
            before = cubes[b * NUM_GOODS:(b + 1) * NUM_GOODS]
        if free > 0 and any(vec):
            pending = fx.place_goods(cubes, b * NUM_GOODS, TILES[self.kinds[seat][b]].slots, vec)
            if pending is not None:
                self.frames.append(("keep", seat, b, pending[0], pending[1]))
                return
        if log is not None:
            placed = [cubes[b * NUM_GOODS + x] - before[x] for x in range(NUM_GOODS)]
            lost = [vec[x] - placed[x] for x in range(NUM_GOODS)]
            if any(lost):
                log.add("discard", seat, {"tile": name, "goods": goods_dict(lost)})

    def _do_tstart(self, top: tuple, action: Action) -> None:
        _, seat, pending, active, left = top
        if action.kind == DONE:
            if active < 0:
                self.frames.pop()  # decline every remaining start-of-transport effect
                return
            pending = tuple(p for p in pending if p != active)
            self._set_tstart(seat, pending, -1, 0)
            return
        if active < 0:
            want = _HAS_HAUL if action.kind == HAUL else _HAS_PORTER
            active = next(b for b in pending if self.kinds[seat][b] in want)
            left = _EFFECT_COUNT[self.kinds[seat][active]]
        if action.kind == HAUL:
            cubes = self.cubes[seat]
            cubes[self.cells[seat][action.b] * NUM_GOODS + action.a] -= 1
            cubes[active * NUM_GOODS + action.a] += 1
        else:
            self._move_cube(seat, action.a, action.b, action.c)
        if self._events is not None:
            by = TILES[self.kinds[seat][active]].name
            if action.kind == HAUL:
                self._log_move("haul", seat, action.a, action.b, self.bcell[seat][active], by)
            else:
                self._log_move("move", seat, action.a, action.b, action.c, by)
        left -= 1
        if left <= 0:
            pending = tuple(p for p in pending if p != active)
            active = -1
        self._set_tstart(seat, pending, active, left)

    def _set_tstart(self, seat: int, pending: tuple, active: int, left: int) -> None:
        self.frames.pop()
        if pending:
            self.frames.append(("tstart", seat, pending, active, left))

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

    def describe_decision(self) -> str:
        """One line saying what the player to act is deciding."""
        if self.phase == OVER:
            return "the game is over"
        seat = self.current_player
        if self.frames:
            top = self.frames[-1]
            fk = top[0]
            if fk == "pay":
                rem = top[2]
                want = format_goods(rem[:5]) if any(rem[:5]) else ""
                if rem[5]:
                    want = (want + " + " if want else "") + f"{rem[5]} wood or stone"
                what = top[3][0]
                return f"seat {seat}: choose the cubes that pay for the {what} (still owed: {want})"
            if fk == "place":
                return f"seat {seat}: choose a cell for the {TILES[top[2]].name}"
            if fk == "trails":
                return f"seat {seat}: trail action ({top[2]} so far): build or upgrade trails, or done"
            if fk == "keep":
                b = top[2]
                name = TILES[self.kinds[seat][b]].name
                offer = format_goods(top[3])
                return f"seat {seat}: {name} has {top[4]} free slot(s) for {offer}: keep which?"
            if fk == "choose":
                return f"seat {seat}: choose the goods type for the {TILES[self.kinds[seat][top[2]]].name}"
            if fk == "tstart":
                return f"seat {seat}: start of transport: use Hauler's Hut / Porter's Lodge, or done"
        if self.phase == CONSTRUCTION:
            return f"seat {seat}: construction turn: build a tile, start a trail action, or pass"
        if self.phase == TRANSPORT:
            return f"seat {seat}: transport cubes along your trails, then done ({self.moves_left} moves left)"
        return f"seat {seat}: final stage: move cubes and process as you like, then done"

    # ------------------------------------------------------------------ ids and notation
    def _building_at(self, seat: int, cell: int, what: str) -> int:
        code = self.cells[seat].get(cell, -1)
        if code < 0:
            raise IllegalAction(f"there is no building of seat {seat} at {cell_name(cell)} ({what})")
        return code

    def _action_id(self, action) -> int:
        a = action if isinstance(action, Action) else Action(*action)
        k = a.kind
        if not 0 <= k < len(KIND_WORDS):
            raise IllegalAction(f"{tuple(a)} has kind {k}, which is not an action kind; kinds run "
                                f"0-{len(KIND_WORDS) - 1} ({', '.join(KIND_WORDS)})")
        if k <= PROCESS:
            return k
        if k == BUILD:
            return OFF_BUILD + a.a
        if k == KEEP:
            return OFF_KEEP + a.a
        if k == CHOOSE:
            return OFF_CHOOSE + a.a
        seat = self.current_player
        if seat is None:
            raise IllegalAction("the game is over: no action has an id")
        if k in (PLACE, TRAIL):
            index = self._topology(seat).frontier_index.get(a.a)
            if index is None:
                raise IllegalAction(f"cell {cell_name(a.a)} is not next to seat {seat}'s town ({a})")
            if k == PLACE:
                return OFF_PLACE + index
            return OFF_TRAIL + index * len(SHAPES) + SHAPE_INDEX[a.b]
        if k == UPGRADE:
            index = self._topology(seat).trail_index.get(a.a)
            if index is None:
                raise IllegalAction(f"there is no trail of seat {seat} at {cell_name(a.a)} ({a})")
            return OFF_UPGRADE + index * len(TEES) + TEE_INDEX[a.b]
        if k == PAY:
            return OFF_PAY + a.a * MAX_BUILDINGS + self._building_at(seat, a.b, str(a))
        if k == HAUL:
            return OFF_HAUL + a.a * MAX_BUILDINGS + self._building_at(seat, a.b, str(a))
        src = self._building_at(seat, a.b, str(a))
        dst = self._building_at(seat, a.c, str(a))
        return OFF_MOVE + (src * MAX_BUILDINGS + dst) * NUM_GOODS + a.a

    def _action_from_id(self, action_id: int) -> Action:
        i = action_id
        if i < OFF_BUILD:
            return Action(i)
        if i < OFF_PLACE:
            return Action(BUILD, i - OFF_BUILD)
        if OFF_KEEP <= i < OFF_CHOOSE:
            return Action(KEEP, i - OFF_KEEP)
        if OFF_CHOOSE <= i < OFF_HAUL:
            return Action(CHOOSE, i - OFF_CHOOSE)
        seat = self.current_player
        if seat is None:
            raise BadActionId("the game is over: ids cannot be decoded")
        bcell = self.bcell[seat]
        topo = self._topology(seat)

        def nth(cells: tuple[int, ...], n: int, what: str) -> int:
            if n >= len(cells):
                raise BadActionId(f"action id {i} names {what} #{n}, but seat {seat} has {len(cells)}")
            return cells[n]

        if i < OFF_TRAIL:
            return Action(PLACE, nth(topo.frontier, i - OFF_PLACE, "frontier cell"))
        if i < OFF_UPGRADE:
            n, s = divmod(i - OFF_TRAIL, len(SHAPES))
            return Action(TRAIL, nth(topo.frontier, n, "frontier cell"), SHAPES[s])
        if i < OFF_PAY:
            n, s = divmod(i - OFF_UPGRADE, len(TEES))
            return Action(UPGRADE, nth(topo.trails, n, "trail"), TEES[s])

        def cell_of_building(b: int) -> int:
            if b >= len(bcell):
                raise BadActionId(f"action id {i} names building #{b}, but seat {seat} has {len(bcell)}")
            return bcell[b]

        if i < OFF_KEEP:
            g, b = divmod(i - OFF_PAY, MAX_BUILDINGS)
            return Action(PAY, g, cell_of_building(b))
        if i < OFF_MOVE:
            g, b = divmod(i - OFF_HAUL, MAX_BUILDINGS)
            return Action(HAUL, g, cell_of_building(b))
        rest, g = divmod(i - OFF_MOVE, NUM_GOODS)
        src, dst = divmod(rest, MAX_BUILDINGS)
        return Action(MOVE, g, cell_of_building(src), cell_of_building(dst))

    def _parse_structural(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise IllegalAction("empty action; type a move such as 'pass' or 'build Sheepfold'")
        verb, args = words[0], words[1:]
        simple = {"pass": A_PASS, "trails": A_TRAILS, "done": A_DONE, "process": A_PROCESS}
        try:
            if verb in simple and not args:
                return simple[verb]
            if verb == "build" and args:
                name = " ".join(args)
                try:
                    return Action(BUILD, find_tile(name).id)
                except KeyError:
                    raise ValueError(f"there is no tile called {name!r}") from None
            if verb == "place" and len(args) == 1:
                return Action(PLACE, parse_cell(args[0]))
            if verb in ("trail", "upgrade") and len(args) == 2:
                mask = parse_shape(args[0])
                if verb == "upgrade" and mask not in TEE_INDEX:
                    raise ValueError("an upgrade makes a T-junction: give three openings, e.g. NEW")
                return Action(TRAIL if verb == "trail" else UPGRADE, parse_cell(args[1]), mask)
            if verb in ("pay", "haul") and len(args) == 2:
                return Action(PAY if verb == "pay" else HAUL, goods_index(args[0]), parse_cell(args[1]))
            if verb in ("keep", "choose") and len(args) == 1:
                return Action(KEEP if verb == "keep" else CHOOSE, goods_index(args[0]))
            if verb == "move" and len(args) == 2 and ">" in args[1]:
                src, dst = args[1].split(">", 1)
                return Action(MOVE, goods_index(args[0]), parse_cell(src), parse_cell(dst))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        raise IllegalAction(
            f"cannot read {text!r}; actions look like: pass | trails | done | process | "
            "build <tile> | place x,y | trail NS x,y | upgrade NEW x,y | pay wood x,y | "
            "keep wood | choose sheep | haul coal x,y | move wood x,y>x,y"
        )

    def _explain_illegal(self, action) -> str:
        """A specific reason why ``action`` is not legal now."""
        a = action if isinstance(action, Action) else Action(*action)
        if self.phase == OVER:
            return "the game is over"
        seat = self.current_player
        k = a.kind
        legal_kinds = {x.kind for x in self.legal_actions()}
        if k not in legal_kinds:
            return f"that kind of action is not possible now ({self.describe_decision()})"
        cells = self.cells[seat]
        if k == BUILD:
            kind = TILES[a.a]
            if self._space_of(a.a) < 0:
                return f"{kind.name} is not on the display"
            have = self.totals(seat)
            return (f"{kind.name} costs {format_goods(kind.cost)} and your town holds "
                    f"{format_goods(have)}")
        if k in (PLACE, TRAIL):
            if a.a in cells:
                return f"cell {cell_name(a.a)} is already occupied"
            if a.a not in self._topology(seat).frontier:
                return f"cell {cell_name(a.a)} does not share an edge with your town"
            if k == TRAIL:
                need = self._required_openings(seat, a.a)
                if a.b & need != need:
                    return (f"a trail at {cell_name(a.a)} must open {shape_name(need)} so it does not "
                            "cut off a neighbouring trail")
                return "you cannot afford that trail (1 wood or stone; a T-junction costs 2)"
        if k == UPGRADE:
            code = cells.get(a.a)
            if code is None or code >= 0:
                return f"there is no trail at {cell_name(a.a)}"
            if is_tee(-code):
                return f"the trail at {cell_name(a.a)} is already a T-junction"
            live = self._live_openings(seat, a.a)
            if a.b & live != live:
                return f"the T-junction must keep the live openings {shape_name(live)}"
            return "an upgrade costs 1 wood or stone"
        if k in (PAY, HAUL, MOVE):
            code = cells.get(a.b, -1)
            if code < 0:
                return f"there is no building at {cell_name(a.b)}"
            if not self.cubes[seat][code * NUM_GOODS + a.a]:
                return f"the building at {cell_name(a.b)} holds no {GOODS[a.a]}"
            if k == PAY:
                return f"{GOODS[a.a]} is not part of what is still owed"
            if k == MOVE:
                dst = cells.get(a.c, -1)
                if dst < 0:
                    return f"there is no building at {cell_name(a.c)}"
                kind = TILES[self.kinds[seat][dst]]
                if not kind.accepts_goods(a.a):
                    return f"{kind.name} does not take {GOODS[a.a]}"
                if self.free_slots(seat, dst) <= 0:
                    return f"{kind.name} has no free slot"
                if seat in self.options.get("expert", ()):
                    return ("no trail path joins the two buildings through buildings that show "
                            f"{GOODS[a.a]} (expert variant)")
                return "no trail path joins the two buildings"
        return "it is not among the legal actions; list them to see what you can do"

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
        from .snapshot import state_from_json

        return state_from_json(cls, data)


def tile_from_ref(ref: str) -> int:
    if ref not in _REF_TILE:
        raise BadSnapshot(f"unknown tile {ref!r}; tiles are written as tier:name, e.g. 'A:Allotment'")
    return _REF_TILE[ref]
