"""Foxglove Farm's constants: phases, frame kinds, the action-id layout and per-tile tables.

A module of its own so the rules, the encoding, the snapshot reader, the planner and the bots
read them without importing the state (no import circles).
"""

from __future__ import annotations

from .content import TILES
from .geometry import (
    SHAPES,
    TEES,
)
from .goods import NUM_GOODS
from .rulings import (
    MAX_BUILDINGS,
    MAX_FRONTIER,
    MAX_TRAILS,
)

PRODUCTION, CONSTRUCTION, TRANSPORT, FINAL, OVER = range(5)
PHASE_NAMES = ("production", "construction", "transportation", "final stage", "game over")
TIER_INDEX = {"A": 0, "B": 1, "C": 2}
TIER_NAMES = ("A", "B", "C")

# Frames whose work needs no decision: popped and run by _advance.
_AUTO_FRAMES = frozenset(("begin_construction", "refill", "solo_refresh", "end_turn"))
#: Frames that are steps of a construction turn already begun (see ``in_subdecision``); a
#: "keep" frame is one too while it comes from a build's immediate effect.
_TURN_STEPS = frozenset(("place", "pay", "trails", "choose"))

# Action-id layout (fixed for every configuration; see docs/foxglove.md).
NUM_KINDS = len(TILES)
OFF_BUILD = 4
OFF_PLACE = OFF_BUILD + NUM_KINDS
OFF_TRAIL = OFF_PLACE + MAX_FRONTIER
OFF_UPGRADE = OFF_TRAIL + MAX_FRONTIER * len(SHAPES)
OFF_PAY = OFF_UPGRADE + MAX_TRAILS * len(TEES)
OFF_KEEP = OFF_PAY + NUM_GOODS * MAX_BUILDINGS
OFF_CHOOSE = OFF_KEEP + NUM_GOODS
OFF_HAUL = OFF_CHOOSE + NUM_GOODS
OFF_MOVE = OFF_HAUL + NUM_GOODS * MAX_BUILDINGS
NUM_ACTION_IDS = OFF_MOVE + MAX_BUILDINGS * MAX_BUILDINGS * NUM_GOODS

_HAS_HAUL = frozenset(t.id for t in TILES if any(e.kind == "haul" for e in t.effects))
_HAS_PORTER = frozenset(t.id for t in TILES if any(e.kind == "porter" for e in t.effects))
_EFFECT_COUNT = {t.id: max((e.count for e in t.effects if e.when == "transport"), default=0) for t in TILES}
_FREE_TRAIL = {t.id: sum(e.count for e in t.effects if e.kind == "free_trail") for t in TILES}
_SUBS = {t.id: sum(e.count for e in t.effects if e.kind == "wood_for_stone") for t in TILES}
_HAS_PROCESSING = tuple(t.has_processing for t in TILES)
_HAS_PRODUCTION = tuple(any(e.when == "production" for e in t.effects) for t in TILES)
_HAS_END = tuple(any(e.when == "end" for e in t.effects) for t in TILES)
_TILE_REF = {t.id: f"{t.tier}:{t.name}" for t in TILES}
_REF_TILE = {ref: tid for tid, ref in _TILE_REF.items()}
