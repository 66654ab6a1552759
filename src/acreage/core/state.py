"""The state contract every game implements.

A state is mutable: :meth:`GameState.apply` changes it in place (like python-chess's ``push``)
and :meth:`GameState.clone` gives an independent copy for search. Each game writes its own
flat, hand-cloned state; this base class supplies everything that can be written once for all
games on top of a handful of game-specific methods: notation parsing, id masks, records,
rankings from tie-break keys, and snapshots.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Literal, overload

from .errors import AcreageError, BadActionId, BadEventIndex, BadSeat, IllegalAction
from .events import EARLIER, EventLog, points_by_source, recording
from .formats import RECORD_FORMAT, RECORD_VERSION, SNAPSHOT_FORMAT, SNAPSHOT_VERSION  # noqa: F401 (older imports)
from .records import replay


def normalise_notation(text: str) -> str:
    """Collapse case and whitespace so ``'Move  wood 0,0>0,2'`` matches ``'move wood 0,0>0,2'``."""
    return " ".join(text.strip().lower().replace(", ", ",").split())


#: For clones: a list of lists copied as ``[*map(copy_list, rows)]`` (the bound method mapped)
#: costs about 60 % of ``[r[:] for r in rows]``, and a search clones at every step.
copy_list = list.copy
copy_dict = dict.copy


#: A legal list at least this long is checked through ``_offers`` instead of by comparing the
#: action with each entry: about 18 ns an entry (half the list on average), against about
#: 1.2 µs for a Foxglove trail action to answer from its tables, as ``bench/run.py`` times a
#: move; the two meet near 125 entries (a trail action lists up to 250).
_LONG_LIST = 128


class GameState(ABC):
    """Base class of every game's state. See ``docs/core-contract.md`` for the full contract."""

    #: Registered name of the game (``"foxglove"``).
    game_name: ClassVar[str] = ""
    #: Bumped whenever a rules change would make old records replay differently.
    rules_version: ClassVar[str] = "1"

    # Set by every game's constructor.
    num_players: int
    seed: Any
    options: dict[str, Any]
    history: list  # the actions applied so far, in order
    history_seats: list  # the seat that took each of them
    #: Index in ``history`` before which no undo may reach (hidden information was revealed
    #: or randomness resolved there).
    undo_floor: int = 0
    #: The game's action class, a ``NamedTuple`` of whole numbers. Set by every game, so the
    #: guarded entry points can tell a plain tuple from another game's action.
    action_type: ClassVar[type | None] = None
    #: The event log (see ``core/events.py``), or ``None`` while nobody has asked for events.
    _events: EventLog | None = None

    # ----------------------------------------------------------------- to implement
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` once the game is over."""

    def legal_actions(self) -> list:
        """Every action the current player may take now (empty once the game is over).

        Worked out once per position (``_generate``) and kept until the next move."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def apply(self, action) -> None:
        """Play ``action`` for the current player; raise :class:`IllegalAction` if not legal.

        One template for every game, so a move is read the same way in each: the action is
        checked against the legal list; the move is logged (``_log_decision``); the game carries
        it out (``_do``: the step that answers the decision on top) and runs every step that
        needs no decision until the next real choice (``_advance``); events that step did by
        itself are marked ``auto`` (``AUTO_EVENTS``); and where the move revealed something,
        resolved chance, ended a phase or passed the turn, undo can no longer reach back past
        it (``undo_mark`` compared before and after, and the seat to act, a secret choice
        excepted)."""
        if type(action) is not self.action_type and not isinstance(action, self._action_type()):
            # Slow path: notation, or a plain tuple of whole numbers; anything else (another
            # game's action, a list, None...) is refused before the state is touched.
            action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if not (action in legal if len(legal) < _LONG_LIST else self._offers(action)):
            raise self.refuse(action)
        seat = self.current_player
        mark = self.undo_mark
        log = self._events
        if log is not None:
            log.step = len(self.history) + 1
            self._log_decision(seat, action)
        self._legal = None
        self._do(action)
        self.history.append(action)
        self.history_seats.append(seat)
        if log is None or not self.AUTO_EVENTS:
            self._advance()
        else:
            logged = len(log)
            self._advance()
            auto = self.AUTO_EVENTS
            for event in log.full[logged:]:
                if event["kind"] in auto:
                    event["auto"] = True
        if self.undo_mark != mark or (self.current_player != seat and not self._secret_choice(action)):
            self.undo_floor = len(self.history)

    # The steps of ``apply`` each game gives.
    #: Event kinds the engine does by itself while advancing (the only way they can happen, so
    #: no action line shows them): marked ``auto`` in the log.
    AUTO_EVENTS: ClassVar[frozenset[str]] = frozenset()
    #: The legal list of this position, once worked out (``None``: not yet).
    _legal: list | None = None
    #: What changes when a move does something undo cannot take back: hidden things came into
    #: view, chance was resolved, a phase, round or year ended. ``apply`` reads it before and
    #: after each move. A count the rules bump is the cheapest (an attribute read, at every
    #: step of every search); a game may derive it instead (a property: the phase, the year
    #: and a count of reveals).
    undo_mark: Any = 0

    def _generate(self) -> list:
        """The legal answers to the decision pending (empty once the game is over)."""
        raise NotImplementedError(f"{type(self).__name__} must list its legal actions (_generate)")

    def _action_type(self) -> type:
        """The game's action type (a game that forgot to set ``action_type`` is told so here,
        off the path of its own actions)."""
        assert self.action_type is not None, f"{type(self).__name__} must set action_type"
        return self.action_type

    def _offers(self, action, /) -> bool:
        """Whether the legal list (made) holds ``action``; ``apply`` asks this of a long list
        only. A game may answer from the rules' own tables instead, as a step's ``offers``
        does (``core/flow.py``), where scanning a list of a hundred would cost more than the
        move itself; tests check that it agrees with the list."""
        return self._legal is not None and action in self._legal

    def _do(self, action, /) -> None:
        """Carry out a legal ``action`` for the decision pending (no checks). Positional, so a
        game may give its declared flow's ``do(state, action)`` itself, with no call between."""
        raise NotImplementedError(f"{type(self).__name__} must carry out actions (_do)")

    def _advance(self) -> None:
        """Run every step that needs no decision, until a real choice or the end."""
        raise NotImplementedError(f"{type(self).__name__} must advance to the next decision (_advance)")

    def _log_decision(self, seat: int | None, action) -> None:
        """Log what the move is, before it is carried out (its consequences follow it); by
        default the move's event is the game's business during ``_do``."""
        return None

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy that shares no mutable state with this one."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points by seat (current, or final once the game is over)."""

    @abstractmethod
    def rank_keys(self) -> list[tuple]:
        """Per seat, a tuple that sorts higher for a better place (score first, then tie-breaks)."""

    @abstractmethod
    def _observation(self, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator, who sees only what is public).

        Called through :meth:`observation`, which has checked the seat."""

    @abstractmethod
    def _determinize(self, seat: int, rng) -> GameState:
        """A clone with all that ``seat`` cannot see re-sampled (the seat is checked)."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed action-id space for this game configuration."""

    @abstractmethod
    def _action_id(self, action) -> int:
        """The integer id of a well-formed ``action`` (it may raise on a malformed one:
        :meth:`action_id` turns that into :class:`IllegalAction`)."""

    @abstractmethod
    def _action_from_id(self, action_id: int):
        """The action with this id, already checked to be in ``range(num_distinct_actions)``;
        raise :class:`BadActionId` if the id names no action in this position."""

    @abstractmethod
    def _parse_structural(self, text: str):
        """Read notation into an action without checking legality (raise IllegalAction)."""

    @abstractmethod
    def _explain_illegal(self, action) -> str:
        """Why a well-formed ``action`` is not legal now, in words a player understands
        (called through :meth:`explain_illegal`, which copes with malformed ones)."""

    @abstractmethod
    def _state_to_json(self) -> dict:
        """The game-specific part of a snapshot."""

    @classmethod
    @abstractmethod
    def _state_from_json(cls, data: dict) -> GameState:
        """Rebuild a state from :meth:`_state_to_json` output, naming any bad field."""

    # ----------------------------------------------------------------- guarded entry points
    # The public per-seat and per-id calls check their argument here, once for every game, so
    # a bad seat or id is refused with a named error before any game code indexes with it.
    @overload
    def check_seat(self, seat: Any, *, spectator: Literal[False] = ...) -> int: ...
    @overload
    def check_seat(self, seat: Any, *, spectator: bool) -> int | None: ...
    def check_seat(self, seat: Any, *, spectator: bool = False) -> int | None:
        """``seat`` if it is a seat of this table (or ``None`` where ``spectator`` is allowed);
        otherwise :class:`BadSeat` saying which seats there are."""
        if seat is None and spectator:
            return None
        if type(seat) is not int or not 0 <= seat < self.num_players:
            who = "a seat number" + (" or None for a spectator" if spectator else "")
            raise BadSeat(
                f"seat {seat!r} is not a seat of this {self.num_players}-player game; "
                f"give {who} from 0 to {self.num_players - 1}"
            )
        return seat

    def observation(self, seat: int | None) -> dict:
        """Exactly what ``seat`` may see, as plain JSON-ready data; ``None`` gives the
        spectator's view (only what is public)."""
        return self._observation(self.check_seat(seat, spectator=True))

    def determinize(self, seat: int, rng) -> GameState:
        """A clone in which all that ``seat`` cannot see is re-sampled consistently."""
        return self._determinize(self.check_seat(seat), rng)

    def observation_tensor(self, seat: int) -> list[float]:
        """A fixed-length numeric encoding of ``observation(seat)`` for RL (see the game's docs)."""
        return self._observation_tensor(self.check_seat(seat))

    def _observation_tensor(self, seat: int) -> list[float]:
        raise NotImplementedError(f"{self.game_name} has no tensor encoding yet")

    def as_action(self, action):
        """``action`` as this game's action type: an action of this game is returned as it is,
        a plain tuple of whole numbers of the right length is converted. Anything else (text,
        a list, ``None``, a tuple of the wrong length or with a field that is not a whole
        number, another game's action) is refused with :class:`IllegalAction` saying what an
        action looks like. Text is read by :meth:`parse_action`, not here."""
        cls = self.action_type
        if cls is None or isinstance(action, cls):
            return action
        fields = getattr(cls, "_fields", ())
        if type(action) is tuple and len(action) == len(fields) and all(type(x) is int for x in action):
            return cls(*action)
        raise IllegalAction(self._not_an_action(action))

    def _not_an_action(self, action) -> str:
        """Why ``action`` (not this game's action type) cannot be read as one."""
        title = self._title()
        fields = getattr(self.action_type, "_fields", ())
        shape = f"a tuple of {len(fields)} whole numbers ({', '.join(fields)})"
        hint = "take one from legal_actions()"
        if isinstance(action, str):
            return (f"{action!r} is text; read notation with parse_action() (or pass it to apply()), "
                    f"or {hint}")
        if isinstance(action, tuple) and type(action) is not tuple:
            module = type(action).__module__ or ""
            parts = module.split(".")
            if len(parts) > 2 and parts[:2] == ["acreage", "games"] and parts[2] != self.game_name:
                return (f"{_plain(action)} is an action of {parts[2]}, not of {title}; {hint}")
            return (f"{_plain(action)} is a {type(action).__name__}, not a {title} action; {hint}")
        if isinstance(action, tuple):
            if len(action) != len(fields):
                return (f"{_plain(action)} has {len(action)} fields, but a {title} action is {shape}; "
                        f"{hint}")
            bad = next(x for x in action if type(x) is not int)
            return (f"{_plain(action)} has the field {_plain(bad)}, which is not a whole number; "
                    f"a {title} action is {shape}; {hint}")
        return (f"{_plain(action)} ({type(action).__name__}) is not a {title} action; give one from "
                f"legal_actions(), its notation as text, or {shape}")

    def action_id(self, action) -> int:
        """The integer id of ``action`` in this position (:class:`IllegalAction` if ``action``
        is not an action of this game)."""
        try:
            action = self.as_action(action)
            index = self._action_id(action)
        except AcreageError:
            raise
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            index = -1
        if type(index) is not int or not 0 <= index < self.num_distinct_actions:
            raise IllegalAction(
                f"{_plain(action)} is not a {self._title()} action; take one from legal_actions()"
            )
        # A field out of its range can carry the arithmetic into another kind's block of ids
        # (Foxglove's ``build`` of tile #999 lands among the placements): the id must name
        # this very action again.
        try:
            same = self._action_from_id(index) == action
        except AcreageError:
            same = False
        if not same:
            raise IllegalAction(
                f"{_plain(action)} is not a {self._title()} action (a field is out of range); "
                "take one from legal_actions()"
            )
        return index

    def action_from_id(self, action_id: int):
        """The action with this id in this position (:class:`BadActionId` if it cannot be one)."""
        n = self.num_distinct_actions
        if type(action_id) is not int or not 0 <= action_id < n:
            raise BadActionId(
                f"action id {action_id!r} is not a whole number from 0 to {n - 1}; "
                "take one from legal_action_ids()"
            )
        return self._action_from_id(action_id)

    def explain_illegal(self, action) -> str:
        """Why ``action`` is not legal now, in words a player understands. An action whose
        fields are out of this game's range cannot be described by the rules; it is explained
        as not being an action of the game."""
        try:
            action = self.as_action(action)
        except IllegalAction as exc:
            return str(exc)
        try:
            return self._explain_illegal(action)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return f"{_plain(action)} is not a {self._title()} action (a field is out of range)"

    def refuse(self, action) -> IllegalAction:
        """The error for an action that is not legal now, with the reason when one can be
        given (see :meth:`explain_illegal`)."""
        try:
            action = self.as_action(action)
        except IllegalAction as exc:
            return exc
        try:
            return IllegalAction(f"{action} is not legal now: {self._explain_illegal(action)}")
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return IllegalAction(
                f"{_plain(action)} is not a {self._title()} action (a field is out of range); "
                "take one from legal_actions()"
            )

    def _title(self) -> str:
        from .registry import game_info

        try:
            return game_info(self.game_name).title
        except AcreageError:
            return self.game_name

    # ----------------------------------------------------------------- events and scores
    def record_events(self) -> None:
        """Keep an event log from now on, with the events of the game so far.

        The past is rebuilt by replaying this game's record with the log on (events are
        derived data, so the replay tells exactly what happened). A position that its record
        does not rebuild (one built by hand, or loaded from a snapshot of such a position)
        starts its log here with a ``log_begins`` event; the points scored before it are
        shown in the breakdown as one entry."""
        if self._events is not None:
            return
        log = None
        try:
            with recording():
                twin = replay(self.record())
            if twin._events is not None and twin._state_to_json() == self._state_to_json():
                log = twin._events
        except AcreageError:
            log = None
        if log is None:
            log = EventLog()
            log.step = len(self.history)
            log.add("log_begins", None, {"scores": self.scores()})
        self._events = log

    @property
    def event_count(self) -> int:
        """How many events the log holds (the ``since`` that asks only for later ones)."""
        self.record_events()
        assert self._events is not None  # record_events() always leaves a log
        return len(self._events)

    def events_for(self, seat: int | None, since: int = 0) -> list[dict]:
        """The events from index ``since`` on, as ``seat`` may know them (``None``: a
        spectator). Starts the log on the first call (see :meth:`record_events`)."""
        seat = self.check_seat(seat, spectator=True)
        if type(since) is not int or since < 0:
            raise BadEventIndex(
                f"since={since!r} is not a count of events; give the number of events already "
                "seen (0 or more, e.g. the event_count of an earlier call)"
            )
        self.record_events()
        assert self._events is not None  # record_events() always leaves a log
        return self._events.for_seat(seat, since)

    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        """One plain sentence for an event of :meth:`events_for` (``labels`` names the seats).
        Each game says its events in its own words; this default names the kind only."""
        return f"{event.get('kind')}"

    def event_is_news(self, event: dict) -> bool:
        """Whether an event deserves a line in a short log. Details a player's own action
        line already shows (each cube paid, each cube moved) are not news."""
        return True

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Points by source for ``seat``; the values sum to ``scores()[seat]`` at every point
        of the game. Each game labels its sources as its rulebook does."""
        return self._score_breakdown(self.check_seat(seat))

    def _score_breakdown(self, seat: int) -> dict[str, int]:
        """Default: the points events of the log, by source, plus points older than the log."""
        self.record_events()
        assert self._events is not None  # record_events() always leaves a log
        out = points_by_source(self._events.full, seat)
        missing = self.scores()[seat] - sum(out.values())
        if missing:
            out[EARLIER] = missing
        return out

    # ----------------------------------------------------------------- shared

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`observation_tensor` for this game configuration."""
        raise NotImplementedError(f"{self.game_name} has no tensor encoding yet")

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of recorded actions in one game."""
        raise NotImplementedError(f"{self.game_name} does not state a maximum game length")

    def describe_decision(self) -> str:
        """One line saying what the player to act is deciding (for people)."""
        return "game over" if self.is_terminal else f"seat {self.current_player} to act"

    def undoable(self, seat: int) -> int:
        """How many of the last recorded actions ``seat`` may take back (Board Game Arena's
        policy, the same in every game).

        A seat takes back only its own steps of the turn it is still playing. The floor
        (``undo_floor``) is raised by ``apply`` wherever taking back would be unfair: the turn
        passed to another seat, a round, year or phase ended, hidden information came into view
        or randomness was resolved. The one step a seat may take back after the turn passed is a
        secret simultaneous choice (a face-down pick) that nobody has seen yet
        (:meth:`_secret_choice`).
        """
        self.check_seat(seat)
        if self.is_terminal:
            return 0
        history, seats = self.history, self.history_seats
        n = 0
        for i in range(len(history) - 1, self.undo_floor - 1, -1):
            if seats[i] != seat:
                break
            n += 1
        if n and self.current_player != seat:
            if not all(self._secret_choice(history[i]) for i in range(len(history) - n, len(history))):
                return 0
        return n

    def waiting_seats(self) -> tuple[int, ...]:
        """The seats that may decide now. Usually only the seat to act; during a simultaneous
        secret choice (a face-down pick), every seat whose own choice is still to come: their
        choices do not depend on each other, so a server can take them in any order, keep the
        early ones hidden, and apply them when each seat's turn comes (``legal_actions_of``)."""
        seat = self.current_player
        return () if seat is None else (seat,)

    def legal_actions_of(self, seat: int) -> list:
        """What ``seat`` may choose now: the seat to act's legal actions, or, for a seat waiting
        in a simultaneous secret choice (:meth:`waiting_seats`), the choices it will be offered
        when its turn comes; otherwise none."""
        self.check_seat(seat)
        if seat == self.current_player:
            return self.legal_actions()
        return []

    def _secret_choice(self, action) -> bool:
        """True for an action kept face down until every seat has made its own (a
        simultaneous hidden choice): its seat may take it back while the others still choose.
        The default: no such action."""
        return False

    def is_secret_choice(self, action) -> bool:
        """Whether ``action``, about to be taken, is a simultaneous hidden choice: the other
        seats choosing in the same round make theirs without knowing it (searches model them
        so)."""
        return self._secret_choice(action)

    def public_notation(self, action) -> str:
        """How ``action`` (about to be taken by the player to act) may be shown to everyone.

        Games with hidden choices (a face-down pick) mask them here (in
        :meth:`_public_notation`), so logs, spectators and other seats never see the secret.
        Text is read as notation (it must be legal now, like :meth:`apply`); anything else that
        is not an action of this game is refused with :class:`IllegalAction`."""
        action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        try:
            return self._public_notation(action)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            raise IllegalAction(
                f"{_plain(action)} is not a {self._title()} action (a field is out of range); "
                "take one from legal_actions()"
            ) from None

    def _public_notation(self, action) -> str:
        """The public form of a well-formed ``action``; the default shows its notation."""
        return str(action)

    def macro_actions(self) -> list[tuple[str, list]]:
        """Shortcuts a bot may take as one decision: ``(name, actions)`` pairs, each a sequence
        of actions legal in turn from this position (e.g. Foxglove's exact transport plan),
        from the game's ``GameInfo.macros``. Games without shortcuts give an empty list."""
        from .registry import game_info

        macros = game_info(self.game_name).macros
        return [] if macros is None else macros(self)

    def in_subdecision(self) -> bool:
        """True while the player to act is in the middle of a multi-step decision
        (e.g. has chosen a tile and must still place it and pay). Games override this."""
        return False

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def ranking(self) -> list[int]:
        """Place of each seat (1 = first). Seats tied on every tie-break share a place."""
        keys = self.rank_keys()
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def winners(self) -> list[int]:
        return [seat for seat, place in enumerate(self.ranking()) if place == 1]

    def parse_action(self, text: str):
        """Read an action written in this game's notation; it must be legal now."""
        if not isinstance(text, str):
            raise IllegalAction(
                f"an action's notation is text, not {type(text).__name__} {_plain(text)}; "
                "for an action id use action_from_id()"
            )
        wanted = normalise_notation(text)
        for action in self.legal_actions():
            if normalise_notation(str(action)) == wanted:
                return action
        if self.is_terminal:
            raise IllegalAction(f"the game is over; {text!r} cannot be played")
        action = self._parse_structural(wanted)
        if action in self.legal_actions():
            return action  # another accepted spelling of a legal action ("buy pumpkin 1")
        raise IllegalAction(f"{text!r} is not legal now: {self.explain_illegal(action)}")

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.num_distinct_actions
        for action in self.legal_actions():
            mask[self._action_id(action)] = True
        return mask

    def legal_action_ids(self) -> list[int]:
        return sorted(self._action_id(a) for a in self.legal_actions())

    def apply_id(self, action_id: int) -> None:
        self.apply(self.action_from_id(action_id))

    def record(self) -> dict:
        """The game so far as (rules version, options, seed, actions); see docs/records.md."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_name,
            "rules_version": self.rules_version,
            "players": self.num_players,
            "seed": self.seed,
            "options": _jsonable_options(self.options),
            "actions": [str(a) for a in self.history],
            "seats": list(self.history_seats),
        }

    def to_json(self) -> dict:
        """A full snapshot of this position; see docs/records.md."""
        return {
            "format": SNAPSHOT_FORMAT,
            "version": SNAPSHOT_VERSION,
            "game": self.game_name,
            "rules_version": self.rules_version,
            "state": self._state_to_json(),
        }

    def __repr__(self) -> str:
        who = "over" if self.is_terminal else f"seat {self.current_player} to act"
        return f"<{type(self).__name__} {self.num_players}p seed={self.seed!r}: {who}>"


def _jsonable_options(options: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in options.items():
        if isinstance(value, (set, frozenset, tuple)):
            value = sorted(value)
        out[key] = value
    return out


def _plain(action: Any) -> str:
    """``repr`` of an action that may be malformed (a game's own ``repr`` could fail on it)."""
    if isinstance(action, tuple):
        return repr(tuple.__repr__(action))[1:-1]
    return repr(action)
