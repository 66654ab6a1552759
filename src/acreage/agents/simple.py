"""The two simplest bots: uniform random, and greedy one-step look-ahead."""

from __future__ import annotations

from ..core.registry import game_info
from .base import Agent, private_view


class RandomAgent(Agent):
    """Picks uniformly among the legal actions (its own seeded RNG)."""

    name = "random"

    def decide(self, state, seat: int):
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """Tries every legal action on a determinized copy and keeps the best by the game's heuristic.

    A multi-step decision (build → place → pay) is finished with the heuristic's own choices
    before scoring, so "build X" is judged on the town it leads to. Ties are broken at random.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, budget=None, depth: int = 8) -> None:
        super().__init__(seed, budget)
        self.depth = depth

    def decide(self, state, seat: int):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        info = game_info(state.game_name)
        heuristic = info.heuristic
        if heuristic is None:
            return self.rng.choice(actions)
        view = private_view(state, seat, self.rng)
        best, best_value = [], float("-inf")
        for action in actions:
            after = view.clone()
            after.apply(action)
            value = self._settle(after, seat, heuristic, self.depth)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _settle(self, state, seat: int, heuristic, depth: int) -> float:
        """Follow the seat's follow-up sub-decisions greedily (depth-limited), then evaluate."""
        while depth > 0 and not state.is_terminal and state.current_player == seat and state.in_subdecision():
            options = state.legal_actions()
            scored = []
            for a in options:
                nxt = state.clone()
                nxt.apply(a)
                scored.append((heuristic(nxt, seat), a))
            best = max(v for v, _ in scored)
            state.apply(self.rng.choice([a for v, a in scored if v == best]))
            depth -= 1
        return heuristic(state, seat)
