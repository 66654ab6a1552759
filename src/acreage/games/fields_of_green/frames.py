"""The decisions and steps a Fields of Green position may be waiting on: one named, immutable
record per kind, kept on the state's stack (``state.frames``, top = last).

A record says who decides and what the decision remembers (Water left to place, a harvest's
cards still to pay...). Records are never changed in place: a step that moves a decision on
puts the updated record in its place, so a clone of the state shares them. ``kind`` is the
record's short name (snapshots name it in words of their own); ``flow.py`` says which step
answers each kind, in the rulebook's order.
"""

from __future__ import annotations

from typing import NamedTuple


# ---------------------------------------------------------------- maintenance (FG-MNT)
class WaterPlacement(NamedTuple):
    """Place the year's Water on one's Towers, one at a time (FG-MNT-2/3)."""

    seat: int
    left: int
    kind = "water"


class SplitChoice(NamedTuple):
    """Choose how many cards to draw from each deck (FG-MNT-6..9)."""

    seat: int
    kind = "split"


# ---------------------------------------------------------------- the action phase (FG-ACT, FG-2P)
class Commit(NamedTuple):
    """3–4 players: pick a card from one's hand, face down (FG-ACT-2)."""

    seat: int
    kind = "commit"


class Take(NamedTuple):
    """2 players: take a card from the open display (FG-2P-2)."""

    seat: int
    kind = "take"


class RevealPair(NamedTuple):
    """Automatic, 2 players: after each pair of picks, more cards turn up (FG-2P-3)."""

    kind = "reveal2"


class Act(NamedTuple):
    """Do one of the actions the picked card allows (FG-ACT-7)."""

    seat: int
    card: int
    kind = "act"


# ---------------------------------------------------------------- paying and effects
class PayWater(NamedTuple):
    """Pay Water for the card at ``cell`` from Towers in range, one at a time (FG-WT-4)."""

    seat: int
    cell: int
    amount: int
    kind = "pay"


class Effects(NamedTuple):
    """Automatic: the Immediate or Harvest effects of card ``piece`` (FG-EFX)."""

    seat: int
    piece: int
    when: str  # "immediate" or "harvest"
    kind = "effects"


class Fill(NamedTuple):
    """An effect's Water goes to a Tower with room within ``reach`` of ``cell`` (FG-EFX-10)."""

    seat: int
    cell: int
    reach: int
    amount: int  # 0: up to the Tower's capacity (a Well)
    kind = "fill"


class Sell(NamedTuple):
    """Sell up to ``most`` Food at ``price`` coins each (a Roadside Stand)."""

    seat: int
    most: int
    price: int
    kind = "sell"


class GainEquipment(NamedTuple):
    """Automatic: draw Equipment tiles to choose from (FG-EQ-1)."""

    seat: int
    kind = "gain_eq"


class Equip(NamedTuple):
    """Choose one drawn Equipment tile: install it on a card or store it (FG-EQ-1..4)."""

    seat: int
    drawn: tuple  # the tiles, top of the stack first
    known: tuple  # for each tile, the seats that knew where it lay (a bit per seat)
    kind = "equip"


# ---------------------------------------------------------------- the harvest (FG-HRV)
class Harvest(NamedTuple):
    """The seat's harvest: pay for each Harvest card or abandon it (FG-HRV-2..8)."""

    seat: int
    pending: tuple  # the cards (by build order) still to pay or abandon
    abandoned: tuple  # abandoned cards, face down when this harvest ends (FG-HRV-8)
    started: bool  # a card was dealt with: stored Equipment may no longer go in first (FG-EQ-6)
    kind = "harvest"


class Hold(NamedTuple):
    """A pause set by ``scenario.py`` for tests: nothing moves until it is removed."""

    kind = "hold"


#: Every record, by its kind.
BY_KIND: dict[str, type] = {cls.kind: cls for cls in (
    WaterPlacement, SplitChoice, Commit, Take, RevealPair, Act, PayWater, Effects, Fill, Sell,
    GainEquipment, Equip, Harvest, Hold)}

#: The frames that wait for a seat's decision (Hold waits for a test to go on).
DECISIONS: frozenset[type] = frozenset((
    WaterPlacement, SplitChoice, Commit, Take, Act, PayWater, Fill, Sell, Equip, Harvest))

#: The decisions that continue a turn already begun (a payment, an effect's choice).
SUBDECISIONS: frozenset[type] = frozenset((PayWater, Fill, Sell, Equip))
