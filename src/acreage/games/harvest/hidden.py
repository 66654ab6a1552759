"""What each seat may see (HV-RES-6) and re-sampling what it may not (determinize)."""

from __future__ import annotations

from ...core.rng import Rng
from .actions import cell_name
from .content import BUILDINGS, CHARACTERS, CROP_NAMES, FARMHOUSES, FESTIVAL, MARKET, SPACES
from .frames import setup_open
from .queries import deck_top

_CELL = {0: "empty", 1: "forest", 2: "building"}


def _cell(v: int) -> str:
    if v in _CELL:
        return _CELL[v]
    return f"{CROP_NAMES[(v - 3) % 4]} {'seed' if v < 7 else 'crop'}"


def _setup_open(state) -> bool:
    return setup_open(state.frames)


def observe(state, seat: int | None) -> dict:
    """Public facts plus ``seat``'s own secrets; deck orders appear only as counts."""
    n = state.num_players
    hiding = _setup_open(state)
    seats = []
    for s in range(n):
        mine = s == seat
        seats.append({
            "character": (CHARACTERS[state.character[s]].name
                          if state.character[s] >= 0 and (mine or not hiding) else None),
            "farmhouse": (FARMHOUSES[state.farmhouse[s]].name
                          if state.farmhouse[s] >= 0 and (mine or not hiding) else None),
            "dealt_characters": ([CHARACTERS[c].name for c in state.dealt_characters[s]]
                                 if mine and hiding else None),
            "dealt_farmhouses": ([FARMHOUSES[h].name for h in state.dealt_farmhouses[s]]
                                 if mine and hiding else None),
            "sunrise_tile": state.sunrise_tile[s], "coins": state.coins[s], "water": state.water[s],
            "capacity": state.bucket_capacity[s], "fertilizer": state.fertilizer[s],
            "seeds": list(state.seeds[s]),
            "score": state.points[s], "wheelbarrows": state.wheelbarrows[s], "mice": state.mice[s],
            "basket": state.basket[s],
            "farm": {cell_name(i): _cell(v) for i, v in enumerate(state.farm[s]) if v},
            "buildings": [[BUILDINGS[b].name, cell_name(c)] for b, c in state.buildings[s]],
            "festival_cards": sorted(FESTIVAL[c].name for c in state.cards[s]),
            "bought_this_turn": sorted(FESTIVAL[c].name for c in state.fresh[s]),
        })
    return {
        "game": "harvest", "seat": seat, "players": n, "fall_festival": state.fall_festival,
        "round": state.round,
        "phase": state.phase, "current_player": state.current_player, "seats": seats,
        "sunrise_display": sorted(state.display), "sunrise_stack_count": len(state.sunrise_stack),
        "workshop": [BUILDINGS[b].name if b >= 0 else None for b in state.workshop_slots],
        "building_stack_count": len(state.building_stack),
        "market": [MARKET[st[-1]].number if st else None for st in state.market_stacks],
        "market_stack_counts": [len(st) for st in state.market_stacks],
        "festival": {"P3": FESTIVAL[deck_top(state)].name if deck_top(state) >= 0 else None,
                     "P2": FESTIVAL[state.festival_p2].name if state.festival_p2 >= 0 else None,
                     "P1": FESTIVAL[state.festival_p1].name if state.festival_p1 >= 0 else None,
                     "deck_count": len(state.festival_deck),
                     "discard": sorted(FESTIVAL[c].name for c in state.festival_discards)},
        "spaces": {sp.name: list(state.occupants[sp.id]) for sp in SPACES if state.occupants[sp.id]},
        "gairy": ({"wheelbarrows": state.gairy_wheelbarrows, "baskets": state.gairy_baskets,
                   "deck_count": len(state.gairy_deck), "drawn": list(state.gairy_drawn)}
                  if state.gairy else None),
        "decision": state.frames[-1].kind if seat is not None and state.current_player == seat else None,
    }


def determinize(state, seat: int, rng):
    """A clone where every hidden order (and other seats' secret setup cards) is re-sampled.

    Every hidden sequence is shuffled by one ``Rng.permute_all`` (one draw, one stretch of
    keys), not one shuffle each: the draws were most of a determinization's time."""
    c = state.clone()
    r = Rng.at(rng.next64()) if hasattr(rng, "next64") else Rng.at(rng.getrandbits(64))
    c.rng = r.spawn()
    # Market: tiles below the tops are unknown; keep each stack's size and its visible top.
    below = [t for st in c.market_stacks for t in st[:-1]]
    tops = {st[-1] for st in c.market_stacks if st}
    gone = set(state.market_discards)
    unseen = [m.id for m in MARKET if m.id not in tops and m.id not in gone]
    pool = unseen if len(unseen) >= len(below) else below
    deck = c.festival_deck
    rest = deck[:-1]  # the deck top is visible (HV-FFC-5)
    setup = _setup_open(c)  # other seats' dealt cards and pending choices
    if setup:
        seen_c = set(c.dealt_characters[seat])
        seen_h = set(c.dealt_farmhouses[seat])
        pc = [x.id for x in CHARACTERS if (c.fall_festival or not x.expansion) and x.id not in seen_c]
        ph = [x.id for x in FARMHOUSES if x.id not in seen_h]
        r.permute_all(c.sunrise_stack, c.building_stack, pool, rest, c.gairy_deck, pc, ph)
    else:
        r.permute_all(c.sunrise_stack, c.building_stack, pool, rest, c.gairy_deck)
    if below:
        pool = pool[: len(below)]
        for st in c.market_stacks:
            k = len(st) - 1
            if k > 0:
                st[:k] = [pool.pop() for _ in range(k)]
    if deck:
        deck[:-1] = rest
    if setup:
        for s in range(c.num_players):
            if s == seat:
                continue
            c.dealt_characters[s] = (pc.pop(), pc.pop())
            c.dealt_farmhouses[s] = (ph.pop(), ph.pop())
            if c.character[s] >= 0:
                c.character[s] = c.dealt_characters[s][0]
            if c.farmhouse[s] >= 0:
                c.farmhouse[s] = c.dealt_farmhouses[s][0]
    c._legal = None
    return c
