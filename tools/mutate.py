"""Mutation testing of each game's rules modules with mutmut 3 (docs/mutation.md).

    python tools/mutate.py harvest                      # run (or resume) Harvest, then report
    python tools/mutate.py all --budget-minutes 60      # every game in turn, within one hour
    python tools/mutate.py harvest --report             # only the report of what has been run
    python tools/mutate.py harvest --survivors          # the report plus every surviving mutant
    python tools/mutate.py harvest --show NAME          # the diff of one mutant
    python tools/mutate.py harvest --rerun-survivors    # test the survivors again (after new tests)
    python tools/mutate.py harvest --restats            # record test coverage again, keep verdicts
    python tools/mutate.py foxglove --rerun-survivors --match _join   # only some survivors

Each game gets its own work folder ``build/mutation/<game>/``: links to ``src/`` and ``tests/``
and a ``setup.cfg`` written from the shared ``[mutmut]`` section of the project's ``setup.cfg``,
with that game's modules as ``only_mutate`` and its tests as the test selection. mutmut keeps its
results there (``mutants/``), one verdict saved per mutant, so a run stopped by the budget resumes
where it stopped; ``--fresh`` starts the game over.
"""

from __future__ import annotations

import argparse
import configparser
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"
GAMES_DIR = "src/acreage/games"

#: The modules that implement each game's rules. Bots, encodings and planners are left out: a
#: change there does not break a rule, and their tests are strength tests, not rule tests.
RULES_MODULES: dict[str, list[str]] = {
    "harvest": ["state.py", "flow.py", "setup.py", "rounds.py", "town.py", "fields.py", "festival.py",
                "novelties.py", "cards.py", "supply.py", "gairy.py", "queries.py", "scoring.py"],
    "fields_of_green": ["state.py", "flow.py", "year.py", "water.py", "card_actions.py", "effects.py",
                        "equipment.py", "harvest.py", "farm.py", "queries.py", "scoring.py", "codec.py"],
    "foxglove": ["state.py", "flow.py", "display.py", "rounds.py", "production.py", "construction.py",
                 "payment.py", "trails.py", "transport.py", "scoring.py", "queries.py", "codec.py",
                 "goods.py", "effects.py", "topology.py", "geometry.py"],
}
#: Tests run against each game's mutants (mutmut runs, per mutant, only those that reach the
#: mutated function).
COMMON_TESTS = [
    "tests/test_core_contract.py", "tests/test_content_checks.py", "tests/test_events_contract.py",
]
#: Tests outside a game's folder that play its rules. (Foxglove's hypothesis property tests,
#: tests/test_properties.py, also reach the action-id codec, but they made each mutant of the
#: functions they touch take tens of seconds; the codec has exact tests of its own in
#: tests/foxglove instead.)
EXTRA_TESTS: dict[str, list[str]] = {
    "foxglove": ["tests/interop/test_encoding.py"],
    "fields_of_green": ["tests/test_simultaneous_choices.py"],
}

#: mutmut's verdicts (mutmut.stats.status_by_exit_code), grouped for the score.
KILLED = {"killed", "caught by type check"}
TIMEOUT = {"timeout", "segfault"}


def base_options() -> dict[str, str]:
    """The shared [mutmut] options of the project's setup.cfg (pytest flags, timeouts)."""
    parser = configparser.ConfigParser()
    parser.read(ROOT / "setup.cfg")
    if not parser.has_section("mutmut"):
        return {}
    skip = {"source_paths", "only_mutate", "pytest_add_cli_args_test_selection", "paths_to_mutate"}
    return {k: v for k, v in parser.items("mutmut") if k not in skip}


def game_options(game: str) -> dict[str, str]:
    options = base_options()
    options["source_paths"] = "\nsrc/"
    options["only_mutate"] = "".join(f"\n{GAMES_DIR}/{game}/{m}" for m in RULES_MODULES[game])
    tests = [f"tests/{game}", *COMMON_TESTS, *EXTRA_TESTS.get(game, [])]
    options["pytest_add_cli_args_test_selection"] = "".join(f"\n{t}" for t in tests)
    # the work folder is not a git checkout
    options["use_git_change_detection"] = "false"
    return options


def prepare(game: str, fresh: bool, restats: bool = False) -> Path:
    work = WORK / game
    if fresh and work.exists():
        shutil.rmtree(work)
    stats = work / "mutants" / "mutmut-stats.json"
    if restats and stats.exists():
        stats.unlink()  # mutmut records again which tests reach which function
    work.mkdir(parents=True, exist_ok=True)
    for name in ("src", "tests"):
        link = work / name
        if not link.exists():
            link.symlink_to(ROOT / name)
    parser = configparser.ConfigParser()
    parser["mutmut"] = game_options(game)
    text = f"# Written by tools/mutate.py for {game}; edit the project's setup.cfg instead.\n"
    cfg = work / "setup.cfg"
    with open(cfg, "w") as f:
        f.write(text)
        parser.write(f)
    return work


def mutmut_bin() -> str:
    here = Path(sys.executable).parent / "mutmut"
    return str(here) if here.exists() else "mutmut"


def run_game(game: str, max_children: int, deadline: float | None, fresh: bool, names: list[str],
             restats: bool = False) -> bool:
    """Run mutmut for one game; False when the budget ran out before it finished.

    mutmut keeps a verdict once given, so survivors are only tested again when named (``names``):
    the new tests are picked up (mutmut collects coverage for tests it has not seen).
    """
    work = prepare(game, fresh, restats)
    cmd = [mutmut_bin(), "run", "--max-children", str(max_children), *names]
    shown = " ".join(cmd[:5]) + (f" <{len(names)} mutants>" if names else "")
    print(f"== {game}: {shown} (in {work.relative_to(ROOT)})", flush=True)
    # ACREAGE_MUTATION_RUN: tests/conftest.py then leaves out the slow tests of bots' search
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", ACREAGE_MUTATION_RUN="1")
    proc = subprocess.Popen(cmd, cwd=work, env=env, start_new_session=True)
    try:
        while proc.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                print(f"== {game}: budget spent, stopping (the verdicts so far are kept)", flush=True)
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
                return False
            time.sleep(2)
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)
        proc.wait()
        raise
    return proc.returncode == 0


def verdicts(game: str) -> dict[str, str]:
    """Mutant name → mutmut's verdict, from the saved .meta files."""
    from mutmut.stats import status_by_exit_code

    out: dict[str, str] = {}
    for meta in sorted((WORK / game / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        for name, code in data.get("exit_code_by_key", {}).items():
            out[name] = status_by_exit_code[code]
    return out


def report(game: str, survivors: bool) -> dict[str, object]:
    found = verdicts(game)
    counts = Counter(found.values())
    killed = sum(counts[s] for s in KILLED)
    timeout = sum(counts[s] for s in TIMEOUT)
    survived = counts["survived"]
    no_tests = counts["no tests"]
    checked = killed + timeout + survived + no_tests + counts["suspicious"]
    score = 100.0 * (killed + timeout) / checked if checked else 0.0
    row = {
        "game": game, "mutants": len(found), "checked": checked, "killed": killed, "timeout": timeout,
        "survived": survived, "no_tests": no_tests, "suspicious": counts["suspicious"],
        "not_checked": counts["not checked"], "score": round(score, 1),
    }
    print(f"{game:16} mutants {len(found):5}  checked {checked:5}  killed {killed:5}  timeout {timeout:3}  "
          f"survived {survived:4}  no tests {no_tests:4}  not checked {row['not_checked']:5}  "
          f"score {score:5.1f}%")
    if survivors:
        for name, verdict in sorted(found.items()):
            if verdict in ("survived", "no tests", "suspicious"):
                print(f"    {verdict:10} {name}")
    return row


def show(game: str, name: str) -> None:
    subprocess.run([mutmut_bin(), "show", name], cwd=WORK / game, check=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=[*RULES_MODULES, "all"])
    ap.add_argument("--max-children", type=int, default=1, help="mutants tested at once (default 1)")
    ap.add_argument("--budget-minutes", type=float, default=None,
                    help="stop after this many minutes in all; a later run resumes")
    ap.add_argument("--fresh", action="store_true", help="forget the saved verdicts and start over")
    ap.add_argument("--restats", action="store_true",
                    help="forget which tests reach which function and record it again (after a change to "
                         "the test setup, such as tests/conftest.py); the verdicts are kept")
    ap.add_argument("--report", action="store_true", help="only print the saved results")
    ap.add_argument("--survivors", action="store_true", help="also list surviving mutants (implies --report)")
    ap.add_argument("--show", metavar="MUTANT", help="print one mutant's diff")
    ap.add_argument("--rerun-survivors", action="store_true",
                    help="test the surviving mutants again (e.g. after adding tests)")
    ap.add_argument("--match", action="append", default=[], metavar="TEXT",
                    help="with --rerun-survivors: only the survivors whose name contains TEXT (repeatable)")
    ap.add_argument("--json", metavar="FILE", help="also write the report rows to this file")
    args = ap.parse_args(argv)
    games = list(RULES_MODULES) if args.game == "all" else [args.game]
    if args.show:
        show(games[0], args.show)
        return 0
    if not (args.report or args.survivors):
        deadline = None if args.budget_minutes is None else time.monotonic() + 60 * args.budget_minutes
        for game in games:
            started = time.monotonic()
            names = []
            if args.rerun_survivors:
                names = [n for n, v in verdicts(game).items() if v in ("survived", "no tests")
                         and (not args.match or any(m in n for m in args.match))]
                if not names:
                    continue
            finished = run_game(game, args.max_children, deadline, args.fresh, names, args.restats)
            print(f"== {game}: {'finished' if finished else 'stopped'} after "
                  f"{(time.monotonic() - started) / 60:.1f} min", flush=True)
            if not finished and deadline is not None and time.monotonic() > deadline:
                break
    rows = [report(game, args.survivors) for game in games if (WORK / game / "mutants").exists()]
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
