"""Playing jobs: :func:`run_game` for one, :func:`run_batch` for many (the unit of work sent to a
pool worker or a Ray task). Both are top-level functions of an importable module, so they pickle
by reference under every multiprocessing start method and in Ray.
"""

from __future__ import annotations

import time

from ..core.errors import AcreageError
from . import metrics as _metrics
from .jobs import ROW_FORMAT, ROW_VERSION, ArenaError, Job


class GameFailed(AcreageError, RuntimeError):
    """A game raised an error; the message names the game id and seed so it can be replayed."""


def run_game(job: Job) -> dict:
    """Play one job to the end and return its results row (a JSON-ready dict)."""
    from ..agents import make_agent
    from ..core.registry import new_game

    start = time.perf_counter()
    try:
        state = new_game(job.game, players=job.players, seed=job.seed, **job.options)
        agents = [make_agent(spec, seed=job.agent_seeds[s], game=job.game, players=job.players)
                  for s, spec in enumerate(job.agents)]
        think = [0.0] * job.players
        steps = 0
        while not state.is_terminal:
            seat = state.current_player
            t0 = time.perf_counter()
            action = agents[seat].decide(state, seat)
            think[seat] += time.perf_counter() - t0
            state.apply(action)
            steps += 1
            if steps > job.max_actions:
                raise ArenaError(f"the game did not end within {job.max_actions} actions")
        metrics = _metrics.metrics_for(state)
    except Exception as exc:
        raise GameFailed(
            f"game {job.id} (seed {job.seed}, agents {', '.join(job.agents)}) failed: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    seconds = time.perf_counter() - start
    row = {
        "format": ROW_FORMAT,
        "version": ROW_VERSION,
        "id": job.id,
        "config": job.config,
        "game": state.game_name,
        "rules_version": str(state.rules_version),
        "players": job.players,
        "options": job.options,
        "root_seed": job.root_seed,
        "seed": job.seed,
        "lineup": list(job.lineup),
        "rotation": job.rotation,
        "agents": list(job.agents),
        "agent_seeds": list(job.agent_seeds),
        "scores": list(state.scores()),
        "ranking": list(state.ranking()),
        "length": len(state.history),
        "seconds": round(seconds, 6),
        "think": [round(t, 6) for t in think],
        "metrics": metrics,
    }
    if job.record:
        row["actions"] = [str(a) for a in state.history]
    return row


def run_batch(jobs: list[Job]) -> list[dict]:
    """Play several jobs in order (one pool submission / one Ray task) and return their rows."""
    return [run_game(job) for job in jobs]


def record_of_row(row: dict) -> dict:
    """The ``acreage-record`` of a row written with ``record=True`` (for :func:`acreage.replay`)."""
    from ..core.formats import RECORD_FORMAT, RECORD_VERSION

    if "actions" not in row:
        raise ArenaError(
            f"row {row.get('id')} holds no actions (simulate with record=True / --record); "
            "use replay_row() to play the job again instead"
        )
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": row["game"],
        "rules_version": row.get("rules_version", "1"),
        "players": row["players"],
        "seed": row["seed"],
        "options": row["options"],
        "actions": list(row["actions"]),
    }


def replay_row(row: dict, record: bool = False) -> dict:
    """Play the job of ``row`` again and return the new row (same scores for seeded agents;
    agents with a time budget such as ``ms=`` may decide differently)."""
    from .jobs import job_from_row

    return run_game(job_from_row(row, record=record))
