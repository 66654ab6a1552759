"""A game's declared flow: the step that answers each kind of pending decision.

A game keeps its decisions as records on ``state.frames`` (top = last) and declares, in its own
``flow.py``, a table from record type to ``Step``. ``entry_points`` makes the two functions that
answer the record on top through that table, the same way for every game; what runs between
decisions (automatic records, settling one-outcome choices) stays in each game's ``advance``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Step(NamedTuple):
    """The answer to one kind of decision: its legal actions, and what one of them does.

    ``offers(state, top, action)``, where given, says whether the decision offers ``action``
    from the tables its list is made of, for a decision whose list runs long: ``apply``
    checks every action it is given, and comparing one with each of a hundred costs more
    than the rest of the move (``offers_point``)."""

    legal: Callable[[Any, Any], list]
    do: Callable[[Any, Any, Any], None]
    offers: Callable[[Any, Any, Any], bool] | None = None


def entry_points(steps: Mapping[type, Step], phases: Mapping[Any, Step] | None = None,
                 ) -> tuple[Callable[[Any], list], Callable[[Any, Any], None]]:
    """A declared flow's two entry points, ``legal(state)`` and ``do(state, action)``: the
    step of the record on top lists the legal answers and carries out one (no checks); with no
    record pending, the step of ``state.phase`` in ``phases`` does, where a phase is itself the
    decision (Foxglove's construction turns and transport stages), else there is none. Built
    once per game with the tables' halves looked up directly, since they run at every step of
    every search."""
    legal_of = {kind: step.legal for kind, step in steps.items()}
    do_of = {kind: step.do for kind, step in steps.items()}
    phase_legal = {phase: step.legal for phase, step in (phases or {}).items()}
    phase_do = {phase: step.do for phase, step in (phases or {}).items()}

    def legal(state) -> list:
        frames = state.frames
        if frames:
            top = frames[-1]
            step = legal_of.get(type(top))
            return step(state, top) if step is not None else []
        step = phase_legal.get(state.phase)
        return step(state, None) if step is not None else []

    def do(state, action) -> None:
        frames = state.frames
        if frames:
            top = frames[-1]
            do_of[type(top)](state, top, action)
        else:
            phase_do[state.phase](state, None, action)

    return legal, do


def offers_point(steps: Mapping[type, Step]) -> Callable[[Any, Any], bool]:
    """``offers(state, action)``: whether the decision on top offers ``action``, asked of its
    step's ``offers`` where the step declares one, else by scanning the legal list (already
    made: ``apply`` asks only after listing)."""
    offers_of = {kind: step.offers for kind, step in steps.items() if step.offers is not None}

    def offers(state, action) -> bool:
        frames = state.frames
        if frames:
            top = frames[-1]
            ask = offers_of.get(type(top))
            if ask is not None:
                return ask(state, top, action)
        return action in state._legal

    return offers
