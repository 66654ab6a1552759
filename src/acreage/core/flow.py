"""A game's declared flow: the step that answers each kind of pending decision.

A game keeps its decisions as records on ``state.frames`` (top = last) and declares, in its own
``flow.py``, a table from record type to ``Step``. These two functions answer the record on top
through that table, the same way for every game; what runs between decisions (automatic
records, settling one-outcome choices) stays in each game's ``advance``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Step(NamedTuple):
    """The answer to one kind of decision: its legal actions, and what one of them does."""

    legal: Callable[[Any, Any], list]
    do: Callable[[Any, Any, Any], None]


def legal_answers(steps: Mapping[type, Step], state) -> list:
    """The legal answers to the decision on top (none with no decision pending)."""
    if not state.frames:
        return []
    top = state.frames[-1]
    step = steps.get(type(top))
    return step.legal(state, top) if step is not None else []


def answer(steps: Mapping[type, Step], state, action) -> None:
    """Carry out a legal ``action`` (no checks) by the step of the decision on top."""
    top = state.frames[-1]
    steps[type(top)].do(state, top, action)
