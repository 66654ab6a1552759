"""``determinize`` re-samples every hidden ORDER, not only hidden contents (FG-HID-4, FG-HID-10,
FG-HID-11, FG-SET-2, FG-SET-7, FG-MNT-11), and changes nothing a seat can see.

The property tests in test_hidden_properties.py compare multisets and public counts; a
``determinize`` that left the four main decks, the Equipment stack or the 2-player pile in their
true order would pass them. Here, over several searcher seeds, in random 2-, 3- and 4-player
games:

- each main deck whose cards are not all alike differs from its true order at least once;
- the Equipment tiles the seat does not know (in the stack, and in another seat's pending draw)
  are re-ordered at least once, and the tiles it knows keep their places;
- with 2 players, the face-down pile is re-ordered at least once;
- with 3-4 players, every hand the seat never held is re-dealt at least once (when another
  card of the same deck is hidden), and an unrevealed pick from a hand the seat did hold is
  re-chosen at least once (when that hand holds two different cards);
- ``observation(seat)`` and every public field of ``to_json()`` stay exactly as they were.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from acreage.core.rng import Rng
from acreage.games.fields_of_green.content import DECK_OF
from acreage.games.fields_of_green.queries import two_player

from .helpers import game

TRIES = 30
#: Top-level snapshot fields that hold hidden orders or the re-seeded generator.
HIDDEN = {"rng", "decks", "equipment_stack", "pile", "frames"}


def positions(players: int, seed: int):
    """Copies of one random game at some of its steps, up to the end."""
    s = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 7 == 0 or s.is_terminal:
            yield s.clone()
        if s.is_terminal:
            return
        s.apply(rng.choice(s.legal_actions()))
        step += 1


def _offer(s, seat):
    """Another seat's pending Equipment draw (tiles, who knows each), or None."""
    top = s.frames[-1] if s.frames else None
    if top is not None and top.kind == "equip" and top.seat != seat:
        return top
    return None


def public_snapshot(s, seat: int) -> dict:
    snap = dict(s.to_json()["state"])
    for key in HIDDEN:
        snap.pop(key)
    snap["deck_sizes"] = [len(d) for d in s.decks]
    snap["eq_size"] = len(s.eq_stack)
    snap["eq_known_to_seat"] = [
        t if k >> seat & 1 else None for t, k in zip(s.eq_stack, s.eq_known, strict=True)
    ]
    snap["pile_size"] = len(s.pile)
    snap["frame_kinds"] = [(f.kind, getattr(f, "seat", -1)) for f in s.frames]
    seats = []
    for x, info in enumerate(snap["seats"]):
        info = dict(info)
        if x != seat:
            info.pop("hand")
            info.pop("pick")
        seats.append(info)
    snap["seats"] = seats
    return snap


def hidden_parts(s, seat: int) -> dict[str, object]:
    parts: dict[str, object] = {f"deck {d}": tuple(deck) for d, deck in enumerate(s.decks)}
    unknown = tuple(t for t, k in zip(s.eq_stack, s.eq_known, strict=True) if not k >> seat & 1)
    top = _offer(s, seat)
    offer = tuple(t for t, k in zip(top.drawn, top.known, strict=True) if not k >> seat & 1) if top else ()
    parts["equipment not known to the seat"] = unknown + offer
    if two_player(s):
        parts["pile"] = tuple(s.pile)
    else:
        for x in range(s.num_players):
            if x != seat:
                parts[f"hand {x}"] = (tuple(sorted(s.hands[x])), s.picks[x])
    return parts


def could_change(s, seat: int) -> set[str]:
    out = {f"deck {d}" for d, deck in enumerate(s.decks) if len(set(deck)) > 1}
    if len(set(hidden_parts(s, seat)["equipment not known to the seat"])) > 1:
        out.add("equipment not known to the seat")
    if two_player(s):
        pool = [c for d in s.decks for c in d] + s.pile
        if s.pile and len(set(pool)) > 1:
            out.add("pile")
        return out
    # hidden cards per deck: the decks plus every other hand the seat never held, with its pick
    strangers = [x for x in range(s.num_players) if x != seat and not s.held[seat] >> s.origin[x] & 1]
    pool: dict[int, set[int]] = {d: set(deck) for d, deck in enumerate(s.decks)}
    for x in strangers:
        for c in s.hands[x] + ([s.picks[x]] if s.picks[x] >= 0 else []):
            pool[DECK_OF[c]].add(c)
    for x in range(s.num_players):
        if x == seat:
            continue
        cards = s.hands[x] + ([s.picks[x]] if s.picks[x] >= 0 else [])
        if x in strangers:
            if any(len(pool[DECK_OF[c]]) > 1 for c in cards):
                out.add(f"hand {x}")
        elif s.picks[x] >= 0 and len(set(cards)) > 1:
            out.add(f"hand {x}")
    return out


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_determinize_resamples_every_hidden_order_FG_HID_10_FG_HID_4(players, seed):
    """FG-HID-4, FG-HID-10, FG-HID-11, FG-SET-2, FG-SET-7, FG-MNT-11: each hidden order that could
    differ does differ at least once over TRIES seeds; everything the seat sees stays."""
    met: Counter = Counter()
    for s in positions(players, seed):
        before = s.to_json()
        for seat in range(players):
            obs = s.observation(seat)
            public = public_snapshot(s, seat)
            truth = hidden_parts(s, seat)
            changed: set[str] = set()
            for k in range(TRIES):
                det = s.determinize(seat, Rng(k) if k % 2 else random.Random(k))
                assert det.observation(seat) == obs
                assert public_snapshot(det, seat) == public
                changed |= {p for p, v in hidden_parts(det, seat).items() if v != truth[p]}
            wanted = could_change(s, seat)
            missed = sorted(wanted - changed)
            assert not missed, f"year {s.year} {s.stage}, seat {seat}: never re-sampled {missed}"
            met.update(wanted)
        assert s.to_json() == before
    kinds = {p.split(" ")[0] for p in met}
    assert {"deck", "equipment"} <= kinds
    assert ("pile" if players == 2 else "hand") in kinds
