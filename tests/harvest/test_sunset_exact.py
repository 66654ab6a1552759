"""Sunset, exactly (HV-SS-2, HV-SS-3, HV-WS-8, HV-CHR-4): the Workshop rows move down with their
gaps and the top row is drawn from the building stack (left empty once it runs out); the Market
tops leave; once-a-round abilities are available again in the next round.
"""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.rounds import end_round

from .helpers import action_turn, legal, space_id


def test_workshop_rows_move_down_and_the_top_row_is_drawn_HV_SS_2_HV_WS_8():
    """HV-SS-2: bottom row discarded, middle to bottom, top to middle (a gap moves like a tile),
    2 new buildings from the stack top into the top row."""
    s = action_turn()
    a, b, c, d, e, f = s.ws
    s.ws[1] = -1  # a slot emptied by a build this round (HV-WS-8)
    stack = list(s.bstack)
    assert len(stack) >= 2
    end_round(s)
    assert s.ws == [stack[-1], stack[-2], a, -1, c, d]
    assert s.bstack == stack[:-2]


def test_with_the_stack_empty_the_top_row_stays_empty_HV_WS_8():
    """HV-WS-8: when the building stack is empty, the new top-row slots stay empty; with one
    building left, only the first slot is filled."""
    s = action_turn()
    a, b, c, d, _, _ = s.ws
    s.bstack = []
    end_round(s)
    assert s.ws == [-1, -1, a, b, c, d]
    s = action_turn()
    a, b, c, d, _, _ = s.ws
    last = s.bstack[0]
    s.bstack = [last]
    end_round(s)
    assert s.ws == [last, -1, a, b, c, d]


def test_market_tops_leave_at_sunset_HV_SS_3():
    s = action_turn()
    tops = [st[-1] for st in s.mstacks]
    sizes = [len(st) for st in s.mstacks]
    gone = list(s.mgone)
    end_round(s)
    assert s.mgone == gone + tops
    assert [len(st) for st in s.mstacks] == [n - 1 for n in sizes]


def test_once_a_round_ability_is_back_next_round_HV_CHR_4():
    """HV-CHR-4: the Market Regular uses a taken Market space in round 1 and again in round 2."""
    s = action_turn("Market Regular:Bakehouse")
    s.occ[space_id("FM-A")] = [1]
    s.coins[0] = 9
    sc.touch(s)
    s.apply("place FM-A")
    s.apply("market")
    sc.at_turn(s, 0)
    assert "place FM-A" not in legal(s)  # used this round
    s.frames = []  # the turn is over
    end_round(s)
    sc.touch(s)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.round == 2
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.occ[space_id("FM-A")] = [1]
    sc.touch(s)
    assert "place FM-A" in legal(s)


def test_trader_closed_space_is_back_next_round_HV_CHR_4():
    """HV-CHR-4: the Trader may use a taken TP-2 once a round; after Sunset he may again."""
    s = action_turn("Trader:Bakehouse")
    s.occ[space_id("TP-2")] = [1]
    sc.touch(s)
    assert "place TP-2" in legal(s)
    s.used[0] |= 1  # as after using it this round
    sc.touch(s)
    assert "place TP-2" not in legal(s)
    s.frames = []  # the turn is over
    end_round(s)
    sc.touch(s)
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.occ[space_id("TP-2")] = [1]
    sc.touch(s)
    assert "place TP-2" in legal(s)
