"""The records on a Foxglove position's stack (``frames.py``): those made from their fields'
tuple (``frames.make``, which counts nothing) are whole records of their kind, the same as the
named tuple's own constructor makes."""

from __future__ import annotations

import random

import pytest

from acreage.games.foxglove.frames import Pay

from .helpers import game


def _whole(record) -> bool:
    kind = type(record)
    return len(record) == len(kind._fields) and kind(*record) == record


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_record_on_the_stack_is_whole(players):
    """After every move of random games, each record on the stack has exactly its kind's
    fields (a payment's purpose too), so one made with a field missing or extra is caught
    wherever play meets it."""
    kinds = set()
    for seed in range(6):
        state = game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            for record in state.frames:
                assert _whole(record), record
                if type(record) is Pay:
                    assert _whole(record.purpose), record
                    kinds.add(type(record.purpose).__name__)
                kinds.add(type(record).__name__)
            acts = state.legal_actions()
            busy = [a for a in acts if str(a) not in ("pass", "done")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.9 else acts))
    # The kinds made through frames.make, each met (EndTurn and Refill are run at once, and
    # checked by the assertion below instead).
    assert {"Pay", "Build", "NewTrail", "Place", "Trails"} <= kinds, kinds


def test_the_records_a_turn_end_leaves_are_whole(monkeypatch):
    """A turn's end and a refill are run as soon as they are on top, so no position shows
    them: they are checked as the build that makes them puts them on the stack."""
    from acreage.games.foxglove import construction, payment

    seen = []
    original = construction.complete_build

    def watched(state, seat, tid, cell):
        before = len(state.frames)
        original(state, seat, tid, cell)
        seen.extend(state.frames[before:])

    monkeypatch.setattr(payment, "complete_build", watched)  # what a paid build calls
    state = game(2, seed=1)
    rng = random.Random(1)
    while not state.is_terminal and len(seen) < 40:
        acts = state.legal_actions()
        busy = [a for a in acts if str(a) not in ("pass", "done")]
        state.apply(rng.choice(busy or acts))
    names = {type(r).__name__ for r in seen}
    assert {"EndTurn", "Refill"} <= names, names
    assert all(_whole(r) for r in seen)
