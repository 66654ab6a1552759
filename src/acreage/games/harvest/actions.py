"""Harvest actions: small immutable tuples whose ``str()`` is the notation.

``Action(kind, a, b)``. Cells of the fixed 4×5 Farm Board (HV-SET-6) are ints 0..19 written
``r,c`` with rows and columns counted from 1. Spaces, buildings, characters, farmhouses and
festival cards are written by name.

============================  ============================================================
``keep character Trader``     keep one of the two dealt characters (HV-SET-8)
``keep farmhouse Bakehouse``  keep one of the two dealt farmhouses
``sunrise 7``                 take sunrise tile #7 from the display (HV-SUN-2)
``place F-2``                 place a wheelbarrow (or the basket on FF-…) (HV-ACT-1)
``place W-2 maisie``          Finn & Maisie: place that mouse
``place Greenhouse``          place on an own Action building (HV-ACT-7)
``reactivate F-3``            Printing Press: resolve that space again (HV-WS-11)
``fertilizer`` / ``fill``     General Store: gain 1 fertilizer / fill the bucket
``buy 3 pumpkin``             General Store: buy seeds of one crop
``plant wheat 1,1``           Fields: plant one seed on a cell (repeat, then ``done``)
``tend pumpkin 2,1``          Fields: tend one seed-side tile (repeat, then ``done``)
``harvest``                   Fields: harvest every crop-side tile
``upgrade`` / ``clear 1,4``   Workshop: bucket upgrade / clear a forest
``build Gazebo 1,1``          Workshop: build with the block's top-left cell at 1,1
``pay wheat|fertilizer|water``  Trading Post payment before each action (HV-TP-1)
``card P2``                   buy the festival card at P2 (HV-FFC)
``coin``                      FF-3: take 1 coin instead of a card
``use Funnel Cake``           discard a novelty for its benefit (HV-NOV)
``use Overflowing Cornucopia pumpkin``
``die 3``                     Lumberjack: keep face 3 of the two rolled
``market`` / ``market pay wheat``  pay the Market tile and gain its effect (HV-FM-1)
``done``                      end this visit / this Plant or Tend / skip the purchase
============================  ============================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.caches import shared_actions
from ...core.errors import IllegalAction
from . import rulings as R
from .content import (
    BUILDINGS,
    CHARACTERS,
    CROP_NAMES,
    FARMHOUSES,
    FESTIVAL,
    SPACES,
)

(KEEPC, KEEPH, SUNRISE, PLACE, REACT, FERT, FILL, BUY, PLANT, TEND, HARVEST, UPGRADE, CLEAR, BUILD, PAY,
 CARD, COIN, USE, DIE, MARKET, DONE) = range(21)
NCELLS = R.ROWS * R.COLS
NSPACES = len(SPACES)
PIECES = ("", "finn", "maisie")
PAY_WORDS = CROP_NAMES + ("fertilizer", "water")

#: kind -> (size of a, size of b): ids are OFFSET[kind] + a * bsize + b.
SIZES = {
    KEEPC: (len(CHARACTERS), 1), KEEPH: (len(FARMHOUSES), 1), SUNRISE: (12, 1),
    PLACE: (NSPACES + len(BUILDINGS), 3), REACT: (NSPACES, 1), FERT: (1, 1), FILL: (1, 1),
    BUY: (4, R.MAX_BUY + 1), PLANT: (4, NCELLS), TEND: (4, NCELLS), HARVEST: (1, 1), UPGRADE: (1, 1),
    CLEAR: (NCELLS, 1), BUILD: (len(BUILDINGS), NCELLS), PAY: (6, 1), CARD: (4, 1), COIN: (1, 1),
    USE: (len(FESTIVAL), 5), DIE: (7, 1), MARKET: (5, 1), DONE: (1, 1),
}
OFFSETS: dict[int, int] = {}
_o = 0
for _k in range(21):
    OFFSETS[_k] = _o
    _o += SIZES[_k][0] * SIZES[_k][1]
NUM_ACTION_IDS = _o
WORDS = ("keep character", "keep farmhouse", "sunrise", "place", "reactivate", "fertilizer", "fill", "buy",
         "plant", "tend", "harvest", "upgrade", "clear", "build", "pay", "card", "coin", "use", "die",
         "market", "done")


def cell_name(cell: int) -> str:
    return f"{cell // R.COLS + 1},{cell % R.COLS + 1}"


def parse_cell(text: str) -> int:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise IllegalAction(f"{text!r} is not a cell like 2,3")
    r, c = int(parts[0]), int(parts[1])
    if not (1 <= r <= R.ROWS and 1 <= c <= R.COLS):
        raise IllegalAction(f"cell {text!r} is off the {R.ROWS}×{R.COLS} Farm Board")
    return (r - 1) * R.COLS + (c - 1)


def place_target_name(a: int) -> str:
    return SPACES[a].name if a < NSPACES else BUILDINGS[a - NSPACES].name


class Action(NamedTuple):
    """One decision. Compare and hash as a plain tuple."""

    kind: int
    a: int = 0
    b: int = 0

    def __str__(self) -> str:
        k, a, b = self.kind, self.a, self.b
        w = WORDS[k]
        if k == KEEPC:
            return f"{w} {CHARACTERS[a].name}"
        if k == KEEPH:
            return f"{w} {FARMHOUSES[a].name}"
        if k in (SUNRISE, DIE):
            return f"{w} {a}"
        if k == PLACE:
            return f"{w} {place_target_name(a)}" + (f" {PIECES[b]}" if b else "")
        if k == REACT:
            return f"{w} {SPACES[a].name}"
        if k == BUY:
            return f"{w} {b} {CROP_NAMES[a]}"
        if k in (PLANT, TEND):
            return f"{w} {CROP_NAMES[a]} {cell_name(b)}"
        if k == CLEAR:
            return f"{w} {cell_name(a)}"
        if k == BUILD:
            return f"{w} {BUILDINGS[a].name} {cell_name(b)}"
        if k == PAY:
            return f"{w} {PAY_WORDS[a]}"
        if k == CARD:
            return f"{w} P{a}"
        if k == USE:
            return f"{w} {FESTIVAL[a].name}" + (f" {CROP_NAMES[b - 1]}" if b else "")
        if k == MARKET:
            return w + (f" pay {CROP_NAMES[a - 1]}" if a else "")
        return w

    def __repr__(self) -> str:
        try:
            return f"Action({str(self)!r})"
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            # A field out of range has no notation; show the raw numbers so that an error
            # message about the action can still be written.
            return f"Action{tuple.__repr__(self)}"

    @property
    def id(self) -> int:
        return OFFSETS[self.kind] + self.a * SIZES[self.kind][1] + self.b


#: ``made(kind, a, b)``: the action, made once and shared (``core.caches.shared_actions``).
made = shared_actions(Action)
