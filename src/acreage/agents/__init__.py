"""Bots for every registered game: ``make_agent("greedy")``, ``make_agent("random:seed=3")``, or a
game's named level: ``make_agent("hard", game="harvest", players=2)``."""

from __future__ import annotations

import difflib

from ..core.levels import LEVEL_NAMES
from ..core.registry import game_info
from .base import Agent, Budget
from .beam import BeamAgent
from .mcts import MctsAgent
from .options import OPTIONS, AgentOptionError, parse_options
from .simple import GreedyAgent, RandomAgent

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent, "beam": BeamAgent,
}


def resolve_spec(spec: str, game: str | None = None, players: int = 2) -> str:
    """The bot spec a ``spec`` stands for: a level name (``hard``, ``easy:seed=3``) becomes the
    game's spec for that level at ``players`` seats (options given after it are added); any
    other spec is returned as it is."""
    name, colon, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in LEVEL_NAMES:
        return spec
    if game is None:
        raise AgentOptionError(f"the level {name!r} needs a game: give the game as well, or a bot "
                               f"({', '.join(AGENTS)})")
    info = game_info(game)
    level = info.level(name)
    if level is None:
        have = ", ".join(lv.name for lv in info.levels) or "none"
        raise AgentOptionError(f"{info.title} has no level {name!r}; its levels are: {have}")
    base = level.spec_for(players)
    rest = rest.strip()
    if not rest:
        return base
    return f"{base},{rest}" if ":" in base else f"{base}:{rest}"


def make_agent(spec: str, seed: int | None = None, game: str | None = None, players: int = 2) -> Agent:
    """Build an agent from ``name[:key=value,...]``, or from a level name of ``game``
    (:func:`resolve_spec`).

    Every option is checked against the bot's table in :mod:`acreage.agents.options` (kind and
    range); a bad one raises :class:`~acreage.agents.options.AgentOptionError` (an
    ``OptionError``, so a ``ValueError``) naming the option and the values it takes."""
    name, _, rest = resolve_spec(spec, game, players).partition(":")
    name = name.strip().lower()
    if name not in AGENTS:
        near = difflib.get_close_matches(name, list(AGENTS) + list(LEVEL_NAMES), n=1, cutoff=0.6)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise AgentOptionError(
            f"no bot called {name!r}{hint}; bots are: {', '.join(AGENTS)}; levels: {', '.join(LEVEL_NAMES)}"
        )
    params = parse_options(name, rest)
    cls = AGENTS[name]
    budget = Budget(iterations=params.pop("iterations", None), ms=params.pop("ms", None))
    spec_seed = params.pop("seed", None)
    if spec_seed is None:
        spec_seed = seed if seed is not None else 0
    return cls(seed=int(spec_seed), budget=budget, **params)


__all__ = [
    "AGENTS", "OPTIONS", "Agent", "AgentOptionError", "BeamAgent", "Budget", "GreedyAgent", "MctsAgent",
    "RandomAgent", "make_agent", "resolve_spec",
]
