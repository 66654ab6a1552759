"""Hidden information (hidden.py): what an observation shows of picks, hands, the 2-player pile,
per-deck counts and Wasteland, and ``determinize`` re-sampling every hidden order (the main decks,
the Equipment stack, the 2-player pile, unseen hands) while keeping what the seat knows (FG-HID,
FG-SET-7, FG-MNT-11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from acreage.core.rng import Rng
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import COMMIT, RESOLVE
from acreage.games.fields_of_green.content import CARDS, DECK_OF, LOCATION_IDS, find_card, find_equipment
from acreage.games.fields_of_green.queries import direction, hand_deck_counts, turn_order, two_player

from .helpers import DISPLAY, PILE, _commit_lowest, _ids, _name, _two_player_start, game, legal


def _turn5(seat1_hand: list[str]):
    """3 players at the start of turn 5 (2 cards each); seat 0 is asked first."""
    s = game(3, introductory=True, first_player=0)
    s.turn = 5
    s.hands = [[find_card("Potato Field").id, find_card("Geese").id],
               [find_card(n).id for n in seat1_hand],
               [find_card("Well").id, find_card("Granary").id]]
    s._legal = None
    return s


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
    snap["eq_size"] = len(s.equipment_stack)
    snap["eq_known_to_seat"] = [
        t if k >> seat & 1 else None for t, k in zip(s.equipment_stack, s.equipment_known, strict=True)
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
    unknown = tuple(t for t, k in zip(s.equipment_stack, s.equipment_known, strict=True) if not k >> seat & 1)
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


def _known(seat: int, turn: int, year: int, n: int = 3) -> list[int]:
    """FG-YR-3, FG-ACT-3: hands move to seat + d each turn (d = +1 in odd years, -1 in even
    ones), so at turn t seat v has held the hands that started at v - d*k, k < t."""
    d = 1 if year % 2 else -1
    return sorted({(seat - d * k) % n for k in range(turn)})


def eq_id(name: str) -> int:
    return find_equipment(name).id


def _counts(cards) -> list[int]:
    out = [0, 0, 0, 0]
    for c in cards:
        out[DECK_OF[c]] += 1
    return out


def test_edge6_a_hidden_pick_does_not_leak():
    """FG-EDGE-6, FG-ACT-4, FG-HID-3: before the reveal other seats' observations and legal
    actions do not depend on which card was committed (even its deck)."""
    s = game(3, introductory=True)
    hand = s.hands[0]
    deck = {c: CARDS[c].deck for c in hand}
    x = hand[0]
    y = next(c for c in hand if deck[c] != deck[x])
    one, two = s.clone(), s.clone()
    one.apply(f"pick {_name(x)}")
    two.apply(f"pick {_name(y)}")
    for viewer in (1, 2):
        assert one.observation(viewer) == two.observation(viewer)
    assert one.legal_actions() == two.legal_actions()
    assert one.observation(0)["pick"] == _name(x)
    assert one.observation(1)["seats"][0]["committed"] is True
    # The received hand appears only after everyone has committed (FG-ACT-3).
    one.apply(f"pick {_name(one.hands[1][0])}")
    own_left = sorted(_name(c) for c in one.hands[1])
    assert one.observation(1)["hand"] == own_left  # still its own hand, less its pick
    one.apply(f"pick {_name(one.hands[2][0])}")
    assert one.stage == RESOLVE
    assert one.observation(1)["hand"] == sorted(_name(c) for c in one.hands[1])
    assert one.observation(1)["hand"] != own_left  # now the hand passed on by seat 0
    assert one.observation(1)["seats"][0]["revealed_pick"] == _name(x)


def test_hid2_a_hand_of_one_design_is_still_asked_for():
    """FG-HID-2, FG-HID-3, FG-EDGE-16: a hand of two identical cards leaves one legal pick, but
    the engine still asks for it: picking it alone would show the others (through who is asked
    next) that the hand holds one design. Only a one-card hand is picked automatically."""
    same, mixed = _turn5(["Wheat Field", "Wheat Field"]), _turn5(["Wheat Field", "Corn Field"])
    for s in (same, mixed):
        s.apply("pick Potato Field")
        assert s.current_player == 1 and s.frames[-1].kind == "commit"
    for viewer in (0, 2):
        assert same.observation(viewer) == mixed.observation(viewer)
    assert legal(same) == {"pick Wheat Field"}
    same.apply("pick Wheat Field")
    same.apply("pick Well")
    assert same.stage == RESOLVE and same.turn == 5


def test_hid7_a_wasteland_shows_which_card_it_is():
    """FG-HID-7, FG-HID-1: every seat sees every farm, Wasteland by name, with its cell."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    for viewer in range(3):
        entry = s.observation(viewer)["seats"][0]["farm"][2]
        assert entry["card"] == "Dairy Cows" and entry["cell"] == [0, 1] and entry["face_up"] is False


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


def test_hands_held_and_determinize_follow_the_passing_FG_HID_8_FG_HID_10_FG_ACT_3():
    """FG-HID-8, FG-HID-10, FG-ACT-3, FG-YR-3 (3 players, years 1 and 2): at every commit, each
    seat has held exactly the hands the passing brought it (its own included; the record of
    year 1 does not carry into year 2), and ``determinize`` keeps the cards of every hand that
    seat held (hand plus committed pick) where they are."""
    s = game(3, introductory=True)
    rng = random.Random(1)
    seen = 0
    while s.year <= 2 and not s.is_terminal:
        top = s.frames[-1]
        if top.kind == "commit" and top.seat == turn_order(s)[-1] and s.stage == COMMIT:
            snap = s.to_json()["state"]
            for v in range(3):
                known = _known(v, s.turn, s.year)
                assert snap["seats"][v]["hands_held"] == known
                d = s.determinize(v, rng)
                for o in range(3):
                    if o == v or s.origin[o] not in known:
                        continue
                    mine = sorted(s.hands[o] + ([s.picks[o]] if s.picks[o] >= 0 else []))
                    theirs = sorted(d.hands[o] + ([d.picks[o]] if d.picks[o] >= 0 else []))
                    assert theirs == mine
                    seen += 1
        if top.kind == "act":
            s.apply("market 0")
        else:
            s.apply(s.legal_actions()[0])
    assert seen >= 20


def test_determinize_resamples_unseen_cards():
    """FG-HID-10: at the start of year 1 another seat's hand is re-dealt (same per-deck counts)."""
    s = game(4, introductory=True)
    changed = any(s.determinize(0, Rng(k)).hands[2] != s.hands[2] for k in range(5))
    assert changed


def test_hid11_determinize_keeps_tiles_the_seat_put_under_even_in_another_draw():
    """FG-HID-6, FG-HID-10, FG-HID-11: seat 0 keeps a Tractor and puts Weathervane and Heated
    Coop under a stack that is otherwise empty; seat 1 then draws exactly those two. Seat 0 knows
    that offer (and its order), so its determinized copies keep it; seat 2 knows nothing, so its
    copies may reorder it. Tiles put back under stay known to every seat that knew them."""
    s = game(3)
    sc.set_stack(s, ["Tractor", "Weathervane", "Heated Coop"])
    sc.gain_equipment(s, 0)
    s.apply("equip Tractor store")
    assert s.equipment_known == [1, 1]
    sc.gain_equipment(s, 1)
    offer = s.frames[-1].drawn
    assert offer == (eq_id("Weathervane"), eq_id("Heated Coop"))
    assert s.observation(0)["equipment_offer"] is None  # seat 0 still does not *see* the draw
    assert all(s.determinize(0, Rng(k)).frames[-1].drawn == offer for k in range(30))
    seen = {s.determinize(2, Rng(k)).frames[-1].drawn for k in range(30)}
    assert seen == {offer, offer[::-1]}
    s.apply("equip Heated Coop store")
    assert s.equipment_stack == [eq_id("Weathervane")] and s.equipment_known == [0b011]


def test_edge17_the_hand_a_seat_passed_stays_where_it_went():
    """FG-EDGE-17, FG-HID-8, FG-HID-10: after the pass seat 0 knows its old hand (less its
    revealed pick) is with seat 1; every determinized copy keeps it there, and when seat 1 has
    committed from it, only which of those cards is the pick is re-sampled. Seat 2's hand, never
    seen by seat 0, is re-dealt with the same cards per deck."""
    s = game(3, introductory=True, first_player=0)
    mine = s.hands[0][:]
    while s.stage != RESOLVE:
        s.apply(f"pick {CARDS[s.hands[s.current_player][0]].name}")
    passed = Counter(mine) - Counter([s.revealed[0]])
    assert Counter(s.hands[1]) == passed
    redealt = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert Counter(d.hands[1]) == passed
        redealt |= Counter(d.hands[2]) != Counter(s.hands[2])
        assert hand_deck_counts(d, 2) == hand_deck_counts(s, 2)
    assert redealt
    while s.stage == RESOLVE:
        s.apply("market 0")
    s.apply(f"pick {CARDS[s.hands[0][0]].name}")
    s.apply(f"pick {CARDS[s.hands[1][0]].name}")
    picks = set()
    for k in range(30):
        d = s.determinize(0, Rng(k))
        assert Counter(d.hands[1] + [d.picks[1]]) == passed and d.picks[1] in passed
        picks.add(d.picks[1])
    assert len(picks) > 1


def test_hid5_a_face_down_card_does_not_show_its_deck():
    """Checks FG-HID-5: the order of the 2-player pile (which deck is on top), which card of
    which deck a seat committed, and which designs a hidden hand holds do not change any
    other seat's observation; only the per-deck counts are public."""
    # 2 players: the top of the pile is a Building in one game, a Livestock in the other.
    one = _two_player_start(0, DISPLAY, PILE)
    two = one.clone()
    two.pile = _ids("Winery", "Pigs", "Goats", "Vineyard", "Fences", "Sheep")  # Sheep on top
    assert DECK_OF[one.pile[-1]] != DECK_OF[two.pile[-1]]
    for viewer in (0, 1):
        assert one.observation(viewer) == two.observation(viewer)
    # 3 players: a committed pick of either deck, and a hand with other designs of the same decks.
    s = game(3, introductory=True)
    hand = s.hands[0]
    x = hand[0]
    y = next(c for c in hand if DECK_OF[c] != DECK_OF[x])
    before = s.observation(1)["seats"][0]["hand_deck_counts"]
    a, b = s.clone(), s.clone()
    a.apply(f"pick {CARDS[x].name}")
    b.apply(f"pick {CARDS[y].name}")
    for viewer in (1, 2):
        assert a.observation(viewer) == b.observation(viewer)
        assert a.observation(viewer)["seats"][0]["hand_deck_counts"] == before
    c = s.clone()
    c.hands[2] = [next(k for k in LOCATION_IDS if DECK_OF[k] == DECK_OF[cid] and k != cid)
                  for cid in c.hands[2]]
    assert sorted(c.hands[2]) != sorted(s.hands[2])
    assert c.observation(0) == s.observation(0) and c.observation(1) == s.observation(1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hid9_per_deck_counts_of_hidden_hands_and_pile_are_public(players):
    """Checks FG-HID-9: every seat sees, at every moment, the per-deck counts of each hidden
    hand (its unrevealed pick included) and of the 2-player pile, and they are exactly what
    the splits and reveals imply."""
    s = game(players, seed=7, first_player=0)
    while s.frames and s.frames[-1].kind == "split":
        s.apply("split 2/2/1/1" if s.current_player % 2 else "split 1/1/1/3")
    if players > 2:
        for seat in range(players):
            assert s.observation((seat + 1) % players)["seats"][seat]["hand_deck_counts"] == dict(
                zip(("plantation", "livestock", "structure", "building"), s.splits[seat], strict=True))
        _commit_lowest(s)
        for seat in range(players):  # after the reveal and the pass: split minus the revealed pick
            expected = list(s.splits[seat])
            expected[DECK_OF[s.revealed[seat]]] -= 1
            got = s.observation(seat)["seats"][(seat + direction(s)) % players]["hand_deck_counts"]
            assert list(got.values()) == expected
    else:
        drawn = [a + b for a, b in zip(s.splits[0], s.splits[1], strict=True)]
        shown = _counts(s.display)
        pile = s.observation(0)["pile_deck_counts"]
        assert list(pile.values()) == [d - k for d, k in zip(drawn, shown, strict=True)]
    rng = random.Random(7)
    step = 0
    while not s.is_terminal:
        if step % 3 == 0:
            for viewer in range(players):
                obs = s.observation(viewer)
                if players == 2:
                    assert list(obs["pile_deck_counts"].values()) == _counts(s.pile)
                else:
                    for seat in range(players):
                        truth = _counts(s.hands[seat] + ([s.picks[seat]] if s.picks[seat] >= 0 else []))
                        assert list(obs["seats"][seat]["hand_deck_counts"].values()) == truth
        s.apply(rng.choice(s.legal_actions()))
        step += 1


def test_determinize_reshuffles_the_whole_equipment_stack_at_the_start_FG_SET_7_FG_HID_4_FG_HID_11():
    """FG-SET-7, FG-HID-4, FG-HID-11: at the start no seat knows the order of the stack, so
    ``determinize`` for any seat may put any tile anywhere: the re-dealt stack holds the same
    tiles in another order (checked with seeded re-deals, for every seat)."""
    s = game(3, seed=2)
    for seat in range(3):
        d = s.determinize(seat, random.Random(seat))
        assert sorted(d.equipment_stack) == sorted(s.equipment_stack)
        assert d.equipment_stack != s.equipment_stack


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_a_determinized_order_is_drawn_once_for_every_reader_and_clone_FG_HID_10_FG_HID_11(players, seed):
    """FG-HID-10, FG-HID-11, FG-MNT-7: ``determinize`` leaves the decks' (and, where the seat
    knows none of it, the stack's) order to be drawn when first read. Every clone of one
    determinization reads the same order, before or after the original does; a snapshot of it
    reads that order too, and the copy loaded from the snapshot plays on exactly as the
    determinized state does, through the next year's draws; no card or tile is lost or made."""
    import acreage
    from acreage.games.fields_of_green.conservation import conservation_errors

    for s in positions(players, seed):
        if s.is_terminal:
            continue
        seat = s.current_player
        d = s.determinize(seat, Rng(seed))
        unread = d.clone()  # played below without its orders read first
        assert unread._unordered is not None  # (the orders are still to be drawn)
        early = d.clone()
        snapshot = d.to_json()  # reading the orders settles them
        late = d.clone()
        assert early.decks == d.decks == late.decks
        assert early.equipment_stack == d.equipment_stack == late.equipment_stack
        assert conservation_errors(d) == []
        loaded = acreage.load_state(snapshot)
        twin = unread
        rng = random.Random(seed)
        year, moves = d.year, 0
        while not d.is_terminal and (d.year <= year or moves < 5) and moves < 400:
            action = rng.choice(d.legal_actions())
            d.apply(action)
            loaded.apply(action)
            twin.apply(action)
            moves += 1
        assert d.to_json()["state"] == loaded.to_json()["state"] == twin.to_json()["state"]
        assert conservation_errors(d) == []


def test_determinizing_a_determinized_state_settles_its_orders_first_FG_HID_10():
    """FG-HID-10: a determinization of a determinization (a search inside a search) starts
    from the first one's settled orders: the same cards, re-dealt again."""
    s = next(p for p in positions(2, 5) if p.year == 1)
    d = s.determinize(0, Rng(1))
    dd = d.determinize(1, Rng(2))
    assert Counter(c for deck in dd.decks for c in deck) + Counter(dd.pile) == \
        Counter(c for deck in s.decks for c in deck) + Counter(s.pile)
    assert sorted(dd.equipment_stack) == sorted(s.equipment_stack)


def test_setting_a_determinized_deck_draws_the_rest_first_FG_HID_10():
    """FG-HID-10: a deck written into a determinized state replaces the settled one; the
    stack's order still to draw is drawn as it would have been (a tool that edits a
    determinized position sees no order change behind its back)."""
    s = next(p for p in positions(2, 7) if p.year == 1)
    d = s.determinize(0, Rng(3))
    reference = d.clone()
    stack = reference.equipment_stack  # settles the reference's orders
    d.decks = [[], [], [], []]
    assert d._unordered is None and d.decks == [[], [], [], []]
    assert d.equipment_stack == stack
