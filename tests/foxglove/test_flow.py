"""What ``apply`` promises (``flow.py`` and the state's entry points), checked action by action
over random games: the events an action causes carry its step number, a pass says whether it was
the only choice, the undo floor rises exactly when a face-down tile is revealed or the turn passes,
and a plain tuple is the same action (FF-CON-3, FF-DSP-2)."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.games.foxglove.constants import CONSTRUCTION, FINAL, TRANSPORT
from acreage.games.foxglove.frames import Pay, Trails, TransportStart

from .helpers import game


def _hidden(state) -> int:
    return sum(len(stack) for stack in state.stacks)


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (2, 6), (3, 7)])
def test_each_action_tells_its_own_step_and_reveals_set_the_undo_floor_FF_CON_3_FF_DSP_2(players, seed):
    state = acreage.new_game("foxglove", players=players, seed=seed)
    state.record_events()
    rng = random.Random(seed)
    passes = reveals = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = rng.choice(legal)
        seat, told, hidden, floor = state.current_player, state.event_count, _hidden(state), state.undo_floor
        era = (state.round, state.phase)
        state.apply(action)
        new = state.events_for(None, told)
        assert all(e["step"] == len(state.history) for e in new), (str(action), new)
        if _hidden(state) != hidden:
            reveals += 1
            assert state.undo_floor == len(state.history), str(action)
        elif (state.round, state.phase) != era or state.current_player != seat:
            assert state.undo_floor == len(state.history), str(action)  # the turn is over
        else:
            assert state.undo_floor == floor, str(action)
        if str(action) == "pass":
            passes += 1
            (event,) = [e for e in new if e["kind"] == "pass"]
            assert (event["seat"], event["forced"]) == (seat, len(legal) == 1)
            assert set(event) == {"i", "step", "kind", "seat", "forced"}
    assert passes and reveals


def test_a_plain_tuple_is_the_same_action():
    """A tuple of an action's four numbers applies that action (a refused action's words are a
    test of every game, in tests/test_core_contract.py)."""
    a, b = game(), game()
    action = a.legal_actions()[-1]
    a.apply(action)
    b.apply(tuple(action))
    assert a.to_json() == b.to_json()


def test_the_lists_found_while_advancing_are_kept_as_the_legal_list():
    """Where ``advance`` had to list a decision's actions to see whether it is a real choice
    (a payment, a trail action, a transport's start, a construction turn, a transport stage),
    the list it found is the position's legal list: nobody lists them twice. It is the list the
    decision's own step gives (a payment's too, which ``settle_payment`` makes in the same pass
    as the cubes it takes with no choice)."""
    from acreage.games.foxglove import flow

    kept = 0
    for seed in range(4):
        state = acreage.new_game("foxglove", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            top = state.frames[-1] if state.frames else None
            if type(top) in (Pay, Trails, TransportStart) or (
                    top is None and state.phase in (CONSTRUCTION, TRANSPORT, FINAL)):
                assert state._legal is not None, (state.phase, top)
                assert state._legal == flow.legal(state), (state.phase, top)
                kept += 1
    assert kept > 100
