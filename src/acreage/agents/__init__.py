"""Bots for every registered game: ``make_agent("greedy")``, ``make_agent("random:seed=3")``."""

from __future__ import annotations

import inspect

from .base import Agent, Budget
from .beam import BeamAgent
from .mcts import MctsAgent
from .simple import GreedyAgent, RandomAgent

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent, "beam": BeamAgent,
}


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
    cls = AGENTS[name]
    tunables = {
        p.name: p.default for p in inspect.signature(cls.__init__).parameters.values()
        if p.name not in ("self", "seed", "budget") and p.default is not inspect.Parameter.empty
    }
    unknown = set(params) - {"seed", "iterations", "ms"} - set(tunables)
    if unknown:
        allowed = ", ".join(["seed", "iterations", "ms", *tunables])
        raise ValueError(f"unknown option {sorted(unknown)[0]!r} for bot {name}; options are {allowed}")
    budget = Budget(
        iterations=int(params["iterations"]) if "iterations" in params else None,
        ms=float(params["ms"]) if "ms" in params else None,
    )
    extra = {}
    for key, text in params.items():
        if key in tunables:
            kind = type(tunables[key]) if tunables[key] is not None else float
            extra[key] = kind(text)
    return cls(seed=int(params.get("seed", seed if seed is not None else 0)), budget=budget, **extra)


__all__ = ["AGENTS", "Agent", "BeamAgent", "Budget", "GreedyAgent", "MctsAgent", "RandomAgent", "make_agent"]
