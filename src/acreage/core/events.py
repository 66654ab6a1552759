"""The event log: what happened in a game and why, told per seat.

A game's ``apply`` (and the forced steps it runs) *emits* events: small, JSON-ready dicts such
as ``{"kind": "produce", "seat": 0, "tile": "Sawmill", "goods": {"wood": 2}, "points": 0}``.
Events are derived data. Records and snapshots do not carry them; replaying a record with the
log switched on yields the same events again. So the log costs nothing unless somebody asks
for it: a state keeps no log until :meth:`GameState.record_events` is called, and every
emission site in the rules code is guarded by one ``is not None`` test. Search clones never
keep a log.

Hidden information stays hidden. An event that only some seats may read in full (a card
drafted face down) is emitted with the seats that may see it and a public form for everyone
else. Both forms occupy the same index, so ``since=`` works alike for every seat and for
spectators.

Every event carries:

- ``i``: its index in the log (the ``since`` of a later call);
- ``step``: how many recorded actions had been applied when it happened (0 for setup, so
  the events of action ``k`` carry ``step == k + 1``; forced steps that follow an action
  carry that action's step);
- ``kind``: what happened (each game documents its kinds in its ``events`` module);
- ``seat``: whose event it is, or ``None`` for the table.

Points are always told by events of their own: a dict with ``points`` (may be negative) and
``source`` (the label of the score breakdown it adds to). Summing them per seat gives the
score, which is how :meth:`GameState.score_breakdown` explains every point.
"""

from __future__ import annotations

from typing import Any

#: The key of the breakdown entry for points scored before the log began (a position loaded
#: from a snapshot whose record cannot be replayed).
EARLIER = "before this log began"


_recording = 0


class recording:
    """Within this block, every new game state keeps an event log from its setup on.

    A game's constructor calls :func:`new_log`; the log must exist before setup runs, since
    setup itself has events (the display dealt, the first production)."""

    def __enter__(self) -> None:
        global _recording
        _recording += 1

    def __exit__(self, *exc: object) -> None:
        global _recording
        _recording -= 1


def new_log() -> EventLog | None:
    """A fresh log inside a :class:`recording` block, else ``None`` (no log, no cost)."""
    return EventLog() if _recording else None


class EventLog:
    """The events of one game, in order, each in its full and (when different) public form."""

    __slots__ = ("full", "public", "seen_by", "step")

    def __init__(self) -> None:
        #: set by the game's ``apply`` before it acts: the number the next events carry
        self.step = 0
        self.full: list[dict] = []
        #: the form shown to seats outside ``seen_by`` (the same dict for a public event)
        self.public: list[dict] = []
        #: ``None`` for a public event, else the seats that may read the full form
        self.seen_by: list[frozenset[int] | None] = []

    def __len__(self) -> int:
        return len(self.full)

    def add(self, kind: str, seat: int | None, fields: dict[str, Any] | None = None,
            *, seen_by: frozenset[int] | None = None, public: dict[str, Any] | None = None) -> None:
        """Append an event; ``seen_by``/``public`` make it private (see the module docstring)."""
        i = len(self.full)
        step = self.step
        fields = fields or {}
        event = {"i": i, "step": step, "kind": kind, "seat": seat, **fields}
        self.full.append(event)
        if seen_by is None:
            self.public.append(event)
        else:
            shown = {"i": i, "step": step, "kind": kind, "seat": seat, **(public or {})}
            self.public.append(shown)
        self.seen_by.append(seen_by)

    def for_seat(self, seat: int | None, since: int = 0) -> list[dict]:
        """Copies of the events from index ``since`` on, as ``seat`` may see them."""
        out = []
        full, public, seen_by = self.full, self.public, self.seen_by
        for i in range(max(0, since), len(full)):
            who = seen_by[i]
            event = full[i] if who is None or (seat is not None and seat in who) else public[i]
            out.append(_copy(event))
        return out

    def truncate(self, step: int) -> None:
        """Drop the events of actions after the first ``step`` (used when a game is undone)."""
        keep = len(self.full)
        while keep and self.full[keep - 1]["step"] > step:
            keep -= 1
        del self.full[keep:], self.public[keep:], self.seen_by[keep:]


def _copy(event: dict) -> dict:
    """A copy deep enough that a caller cannot change the log (values are flat or one level)."""
    return {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in event.items()}


def points_by_source(events: list[dict], seat: int) -> dict[str, int]:
    """Sum the points events of ``seat`` by their ``source``, in the order sources first score
    (events that scored nothing are left out)."""
    out: dict[str, int] = {}
    for event in events:
        if event.get("seat") == seat and event.get("points") and "source" in event:
            out[event["source"]] = out.get(event["source"], 0) + event["points"]
    return out


def seat_name(event: dict, labels: list[str] | None = None) -> str:
    """How an event's seat is named in words: its label, else "seat N" (the games' ``describe``)."""
    return seat_word(event.get("seat"), labels)


def seat_word(seat: int | None, labels: list[str] | None = None) -> str:
    """How any seat an event names is said: its label, else "seat N"."""
    if labels and seat is not None and 0 <= seat < len(labels):
        return labels[seat]
    return f"seat {seat}"
