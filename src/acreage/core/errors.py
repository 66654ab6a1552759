"""Errors the engine raises.

Every error names what is wrong and, where it can, how to put it right. All of them derive
from :class:`AcreageError` so callers can catch the whole family at once, and each is named
for the kind of input that was wrong, so a caller can tell a bad seat from a bad record
without reading the message. Each also derives from the built-in error a Python reader would
expect (``ValueError`` for a bad value, ``OSError`` never: a file that cannot be read is a
:class:`RecordError` naming the file), so ``except ValueError`` keeps working.

When one of these is raised by a method of a state, the state is unchanged.
"""

from __future__ import annotations


class AcreageError(Exception):
    """Base class for every error raised on purpose by the engine."""


class IllegalAction(AcreageError, ValueError):
    """An action that the rules do not allow now, or that is not an action of this game."""


class BadActionId(IllegalAction):
    """An action id that is not a whole number in ``range(num_distinct_actions)``, or that
    names no action in this position."""


class BadSeat(AcreageError, ValueError):
    """A seat that is not a whole number in ``range(num_players)`` (or ``None`` where a
    spectator's view is offered)."""


class BadEventIndex(AcreageError, ValueError):
    """A ``since=`` for the event log that is not a count of events already seen."""


class OptionError(AcreageError, ValueError):
    """A game option (or player count, or game name) that the game does not support."""


class BadSeed(OptionError):
    """A seed that is not ``None``, a whole number or a string (the only kinds a record can
    carry and replay the same way everywhere)."""


class RecordError(AcreageError, ValueError):
    """A saved record or snapshot that cannot be read: the message names the bad field."""


class BadSnapshot(RecordError):
    """A snapshot whose fields are of the wrong type, out of range, or inconsistent with the
    game's conserved components (a lost or duplicated card, tile or cube)."""


class ContentError(AcreageError, ValueError):
    """A content data file that fails validation: the message names file, entry and field."""


# Names that read as the kind of input at fault, for callers who prefer them.
BadOption = OptionError
BadRecord = RecordError
BadContent = ContentError
