"""Fields of Green: the game state (its fields, the deal, clone, the contract's entry points).

The state is flat (lists of ints per seat) and cloned by hand. Every year runs Maintenance
(income, water placement, draw splits) → Action phase (3–4 players: six turns of hidden picks,
each committed seat by seat, then passed, revealed and resolved from the First Player
clockwise; 2 players: alternating picks from a face-up display) → Harvest (seat by seat).

The rules live in modules of functions that take the state, one per chapter of the rulebook
(year, water, card_actions, effects, equipment, harvest, scoring); the decisions pending are
named records on a stack (``frames.py``, top = last), and ``flow.py`` declares which step
answers each. Frames with no real choice run inside :meth:`apply` (a forced pick, a payment
that can come from one Tower only, Water that fits only one way), so a player is asked only
where a choice exists. Rule IDs refer to ``shared/rules/fields_of_green.md``.
"""

from __future__ import annotations

from typing import Any

from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState, copy_dict, copy_list
from . import codec, flow, scoring
from . import rulings as R
from .actions import PICK, Action, cell_of
from .constants import COMMIT, MAINTENANCE, NUM_ACTION_IDS, SILO_ID, TOWER_ID
from .content import CARDS, EQUIPMENT, MAIN_DECKS
from .content import SILO as SILO_CARD
from .content import TOWER as TOWER_CARD
from .events import describe as describe_event
from .events import is_news
from .explain import describe_decision, explain_illegal
from .frames import DECISIONS, SUBDECISIONS, Commit
from .year import begin_year


class FieldsState(GameState):
    """A Fields of Green position. Create one with ``acreage.new_game("fields_of_green", ...)``."""

    game_name = "fields_of_green"
    action_type = Action
    #: 2: hands of one design and draws of one tile kind are asked (FG-HID-2/6), 2-player
    #: installs only before taking a card and ``done`` for an empty harvest (FG-EQ-6).
    rules_version = "2"

    # ------------------------------------------------------------------ setup (FG-SET)
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        if players not in (2, 3, 4):  # FG-SET-1
            raise ValueError("Fields of Green takes 2, 3 or 4 players")
        self.num_players = n = players
        self.seed = seed
        self.options = dict(options)
        self._events = new_log()
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        self._legal: list[Action] | None = None
        self._reveals = 0  # hidden cards come into view (undo_mark)
        # FG-SET-2: four shuffled main decks (top = end of list).
        self._decks: list[list[int]] = []
        for deck in MAIN_DECKS:
            cards = [c.id for c in CARDS if c.deck == deck for _ in range(c.copies)]
            self.rng.shuffle(cards)
            self._decks.append(cards)
        # FG-SET-3: face-up supplies, less the starting cards.
        self.towers_left = TOWER_CARD.copies - n
        self.silos_left = SILO_CARD.copies - n
        # FG-SET-7: Equipment stack (index 0 = bottom); equipment_known[i]: seats that know tile i.
        stack = [e.id for e in EQUIPMENT for _ in range(e.tiles)]
        self.rng.shuffle(stack)
        self._equipment_stack: list[int] = stack
        self.equipment_known: list[int] = [0] * len(stack)
        self.discard: list[int] = []
        # FG-SET-4/5: stock and starting farm.
        self.coins = [R.START_COINS] * n
        self.food = [R.START_SILO_FOOD] * n
        self.point_tokens = [0] * n  # VP tokens (FG-END-3); the score adds the farm's VP
        self.stored: list[list[int]] = [[] for _ in range(n)]
        # Per seat, the cards on the farm (its pieces) in build order: each one's card, cell, face
        # down (a Wasteland), Water (Towers only) and Equipment tiles; cells[seat] maps a cell to
        # its piece.
        self.piece_cards: list[list[int]] = []
        self.piece_cells: list[list[int]] = []
        self.piece_face_down: list[list[bool]] = []
        self.piece_water: list[list[int]] = []
        self.piece_equipment: list[list[tuple[int, ...]]] = []
        self.cells: list[dict[int, int]] = []
        # Per seat, the farm's sorted frontier and its index (None: to be recomputed).
        self._front: list[tuple[tuple[int, ...], dict[int, int]] | None] = [None] * n
        for _ in range(n):
            t, s = cell_of(*R.START_TOWER_CELL), cell_of(*R.START_SILO_CELL)
            self.piece_cards.append([TOWER_ID, SILO_ID])
            self.piece_cells.append([t, s])
            self.piece_face_down.append([False, False])
            self.piece_water.append([R.START_TOWER_WATER, 0])
            self.piece_equipment.append([(), ()])
            self.cells.append({t: 0, s: 1})
        # Hands and picks (3-4 players), display and pile (2 players).
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.origin = list(range(n))
        self.held = [1 << s for s in range(n)]
        self.picks = [-1] * n
        self.revealed = [-1] * n
        self.splits: list[tuple[int, ...] | None] = [None] * n
        self.pile: list[int] = []
        self.display: list[int] = []
        self.picks_made = 0
        self.turn = 0
        self.stage = COMMIT
        self.harvest_index = 0
        self.frames: list = []  # decision records (frames.py), top = last
        first = self.options.get("first_player")
        self.first_player_year1 = self.rng.below(n) if first is None else first  # FG-SET-8
        self.year = 1
        if self._events is not None:
            self._events.add("setup", None, {"first_player": self.first_player_year1})
        self.phase = MAINTENANCE
        begin_year(self)
        self._advance()

    # ------------------------------------------------------------------ hidden orders
    #: A determinization's orders still to draw (``hidden.settle_orders``): the seed, and which
    #: sequences it shuffles (bits 0-3 the main decks, bit 4 the Equipment stack); ``None``
    #: when every order is in place, as in every real game.
    _unordered: tuple[int, int] | None = None

    def _settle(self) -> None:
        from .hidden import settle_orders

        settle_orders(self)

    @property
    def decks(self) -> list[list[int]]:
        """The four main decks (top = end of each list), in order: reading them settles the
        order a determinization left to draw."""
        if self._unordered is not None:
            self._settle()
        return self._decks

    @decks.setter
    def decks(self, value: list[list[int]]) -> None:
        if self._unordered is not None:  # what is still to draw is drawn first, then replaced
            self._settle()
        self._decks = value

    @property
    def equipment_stack(self) -> list[int]:
        """The Equipment stack (index 0 = bottom), in order: reading it settles the order a
        determinization left to draw."""
        if self._unordered is not None:
            self._settle()
        return self._equipment_stack

    @equipment_stack.setter
    def equipment_stack(self, value: list[int]) -> None:
        if self._unordered is not None:  # what is still to draw is drawn first, then replaced
            self._settle()
        self._equipment_stack = value

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
        """A 3–4 player pick is committed face down (FG-ACT-2, FG-HID-3): shown as a bare
        'pick' until the reveal. Everything else, and 2-player picks from the open display,
        is public."""
        if a.kind == PICK and self.num_players >= 3:
            return "pick (face down)"
        return str(a)

    def waiting_seats(self) -> tuple[int, ...]:
        """FG-ACT-2: in a 3–4 player turn every seat still to commit picks from its own hand,
        face down, at the same time (the engine asks them in seat order)."""
        frames = self.frames
        if not frames or type(frames[-1]) is not Commit:
            return super().waiting_seats()
        out = []
        for frame in reversed(frames):
            if type(frame) is not Commit:
                break
            out.append(frame.seat)
        return tuple(out)

    def legal_actions_of(self, seat: int) -> list:
        self.check_seat(seat)
        if seat != self.current_player and seat in self.waiting_seats():
            return [Action(PICK, cid) for cid in sorted(set(self.hands[seat]))]
        return super().legal_actions_of(seat)

    def _secret_choice(self, a: Action) -> bool:
        """A 3–4 player pick stays face down until every seat has picked: its seat may take it
        back until the reveal (FG-ACT-2)."""
        return a.kind == PICK and self.num_players >= 3

    def in_subdecision(self) -> bool:
        return bool(self.frames) and type(self.frames[-1]) in SUBDECISIONS

    # ------------------------------------------------------------------ apply's steps (core template)
    AUTO_EVENTS = frozenset(("pay_water", "water"))  # done by itself (one way only)

    @property
    def undo_mark(self) -> tuple:
        """The phase, the year and the cards come into view so far: undo stops where any of
        them changed (the core's ``undo_mark``)."""
        return (self.phase, self.year, self._reveals)

    # The template's hooks are the declared flow's own functions (no call in between: they
    # run at every step of every search).
    _generate = flow.legal
    _advance = flow.advance
    _do = flow.do

    # ------------------------------------------------------------------ scoring and words
    def score(self, seat: int) -> int:
        return scoring.score(self, seat)

    def score_parts(self, seat: int) -> dict[str, int]:
        return scoring.score_parts(self, seat)

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def rank_keys(self) -> list[tuple]:
        return scoring.rank_keys(self)

    def _score_breakdown(self, seat: int) -> dict[str, int]:
        return scoring.score_breakdown(self, seat)

    def describe_decision(self, viewer: int | None = None) -> str:
        return describe_decision(self, viewer)

    def _explain_illegal(self, action) -> str:
        return explain_illegal(self, action)

    # ------------------------------------------------------------------ ids and notation
    def _action_id(self, action: Action) -> int:
        return codec.action_id(self, action)

    def _action_from_id(self, action_id: int) -> Action:
        return codec.action_from_id(self, action_id)

    def _parse_structural(self, text: str) -> Action:
        return codec.parse(self, text)

    # ------------------------------------------------------------------ events
    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ clone & hidden info
    def clone(self) -> FieldsState:
        c = FieldsState.__new__(FieldsState)
        c.__dict__ = self.__dict__.copy()  # a dict's copy is several times faster than update()
        c.rng = self.rng.clone()
        c._events = None  # search clones keep no log
        c.options = dict(self.options)
        c.history = self.history[:]
        c.history_seats = self.history_seats[:]
        c._decks = [*map(copy_list, self._decks)]
        c._equipment_stack = self._equipment_stack[:]
        c.equipment_known = self.equipment_known[:]
        c.discard = self.discard[:]
        c.coins = self.coins[:]
        c.food = self.food[:]
        c.point_tokens = self.point_tokens[:]
        c.stored = [*map(copy_list, self.stored)]
        c.piece_cards = [*map(copy_list, self.piece_cards)]
        c.piece_cells = [*map(copy_list, self.piece_cells)]
        c.piece_face_down = [*map(copy_list, self.piece_face_down)]
        c.piece_water = [*map(copy_list, self.piece_water)]
        c.piece_equipment = [*map(copy_list, self.piece_equipment)]
        c.cells = [*map(copy_dict, self.cells)]
        c._front = self._front[:]
        c.hands = [*map(copy_list, self.hands)]
        c.origin = self.origin[:]
        c.held = self.held[:]
        c.picks = self.picks[:]
        c.revealed = self.revealed[:]
        c.splits = self.splits[:]
        c.pile = self.pile[:]
        c.display = self.display[:]
        c.frames = self.frames[:]
        c._legal = None if self._legal is None else self._legal[:]
        return c

    def _determinize(self, seat: int, rng) -> FieldsState:
        """Re-deal everything ``seat`` cannot see (FG-HID-8..11).

        Hidden cards are exchanged only with hidden cards of the same deck, so every public
        count stays; hands the seat has held keep their (known) contents, and only which of
        their cards is the committed pick is re-sampled.
        """
        from .hidden import determinize

        return determinize(self, seat, rng)

    def _observation(self, seat: int | None) -> dict:
        from .hidden import observe

        return observe(self, seat)

    # ------------------------------------------------------------------ records
    def _state_to_json(self) -> dict:
        from .snapshot import state_to_json

        return state_to_json(self)

    @classmethod
    def _state_from_json(cls, data: dict) -> FieldsState:
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
        # Per seat and year: 2 water + 1 split + 6 picks, each with its action, up to 3 Water
        # payments, 2 Equipment choices, a fill or a sale; a harvest of at most 26 cards, each
        # with a choice, 2 payments, a fill and an Equipment choice, or a `done`; plus installs
        # of stored tiles (30 tiles in the game).
        return 4 * self.num_players * (4 + 6 * 8 + 26 * 5) + 30


