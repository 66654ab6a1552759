"""What each seat may see (FG-HID): ``observation`` and ``determinize``.

A seat sees every farm and stock, the public counts (decks, supplies, stack, hand sizes and
each hidden hand's cards per deck, FG-HID-9), its own hand and own committed pick, and the
Equipment tiles it is choosing from. It never sees another seat's hand, an unrevealed pick,
the deck order, the 2-player pile or tiles it did not draw.
"""

from __future__ import annotations

from typing import Any

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
        "decks": {d: len(state._decks[i]) for i, d in enumerate(MAIN_DECKS)},  # sizes: no order settled
        "water_towers_left": state.towers_left,
        "silos_left": state.silos_left,
        "equipment_stack": len(state._equipment_stack),
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
    """A clone in which every card and tile hidden from ``seat`` is re-dealt (FG-HID-10/11).

    The hidden cards are pooled back into their decks; what the seat will see at once (the
    other hands, the 2-player pile) is dealt now by drawing cards at random from the pools,
    and each dealt hand and the pile are put in a random order (which card is a hand's pick).
    The rest of each deck, and the Equipment stack where the seat knows none of it, are left
    *unordered*: a seed is kept and the order is drawn when something first reads them
    (``settle_orders``, called by the state's ``decks`` and ``equipment_stack``). The result
    is the same as shuffling everything now, for every reader, but a search whose line of
    play never draws a card pays nothing for the decks' order."""
    c = state.clone()
    if c._unordered is not None:
        settle_orders(c)
    src = rng if isinstance(rng, Rng) else Rng.at(rng.getrandbits(64))
    pools = c._decks  # the clone's own lists
    slots, need = _pool_hidden_cards(c, seat, src)
    for d in range(4):
        if need[d]:
            src.shuffle_end(pools[d], need[d])
    dealt = [_deal(pools, counts) for _s, counts, _p in slots]
    two = two_player(c)
    pile = _deal(pools, need) if two else []
    stack = c._equipment_stack
    draw, unknown, tiles, offer_slots = _hidden_tiles(c, seat)
    src.permute_all(*dealt, pile, tiles)
    for (s, _counts, has_pick), cards in zip(slots, dealt, strict=True):
        c.picks[s] = cards.pop() if has_pick else -1
        c.hands[s] = cards
    if two:
        c.pile = pile
    if draw is not None and offer_slots:
        offer = list(draw.drawn)
        for j in offer_slots:
            offer[j] = tiles.pop()
        c.frames[-1] = draw._replace(drawn=tuple(offer))
    if unknown is None:
        c._unordered = (src.next64(), 0b11111)  # the decks and the whole stack
    else:
        for i, t in zip(unknown, tiles, strict=True):
            stack[i] = t
        c._unordered = (src.next64(), 0b1111)  # the decks
    c.rng = src.spawn()
    c._legal = None
    return c


def _pool_hidden_cards(c, seat: int, src: Rng) -> tuple[list[tuple[int, list[int], bool]], list[int]]:
    """Put the cards hidden from ``seat`` back in their decks' pools: the 2-player pile, or
    the hand and pick of each other seat whose hand ``seat`` never held (FG-HID-8: of a hand
    it held, only which card is the face-down pick is re-drawn, here). Returns those seats
    as ``(seat, cards per deck, has a pick)`` and the cards to deal from each pool."""
    slots: list[tuple[int, list[int], bool]] = []
    pools = c._decks
    if two_player(c):
        for cid in c.pile:
            pools[DECK_OF[cid]].append(cid)
        return slots, _deck_counts(c.pile)
    need = [0, 0, 0, 0]
    for s in range(c.num_players):
        if s == seat:
            continue
        pick = c.picks[s]
        cards = c.hands[s] + ([pick] if pick >= 0 else [])
        if not cards:
            continue
        if c.held[seat] >> c.origin[s] & 1:
            if pick >= 0:
                src.permute(cards)
                c.picks[s] = cards.pop()
                c.hands[s] = cards
            continue
        counts = _deck_counts(cards)
        for cid in cards:
            pools[DECK_OF[cid]].append(cid)
        for d in range(4):
            need[d] += counts[d]
        slots.append((s, counts, pick >= 0))
    return slots, need


def _hidden_tiles(c, seat: int) -> tuple[Any, list[int] | None, list[int], list[int]]:
    """FG-HID-11: the Equipment tiles ``seat`` does not know, to re-draw now, including the
    tiles of another seat's pending draw that it does not know (it may know some: tiles it
    put under the stack earlier that have come round again). Returns that pending draw (or
    None), the stack places re-drawn, the tiles, and the draw's places re-drawn. Where the
    seat knows no tile and no draw is pending (the common case) the places are ``None``: the
    whole stack is left unordered with the decks."""
    known_by = c.equipment_known
    top = c.frames[-1] if c.frames else None
    draw = top if type(top) is Equip and top.seat != seat else None  # another seat's pending draw
    if draw is None and not (known_by and max(known_by) and any(map((1 << seat).__and__, known_by))):
        return None, None, [], []
    unknown = [i for i, known in enumerate(known_by) if not known >> seat & 1]
    tiles = [c._equipment_stack[i] for i in unknown]
    offer_slots: list[int] = []
    if draw is not None:
        offer_slots = [j for j, known in enumerate(draw.known) if not known >> seat & 1]
        tiles.extend(draw.drawn[j] for j in offer_slots)
    return draw, unknown, tiles, offer_slots


def settle_orders(state) -> None:
    """Draw the orders a determinization left unordered (``determinize``): the decks and,
    where marked, the Equipment stack, each uniformly shuffled from the kept seed. The seed
    fixes the result, so every clone of one determinization settles to the same order,
    whenever it is read."""
    seed, which = state._unordered
    state._unordered = None
    seqs = [deck for d, deck in enumerate(state._decks) if which >> d & 1]
    if which & 0b10000:
        seqs.append(state._equipment_stack)
    Rng.at(seed).permute_all(*seqs)


def _deal(pools: list[list[int]], counts: list[int]) -> list[int]:
    """``counts[d]`` cards from the end of each pool ``d`` (where ``shuffle_end`` put the
    cards drawn at random), by deck."""
    cards: list[int] = []
    for d, k in enumerate(counts):
        if k:
            pool = pools[d]
            cards += pool[-k:]
            del pool[-k:]
    return cards
