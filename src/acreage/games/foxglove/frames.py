"""The decisions and steps a Foxglove Farm position may be waiting on: one named, immutable
record per kind, kept on the state's stack (``state.frames``, top = last).

A construction turn or a transport stage with nothing begun has no frame: the phase itself is
the decision (``flow.PHASE_STEPS``). Every multi-step part of a turn puts a record on the stack:
a build waits for its cell, then for the cubes that pay; a trail action for its trails; a
building's gain for the goods to keep. Records are never changed in place: a step that moves a
decision on puts the updated record in its place. ``kind`` is the record's short name in
snapshots; ``flow.py`` says which step answers each kind, in the rulebook's order.

Each record is two classes: its fields as a ``NamedTuple`` (``_Pay``), and the record itself
(``Pay``) adding its ``kind`` and docstring. A ``NamedTuple``'s body may hold only fields, so a
type checker would read a ``kind`` written there as one more field; the subclass costs nothing
at run time (no slots of its own, the same fast field access).
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple


# ---------------------------------------------------------------- what a payment is for
class _Build(NamedTuple):
    tile: int
    cell: int


class Build(_Build):
    """A tile taken from the display, to stand on ``cell`` once paid (FF-CON-5..11)."""

    __slots__ = ()
    kind: ClassVar[str] = "build"


class _NewTrail(NamedTuple):
    cell: int
    shape: int


class NewTrail(_NewTrail):
    """A trail of ``shape`` (a bit mask of openings) to lay on ``cell`` once paid (FF-TRL-2/3)."""

    __slots__ = ()
    kind: ClassVar[str] = "trail"


class _Upgrade(NamedTuple):
    cell: int
    shape: int


class Upgrade(_Upgrade):
    """The trail on ``cell`` to become the T-junction ``shape`` once paid (FF-TRL-4, FF-TRL-11)."""

    __slots__ = ()
    kind: ClassVar[str] = "upgrade"


PURPOSES: dict[str, type[Any]] = {cls.kind: cls for cls in (Build, NewTrail, Upgrade)}

#: ``make(Kind, (field, ...))``: a record made straight from the tuple of its fields, in
#: order, without the named tuple's constructor (a function written in Python): a third of
#: the cost of ``Kind(field, ...)``, used at the steps every search repeats (a build's cell
#: and payment, each trail, each cube paid, a turn's end). It does not count the fields:
#: ``tests/foxglove/test_frames.py`` checks each such record against its named tuple.
make = tuple.__new__


# ---------------------------------------------------------------- construction (FF-CON, FF-TRL)
class _Place(NamedTuple):
    seat: int
    tile: int


class Place(_Place):
    """Choose the cell for the tile just taken from the display (FF-CON-8/9)."""

    __slots__ = ()
    kind: ClassVar[str] = "place"


class _Pay(NamedTuple):
    seat: int
    owed: tuple[int, ...]
    purpose: Build | NewTrail | Upgrade


class Pay(_Pay):
    """Choose the cubes that pay, one at a time (FF-CON-6/7, FF-TRL-2..5).

    ``owed`` is (wood, stone, wheat, coal, sheep, either, substitutes): ``either`` units may be
    wood or stone (trails), ``substitutes`` stone units may still be paid with wood (the Mason's
    Lodge, FF-EFX-20)."""

    __slots__ = ()
    kind: ClassVar[str] = "pay"


class _Trails(NamedTuple):
    seat: int
    laid: int  # trails laid or upgraded so far in this action


class Trails(_Trails):
    """A trail action under way: lay or upgrade trails, or stop (FF-CON-4, FF-TRL)."""

    __slots__ = ()
    kind: ClassVar[str] = "trails"


class _Choose(NamedTuple):
    seat: int
    building: int
    amount: int


class Choose(_Choose):
    """Choose the one goods type a new building gains ``amount`` of (FF-EFX-9)."""

    __slots__ = ()
    kind: ClassVar[str] = "choose"


# ---------------------------------------------------------------- gains that do not fit (FF-PRD-3/4)
class _Keep(NamedTuple):
    seat: int
    building: int
    goods: tuple[int, ...]  # the cubes still offered, by type
    free: int  # free slots left on the building


class Keep(_Keep):
    """Keep one more cube of a gain that does not fit the building's free slots."""

    __slots__ = ()
    kind: ClassVar[str] = "keep"


# ---------------------------------------------------------------- transportation (FF-TRN-10, FF-FIN-5)
class _TransportStart(NamedTuple):
    seat: int
    pending: tuple[int, ...]  # buildings whose effect is still unused
    active: int  # the building whose effect is under way, -1 if none
    left: int  # uses left of the active effect


class TransportStart(_TransportStart):
    """The start-of-transport effects (Hauler's Hut, Porter's Lodge): use one, go on, or stop."""

    __slots__ = ()
    kind: ClassVar[str] = "tstart"


# ---------------------------------------------------------------- steps the engine runs by itself
class _BeginConstruction(NamedTuple):
    seat: int  # always -1: no seat acts


class BeginConstruction(_BeginConstruction):
    """Automatic: production is done, construction begins (FF-RND-1)."""

    __slots__ = ()
    kind: ClassVar[str] = "begin_construction"


class _Refill(NamedTuple):
    seat: int
    space: int


class Refill(_Refill):
    """Automatic: refill an emptied display space once the build is done (FF-DSP-2..4)."""

    __slots__ = ()
    kind: ClassVar[str] = "refill"


class _SoloRefresh(NamedTuple):
    seat: int
    area: str  # "AB" or "C"


class SoloRefresh(_SoloRefresh):
    """Automatic: the solo display's refresh after a build (FF-SOLO-6..8)."""

    __slots__ = ()
    kind: ClassVar[str] = "solo_refresh"


class _EndTurn(NamedTuple):
    seat: int


class EndTurn(_EndTurn):
    """Automatic: the end of a build's turn, once its effects are settled (FF-CON-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "end_turn"


#: Every record, by its kind: snapshots name frames by kind.
BY_KIND: dict[str, type[Any]] = {cls.kind: cls for cls in (
    Pay, Place, Trails, Keep, Choose, TransportStart, BeginConstruction, Refill, SoloRefresh, EndTurn)}

#: The frames that wait for a seat's decision (the others the engine runs by itself).
DECISIONS: frozenset[type] = frozenset((Pay, Place, Trails, Keep, Choose, TransportStart))

#: Steps of a construction turn already begun (see ``in_subdecision``); a ``Keep`` is one too
#: while it comes from a build's immediate effect.
TURN_STEPS: frozenset[type] = frozenset((Place, Pay, Trails, Choose))
