"""Errors the engine raises.

Every error names what is wrong and, where it can, how to put it right. All of them derive
from :class:`AcreageError` so callers can catch the whole family at once.
"""

from __future__ import annotations


class AcreageError(Exception):
    """Base class for every error raised on purpose by the engine."""


class IllegalAction(AcreageError, ValueError):
    """An action that the rules do not allow now. The state is left unchanged."""


class OptionError(AcreageError, ValueError):
    """A game option (or player count) that the game does not support."""


class RecordError(AcreageError, ValueError):
    """A saved record or snapshot that cannot be read: the message names the bad field."""


class ContentError(AcreageError, ValueError):
    """A content data file that fails validation: the message names file, entry and field."""
