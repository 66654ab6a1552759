"""Shared checks for content data files (tiles, cards): one wording for every game's errors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ContentError

#: An effect-kind table: kind -> (allowed timings, required keys, optional keys).
EffectKinds = Mapping[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]


def check_effect_shape(raw: Any, where: str, kinds: EffectKinds) -> tuple[str, str]:
    """Check an effect table's ``kind``, ``when`` and keys against ``kinds``; return both.

    Raises :class:`ContentError` naming the place, the effect and the field that is wrong.
    """
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: an effect must be a table")
    kind = raw.get("kind")
    if kind not in kinds:
        raise ContentError(f"{where}: unknown effect kind {kind!r}; kinds are {', '.join(kinds)}")
    timings, required, optional = kinds[kind]
    when = raw.get("when")
    if when not in timings:
        raise ContentError(f"{where}: effect {kind!r} cannot happen at {when!r}; use {' or '.join(timings)}")
    extra = set(raw) - {"kind", "when"} - set(required) - set(optional)
    if extra:
        raise ContentError(f"{where}: effect {kind!r} has unknown field {sorted(extra)[0]!r}")
    missing = [k for k in required if k not in raw]
    if missing:
        raise ContentError(f"{where}: effect {kind!r} needs field {missing[0]!r}")
    return kind, when
