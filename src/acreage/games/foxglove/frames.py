"""The decisions and steps a Foxglove Farm position may be waiting on: one named, immutable
record per kind, kept on the state's stack (``state.frames``, top = last).

A construction turn or a transport stage with nothing begun has no frame: the phase itself is
the decision (``flow.PHASE_STEPS``). Every multi-step part of a turn puts a record on the stack:
a build waits for its cell, then for the cubes that pay; a trail action for its trails; a
building's gain for the goods to keep. Records are never changed in place: a step that moves a
decision on puts the updated record in its place. ``kind`` is the record's short name in
snapshots; ``flow.py`` says which step answers each kind, in the rulebook's order.
"""

from __future__ import annotations

from typing import NamedTuple


# ---------------------------------------------------------------- what a payment is for
class Build(NamedTuple):
    """A tile taken from the display, to stand on ``cell`` once paid (FF-CON-5..11)."""

    tile: int
    cell: int
    kind = "build"


class NewTrail(NamedTuple):
    """A trail of ``shape`` (a bit mask of openings) to lay on ``cell`` once paid (FF-TRL-2/3)."""

    cell: int
    shape: int
    kind = "trail"


class Upgrade(NamedTuple):
    """The trail on ``cell`` to become the T-junction ``shape`` once paid (FF-TRL-4, FF-TRL-11)."""

    cell: int
    shape: int
    kind = "upgrade"


PURPOSES: dict[str, type] = {cls.kind: cls for cls in (Build, NewTrail, Upgrade)}


# ---------------------------------------------------------------- construction (FF-CON, FF-TRL)
class Place(NamedTuple):
    """Choose the cell for the tile just taken from the display (FF-CON-8/9)."""

    seat: int
    tile: int
    kind = "place"


class Pay(NamedTuple):
    """Choose the cubes that pay, one at a time (FF-CON-6/7, FF-TRL-2..5).

    ``owed`` is (wood, stone, wheat, coal, sheep, either, substitutes): ``either`` units may be
    wood or stone (trails), ``substitutes`` stone units may still be paid with wood (the Mason's
    Lodge, FF-EFX-20)."""

    seat: int
    owed: tuple[int, ...]
    purpose: Build | NewTrail | Upgrade
    kind = "pay"


class Trails(NamedTuple):
    """A trail action under way: lay or upgrade trails, or stop (FF-CON-4, FF-TRL)."""

    seat: int
    count: int  # trails laid or upgraded so far in this action
    kind = "trails"


class Choose(NamedTuple):
    """Choose the one goods type a new building gains ``amount`` of (FF-EFX-9)."""

    seat: int
    building: int
    amount: int
    kind = "choose"


# ---------------------------------------------------------------- gains that do not fit (FF-PRD-3/4)
class Keep(NamedTuple):
    """Keep one more cube of a gain that does not fit the building's free slots."""

    seat: int
    building: int
    goods: tuple[int, ...]  # the cubes still offered, by type
    free: int  # free slots left on the building
    kind = "keep"


# ---------------------------------------------------------------- transportation (FF-TRN-10, FF-FIN-5)
class TransportStart(NamedTuple):
    """The start-of-transport effects (Hauler's Hut, Porter's Lodge): use one, go on, or stop."""

    seat: int
    pending: tuple[int, ...]  # buildings whose effect is still unused
    active: int  # the building whose effect is under way, -1 if none
    left: int  # uses left of the active effect
    kind = "tstart"


# ---------------------------------------------------------------- steps the engine runs by itself
class BeginConstruction(NamedTuple):
    """Automatic: production is done, construction begins (FF-RND-1)."""

    seat: int  # always -1: no seat acts
    kind = "begin_construction"


class Refill(NamedTuple):
    """Automatic: refill an emptied display space once the build is done (FF-DSP-2..4)."""

    seat: int
    space: int
    kind = "refill"


class SoloRefresh(NamedTuple):
    """Automatic: the solo display's refresh after a build (FF-SOLO-6..8)."""

    seat: int
    area: str  # "AB" or "C"
    kind = "solo_refresh"


class EndTurn(NamedTuple):
    """Automatic: the end of a build's turn, once its effects are settled (FF-CON-2)."""

    seat: int
    kind = "end_turn"


#: Every record, by its kind: snapshots name frames by kind.
BY_KIND: dict[str, type] = {cls.kind: cls for cls in (
    Pay, Place, Trails, Keep, Choose, TransportStart, BeginConstruction, Refill, SoloRefresh, EndTurn)}

#: The frames that wait for a seat's decision (the others the engine runs by itself).
DECISIONS: frozenset[type] = frozenset((Pay, Place, Trails, Keep, Choose, TransportStart))

#: Steps of a construction turn already begun (see ``in_subdecision``); a ``Keep`` is one too
#: while it comes from a build's immediate effect.
TURN_STEPS: frozenset[type] = frozenset((Place, Pay, Trails, Choose))
