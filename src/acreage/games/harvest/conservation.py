"""Conservation of Harvest's components, for checks over whole games.

- Sunrise tiles: each is held by a seat, on the display or in the stack (HV-SET-10).
- Festival cards (Fall Festival): each is in the deck, the discard, a shown position (P1, P2)
  or a seat's hand (HV-FFC).
- Market tiles: those dealt into the stacks at setup are in a stack or discarded at Sunset,
  none twice (HV-SET-12, HV-SS-3).
- Buildings: none is in two places among the stack, the Workshop and the farms (buildings
  pushed off the Workshop leave the game, so only duplicates are counted, HV-SS-2).
- Mayor Gairy's tiles: while they are in play, the deck and the drawn pile hold the whole set.
- Resources never go negative.
"""

from __future__ import annotations

from collections import Counter

from . import rulings as R
from .content import FESTIVAL, GAIRY, MARKET, SUNRISE


def _dealt_market() -> int:
    n = len(MARKET)
    per = n // R.MARKET_STACKS if n < 4 * R.MARKET_STACKS else 4
    return per * R.MARKET_STACKS


def conservation_errors(state) -> list[str]:
    """What is lost, doubled or negative in ``state`` (empty when all is in order)."""
    errors = []
    ff = state.ff
    tiles = Counter(state.tile) + Counter(state.display) + Counter(state.sun_stack)
    want = Counter(t.number for t in SUNRISE if ff or not t.expansion)
    if tiles != want:
        errors.append(f"sunrise tiles: lost {sorted((want - tiles).elements())}, "
                      f"extra {sorted((tiles - want).elements())}")
    if ff:
        cards = Counter(state.fdeck) + Counter(state.fdiscard)
        cards.update(c for c in (state.p1, state.p2) if c >= 0)
        for hand in state.cards:
            cards.update(hand)
        want = Counter({c.id: c.copies for c in FESTIVAL})
        if cards != want:
            errors.append(f"festival cards: lost {sorted((want - cards).elements())}, "
                          f"extra {sorted((cards - want).elements())}")
    elif state.fdeck or state.fdiscard or state.p1 >= 0 or state.p2 >= 0 or any(state.cards):
        errors.append("festival cards in a game without the Fall Festival")
    market = [t for st in state.mstacks for t in st] + list(state.mgone)
    if len(market) != len(set(market)) or len(market) != _dealt_market():
        errors.append(f"market tiles: {len(market)} in stacks and discards ({len(set(market))} distinct), "
                      f"{_dealt_market()} were dealt")
    buildings = list(state.bstack) + [b for b in state.ws if b >= 0]
    for farm in state.blds:
        buildings.extend(b for b, _ in farm)
    doubled = sorted(b for b, k in Counter(buildings).items() if k > 1)
    if doubled:
        errors.append(f"buildings in two places: {doubled}")
    if state.g_deck or state.g_drawn:
        have = Counter(state.g_deck) + Counter(state.g_drawn)
        want = Counter(t.area for t in GAIRY if ff or not t.expansion for _ in range(t.copies))
        if have != want:
            errors.append("Mayor Gairy's tiles: the deck and the drawn pile do not hold the whole set")
    for name in ("coins", "water", "fert", "wb", "mice", "basket"):
        values = getattr(state, name)
        if any(v < 0 for v in values):
            errors.append(f"{name} negative: {values}")
    if any(v < 0 for seeds in state.seeds for v in seeds):
        errors.append(f"seeds negative: {state.seeds}")
    return errors
