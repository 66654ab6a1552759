"""Mayor Gairy in solo and 2-player games: his tiles and where his pieces go (HV-GAI)."""

from __future__ import annotations

from . import rulings as R
from .cards import shift
from .constants import FF1, FF2, FF3
from .content import FESTIVAL, SPACES
from .queries import deck_top


def gairy_turn(state) -> None:
    """His tiles for this turn, each placed where it can be (HV-GAI-4..8), told in the log."""
    for _ in range(R.GAIRY_TILES_PER_TURN[state.num_players]):
        reshuffled = False
        while True:  # HV-GAI-7/8: replace until every tile of the deck and its reshuffle was tried
            if not state.gairy_deck:
                if reshuffled or not state.gairy_drawn:
                    break
                state.gairy_deck, state.gairy_drawn = state.gairy_drawn, []
                state.rng.shuffle(state.gairy_deck)
                reshuffled = True
            area = state.gairy_deck.pop()
            state.gairy_drawn.append(area)
            state.undo_mark += 1
            if state._events is None:
                if gairy_place(state, area):
                    break
                continue
            shown = (state.festival_p1, state.festival_p2, deck_top(state), len(state.festival_discards))
            occ = [len(o) for o in state.occupants]
            placed = gairy_place(state, area)
            where = next((SPACES[i].name for i, o in enumerate(state.occupants) if len(o) != occ[i]), None)
            gone = state.festival_discards[shown[3]:] if placed and area == "festival" else []
            state._events.add("gairy", None, {"area": area, "where": where,
                                              "discarded": FESTIVAL[gone[0]].name if gone else None})
            if placed:
                break


def gairy_place(state, area: str) -> bool:
    """Put one of his pieces for a tile of ``area``; False if he has none or no space is open
    (HV-GAI-5/6/7)."""
    if area == "festival":
        if state.gairy_baskets <= 0:
            return False
        sp = next(x for x in (FF1, FF2, FF3) if SPACES[x].infinite or not state.occupants[x])
        state.occupants[sp] = (*state.occupants[sp], -1)
        state.gairy_baskets -= 1
        for pos in (1, 2, 3):  # HV-GAI-6: discard the lowest-cost card
            if pos == 3 and state.festival_deck:
                state.festival_discards.append(state.festival_deck.pop())
                break
            if pos == 2 and state.festival_p2 >= 0:
                state.festival_discards.append(state.festival_p2)
                state.festival_p2 = -1
                break
            if pos == 1 and state.festival_p1 >= 0:
                state.festival_discards.append(state.festival_p1)
                state.festival_p1 = -1
                break
        shift(state)
        return True
    if state.gairy_wheelbarrows <= 0:
        return False
    opts = [sp for sp in SPACES if sp.area == area and not sp.infinite and not state.occupants[sp.id]]
    if not opts:
        return False
    best = opts[0] if area == "market" else max(opts, key=lambda sp: sp.actions)  # HV-GAI-5
    state.occupants[best.id] = (*state.occupants[best.id], -1)
    state.gairy_wheelbarrows -= 1
    return True
