"""Bots for every registered game: ``make_agent("greedy")``, ``make_agent("random:seed=3")``."""

from __future__ import annotations

import difflib

from .base import Agent, Budget
from .beam import BeamAgent
from .mcts import MctsAgent
from .options import OPTIONS, AgentOptionError, parse_options
from .simple import GreedyAgent, RandomAgent

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent, "beam": BeamAgent,
}


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from ``name[:key=value,...]``.

    Every option is checked against the bot's table in :mod:`acreage.agents.options` (kind and
    range); a bad one raises :class:`~acreage.agents.options.AgentOptionError` (an
    ``OptionError``, so a ``ValueError``) naming the option and the values it takes."""
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in AGENTS:
        near = difflib.get_close_matches(name, list(AGENTS), n=1, cutoff=0.6)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise AgentOptionError(f"no bot called {name!r}{hint}; bots are: {', '.join(AGENTS)}")
    params = parse_options(name, rest)
    cls = AGENTS[name]
    budget = Budget(iterations=params.pop("iterations", None), ms=params.pop("ms", None))
    spec_seed = params.pop("seed", None)
    if spec_seed is None:
        spec_seed = seed if seed is not None else 0
    return cls(seed=int(spec_seed), budget=budget, **params)


__all__ = [
    "AGENTS", "OPTIONS", "Agent", "AgentOptionError", "BeamAgent", "Budget", "GreedyAgent", "MctsAgent",
    "RandomAgent", "make_agent",
]
