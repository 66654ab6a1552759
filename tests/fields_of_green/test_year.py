"""The year (year.py): four years in a fixed order, passing directions and the First Player,
Maintenance's income and draw splits, the Action phase's hidden picks with 3-4 players and its open
display with 2, and the order of the harvests (FG-YR, FG-MNT, FG-ACT, FG-2P, FG-HRV-1,
FG-HRV-15)."""

from __future__ import annotations

import pytest

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.actions import SPLITS
from acreage.games.fields_of_green.constants import ACTION, COMMIT, MAINTENANCE, RESOLVE
from acreage.games.fields_of_green.content import CARDS, LOCATION_IDS, find_card
from acreage.games.fields_of_green.frames import Act, Take
from acreage.games.fields_of_green.queries import direction, first_player

from .helpers import (
    DISPLAY,
    PILE,
    _commit_lowest,
    _ids,
    _name,
    _name_at,
    _two_player_start,
    assert_illegal,
    game,
    legal,
    next_year,
)


def _labels(k: int, start: int = 0) -> list[int]:
    """k distinct Location designs (ids ascending) to label cards in the examples."""
    return list(LOCATION_IDS[start:start + k])


def _play_turns_lowest_first(s, resolution_log):
    """Every seat picks its lowest-numbered card and goes to Market; record hands per turn."""
    table = []
    year = s.year
    while s.phase == ACTION and s.year == year:
        top = s.frames[-1]
        if top.kind == "commit":
            if all(s.picks[x] < 0 for x in range(s.num_players)):
                table.append({x: sorted(s.hands[x]) for x in range(s.num_players)})
            s.apply(f"pick {_name(min(s.hands[top.seat]))}")
        elif top.kind == "act":
            resolution_log.append((s.turn, top.seat, top.card))
            s.apply("market 0")
        else:  # pragma: no cover - nothing else happens in this example
            raise AssertionError(top)
    return table


def _labelled_hands(s, start: int = 0) -> list[list[int]]:
    hands = [list(LOCATION_IDS[start + 6 * i:start + 6 * i + 6]) for i in range(s.num_players)]
    s.hands = [h[:] for h in hands]
    s._legal = None
    return hands


def test_a_game_is_four_years_and_ends_after_the_fourth_harvest():
    """FG-YR-1, FG-YR-6: four years, no Maintenance after year 4."""
    s = game(3, introductory=True)
    for _ in range(3):
        next_year(s)
    assert s.year == 4
    coins = s.coins[:]
    next_year(s)
    assert s.is_terminal and s.year == 4 and s.coins == coins


def test_ex8_three_player_passing_years_one_and_two():
    """FG-EX-8, FG-YR-2..5, FG-ACT-1..5, FG-EDGE-15, FG-EDGE-16: passing, resolution order,
    7 - t cards at turn t, forced turn-6 picks made by the engine."""
    s = game(3, introductory=True, first_player=0)
    a, b, c = _labels(6), _labels(6, 6), _labels(6, 12)
    s.hands = [a[:], b[:], c[:]]
    s._legal = None
    log = []
    table = _play_turns_lowest_first(s, log)
    # Hands at the start of turns 1-5 (turn 6 is forced and never asked).
    assert table[0] == {0: a, 1: b, 2: c}
    assert table[1] == {0: c[1:], 1: a[1:], 2: b[1:]}
    assert table[2] == {0: b[2:], 1: c[2:], 2: a[2:]}
    assert table[3] == {0: a[3:], 1: b[3:], 2: c[3:]}
    assert table[4] == {0: c[4:], 1: a[4:], 2: b[4:]}
    assert len(table) == 5  # FG-EDGE-16: with one card left nobody is asked
    picks_t6 = {seat: card for (t, seat, card) in log if t == 6}
    assert picks_t6 == {0: b[5], 1: c[5], 2: a[5]}
    assert [seat for (t, seat, _) in log if t == 1] == [0, 1, 2]
    # FG-ACT-10 then FG-HRV-2: the farms hold no card with a Harvest ability, so the Harvest has
    # nothing to resolve, and the introductory split needs no choice (FG-MNT-12): play is in
    # year 2's Action phase.
    assert (s.year, s.phase) == (2, ACTION)
    # Year 2: First Player B (seat 1), counter-clockwise.
    next_year(s) if s.year == 1 else None
    assert s.year == 2 and first_player(s) == 1 and direction(s) == -1
    d, e, f = _labels(6, 18), _labels(6, 24), _labels(6, 30)
    s.hands = [d[:], e[:], f[:]]
    s._legal = None
    log = []
    table = _play_turns_lowest_first(s, log)
    assert table[0] == {0: d, 1: e, 2: f}
    assert table[1] == {0: e[1:], 1: f[1:], 2: d[1:]}
    assert table[2] == {0: f[2:], 1: d[2:], 2: e[2:]}
    assert table[3] == {0: d[3:], 1: e[3:], 2: f[3:]}
    assert table[4] == {0: e[4:], 1: f[4:], 2: d[4:]}
    picks_t6 = {seat: card for (t, seat, card) in log if t == 6}
    assert picks_t6 == {0: f[5], 1: d[5], 2: e[5]}
    assert [seat for (t, seat, _) in log if t == 1] == [1, 2, 0]  # FG-YR-5


def test_first_player_passes_left_and_directions_alternate():
    """FG-YR-2..4: year y First Player is f+y-1; directions CW, CCW, CW, CCW."""
    s = game(4, first_player=3, introductory=True)
    seen = []
    for _ in range(4):
        seen.append((s.year, first_player(s), direction(s)))
        if s.year < 4:
            next_year(s)
    assert seen == [(1, 3, 1), (2, 0, -1), (3, 1, 1), (4, 2, -1)]
    assert R.YEAR_DIRECTIONS == (1, -1, 1, -1)


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


def test_year_one_has_no_income_and_later_years_do():
    """FG-MNT-1, FG-EDGE-10: no income in year 1; +3 coins, +1 Food, +2 Water from year 2."""
    s = game(3, introductory=True)
    assert s.coins == [15, 15, 15] and s.food == [1, 1, 1]
    sc.set_water(s, 0, (0, 0), 0)
    next_year(s)
    assert s.coins == [18, 18, 18] and s.food == [2, 2, 2]
    assert s.piece_water[0][0] == 2  # the single Tower with room takes both


def test_ex6_income_overflow_is_lost():
    """FG-EX-6, FG-MNT-2..5: Towers 3/3 and 2/3, Food 4/4, 7 coins -> 3/3, 3/3, Food 4, 10 coins."""
    s = game(3, introductory=True)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=2)
    sc.set_stock(s, 0, coins=7, food=4)
    next_year(s)
    assert sc.water_at(s, 0, (0, 0)) == 3 and sc.water_at(s, 0, (0, 1)) == 3
    assert s.food[0] == 4 and s.coins[0] == 10


def test_splits_are_declared_from_the_first_player_clockwise():
    """FG-MNT-6, FG-YR-5: draws start at the First Player and go clockwise."""
    s = game(3, first_player=1)
    order = []
    for _ in range(3):
        order.append(s.current_player)
        s.apply("split 2/2/1/1")
    assert order == [1, 2, 0]
    assert s.phase == ACTION


def test_split_rules_sum_six_at_least_three_decks():
    """FG-MNT-6: four counts summing to 6 with at least 3 non-zero."""
    s = game(3)
    offered = legal(s)
    assert "split 2/2/1/1" in offered and "split 3/2/1/0" in offered and "split 1/4/0/1" in offered
    assert "split 4/2/0/0" not in offered and "split 6/0/0/0" not in offered
    assert_illegal(s, "split 4/2/0/0")
    assert_illegal(s, "split 1/1/1/1")
    assert len(SPLITS) == 84


def test_draw_is_declared_then_taken_from_the_tops_and_is_public():
    """FG-MNT-7/8: the whole split is drawn from the deck tops; split counts are public."""
    s = game(3)
    tops = [d[-3:] for d in s.decks]
    s.apply("split 3/1/1/1")
    assert sorted(s.hands[0]) == sorted(tops[0] + tops[1][-1:] + tops[2][-1:] + tops[3][-1:])
    assert [len(d) for d in s.decks] == [30, 32, 32, 32]
    for viewer in range(3):
        assert s.observation(viewer)["seats"][0]["split"] == "3/1/1/1"
    assert s.observation(1)["hand"] == []  # seat 1 has not drawn; it does not see seat 0's cards


def test_maintenance_phase_name_and_observation_counts():
    """FG-MNT-8: deck sizes are public."""
    s = game(3)
    assert s.phase == MAINTENANCE
    obs = s.observation(2)
    assert obs["decks"] == {"plantation": 33, "livestock": 33, "structure": 33, "building": 33}


def test_ex10_split_legality_with_a_short_deck():
    """FG-EX-10, FG-MNT-9: a split may not ask a deck for more than it holds."""
    s = game(3)
    s.decks[2] = s.decks[2][:2]
    s._legal = None
    offered = legal(s)
    for ok in ("2/2/1/1", "3/0/2/1", "2/2/2/0", "0/4/1/1"):
        assert f"split {ok}" in offered
    for bad in ("4/2/0/0", "6/0/0/0", "1/1/3/1"):
        assert f"split {bad}" not in offered
        assert_illegal(s, f"split {bad}")


def test_ex10_fewer_than_three_non_empty_decks_must_all_be_used():
    """FG-EX-10, FG-MNT-9, FG-EDGE-2: with only 2 non-empty decks, both must be used."""
    s = game(3)
    s.decks[2] = []
    s.decks[3] = []
    s._legal = None
    offered = legal(s)
    assert "split 3/3/0/0" in offered and "split 5/1/0/0" in offered
    assert "split 6/0/0/0" not in offered


def test_edge2_a_deck_runs_out_and_stays_empty():
    """FG-EDGE-2, FG-MNT-10: 4 players asking 4 Structures a year empty it in year 3; discards
    never refill it."""
    s = game(4)
    for year in (1, 2, 3):
        for _ in range(4):
            if s.current_player is None or s.frames[-1].kind != "split":
                break
            wanted = "split 1/0/4/1" if "split 1/0/4/1" in legal(s) else None
            if wanted is None:
                assert year == 3 and len(s.decks[2]) < 4
                break
            s.apply(wanted)
        if year == 3:
            break
        next_year(s)
        while s.frames and s.frames[-1].kind == "water":
            s.apply(sorted(legal(s))[0])
    assert len(s.decks[2]) == 33 - 4 * 8
    s.discard.extend(s.decks[0][:3])
    assert len(s.decks[2]) == 1


def test_ex7_two_player_display_and_alternating_picks():
    """FG-EX-7, FG-MNT-11, FG-2P-1..4, FG-EDGE-14: 12 cards in a pile, 6 face up, picks in
    pairs, 2 revealed after each pair, 6 picks each; no hands, no passing."""
    s = game(2, first_player=0)
    assert s.current_player == 0
    s.apply("split 2/2/1/1")
    s.apply("split 1/2/1/2")
    assert s.observation(0)["seats"][1]["split"] == "1/2/1/2"
    assert len(s.display) == 6 and len(s.pile) == 6 and s.hands == [[], []]
    k = {i: LOCATION_IDS[i] for i in range(1, 13)}
    s.display = [k[i] for i in range(1, 7)]
    s.pile = [k[i] for i in range(12, 6, -1)]  # k7 on top
    s._legal = None
    s._advance()
    script = [
        (0, [1, 2, 3, 4, 5, 6], 3), (1, [1, 2, 4, 5, 6], 1), (0, [2, 4, 5, 6, 7, 8], 8),
        (1, [2, 4, 5, 6, 7], 2), (0, [4, 5, 6, 7, 9, 10], 5), (1, [4, 6, 7, 9, 10], 10),
        (0, [4, 6, 7, 9, 11, 12], 4), (1, [6, 7, 9, 11, 12], 11), (0, [6, 7, 9, 12], 6),
        (1, [7, 9, 12], 12), (0, [7, 9], 9), (1, [7], 7),
    ]
    taken = {0: [], 1: []}
    for step, (picker, display, take) in enumerate(script):
        if step < 11:
            assert sorted(s.display) == sorted(k[i] for i in display), step
            assert s.current_player == picker and s.frames[-1].kind == "take"
            s.apply(f"pick {_name(k[take])}")
        else:
            assert s.frames[-1].kind == "act"  # the last card is taken automatically (FG-EDGE-16)
        assert s.current_player == picker and s.frames[-1].kind == "act" and s.frames[-1].card == k[take]
        taken[picker].append(take)
        s.apply("market 0")
    assert taken == {0: [3, 8, 5, 4, 6, 9], 1: [1, 2, 10, 11, 12, 7]}
    assert not s.pile and not s.display
    # FG-ACT-10 then FG-HRV-2: the farms hold no card with a Harvest ability, so the Harvest has
    # nothing to resolve; year 2 starts with the split declarations (FG-MNT-6), made first by
    # seat 1, the year-2 First Player (FG-2P-6).
    assert (s.year, s.phase, s.current_player) == (2, MAINTENANCE, 1)


def test_introductory_mode_draws_the_fixed_splits():
    """FG-MNT-12, FG-EDGE-2: fixed splits per year, no split decision; no deck ever runs out."""
    s = game(4, introductory=True)
    assert s.phase == ACTION and all(sp == (2, 2, 1, 1) for sp in s.splits)
    for y in (2, 3, 4):
        next_year(s)
        while s.frames and s.frames[-1].kind == "water":
            s.apply(sorted(legal(s))[0])
        assert all(sp == R.INTRO_SPLITS[y - 1] for sp in s.splits)
    # FG-MNT-12: 4 seats draw 2+2+1+1 Plantations, 2+2+2+1 Livestock, 1+1+1+1 Structures and
    # 1+1+2+3 Buildings over the four years, from decks of 33 (FG-SET-2): none runs out.
    assert [len(d) for d in s.decks] == [33 - 4 * 6, 33 - 4 * 7, 33 - 4 * 4, 33 - 4 * 7]


def test_each_turn_every_seat_commits_exactly_one_card_from_its_hand():
    """FG-ACT-1, FG-ACT-2: 6 cards at turn 1; a pick must come from the hand; no pass."""
    s = game(4, introductory=True)
    assert all(len(h) == 6 for h in s.hands)
    assert s.frames[-1].kind == "commit" and s.current_player == 0
    assert legal(s) == {f"pick {_name(c)}" for c in s.hands[0]}
    foreign = next(c for c in s.hands[1] if c not in s.hands[0])
    assert_illegal(s, f"pick {_name(foreign)}")
    assert_illegal(s, "market 0")


def test_a_new_turn_clears_the_last_turns_revealed_picks_FG_ACT_4():
    """FG-ACT-4, FG-HID-3: the picks revealed in turn 1 are not shown (not even in the full
    snapshot) once turn 2's commits begin."""
    s = game(3, introductory=True)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert all(p["revealed_pick"] is not None for p in s.to_json()["state"]["seats"])
    for _ in range(3):
        s.apply("market 0")
    assert s.turn == 2 and s.stage == COMMIT
    assert [p["revealed_pick"] for p in s.to_json()["state"]["seats"]] == [None, None, None]


def test_act5_resolution_order_switch(monkeypatch):
    """FG-ACT-5 (rulings.RESOLVE_FROM_FIRST_PLAYER): by default the revealed picks resolve from
    the First Player clockwise; switched off, from seat 0 upwards."""
    for switch, first in ((True, 1), (False, 0)):
        monkeypatch.setattr(R, "RESOLVE_FROM_FIRST_PLAYER", switch)
        s = game(3, introductory=True, first_player=1)
        while s.stage != RESOLVE:
            s.apply(f"pick {_name(s.hands[s.current_player][0])}")
        assert s.current_player == first


def test_phase_ends_after_six_turns_and_harvest_follows():
    """FG-ACT-10: after every turn-6 pick is resolved, Harvest begins."""
    s = game(3, introductory=True)
    while s.phase == ACTION and s.year == 1:
        acts = s.legal_actions()
        market = [a for a in acts if str(a).startswith("market")]
        s.apply(market[0] if market else acts[0])
    # FG-ACT-10 then FG-HRV-2: the farms hold no card with a Harvest ability, so the Harvest has
    # nothing to resolve, and the introductory split needs no choice (FG-MNT-12): play is in
    # year 2's Action phase.
    assert (s.year, s.phase) == (2, ACTION)
    assert sum(1 for c in s.discard) == 18


def test_2_player_revealed_pick_is_only_the_card_being_resolved_FG_2P_2_FG_HID_1():
    """FG-2P-2, FG-HID-1: before any take no seat shows a revealed pick; while a seat resolves
    the card it took, that card is its revealed pick and the other seat shows none."""
    s = game(2, introductory=True)
    obs = s.observation(0)
    assert [p["revealed_pick"] for p in obs["seats"]] == [None, None]
    first = s.legal_actions()[-1]
    s.apply(first)
    obs = s.observation(1)
    assert [p["revealed_pick"] for p in obs["seats"]] == [CARDS[first.a].name, None]
    s.apply("market 0")
    second = s.legal_actions()[0]
    s.apply(second)
    obs = s.observation(0)
    assert [p["revealed_pick"] for p in obs["seats"]] == [None, CARDS[second.a].name]
    assert [p["revealed_pick"] for p in s.to_json()["state"]["seats"]] == [None, CARDS[second.a].name]


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


def test_2p_display_sizes_and_first_player_alternates():
    """FG-2P-4, FG-2P-6, FG-EDGE-14: display 6,6,6,6,4,2 at the start of each pair; First Player
    alternates by year and picks first in every pair."""
    s = game(2, first_player=1, introductory=True)
    sizes = []
    while s.phase == ACTION and s.year == 1:
        if s.frames[-1].kind == "take" and s.picks_made % 2 == 0:
            sizes.append(len(s.display))
            assert s.current_player == 1
        acts = s.legal_actions()
        market = [a for a in acts if str(a).startswith("market")]
        s.apply(market[0] if market else acts[0])
    assert sizes == [6, 6, 6, 6, 4, 2]
    if s.year == 1:
        next_year(s)
    assert first_player(s) == 0 and s.current_player == 0


def test_2p_nobody_sees_the_pile_and_actions_match_3p():
    """FG-2P-5, FG-MNT-11, FG-HID-4: the pile is unseen even by its drawers; the same actions."""
    s = game(2, introductory=True)
    for seat in (0, 1):
        obs = s.observation(seat)
        assert obs["hand"] == [] and obs["pile_size"] == 6
        assert "pile" not in obs
    s.apply(f"pick {_name(s.display[0])}")
    offered = {a.split()[0] for a in legal(s)}
    assert {"build", "tower", "silo", "market"} <= offered or {"tower", "silo", "market"} <= offered


def test_harvest_order_first_player_clockwise_and_token_passes():
    """FG-HRV-1, FG-HRV-15, FG-YR-5: harvests go from the First Player clockwise, then the token moves."""
    s = game(3, first_player=1, introductory=True)
    for seat in range(3):
        sc.clear_farm(s, seat, food=1)
        sc.add_card(s, seat, "Goats", (0, 1))
    s.frames = []
    s.phase, s.stage, s.turn = 1, RESOLVE, 6
    s._legal = None
    s._advance()
    seen = []
    while s.year == 1:
        seen.append(s.current_player)
        s.apply("harvest 0,1")
    assert seen == [1, 2, 0] and first_player(s) == 2
