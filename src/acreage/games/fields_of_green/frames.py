"""The decisions and steps a Fields of Green position may be waiting on: one named, immutable
record per kind, kept on the state's stack (``state.frames``, top = last).

A record says who decides and what the decision remembers (Water left to place, a harvest's
cards still to pay...). Records are never changed in place: a step that moves a decision on
puts the updated record in its place, so a clone of the state shares them. ``kind`` is the
record's short name (snapshots name it in words of their own); ``flow.py`` says which step
answers each kind, in the rulebook's order.

Each record is written as two classes: a ``NamedTuple`` holding only its fields (``_Harvest``),
and the record proper (``Harvest``) that subclasses it to add the docstring and the ``kind``.
The body of a ``NamedTuple`` may declare nothing but fields, so a type checker would take a
``kind`` there for one more field to pass in; the subclass adds no slots, so building a record
and reading its fields cost what they did.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple


# ---------------------------------------------------------------- maintenance (FG-MNT)
class _WaterPlacement(NamedTuple):
    seat: int
    left: int


class WaterPlacement(_WaterPlacement):
    """Place the year's Water on one's Towers, one at a time (FG-MNT-2/3)."""

    __slots__ = ()
    kind: ClassVar[str] = "water"


class _SplitChoice(NamedTuple):
    seat: int


class SplitChoice(_SplitChoice):
    """Choose how many cards to draw from each deck (FG-MNT-6..9)."""

    __slots__ = ()
    kind: ClassVar[str] = "split"


# ---------------------------------------------------------------- the action phase (FG-ACT, FG-2P)
class _Commit(NamedTuple):
    seat: int


class Commit(_Commit):
    """3–4 players: pick a card from one's hand, face down (FG-ACT-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "commit"


class _Take(NamedTuple):
    seat: int


class Take(_Take):
    """2 players: take a card from the open display (FG-2P-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "take"


class _RevealPair(NamedTuple):
    pass  # no fields


class RevealPair(_RevealPair):
    """Automatic, 2 players: after each pair of picks, more cards turn up (FG-2P-3)."""

    __slots__ = ()
    kind: ClassVar[str] = "reveal2"


class _Act(NamedTuple):
    seat: int
    card: int


class Act(_Act):
    """Do one of the actions the picked card allows (FG-ACT-7)."""

    __slots__ = ()
    kind: ClassVar[str] = "act"


# ---------------------------------------------------------------- paying and effects
class _PayWater(NamedTuple):
    seat: int
    cell: int
    amount: int


class PayWater(_PayWater):
    """Pay Water for the card at ``cell`` from Towers in range, one at a time (FG-WT-4)."""

    __slots__ = ()
    kind: ClassVar[str] = "pay"


class _Effects(NamedTuple):
    seat: int
    piece: int
    when: str  # "immediate" or "harvest"


class Effects(_Effects):
    """Automatic: the Immediate or Harvest effects of card ``piece`` (FG-EFX)."""

    __slots__ = ()
    kind: ClassVar[str] = "effects"


class _Fill(NamedTuple):
    seat: int
    cell: int
    reach: int
    amount: int  # 0: up to the Tower's capacity (a Well)


class Fill(_Fill):
    """An effect's Water goes to a Tower with room within ``reach`` of ``cell`` (FG-EFX-10)."""

    __slots__ = ()
    kind: ClassVar[str] = "fill"


class _Sell(NamedTuple):
    seat: int
    most: int
    price: int


class Sell(_Sell):
    """Sell up to ``most`` Food at ``price`` coins each (a Roadside Stand)."""

    __slots__ = ()
    kind: ClassVar[str] = "sell"


class _GainEquipment(NamedTuple):
    seat: int


class GainEquipment(_GainEquipment):
    """Automatic: draw Equipment tiles to choose from (FG-EQ-1)."""

    __slots__ = ()
    kind: ClassVar[str] = "gain_eq"


class _Equip(NamedTuple):
    seat: int
    drawn: tuple  # the tiles, top of the stack first
    known: tuple  # for each tile, the seats that knew where it lay (a bit per seat)


class Equip(_Equip):
    """Choose one drawn Equipment tile: install it on a card or store it (FG-EQ-1..4)."""

    __slots__ = ()
    kind: ClassVar[str] = "equip"


# ---------------------------------------------------------------- the harvest (FG-HRV)
class _Harvest(NamedTuple):
    seat: int
    pending: tuple  # the cards (by build order) still to pay or abandon
    abandoned: tuple  # abandoned cards, face down when this harvest ends (FG-HRV-8)
    started: bool  # a card was dealt with: stored Equipment may no longer go in first (FG-EQ-6)


class Harvest(_Harvest):
    """The seat's harvest: pay for each Harvest card or abandon it (FG-HRV-2..8)."""

    __slots__ = ()
    kind: ClassVar[str] = "harvest"


class _Hold(NamedTuple):
    pass  # no fields


class Hold(_Hold):
    """A pause set by ``scenario.py`` for tests: nothing moves until it is removed."""

    __slots__ = ()
    kind: ClassVar[str] = "hold"


#: Every record, by its kind.
BY_KIND: dict[str, type[Any]] = {cls.kind: cls for cls in (
    WaterPlacement, SplitChoice, Commit, Take, RevealPair, Act, PayWater, Effects, Fill, Sell,
    GainEquipment, Equip, Harvest, Hold)}

#: The frames that wait for a seat's decision (Hold waits for a test to go on).
DECISIONS: frozenset[type] = frozenset((
    WaterPlacement, SplitChoice, Commit, Take, Act, PayWater, Fill, Sell, Equip, Harvest))

#: The decisions that continue a turn already begun (a payment, an effect's choice).
SUBDECISIONS: frozenset[type] = frozenset((PayWater, Fill, Sell, Equip))
