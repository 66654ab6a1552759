"""Instructions a fixed workload executes: the measure for a speed change that must keep every
move (``docs/performance.md``, "Instruction counts").

Timings on a shared 2-core machine vary by a fifth between runs, more than most single
changes gain. A change that keeps every decision (the same legal lists, draws and judgements,
only cheaper) is judged instead by the instructions a fixed workload runs, which do not depend
on the machine's load, and the workload prints a hash of every move it made, which must not
change. Two workloads:

* ``random``: seeded games of one game between uniform random players (the engine alone);
* ``mcts``: positions sampled from greedy games at 1, 2 and 4 players, then a fixed MCTS
  search (seeded agents, a fixed number of iterations) from each (the engine and the bots'
  judgement; the sampling's greedy games are about a quarter of the count).
* ``apply`` (Foxglove): ``bench/run.py``'s positions of ``--games`` sampled games, up to 12 of
  each position's actions, each applied to a fresh clone, as ``make bench`` times ``apply``;
  the sampling and the clones are made in the empty run too, so the count is the applies
  alone (its hash, of where each apply left the game, is left out of the count).

    python bench/instructions.py random --game foxglove --games 100
    python bench/instructions.py mcts --iterations 15 --count
    python bench/instructions.py apply --games 30 --count

Without ``--count`` the workload runs once and prints its hash (quick: check that a change
keeps the moves). With ``--count`` it also runs under valgrind's cachegrind (no cache model),
once empty and once in full, and prints the instructions of the workload alone, without
start-up and imports. Valgrind is a Debian package (``apt-get install valgrind``); about 50
times slower than a plain run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))
sys.path.insert(0, HERE)

import acreage  # noqa: E402


def random_games(game: str, players: int, count: int, seed0: int = 0) -> str:
    """Play ``count`` seeded games between uniform random players; the hash of every move."""
    digest = hashlib.md5()
    for g in range(count):
        rng = random.Random(seed0 + g)
        state = acreage.new_game(game, players=players, seed=seed0 + g)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            digest.update(str(action).encode())
    return digest.hexdigest()[:8]


def mcts_positions(game: str, per_count: int) -> list:
    """Positions of greedy games at 1, 2 and 4 players (those the game allows), ``per_count``
    each, the same every run (``bench/mcts_bench.py``'s sampling and seeds)."""
    from mcts_bench import sample_positions

    info = acreage.game_info(game)
    out = []
    for players in (1, 2, 4):
        if info.min_players <= players <= info.max_players:
            out += sample_positions(game, players, per_count, seed=100 + players)
    return out


def mcts_searches(positions: list, iterations: int) -> str:
    """One seeded MCTS search of ``iterations`` from each position; the hash of the moves."""
    from acreage.agents import Budget, MctsAgent

    moves = []
    for i, state in enumerate(positions):
        agent = MctsAgent(seed=i, budget=Budget(iterations=iterations))
        moves.append(str(agent.decide(state.clone(), state.current_player)))
    return hashlib.md5(repr(moves).encode()).hexdigest()[:8]


def apply_work(games: int) -> list:
    """``bench/run.py``'s positions, and up to 12 of each one's actions (seeded), each with a
    fresh clone to apply it to."""
    import run

    fast, transport = run.sample_positions(games, seed=1)
    rng = random.Random(0)
    work = []
    for position in fast + transport:
        legal = position.legal_actions()
        for action in rng.sample(legal, min(12, len(legal))):
            work.append((position.clone(), action))
    return work


def applies(work: list, digest: bool) -> str:
    """Apply each action to its clone; where ``digest``, the hash of where each apply left the
    game (the decision on top and its legal list)."""
    for state, action in work:
        state.apply(action)
    if not digest:
        return "-"
    where = [(state.current_player, state.frames[-1:], state._legal) for state, _ in work]
    return hashlib.md5(repr(where).encode()).hexdigest()[:8]


def prepare(args: argparse.Namespace) -> None:
    """Import everything the workload uses (the game's package, the bots), so an empty run
    counts the same start-up as a full one; the apply workload's positions and clones too."""
    acreage.new_game(args.game, players=args.players)  # loads the game's package
    if args.workload == "mcts":
        import mcts_bench  # noqa: F401
        from acreage.agents import MctsAgent  # noqa: F401
    if args.workload == "apply":
        if args.game != "foxglove":
            raise SystemExit("the apply workload is Foxglove's (bench/run.py's positions)")
        args.work = apply_work(args.games)


def run_workload(args: argparse.Namespace) -> str:
    if args.workload == "random":
        return random_games(args.game, args.players, args.games)
    if args.workload == "apply":
        return applies(args.work, digest=not args.counted)
    positions = mcts_positions(args.game, args.positions)
    return mcts_searches(positions, args.iterations)


def instructions(argv: list[str]) -> int:
    """Instructions (valgrind's ``I refs``) of this script run with ``argv``."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, os.path.abspath(__file__), *argv]
    # One string-hash seed for every run: sets and dicts of strings then iterate alike, so two
    # runs of one code count the same (with random seeds they differ by about 0.05 %).
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", choices=("random", "mcts", "apply"))
    parser.add_argument("--game", default="foxglove")
    parser.add_argument("--players", type=int, default=2, help="random: seats at the table")
    parser.add_argument("--games", type=int, default=None,
                        help="random: seeded games (100); apply: sampled games (30)")
    parser.add_argument("--positions", type=int, default=3, help="mcts: positions per player count")
    parser.add_argument("--iterations", type=int, default=15, help="mcts: iterations per search")
    parser.add_argument("--count", action="store_true", help="count instructions under valgrind")
    parser.add_argument("--empty", action="store_true", help=argparse.SUPPRESS)  # start-up only
    parser.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)  # under valgrind
    args = parser.parse_args()
    if args.games is None:
        args.games = 30 if args.workload == "apply" else 100
    prepare(args)
    if args.empty:
        return
    if not args.count:
        print(f"moves hash {run_workload(args)}")
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: on Debian, apt-get install valgrind")
    argv = [a for a in sys.argv[1:] if a != "--count"] + ["--counted"]
    start_up = instructions([*argv, "--empty"])
    total = instructions(argv)
    print(f"moves hash {run_workload(args)}")
    print(f"instructions: {total / 1e6:,.1f} million in all, {start_up / 1e6:,.1f} million start-up, "
          f"{(total - start_up) / 1e6:,.1f} million the workload")


if __name__ == "__main__":
    main()
