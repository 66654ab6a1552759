"""Shared checks for content data files (tiles, cards): one wording for every game's errors.

Every message starts with the file name, then the entry (a tile, card or tile number) and the
field, says what is wrong and how to put it right. The checks are cheap (they run once, at
import, on a few hundred small tables).

Order of checks in every game's loader: a ``schema`` marker of another version is refused
first (the other fields may then mean something else), then the file's top-level keys, then
each entry, then duplicate ids, and last a missing ``schema`` marker. Totals against the
rulebook's component counts are checked by each game's ``check_*_counts`` function, which its
content module runs on the shipped data at import.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any

from .errors import ContentError

#: The content schema version this engine reads; every data file carries ``schema = 1``.
SCHEMA_VERSION = 1

#: An effect-kind table: kind -> (allowed timings, required keys, optional keys).
EffectKinds = Mapping[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]


def _suggest(word: object, allowed: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), list(allowed), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_schema(data: Mapping[str, Any], fname: str) -> None:
    """Refuse a ``schema`` marker that is not :data:`SCHEMA_VERSION` (a missing one is left to
    :func:`require_schema`, called after the entries so their own errors come first)."""
    if "schema" not in data:
        return
    value = data["schema"]
    if value != SCHEMA_VERSION or isinstance(value, bool):
        raise ContentError(
            f"{fname}: field 'schema' is {value!r}, but this engine reads schema {SCHEMA_VERSION} "
            f"only; convert the file to schema {SCHEMA_VERSION} (or, if it already follows the "
            f"current format, set `schema = {SCHEMA_VERSION}`)"
        )


def require_schema(data: Mapping[str, Any], fname: str) -> None:
    """Refuse a file without a ``schema`` marker."""
    if "schema" not in data:
        raise ContentError(
            f"{fname}: field 'schema' is missing; add `schema = {SCHEMA_VERSION}` at the top of "
            "the file (the content format version this engine reads)"
        )


def check_keys(raw: Mapping[str, Any], allowed: Iterable[str], where: str, what: str = "field") -> None:
    """Refuse any key of ``raw`` outside ``allowed``: a typo must fail, not be ignored.

    ``where`` names the file and entry (``"tiles.toml: tile 'Bakery'"``); ``what`` names the
    kind of key (``"field"``, ``"top-level key"``).
    """
    allowed = tuple(allowed)
    for key in raw:
        if key not in allowed:
            raise ContentError(
                f"{where}: unknown {what} {key!r}{_suggest(key, allowed)}; rename or remove it "
                f"(allowed: {', '.join(allowed)})"
            )


def check_unique(fname: str, ids: Iterable[Any], what: str, field: str,
                 fix: str = "remove one of the two entries or change its {field}",
                 key: Callable[[Any], Any] | None = None) -> None:
    """Refuse two entries with the same id: ``what`` names the entry kind, ``field`` the key
    and ``fix`` how to put it right; ``key`` normalises ids before comparing (e.g. case)."""
    seen: set[Any] = set()
    for ident in ids:
        k = key(ident) if key else ident
        if k in seen:
            raise ContentError(
                f"{fname}: {what} {ident!r} appears twice (field {field!r}); each {what} needs its "
                f"own {field}: {fix.format(field=field)}"
            )
        seen.add(k)


#: The fix offered for a design (tile, card) listed twice.
MERGE_FIX = "merge the two entries (adding up their copies) or rename one"


def check_total(fname: str, entry: str, field: str | None, got: int, want: int, rule: str,
                fix: str = "") -> None:
    """Refuse a component total that differs from the rulebook's count ``want`` (rule ``rule``).

    ``entry`` names what is counted (``"tier A tiles"``), ``field`` the key that is summed
    (``"copies"``; ``None`` when entries are counted) and ``fix`` how to put it right (a default
    wording is used when empty).
    """
    if got == want:
        return
    at = f", field {field!r}" if field else ""
    what = f"adds up to {got}" if field else f"has {got} entries"
    if not fix:
        fix = (f"correct the {field!r} of these entries so they add up to {want}" if field
               else f"add or remove entries to make {want}")
    raise ContentError(f"{fname}: {entry}{at}: {what}, but the rules ({rule}) have {want}; {fix}")


def check_effect_shape(raw: Any, where: str, kinds: EffectKinds) -> tuple[str, str]:
    """Check an effect table's ``kind``, ``when`` and keys against ``kinds``; return both.

    Raises :class:`ContentError` naming the place, the effect and the field that is wrong.
    """
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: an effect must be a table like {{ when = ..., kind = ... }}")
    kind = raw.get("kind")
    if kind not in kinds:
        raise ContentError(f"{where}: field 'kind': unknown effect kind {kind!r}"
                           f"{_suggest(kind, kinds)}; kinds are {', '.join(kinds)}")
    assert isinstance(kind, str)  # it is one of the keys of ``kinds``
    timings, required, optional = kinds[kind]
    when = raw.get("when")
    if when not in timings:
        raise ContentError(f"{where}: field 'when': effect {kind!r} cannot happen at {when!r}; "
                           f"use {' or '.join(timings)}")
    assert isinstance(when, str)  # it is one of ``timings``
    allowed = ("kind", "when") + tuple(required) + tuple(optional)
    extra = [k for k in raw if k not in allowed]
    if extra:
        raise ContentError(f"{where}: effect {kind!r} has unknown field {extra[0]!r}"
                           f"{_suggest(extra[0], allowed)}; rename or remove it "
                           f"(allowed: {', '.join(allowed)})")
    missing = [k for k in required if k not in raw]
    if missing:
        raise ContentError(f"{where}: effect {kind!r} needs field {missing[0]!r}; add it")
    return kind, when


def read_game_toml(game: str, fname: str, error: type[ContentError] = ContentError) -> dict[str, Any] | None:
    """A TOML file of a registered game's ``data`` folder (a guide, a tutorial), parsed;
    ``None`` when the game has no such file, ``error`` naming the file when it is not TOML."""
    from .registry import game_info  # the registry is read only when a file is asked for

    info = game_info(game)
    package = info.state_class.__module__.rsplit(".", 1)[0]
    path = resources.files(package).joinpath("data", fname)
    if not path.is_file():
        return None
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{info.name}/{fname}: not valid TOML: {exc}") from None
