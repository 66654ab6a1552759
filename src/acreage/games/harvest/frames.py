"""The decisions and steps a Harvest position may be waiting on: one named, immutable record
per kind, kept on the state's stack (``state.frames``, top = last).

A record says who decides and what the decision remembers (a visit's actions left, a plant
action's crop...). Records are never changed in place: a step that moves a decision on puts
the updated record in its place (``frames[-1] = top._replace(...)``), so a clone of the state
shares them. ``kind`` is the record's short name in snapshots and observations; ``flow.py``
says which step answers each kind, in the rulebook's order.
"""

from __future__ import annotations

from typing import NamedTuple


# ---------------------------------------------------------------- setup (HV-SET-8)
class KeepCharacter(NamedTuple):
    """Keep one of the two characters dealt, face down until every seat has chosen."""

    seat: int
    kind = "keepc"


class KeepFarmhouse(NamedTuple):
    """Keep one of the two farmhouses dealt, face down until every seat has chosen."""

    seat: int
    kind = "keeph"


# ---------------------------------------------------------------- Sunrise (HV-SUN)
class SunriseSwap(NamedTuple):
    """Swap the seat's Sunrise tile for one of the display, or keep it (HV-SUN-2/3)."""

    seat: int
    kind = "sunrise"


class Income(NamedTuple):
    """Automatic: every seat's Sunrise income once the swaps are done (HV-SUN-4)."""

    kind = "income"


# ---------------------------------------------------------------- the Action phase (HV-ACT)
class Turn(NamedTuple):
    """Place one piece: a wheelbarrow, Finn or Maisie, or the basket (HV-ACT-2)."""

    seat: int
    kind = "turn"


class EndTurn(NamedTuple):
    """Automatic: the end of a seat's turn (festival refill, the basket's return)."""

    seat: int
    kind = "endturn"


class Visit(NamedTuple):
    """The actions of a space or building being visited (HV-GS, HV-FLD, HV-WS, HV-TP)."""

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
    kind = "visit"

    def after_action(self, workshop_bit: int = 0) -> Visit:
        """This visit once one of its actions is taken: one action fewer, the Trading Post's
        fee due again, ``workshop_bit`` added to the Workshop actions taken. (Built directly:
        it runs at every action of every search, where ``_replace`` costs twice as much.)"""
        seat, space, menus, left, done, finn, maisie, tp, _paid, soil, area, discount, only = self
        return Visit(seat, space, menus, left - 1, done | workshop_bit, finn, maisie, tp, 0, soil, area,
                     discount, only)


class Plant(NamedTuple):
    """Plant more seeds, one crop at a time, after a first Plant action (HV-FLD-2)."""

    seat: int
    crop: int  # the crop being planted, -1 if only the bonus seed may be
    bonus_crop: int  # a seed that may be planted besides (a Market tile, a novelty), else -1
    kind = "plant"


class Tend(NamedTuple):
    """Tend more seedlings of the crop just tended (HV-FLD-3)."""

    seat: int
    crop: int
    discount: int  # water off the next tend
    kind = "tend"


class MarketTile(NamedTuple):
    """Pay for the Farmer's Market tile on the space, or decline (HV-FM)."""

    seat: int
    tile: int
    finn: int  # Finn placed here: the tile's coins are not paid (HV-FNM-2)
    kind = "market"


class Reactivate(NamedTuple):
    """The Cider Press: use again a space the seat used this round (HV-FNM-4)."""

    seat: int
    kind = "react"


class ForestDie(NamedTuple):
    """The Lumberjack keeps one of two forest dice (HV-CHR)."""

    seat: int
    first: int
    second: int
    kind = "die"


# ---------------------------------------------------------------- the Fall Festival (HV-FFB, HV-NOV)
class FestivalSpace(NamedTuple):
    """Automatic: a Festival space's reward, once the basket question is settled."""

    seat: int
    space: int
    kind = "ffres"


class Basket(NamedTuple):
    """Use the Hand-Woven Basket to take the basket back at the end of the turn (HV-NOV-12)."""

    seat: int
    kind = "basket"


class BuyCard(NamedTuple):
    """Buy one festival card (FF-1, or after a harvest: HV-FFC-2)."""

    seat: int
    after_harvest: int  # the Harvest Helper novelty may be used here
    bought: int
    kind = "buy"


class CardOrCoin(NamedTuple):
    """FF-3: a festival card or the coins (HV-FFB-5)."""

    seat: int
    kind = "ff3"


#: Every record, by its kind: snapshots name frames by kind.
BY_KIND: dict[str, type] = {cls.kind: cls for cls in (
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
