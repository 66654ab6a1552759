"""The Foxglove Farm game state: its fields, setup, clone, and the contract's entry points.

A flat state (lists and dicts of ints, one entry per seat), cloned by hand. The rules live in
modules of functions that take the state, one per chapter of the rulebook: the display,
production, construction (builds), payment, trails, transport, rounds and scoring, with the
questions they share in ``queries.py``. Each round runs Production → Construction →
Transportation → Processing (round 4 replaces the last two with one combined stage). The
decisions pending are named records on a stack (``frames.py``, top = last); with none, the
phase itself is the decision. ``flow.py`` declares which step answers each; steps with no real
choice (forced payments, refills, processing) run in ``flow.advance``, so a player is only
asked where a choice exists.

Rule IDs in comments refer to ``shared/rules/foxglove.md``.
"""

from __future__ import annotations

from typing import Any

from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState, copy_dict, copy_list
from . import flow, queries, scoring
from .actions import DONE, Action
from .codec import action_from_id, action_id, parse
from .constants import CONSTRUCTION, FINAL, NUM_ACTION_IDS, PRODUCTION, TRANSPORT
from .content import FOREST, MINE, TILES
from .display import setup_tiles
from .events import describe as describe_event
from .events import is_news
from .explain import describe_decision, explain_illegal
from .frames import TURN_STEPS, Keep
from .geometry import cell_of
from .goods import NUM_GOODS
from .rounds import begin_round
from .rulings import AB_SPACES, FOREST_CELL, MINE_CELL
from .topology import Topology


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
        self.stage_index = 0
        self.moves_left = 0
        self.frames: list = []  # the decisions pending, top = last (frames.py)
        self.free_trails = [0] * players
        self.wood_for_stone_left = [0] * players
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        #: Counts what undo cannot take back (the core's ``undo_mark``): a face-down tile
        #: revealed, a phase or round ended. Bumped by the rules where it happens.
        self.undo_mark = 0
        self._legal: list[Action] | None = None
        self.removed: list[int] = []
        self.stacks: list[list[int]] = [[], [], []]  # A, B, C; top = last (setup_tiles deals them)
        self.display: list[list[int]] = []  # each space's tiles, identical ones stacked
        # Towns (FF-SET-6/7): cell -> code (building index >= 0, trail = -openings).
        self.cells: list[dict[int, int]] = []
        self.building_tiles: list[list[int]] = []
        self.building_cells: list[list[int]] = []
        self.cubes: list[list[int]] = []
        self.trails_laid = [0] * players
        self._topologies: list[Topology | None] = [None] * players
        for _ in range(players):
            forest, mine = cell_of(*FOREST_CELL), cell_of(*MINE_CELL)
            self.cells.append({forest: 0, mine: 1})
            self.building_tiles.append([FOREST.id, MINE.id])
            self.building_cells.append([forest, mine])
            self.cubes.append([0] * (2 * NUM_GOODS))
        setup_tiles(self)
        start = options.get("start_player")
        self.start_player = self.rng.below(players) if start is None else start  # FF-SET-12
        if self._events is not None:
            self._events.add("setup", None, {
                "start_player": self.start_player,
                "display": [TILES[sp[-1]].name for sp in self.display if sp],
            })
        begin_round(self)
        flow.advance(self)

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    @property
    def n_ab(self) -> int:
        return AB_SPACES[self.num_players]

    # ------------------------------------------------------------------ playing
    def in_subdecision(self) -> bool:
        """True at every step of a turn that has begun and is not finished: placing, paying, a
        trail action, and the choices a build's immediate effect asks for (the Emporium's goods
        type, which gained cubes to keep). A build is one turn (FF-CON-1, FF-CON-11), so a
        search finishes it before judging the position."""
        if not self.frames:
            return False
        kind = type(self.frames[-1])
        return kind in TURN_STEPS or (kind is Keep and self.phase == CONSTRUCTION)

    @property
    def current_player(self) -> int | None:
        if self.frames:
            return self.frames[-1].seat
        if self.phase == CONSTRUCTION:
            return self.turn
        if self.phase == TRANSPORT or self.phase == FINAL:
            return self.order[self.stage_index]
        return None

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTION_IDS

    # ------------------------------------------------------------------ apply's steps (core template)
    AUTO_EVENTS = frozenset(("pay",))  # the only way to pay: no action line shows it

    # The template's hooks are the declared flow's own functions (no call in between: they
    # run at every step of every search).
    _generate = flow.legal
    _advance = flow.advance
    _do = flow.do
    _offers = flow.offers

    def _log_decision(self, seat: int | None, action: Action) -> None:
        if (action.kind == DONE and not self.frames and (self.phase == TRANSPORT or self.phase == FINAL)
                and self._events is not None):
            self._events.add("stage_end", seat, {"reason": "done"})

    # ------------------------------------------------------------------ scoring and words
    def scores(self) -> list[int]:
        return self.points[:]

    def rank_keys(self) -> list[tuple]:
        return scoring.rank_keys(self)

    def solo_result(self) -> dict | None:
        return scoring.solo_result(self)

    def end_game_points(self, seat: int) -> int:
        """Points from end-game effects on this seat's town as it stands (FF-END-1/2)."""
        return queries.end_game_points(self, seat)

    def cubes_in_town(self, seat: int) -> int:
        return queries.cubes_in_town(self, seat)

    def tiles_in_town(self, seat: int) -> int:
        return queries.tiles_in_town(self, seat)

    def describe_decision(self) -> str:
        return describe_decision(self)

    def _explain_illegal(self, action) -> str:
        return explain_illegal(self, action)

    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ clone & hidden info
    def clone(self) -> FoxgloveState:
        c = FoxgloveState.__new__(FoxgloveState)
        c.__dict__ = self.__dict__.copy()  # a dict's copy is several times faster than update()
        c.rng = self.rng.clone()
        c._events = None  # search clones keep no log
        c.options = dict(self.options)
        c.points = self.points[:]
        c.passed = self.passed[:]
        c.frames = self.frames[:]
        c.free_trails = self.free_trails[:]
        c.wood_for_stone_left = self.wood_for_stone_left[:]
        c.history = self.history[:]
        c.history_seats = self.history_seats[:]
        c.removed = self.removed[:]
        c.stacks = [*map(copy_list, self.stacks)]
        c.display = [*map(copy_list, self.display)]
        c.cells = [*map(copy_dict, self.cells)]
        c.building_tiles = [*map(copy_list, self.building_tiles)]
        c.building_cells = [*map(copy_list, self.building_cells)]
        c.cubes = [*map(copy_list, self.cubes)]
        c.trails_laid = self.trails_laid[:]
        c._topologies = self._topologies[:]
        return c

    def _observation(self, seat: int | None) -> dict:
        from .hidden import observe

        return observe(self, seat)

    def _determinize(self, seat: int, rng) -> FoxgloveState:
        from .hidden import determinize

        return determinize(self, seat, rng)

    # ------------------------------------------------------------------ ids and notation
    def _action_id(self, action: Action) -> int:
        return action_id(self, action)

    def _action_from_id(self, action_id: int) -> Action:
        return action_from_id(self, action_id)

    def _parse_structural(self, text: str) -> Action:
        return parse(text)

    # ------------------------------------------------------------------ snapshots and tensors
    def _state_to_json(self) -> dict:
        from .snapshot import state_to_json

        return state_to_json(self)

    @classmethod
    def _state_from_json(cls, data: dict) -> FoxgloveState:
        from .snapshot import state_from_json

        return state_from_json(cls, data)

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
