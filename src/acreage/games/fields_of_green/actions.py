"""Fields of Green actions: small immutable tuples whose ``str()`` is the notation.

``Action(kind, a, b, c)`` of ints. Cells are packed ints (:func:`cell_of`), cards and tiles are
indices into :data:`~.content.CARDS` / :data:`~.content.EQUIPMENT`.

========================  ==================================================================
``split 2/2/1/1``         declare the year's draw split (Plantations/Livestock/Structures/Buildings)
``pick Wheat Field``      commit a card as this turn's pick (3-4 players: hidden), or take it
                          from the display (2 players)
``build 2,0``             action A: build the picked card on cell (2,0)
``tower 0,1``             action B: build a Water Tower on (0,1)
``silo 0,1``              action C: build a Silo on (0,1)
``market 1``              action D: go to Market and sell 1 Food (0, 1 or 2)
``restore 1,1``           action E: restore the Wasteland on (1,1)
``pay 0,0``               pay 1 Water from the Tower on (0,0)
``water 0,0``             income: put 1 Water on the Tower on (0,0)
``fill 0,0``              Well / Windpump: the Tower on (0,0) receives the Water
``sell 2``                Roadside Stand: sell 2 Food
``harvest 1,1``           pay for and run the harvest of the card on (1,1)
``abandon 1,1``           leave the card on (1,1) unpaid (it becomes Wasteland)
``equip Tractor 1,1``     keep the drawn Tractor and install it on (1,1)
``equip Tractor store``   keep the drawn Tractor and store it
``install Tractor 1,1``   install a stored Tractor on (1,1)
``done``                  end a harvest that has no card left to resolve (offered only when
                          stored Equipment could still be installed at its start, FG-EQ-6)
========================  ==================================================================
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from .content import CARDS, EQUIPMENT
from .rulings import COORD_LIMIT

(SPLIT, PICK, BUILD, TOWER, SILO, MARKET, RESTORE, PAY, WATER, FILL, SELL, HARVEST, ABANDON,
 EQUIP, INSTALL, DONE) = range(16)
KIND_WORDS = ("split", "pick", "build", "tower", "silo", "market", "restore", "pay", "water", "fill",
              "sell", "harvest", "abandon", "equip", "install", "done")
CELL_KINDS = frozenset((BUILD, TOWER, SILO, RESTORE, PAY, WATER, FILL, HARVEST, ABANDON))
NUMBER_KINDS = frozenset((MARKET, SELL))

# A cell (x, y) packs into one int; the coordinates run -COORD_LIMIT..COORD_LIMIT (FG-SET-5).
_OFF = COORD_LIMIT + 1
_W = 2 * _OFF

#: Every way to split 6 draws over the 4 main decks, in a fixed order (index = action ``a``).
SPLITS: tuple[tuple[int, int, int, int], ...] = tuple(
    (a, b, c, d) for a, b, c, d in product(range(7), repeat=4) if a + b + c + d == 6
)
SPLIT_INDEX = {t: i for i, t in enumerate(SPLITS)}


def in_bounds(x: int, y: int) -> bool:
    return -COORD_LIMIT <= x <= COORD_LIMIT and -COORD_LIMIT <= y <= COORD_LIMIT


def cell_of(x: int, y: int) -> int:
    return (x + _OFF) * _W + (y + _OFF)


def xy(cell: int) -> tuple[int, int]:
    return cell // _W - _OFF, cell % _W - _OFF


def cell_name(cell: int) -> str:
    x, y = xy(cell)
    return f"{x},{y}"


def parse_cell(text: str) -> int:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a cell like 2,0")
    x, y = (int(p) for p in parts)
    if not in_bounds(x, y):
        raise ValueError(f"cell {text!r} is too far out (coordinates run -{COORD_LIMIT}..{COORD_LIMIT})")
    return cell_of(x, y)


def neighbours(cell: int) -> tuple[int, int, int, int]:
    return (cell + _W, cell - _W, cell + 1, cell - 1)


def split_name(split: tuple[int, ...]) -> str:
    return "/".join(str(n) for n in split)


class Action(NamedTuple):
    """One decision. Compare and hash as a plain tuple."""

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        k = self.kind
        word = KIND_WORDS[k]
        if k == SPLIT:
            return f"split {split_name(SPLITS[self.a])}"
        if k == PICK:
            return f"pick {CARDS[self.a].name}"
        if k in CELL_KINDS:
            return f"{word} {cell_name(self.a)}"
        if k in NUMBER_KINDS:
            return f"{word} {self.a}"
        if k == DONE:
            return word
        name = EQUIPMENT[self.a].name
        if k == EQUIP and self.c:
            return f"equip {name} store"
        return f"{word} {name} {cell_name(self.b)}"

    def __repr__(self) -> str:
        try:
            return f"Action({str(self)!r})"
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            # A field out of range has no notation; show the raw numbers so that an error
            # message about the action can still be written.
            return f"Action{tuple.__repr__(self)}"
