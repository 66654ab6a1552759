"""Jobs: one simulated game described completely by plain data, and how seeds derive.

A :class:`Job` is everything needed to play one game again: the game and its (normalised)
options, the agents by seat, the seat rotation and the seeds. It is built from a
:class:`Config` (what the whole run shares) and a game id, so any row of a results file can be
turned back into its job and replayed.

Seeds (see ``docs/arena.md``)::

    derive_seed(root, *path) = first 8 bytes (little-endian) of
                               sha256("acreage-arena/" + json([root, *path]))  masked to 53 bits
    game seed   = derive_seed(root_seed, "game", game_id)
    agent seed  = derive_seed(root_seed, "agent", game_id, seat)

53 bits keep every seed exact in JSON readers that use doubles (JavaScript) and in pandas'
int64 columns. The game seed depends only on (root seed, game id), never on the agents, so two
experiments with the same root seed play the same deals (common random numbers).

Seat rotation: game ``i`` uses rotation ``r = i % players`` and seat ``s`` is played by
``lineup[(s + r) % players]``; over any ``players`` consecutive games every agent sits in every
seat once, so turn-order advantages cancel out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import AcreageError

ROW_FORMAT = "acreage-arena"
ROW_VERSION = 1
SEED_BITS = 53
_SEED_MASK = (1 << SEED_BITS) - 1


class ArenaError(AcreageError, ValueError):
    """A simulation that cannot run as asked (bad agents, mismatched results file, …)."""


def derive_seed(root_seed: Any, *path: Any) -> int:
    """A stable 53-bit seed from the root seed and a path such as ``("game", 17)``."""
    text = "acreage-arena/" + json.dumps([root_seed, *path], separators=(",", ":"), sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") & _SEED_MASK


def game_seed(root_seed: Any, game_id: int) -> int:
    return derive_seed(root_seed, "game", game_id)


def agent_seed(root_seed: Any, game_id: int, seat: int) -> int:
    return derive_seed(root_seed, "agent", game_id, seat)


def rotate(lineup: tuple[str, ...] | list[str], game_id: int) -> tuple[str, ...]:
    """Agents by seat for game ``game_id``: seat ``s`` gets ``lineup[(s + game_id) % n]``."""
    n = len(lineup)
    r = game_id % n
    return tuple(lineup[(s + r) % n] for s in range(n))


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    return value


def normalise_options(game: str, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's full option dict (defaults filled in), as plain JSON values."""
    from ..core.options import normalise_options as _normalise
    from ..core.registry import game_info

    info = game_info(game)
    opts = _normalise(info.name, info.options, players, dict(options or {}))
    return {key: _jsonable(value) for key, value in opts.items()}


@dataclass(frozen=True)
class Config:
    """What every game of one run shares. Its :attr:`key` identifies the run in a results file."""

    game: str
    players: int
    lineup: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    root_seed: Any = 0
    rules_version: str = "1"

    @classmethod
    def build(
        cls,
        game: str,
        players: int,
        agents: list[str] | tuple[str, ...] | str,
        options: dict[str, Any] | None = None,
        root_seed: Any = 0,
    ) -> Config:
        """Check everything up front and normalise: game name, player count, options, agents.

        ``agents`` lists one spec per seat; fewer than ``players`` are repeated in order to fill
        the seats (``["greedy", "random"]`` for 4 players is greedy, random, greedy, random).
        """
        from ..agents import make_agent
        from ..core.registry import game_info

        info = game_info(game)
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise ArenaError(
                f"{info.title} takes {info.min_players}–{info.max_players} players, not {players!r}"
            )
        if isinstance(agents, str):
            agents = [agents]
        agents = [a.strip() for a in agents if a and a.strip()]
        if not agents:
            raise ArenaError("give at least one agent, e.g. --agents greedy,random")
        if len(agents) > players:
            raise ArenaError(
                f"{len(agents)} agents ({', '.join(agents)}) for {players} seats; "
                f"give at most {players} or raise --players"
            )
        for spec in agents:
            try:
                make_agent(spec, seed=0, game=game, players=players).check_players(players)
            except (ValueError, TypeError) as exc:
                raise ArenaError(f"agent {spec!r}: {exc}") from None
        lineup = tuple(agents[s % len(agents)] for s in range(players))
        if isinstance(root_seed, bool) or not isinstance(root_seed, (int, str)):
            raise ArenaError(f"the root seed must be an integer or a string, not {root_seed!r}")
        opts = normalise_options(info.name, players, options)
        return cls(info.name, players, lineup, opts, root_seed, str(info.state_class.rules_version))

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "lineup": list(self.lineup),
            "options": self.options,
            "root_seed": self.root_seed,
            "rules_version": self.rules_version,
        }

    @property
    def key(self) -> str:
        """A short fingerprint of :meth:`as_dict` (12 hex digits of its sha256)."""
        text = json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def job(self, game_id: int, record: bool = False) -> Job:
        return Job(
            id=game_id,
            game=self.game,
            players=self.players,
            options=self.options,
            agents=rotate(self.lineup, game_id),
            rotation=game_id % self.players,
            seed=game_seed(self.root_seed, game_id),
            agent_seeds=tuple(agent_seed(self.root_seed, game_id, s) for s in range(self.players)),
            root_seed=self.root_seed,
            lineup=self.lineup,
            config=self.key,
            record=record,
        )

    def jobs(self, ids, record: bool = False) -> list[Job]:
        return [self.job(i, record) for i in ids]


@dataclass(frozen=True)
class Job:
    """One game to play. Plain data, so it pickles to pool workers and Ray tasks."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    agents: tuple[str, ...]  # by seat
    rotation: int
    seed: int
    agent_seeds: tuple[int, ...]  # by seat
    root_seed: Any = 0
    lineup: tuple[str, ...] = ()
    config: str = ""
    #: Also store the actions in the row (a replayable record, ~15 bytes an action).
    record: bool = False
    #: Safety net against a game that never ends (a bug): refuse to play more actions.
    max_actions: int = 100_000


def config_of_row(row: dict) -> dict[str, Any]:
    """The :meth:`Config.as_dict` part of a results row."""
    return {
        "game": row.get("game"),
        "players": row.get("players"),
        "lineup": list(row.get("lineup", [])),
        "options": row.get("options"),
        "root_seed": row.get("root_seed"),
        "rules_version": row.get("rules_version"),
    }


def job_from_row(row: dict, record: bool = False) -> Job:
    """Rebuild the job that produced ``row`` (to replay it or to investigate one game)."""
    try:
        cfg = Config(
            game=row["game"],
            players=row["players"],
            lineup=tuple(row["lineup"]),
            options=dict(row["options"]),
            root_seed=row["root_seed"],
            rules_version=str(row.get("rules_version", "1")),
        )
        job = cfg.job(int(row["id"]), record=record)
    except (KeyError, TypeError, ValueError) as exc:
        raise ArenaError(f"row is not an arena result row: {exc!r}") from None
    if job.seed != row.get("seed") or list(job.agents) != list(row.get("agents", job.agents)):
        raise ArenaError(
            f"row {row.get('id')}: its seed/agents do not derive from its root seed and lineup; "
            "it was not written by this arena version"
        )
    return job
