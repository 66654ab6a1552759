"""Fields of Green's constants: phases and stages, card and Equipment tables, the action-id layout.

A module of its own so the encoding, the observation, the snapshot reader and the bots read
them without importing the state (no import circles).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    ABANDON,
    BUILD,
    FILL,
    HARVEST,
    PAY,
    RESTORE,
    SILO,
    SPLITS,
    TOWER,
    WATER,
)
from .content import CARDS, EQUIPMENT
from .content import SILO as SILO_CARD
from .content import TOWER as TOWER_CARD

MAINTENANCE, ACTION, HARVEST_PHASE, OVER = range(4)
PHASE_NAMES = ("maintenance", "action", "harvest", "game over")
COMMIT, RESOLVE = 0, 1

TOWER_ID = TOWER_CARD.id
SILO_ID = SILO_CARD.id
NCARDS = len(CARDS)
NEQ = len(EQUIPMENT)
CATS = tuple(c.categories for c in CARDS)
EQ_FITS = tuple(e.fits for e in EQUIPMENT)
EQ_TOWER_CAP = tuple(e.total("tower_capacity", "value") for e in EQUIPMENT)
EQ_TOWER_RANGE = tuple(e.total("tower_range", "value") for e in EQUIPMENT)
EQ_SILO_CAP = tuple(e.total("silo_capacity", "value") for e in EQUIPMENT)
EQ_CUT = tuple((e.total("cost_cut", "coins"), e.total("cost_cut", "water"), e.total("cost_cut", "food"))
               for e in EQUIPMENT)
EQ_BONUS = tuple((e.total("harvest_bonus", "coins"), e.total("harvest_bonus", "food"),
                  e.total("harvest_bonus", "vp")) for e in EQUIPMENT)
EQ_INSTALL = tuple((e.total("on_install", "coins"), e.total("on_install", "water"),
                    e.total("on_install", "food")) for e in EQUIPMENT)
EQ_END_VP = tuple(e.total("end_vp", "vp") for e in EQUIPMENT)

# Action-id layout (fixed for every configuration; see docs/fields_of_green.md). Cells where a
# card may go are named by their index in the acting seat's sorted frontier, cards of the farm
# by their index in build order (rulings.MAX_FRONTIER, rulings.MAX_PIECES).
OFF_SPLIT = 0
OFF_PICK = OFF_SPLIT + len(SPLITS)
OFF_MARKET = OFF_PICK + NCARDS
OFF_SELL = OFF_MARKET + R.MARKET_MAX_SELL + 1
OFF_NEW = OFF_SELL + 3  # sell 0, 1 or 2 Food (Roadside Stand)
NEW_KINDS = (BUILD, TOWER, SILO)  # one block of frontier indices each
OFF_PIECE = OFF_NEW + len(NEW_KINDS) * R.MAX_FRONTIER
PIECE_KINDS = (RESTORE, PAY, WATER, FILL, HARVEST, ABANDON)
OFF_EQUIP = OFF_PIECE + len(PIECE_KINDS) * R.MAX_PIECES
OFF_INSTALL = OFF_EQUIP + NEQ * (R.MAX_PIECES + 1)
OFF_DONE = OFF_INSTALL + NEQ * R.MAX_PIECES
NUM_ACTION_IDS = OFF_DONE + 1
