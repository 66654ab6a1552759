"""The event log and the score breakdown (``events.py``), mostly on the rulebook's worked examples:
each test builds the position by hand, switches the log on, plays it and compares the events, field
by field, with what the rulebook says happened; a hand-built position is not what its record
replays to, so its log begins with a ``log_begins`` event and the points it held before show in the
breakdown as one entry. Also how the state words an event and which events are news (events of
FF-SET, FF-RND, FF-PRD, FF-CON, FF-TRN, FF-PRC, FF-END and FF-EFX, with FF-EX-2, FF-EX-8 and
FF-EX-9)."""

from __future__ import annotations

import random

import acreage
from acreage.core.events import EARLIER
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import TILES
from acreage.games.foxglove.events import FLOOR_SOURCE, describe

from .helpers import (
    _one_move_under_a_cap_of_one,
    build,
    construction_turn,
    empty_town,
    game,
    hold,
    kuly,
    new_events,
)


def test_kuly_transport_and_processing_tell_every_move_and_point_FF_EX_8_FF_PRC_1_FF_PRC_4():
    """FF-EX-8: the six moves, then the Kiln's 3 conversions (wood → coal, no points) and the
    Butcher's 2 (coal + sheep → 7 each): exactly +14, all of it from the Butcher."""
    state = game()
    kuly(state, 0, forest=3, kiln={"coal": 2}, butcher={"sheep": 2}, lamb={"sheep": 1})
    hold(state, 1)
    state.points[0] = 20
    sc.goto_transport(state, 0, round=2)
    state.record_events()
    start = state.event_count
    assert state.events_for(None)[0]["kind"] == "log_begins"
    sc.play(state, "move coal 0,2>0,4", "move coal 0,2>0,4", *["move wood 0,0>0,2"] * 3,
            "move sheep 1,2>1,4", "done")
    got = new_events(state, start)
    moves = [(e["good"], e["from"], e["to"]) for e in got if e["kind"] == "move"]
    assert moves == [("coal", "0,2", "0,4")] * 2 + [("wood", "0,0", "0,2")] * 3 + [("sheep", "1,2", "1,4")]
    rest = [e for e in got if e["kind"] != "move"]
    assert rest[0] == {"kind": "stage_end", "seat": 0, "reason": "done"}
    assert rest[1] == {"kind": "process", "seat": 0, "tile": "Charcoal Kiln", "times": 3,
                       "used": {"wood": 3}, "made": {"coal": 3}, "points": 0,
                       "source": "Charcoal Kiln (processing)"}
    assert rest[2] == {"kind": "process", "seat": 0, "tile": "Butcher", "times": 2,
                       "used": {"coal": 2, "sheep": 2}, "made": {}, "points": 14,
                       "source": "Butcher (processing)"}
    assert rest[3] == {"kind": "stage", "seat": 1, "phase": "transportation"}
    assert not any(e["kind"] == "process" and e["tile"] == "Ranch" for e in got)  # F: nothing yet
    assert state.scores()[0] == 34
    assert state.score_breakdown(0) == {"Butcher (processing)": 14, EARLIER: 20}
    assert describe(rest[2]) == ("seat 0's Butcher processed 2×: 2 coal + 2 sheep → nothing, "
                                 "+14 points")


def test_ranch_end_scoring_is_an_event_of_its_own_FF_EX_9_FF_EFX_33_FF_END_2():
    """FF-EX-9: a Ranch with 8 sheep scores +30 at the end, told as the Ranch's end effect."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Ranch", (3, 3), sheep=8)
    hold(state, 1)
    sc.goto_transport(state, 0, round=4)
    state.record_events()
    start = state.event_count
    while not state.is_terminal:
        state.apply("done")
    got = new_events(state, start)
    ends = [e for e in got if e["kind"] == "end_effect"]
    assert ends == [{"kind": "end_effect", "seat": 0, "tile": "Ranch", "points": 30,
                     "source": "Ranch (end of game)"}]
    assert got[-1]["kind"] == "game_over" and got[-1]["scores"] == state.scores()
    assert state.score_breakdown(0) == {"Ranch (end of game)": 30}


def test_production_that_does_not_fit_says_what_was_lost_FF_EX_2a_FF_PRD_3():
    """FF-EX-2 (a): an Industrial Farm (3 slots) holding 1 wheat gains 2 wheat; the third is
    discarded for lack of a slot, and the event says so. A full Forest loses its 5 wood."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Industrial Farm", (3, 3), wheat=1)
    state.record_events()
    start = state.event_count
    sc.start_round(state, 2)
    prod = [e for e in new_events(state, start) if e["kind"] == "produce"]
    farm = [e for e in prod if e["seat"] == 0 and e["tile"] == "Industrial Farm"]
    assert farm == [{"kind": "produce", "seat": 0, "tile": "Industrial Farm", "cell": "3,3",
                     "gained": {"wheat": 2}, "lost": {"wheat": 1}, "to_choose": {}, "points": 0,
                     "source": "Industrial Farm (production)"}]
    forest = [e for e in prod if e["seat"] == 0 and e["tile"] == "Forest"]
    assert forest[0]["gained"] == {} and forest[0]["lost"] == {"wood": 5}


def test_building_is_told_with_each_cube_paid_and_the_refill_FF_CON_11():
    """A build: one ``pay`` per cube naming the building it came from, then the tile standing
    on its cell, then the display refilled from the stack."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    state.record_events()
    start = state.event_count
    build(state, "Sheepfold", (0, 1))
    got = new_events(state, start)
    pays = [(e["good"], e["tile"], e.get("auto")) for e in got if e["kind"] == "pay"]
    # FF-SET-5: 1 wood + 1 stone; each could come from one building only, so it was paid by
    # itself after the placement, and the event says so (no action line shows it).
    assert pays == [("wood", "Forest", True), ("stone", "Mine", True)]
    built = [e for e in got if e["kind"] == "build"]
    assert built == [{"kind": "build", "seat": 0, "tile": "Sheepfold", "cell": "0,1"}]
    kinds = [e["kind"] for e in got]
    assert kinds.index("build") > max(i for i, k in enumerate(kinds) if k == "pay")


def test_score_floor_is_a_points_event_FF_END_8_FF_PRD_8():
    """FF-END-8 with FF-PRD-8: Charred Grounds holding 4 coal costs 4 points at production; a
    seat with 1 point drops to 0, not -3. The breakdown shows the -4 and the 3 points the
    floor gives back, so it still sums to the score (0 on top of the 1 held before)."""
    state = game()
    empty_town(state, 0, wood=5, stone=3)
    sc.add_building(state, 0, "Charred Grounds", (3, 3), coal=4)
    state.points[0] = 1
    state.record_events()
    start = state.event_count
    sc.start_round(state, 2)
    got = [e for e in new_events(state, start) if e["seat"] == 0 and e.get("points")]
    assert got == [
        {"kind": "produce", "seat": 0, "tile": "Charred Grounds", "cell": "3,3", "gained": {},
         "lost": {}, "to_choose": {}, "points": -4, "source": "Charred Grounds (production)"},
        {"kind": "floor", "seat": 0, "points": 3, "source": FLOOR_SOURCE},
    ]
    assert state.scores()[0] == 0
    assert state.score_breakdown(0) == {EARLIER: 1, "Charred Grounds (production)": -4, FLOOR_SOURCE: 3}


def test_each_phase_change_is_told_once_in_the_rulebooks_order_FF_RND_1():
    """FF-RND-1: each round runs construction then transportation (round 4: the final stage);
    the log tells each phase as it begins, for everyone, with nothing but its name."""
    state = acreage.new_game("foxglove", players=2, seed=3)
    state.record_events()
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    phases = [e for e in state.events_for(None) if e["kind"] == "phase"]
    rounds = ["construction", "transportation"] * 3 + ["construction", "final stage"]
    assert [e["phase"] for e in phases] == rounds
    assert all(set(e) == {"i", "step", "kind", "seat", "phase"} and e["seat"] is None for e in phases)


def test_setup_is_told_first_with_the_start_player_and_the_display_FF_SET_12_FF_SET_13():
    """FF-SET-12 / FF-SET-13: a game's log begins with its setup: who starts and the tiles on
    display (the top of each space), for everyone; then the first round's production."""
    state = acreage.new_game("foxglove", players=3, seed=8)
    first = state.events_for(None)[0]
    assert {k: v for k, v in first.items() if k not in ("i", "step")} == {
        "kind": "setup", "seat": None, "start_player": state.start_player,
        "display": [TILES[space[-1]].name for space in state.display if space],
    }
    assert len(first["display"]) == len(state.display)


def test_an_emporium_choice_is_told_with_what_it_gave_FF_EFX_9():
    """FF-EFX-9: the Emporium's owner names a type and gets 5 of it; the log says which and how
    many landed on the tile."""
    state = construction_turn(3)
    build(state, "Emporium", (0, 1))
    state.record_events()
    start = state.event_count
    state.apply("choose sheep")
    assert new_events(state, start)[0] == {
        "kind": "choose", "seat": 0, "tile": "Emporium", "good": "sheep", "gained": {"sheep": 5}}


def test_rounds_are_told_with_their_start_player_and_production_runs_clockwise_FF_RND_8():
    """FF-RND-8: the start player passes one seat to the left after each round; each round is
    told with its number and start player, and production is told seat by seat clockwise from
    the start player (FF-SET-11)."""
    state = acreage.new_game("foxglove", players=3, seed=4)
    state.record_events()
    rng = random.Random(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    events = state.events_for(None)
    rounds = [e for e in events if e["kind"] == "round"]
    first = rounds[0]["start_player"]
    assert [(e["round"], e["start_player"], e["seat"]) for e in rounds] == [
        (r, (first + r - 1) % 3, None) for r in range(1, 5)]
    assert all(set(e) == {"i", "step", "kind", "seat", "round", "start_player"} for e in rounds)
    for r, e in enumerate(rounds):
        end = rounds[r + 1]["i"] if r + 1 < len(rounds) else None
        seats = [x["seat"] for x in events if x["kind"] == "produce" and x["i"] > e["i"]
                 and (end is None or x["i"] < end)]
        order = [s for i, s in enumerate(seats) if s not in seats[:i]]
        assert order == [(e["start_player"] + k) % 3 for k in range(3)][:len(order)]
        assert len(order) >= 2


def test_a_different_types_converter_tells_how_many_sets_it_made_FF_PRC_6():
    """FF-PRC-6: a Market turns one cube each of 3 different types into 9 points, as often as
    the cubes allow: with 2 wood, 2 stone, 3 wheat it runs twice (18 points), and its event says
    so, with the cubes used; the third wheat stays."""
    state = game()
    empty_town(state, 0)
    sc.add_building(state, 0, "Market", (3, 3), wood=2, stone=2, wheat=3)
    hold(state, 1)
    sc.goto_transport(state, 0, round=2)
    state.record_events()
    start = state.event_count
    sc.play(state, "done")
    (event,) = [e for e in new_events(state, start) if e["kind"] == "process"]
    assert event == {"kind": "process", "seat": 0, "tile": "Market", "times": 2,
                     "used": {"wood": 2, "stone": 2, "wheat": 2}, "made": {}, "points": 18,
                     "source": "Market (processing)"}
    assert sc.cubes_at(state, 0, (3, 3)) == {"wheat": 1}


def test_state_describes_its_events_with_seat_labels_FF_TRN_11():
    """The state's own event helpers: a forced stage end for the cap (FF-TRN-11) is news, a
    "done" is not; the description names the seat by its label when labels are given."""
    state, start = _one_move_under_a_cap_of_one()
    cap = next(e for e in state.events_for(None, start) if e["kind"] == "stage_end")
    assert state.event_is_news(cap) is True
    assert state.event_is_news({"kind": "stage_end", "seat": 0, "reason": "done"}) is False
    plain = state.describe_event(cap)
    named = state.describe_event(cap, ["Ann", "Bob"])
    assert "seat 0" in plain and "Ann" not in plain
    assert "Ann" in named and "seat 0" not in named
