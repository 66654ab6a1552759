"""Questions the rules, the bots and the views ask of a Fields of Green position, changing
nothing: the year's order and direction, the farm's Towers, ranges and Silos, where a card may
go, what a harvest costs, what an effect counts, the end-game VP of a card (FG-YR, FG-MNT,
FG-WT, FG-SILO, FG-BLD, FG-HRV, FG-EFX, FG-EQ, FG-END). A leaf: it imports no other rules
module, and every rules module may import it. (``frontier_info`` remembers its answer on the
state until the farm changes.)
"""

from __future__ import annotations

from collections import deque

from ...core.caches import memo_table
from . import rulings as R
from .actions import SPLITS, neighbours, xy
from .constants import (
    CATS,
    EQ_CUT,
    EQ_FITS,
    EQ_SILO_CAP,
    EQ_TOWER_CAP,
    EQ_TOWER_RANGE,
    SILO_ID,
    TOWER_ID,
)
from .content import CARDS, DECK_OF


# ---------------------------------------------------------------- the year (FG-YR)
def two_player(state) -> bool:
    """Two players: the open display instead of hands (FG-2P)."""
    return state.num_players == 2


def first_player(state) -> int:
    """FG-YR-4: the token moves one seat left each year."""
    return (state.first_player_year1 + state.year - 1) % state.num_players


def turn_order(state) -> list[int]:
    """FG-YR-5: First Player, then clockwise."""
    n = state.num_players
    return [(first_player(state) + i) % n for i in range(n)]


def resolution_order(state) -> list[int]:
    """FG-ACT-5: revealed picks resolve from the First Player clockwise."""
    return turn_order(state) if R.RESOLVE_FROM_FIRST_PLAYER else list(range(state.num_players))


def direction(state) -> int:
    """The way hands pass this year: +1 left, -1 right (FG-ACT-3)."""
    return R.YEAR_DIRECTIONS[state.year - 1]


def legal_splits(state) -> tuple[tuple[int, int, int, int], ...]:
    """FG-MNT-6/9: sums to 6, at least 3 decks (or every non-empty one), within deck sizes
    (one shared tuple per capped deck sizes)."""
    # A deck of 6 or more allows every split's share of it, so sizes capped at 6 decide.
    key = tuple(len(d) if len(d) < 6 else 6 for d in state._decks)  # sizes: no order settled
    found = _SPLITS_BY_SIZES.get(key)
    if found is None:
        need = min(R.MIN_DECKS_IN_SPLIT, sum(1 for s in key if s))
        found = _SPLITS_BY_SIZES[key] = tuple(
            sp for sp in SPLITS if all(sp[i] <= key[i] for i in range(4)) and sum(1 for v in sp if v) >= need)
    return found


#: The legal splits for each capped deck size (at most 7 ** 4 entries).
_SPLITS_BY_SIZES: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = memo_table({})


# ---------------------------------------------------------------- the farm (FG-WT, FG-SILO, FG-BLD)
def tower_capacity(state, seat: int, p: int) -> int:
    return max([R.TOWER_CAPACITY] + [EQ_TOWER_CAP[e] for e in state.piece_equipment[seat][p]])


def tower_range(state, seat: int, p: int) -> int:
    return max([R.TOWER_RANGE] + [EQ_TOWER_RANGE[e] for e in state.piece_equipment[seat][p]])


def food_cap(state, seat: int) -> int:
    """FG-MNT-4, FG-SILO-3: the sum of Silo capacities."""
    total = 0
    for p, card in enumerate(state.piece_cards[seat]):
        if card == SILO_ID:
            total += max([R.SILO_CAPACITY] + [EQ_SILO_CAP[e] for e in state.piece_equipment[seat][p]])
    return total


def towers(state, seat: int) -> list[int]:
    return [p for p, c in enumerate(state.piece_cards[seat]) if c == TOWER_ID]


def tower_distances(state, seat: int, p: int, extra: int = -1) -> dict[int, int]:
    """Steps from Tower ``p`` to each occupied cell within its range (BFS over cards)."""
    cells = state.cells[seat]
    rng_ = tower_range(state, seat, p)
    start = state.piece_cells[seat][p]
    if not R.WATER_DISTANCE_ALONG_CARDS:
        sx, sy = xy(start)
        out = {}
        for c in list(cells) + ([extra] if extra >= 0 else []):
            cx, cy = xy(c)
            d = abs(cx - sx) + abs(cy - sy)
            if d <= rng_:
                out[c] = d
        return out
    # Breadth first, one ring of steps at a time (the same order as a queue gives).
    dist = {start: 0}
    ring = [start]
    for d in range(1, rng_ + 1):
        reached = []
        for c in ring:
            for nb in neighbours(c):
                if nb not in dist and (nb in cells or nb == extra):
                    dist[nb] = d
                    reached.append(nb)
        if not reached:
            break
        ring = reached
    return dist


def towers_in_range(state, seat: int, cell: int) -> list[int]:
    """Towers whose Water may pay at ``cell`` (measured as if ``cell`` held a card)."""
    extra = -1 if cell in state.cells[seat] else cell
    cx, cy = xy(cell)
    out = []
    for p in towers(state, seat):
        tx, ty = xy(state.piece_cells[seat][p])
        if abs(cx - tx) + abs(cy - ty) > tower_range(state, seat, p):
            continue  # no path over cards is shorter than the straight steps
        if cell in tower_distances(state, seat, p, extra):
            out.append(p)
    return out


def water_in_range(state, seat: int, cell: int) -> int:
    return sum(state.piece_water[seat][p] for p in towers_in_range(state, seat, cell))


def frontier_info(state, seat: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """FG-BLD-1/2: the empty cells sharing a side with a card of the farm, sorted, and the
    index of each. Action ids name build, tower and silo cells by that index."""
    info = state._front[seat]
    if info is None:
        cells = state.cells[seat]
        out = set()
        for c in cells:
            for nb in neighbours(c):
                if nb not in cells:
                    out.add(nb)
        front = tuple(sorted(out))
        info = state._front[seat] = (front, {c: i for i, c in enumerate(front)})
    return info


def frontier(state, seat: int) -> list[int]:
    """FG-BLD-1/2: empty cells sharing a side with any card of the farm (sorted)."""
    return list(frontier_info(state, seat)[0])


def frontier_water(state, seat: int, front: list[int]) -> dict[int, int]:
    """Water available to each frontier cell, from one BFS per Tower."""
    avail = dict.fromkeys(front, 0)
    for p in towers(state, seat):
        w = state.piece_water[seat][p]
        if not w:
            continue
        rng_ = tower_range(state, seat, p)
        if not R.WATER_DISTANCE_ALONG_CARDS:  # straight Manhattan distance to the cell itself
            tx, ty = xy(state.piece_cells[seat][p])
            for f in front:
                fx, fy = xy(f)
                if abs(fx - tx) + abs(fy - ty) <= rng_:
                    avail[f] += w
            continue
        # A frontier cell is in range where a card beside it is less than the range away:
        # marked from the cards' side (fewer than the frontier's cells, and no minimum taken).
        reached = set()
        for c, d in tower_distances(state, seat, p).items():
            if d < rng_:
                for nb in neighbours(c):
                    if nb in avail:
                        reached.add(nb)
        for f in reached:
            avail[f] += w
    return avail


def face_up_neighbours(state, seat: int, cell: int) -> list[int]:
    cells = state.cells[seat]
    out = []
    for nb in neighbours(cell):
        p = cells.get(nb)
        if p is not None and not state.piece_face_down[seat][p]:
            out.append(p)
    return out


def matches(state, seat: int, p: int, match: tuple[str, ...]) -> bool:
    """FG-EFX-6: a face-up card matching any named category."""
    if state.piece_face_down[seat][p]:
        return False
    cats = CATS[state.piece_cards[seat][p]]
    return any(m in cats for m in match)


def count_matching(state, seat: int, p: int, scope: str, match: tuple[str, ...]) -> int:
    if scope == "adjacent":
        near = face_up_neighbours(state, seat, state.piece_cells[seat][p])
        return sum(1 for q in near if matches(state, seat, q, match))
    return sum(1 for q in range(len(state.piece_cards[seat])) if matches(state, seat, q, match))


# ---------------------------------------------------------------- costs, effects, Equipment, the end
def harvest_cost(state, seat: int, p: int) -> tuple[int, int, int]:
    """(coins, water, food) after Equipment cuts (never below 0)."""
    card = CARDS[state.piece_cards[seat][p]]
    c, w, f = card.harvest_cost
    if card.food_per_copy:  # FG-EFX-3 (Rabbits): one Food per face-up copy
        f = sum(1 for q, cid in enumerate(state.piece_cards[seat])
                if cid == card.id and not state.piece_face_down[seat][q])
    for e in state.piece_equipment[seat][p]:
        cc, cw, cf = EQ_CUT[e]
        c, w, f = max(0, c - cc), max(0, w - cw), max(0, f - cf)
    return c, w, f


def can_pay_harvest(state, seat: int, p: int) -> bool:
    c, w, f = harvest_cost(state, seat, p)
    if state.coins[seat] < c or state.food[seat] < f:
        return False
    return w == 0 or water_in_range(state, seat, state.piece_cells[seat][p]) >= w


def fitting_cards(state, seat: int, k: int) -> list[int]:
    """FG-EQ-3/4: face-up cards of the right category with room for a new kind of tile."""
    fits = EQ_FITS[k]
    out = []
    for p, cid in enumerate(state.piece_cards[seat]):
        if state.piece_face_down[seat][p] or fits not in CATS[cid]:
            continue
        eq = state.piece_equipment[seat][p]
        if len(eq) < R.EQUIPMENT_PER_CARD and k not in eq:
            out.append(p)
    return out


def fill_targets(state, seat: int, src_cell: int, rng_: int) -> list[int]:
    """Towers with room within ``rng_`` steps of the card at ``src_cell`` (FG-EFX-10)."""
    out = []
    for p in towers(state, seat):
        if state.piece_water[seat][p] >= tower_capacity(state, seat, p):
            continue
        if R.WATER_DISTANCE_ALONG_CARDS:
            d = _path_dist(state.cells[seat], src_cell, state.piece_cells[seat][p], rng_)
        else:
            (ax, ay), (bx, by) = xy(src_cell), xy(state.piece_cells[seat][p])
            d = abs(ax - bx) + abs(ay - by)
        if d is not None and d <= rng_:
            out.append(p)
    return out


def counted_gain(state, seat: int, p: int, e) -> int:
    """What a ``gain_per`` or ``gain_if_none_adjacent`` effect of card ``p`` gives on the farm
    as it is now (FG-EFX-6): per matching card (capped), or a fixed amount when no
    neighbour matches."""
    if e.kind == "gain_per":
        amount = count_matching(state, seat, p, e.scope, e.match)
        if e.max >= 0:
            amount = min(amount, e.max)
        return amount * e.per
    return 0 if count_matching(state, seat, p, "adjacent", e.match) else e.amount


def end_game_vp(state, seat: int, p: int) -> int:
    """VP of one face-up card's End-game effects on the farm as it stands (FG-END-8)."""
    if state.piece_face_down[seat][p]:
        return 0
    total = 0
    for e in CARDS[state.piece_cards[seat][p]].effects:
        if e.when != "end":
            continue
        if e.kind == "gain_per":
            n = count_matching(state, seat, p, e.scope, e.match)
            if e.max >= 0:
                n = min(n, e.max)
            total += n * e.per
        elif e.kind == "distinct_adjacent":
            kinds = set()
            for q in face_up_neighbours(state, seat, state.piece_cells[seat][p]):
                kinds |= CATS[state.piece_cards[seat][q]] & set(e.match)
            total += len(kinds) * e.per
        elif e.kind == "distinct_subtypes":
            subs = {CARDS[c].subtype for q, c in enumerate(state.piece_cards[seat])
                    if not state.piece_face_down[seat][q] and CARDS[c].deck in e.decks}
            n = len(subs - {""})
            if e.max >= 0:
                n = min(n, e.max)
            total += n * e.per
    return total


def farm_size(state, seat: int) -> int:
    if R.TIEBREAK_COUNTS_WASTELAND:
        return len(state.piece_cards[seat])
    return sum(1 for d in state.piece_face_down[seat] if not d)


def _path_dist(cells: dict[int, int], a: int, b: int, limit: int) -> int | None:
    """Steps from cell ``a`` to ``b`` through occupied cells, if within ``limit``."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        if c == b:
            return dist[c]
        if dist[c] >= limit:
            continue
        for nb in neighbours(c):
            if nb in cells and nb not in dist:
                dist[nb] = dist[c] + 1
                queue.append(nb)
    return None


def hand_deck_counts(state, s: int) -> list[int]:
    """FG-HID-9: per-deck counts of a hand together with its unrevealed pick (public)."""
    counts = [0, 0, 0, 0]
    for cid in state.hands[s]:
        counts[DECK_OF[cid]] += 1
    if state.picks[s] >= 0:
        counts[DECK_OF[state.picks[s]]] += 1
    return counts
