"""What a stranger may send, checked before anything else looks at it.

Every value a client sends reaches the server through here: request bodies are read up to a
size cap and parsed with a nesting cap, text fields must be encodable and short, numbers must
be whole and in range. Each check raises :class:`InputError` with a named code, and an error
message quotes at most a short prefix of what it refuses (a 5 MB action is not echoed back).

The checks are ordered cheapest first: a body's size before its parse, a field's type before
its length, a player count before any seat is built.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal, overload

from ..core.errors import AcreageError
from ..core.registry import GameInfo, game_info

#: The largest request body accepted (bytes). A game creation with every option is under 2 KB.
MAX_BODY_BYTES = 16 * 1024
#: The deepest nesting of arrays and objects accepted in a body or a WebSocket message.
MAX_DEPTH = 6
#: The longest action notation accepted (the longest legal one is under 80 characters).
MAX_ACTION_CHARS = 200
#: The longest client message id, seat token, bot spec or option value accepted.
MAX_ID_CHARS = 100
MAX_TOKEN_CHARS = 100
#: Characters of a refused value quoted back in an error message.
QUOTE_CHARS = 40


class InputError(AcreageError, ValueError):
    """A request the server refuses before it reaches a table; ``code`` names the reason,
    ``status`` is the HTTP status that goes with it, ``retry_after`` (seconds) is set for
    ``rate_limited``."""

    def __init__(self, code: str, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.retry_after = retry_after


def quote(value: Any) -> str:
    """A short, printable, encodable quotation of ``value`` for an error message."""
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, (dict, list)) else ""
    if isinstance(value, (dict, list)):
        return "an " + ("object" if isinstance(value, dict) else "array")
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) > QUOTE_CHARS:
        return repr(text[:QUOTE_CHARS]) + f"… ({len(text)} characters)"
    return repr(text)


def depth_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value``'s arrays and objects nest at most ``limit`` deep (iterative: a deep
    value cannot exhaust the stack here)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    """``raw`` parsed, or ``malformed``/``too_deep``. Python's parser recurses, so a nesting of
    thousands is refused by its recursion guard before the iterative depth check runs."""
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise InputError("too_deep", f"{what} nests too deeply (at most {MAX_DEPTH} levels)") from None
    except (ValueError, UnicodeDecodeError):  # JSONDecodeError, huge integers, bad UTF-8
        raise InputError("malformed", f"{what} must be JSON") from None
    if not depth_ok(data):
        raise InputError("too_deep", f"{what} nests too deeply (at most {MAX_DEPTH} levels)")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def json_object(raw: bytes | str, what: str = "the body") -> dict:
    data = parse_json(raw, what)
    if not isinstance(data, dict):
        raise InputError("malformed", f"{what} must be a JSON object")
    return data


@overload
def text(value: Any, name: str, max_chars: int, *, optional: Literal[False] = ...) -> str: ...
@overload
def text(value: Any, name: str, max_chars: int, *, optional: bool) -> str | None: ...
def text(value: Any, name: str, max_chars: int, *, optional: bool = False) -> str | None:
    """``value`` as a field of text: a string of at most ``max_chars`` characters that can be
    written as UTF-8 (a lone surrogate such as ``"\\ud800"`` is valid JSON but cannot)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InputError("malformed", f"{name} must be text, not {type(value).__name__}")
    if len(value) > max_chars:
        raise InputError("too_long", f"{name} must be at most {max_chars} characters (got {len(value)})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(
            "malformed", f"{name} must be valid Unicode text (it holds a lone surrogate)"
        ) from None
    return value


#: The longest seat name the lobby accepts.
MAX_NAME_CHARS = 24



def game(value: Any, code: str = "bad_game", status: int = 404) -> GameInfo:
    """The registered game a request names (its name or an alias), else ``code`` with the
    registry's words, which list the games."""
    name = text(value, "game", 40)
    try:
        return game_info(name)
    except AcreageError as exc:
        raise InputError(code, str(exc)[:200], status) from None

def player_name(value: Any, seat: int) -> str | None:
    """A seat's name: text of 1 to 24 printable characters, spaces collapsed (``None`` or ""
    for none). Pages show it as text, never as markup."""
    if value is None:
        return None
    name = text(value, f"names[{seat}]", 4 * MAX_NAME_CHARS)
    name = " ".join(name.split())
    if not name:
        return None
    if len(name) > MAX_NAME_CHARS:
        raise InputError("too_long", f"names[{seat}] must be at most {MAX_NAME_CHARS} characters")
    if not name.isprintable():
        raise InputError("malformed", f"names[{seat}] must hold printable characters only")
    return name


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (``true`` is not a number here)."""
    if type(value) is not int:
        raise InputError("malformed", f"{name} must be a whole number")
    if not low <= value <= high:
        raise InputError("out_of_range", f"{name} must be from {low} to {high} (got {quote(value)})")
    return value


def token(value: Any) -> str | None:
    """A seat token as sent (``None``: none sent, a spectator)."""
    if value is None or value == "":
        return None
    return text(value, "token", MAX_TOKEN_CHARS)


def client_id(value: Any) -> str | None:
    """A client's message id (``None``: none sent)."""
    if value is None or value == "":
        return None
    return text(value, "client_id", MAX_ID_CHARS)


def action(value: Any) -> str | int:
    """An action as sent: its notation (text) or its id (a whole number)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise InputError("malformed", "action must be its notation (text) or its id (a whole number)")
    if isinstance(value, int):
        return whole(value, "action id", 0, 10**9)
    return text(value, "action", MAX_ACTION_CHARS)
