"""The Harvest game state: its fields, setup's deal, clone, and the contract's entry points.

A flat, hand-cloned state. The rules live in modules of functions that take the state, one
per chapter of the rulebook (setup, rounds, town, fields, festival, gairy, scoring); the
decisions pending are named records on a stack (``frames.py``, top = last), and ``flow.py``
declares which step answers each. Automatic steps (income, Gairy's turns, Sunset, the
end-of-turn market shift) run in ``flow.advance``, so Gairy is never a seat that decides
(HV-GAI-4).
"""

from __future__ import annotations

from typing import Any

from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState, copy_list
from . import codec, flow, scoring
from . import rulings as R
from .actions import (
    KEEPC,
    KEEPH,
    NCELLS,
    NUM_ACTION_IDS,
    Action,
)
from .cards import draw_card
from .constants import EMPTY, FOREST
from .content import BUILDINGS, CHARACTERS, FARMHOUSES, FESTIVAL, SPACES
from .content import MARKET as MARKET_TILES
from .content import SUNRISE as SUNRISE_TILES
from .events import describe as describe_event
from .events import is_news
from .explain import describe_decision, explain_illegal, log_action
from .frames import DECISIONS, TURN_STARTS, KeepCharacter, KeepFarmhouse
from .rounds import begin_sunrise
from .setup import log_reveal, start_supply


class HarvestState(GameState):
    """A Harvest position. Create one with ``acreage.new_game("harvest", ...)``."""

    game_name = "harvest"
    action_type = Action
    rules_version = "1"

    # ------------------------------------------------------------------ setup (HV-SET)
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        """Setup (HV-SET), in the rulebook's order: supplies, farms, the shuffled decks and stacks, the
        cards dealt to keep, then the first frames. One function because each step draws from the one
        seeded generator in turn: the order of the draws is part of the game a seed gives."""
        if not isinstance(players, int) or not 1 <= players <= 4:  # HV-SET-1
            raise ValueError("Harvest takes 1 to 4 players")
        self.num_players = n = players
        self.seed = seed
        self.options = dict(options)
        self._events = new_log()
        self.fall_festival = bool(self.options.get("fall_festival", True))
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        self._legal: list[Action] | None = None
        #: Counts what undo cannot take back (the core's ``undo_mark``): a phase, round or
        #: turn ended, something revealed or rolled. Bumped by the rules where it happens.
        self.undo_mark = 0
        rng = self.rng
        self.round = 1
        self.phase = "setup"
        self.coins = [R.START_COINS] * n
        self.bucket_capacity = [R.START_CAPACITY] * n
        self.water = [R.START_CAPACITY] * n
        self.fertilizer = [R.START_FERTILIZER] * n
        self.seeds = [list(R.START_SEEDS) for _ in range(n)]
        self.points = [0] * n
        forest = [FOREST if (i % R.COLS) + 1 in R.FOREST_COLUMNS else EMPTY for i in range(NCELLS)]
        self.farm = [list(forest) for _ in range(n)]
        self.buildings: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (building id, top-left cell)
        chars = [c.id for c in CHARACTERS if self.fall_festival or not c.expansion]
        houses = [f.id for f in FARMHOUSES]
        rng.shuffle(chars)
        rng.shuffle(houses)
        self.dealt_characters = [(chars.pop(), chars.pop()) for _ in range(n)]
        self.dealt_farmhouses = [(houses.pop(), houses.pop()) for _ in range(n)]
        self.character = [-1] * n
        self.farmhouse = [-1] * n
        tiles = [t.number for t in SUNRISE_TILES if self.fall_festival or not t.expansion]
        rng.shuffle(tiles)
        self.sunrise_tile = [tiles.pop() for _ in range(n)]
        self.sunrise_stack = tiles  # top = end
        self.display: list[int] = []
        self.building_stack = [b.id for b in BUILDINGS]
        rng.shuffle(self.building_stack)
        # The Workshop's slots, row-major, row 0 = top (-1: empty).
        self.workshop_slots = [self.building_stack.pop() for _ in range(3 * R.SLOTS_PER_ROW)]
        mk = [m.id for m in MARKET_TILES]
        rng.shuffle(mk)
        per = len(mk) // R.MARKET_STACKS if len(mk) < 4 * R.MARKET_STACKS else 4
        self.market_stacks = [mk[i * per:(i + 1) * per] for i in range(R.MARKET_STACKS)]
        self.market_discards: list[int] = []  # Market tiles discarded face up at Sunset
        self.festival_deck: list[int] = []
        self.festival_discards: list[int] = []
        self.festival_p2 = self.festival_p1 = -1  # the festival cards shown at P2 and P1 (-1: none)
        if self.fall_festival:
            self.festival_deck = [c.id for c in FESTIVAL for _ in range(c.copies)]
            rng.shuffle(self.festival_deck)
            self.festival_p2 = draw_card(self)
            self.festival_p1 = draw_card(self)
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.fresh: list[list[int]] = [[] for _ in range(n)]
        self.wheelbarrows = [0] * n
        self.mice = [0] * n
        self.basket = [0] * n
        self.basket_back = [0] * n
        # Entries that are tuples (the dealt pairs, each space's occupants, the spaces placed on
        # and action buildings used this round, each building's (id, cell)) are replaced, never
        # changed in place, so a clone copies only the list that holds them.
        self.occupants: list[tuple[int, ...]] = [() for _ in SPACES]  # per space, the seats there (-1: Gairy)
        self.placed: list[tuple[int, ...]] = [() for _ in range(n)]
        self.buildings_used: list[tuple[int, ...]] = [() for _ in range(n)]  # action buildings, this round
        # Once-a-round character abilities spent this round, as bits: 1 Trader TP-2, 2 Market
        # Regular, 4 Water Witch fill.
        self.once_used = [0] * n
        self.gairy = n <= 2
        self.gairy_wheelbarrows = self.gairy_baskets = 0
        self.gairy_deck: list[str] = []
        self.gairy_drawn: list[str] = []
        self.queue: list[int] = []
        self.cycle_placed = False
        self.turn_number = 0
        self.frames: list = []  # decision records (frames.py), top = last
        assign = self.options.get("assign")
        if self._events is not None and not assign:
            for s in range(n):
                self._events.add("deal", s, {
                    "characters": [CHARACTERS[c].name for c in self.dealt_characters[s]],
                    "farmhouses": [FARMHOUSES[h].name for h in self.dealt_farmhouses[s]],
                }, seen_by=frozenset((s,)), public={})
        if assign:  # HV-SET-9
            for s, (c, h) in enumerate(assign):
                self.character[s], self.farmhouse[s] = c, h
            log_reveal(self)
            start_supply(self)
            self.phase = "sunrise"
            begin_sunrise(self)
        else:
            for s in reversed(range(n)):
                self.frames.append(KeepFarmhouse(s))
            for s in reversed(range(n)):
                self.frames.append(KeepCharacter(s))
        self._advance()


    # ------------------------------------------------------------------ playing
    @property
    def current_player(self) -> int | None:
        if self.frames:
            top = self.frames[-1]
            if type(top) in DECISIONS:
                return top.seat
        return None

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTION_IDS

    def _public_notation(self, a: Action) -> str:
        """Characters and farmhouses are kept face down until every seat has chosen
        (HV-SET-8): a shared log shows only that a choice was made."""
        if a.kind == KEEPC:
            return "keep character (face down)"
        if a.kind == KEEPH:
            return "keep farmhouse (face down)"
        return str(a)

    def _secret_choice(self, a: Action) -> bool:
        """Characters and farmhouses are kept face down until every seat has chosen
        (HV-SET-8): a seat may change its keep until then."""
        return a.kind == KEEPC or a.kind == KEEPH

    def in_subdecision(self) -> bool:
        return bool(self.frames) and type(self.frames[-1]) not in TURN_STARTS

    # ------------------------------------------------------------------ apply's steps (core template)
    # The template's hooks are the declared flow's own functions (no call in between: they
    # run at every step of every search).
    _generate = flow.legal
    _advance = flow.advance
    _do = flow.do

    def _log_decision(self, seat: int | None, action: Action) -> None:
        assert seat is not None, "every Harvest move answers a seat's decision"
        log_action(self, seat, action)

    # ------------------------------------------------------------------ scoring and words
    def total(self, seat: int) -> int:
        return scoring.total(self, seat)

    def score_parts(self, seat: int) -> dict[str, int]:
        return scoring.score_parts(self, seat)

    def scores(self) -> list[int]:
        return [scoring.total(self, s) for s in range(self.num_players)]

    def rank_keys(self) -> list[tuple]:
        return scoring.rank_keys(self)

    def solo_result(self) -> dict | None:
        return scoring.solo_result(self)

    def _score_breakdown(self, seat: int) -> dict[str, int]:
        return scoring.score_breakdown(self, seat)

    def describe_decision(self) -> str:
        return describe_decision(self)

    def _explain_illegal(self, action) -> str:
        return explain_illegal(self, action)

    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ cloning & hidden info
    def clone(self) -> HarvestState:
        """A copy that shares nothing mutable, field by field (no generic walk over the
        fields: the move record alone is hundreds of entries late in a game)."""
        c = HarvestState.__new__(HarvestState)
        c.__dict__ = self.__dict__.copy()  # a dict's copy is several times faster than update()
        c.rng = self.rng.clone()
        c._events = None  # search clones keep no log
        c.options = dict(self.options)
        if self._legal is not None:
            c._legal = self._legal[:]
        # Written out field by field, flat lists with one slice and lists of lists inner by
        # inner (a loop over the fields' names cost a fifth of the clone); a property test
        # checks that no list or dict of a clone is its original's.
        c.history = self.history[:]
        c.history_seats = self.history_seats[:]
        c.coins = self.coins[:]
        c.bucket_capacity = self.bucket_capacity[:]
        c.water = self.water[:]
        c.fertilizer = self.fertilizer[:]
        c.points = self.points[:]
        c.character = self.character[:]
        c.farmhouse = self.farmhouse[:]
        c.sunrise_tile = self.sunrise_tile[:]
        c.sunrise_stack = self.sunrise_stack[:]
        c.display = self.display[:]
        c.building_stack = self.building_stack[:]
        c.workshop_slots = self.workshop_slots[:]
        c.market_discards = self.market_discards[:]
        c.festival_deck = self.festival_deck[:]
        c.festival_discards = self.festival_discards[:]
        c.wheelbarrows = self.wheelbarrows[:]
        c.mice = self.mice[:]
        c.basket = self.basket[:]
        c.basket_back = self.basket_back[:]
        c.once_used = self.once_used[:]
        c.gairy_deck = self.gairy_deck[:]
        c.gairy_drawn = self.gairy_drawn[:]
        c.queue = self.queue[:]
        c.frames = self.frames[:]
        c.dealt_characters = self.dealt_characters[:]
        c.dealt_farmhouses = self.dealt_farmhouses[:]
        c.occupants = self.occupants[:]
        c.placed = self.placed[:]
        c.buildings_used = self.buildings_used[:]
        c.seeds = [*map(copy_list, self.seeds)]
        c.farm = [*map(copy_list, self.farm)]
        c.market_stacks = [*map(copy_list, self.market_stacks)]
        c.cards = [*map(copy_list, self.cards)]
        c.fresh = [*map(copy_list, self.fresh)]
        c.buildings = [*map(copy_list, self.buildings)]
        return c

    def _observation(self, seat: int | None) -> dict:
        from .hidden import observe

        return observe(self, seat)

    def _determinize(self, seat: int, rng) -> HarvestState:
        from .hidden import determinize

        return determinize(self, seat, rng)

    # ------------------------------------------------------------------ ids and notation
    def _action_id(self, action: Action) -> int:
        return codec.action_id(self, action)

    def _action_from_id(self, action_id: int) -> Action:
        return codec.action_from_id(self, action_id)

    def _parse_structural(self, text: str) -> Action:
        return codec.parse(text)


    def _state_to_json(self) -> dict:
        from .snapshot import state_to_json

        return state_to_json(self)

    @classmethod
    def _state_from_json(cls, data: dict) -> HarvestState:
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
        return 2 * self.num_players + 4 * self.num_players * (1 + 5 * 60)
