"""Harvest as numbers: a fixed-length observation tensor built only from public facts and the
observer's own secrets (never a hidden deck order). Seats are relative: block 0 is the observer.

Layout: global (round one-hot 4, phase one-hot 4, festival flag, display tiles one-hot 11,
Workshop slots one-hot 6×18, Market tops one-hot 3×16, festival P3/P2/P1 one-hot 3×11
(designs), Gairy pieces 2, occupancy per space 17) then per seat: coins/30, water/6, capacity/6,
fertilizer/9, seeds/10 ×4, score/100, tile one-hot 11, pieces 3, farm cells one-hot 20×11,
buildings owned 18, festival cards per design /5 ×11, character one-hot 10, farmhouse one-hot 8.
"""

from __future__ import annotations

from .content import BUILDINGS, CHARACTERS, FARMHOUSES, FESTIVAL, MARKET, SPACES
from .frames import setup_open
from .queries import deck_top

NB, NF = len(BUILDINGS), len(FESTIVAL)
GLOBAL = 4 + 4 + 1 + 11 + 6 * NB + 3 * len(MARKET) + 3 * NF + 2 + len(SPACES)
SEAT = 4 + 4 + 1 + 11 + 3 + 20 * 11 + NB + NF + len(CHARACTERS) + len(FARMHOUSES)


def shape(players: int) -> tuple[int, ...]:
    return (GLOBAL + players * SEAT,)


def _c(x: float) -> float:
    return 0.0 if x < 0 else (1.0 if x > 1 else float(x))


def _hot(k: int, size: int) -> list[float]:
    v = [0.0] * size
    if 0 <= k < size:
        v[k] = 1.0
    return v


def encode(state, seat: int) -> list[float]:
    n = state.num_players
    hiding = setup_open(state.frames)
    out: list[float] = _hot(state.round - 1, 4)
    out += _hot(("setup", "sunrise", "action", "over").index(state.phase), 4)
    out.append(1.0 if state.fall_festival else 0.0)
    disp = [0.0] * 11
    for t in state.display:
        disp[t - 1] = 1.0
    out += disp
    for b in state.workshop_slots:
        out += _hot(b, NB)
    for st in state.market_stacks:
        out += _hot(st[-1] if st else -1, len(MARKET))
    for c in (deck_top(state), state.festival_p2, state.festival_p1):
        out += _hot(c, NF)
    out += [_c(state.gairy_wheelbarrows / 6), _c(state.gairy_baskets / 2)]
    out += [_c(len(state.occupants[sp.id]) / 4) for sp in SPACES]
    for k in range(n):
        s = (seat + k) % n
        out += [_c(state.coins[s] / 30), _c(state.water[s] / 6), _c(state.bucket_capacity[s] / 6),
                _c(state.fertilizer[s] / 9)]
        out += [_c(x / 10) for x in state.seeds[s]]
        out.append(_c(state.points[s] / 100))
        out += _hot(state.sunrise_tile[s] - 1, 11)
        out += [_c(state.wheelbarrows[s] / 3), _c(state.mice[s] / 3), float(state.basket[s])]
        for v in state.farm[s]:
            out += _hot(v, 11)
        owned = [0.0] * NB
        for b, _ in state.buildings[s]:
            owned[b] = 1.0
        out += owned
        cards = [0.0] * NF
        for c in state.cards[s]:
            cards[c] += 0.2
        out += [_c(x) for x in cards]
        show = s == seat or not hiding
        out += _hot(state.character[s] if show else -1, len(CHARACTERS))
        out += _hot(state.farmhouse[s] if show else -1, len(FARMHOUSES))
    return out
