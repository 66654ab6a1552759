"""Fields of Green as numbers: the observation tensor for RL.

Built only from what the observing seat may see (its own hand and pick, public counts and
every farm), so a state and any ``determinize`` copy for that seat encode alike. Seats are
relative: block 0 is the observer, block k is seat (observer + k) mod n. Every value lies in
[0, 1] (counts are divided by a scale and clipped).

Layout: ``global`` (GLOBAL features) then ``n`` seat blocks of SEAT features:

* global: year one-hot (4), phase one-hot (4), direction (1), turn one-hot (6), decks / 33 (4),
  Tower and Silo supply (2), Equipment stack / 30 (1), decision kind one-hot (len(DECISIONS)),
  First Player relative one-hot (4), own hand per design / 3 (NCARDS), own pick one-hot
  (NCARDS), 2-player display per design / 3 (NCARDS), pile size / 12 (1), own Equipment offer
  per kind (NEQ).
* per seat: coins / 40, Food / 12, Food capacity / 16, VP tokens / 20, stored tiles / 5,
  hand size / 7, hand per deck / 7 (4), committed (1), revealed pick one-hot (NCARDS),
  face-up cards per design / 3 (NCARDS), Wasteland per design / 3 (NCARDS), Water on Towers
  / 15, empty Towers / 5, Towers / 8, installed tiles per kind / 3 (NEQ), score / 60.
"""

from __future__ import annotations

from .content import CARDS, DECK_OF, EQUIPMENT
from .frames import Equip
from .queries import direction, first_player, food_cap, hand_deck_counts, two_player

NCARDS = len(CARDS)
NEQ = len(EQUIPMENT)
DECISIONS = ("water", "split", "commit", "take", "act", "pay", "fill", "sell", "equip", "harvest")
GLOBAL = 4 + 4 + 1 + 6 + 4 + 2 + 1 + len(DECISIONS) + 4 + 3 * NCARDS + 1 + NEQ
SEAT = 6 + 4 + 1 + NCARDS + 2 * NCARDS + 3 + NEQ + 1


def shape(players: int) -> tuple[int, ...]:
    return (GLOBAL + players * SEAT,)


def _c(x: float) -> float:
    return 0.0 if x < 0 else (1.0 if x > 1 else float(x))


def encode(state, seat: int) -> list[float]:
    from .constants import RESOLVE, TOWER_ID

    n = state.num_players
    out: list[float] = []
    year = [0.0] * 4
    year[state.year - 1] = 1.0
    out += year
    ph = [0.0] * 4
    ph[state.phase] = 1.0
    out += ph
    out.append(1.0 if direction(state) > 0 else 0.0)
    turn = [0.0] * 6
    if 1 <= state.turn <= 6 and not two_player(state):
        turn[state.turn - 1] = 1.0
    elif two_player(state):
        turn[min(5, state.picks_made // 2)] = 1.0
    out += turn
    # sizes only: read without settling an order a determinization left to draw
    out += [_c(len(d) / 33) for d in state._decks]
    out += [_c(state.towers_left / 20), _c(state.silos_left / 14), _c(len(state._equipment_stack) / 30)]
    dec = [0.0] * len(DECISIONS)
    top = state.frames[-1] if state.frames else None
    if top is not None and top.kind in DECISIONS:
        dec[DECISIONS.index(top.kind)] = 1.0
    out += dec
    fp = [0.0] * 4
    fp[(first_player(state) - seat) % n] = 1.0
    out += fp
    hand = [0.0] * NCARDS
    for c in state.hands[seat]:
        hand[c] += 1 / 3
    out += [_c(v) for v in hand]
    pick = [0.0] * NCARDS
    if state.picks[seat] >= 0:
        pick[state.picks[seat]] = 1.0
    out += pick
    disp = [0.0] * NCARDS
    for c in state.display:
        disp[c] += 1 / 3
    out += [_c(v) for v in disp]
    out.append(_c(len(state.pile) / 12))
    offer = [0.0] * NEQ
    if type(top) is Equip and top.seat == seat:
        for k in top.drawn:
            offer[k] += 1 / 3
    out += offer
    for k in range(n):
        s = (seat + k) % n
        out += [_c(state.coins[s] / 40), _c(state.food[s] / 12), _c(food_cap(state, s) / 16),
                _c(state.point_tokens[s] / 20), _c(len(state.stored[s]) / 5), _c(len(state.hands[s]) / 7)]
        out += [_c(v / 7) for v in hand_deck_counts(state, s)]
        out.append(1.0 if state.picks[s] >= 0 else 0.0)
        rev = [0.0] * NCARDS
        shown = state.revealed[s] if (two_player(state) or state.stage == RESOLVE) else -1
        if shown >= 0:
            rev[shown] = 1.0
        out += rev
        up = [0.0] * NCARDS
        down = [0.0] * NCARDS
        water = empty = towers = 0
        eq = [0.0] * NEQ
        for p, cid in enumerate(state.piece_cards[s]):
            (down if state.piece_face_down[s][p] else up)[cid] += 1 / 3
            if cid == TOWER_ID:
                towers += 1
                water += state.piece_water[s][p]
                empty += state.piece_water[s][p] == 0
            for e in state.piece_equipment[s][p]:
                eq[e] += 1 / 3
        out += [_c(v) for v in up] + [_c(v) for v in down]
        out += [_c(water / 15), _c(empty / 5), _c(towers / 8)]
        out += [_c(v) for v in eq]
        out.append(_c(state.score(s) / 60))
    return out


__all__ = ["DECK_OF", "encode", "shape"]
