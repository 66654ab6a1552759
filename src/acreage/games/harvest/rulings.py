"""Harvest: every reading the sources leave open, decided in one place.

Each constant names the checklist rule (``shared/rules/harvest.md``) it follows. The rules code
reads only these names.
"""

from __future__ import annotations

#: HV-RND-1 [decided: notes E-28]: four rounds; no Sunset after the last one.
ROUNDS = 4
#: HV-SET-6 [inferred-data]: the Farm Board grid and its starting forests (columns 4-5).
ROWS, COLS = 4, 5
FOREST_COLUMNS = (4, 5)
#: HV-SET-7 [inferred-data]: starting supply.
START_COINS = 3
START_CAPACITY = 3
START_FERTILIZER = 1
START_SEEDS = (2, 2, 0, 0)  # wheat, strawberry, blueberry, pumpkin
WHEELBARROWS = 3  # HV-ACT-8
#: HV-RES-2..4: caps.
MAX_CAPACITY = 6
MAX_FERTILIZER = 9
#: HV-SUN-1 [decided: notes E-6]: tiles revealed each Sunrise.
DISPLAY_SIZE = 3
#: HV-SET-11 [inferred-data]: Workshop rows (top, middle, bottom) and their building costs.
ROW_COSTS = (6, 4, 2)
SLOTS_PER_ROW = 2
#: HV-SET-12: Market stacks.
MARKET_STACKS = 3
#: HV-FFC-1: festival card price by position P3, P2, P1.
CARD_COSTS = {3: 3, 2: 2, 1: 1}
#: HV-GS-1 / HV-WS-1 / HV-TP-1 costs.
FILL_COST = 1
UPGRADE_COST = 1
CLEAR_COST = 2
TP_PAY_SEEDS, TP_PAY_FERTILIZER, TP_PAY_WATER = 1, 2, 3
TRADER_PAY = (1, 1, 2)  # HV-CHR-6
#: HV-GS-3 [decided-here]: one "buy seeds" action buys 1..MAX_BUY seeds (bounds the action ids).
MAX_BUY = 8
#: HV-FFB-3 / HV-FFB-5.
FF1_COINS, FF3_COINS = 2, 1
#: HV-GAI-1 [inferred-data]: Gairy's pieces by player count.
GAIRY_WHEELBARROWS = {1: 6, 2: 3}
GAIRY_BASKETS = {1: 2, 2: 1}
GAIRY_TILES_PER_TURN = {1: 2, 2: 1}  # HV-GAI-4
#: HV-GAI-12 [inferred-data]: solo tiers; +15 each with the expansion.
SOLO_TIERS = ((50, "Bronze"), (65, "Silver"), (80, "Gold"), (95, "Blue Ribbon"))
SOLO_EXPANSION_BONUS = 15
#: HV-SUN-4 [decided-here]: incomes in this fixed order: tile, farmhouse, character, buildings.
INCOME_ORDER = ("tile", "farmhouse", "character", "buildings")
#: HV-FLD-5/6 + HV-FFC-2 [decided-here]: the festival purchase is offered after the harvest's
#: gains; buying before could only use fewer coins, so nothing is lost.
PURCHASE_AFTER_HARVEST_GAINS = True
#: HV-NOV-11 [decided-here]: Soil Mix pays coins first and fertilizer (3 coins each, no change)
#: only for what the coins cannot cover.
SOIL_MIX_COINS = 3
#: HV-NOV-7 [decided-here]: the Cornucopia is used during a Plant action (after its first seed);
#: the gained seed may be of any type and may be planted at once.
CORNUCOPIA_DURING_PLANT = True
#: HV-FLD-3/4 [decided: notes E-4]: a Plant or Tend action handles one crop type, one cell per
#: step, and ends with "done" once at least one cell was handled.
#: HV-WS-10 Irrigation Ditch [inferred-data]: the discount comes off the first tile of a Tend.
#: HV-WS-11 [decided: notes E-30]: the Printing Press is a private action space every round.
PRINTING_PRESS_AS_SPACE = True
#: HV-SET-8 [decided-here]: the keep-one choices are made one seat at a time, hidden from the
#: others until all are made (a simultaneous secret choice).
SECRET_SETUP_CHOICE = True
