"""What each seat may see (FG-HID): ``observation`` and ``determinize``.

A seat sees every farm and stock, the public counts (decks, supplies, stack, hand sizes and
each hidden hand's cards per deck, FG-HID-9), its own hand and own committed pick, and the
Equipment tiles it is choosing from. It never sees another seat's hand, an unrevealed pick,
the deck order, the 2-player pile or tiles it did not draw.
"""

from __future__ import annotations

from ...core.rng import Rng
from .actions import split_name, xy
from .content import CARDS, DECK_OF, EQUIPMENT, MAIN_DECKS
from .frames import Equip
from .queries import (
    direction,
    first_player,
    food_cap,
    hand_deck_counts,
    tower_capacity,
    tower_range,
    two_player,
)


def _names(ids) -> list[str]:
    return [CARDS[c].name for c in ids]


def observe(state, seat: int | None) -> dict:
    from .constants import PHASE_NAMES, RESOLVE, TOWER_ID

    n = state.num_players
    two = two_player(state)
    players = []
    for s in range(n):
        farm = []
        for p, cid in enumerate(state.piece_cards[s]):
            entry = {
                "card": CARDS[cid].name,
                "cell": list(xy(state.piece_cells[s][p])),
                "face_up": not state.piece_face_down[s][p],  # FG-HID-7: a Wasteland's identity is public
                "equipment": [EQUIPMENT[k].name for k in state.piece_equipment[s][p]],
            }
            if cid == TOWER_ID:
                entry["water"] = state.piece_water[s][p]
                entry["capacity"] = tower_capacity(state, s, p)
                entry["range"] = tower_range(state, s, p)
            farm.append(entry)
        info = {
            "coins": state.coins[s],
            "food": state.food[s],
            "food_capacity": food_cap(state, s),
            "vp_tokens": state.point_tokens[s],
            "stored_equipment": sorted(EQUIPMENT[k].name for k in state.stored[s]),
            "split": split_name(state.splits[s]) if state.splits[s] is not None else None,
            "farm": farm,
        }
        if not two:
            info["hand_size"] = len(state.hands[s])
            info["committed"] = state.picks[s] >= 0  # FG-HID-3: only the fact is public
            info["hand_deck_counts"] = dict(zip(MAIN_DECKS, hand_deck_counts(state, s), strict=True))
        shown = state.revealed[s] if (two or state.stage == RESOLVE) else -1
        info["revealed_pick"] = CARDS[shown].name if shown >= 0 else None
        players.append(info)
    top = state.frames[-1] if state.frames else None
    obs = {
        "game": state.game_name,
        "seat": seat,
        "players": n,
        "year": state.year,
        "phase": PHASE_NAMES[state.phase],
        "direction": "clockwise" if direction(state) > 0 else "counter-clockwise",
        "first_player": first_player(state),
        "turn": state.turn if not two else state.picks_made // 2 + 1,
        "current_player": state.current_player,
        "decision": state.describe_decision(seat),
        "decks": {d: len(state.decks[i]) for i, d in enumerate(MAIN_DECKS)},
        "water_towers_left": state.towers_left,
        "silos_left": state.silos_left,
        "equipment_stack": len(state.equipment_stack),
        "discard": _names(state.discard),
        "seats": players,
        "scores": state.scores(),
        # A spectator (seat None) holds no hand and has made no pick.
        "hand": sorted(_names(state.hands[seat])) if not two and seat is not None else [],
        "pick": CARDS[state.picks[seat]].name if seat is not None and state.picks[seat] >= 0 else None,
        "equipment_offer": (
            [EQUIPMENT[k].name for k in top.drawn] if type(top) is Equip and top.seat == seat
            else None
        ),
    }
    if two:
        obs["display"] = sorted(_names(state.display))
        obs["pile_size"] = len(state.pile)
        obs["pile_deck_counts"] = dict(zip(MAIN_DECKS, _deck_counts(state.pile), strict=True))
    return obs


def _deck_counts(cards) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[DECK_OF[c]] += 1
    return counts


def determinize(state, seat: int, rng):
    """A clone in which every card and tile hidden from ``seat`` is re-dealt (FG-HID-10/11)."""
    c = state.clone()
    src = rng if isinstance(rng, Rng) else Rng(rng.getrandbits(64))
    n = c.num_players
    pools = [list(d) for d in c.decks]
    slots: list[tuple[int, list[int], bool]] = []
    if two_player(c):
        pile_counts = _deck_counts(c.pile)
        for cid in c.pile:
            pools[DECK_OF[cid]].append(cid)
    else:
        for s in range(n):
            if s == seat:
                continue
            pick = c.picks[s]
            cards = c.hands[s] + ([pick] if pick >= 0 else [])
            if not cards:
                continue
            if c.held[seat] >> c.origin[s] & 1:
                # FG-HID-8: the seat held this hand, so it knows the cards; only which one is
                # the face-down pick is unknown.
                if pick >= 0:
                    src.permute(cards)
                    c.picks[s] = cards.pop()
                    c.hands[s] = cards
                continue
            for cid in cards:
                pools[DECK_OF[cid]].append(cid)
            slots.append((s, _deck_counts(cards), pick >= 0))
    # FG-HID-11's unknown Equipment tiles are shuffled with the decks (one draw for all)
    unknown = [i for i, known in enumerate(c.equipment_known) if not known >> seat & 1]
    tiles = [c.equipment_stack[i] for i in unknown]
    top = c.frames[-1] if c.frames else None
    draw = top if type(top) is Equip and top.seat != seat else None  # another seat's pending draw
    offer_slots: list[int] = []
    if draw is not None:
        offer_slots = [j for j, known in enumerate(draw.known) if not known >> seat & 1]
        tiles.extend(draw.drawn[j] for j in offer_slots)
    src.permute_all(*pools, tiles)
    dealt: list[list[int]] = []
    for _seat, counts, _has_pick in slots:
        cards = []
        for d in range(4):
            for _ in range(counts[d]):
                cards.append(pools[d].pop())
        dealt.append(cards)
    pile: list[int] = []
    if two_player(c):
        for d in range(4):
            for _ in range(pile_counts[d]):
                pile.append(pools[d].pop())
    src.permute_all(*dealt, pile)  # which of a hand's cards is the pick, and the pile's order
    for (s, _counts, has_pick), cards in zip(slots, dealt, strict=True):
        c.picks[s] = cards.pop() if has_pick else -1
        c.hands[s] = cards
    if two_player(c):
        c.pile = pile
    c.decks = pools
    # FG-HID-11 (the tiles were shuffled above): Equipment tiles this seat does not know,
    # including the tiles of another seat's pending draw that it does not know (it may know
    # some: tiles it put under the stack earlier that have come round again).
    if draw is not None and offer_slots:
        offer = list(draw.drawn)
        for j in offer_slots:
            offer[j] = tiles.pop()
        c.frames[-1] = draw._replace(drawn=tuple(offer))
    for i, t in zip(unknown, tiles, strict=True):
        c.equipment_stack[i] = t
    c.rng = Rng(src.next64())
    c._legal = None
    return c
