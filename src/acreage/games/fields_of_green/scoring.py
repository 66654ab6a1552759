"""Scoring: printed VP, VP tokens, end-game effects of cards and Equipment, stored Equipment,
coins, food and empty Towers, the breakdown by source and the tie-breaks (FG-END).
"""

from __future__ import annotations

from ...core.events import EARLIER, points_by_source
from . import rulings as R
from .constants import EQ_END_VP, TOWER_ID
from .content import CARDS, EQUIPMENT
from .events import source
from .queries import end_game_vp, farm_size


def score_parts(state, seat: int) -> dict[str, int]:
    """The score by the rulebook's end-scoring items (FG-END-2..7), from the farm as it is."""
    printed = end_eq = end_cards = empty = 0
    for p, cid in enumerate(state.piece_cards[seat]):
        if cid == TOWER_ID and state.piece_water[seat][p] == 0:
            empty += R.EMPTY_TOWER_VP  # FG-END-7
        if state.piece_face_down[seat][p]:
            continue
        printed += CARDS[cid].vp  # FG-END-2
        end_eq += sum(EQ_END_VP[k] for k in state.piece_equipment[seat][p])  # FG-END-4
        end_cards += end_game_vp(state, seat, p)
    return {
        "printed": printed,
        "tokens": state.point_tokens[seat],  # FG-END-3
        "equipment": end_eq,
        "stored": R.STORED_EQUIPMENT_VP * len(state.stored[seat]),  # FG-END-5
        "coins": state.coins[seat] // R.COINS_PER_VP,  # FG-END-6
        "food": state.food[seat] // R.FOOD_PER_VP,
        "empty_towers": empty,
        "end_game": end_cards,
    }


def score(state, seat: int) -> int:
    """The seat's score: every end-scoring item, from the farm as it is."""
    return sum(score_parts(state, seat).values())


def score_breakdown(state, seat: int) -> dict[str, int]:
    """Points by source: each card's printed and end-game VP, each Equipment tile's end VP,
    the VP tokens by the card (or tile) that gave them (from the event log), stored
    Equipment, coins, food and empty Water Towers."""
    out: dict[str, int] = {}

    def add(label: str, n: int) -> None:
        if n:
            out[label] = out.get(label, 0) + n

    for p, cid in enumerate(state.piece_cards[seat]):
        name = CARDS[cid].name
        if cid == TOWER_ID and state.piece_water[seat][p] == 0:
            add("empty Water Towers (FG-END-7)", R.EMPTY_TOWER_VP)
        if state.piece_face_down[seat][p]:
            continue
        add(source(name, "printed VP"), CARDS[cid].vp)
        add(source(name, "end of game"), end_game_vp(state, seat, p))
        for k in state.piece_equipment[seat][p]:
            add(source(EQUIPMENT[k].name, "Equipment, end of game"), EQ_END_VP[k])
    state.record_events()
    tokens = points_by_source(state._events.full, seat)
    for label, n in tokens.items():
        add(label, n)
    add(f"VP tokens {EARLIER}", state.point_tokens[seat] - sum(tokens.values()))
    add("stored Equipment (FG-END-5)", R.STORED_EQUIPMENT_VP * len(state.stored[seat]))
    add(f"coins (1 VP per {R.COINS_PER_VP})", state.coins[seat] // R.COINS_PER_VP)
    add(f"food (1 VP per {R.FOOD_PER_VP})", state.food[seat] // R.FOOD_PER_VP)
    return out


def rank_keys(state) -> list[tuple]:
    """FG-END-10: score, then cards in the farm, then coins; equal keys share a place."""
    return [(score(state, s), farm_size(state, s), state.coins[s]) for s in range(state.num_players)]


def scores(state) -> list[int]:
    """Every seat's score."""
    return [score(state, s) for s in range(state.num_players)]
