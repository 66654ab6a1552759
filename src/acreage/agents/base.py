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

    @abstractmethod
    def decide(self, state, seat: int):
        """Choose an action for ``seat``, which must be the seat to act in ``state``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def private_view(state, seat: int, rng: random.Random):
    """A determinized copy: what the agent may search on (hidden parts re-sampled)."""
    return state.determinize(seat, random.Random(rng.getrandbits(64)))
