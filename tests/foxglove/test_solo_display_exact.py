"""Foxglove Farm, exactly: the solo display's removal, slide and refill (which stack it draws
from in each round, what the display event tells), the round-3 swap's events, and the solo
result at the end of the game.
"""

from __future__ import annotations

from acreage.games.foxglove import scenario as sc

from .helpers import empty_town, game


def new_events(state, since: int) -> list[dict]:
    """The events after ``since``, without the bookkeeping fields ``i`` and ``step``."""
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(None, since)]


def displays(state, since: int) -> list[dict]:
    return [e for e in new_events(state, since) if e["kind"] == "display"]


def solo_round(round_: int, tier: str, ab: list[str], stack: list[str]):
    """A solo game at construction in ``round_``: Forest[5 wood], Mine[3 stone], the A/B area
    laid out as ``ab`` (top row, then bottom row) and the ``tier`` stack set to ``stack``."""
    state = game(players=1)
    empty_town(state, 0, wood=5, stone=3)
    sc.goto_construction(state, 0, round=round_)
    sc.set_display(state, ab=ab)
    sc.set_stack(state, tier, stack)
    state.record_events()
    return state


def test_solo_build_removes_slides_and_refills_from_the_a_stack_in_round_2_FF_SOLO_6_FF_SOLO_7():
    """FF-EX-13 (a) in round 2, twice (FF-SOLO-6/7, FF-RND-12: A tiles until the swap). Build
    the Granary (top middle): the Allotment and the Barn leave the game, the rows slide left,
    and 3 tiles are drawn from the A stack, top row first. The display event names exactly
    the 2 removed and the 3 revealed tiles. The second build (Paddock) tells only its own
    removals (Meadow, Coal Mine), not the earlier ones."""
    state = solo_round(2, "A", ["Allotment", "Granary", "Meadow", "Barn", "Coal Mine", "Quarry"],
                       ["Paddock", "Peat Bog", "Scrapyard", "Timberland", "Volcano", "Woolmill"])
    start = state.event_count
    sc.play(state, "build Granary", "place 0,1")
    assert sc.display_names(state)[:6] == [["Meadow"], ["Paddock"], ["Peat Bog"],
                                           ["Coal Mine"], ["Quarry"], ["Scrapyard"]]
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Allotment", "Barn"],
                                       "revealed": ["Paddock", "Peat Bog", "Scrapyard"]}]
    start = state.event_count
    sc.play(state, "build Paddock", "place -1,0")
    assert sc.display_names(state)[:6] == [["Peat Bog"], ["Timberland"], ["Volcano"],
                                           ["Quarry"], ["Scrapyard"], ["Woolmill"]]
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Meadow", "Coal Mine"],
                                       "revealed": ["Timberland", "Volcano", "Woolmill"]}]


def test_solo_build_refills_from_the_b_stack_from_round_3_FF_SOLO_9_FF_RND_12():
    """FF-RND-12 / FF-SOLO-9: from round 3 the A/B area refills from the B stack (not A, not C)."""
    state = solo_round(3, "B", ["Baths", "Brewery", "Fountain", "Emporium", "Bakehouse", "Guildhall"],
                       ["Inn", "Sawmill", "Storehouse", "Toll House"])
    start = state.event_count
    sc.play(state, "build Brewery", "place 0,1")
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Baths", "Emporium"],
                                       "revealed": ["Inn", "Sawmill", "Storehouse"]}]
    assert sc.display_names(state)[:6] == [["Fountain"], ["Inn"], ["Sawmill"],
                                           ["Bakehouse"], ["Guildhall"], ["Storehouse"]]


def test_round_3_swap_is_logged_with_every_b_tile_drawn_FF_RND_9_FF_RND_10_FF_EX_12():
    """FF-RND-9/10 (FF-EX-12 with 2 players, 6 A/B spaces): at the end of round 2 the A tiles
    go back and the B stack fills the area; a drawn Baths that matches stacks on the first
    Baths, so 7 tiles are drawn. Events: ``swap``, then one ``display`` naming all 7 draws in
    order (not only the last space's)."""
    state = game()
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


def finish_solo(state, points: int) -> None:
    """Round 4 construction with an empty town: pass, and the game ends at once."""
    empty_town(state, 0)
    state.points[0] = points
    sc.goto_construction(state, 0, round=4)
    sc.play(state, "pass")
    assert state.is_terminal


def test_solo_result_reports_setup_score_and_threshold_FF_SOLO_10():
    """FF-SOLO-10: setup 3 (Food Festival, FF-SOLO-3) finishing on 85 reached the 80
    threshold; the thresholds are 60, 80, 100, 120 for every setup."""
    state = game(players=1, solo_setup=3)
    finish_solo(state, 85)
    assert state.solo_result() == {"setup": 3, "setup_name": "Food Festival", "score": 85,
                                   "threshold": 80, "thresholds": [60, 80, 100, 120]}


def test_solo_result_default_setup_and_no_threshold_FF_SOLO_10_FF_SOLO_3():
    """FF-SOLO-3/10: without the option the setup is 1 (Random); 59 reaches no threshold."""
    state = game(players=1)
    finish_solo(state, 59)
    assert state.solo_result() == {"setup": 1, "setup_name": "Random", "score": 59,
                                   "threshold": None, "thresholds": [60, 80, 100, 120]}
