"""The agent contract: ``decide(state, seat) -> action``, within a budget.

An agent sees only what its seat may see: it works on ``state.observation(seat)`` or on
``state.determinize(seat, rng)`` — a copy in which every hidden thing has been re-sampled —
and never on the real state's secrets. Agents know nothing of any game's internals; a game
may register a heuristic in its :class:`~acreage.core.GameInfo` for greedy play.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

#: The hard limit of a search with a time budget, as a multiple of it. The beam follows its
#: single best line past the budget and stops expanding at this limit, so a long round cannot
#: stretch one decision much beyond it; for MCTS and the beam alike it is also the deadline at
#: which the game's costly steps hurry (``core.deadline``).
OVERRUN = 2.0


@dataclass
class Budget:
    """Thinking limits; whichever runs out first ends the search."""

    iterations: int | None = None
    ms: float | None = None


class Agent(ABC):
    """A bot. Subclasses implement :meth:`decide`."""

    name = "agent"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget()

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` if this bot cannot play a game with ``players`` seats (every
        bot here plays any number except ``beam``, which plays alone). The arena and
        ``acreage play`` ask before the first game, so a bad line-up fails with its reason
        instead of in the middle of a batch."""
        return None

    @abstractmethod
    def decide(self, state, seat: int):
        """Choose an action for ``seat``, which must be the seat to act in ``state``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def private_view(state, seat: int, rng: random.Random):
    """A determinized copy: what the agent may search on (hidden parts re-sampled)."""
    return state.determinize(seat, random.Random(rng.getrandbits(64)))


def play_forced(state, macros: bool = True) -> None:
    """Take forced steps in place: single legal actions and, with ``macros``, the game's macro
    actions (``state.macro_actions()``), until a real choice or the end of the game.

    Where a search judges a position, so the same position is judged however it was reached
    (MCTS before a leaf, and the value fit's data)."""
    while not state.is_terminal:
        if macros:
            found = state.macro_actions()
            if found and found[0][1]:
                for action in found[0][1]:
                    state.apply(action)
                continue
        legal = state.legal_actions()
        if len(legal) != 1:
            return
        state.apply(legal[0])


def unthinking_step(state, seat: int, actions: list, plan: TurnPlan, macros: bool = True):
    """The action to take without a search, if there is one: the only legal action, the next
    step of a turn or macro the agent already chose (``plan``), or the first step of the game's
    macro (with ``macros``; Foxglove: the transport plan). None when a real choice is left.

    A macro's later steps are remembered in ``plan`` and played from there: asking the game
    again after each step would solve the rest anew, which a hard Foxglove round-4 stage makes
    cost up to half a minute a step (research/bots-experiments.md, "A transport plan asked for at
    every step", 2026-12-04)."""
    if len(actions) == 1:
        plan.passed(state, seat, actions[0])
        return actions[0]
    planned = plan.next(state, seat, actions)
    if planned is not None:
        return planned
    if macros:
        found = state.macro_actions()
        if found and found[0][1]:
            first, *rest = found[0][1]
            plan.remember(state, seat, rest, macro=True)
            return first
    return None


class TurnPlan:
    """The rest of a turn an agent has already chosen (the placement and payment after "build
    X", the trails of a trail action), or of a game's macro (Foxglove's transport plan), played
    on the following calls without thinking again, as long as the game goes on exactly as
    foreseen (same seat, no step in between, each step still legal). Games without a
    ``history`` list get no plans.

    A turn's steps are followed only inside the turn's sub-decisions (placement, payment,
    trails); a macro's are followed wherever they lead, and a forced step that is the macro's
    next one counts as played from it.
    """

    __slots__ = ("steps", "at", "seat", "macro")

    def __init__(self) -> None:
        self.steps: list = []
        self.at = -1
        self.seat: int | None = None
        self.macro = False

    def remember(self, state, seat: int, steps, macro: bool = False) -> None:
        """Keep ``steps`` to follow the action about to be returned for ``state``."""
        history = getattr(state, "history", None)
        if steps and history is not None:
            self.steps, self.at, self.seat = list(steps), len(history) + 1, seat
            self.macro = macro
        else:
            self.steps = []

    def _on_course(self, state, seat: int) -> bool:
        history = getattr(state, "history", None)
        return (history is not None and self.seat == seat and len(history) == self.at
                and (self.macro or state.in_subdecision()))

    def next(self, state, seat: int, actions):
        """The next planned step, or None (and the plan is dropped) if the game went elsewhere."""
        if not self.steps:
            return None
        if self._on_course(state, seat) and self.steps[0] in actions:
            self.at += 1
            return self.steps.pop(0)
        self.steps = []
        return None

    def passed(self, state, seat: int, action) -> None:
        """A forced ``action`` is being played: if it is a macro's next step, the macro goes on
        after it. (A turn's plan is left as it was, to be dropped at its next step.)"""
        if self.steps and self.macro and self._on_course(state, seat) and self.steps[0] == action:
            self.at += 1
            self.steps.pop(0)
