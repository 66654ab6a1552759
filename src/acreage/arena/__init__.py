"""The simulation arena: many seeded games between agents, in parallel, with reports.

>>> from acreage import arena
>>> arena.simulate("foxglove", 2, ["greedy", "random"], games=100, out="results.jsonl")  # doctest: +SKIP
>>> arena.report("results.jsonl", plots_dir="plots")  # doctest: +SKIP

Game-agnostic: games are reached through :mod:`acreage.core.registry`, agents through
:func:`acreage.agents.make_agent`, and per-game numbers through :mod:`acreage.arena.metrics`
hooks. Importing this package imports no game, and neither rich, matplotlib nor Ray (they are
imported by the functions that need them). See ``docs/arena.md``.
"""

from __future__ import annotations

from . import metrics
from .cli import cli_report, cli_simulate, parse_agents, parse_options
from .jobs import ArenaError, Config, Job, agent_seed, derive_seed, game_seed, job_from_row, rotate
from .report import report, summarise, win_shares
from .results import load_rows, read_rows
from .runner import GameFailed, record_of_row, replay_row, run_batch, run_game
from .simulate import simulate

__all__ = [
    "ArenaError",
    "Config",
    "GameFailed",
    "Job",
    "agent_seed",
    "cli_report",
    "cli_simulate",
    "derive_seed",
    "game_seed",
    "job_from_row",
    "load_rows",
    "metrics",
    "parse_agents",
    "parse_options",
    "read_rows",
    "record_of_row",
    "replay_row",
    "report",
    "rotate",
    "run_batch",
    "run_game",
    "simulate",
    "summarise",
    "win_shares",
]
