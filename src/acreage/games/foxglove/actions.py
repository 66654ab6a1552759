"""Foxglove Farm actions: small immutable tuples with a notation that reads back.

Every action is ``(kind, a, b, c)`` of ints. Cells are packed cell numbers (see
:mod:`.geometry`) and goods are indices, so actions hash and compare fast, while ``str()``
gives the notation people type:

==========================  ==============================================================
``pass``                    end your construction turns for this round
``trails``                  start a trail action (then ``trail``/``upgrade``…, ``done``)
``build Sheepfold``         take that tile from the display
``place 0,1``               put the tile you are building on cell (0,1)
``trail NS 0,1``            build a trail opening north and south on (0,1)
``upgrade NEW 0,1``         turn the trail on (0,1) into a T-junction opening N, E, W
``pay wood 0,0``            pay one wood from the building on (0,0)
``keep stone``              production: keep a stone where not everything fits
``choose sheep``            Emporium: name the goods type to gain
``haul coal 2,1``           Hauler's Hut: pull one coal from (2,1) onto the Hut
``move wood 0,0>0,2``       transport one wood from (0,0) to (0,2)
``process``                 round 4: run a processing step now
``done``                    end the current step (trail action, hauling, transport…)
==========================  ==============================================================
"""

from __future__ import annotations

from typing import NamedTuple

from .content import TILES
from .geometry import cell_name, shape_name
from .goods import GOODS

PASS, TRAILS, DONE, PROCESS, BUILD, PLACE, TRAIL, UPGRADE, PAY, KEEP, CHOOSE, HAUL, MOVE = range(13)

KIND_WORDS = (
    "pass", "trails", "done", "process", "build", "place", "trail", "upgrade", "pay", "keep",
    "choose", "haul", "move",
)


class Action(NamedTuple):
    """One Foxglove Farm decision. Compare and hash as a plain tuple."""

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        k = self.kind
        if k <= PROCESS:
            return KIND_WORDS[k]
        if k == BUILD:
            return f"build {TILES[self.a].name}"
        if k == PLACE:
            return f"place {cell_name(self.a)}"
        if k in (TRAIL, UPGRADE):
            return f"{KIND_WORDS[k]} {shape_name(self.b)} {cell_name(self.a)}"
        if k in (PAY, HAUL):
            return f"{KIND_WORDS[k]} {GOODS[self.a]} {cell_name(self.b)}"
        if k in (KEEP, CHOOSE):
            return f"{KIND_WORDS[k]} {GOODS[self.a]}"
        return f"move {GOODS[self.a]} {cell_name(self.b)}>{cell_name(self.c)}"

    def __repr__(self) -> str:
        try:
            return f"Action({str(self)!r})"
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            # A field out of range has no notation; show the raw numbers so that an error
            # message about the action can still be written.
            return f"Action{tuple.__repr__(self)}"


A_PASS = Action(PASS)
A_TRAILS = Action(TRAILS)
A_DONE = Action(DONE)
A_PROCESS = Action(PROCESS)
