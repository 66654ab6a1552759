"""One focused test for each checklist rule that no other test cites by its own ID:
FG-SET-4, FG-YR-3, FG-YR-4, FG-MNT-5, FG-ACT-7, FG-ACT-9, FG-BLD-2, FG-BLD-3, FG-SILO-2,
FG-2P-2, FG-2P-3, FG-HID-5, FG-HID-9 (shared/rules/fields_of_green.md)."""

from __future__ import annotations

import random

import pytest

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import ACTION, RESOLVE
from acreage.games.fields_of_green.content import CARDS, DECK_OF, LOCATION_IDS, find_card
from acreage.games.fields_of_green.frames import Act, Hold, Take
from acreage.games.fields_of_green.queries import (
    direction,
    first_player,
    food_cap,
    resolution_order,
    tower_capacity,
)

from .helpers import assert_illegal, game, legal, next_year


def _ids(*names: str) -> list[int]:
    return [find_card(n).id for n in names]


def _name_at(s, seat: int, at: tuple[int, int]) -> str:
    return CARDS[s.pcard[seat][sc.piece_at(s, seat, at)]].name


def _counts(cards) -> list[int]:
    out = [0, 0, 0, 0]
    for c in cards:
        out[DECK_OF[c]] += 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set4_every_player_starts_with_15_coins_no_vp_no_hand_no_equipment(players):
    """Checks FG-SET-4: 15 coins, 0 VP tokens, no cards in hand, no Equipment (stored or
    installed), as held by the state and as every seat observes it."""
    s = game(players)
    assert R.START_COINS == 15
    for seat in range(players):
        assert s.coins[seat] == 15 and s.vp[seat] == 0
        assert s.hands[seat] == [] and s.stored[seat] == []
        assert all(eq == () for eq in s.peq[seat])
    for viewer in range(players):
        obs = s.observation(viewer)
        assert obs["hand"] == []
        for info in obs["seats"]:
            assert info["coins"] == 15 and info["vp_tokens"] == 0 and info["stored_equipment"] == []
            assert all(entry["equipment"] == [] for entry in info["farm"])
            if players > 2:
                assert info["hand_size"] == 0


def _commit_lowest(s) -> None:
    while s.stage != RESOLVE:
        seat = s.frames[-1].seat
        s.apply(f"pick {CARDS[min(s.hands[seat])].name}")


def _labelled_hands(s, start: int = 0) -> list[list[int]]:
    hands = [list(LOCATION_IDS[start + 6 * i:start + 6 * i + 6]) for i in range(s.num_players)]
    s.hands = [h[:] for h in hands]
    s._legal = None
    return hands


def test_yr3_passing_direction_comes_from_the_year_table(monkeypatch):
    """Checks FG-YR-3: default table CW, CCW, CW, CCW; hands really pass that way, and a
    different table changes the passing."""
    assert R.YEAR_DIRECTIONS == (1, -1, 1, -1)
    s = game(3, introductory=True)
    seen = []
    for _ in range(4):
        seen.append((direction(s), s.observation(0)["direction"]))
        if s.year < 4:
            next_year(s)
    assert seen == [(1, "clockwise"), (-1, "counter-clockwise"), (1, "clockwise"), (-1, "counter-clockwise")]
    # Year 1 (clockwise): seat s's remaining cards go to seat s + 1.
    s = game(3, introductory=True)
    hands = _labelled_hands(s)
    _commit_lowest(s)
    assert {seat: sorted(s.hands[(seat + 1) % 3]) for seat in range(3)} == {x: hands[x][1:] for x in range(3)}
    # Year 2 (counter-clockwise): to seat s - 1.
    next_year(s)
    assert s.year == 2
    hands = _labelled_hands(s, 18)
    _commit_lowest(s)
    assert {seat: sorted(s.hands[(seat - 1) % 3]) for seat in range(3)} == {x: hands[x][1:] for x in range(3)}
    # The table is data: reversing year 1 makes year-1 hands go to seat s - 1.
    monkeypatch.setattr(R, "YEAR_DIRECTIONS", (-1, 1, -1, 1))
    s = game(3, introductory=True)
    assert direction(s) == -1
    hands = _labelled_hands(s)
    _commit_lowest(s)
    assert {seat: sorted(s.hands[(seat - 1) % 3]) for seat in range(3)} == {x: hands[x][1:] for x in range(3)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_yr4_first_player_in_year_y_is_f_plus_y_minus_1(players):
    """Checks FG-YR-4: the token passes left at the end of each Harvest, so year y's First
    Player is (f + y - 1) mod n; that seat declares the first split of the year."""
    for f in range(players):
        s = game(players, first_player=f)
        for year in (1, 2, 3, 4):
            expected = (f + year - 1) % players
            assert s.year == year and first_player(s) == expected
            assert s.observation(0)["first_player"] == expected
            assert s.frames[-1].kind == "split" and s.current_player == expected
            if year < 4:
                next_year(s)


def test_mnt5_caps_apply_to_gains_from_card_abilities():
    """Checks FG-MNT-5: Food from an Immediate ability, Food from a Harvest ability and Water
    from a Harvest ability are all capped at the moment of the gain, not only income."""
    # Immediate: Scarecrow beside two Plantations would give 2 Food; 3 + 2 is capped at 4.
    s = game(3)
    sc.clear_farm(s, 0, food=3)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.add_card(s, 0, "Barley Field", (2, 1))
    assert food_cap(s, 0) == 4
    sc.goto_action(s, 0, "Scarecrow")
    s.apply("build 1,1")
    assert s.food[0] == 4
    # Harvest: Wheat Field makes 2 Food; with the pool full it stays at the cap.
    s = game(3)
    sc.clear_farm(s, 0, food=4)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.goto_harvest(s, 0, year=2)
    s.apply("harvest 0,1")
    assert s.food[0] == 4 and sc.water_at(s, 0, (0, 0)) == 2
    # Harvest Water: Windpump adds 1 Water to a Tower in range, but a full Tower takes none.
    for water, after in ((2, 3), (3, 3)):
        s = game(3)
        sc.clear_farm(s, 0, water=water)
        sc.add_card(s, 0, "Windpump", (0, 1))
        sc.goto_harvest(s, 0, year=2)  # free and with one target: it resolves by itself
        assert s.frames == [Hold()]
        assert sc.water_at(s, 0, (0, 0)) == after <= tower_capacity(s, 0, 0)


def test_act7_exactly_the_five_actions_a_to_e():
    """Checks FG-ACT-7: A build, B Tower, C Silo, D Market, E Restore are the only actions
    for a pick, and B-E discard the pick while A builds it."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    sc.goto_action(s, 0, "Wheat Field")
    assert {a.split()[0] for a in legal(s)} == {"build", "tower", "silo", "market", "restore"}
    towers, silos = s.towers_left, s.silos_left

    a = s.clone()
    a.apply("build 2,0")  # A
    assert _name_at(a, 0, (2, 0)) == "Wheat Field" and a.discard == [] and a.coins[0] == 13
    b = s.clone()
    b.apply("tower -1,0")  # B
    assert _name_at(b, 0, (-1, 0)) == "Water Tower" and sc.water_at(b, 0, (-1, 0)) == 3
    assert b.towers_left == towers - 1 and b.coins[0] == 13
    c = s.clone()
    c.apply("silo -1,0")  # C
    assert _name_at(c, 0, (-1, 0)) == "Silo" and c.silos_left == silos - 1 and c.coins[0] == 15
    d = s.clone()
    d.apply("market 0")  # D
    assert d.coins[0] == 17 and len(d.pcard[0]) == 3
    e = s.clone()
    e.apply("restore 0,1")  # E
    assert e.pdown[0][sc.piece_at(e, 0, (0, 1))] is False and e.coins[0] == 14
    for x in (b, c, d, e):
        assert [CARDS[k].name for k in x.discard] == ["Wheat Field"]
        assert "Wheat Field" not in {CARDS[k].name for k in x.pcard[0]}


def test_act9_discarded_picks_go_to_a_public_pile_and_stay_there():
    """Checks FG-ACT-9: discarded picks go to the discard pile, which every seat sees, and
    play no further part: the pile only grows and decks never get cards back."""
    s = game(3, seed=11, introductory=True)
    _commit_lowest(s)
    picks = [s.revealed[x] for x in resolution_order(s)]
    for _ in range(3):
        s.apply("market 0")
    assert s.discard == picks
    for viewer in range(3):
        assert s.observation(viewer)["discard"] == [CARDS[c].name for c in picks]
    rng = random.Random(11)
    sizes = [len(d) for d in s.decks]
    while not s.is_terminal:
        before = s.discard[:]
        s.apply(rng.choice(s.legal_actions()))
        assert s.discard[:len(before)] == before
        now = [len(d) for d in s.decks]
        assert all(n <= o for n, o in zip(now, sizes, strict=True))
        sizes = now
    assert s.discard[:3] == picks


def test_bld2_every_farm_card_makes_its_neighbours_buildable():
    """Checks FG-BLD-2: cells beside only the Tower, only the Silo or only a Wasteland are all
    buildable, and a build there succeeds."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (2, 0), down=True)
    sc.goto_action(s, 0, "Potato Field")  # no Water cost, so range does not matter
    builds = {a for a in legal(s) if a.startswith("build")}
    only_tower, only_silo, only_wasteland = "build -1,0", "build 1,-1", "build 3,0"
    assert {only_tower, only_silo, only_wasteland, "build 2,1", "build 2,-1"} <= builds
    for target, at in ((only_tower, (-1, 0)), (only_silo, (1, -1)), (only_wasteland, (3, 0))):
        t = s.clone()
        t.apply(target)
        assert _name_at(t, 0, at) == "Potato Field"


def test_bld3_no_card_on_an_occupied_cell_and_cards_never_move():
    """Checks FG-BLD-3: builds, Towers and Silos are never offered on (nor accepted for) an
    occupied cell, Wasteland included; cards already placed keep their cells."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (2, 0), down=True)
    sc.goto_action(s, 0, "Potato Field")
    for verb in ("build", "tower", "silo"):
        for cell in ("0,0", "1,0", "2,0"):
            assert f"{verb} {cell}" not in legal(s)
            assert_illegal(s, f"{verb} {cell}")
    placed = dict(s.cells[0])
    s.apply("build 0,1")
    for card, action in (("Geese", "tower -1,0"), ("Geese", "silo 1,1"), ("Geese", "restore 2,0")):
        sc.goto_action(s, 0, card)
        s.apply(action)
        assert all(s.cells[0][c] == p for c, p in placed.items())
        placed = dict(s.cells[0])
        assert all(s.pcell[0][p] == c for c, p in placed.items())
    assert len(placed) == 6 and not s.pdown[0][sc.piece_at(s, 0, (2, 0))]


@pytest.mark.parametrize("players", [2, 3])
def test_silo2_silo_action_is_illegal_with_an_empty_supply(players):
    """Checks FG-SILO-2: with one Silo left, action C is legal; once the supply is empty it is
    neither offered nor accepted, while other actions remain."""
    s = game(players)
    s.silos_left = 1
    sc.goto_action(s, 0, "Geese")
    assert "silo 2,0" in legal(s)
    s.apply("silo 2,0")
    assert s.silos_left == 0
    sc.goto_action(s, 1, "Geese")
    assert not any(a.startswith("silo") for a in legal(s))
    assert_illegal(s, "silo 2,0")
    assert "market 0" in legal(s) and "tower 2,0" in legal(s)


def _two_player_start(first: int, display: list[str], pile_top_last: list[str]):
    s = game(2, first_player=first, introductory=True)
    assert s.phase == ACTION and s.frames[-1] == Take(first)
    s.display = _ids(*display)
    s.pile = _ids(*pile_top_last)
    s._legal = None
    s._advance()
    return s


DISPLAY = ["Corn Field", "Wheat Field", "Geese", "Potato Field", "Well", "Granary"]
PILE = ["Sheep", "Pigs", "Goats", "Vineyard", "Fences", "Winery"]  # Winery on top


def test_2p2_picks_in_pairs_each_resolved_completely():
    """Checks FG-2P-2: the First Player takes a display card and finishes its action (here a
    build with a Water payment choice) before the other player takes one of the rest."""
    s = _two_player_start(1, DISPLAY, PILE)
    sc.clear_farm(s, 1, water=1)
    sc.add_card(s, 1, "Water Tower", (2, 0), water=1)
    s._legal = None
    assert s.current_player == 1 and legal(s) == {f"pick {n}" for n in DISPLAY}
    s.apply("pick Corn Field")
    assert s.frames[-1] == Act(1, find_card("Corn Field").id)
    s.apply("build 1,1")
    assert s.current_player == 1 and legal(s) == {"pay 0,0", "pay 2,0"}  # still seat 1's action
    assert_illegal(s, "pick Geese")
    s.apply("pay 2,0")
    assert _name_at(s, 1, (1, 1)) == "Corn Field" and sc.water_at(s, 1, (2, 0)) == 0
    assert s.current_player == 0 and s.frames[-1].kind == "take"
    assert legal(s) == {f"pick {n}" for n in DISPLAY if n != "Corn Field"}
    assert_illegal(s, "pick Corn Field")
    s.apply("pick Geese")
    assert s.current_player == 0
    s.apply("market 0")
    assert s.frames[-1] == Take(1)  # the next pair starts with the First Player again


def test_2p3_two_cards_revealed_after_each_pair_then_none():
    """Checks FG-2P-3: after each pair (not after a single pick) the top 2 pile cards join the
    display; with 1 left only that one; with the pile empty nothing is added."""
    s = _two_player_start(0, DISPLAY, PILE)
    s.apply("pick Geese")
    s.apply("market 0")
    assert len(s.display) == 5 and len(s.pile) == 6  # nothing after the first pick of a pair
    s.apply("pick Well")
    s.apply("market 0")
    rest = [n for n in DISPLAY if n not in ("Geese", "Well")]
    assert sorted(s.display) == sorted(_ids(*rest, "Winery", "Fences")) and s.pile == _ids(*PILE[:4])
    s.pile = s.pile[-1:]  # only Vineyard remains
    for name in ("Granary", "Winery"):
        s.apply(f"pick {name}")
        s.apply("market 0")
    left = ("Corn Field", "Wheat Field", "Potato Field")
    assert sorted(s.display) == sorted(_ids(*left, "Fences", "Vineyard"))
    assert s.pile == []
    for name in ("Fences", "Vineyard"):
        s.apply(f"pick {name}")
        s.apply("market 0")
    assert sorted(s.display) == sorted(_ids("Corn Field", "Wheat Field", "Potato Field"))


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
