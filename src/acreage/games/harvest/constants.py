"""Harvest's constants: farm cell codes, crops, menus, spaces and per-character tables.

A module of its own so the bots and the snapshot reader read them without importing the
state (no import circles).
"""

from __future__ import annotations

from .content import CHARACTERS, FESTIVAL, SPACES

EMPTY, FOREST, BLDG = 0, 1, 2
SEED0, CROP0 = 3, 7  # seed-side tile of crop k = 3 + k; crop side = 7 + k
WHEAT, STRAW, BLUE, PUMPKIN = range(4)
GS, FLD, WS = 1, 2, 4
AREA_MENU = {"gs": GS, "fields": FLD, "workshop": WS}
NOV = {c.use: c.id for c in FESTIVAL if c.kind == "novelty"}
ABIL = tuple(c.ability for c in CHARACTERS)
FF1, FF2, FF3 = (next(s.id for s in SPACES if s.name == n) for n in ("FF-1", "FF-2", "FF-3"))
PHASES = ("setup", "sunrise", "action", "over")
