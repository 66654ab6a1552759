"""The Fall Festival's card market: the deck, P1 and P2 face up, P3 the deck's top, and how
cards are drawn, shifted, taken and spent (HV-FFC, HV-NOV-2).
"""

from __future__ import annotations

from .constants import NOV
from .queries import card_price


def draw_card(state) -> int:
    """The deck's top card, taken (-1: none); an empty deck is first refilled from the
    shuffled discards (HV-FFC-7)."""
    if not state.festival_deck and state.festival_discards:
        state.festival_deck, state.festival_discards = state.festival_discards, []
        state.rng.shuffle(state.festival_deck)
        state.undo_mark += 1
    return state.festival_deck.pop() if state.festival_deck else -1


def shift(state) -> None:
    """HV-FFC-6: slide the shown cards toward P1 and fill from the deck."""
    shown = [c for c in (state.festival_p2, state.festival_p1) if c >= 0]
    state.festival_p1 = shown.pop() if shown else draw_card(state)
    state.festival_p2 = shown.pop() if shown else draw_card(state)
    state.undo_mark += 1


def take_card(state, seat: int, position: int, free: bool = False) -> None:
    """The seat takes the card at P1, P2 or P3 (paying its price unless ``free``); it is
    ``fresh`` (not usable) until the turn ends (HV-NOV-2)."""
    if position == 3:
        cid = state.festival_deck.pop()
        if not state.festival_deck and state.festival_discards:
            state.festival_deck, state.festival_discards = state.festival_discards, []
            state.rng.shuffle(state.festival_deck)
        state.undo_mark += 1
    elif position == 2:
        cid, state.festival_p2 = state.festival_p2, -1
    else:
        cid, state.festival_p1 = state.festival_p1, -1
    if not free:
        state.coins[seat] -= card_price(state, seat, position)
    state.cards[seat].append(cid)
    state.fresh[seat].append(cid)


def spend_novelty(state, seat: int, use: str) -> None:
    """A novelty is used by discarding it (HV-NOV-2)."""
    cid = NOV[use]
    state.cards[seat].remove(cid)
    state.festival_discards.append(cid)
