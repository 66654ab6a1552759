"""Fields of Green: every reading the sources leave open, decided in one place.

Each constant names the checklist rule (``shared/rules/fields_of_green.md``) and the notes'
section (e) item it follows. The rules code reads only these names, so a reading can be
switched here (or, for the ones that are real table choices, through a game option) without
hunting for special cases.
"""

from __future__ import annotations

CW, CCW = 1, -1

#: FG-YR-3 [decided: notes e.1]: passing direction per year (1-4); +1 = to seat s+1 (clockwise).
YEAR_DIRECTIONS: tuple[int, int, int, int] = (CW, CCW, CW, CCW)

#: FG-SET-5 [decided: notes e.8]: the starting Tower and Silo, side by side.
START_TOWER_CELL = (0, 0)
START_SILO_CELL = (1, 0)
START_COINS = 15  # FG-SET-4
START_TOWER_WATER = 3
START_SILO_FOOD = 1

#: FG-MNT-1: income from year 2 on.
INCOME_COINS, INCOME_FOOD, INCOME_WATER = 3, 1, 2
INCOME_FROM_YEAR = 2

#: FG-MNT-2/4, FG-WT-4: base storage and range.
TOWER_CAPACITY = 3
SILO_CAPACITY = 4
TOWER_RANGE = 2
#: FG-WT-3 [decided: notes e.2]: range is measured along occupied cells (a BFS), not as a
#: straight Manhattan distance. False switches to plain Manhattan distance.
WATER_DISTANCE_ALONG_CARDS = True

#: FG-MNT-6: cards drawn per year and the minimum number of decks used.
DRAW_COUNT = 6
MIN_DECKS_IN_SPLIT = 3

#: FG-MNT-12 [inferred-data: notes d.6]: introductory splits (Plantations, Livestock,
#: Structures, Buildings) per year.
INTRO_SPLITS: tuple[tuple[int, int, int, int], ...] = ((2, 2, 1, 1), (2, 2, 1, 1), (1, 2, 1, 2), (1, 1, 1, 3))

#: FG-ACT-1: turns per Action phase; FG-2P-3/4: the 2-player display.
TURNS = 6
DISPLAY_2P = 6
REVEAL_2P = 2

#: FG-WT-1, FG-MKT-1, FG-RST-1: action prices.
TOWER_PRICE = 2
MARKET_COINS = 2
MARKET_MAX_SELL = 2
MARKET_FOOD_PRICE = 2
RESTORE_PRICE = 1

#: FG-EQ-1/4: Equipment draws and limits.
EQUIPMENT_DRAW = 3
EQUIPMENT_PER_CARD = 2

#: FG-ACT-5 [decided: notes e.5]: revealed picks resolve one seat at a time from the First
#: Player clockwise (also the order of draws, FG-YR-5, and of harvests, FG-HRV-1). False:
#: they resolve from seat 0 upwards whoever is First Player.
RESOLVE_FROM_FIRST_PLAYER = True

#: FG-ACT-6 [decided-here]: the action is chosen when the seat's turn to resolve comes. This is
#: a fixed reading, not a switch: the engine has no way to choose the action with the pick.
CHOOSE_ACTION_AT_RESOLUTION = True

#: FG-HRV-8 [decided: notes e.9]: abandoned cards turn to Wasteland when the player's harvest
#: ends (they still count as face-up neighbours until then). False: they turn at once.
WASTELAND_AT_END_OF_OWN_HARVEST = True

#: FG-RST-3 [decided: notes e.10]: restoring does not re-run the Immediate ability.
RESTORE_RETRIGGERS_IMMEDIATE = False

#: FG-HRV-13 [decided-here]: Equipment on a card that becomes Wasteland leaves the game.
EQUIPMENT_LOST_WITH_WASTELAND = True

#: FG-EQ-6 [decided: notes e.7]: stored tiles may be installed later (at the start of an own
#: action or harvest).
STORED_EQUIPMENT_INSTALL_LATER = True

#: FG-EQ-1 [decided-here]: the tiles not kept go under the stack in drawn order, so the first
#: of them drawn will come up again first.
EQUIPMENT_REST_KEEP_ORDER = True

#: FG-END-10 [decided: notes e.14]: tie-break counts every card in the farm (Wasteland too).
TIEBREAK_COUNTS_WASTELAND = True

#: FG-END-6: scoring rates.
COINS_PER_VP = 3
FOOD_PER_VP = 2
EMPTY_TOWER_VP = 1
STORED_EQUIPMENT_VP = 1

#: FG-SET-5 [decided-here]: the farm grid is unbounded. Cells are packed into ints with this
#: coordinate limit (x and y from -511 to 511 around the starting Tower); a farm holds at most
#: MAX_FARM_CARDS cards in one connected piece, so no card ever lies more than 26 steps from
#: (0,0) and the limit is never reached in play.
COORD_LIMIT = 511

#: One card per pick at most (build, Water Tower or Silo) on top of the starting Tower and
#: Silo: 2 + 4 years x 6 picks.
MAX_FARM_CARDS = 2 + 4 * TURNS

#: [decided-here] Bounds that keep the action-id space fixed for RL and search. Action ids name
#: the cards of the acting seat's farm by their index in build order (restore, pay, water,
#: fill, harvest, abandon, equip, install) and the empty cells where a card may go by their
#: index in the farm's sorted *frontier* (the empty cells orthogonally next to a card of the
#: farm: build, tower, silo), so the grid is unbounded while the id space stays fixed.
#: MAX_PIECES (32) is above MAX_FARM_CARDS (26). Each card has 4 neighbouring cells, so a farm
#: of at most 32 cards has at most 4 x 32 = 128 frontier cells whatever its shape (a connected
#: farm of 26 cards, as in play, has at most 2 x 26 + 2 = 54), and MAX_FRONTIER is never reached.
MAX_PIECES = 32
MAX_FRONTIER = 4 * MAX_PIECES
