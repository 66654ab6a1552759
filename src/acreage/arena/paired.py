"""Paired matches: each deal (a game seed) played once per seat rotation, for measuring bots.

Why pairs: in a game of luck a win rate over independent deals mixes the bots' skill with the
cards each was dealt. Playing every deal once with each bot in each seat lets the deal's luck
cancel, so fewer games tell two levels apart (``make strength``, ``tools/bot_match.py``).

A match is a ``lineup`` of specs: the first is the bot measured, the others fill the other seats
(``["hard", "medium"]`` at 2 players; ``["hard", "medium", "medium"]`` at 3). Bot A sits in each
seat once per deal. Alone, each deal is played once per spec. Rows are appended to a JSONL
file as they finish, so a stopped run resumes where it was; a row's key names the specs the
lineup's levels stood for when it was played, so after a level's spec changes its old games
are no longer counted (:func:`current`).
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .stats import mean_ci, wilson


@dataclass(frozen=True)
class Pairing:
    """One game of a paired match: bot ``lineup[0]`` sits in ``seat_a``, the others around it."""

    game: str
    players: int
    deal: int
    seat_a: int
    lineup: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    #: The bot spec each name of the lineup stands for now (a level's spec may change between
    #: runs; a row played with another spec is not this job's).
    resolved: tuple[str, ...] = ()

    def seats(self) -> list[str]:
        """The spec in each seat: A in ``seat_a``, the rest of the lineup in order after it."""
        others = list(self.lineup[1:]) or [self.lineup[0]]
        out, k = [], 0
        for s in range(self.players):
            if s == self.seat_a:
                out.append(self.lineup[0])
            else:
                out.append(others[min(k, len(others) - 1)])
                k += 1
        return out

    def key(self) -> str:
        return f"{self.deal}/{self.seat_a}/{'|'.join(self.resolved or self.lineup)}"


def pairings(game: str, players: int, lineup: list[str], deals: int, seed0: int = 1000,
             options: dict | None = None) -> list[Pairing]:
    """Every game of a match: ``deals`` seeds, bot A in each seat of each (alone, one game)."""
    from ..agents import resolve_spec

    opts = tuple(sorted((options or {}).items()))
    resolved = tuple(resolve_spec(spec, game, players) for spec in lineup)
    return [Pairing(game, players, seed0 + d, a, tuple(lineup), opts, resolved)
            for d in range(deals) for a in range(players)]


def agents_of(pairing: Pairing) -> list:
    """The bots of one game, one per seat, each seeded from the deal and its seat."""
    from ..agents import make_agent

    return [make_agent(spec, seed=pairing.deal * 31 + s, game=pairing.game, players=pairing.players)
            for s, spec in enumerate(pairing.seats())]


def play(pairing: Pairing, agents: list | None = None) -> dict:
    """Play one game (with ``agents``, default :func:`agents_of`); its row: scores, ranking,
    seconds and decisions per seat, action kinds."""
    from ..core.registry import new_game

    state = new_game(pairing.game, pairing.players, seed=pairing.deal, **dict(pairing.options))
    seats = pairing.seats()
    if agents is None:
        agents = agents_of(pairing)
    think = [0.0] * pairing.players
    decisions = [0] * pairing.players
    kinds: list[Counter] = [Counter() for _ in range(pairing.players)]
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        t0 = time.perf_counter()
        action = agents[seat].decide(state, seat)
        if len(legal) > 1:
            think[seat] += time.perf_counter() - t0
            decisions[seat] += 1
            kinds[seat][str(action).split()[0]] += 1
        state.apply(action)
    solo = state.solo_result() if pairing.players == 1 and hasattr(state, "solo_result") else None
    return {"key": pairing.key(), "game": pairing.game, "players": pairing.players, "deal": pairing.deal,
            "seat_a": pairing.seat_a, "seats": seats, "scores": state.scores(), "ranking": state.ranking(),
            "think": think, "decisions": decisions, "kinds": [dict(k) for k in kinds],
            "tier": (solo or {}).get("tier")}


def load(out: Path) -> list[dict]:
    """The rows already in ``out`` (none if it does not exist)."""
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text().splitlines() if line.strip()]


def current(rows: list[dict], game: str, players: int, lineup: list[str]) -> list[dict]:
    """The rows played with the specs ``lineup`` stands for now."""
    specs = "|".join(pairings(game, players, lineup, 1)[0].resolved)
    return [row for row in rows if row["key"].split("/", 2)[-1] == specs]


def run(jobs: list[Pairing], out: Path | None = None, workers: int = 2) -> list[dict]:
    """Play every job not already in ``out`` (spawned workers), appending rows as they finish;
    every row of these jobs, old and new."""
    done = {row["key"]: row for row in load(out)} if out is not None else {}
    todo = [j for j in jobs if j.key() not in done]
    if todo:
        handle = out.open("a") if out is not None else None
        try:
            with multiprocessing.get_context("spawn").Pool(max(1, workers)) as pool:
                for row in pool.imap_unordered(play, todo):
                    done[row["key"]] = row
                    if handle is not None:
                        handle.write(json.dumps(row) + "\n")
                        handle.flush()
        finally:
            if handle is not None:
                handle.close()
    return [done[j.key()] for j in jobs]


def summarise(rows: list[dict]) -> dict:
    """Bot A's results: win share (a shared first place splits), its Wilson interval, mean scores
    of A and of the others with intervals, A's lead over the best other seat, seconds per
    decision, action kinds, solo tiers."""
    wins = 0.0
    a_scores: list[float] = []
    other_scores: list[float] = []
    think = [0.0, 0.0]
    decisions = [0, 0]
    kinds = [Counter(), Counter()]
    tiers: Counter = Counter()
    leads: list[float] = []
    for row in rows:
        a = row["seat_a"]
        if row["players"] > 1:
            leads.append(row["scores"][a] - max(x for s, x in enumerate(row["scores"]) if s != a))
        best = min(row["ranking"])
        if row["ranking"][a] == best:
            wins += 1 / sum(1 for r in row["ranking"] if r == best)
        for seat, score in enumerate(row["scores"]):
            side = 0 if seat == a else 1
            (a_scores if side == 0 else other_scores).append(score)
            think[side] += row["think"][seat]
            decisions[side] += row["decisions"][seat]
            kinds[side].update(row["kinds"][seat])
        if row.get("tier") is not None or row["players"] == 1:
            tiers[row.get("tier") or "none"] += 1
    n = len(rows)
    return {
        "games": n,
        "wins": wins,
        "win": wilson(wins, n),
        "score_a": mean_ci(a_scores) if a_scores else None,
        "score_others": mean_ci(other_scores) if other_scores else None,
        # A's lead over the best other seat: its spread is the game's luck when A and B are the
        # same bot (a win share near 90 % needs a mean lead of about 1.3 spreads).
        "lead": mean_ci(leads) if leads else None,
        "ms_a": 1000 * think[0] / max(1, decisions[0]),
        "ms_others": 1000 * think[1] / max(1, decisions[1]),
        "kinds_a": dict(kinds[0]),
        "kinds_others": dict(kinds[1]),
        "tiers": dict(tiers),
    }
