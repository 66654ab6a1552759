"""What the event log costs: random games per second and µs per ``apply``, per game.

Three figures per game (2 players, uniform random play, the same seeds everywhere):

* **off**: the engine as search and RL use it, with no log (the default);
* **on**: the same games started inside ``core.events.recording()`` (what the app does);
* **baseline** (with ``--baseline REV``): the engine of an older revision, checked out into a
  temporary git worktree and run in a subprocess on the same games. The goal is that *off*
  stays within 5 % of the baseline: an emission site costs one ``is not None`` test.

Rounds alternate between the trees and the best round counts, which keeps a busy machine's
noise out of the comparison as far as one core allows.

Run: ``python bench/events_cost.py [--games 20] [--rounds 5] [--baseline 2a72a41]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_PCT = 5.0


def measure(games: int, log: bool) -> dict[str, dict[str, float]]:
    """Per game: seconds for ``games`` random 2-player games and µs per apply (in-process)."""
    import acreage

    try:
        from acreage.core.events import recording
    except ImportError:  # an engine from before the event log
        recording = None
    out = {}
    for info in acreage.games():
        name = info.name
        total = 0.0
        applies = 0
        for g in range(games):
            rng = random.Random(1000 + g)
            start = time.perf_counter()
            if log and recording is not None:
                with recording():
                    state = acreage.new_game(name, players=2, seed=1000 + g)
            else:
                state = acreage.new_game(name, players=2, seed=1000 + g)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
                applies += 1
            total += time.perf_counter() - start
        out[name] = {"games_per_s": games / total, "us_per_step": 1e6 * total / applies}
    return out


def _child(src: Path, games: int, log: bool) -> dict:
    here = str(ROOT / "bench")
    code = (f"import sys, json; sys.path.insert(0, {str(src)!r}); sys.path.insert(0, {here!r});"
            f"import events_cost as e; print(json.dumps(e.measure({games}, {log})))")
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="random games per game and round (default 20)")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds; the best counts (default 5)")
    ap.add_argument("--baseline", metavar="REV", help="also measure this git revision's engine")
    args = ap.parse_args(argv)
    trees = {"off": (ROOT / "src", False), "on": (ROOT / "src", True)}
    tmp = None
    if args.baseline:
        tmp = tempfile.mkdtemp(prefix="acreage-baseline-")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", tmp, args.baseline],
                       check=True, capture_output=True)
        trees["baseline"] = (Path(tmp) / "src", False)
    best: dict[str, dict[str, float]] = {}
    try:
        for _ in range(args.rounds):
            for label, (src, log) in trees.items():
                for game, fig in _child(src, args.games, log).items():
                    key = f"{label}:{game}"
                    if key not in best or fig["us_per_step"] < best[key]["us_per_step"]:
                        best[key] = fig
    finally:
        if tmp:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", tmp],
                           capture_output=True)
    games = sorted({k.split(":", 1)[1] for k in best})
    print(f"Random 2-player games, {args.games} per round, best of {args.rounds} rounds (µs per step "
          "= game time / actions applied, legal_actions included)")
    head = f"{'game':16} {'off µs/step':>11} {'on µs/step':>11} {'on cost':>8}"
    if args.baseline:
        head += f" {'baseline':>9} {'off vs baseline':>16}"
    print(head)
    for g in games:
        off, on = best[f"off:{g}"]["us_per_step"], best[f"on:{g}"]["us_per_step"]
        row = f"{g:16} {off:11.1f} {on:11.1f} {100 * (on / off - 1):+7.1f}%"
        if args.baseline:
            base = best[f"baseline:{g}"]["us_per_step"]
            pct = 100 * (off / base - 1)
            verdict = "met" if pct <= GOAL_PCT else "MISSED"
            row += f" {base:9.1f} {pct:+15.1f}% (goal ≤ +{GOAL_PCT:.0f}%: {verdict})"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
