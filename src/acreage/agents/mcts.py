"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any registered game.

Why this shape:

* **Determinization per iteration.** Each iteration searches a fresh ``determinize(seat, rng)``
  copy, so the tree averages over everything the seat cannot see (stack order, other hands)
  and never reads the real state's secrets. The agent's own RNG drives it, never the game's.
* **Availability-aware UCT** (Cowling et al. 2012): an action's exploration term counts how often
  it was *available*, because different determinizations allow different actions.
* **Any number of players.** Each node stores the reward of the seat that chose the action
  leading to it; rewards are vectors, one entry per seat (max^n style back-propagation).
* **Progressive widening** where action lists are long (trail placement, transport): a node
  considers only its ``ceil(k · visits^alpha)`` most promising actions, ordered once by the
  game's heuristic, so search depth is not drowned in breadth.
* **Heuristic leaves.** By default a leaf is scored by the game's heuristic at once (a
  win-probability-like sigmoid of the value lead); ``rollout_depth`` adds random steps first.
  Full random playouts of a long game are noise; the heuristic is not.
* **Macro actions.** Where the game offers a shortcut (``state.macro_actions()``, e.g.
  Foxglove's exact transport plan), the whole sequence is taken as one forced step, inside the
  tree and at the root: a single-player optimisation needs no search.
"""

from __future__ import annotations

import math
import random
import time

from ..core.registry import game_info
from .base import Agent, Budget


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "order")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0  # summed reward of the seat that chose the action into this node
        self.avail = 0
        self.order: dict | None = None  # action -> rank from the heuristic (widened nodes)


class MctsAgent(Agent):
    """ISMCTS with UCT, progressive widening and heuristic-truncated rollouts."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        c: float = 0.7,
        rollout_depth: int = 0,
        widen_k: float = 2.0,
        widen_alpha: float = 0.5,
        widen_from: int = 12,
        scale: float = 8.0,
        macros: int = 1,
    ) -> None:
        super().__init__(seed, budget or Budget(iterations=400))
        self.c = c
        self.rollout_depth = rollout_depth
        self.widen_k = widen_k
        self.widen_alpha = widen_alpha
        self.widen_from = widen_from
        self.scale = scale
        self.macros = bool(macros)
        self.last_iterations = 0

    # ------------------------------------------------------------------ public
    def decide(self, state, seat: int):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.macros:
            macros = state.macro_actions()
            if macros and macros[0][1]:
                return macros[0][1][0]
        heuristic = game_info(state.game_name).heuristic
        root = _Node()
        limit_iter = self.budget.iterations
        limit_s = self.budget.ms / 1000.0 if self.budget.ms is not None else None
        if limit_iter is None and limit_s is None:
            limit_iter = 400
        start = time.perf_counter()
        done = 0
        while True:
            if limit_iter is not None and done >= limit_iter:
                break
            if limit_s is not None and time.perf_counter() - start >= limit_s:
                break
            self._iterate(state, seat, root, heuristic)
            done += 1
        self.last_iterations = done
        legal = set(actions)
        best = max(
            (a for a in root.children if a in legal),
            key=lambda a: (root.children[a].visits, root.children[a].reward),
            default=None,
        )
        return best if best is not None else self.rng.choice(actions)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, state, seat: int, root: _Node, heuristic) -> None:
        sim = state.determinize(seat, random.Random(self.rng.getrandbits(64)))
        node = root
        path: list[tuple[_Node, int]] = []  # (node, seat that chose the action into it)
        while not sim.is_terminal:
            if self.macros:
                macros = sim.macro_actions()
                if macros and macros[0][1]:
                    for action in macros[0][1]:
                        sim.apply(action)
                    continue
            player = sim.current_player
            legal = sim.legal_actions()
            if len(legal) > self.widen_from:
                legal = self._widened(node, sim, player, legal, heuristic)
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[0] if node.order is not None else self.rng.choice(untried)
                child = node.children[action] = _Node()
                sim.apply(action)
                path.append((child, player))
                node = child
                break
            log_n = 0.0
            best_value, best_action = -math.inf, None
            for a in legal:
                ch = node.children[a]
                ch.avail += 1
            for a in legal:
                ch = node.children[a]
                log_n = math.log(ch.avail)
                value = ch.reward / ch.visits + self.c * math.sqrt(log_n / ch.visits)
                if value > best_value:
                    best_value, best_action = value, a
            child = node.children[best_action]
            sim.apply(best_action)
            path.append((child, player))
            node = child
        rewards = self._rollout(sim, heuristic)
        root.visits += 1
        for nd, player in path:
            nd.visits += 1
            nd.reward += rewards[player]

    def _widened(self, node: _Node, sim, player: int, legal: list, heuristic) -> list:
        """The top ``k(visits)`` legal actions by the heuristic's one-step ordering."""
        if node.order is None:
            scored = []
            for a in legal:
                after = sim.clone()
                after.apply(a)
                value = heuristic(after, player) if heuristic else 0.0
                scored.append((-value, self.rng.random(), a))
            scored.sort()
            node.order = {a: i for i, (_, _, a) in enumerate(scored)}
        k = max(2, math.ceil(self.widen_k * (node.visits + 1) ** self.widen_alpha))
        rank = node.order
        big = len(rank)
        ordered = sorted(legal, key=lambda a: rank.get(a, big))
        return ordered[:k]

    # ------------------------------------------------------------------ evaluation
    def _rollout(self, sim, heuristic) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            if sim.is_terminal:
                break
            sim.apply(rng.choice(sim.legal_actions()))
        return self._rewards(sim, heuristic)

    def _rewards(self, sim, heuristic) -> list[float]:
        n = sim.num_players
        if sim.is_terminal:
            if n == 1:
                return [min(1.0, sim.scores()[0] / 150.0)]
            places = sim.ranking()
            return [(n - p) / (n - 1) for p in places]
        values = [heuristic(sim, s) if heuristic else float(sim.scores()[s]) for s in range(n)]
        if n == 1:
            return [min(1.0, max(0.0, values[0] / 150.0))]
        out = []
        for s in range(n):
            lead = values[s] - max(values[o] for o in range(n) if o != s)
            out.append(1.0 / (1.0 + math.exp(-lead / self.scale)))
        return out
