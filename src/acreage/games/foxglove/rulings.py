"""Foxglove Farm: every rules ambiguity decided in one place, with the reason.

The checklist ``shared/rules/foxglove.md`` gives each decision an ID; the constants here are
the knobs the engine reads. Changing a reading means changing it here (and its test), never
scattering a special case through the rules code. ``docs/foxglove-rulings.md`` explains the
same decisions for players.
"""

from __future__ import annotations

#: FF-SET-6: the town is an unbounded grid. Cells are packed into ints with this coordinate
#: limit (x and y from -1000 to 1000 around the Forest); a town would need over a thousand
#: tiles in a line to reach it, so in play the grid is unbounded.
COORD_LIMIT = 1000
PACK_WIDTH = 2 * COORD_LIMIT + 1

#: [decided-here] Bounds that keep the action-id space fixed for RL and search. Action ids
#: name buildings by their index in the town (pay, haul, move), trails by their index among
#: the town's trails (upgrade) and empty cells by their index in the town's frontier (place,
#: trail). A town holds at most 48 buildings and 128 trails — the whole game's economy
#: (about 8 building goods a round) cannot pay for half of that — and with at most
#: 48 + 128 tiles its frontier never exceeds 2·176 + 2 = 354 cells.
MAX_BUILDINGS = 48
MAX_TRAILS = 128
MAX_FRONTIER = 2 * (MAX_BUILDINGS + MAX_TRAILS) + 8

#: FF-TRN-11 [decided-here]: cap on moves in one transport phase (round 4: the combined stage),
#: so that shuffling cubes back and forth can never stall a game. Option ``move_cap``.
DEFAULT_MOVE_CAP = 200
#: The move cap is an engine safeguard, not a rule players plan around: it is told to them only
#: once so few moves are left that it could matter.
MOVES_LEFT_SHOWN = 10

#: FF-SET-7 [decided: notes d.1]: the starting tile is a domino, Forest at (0,0), Mine at (1,0).
FOREST_CELL = (0, 0)
MINE_CELL = (1, 0)

#: FF-PRC-6 [decided-here]: tie order when a "different types" converter picks its sets.
DISTINCT_TIE_ORDER = (0, 1, 2, 3, 4)  # wood, stone, wheat, coal, sheep

#: FF-SOLO-10: the thresholds reported at the end of a solo game.
SOLO_THRESHOLDS = (60, 80, 100, 120)

#: FF-SOLO-3: the six solo displays (A/B area names, then C area names), laid row by row:
#: the A/B area's top row of three, then its bottom row (``SOLO_ROWS``).
SOLO_SETUPS: dict[int, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    1: ("Random", (), ()),
    2: (
        "Bountiful Harvest",
        ("Industrial Farm", "Smallholding", "Granary",  # top row
         "Windmill", "Lean-to", "Scrapyard"),  # bottom row
        ("Tavern", "Wheat Market", "Restaurant", "Grocer"),
    ),
    3: (
        "Food Festival",
        ("Meadow", "Charcoal Kiln", "Timberland",  # top row
         "Allotment", "Hot Spring", "Ore Mine"),  # bottom row
        ("Marketplace", "Farmyard", "Smokehouse", "Butcher"),
    ),
    4: (
        "Taste of Home",
        ("Swidden", "Alpine Meadow", "Peat Bog",  # top row
         "Quarry", "Granary", "Coal Shed"),  # bottom row
        ("Distillery", "Cafe", "Factory", "Bakery"),
    ),
    5: (
        "Resourceful Artisans",
        ("Woolmill", "Barn", "Volcano",  # top row
         "Coal Mine", "Sheepfold", "Paddock"),  # bottom row
        ("Ranch", "Foundry", "Butcher", "Furniture Store"),
    ),
    6: (
        "Vibrant History",
        ("Lambing Shed", "Fertile Plot", "Museum",  # top row
         "Swidden", "Sheepfold", "Hauler's Hut"),  # bottom row
        ("Trading Company", "Ranch", "Stonemason", "Market"),
    ),
}

#: FF-SET-13 / FF-SOLO-2: A/B display spaces by player count; the C area always has 4.
AB_SPACES = {1: 6, 2: 6, 3: 7, 4: 8}
C_SPACES = 4
#: FF-SOLO-2 [decided: notes d.16]: solo rows (space indices) of each display area.
SOLO_ROWS = {"AB": ((0, 1, 2), (3, 4, 5)), "C": ((6, 7), (8, 9))}


def lap_marker(score: int) -> str:
    """The score-track marker for a score (FF-END-7): '', '50+', '100+' or '150+'.

    The stored score is always the plain integer; the marker only mirrors the physical
    track's laps for display.
    """
    for threshold in (150, 100, 50):
        if score >= threshold:
            return f"{threshold}+"
    return ""
