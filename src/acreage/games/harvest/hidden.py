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


def observe(state, seat: int) -> dict:
    """Public facts plus ``seat``'s own secrets; deck orders appear only as counts."""
    n = state.num_players
    hiding = _setup_open(state)
    seats = []
    for s in range(n):
        mine = s == seat
        seats.append({
            "character": (CHARACTERS[state.char[s]].name if state.char[s] >= 0 and (mine or not hiding)
                          else None),
            "farmhouse": (FARMHOUSES[state.house[s]].name if state.house[s] >= 0 and (mine or not hiding)
                          else None),
            "dealt_characters": [CHARACTERS[c].name for c in state.dealt_c[s]] if mine and hiding else None,
            "dealt_farmhouses": [FARMHOUSES[h].name for h in state.dealt_h[s]] if mine and hiding else None,
            "sunrise_tile": state.tile[s], "coins": state.coins[s], "water": state.water[s],
            "capacity": state.cap[s], "fertilizer": state.fert[s], "seeds": list(state.seeds[s]),
            "score": state.score[s], "wheelbarrows": state.wb[s], "mice": state.mice[s],
            "basket": state.basket[s],
            "farm": {cell_name(i): _cell(v) for i, v in enumerate(state.farm[s]) if v},
            "buildings": [[BUILDINGS[b].name, cell_name(c)] for b, c in state.blds[s]],
            "festival_cards": sorted(FESTIVAL[c].name for c in state.cards[s]),
            "bought_this_turn": sorted(FESTIVAL[c].name for c in state.fresh[s]),
        })
    return {
        "game": "harvest", "seat": seat, "players": n, "fall_festival": state.ff, "round": state.round,
        "phase": state.phase, "to_act": state.current_player, "seats": seats,
        "sunrise_display": sorted(state.display), "sunrise_stack_count": len(state.sun_stack),
        "workshop": [BUILDINGS[b].name if b >= 0 else None for b in state.ws],
        "building_stack_count": len(state.bstack),
        "market": [MARKET[st[-1]].number if st else None for st in state.mstacks],
        "market_stack_counts": [len(st) for st in state.mstacks],
        "festival": {"P3": FESTIVAL[deck_top(state)].name if deck_top(state) >= 0 else None,
                     "P2": FESTIVAL[state.p2].name if state.p2 >= 0 else None,
                     "P1": FESTIVAL[state.p1].name if state.p1 >= 0 else None,
                     "deck_count": len(state.fdeck),
                     "discard": sorted(FESTIVAL[c].name for c in state.fdiscard)},
        "spaces": {sp.name: list(state.occ[sp.id]) for sp in SPACES if state.occ[sp.id]},
        "gairy": ({"wheelbarrows": state.g_wb, "baskets": state.g_bk, "deck_count": len(state.g_deck),
                   "drawn": list(state.g_drawn)} if state.gairy else None),
        "decision": state.frames[-1].kind if seat is not None and state.current_player == seat else None,
    }


def determinize(state, seat: int, rng) -> object:
    """A clone where every hidden order (and other seats' secret setup cards) is re-sampled."""
    c = state.clone()
    r = Rng(rng.next64()) if hasattr(rng, "next64") else Rng(rng.getrandbits(64))
    c.rng = Rng(r.next64())
    r.shuffle(c.sun_stack)
    r.shuffle(c.bstack)
    # Market: tiles below the tops are unknown; keep each stack's size and its visible top.
    below = [t for st in c.mstacks for t in st[:-1]]
    unseen = [m.id for m in MARKET if m.id not in {st[-1] for st in c.mstacks if st}
              and m.id not in set(state.mgone)]
    pool = unseen if len(unseen) >= len(below) else below
    r.shuffle(pool)
    pool = pool[: len(below)]
    for st in c.mstacks:
        k = len(st) - 1
        if k > 0:
            st[:k] = [pool.pop() for _ in range(k)]
    if c.fdeck:  # the deck top is visible (HV-FFC-5)
        rest = c.fdeck[:-1]
        r.shuffle(rest)
        c.fdeck[:-1] = rest
    r.shuffle(c.g_deck)
    if _setup_open(c):  # other seats' dealt cards and pending choices
        others = [s for s in range(c.num_players) if s != seat]
        seen_c = set(c.dealt_c[seat])
        seen_h = set(c.dealt_h[seat])
        pc = [x.id for x in CHARACTERS if (c.ff or not x.expansion) and x.id not in seen_c]
        ph = [x.id for x in FARMHOUSES if x.id not in seen_h]
        r.shuffle(pc)
        r.shuffle(ph)
        for s in others:
            c.dealt_c[s] = [pc.pop(), pc.pop()]
            c.dealt_h[s] = [ph.pop(), ph.pop()]
            if c.char[s] >= 0:
                c.char[s] = c.dealt_c[s][0]
            if c.house[s] >= 0:
                c.house[s] = c.dealt_h[s][0]
    c._legal = None
    return c
