"""Questions the rules, the bots and the views ask of a Harvest position, changing nothing:
a seat's character ability and buildings, turn order, pieces left, festival cards and prices.
A leaf: it imports no other rules module, and every rules module may import it.
"""

from __future__ import annotations

from ...core.caches import memo_table
from . import rulings as R
from .constants import ABIL, BLDG, BLUE, CROP0, FOREST, NOV, PUMPKIN, SEED0
from .content import BUILDINGS, CROPS


def ability(state, seat: int) -> str:
    """The ability of the seat's character ("" before characters are kept)."""
    c = state.character[seat]
    return ABIL[c] if c >= 0 else ""


def owned(state, seat: int, key: str) -> list:
    """The seat's buildings with the ability ``key``."""
    return [BUILDINGS[b] for b, _ in state.buildings[seat] if BUILDINGS[b].ability == key]


def turn_order(state) -> list[int]:
    """The seats by Sunrise tile, lowest first (HV-ACT-1)."""
    return sorted(range(state.num_players), key=lambda s: state.sunrise_tile[s])


def pieces_left(state, seat: int) -> int:
    """Wheelbarrows, Finn and Maisie, and the basket the seat may still place this round."""
    return state.wheelbarrows[seat] + bin(state.mice[seat]).count("1") + state.basket[seat]


def cells_of(state, seat: int, code: int) -> list[int]:
    """The cells of the seat's farm holding ``code`` (EMPTY, FOREST, a seed or a crop)."""
    return [i for i, v in enumerate(state.farm[seat]) if v == code]


def bushes(state, seat: int) -> int:
    """Blueberry bushes on the farm, seeds and crops alike (the Orchard Shed, HV-END-2)."""
    return sum(1 for v in state.farm[seat] if v in (SEED0 + BLUE, CROP0 + BLUE))


# ---------------------------------------------------------------- festival cards (HV-FFC)
def deck_top(state) -> int:
    """P3: the festival deck's top card, face up (HV-FFC-5), or -1."""
    return state.festival_deck[-1] if state.festival_deck else -1


def card_at(state, position: int) -> int:
    """The festival card at P1, P2 or P3 (-1: none)."""
    return deck_top(state) if position == 3 else (state.festival_p2 if position == 2 else state.festival_p1)


def card_price(state, seat: int, position: int) -> int:
    """What the card at ``position`` costs the seat (Francie pays nothing, HV-FRA-1)."""
    return 0 if ability(state, seat) == "francie" else R.CARD_COSTS[position]


def novelty_usable(state, seat: int, use: str) -> bool:
    """HV-NOV-2/3: the seat holds the novelty for ``use`` since before this turn."""
    cid = NOV.get(use, -1)
    return cid >= 0 and state.cards[seat].count(cid) > state.fresh[seat].count(cid)


# ---------------------------------------------------------------- prices and payments
def seed_price(state, seat: int, crop: int, count: int) -> int:
    """Coins for ``count`` seeds (0 to ``R.MAX_BUY``) of ``crop`` at the General Store (the
    Pumpkin Patcher's discount included)."""
    return seed_prices(state, seat)[crop][count]


def seed_prices(state, seat: int) -> tuple[tuple[int, ...], ...]:
    """``[crop][count]``: ``seed_price`` for every crop and count up to ``R.MAX_BUY`` (the
    General Store's menu asks for all of them at once). Two tables, with and without the
    Pumpkin Patcher, each worked out when first asked."""
    patcher = ability(state, seat) == "pumpkin_patcher"
    table = _PRICE_TABLES.get(patcher)
    if table is None:
        table = _PRICE_TABLES[patcher] = tuple(
            tuple(_seed_price(crop, k, patcher) for k in range(R.MAX_BUY + 1)) for crop in range(4))
    return table


def _seed_price(crop: int, count: int, patcher: bool) -> int:
    p = CROPS[crop].price(count)
    if crop == PUMPKIN and patcher:
        p = max(0, p - count)
    return p


_PRICE_TABLES: dict[bool, tuple[tuple[int, ...], ...]] = memo_table({})


def build_cost(state, seat: int, slot: int, discount: int) -> int:
    """Coins for the building in Workshop ``slot`` (HV-WS-4: by its row; the Architect and a
    Market tile's discount off)."""
    c = R.ROW_COSTS[slot // R.SLOTS_PER_ROW] - discount - (2 if ability(state, seat) == "architect" else 0)
    return max(0, c)


def free_blocks(state, seat: int) -> list[int]:
    """HV-WS-5: top-left cells of 2×2 blocks free of forest and buildings."""
    taken = [v == FOREST or v == BLDG for v in state.farm[seat]]
    return [i for i, j, k, m in _BLOCKS if not (taken[i] or taken[j] or taken[k] or taken[m])]


#: Every 2×2 block of the farm as its four cells, top-left first, in reading order.
_BLOCKS = tuple((i, i + 1, i + R.COLS, i + R.COLS + 1)
                for i in (r * R.COLS + c for r in range(R.ROWS - 1) for c in range(R.COLS - 1)))


def trading_post_fee(state, seat: int) -> tuple[int, int, int]:
    """HV-TP-1: the fee before each Trading Post action, as (seeds, fertilizer, water), any
    one of them (the Trader pays less)."""
    if ability(state, seat) == "trader":
        return R.TRADER_PAY
    return (R.TP_PAY_SEEDS, R.TP_PAY_FERTILIZER, R.TP_PAY_WATER)
