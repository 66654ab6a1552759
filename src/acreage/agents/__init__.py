"""Bots for every registered game: ``make_agent("greedy")``, ``make_agent("random:seed=3")``."""

from __future__ import annotations

from .base import Agent, Budget
from .mcts import MctsAgent
from .simple import GreedyAgent, RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from ``name[:key=value,...]`` (keys: seed, iterations, ms)."""
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in AGENTS:
        raise ValueError(f"no bot called {name!r}; bots are: {', '.join(AGENTS)}")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"bot option {part!r} should look like key=value")
        params[key.strip()] = value.strip()
    unknown = set(params) - {"seed", "iterations", "ms"}
    if unknown:
        raise ValueError(f"unknown bot option {sorted(unknown)[0]!r}; options are seed, iterations, ms")
    budget = Budget(
        iterations=int(params["iterations"]) if "iterations" in params else None,
        ms=float(params["ms"]) if "ms" in params else None,
    )
    return AGENTS[name](seed=int(params.get("seed", seed if seed is not None else 0)), budget=budget)


__all__ = ["AGENTS", "Agent", "Budget", "GreedyAgent", "MctsAgent", "RandomAgent", "make_agent"]
