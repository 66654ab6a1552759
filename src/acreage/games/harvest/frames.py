"""The decisions and steps a Harvest position may be waiting on: one named, immutable record
per kind, kept on the state's stack (``state.frames``, top = last).

A record says who decides and what the decision remembers (a visit's actions left, a plant
action's crop...). Records are never changed in place: a step that moves a decision on puts
the updated record in its place (``frames[-1] = top._replace(...)``), so a clone of the state
shares them. ``kind`` is the record's short name in snapshots and observations; ``flow.py``
says which step answers each kind, in the rulebook's order.

Each record is written as two classes: a ``NamedTuple`` holding only its fields (``_Visit``),
and the record proper (``Visit``) that subclasses it to add the docstring, the ``kind`` and any
methods. The body of a ``NamedTuple`` may declare nothing but fields, so a type checker would
take a ``kind`` there for one more field to pass in; the subclass adds no slots, so building a
record and reading its fields cost what they did.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple


# ---------------------------------------------------------------- setup (HV-SET-8)
class _KeepCharacter(NamedTuple):
    seat: int


class KeepCharacter(_KeepCharacter):
    """Keep one of the two characters dealt, face down until every seat has chosen."""

    __slots__ = ()
    kind: ClassVar[str] = "keepc"


class _KeepFarmhouse(NamedTuple):
    seat: int


class KeepFarmhouse(_KeepFarmhouse):
    """Keep one of the two farmhouses dealt, face down until every seat has chosen."""

    __slots__ = ()
    kind: ClassVar[str] = "keeph"


# ---------------------------------------------------------------- Sunrise (HV-SUN)
class _SunriseSwap(NamedTuple):
    seat: int


class SunriseSwap(_SunriseSwap):
    """Swap the seat's Sunrise tile for one of the display, or keep it (HV-SUN-2/3)."""

    __slots__ = ()
    kind: ClassVar[str] = "sunrise"


class _Income(NamedTuple):
    pass  # no fields


class Income(_Income):
    """Automatic: every seat's Sunrise income once the swaps are done (HV-SUN-4)."""

    __slots__ = ()
    kind: ClassVar[str] = "income"


# ---------------------------------------------------------------- the Action phase (HV-ACT)
class _Turn(NamedTuple):
    seat: int


class Turn(_Turn):
    """Place one piece: a wheelbarrow, Finn or Maisie, or the basket (HV-ACT-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "turn"


class _EndTurn(NamedTuple):
    seat: int


class EndTurn(_EndTurn):
    """Automatic: the end of a seat's turn (festival refill, the basket's return)."""

    __slots__ = ()
    kind: ClassVar[str] = "endturn"


class _Visit(NamedTuple):
    seat: int
    space: int  # the space visited, -1 for a building or a Market tile's effect
    menus: int  # which menus are open: GS | FLD | WS bits (constants)
    actions_left: int
    workshop_done: int  # Workshop actions taken on this visit: 1 upgrade, 2 clear, 4 build
    finn: int  # Finn placed here: the actions cost nothing (HV-FNM-2)
    maisie: int  # Maisie placed here: one action more, Workshop actions may repeat (HV-FNM-3)
    trading_post: int  # the Trading Post: a fee before each action (HV-TP-1)
    fee_paid: int  # the fee for the next action is paid
    soil_mix: int  # the Soil Mix novelty is in use: fertilizer pays for Workshop actions (HV-NOV-11)
    area: str  # "gs", "fields", "workshop", "tp" or "" (a Market tile's effect)
    discount: int  # coins off a building (a Market tile, HV-FM)
    only: int  # 0: every open action; 1: only build; 2: only clear, free (a Market tile)


class Visit(_Visit):
    """The actions of a space or building being visited (HV-GS, HV-FLD, HV-WS, HV-TP)."""

    __slots__ = ()
    kind: ClassVar[str] = "visit"

    def after_action(self, workshop_bit: int = 0) -> Visit:
        """This visit once one of its actions is taken: one action fewer, the Trading Post's
        fee due again, ``workshop_bit`` added to the Workshop actions taken. (Built directly:
        it runs at every action of every search, where ``_replace`` costs twice as much.)"""
        seat, space, menus, left, done, finn, maisie, tp, _paid, soil, area, discount, only = self
        return Visit(seat, space, menus, left - 1, done | workshop_bit, finn, maisie, tp, 0, soil, area,
                     discount, only)


class _Plant(NamedTuple):
    seat: int
    crop: int  # the crop being planted, -1 if only the bonus seed may be
    bonus_crop: int  # a seed that may be planted besides (a Market tile, a novelty), else -1


class Plant(_Plant):
    """Plant more seeds, one crop at a time, after a first Plant action (HV-FLD-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "plant"


class _Tend(NamedTuple):
    seat: int
    crop: int
    discount: int  # water off the next tend


class Tend(_Tend):
    """Tend more seedlings of the crop just tended (HV-FLD-3)."""

    __slots__ = ()
    kind: ClassVar[str] = "tend"


class _MarketTile(NamedTuple):
    seat: int
    tile: int
    finn: int  # Finn placed here: the tile's coins are not paid (HV-FNM-2)


class MarketTile(_MarketTile):
    """Pay for the Farmer's Market tile on the space, or decline (HV-FM)."""

    __slots__ = ()
    kind: ClassVar[str] = "market"


class _Reactivate(NamedTuple):
    seat: int


class Reactivate(_Reactivate):
    """The Printing Press: use again a space the seat used this round (HV-FNM-4)."""

    __slots__ = ()
    kind: ClassVar[str] = "react"


class _ForestDie(NamedTuple):
    seat: int
    first: int
    second: int


class ForestDie(_ForestDie):
    """The Lumberjack keeps one of two forest dice (HV-CHR)."""

    __slots__ = ()
    kind: ClassVar[str] = "die"


# ---------------------------------------------------------------- the Fall Festival (HV-FFB, HV-NOV)
class _FestivalSpace(NamedTuple):
    seat: int
    space: int


class FestivalSpace(_FestivalSpace):
    """Automatic: a Festival space's reward, once the basket question is settled."""

    __slots__ = ()
    kind: ClassVar[str] = "ffres"


class _Basket(NamedTuple):
    seat: int


class Basket(_Basket):
    """Use the Hand-Woven Basket to take the basket back at the end of the turn (HV-NOV-12)."""

    __slots__ = ()
    kind: ClassVar[str] = "basket"


class _BuyCard(NamedTuple):
    seat: int
    after_harvest: int  # the Harvest Helper novelty may be used here
    bought: int


class BuyCard(_BuyCard):
    """Buy one festival card (FF-1, or after a harvest: HV-FFC-2)."""

    __slots__ = ()
    kind: ClassVar[str] = "buy"


class _CardOrCoin(NamedTuple):
    seat: int


class CardOrCoin(_CardOrCoin):
    """FF-3: a festival card or the coins (HV-FFB-5)."""

    __slots__ = ()
    kind: ClassVar[str] = "ff3"


#: Every record, by its kind: snapshots name frames by kind.
BY_KIND: dict[str, type[Any]] = {cls.kind: cls for cls in (
    KeepCharacter, KeepFarmhouse, SunriseSwap, Income, Turn, EndTurn, Visit, Plant, Tend, MarketTile,
    Reactivate, ForestDie, FestivalSpace, Basket, BuyCard, CardOrCoin)}

#: The frames that wait for a seat's decision (the others the engine runs by itself).
DECISIONS: frozenset[type] = frozenset((
    KeepCharacter, KeepFarmhouse, SunriseSwap, Turn, Visit, Plant, Tend, BuyCard, CardOrCoin, ForestDie,
    Reactivate, MarketTile, Basket))

#: The decisions that begin a turn (or a setup choice); the others continue one.
TURN_STARTS: frozenset[type] = frozenset((Turn, SunriseSwap, KeepCharacter, KeepFarmhouse))

#: The face-down setup choices (HV-SET-8).
SETUP_CHOICES: frozenset[type] = frozenset((KeepCharacter, KeepFarmhouse))


def setup_open(frames: list) -> bool:
    """Whether a seat still has a face-down setup choice to make (until then characters and
    farmhouses are hidden)."""
    return any(type(f) in SETUP_CHOICES for f in frames)
