"""Check (and mend) how the learned value's four rounds line up, on the bot's own solo games.

Why: the value (``games/foxglove/bots/value.py``) has one model per round, and a tree search compares
leaves from different rounds: a line that reaches the next round is judged by the next round's
model, its siblings by this round's. Only the *differences* between the rounds' levels matter to
a solo search, and nothing in the sibling fits of ``tools/fit_value.py`` pins them down well:
they are tied only by the few groups whose turns straddle a round's end, and refitting one round
(round 3, refitted by value iteration) moves its level against its neighbours.

What: the bot (``--bot``, the shipped MCTS by default) plays solo games of every setup; at each
of its top-level decisions the value's estimate is kept with the round and phase, and after the
game the residual (final score minus estimate) of each is averaged by round and phase. A model
whose rounds line up has about the same residual on both sides of a round's end: the end of one
round's transport and the start of the next round's construction are almost the same position.
The residual falling sharply across an end means the later round's model rates the same town
higher, so a search prefers lines that hurry into the next round.

The printout is the residual table and the bias shifts that make the residual continuous across
each round's end (round 4 is kept); ``--write`` adds them to ``data/value_model.json`` (or
``--out``), with the run named in the model's provenance, to be played against the shipped model
with ``tools/solo_ab.py --value-b``. Its first run (2026-12-01) found the levels jumping by 2-9
points at round ends; lining them up did not make the bot stronger (research/bots-experiments.md,
"Do the four rounds' models line up?"), so the shipped model keeps its levels and this stays a
check for the next fit.

    .venv/bin/python tools/value_levels.py --games 970000:144 --out /tmp/levels.json
    .venv/bin/python tools/solo_ab.py mcts:iterations=48 mcts:iterations=48 --value-b /tmp/levels.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from acreage.games.foxglove.bots import value  # noqa: E402
from acreage.games.foxglove.constants import CONSTRUCTION, FINAL, TRANSPORT  # noqa: E402

BOT = "mcts:iterations=48"
SETUPS = (1, 2, 3, 4, 5, 6)
PHASE_NAMES = {CONSTRUCTION: "construction", TRANSPORT: "transport", FINAL: "final transport"}


def play(job: tuple[str, int, int]) -> tuple[int, int, int, list[tuple[int, int, float]]]:
    """One solo game of ``bot``: (setup, seed, final score, [(round, phase, estimate), ...])."""
    from acreage import new_game
    from acreage.agents import make_agent

    bot, setup, seed = job
    state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    agent = make_agent(bot, seed=seed)
    rows = []
    while not state.is_terminal:
        if not state.in_subdecision():
            rows.append((state.round, state.phase, value.estimate_final_score(state, 0)))
        state.apply(agent.decide(state, 0))
    return setup, seed, state.scores()[0], rows


def residuals(games) -> dict[tuple[int, int], tuple[float, float, int]]:
    """(round, phase) -> (mean of final score minus estimate, its standard error, positions).

    The standard error treats positions as independent, which those of one game are not: read
    it as a lower bound."""
    by: dict[tuple[int, int], list[float]] = {}
    for _setup, _seed, final, rows in games:
        for rnd, phase, est in rows:
            by.setdefault((rnd, phase), []).append(final - est)
    out = {}
    for key, xs in sorted(by.items()):
        se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
        out[key] = (statistics.mean(xs), se, len(xs))
    return out


def boundary_shifts(res) -> dict[int, float]:
    """Bias shifts per round (round 4: 0) that make the residual the same at the end of each
    round's transport and at the start of the next round's construction.

    Raising a round's bias by ``s`` lowers its residual by ``s``, so going back from round 4:
    ``shift[r] = resid(r, transport) - resid(r + 1, construction) + shift[r + 1]``. A round
    without a residual on either side keeps its neighbour's shift."""
    shifts = {4: 0.0}
    for rnd in (3, 2, 1):
        end = res.get((rnd, TRANSPORT))
        start = res.get((rnd + 1, CONSTRUCTION))
        step = end[0] - start[0] if end and start else 0.0
        shifts[rnd] = step + shifts[rnd + 1]
    return shifts


def write_model(path: Path, shifts: dict[int, float], note: str) -> None:
    data = json.loads(path.read_text())
    for rnd, s in shifts.items():
        data["rounds"][str(rnd)]["bias"] += s
    data["provenance"] += " " + note
    path.write_text(json.dumps(data, indent=1) + "\n")


def _batch(text: str) -> tuple[int, int]:
    try:
        first, n = (int(x) for x in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--games takes FIRST_SEED:GAMES, not {text!r}") from None
    return first, n


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=_batch, default=(970000, 144),
                        help="FIRST_SEED:GAMES; setups cycle 1-6 over the seeds")
    parser.add_argument("--bot", default=BOT)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="shift the biases in data/value_model.json")
    parser.add_argument("--out", type=Path, help="write the shifted model here instead")
    args = parser.parse_args()
    first, n = args.games
    jobs = [(args.bot, SETUPS[i % len(SETUPS)], first + i) for i in range(n)]
    start = time.time()
    with Pool(args.workers) as pool:
        games = pool.map(play, jobs, chunksize=1)
    finals = [g[2] for g in games]
    print(f"{n} games of {args.bot} in {time.time() - start:.0f} s; mean score {statistics.mean(finals):.2f}")
    res = residuals(games)
    print("round  phase            final - estimate")
    for (rnd, phase), (mean, se, count) in res.items():
        print(f"{rnd:5d}  {PHASE_NAMES.get(phase, phase):15s}  {mean:+6.2f} ± {se:.2f}  ({count} positions)")
    shifts = boundary_shifts(res)
    print("bias shifts that line the rounds up: "
          + ", ".join(f"round {r} {s:+.2f}" for r, s in sorted(shifts.items())))
    if args.write or args.out:
        target = args.out or value.MODEL_FILE
        if args.out:
            target.write_text(value.MODEL_FILE.read_text())
        note = (f"Biases then shifted by tools/value_levels.py ({n} solo games of {args.bot}, "
                f"seeds {first}:{n}): " + ", ".join(f"round {r} {s:+.2f}" for r, s in sorted(shifts.items()))
                + ", so the residual is continuous across each round's end.")
        write_model(target, shifts, note)
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
