"""Action phase with 3–4 players (FG-ACT) and with 2 players (FG-2P); worked examples
FG-EX-7, FG-EX-8, FG-EX-9 and edge cases FG-EDGE-1, 6, 14, 15, 16."""

from __future__ import annotations

from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.constants import ACTION, MAINTENANCE, RESOLVE
from acreage.games.fields_of_green.content import CARDS, LOCATION_IDS, find_card
from acreage.games.fields_of_green.frames import Act, Hold
from acreage.games.fields_of_green.queries import direction, first_player

from .helpers import assert_illegal, game, legal, next_year


def _labels(k: int, start: int = 0) -> list[int]:
    """k distinct Location designs (ids ascending) to label cards in the examples."""
    return list(LOCATION_IDS[start:start + k])


def _name(cid: int) -> str:
    return CARDS[cid].name


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


def test_each_turn_every_seat_commits_exactly_one_card_from_its_hand():
    """FG-ACT-1, FG-ACT-2: 6 cards at turn 1; a pick must come from the hand; no pass."""
    s = game(4, introductory=True)
    assert all(len(h) == 6 for h in s.hands)
    assert s.frames[-1].kind == "commit" and s.current_player == 0
    assert legal(s) == {f"pick {_name(c)}" for c in s.hands[0]}
    foreign = next(c for c in s.hands[1] if c not in s.hands[0])
    assert_illegal(s, f"pick {_name(foreign)}")
    assert_illegal(s, "market 0")


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


def test_actions_are_chosen_at_resolution_and_the_pick_goes_to_the_discard():
    """FG-ACT-5..9: one action per pick, chosen when resolving; B–E discard the pick publicly."""
    s = game(3)
    sc.goto_action(s, 0, "Wheat Field")
    assert {"market 0", "market 1", "build 2,0", "tower 0,1", "silo 0,1"} <= legal(s)
    s.apply("market 1")
    assert [CARDS[c].name for c in s.discard] == ["Wheat Field"]
    assert s.observation(2)["discard"] == ["Wheat Field"]


def test_ex9_the_last_water_tower_goes_to_the_first_seat_to_resolve():
    """FG-EX-9, FG-EDGE-1, FG-ACT-6, FG-WT-2: resolution 2, 0, 1 in year 3; the supply empties."""
    s = game(3, first_player=0)
    s.year = 3
    assert first_player(s) == 2
    s.towers_left = 1
    s.phase, s.stage, s.turn = ACTION, RESOLVE, 6
    cards = {seat: CARDS[LOCATION_IDS[seat]].id for seat in range(3)}
    s.frames = [Hold(), Act(1, cards[1]), Act(0, cards[0]), Act(2, cards[2])]
    alt = s.clone()
    s._legal = alt._legal = None
    s._advance()
    alt._advance()
    assert s.current_player == 2 and "tower 0,1" in legal(s)
    s.apply("tower 0,1")
    assert s.towers_left == 0 and s.current_player == 0
    assert not any(a.startswith("tower") for a in legal(s))
    assert any(a.startswith("silo") for a in legal(s)) and "market 0" in legal(s)
    assert_illegal(s, "tower 0,1")
    alt.apply("market 0")
    assert "tower 0,1" in legal(alt)


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


# ------------------------------------------------------------------------------ 2 players
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


def _turn5(seat1_hand: list[str]):
    """3 players at the start of turn 5 (2 cards each); seat 0 is asked first."""
    s = game(3, introductory=True, first_player=0)
    s.turn = 5
    s.hands = [[find_card("Potato Field").id, find_card("Geese").id],
               [find_card(n).id for n in seat1_hand],
               [find_card("Well").id, find_card("Granary").id]]
    s._legal = None
    return s


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


def test_eq6_with_two_players_stored_tiles_go_in_before_taking_a_card():
    """FG-EQ-6, FG-2P-5: with 2 players a stored tile may be installed before the seat takes a
    card from the display, not after (the 3-4 player moment is when the pick resolves)."""
    s = game(2, introductory=True, first_player=0)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.set_stock(s, 0, stored=("Tractor",))
    assert s.frames[-1].kind == "take" and "install Tractor 0,1" in legal(s)
    s.apply(f"pick {_name(s.display[0])}")
    assert s.frames[-1].kind == "act"
    assert not any(a.startswith("install") for a in legal(s))
    assert_illegal(s, "install Tractor 0,1")
    s3 = game(3)
    sc.clear_farm(s3, 0)
    sc.add_card(s3, 0, "Wheat Field", (0, 1))
    sc.set_stock(s3, 0, stored=("Tractor",))
    sc.goto_action(s3, 0, "Geese")
    assert "install Tractor 0,1" in legal(s3)


def test_act5_resolution_order_switch(monkeypatch):
    """FG-ACT-5 (rulings.RESOLVE_FROM_FIRST_PLAYER): by default the revealed picks resolve from
    the First Player clockwise; switched off, from seat 0 upwards."""
    for switch, first in ((True, 1), (False, 0)):
        monkeypatch.setattr(R, "RESOLVE_FROM_FIRST_PLAYER", switch)
        s = game(3, introductory=True, first_player=1)
        while s.stage != RESOLVE:
            s.apply(f"pick {_name(s.hands[s.current_player][0])}")
        assert s.current_player == first


def test_hid7_a_wasteland_shows_which_card_it_is():
    """FG-HID-7, FG-HID-1: every seat sees every farm, Wasteland by name, with its cell."""
    s = game(3)
    sc.clear_farm(s, 0)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), down=True)
    for viewer in range(3):
        entry = s.observation(viewer)["seats"][0]["farm"][2]
        assert entry["card"] == "Dairy Cows" and entry["cell"] == [0, 1] and entry["face_up"] is False
