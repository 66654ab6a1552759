"""Fields of Green: an engine-building judge, to test whether coin-hoarding is the stronger plan.

The shipped heuristic (the farm's projected final score) leads the greedy bot to send most
picks to the Market. This variant adds ``BONUS`` points per face-up Location card in the farm,
so the bot builds whenever a card is close to paying for itself. Played against the shipped
one on paired deals with ``tools/bot_match.py ... --heuristic-a`` (docs/bots.md, "Is hoarding
coins the best plan?", 2026-12-06). Set ``FOG_ENGINE_BONUS`` to change the bonus.
"""

from __future__ import annotations

import os

from acreage.games.fields_of_green.bots.heuristic import projected_score
from acreage.games.fields_of_green.constants import CARDS, OVER

BONUS = float(os.environ.get("FOG_ENGINE_BONUS", "1.5"))


def value(state, seat: int) -> float:
    if state.phase == OVER:
        return float(state.score(seat))
    built = sum(1 for p, c in enumerate(state.piece_cards[seat])
                if not state.piece_face_down[seat][p] and CARDS[c].deck not in ("tower", "silo"))
    return projected_score(state, seat) + BONUS * built


def evaluate(state, seat: int) -> float:
    mine = value(state, seat)
    others = [value(state, s) for s in range(state.num_players) if s != seat]
    return mine - max(others) if others else mine
