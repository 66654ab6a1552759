"""Declared game options, validated in one place so a bad option gets a helpful message."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: its default, what values are allowed, and what it does."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    #: Turns raw input (from a CLI string, JSON…) into the stored value, or raises ValueError.
    convert: Callable[[Any, int], Any] | None = None
    #: Player counts for which the option may be changed from its default (None: all).
    players: tuple[int, ...] | None = field(default=None)
    #: How a lobby offers it: "bool" (a checkbox), "choice" (one of ``labels``), "seat" (one
    #: seat, or drawn), "seats" (any set of seats); "" keeps it out of the lobby (an engine
    #: limit, a test fixture). Default: "bool" for a true/false option, else "".
    lobby: str | None = None
    #: Words for each value of a "choice" option, in the order offered.
    labels: tuple[tuple[Any, str], ...] = ()

    @property
    def lobby_kind(self) -> str:
        if self.lobby is not None:
            return self.lobby
        return "bool" if isinstance(self.default, bool) else ""

    def normalise(self, value: Any, players: int) -> Any:
        if self.convert is not None:
            try:
                value = self.convert(value, players)
            except (TypeError, ValueError) as exc:
                raise OptionError(f"option {self.name}={value!r} is not valid: {exc}") from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name}={value!r} is not valid; choose one of {allowed}")
        if self.players is not None and players not in self.players and value != self.default:
            counts = "/".join(str(p) for p in self.players)
            raise OptionError(
                f"option {self.name} applies only to {counts}-player games, not to {players} players"
            )
        return value


def normalise_options(
    game: str, specs: Mapping[str, OptionSpec], players: int, given: Mapping[str, Any]
) -> dict[str, Any]:
    """Fill in defaults and check every given option; unknown names are refused."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise OptionError(f"{game} has no option {unknown[0]!r}; its options are: {known}")
    out: dict[str, Any] = {}
    for name, spec in specs.items():
        out[name] = spec.normalise(given[name], players) if name in given else spec.default
        if name not in given and spec.convert is not None:
            out[name] = spec.convert(spec.default, players)
    return out


def as_int(value: Any) -> int:
    """A whole number from an int or its text; refuses bools, fractions and other types."""
    if isinstance(value, bool):
        raise ValueError("expected a whole number, not true/false")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError(f"expected a whole number, got {value!r}")


def seat_or_none(value: Any, players: int) -> int | None:
    """A seat number of a ``players``-seat game, or None ("random" or empty) for a seeded draw."""
    if value is None or value == "random" or value == "":
        return None
    seat = as_int(value)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0–{players - 1}")
    return seat


def as_bool(value: Any, _players: int) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
        return False
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError("expected true or false")
