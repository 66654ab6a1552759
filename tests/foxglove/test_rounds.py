"""The round (``rounds.py``): four rounds of production, construction, transportation and
processing, round 4 ending with its combined stage; phases that run for every seat at once without
touching another town; points that count at once; cubes that stay between phases; a round that ends
only after every seat; the start player passing left; and the round-3 swap of the A tiles for B
tiles, after which the B stack refills the display (FF-RND, with FF-EX-12)."""

from __future__ import annotations

from acreage.games.foxglove import scenario as sc

from .helpers import (
    FOUR_C,
    SIX_A,
    display_refs,
    empty_town,
    hold,
    legal,
    names,
    new_events,
    pass_and_finish_round,
    pay_all,
    phase,
    stack_refs,
    stock,
    town,
)
from .helpers import game_seed_0 as game


def _kiln_town(state, seat: int) -> None:
    """An east-west trail at (-1,0) joins the Forest to an A Charcoal Kiln at (-2,0)."""
    sc.add_trail(state, seat, (-1, 0), "EW")
    sc.add_building(state, seat, "Charcoal Kiln", (-2, 0), tier="A")


def test_round_and_phase_sequence_FF_RND_1_FF_RND_5_FF_RND_13():
    """Checks FF-RND-1, FF-RND-5 and FF-RND-13: four rounds; rounds 1-3 run production,
    construction, transportation and processing; round 4 ends with the combined stage and then
    the game is over with no transition."""
    state = game(2)
    for seat in (0, 1):
        _kiln_town(state, seat)
    trace = []
    kiln_coal_at_construction = {}
    moved = set()
    while not state.is_terminal:
        obs = state.observation(0)
        key = (obs["round"], obs["phase"])
        if not trace or trace[-1] != key:
            trace.append(key)
        seat = state.current_player
        acts = legal(state)
        if obs["phase"] == "construction":
            # Production ran before every construction phase: the Forest is full again.
            assert sc.cubes_at(state, seat, (0, 0)) == {"wood": 5}
            kiln_coal_at_construction[(obs["round"], seat)] = sc.cubes_at(state, seat, (-2, 0))
            state.apply("pass")
        elif obs["round"] <= 2 and (obs["round"], seat) not in moved:
            moved.add((obs["round"], seat))
            state.apply("move wood 0,0>-2,0")
        else:
            assert "done" in acts
            state.apply("done")
    assert trace == [
        (1, "construction"), (1, "transportation"),
        (2, "construction"), (2, "transportation"),
        (3, "construction"), (3, "transportation"),
        (4, "construction"), (4, "final stage"),
    ]
    # Processing ran after transportation in rounds 1 and 2 (1 wood -> 1 coal each time).
    for seat in (0, 1):
        assert kiln_coal_at_construction[(1, seat)] == {}
        assert kiln_coal_at_construction[(2, seat)] == {"coal": 1}
        assert kiln_coal_at_construction[(3, seat)] == {"coal": 2}
        assert kiln_coal_at_construction[(4, seat)] == {"coal": 2}
    assert state.round == 4
    assert state.observation(0)["phase"] == "game over"
    assert state.legal_actions() == []


def test_simultaneous_phases_are_independent_FF_RND_2_FF_RND_3():
    """Checks FF-RND-2 and FF-RND-3: production and transport of one seat never touch another
    seat's town; in transport a seat keeps acting until it finishes (no turns)."""
    state = game(2)
    _kiln_town(state, 0)
    sc.add_building(state, 0, "Meadow", (0, 1))
    other = town(state, 1)
    sc.start_round(state, 2)
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 2}
    assert town(state, 1)["buildings"] == [
        {"tile": "start:Forest", "cell": [0, 0], "cubes": [5, 0, 0, 0, 0]},
        {"tile": "start:Mine", "cell": [1, 0], "cubes": [0, 3, 0, 0, 0]},
    ]
    assert town(state, 1)["trails"] == other["trails"]
    sc.goto_transport(state, 0)
    other = town(state, 1)
    sc.play(state, "move wood 0,0>-2,0")
    assert state.current_player == 0
    sc.play(state, "move wood 0,0>-2,0")
    assert state.current_player == 0
    assert sc.cubes_at(state, 0, (-2, 0)) == {"wood": 2}
    assert town(state, 1) == other


def test_stages_run_clockwise_from_the_start_player_FF_RND_2_FF_SET_11():
    """FF-RND-2 with FF-SET-11: 3 players, start player 1; after everyone passes, the stages
    run 1, 2, 0. Seats 1 and 2 have nothing to move, so their stages end by themselves
    (reason "stuck"); seat 0 holds a move and is asked."""
    state = game(players=3, seed=3)
    empty_town(state, 1)
    empty_town(state, 2)
    hold(state, 0)
    sc.goto_construction(state, 1, round=1)
    state.record_events()
    start = state.event_count
    sc.play(state, "pass", "pass")  # seats 1 and 0; seat 2 can only pass
    flow = [e for e in new_events(state, start) if e["kind"] in ("phase", "stage", "stage_end")]
    assert flow == [
        {"kind": "phase", "seat": None, "phase": "transportation"},
        {"kind": "stage", "seat": 1, "phase": "transportation"},
        {"kind": "stage_end", "seat": 1, "reason": "stuck"},
        {"kind": "stage", "seat": 2, "phase": "transportation"},
        {"kind": "stage_end", "seat": 2, "reason": "stuck"},
        {"kind": "stage", "seat": 0, "phase": "transportation"},
    ]
    assert state.current_player == 0


def test_points_are_added_at_once_FF_RND_4():
    """Checks FF-RND-4: points count as soon as they are earned (Fountain's +6 on placement)."""
    state = game(2)
    sc.goto_construction(state, 0, round=3)
    sc.set_display(state, ab=["Fountain", "Monument", "Baths", "Brewery", "Sawmill", "Inn"])
    stock(state, 0)
    sc.play(state, "build Fountain", "place 0,1")
    pay_all(state)
    assert state.scores() == [6, 0]
    assert state.current_player == 1
    assert state.round == 3 and phase(state) == "construction"


def test_state_reports_round_and_phase_FF_RND_5():
    """Checks FF-RND-5: the round (1-4) and phase are always reported, including during a
    production choice (a Scrapyard with one free slot)."""
    state = game(2)
    assert (state.round, phase(state)) == (1, "construction")
    sc.add_building(state, 0, "Scrapyard", (0, 1), wood=1)
    sc.start_round(state, 2)
    obs = state.observation(0)
    assert (obs["round"], obs["phase"]) == (2, "production")
    assert state.current_player == 0
    assert legal(state) == {"keep wood", "keep stone"}
    sc.play(state, "keep stone")
    assert sc.cubes_at(state, 0, (0, 1)) == {"wood": 1, "stone": 1}
    obs = state.observation(1)
    assert (obs["round"], obs["phase"]) == (2, "construction")


def test_cubes_stay_between_phases_and_rounds_FF_RND_6():
    """Checks FF-RND-6: cubes on buildings stay through phases and rounds."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=["Sheepfold"] + SIX_A[1:])
    sc.play(state, "build Sheepfold", "place 0,1")  # wood from the Forest, stone from the Mine: forced
    assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 2}
    for expected_round in (2, 3):
        pass_and_finish_round(state)
        assert state.round == expected_round
        assert sc.cubes_at(state, 0, (0, 1)) == {"sheep": 2}


def test_round_ends_after_every_player_FF_RND_7():
    """Checks FF-RND-7: the round ends only when every player has finished processing."""
    state = game(2)
    for seat in (0, 1):
        _kiln_town(state, seat)
    sc.play(state, "pass", "pass")
    assert phase(state) == "transportation" and state.current_player == 0
    sc.play(state, "move wood 0,0>-2,0", "done")
    assert state.round == 1 and phase(state) == "transportation" and state.current_player == 1
    sc.play(state, "done")
    assert state.round == 2 and phase(state) == "construction"


def test_start_player_passes_left_FF_RND_8_FF_SET_11():
    """Checks FF-RND-8 (and FF-SET-11): after rounds 1-3 the start player moves one seat left."""
    state = game(3, start_player=0)
    starts = []
    while not state.is_terminal:
        if phase(state) == "construction" and (not starts or starts[-1][0] != state.round):
            starts.append((state.round, state.current_player, state.observation(0)["start_player"]))
        acts = legal(state)
        state.apply("pass" if "pass" in acts else "done")
    assert starts == [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 0, 0)]


def test_round_3_swap_FF_EX_12_FF_RND_9_FF_RND_10_FF_RND_11():
    """Checks FF-EX-12, FF-RND-9, FF-RND-10 and FF-RND-11: at the end of round 2 every A tile
    (stacked copies too) goes back to the A stack, 7 spaces fill from B with stacking, C stays."""
    state = game(3)
    sc.goto_construction(state, 0, round=2)
    sc.set_display(state, ab=[("Allotment", "Allotment"), *SIX_A[1:], "Granary"])
    sc.set_stack(state, "B", [
        "Baths", "Brewery", "Baths", "Fountain", "Emporium", "Bakehouse", "Guildhall",
        "Discount Store", "Grazing Land",
    ])
    c_before = names(state)[7:]
    a_before = len(stack_refs(state, "A"))
    b_before = len(stack_refs(state, "B"))
    pass_and_finish_round(state)
    assert state.round == 3
    assert names(state)[:7] == [
        ["Baths", "Baths"], ["Brewery"], ["Fountain"], ["Emporium"], ["Bakehouse"], ["Guildhall"],
        ["Discount Store"],
    ]
    assert names(state)[7:] == c_before
    assert not any(r.startswith("A:") for sp in display_refs(state) for r in sp)
    assert len(stack_refs(state, "A")) == a_before + 8
    assert len(stack_refs(state, "B")) == b_before - 8
    assert stack_refs(state, "B")[-1] == "B:Grazing Land"


def test_round_3_swap_is_logged_with_every_b_tile_drawn_FF_RND_9_FF_RND_10_FF_EX_12():
    """FF-RND-9/10 (FF-EX-12 with 2 players, 6 A/B spaces): at the end of round 2 the A tiles
    go back and the B stack fills the area; a drawn Baths that matches stacks on the first
    Baths, so 7 tiles are drawn. Events: ``swap``, then one ``display`` naming all 7 draws in
    order (not only the last space's)."""
    state = game(seed=3)
    empty_town(state, 0)
    empty_town(state, 1)
    sc.goto_construction(state, 0, round=2)
    sc.set_stack(state, "B", ["Baths", "Brewery", "Baths", "Fountain", "Emporium", "Bakehouse",
                              "Guildhall", "Discount Store"])
    state.record_events()
    start = state.event_count
    sc.play(state, "pass")  # seat 1 can only pass too; both transports are empty
    got = new_events(state, start)
    i = next(i for i, e in enumerate(got) if e["kind"] == "swap")
    assert got[i:i + 2] == [
        {"kind": "swap", "seat": None},
        {"kind": "display", "seat": None,
         "revealed": ["Baths", "Brewery", "Baths", "Fountain", "Emporium", "Bakehouse", "Guildhall"]},
    ]
    assert state.round == 3
    assert sc.display_names(state)[:6] == [["Baths", "Baths"], ["Brewery"], ["Fountain"],
                                           ["Emporium"], ["Bakehouse"], ["Guildhall"]]


def test_b_tiles_refill_from_round_3_FF_RND_12_FF_DSP_2():
    """Checks FF-RND-12 and FF-DSP-2: from round 3 the A/B spaces refill from the B stack, and a
    C build refills from the C stack; rounds 1-2 show no B tile."""
    state = game(2)
    for _ in (1, 2):
        assert not any(r.startswith("B:") for sp in display_refs(state) for r in sp)
        pass_and_finish_round(state)
    assert state.round == 3
    assert all(r.startswith("B:") for sp in display_refs(state)[:6] for r in sp)
    sc.goto_construction(state, 0)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=["Monument", "Baths", "Brewery", "Sawmill", "Inn", "Fountain"], c=FOUR_C)
    sc.set_stack(state, "B", ["Storehouse", "Toll House"])
    sc.set_stack(state, "C", ["Butcher", "Market"])
    a_before = list(stack_refs(state, "A"))
    sc.play(state, "build Baths", "place 0,1")
    pay_all(state)
    assert names(state)[1] == ["Storehouse"]
    assert stack_refs(state, "A") == a_before
    assert state.current_player == 1
    sc.play(state, "build Bakery", "place 0,1")
    pay_all(state)
    assert names(state)[6] == ["Butcher"]
    assert stack_refs(state, "B") == ["B:Toll House"]


def test_b_tiles_appear_only_from_round_3_edge_17():
    """Edge case 17 (FF-RND-12, FF-PRD-9): in rounds 1–2 the A/B area shows only A tiles, and
    from round 3 only B tiles; the C area keeps C tiles."""
    state = game(seed=3)
    seen_rounds = set()
    while state.round < 3:
        seen_rounds.add(state.round)
        display = state.to_json()["state"]["display"]
        assert all(ref.startswith("A:") for sp in display[: state.n_ab] for ref in sp)
        assert all(ref.startswith("C:") for sp in display[state.n_ab:] for ref in sp)
        state.apply("pass")
    assert seen_rounds == {1, 2}
    display = state.to_json()["state"]["display"]
    assert all(sp for sp in display[: state.n_ab])
    assert all(ref.startswith("B:") for sp in display[: state.n_ab] for ref in sp)
    assert all(ref.startswith("C:") for sp in display[state.n_ab:] for ref in sp)
