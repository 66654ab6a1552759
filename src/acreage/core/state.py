"""The state contract every game implements.

A state is mutable: :meth:`GameState.apply` changes it in place (like python-chess's ``push``)
and :meth:`GameState.clone` gives an independent copy for search. Each game writes its own
flat, hand-cloned state; this base class supplies everything that can be written once for all
games on top of a handful of game-specific methods: notation parsing, id masks, records,
rankings from tie-break keys, and snapshots.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .errors import IllegalAction

RECORD_FORMAT = "acreage-record"
SNAPSHOT_FORMAT = "acreage-snapshot"
RECORD_VERSION = 1
SNAPSHOT_VERSION = 1


def normalise_notation(text: str) -> str:
    """Collapse case and whitespace so ``'Move  wood 0,0>0,2'`` matches ``'move wood 0,0>0,2'``."""
    return " ".join(text.strip().lower().replace(", ", ",").split())


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

    # ----------------------------------------------------------------- to implement
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list:
        """Every action the current player may take now (empty once the game is over)."""

    @abstractmethod
    def apply(self, action) -> None:
        """Play ``action`` for the current player; raise :class:`IllegalAction` if not legal."""

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
    def observation(self, seat: int) -> dict:
        """Exactly what ``seat`` may see, as plain JSON-ready data."""

    @abstractmethod
    def determinize(self, seat: int, rng) -> GameState:
        """A clone in which all that ``seat`` cannot see is re-sampled consistently."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed action-id space for this game configuration."""

    @abstractmethod
    def action_id(self, action) -> int:
        """The integer id of ``action`` in this position."""

    @abstractmethod
    def action_from_id(self, action_id: int):
        """The action with this id in this position (raises IllegalAction if it cannot be one)."""

    @abstractmethod
    def _parse_structural(self, text: str):
        """Read notation into an action without checking legality (raise IllegalAction)."""

    @abstractmethod
    def explain_illegal(self, action) -> str:
        """Why ``action`` is not legal now, in words a player understands."""

    @abstractmethod
    def _state_to_json(self) -> dict:
        """The game-specific part of a snapshot."""

    @classmethod
    @abstractmethod
    def _state_from_json(cls, data: dict) -> GameState:
        """Rebuild a state from :meth:`_state_to_json` output, naming any bad field."""

    # ----------------------------------------------------------------- shared
    def observation_tensor(self, seat: int) -> list[float]:
        """A fixed-length numeric encoding of ``observation(seat)`` for RL (see the game's docs)."""
        raise NotImplementedError(f"{self.game_name} has no tensor encoding yet")

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
        """How many of the last recorded actions ``seat`` may take back.

        Undo is fair only within one's own uninterrupted decisions, and never across revealed
        hidden information or resolved randomness (``undo_floor``) or another seat's move.
        """
        n = 0
        for i in range(len(self.history) - 1, self.undo_floor - 1, -1):
            if self.history_seats[i] != seat:
                break
            n += 1
        return n

    def public_notation(self, action) -> str:
        """How ``action`` (about to be taken by the player to act) may be shown to everyone.

        Games with hidden choices (a face-down pick) mask them here, so logs, spectators and
        other seats never see the secret; the default shows the action's notation."""
        return str(action)

    def macro_actions(self) -> list[tuple[str, list]]:
        """Shortcuts a bot may take as one decision: ``(name, actions)`` pairs, each a sequence
        of actions legal in turn from this position (e.g. Foxglove's exact transport plan).
        Games without shortcuts return an empty list."""
        return []

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
        wanted = normalise_notation(text)
        for action in self.legal_actions():
            if normalise_notation(str(action)) == wanted:
                return action
        if self.is_terminal:
            raise IllegalAction(f"the game is over; {text!r} cannot be played")
        action = self._parse_structural(wanted)
        raise IllegalAction(f"{text!r} is not legal now: {self.explain_illegal(action)}")

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.num_distinct_actions
        for action in self.legal_actions():
            mask[self.action_id(action)] = True
        return mask

    def legal_action_ids(self) -> list[int]:
        return sorted(self.action_id(a) for a in self.legal_actions())

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
