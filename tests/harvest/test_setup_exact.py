"""Exact setup (HV-SET), the secret keep-one choices and their reveal (HV-SET-8), the first
Sunrise order with the Early Riser (HV-CHR-5), and what a position shows before the Action
phase: no piece in hand yet (HV-ACT-8, HV-GAI-1), nothing scored by a farmhouse not yet kept,
and a snapshot that loads back as it was (HV-RES-6).
"""

from __future__ import annotations

import json

import pytest

import acreage
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import EMPTY, FOREST
from acreage.games.harvest.frames import KeepFarmhouse
from acreage.games.harvest.state import HarvestState


def keep_phase(players: int = 2, seed: int = 0):
    """A game dealt without ``assign``: every seat keeps a character, then a farmhouse."""
    return sc.fresh(players, seed=seed, assign=None)


def round_trip(s) -> None:
    data = json.loads(json.dumps(s.to_json()))
    assert acreage.load_state(data).to_json() == s.to_json()


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_outside_one_to_four_is_refused_HV_SET_1(players):
    """HV-SET-1: 1 to 4 players; 0 and 5 are refused when the game is created."""
    with pytest.raises(ValueError) as err:
        HarvestState(players, 0, {})
    assert str(err.value) == "Harvest takes 1 to 4 players"


def test_fall_festival_is_on_by_default_HV_SET_2_HV_FFO_2():
    """HV-SET-2: with no options the expansion is on: a festival market is dealt (P1 and P2)
    and sunrise tile #11 is among the tiles in play."""
    s = HarvestState(2, 0, {})
    assert s.ff is True
    assert s.p1 >= 0 and s.p2 >= 0
    assert 11 in s.tile + s.sun_stack + s.display


def test_the_seed_drives_every_shuffle_HV_SET_13():
    """HV-SET-13: the same seed gives the same deal; another seed another building order."""
    a, b, c = (sc.fresh(3, seed=x) for x in (11, 11, 12))
    assert a.to_json() == b.to_json()
    assert a.bstack != c.bstack


def test_every_farm_starts_with_forests_on_columns_four_and_five_HV_SET_6():
    """HV-SET-6: 4 × 5 cells; columns 4 and 5 (8 cells) are forest, the other 12 empty."""
    s = keep_phase(3)
    want = [FOREST if c in (3, 4) else EMPTY for _ in range(4) for c in range(5)]
    assert s.farm == [want, want, want]


def test_no_pieces_are_held_before_the_action_phase_HV_ACT_8_HV_GAI_1():
    """HV-ACT-8 / HV-GAI-1: wheelbarrows, mice, baskets and Gairy's pieces are handed out when
    the Action phase starts, not during setup or Sunrise."""
    for s in (keep_phase(2), sc.fresh(2)):
        assert s.phase in ("setup", "sunrise")
        assert (s.wb, s.mice, s.basket) == ([0, 0], [0, 0], [0, 0])
        assert (s.g_wb, s.g_bk) == (0, 0)


def test_keep_choices_are_revealed_together_HV_SET_8():
    """HV-SET-8: the keep-one choices stay secret until all are made. Before that, nothing is
    revealed, so a seat may take back its own last choice (the undo floor stays at 0); the last
    farmhouse kept reveals them all and starts Sunrise, which cannot be undone."""
    s = keep_phase(2)
    assert s.current_player == 0 and s.frames[-1].kind == "keepc"
    s.apply(s.legal_actions()[0])
    assert (s.undo_floor, s.undoable(0)) == (0, 1)
    s.apply(s.legal_actions()[0])  # seat 1 keeps a character
    s.apply(s.legal_actions()[0])  # seat 0 keeps a farmhouse
    assert s.frames[-1] == KeepFarmhouse(1)
    assert (s.undo_floor, s.undoable(0)) == (0, 1)
    s.apply(s.legal_actions()[0])  # seat 1, the last choice
    assert s.phase == "sunrise" and s.undo_floor == 4


def test_hidden_choices_are_logged_face_down_HV_SET_8():
    """HV-SET-8: the shared log shows that a choice was made, not which."""
    s = keep_phase(2)
    assert {s.public_notation(a) for a in s.legal_actions()} == {"keep character (face down)"}
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert {s.public_notation(a) for a in s.legal_actions()} == {"keep farmhouse (face down)"}


def test_only_visits_and_their_steps_are_sub_decisions_HV_SET_8_HV_SUN_2():
    """Keeping a character or a farmhouse, taking a sunrise tile and placing a piece are whole
    decisions; the steps of a visit are a sub-decision (solo game, a single seat)."""
    s = keep_phase(1)
    seen = []
    while s.phase != "action":
        seen.append((s.frames[-1].kind, s.in_subdecision()))
        s.apply(s.legal_actions()[0])
    assert seen == [("keepc", False), ("keeph", False), ("sunrise", False)]
    assert s.frames[-1].kind == "turn" and not s.in_subdecision()
    s.apply("place GS-inf")
    assert s.in_subdecision()


def test_snapshots_load_back_before_the_action_phase_HV_RES_6_HV_SET_9():
    """A position during the keep choices, and one at the first Sunrise of an assigned game
    (HV-SET-9), save and load back unchanged."""
    round_trip(keep_phase(3))
    s = keep_phase(2)
    s.apply(s.legal_actions()[0])
    round_trip(s)
    round_trip(sc.fresh(3))


def test_no_farmhouse_scores_before_one_is_kept_HV_CHR_1_HV_END_2():
    """HV-END-2: a score breakdown during setup holds only the 3 starting coins."""
    s = keep_phase(2)
    assert s.score_parts(0) == {"track": 0, "coins": 3, "buildings": 0, "farmhouse": 0,
                                    "pies": 0, "novelties": 0}


def test_early_riser_swaps_first_at_sunrise_HV_CHR_5_HV_SUN_2():
    """HV-CHR-5: the Early Riser (seat 3, holding #5) swaps first; the others follow in the order
    of the tiles they hold (#3 seat 1, #4 seat 2, #8 seat 0)."""
    s = sc.fresh(4, seed=0)
    assert s.tile == [8, 3, 4, 5]
    order = []
    while s.frames[-1].kind == "sunrise":
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [3, 1, 2, 0]


def test_after_sunset_no_pieces_are_held_until_the_action_phase_HV_SS_1_HV_GAI_1():
    """HV-SS-1: Sunset takes every piece back; as at the first Sunrise (HV-ACT-8) nobody holds a
    piece during the second Sunrise. HV-GAI-1: Gairy has no pieces at all in a 3-player game."""
    s = sc.fresh(3, seed=3)
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    assert (s.round, s.phase) == (2, "sunrise")
    assert (s.wb, s.mice, s.basket) == ([0, 0, 0], [0, 0, 0], [0, 0, 0])
    assert (s.g_wb, s.g_bk) == (0, 0)
