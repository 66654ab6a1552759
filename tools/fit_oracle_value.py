"""Refit rounds of Foxglove Farm's learned value on plans a perfect-information search finds.

Why: the value that judges the bots' lines was fitted on sibling groups from greedy games
(``tools/fit_value.py``), and greedy rarely builds the towns that score best. The per-town
perfect-information beam (2026-12-02) found the cost in setup 5: at round 2's start the value
rated a town of producers (Coal Mine, Paddock, Quarry) about 12 points below the bot's Volcano
and Foundry, and the first led the perfect-information search to 106-108, the second to 72
(research/bots-experiments.md). A fit can only correct that from data where such towns occur and
are played well.

What: for each solo game (setup, seed), sibling groups at the first construction decision of
rounds 2 and 3 (``--rounds``):

1. *Towns.* The per-town perfect-information beam of ``solo_oracle.py`` (``--find-width``,
   at most ``--per-town`` positions per town) plays from the game's start and keeps every
   distinct town that reaches one of those round starts, the low-rated plans included.
2. *Siblings.* Per round, one position per town: the ``--top`` the value rates best and
   ``--extra`` more drawn at random from the rest, so the group spans the plans the value
   rates low.
3. *Labels.* Each sibling's final score under a narrower per-town beam (``--label-width``) to
   the end of the game.

Every sibling of a group faces the same stack order and is played on by the same search, so the
differences of their labels measure the plans, under perfect information for all of them. The
labels are not what a fair bot scores: the search knows the stacks and a narrow beam misses
lines. The fit (``fit_value.fit``, ridge toward the shipped model on within-group differences)
moves only the rounds asked and, unless ``--designs``, keeps the per-design weights at the
shipped model's. Held-out groups (the last quarter of the seeds) report how often two siblings
are ordered as their labels are, and the regret. Differences within a group do not fix a round's
bias, so before ``--out`` writes the model each refitted round's bias is moved to keep the
previous model's mean estimate over the positions of 18 greedy games played with the fit
(``keep_level``; MCTS compares leaves of different rounds). The 38-group refit (2026-12-02) made
that shift by hand; this step reproduces its shipped biases to within 0.06 points.

The games go to a dataset, ``tools/data/oracle_groups.jsonl`` by default (``--data``): one
JSON line per game, appended as soon as it finishes, with each sibling stored as the actions
that reach it from the game's start and its label. A game already in the file is not played
again, so a stopped run resumes and the dataset grows from run to run and machine to machine.
A line records the search settings, the rules version and a hash of ``tiles.toml``; lines made
otherwise are left out of a fit (and counted), since their labels may no longer hold.

``--label-bot SPEC`` labels the same towns again, by what a fair bot scores when it plays each
of them to the end (``--label-runs`` games each, the agent seeds shared within a game); those
lines sit beside the oracle's in the file and are what a fit with that bot uses. After
relabelling, the tool prints how the two kinds of label agree (``agreement``): their
correlation within each group, and what the fair bot scored from the town that the oracle's
labels, the value and its own labels rate best. An earlier reading (2026-12-02) took the
oracle's labels as what only play that knows the stacks makes of a town; in setups 4 and 5 (the
38-group refit's entry, the same day) the fair bot's labels correlated 0.82 with them, and it
scored from the towns what the oracle's label search did. Relabelling a game plays its 20
siblings (10 per round start) on to the end, per run.

``--label-orders K`` labels each town on its own stack order and on K - 1 orders drawn for it,
and keeps their mean (``label_of``): a label on one order carries that order's luck, which no
fair judge can foresee (2026-12-03: two orders ranked the same towns alike in about three pairs
of four). Such lines form their own part of the dataset. ``--cv`` judges each fit leaving one
seed out at a time, so every group is held out once, and also on the groups it was fitted on:
what the value's inputs can do at best on these labels. Each line records the fingerprint of
the value model its search pruned with (``value_model``), since the labels move with it
(2026-12-03: the same towns searched again under the 72-group model moved by 4.6 points a town,
standard deviation over 220; lines made before that date do not record it).

    # about 4 minutes of CPU a game at the defaults (median; 2 to 16; setups 4-6, 2026-12-02)
    .venv/bin/python tools/fit_oracle_value.py --setups 1,2,3,4,5,6 --seeds 7101-7140
    # the same on a Ray cluster (acreage installed on its nodes; this folder is shipped)
    .venv/bin/python tools/fit_oracle_value.py --setups 1,2,3,4,5,6 --seeds 7101-9100 --ray auto
    # the same towns labelled by what the fair bot itself scores from them (2 games each)
    .venv/bin/python tools/fit_oracle_value.py --setups 1,2,3,4,5,6 --seeds 7101-7140 \\
        --label-bot beam:ms=1000,clock=1 --label-runs 2 --ray auto
    # fit on everything in the dataset and try the model in the fair beam
    .venv/bin/python tools/fit_oracle_value.py --all --ridge 100,300 --out /tmp/oracle_value.json
    .venv/bin/python tools/solo_ab.py beam beam --value-b /tmp/oracle_value.json

The first oracle-labelled refit (research/bots-experiments.md, 2026-12-02) fitted rounds 2 and 3 on
52 groups from 26 games of setups 4-6 (a scratch version of this tool, same widths): held out,
the pairs of round-2 siblings ordered right rose from 70 % to 78 %. In play the fair beam
gained 3.4 +- 2.9 and 6.1 +- 2.4 points a game against two runs of the shipped model (setups
4-6, 23 games), while a first fit on half the data lost 1.4 +- 3.0. That model is kept, not
shipped, as
``tools/candidates/value_oracle_setups_4-6_2026-12-02.json``. Needs numpy.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from acreage.games.foxglove.bots.value import model_fingerprint  # noqa: E402
from fit_value import ROUNDS, WIDTH, _row, _show, fit, quality, start_vector  # noqa: E402
from solo_ab import RAY_ENV, model_file, seed_range  # noqa: E402
from solo_oracle import _key, _setups, beam, town_of, turns, varied  # noqa: E402


def round_start_towns(setup: int, seed: int, width: int, per_town: int,
                      rounds=(2, 3)) -> dict[int, list]:
    """The distinct towns a per-town perfect-information beam brings to the first construction
    decision of each round in ``rounds``: {round: [position]}, one position per town (the one
    the value rates best), best first. The beam stops where the last round asked starts."""
    from acreage import new_game
    from acreage.agents.base import play_forced
    from acreage.games.foxglove.bots.value import estimate_final_score as judge

    last = max(rounds)
    rng = random.Random(seed)
    root = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
    play_forced(root, True)
    found: dict[int, dict[tuple, tuple[float, object]]] = {rnd: {} for rnd in rounds}
    frontier = [root]
    while frontier:
        kept: dict[tuple, tuple[float, object]] = {}
        for state in frontier:
            for child in turns(state, rng):
                if child.is_terminal:
                    continue
                value = judge(child, 0)
                if child.round != state.round and child.round in found:
                    town = town_of(child)
                    if town not in found[child.round] or value > found[child.round][town][0]:
                        found[child.round][town] = (value, child)
                key = _key(child)
                if key not in kept:
                    kept[key] = (value, child)
        ranked = varied(sorted(kept.values(), key=lambda pair: -pair[0]), per_town)
        frontier = [state for _, state in ranked if state.round < last][:width]
    return {rnd: [state for _, state in sorted(towns.values(), key=lambda pair: -pair[0])]
            for rnd, towns in found.items()}


def pick_siblings(towns: list, top: int, extra: int, rng: random.Random) -> list:
    """The ``top`` first towns (ranked best first) and ``extra`` drawn from the rest."""
    rest = towns[top:]
    return towns[:top] + rng.sample(rest, min(extra, len(rest)))


def label_of(state, width: int, seed: int, per_town: int, orders: int = 1, salt: int = 0):
    """A town's label: the final score of the perfect-information beam from it, on the game's
    own stack order and, with ``orders`` > 1, on ``orders - 1`` more orders drawn for it
    (``determinize``, seeded by ``seed`` and ``salt``), averaged (to 3 decimals).

    Why more than one: a label on one order carries that order's luck, which no fair judge can
    foresee. On 2026-12-03 the same towns searched on their own order and on one drawn order
    ordered only about three pairs in four alike (research/bots-experiments.md)."""
    scores = [beam(state, width, random.Random(seed), per_town)[0]]
    for k in range(1, orders):
        guess = state.determinize(0, random.Random(seed * 7919 + salt * 101 + k))
        scores.append(beam(guess, width, random.Random(seed), per_town)[0])
    return scores[0] if orders == 1 else round(sum(scores) / orders, 3)


def play_groups(job: tuple) -> list:
    """One game's groups: [(setup, seed, round, [(position, label)])]. The job may end with the
    number of stack orders per label (``label_of``; 1 if absent)."""
    setup, seed, find_width, label_width, per_town, top, extra, rounds, *more = job
    orders = more[0] if more else 1
    rng = random.Random(seed)
    out = []
    for rnd, towns in sorted(round_start_towns(setup, seed, find_width, per_town, rounds).items()):
        rows = []
        for i, state in enumerate(pick_siblings(towns, top, extra, rng)):
            rows.append((state, label_of(state, label_width, seed, per_town, orders, rnd * 100 + i)))
        if len(rows) > 1:
            out.append((setup, seed, rnd, rows))
    return out


# --- The dataset: one JSON line per game, its siblings stored as replayable action lists -----

DATA_FORMAT = "acreage-oracle-groups"
DATA_VERSION = 1
DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "oracle_groups.jsonl"
SETTINGS = ("find_width", "label_width", "per_town", "top", "extra", "rounds")


def settings_of(job: tuple) -> dict:
    """The search settings a game's labels depend on, as stored in its line (the number of
    stack orders only where it is more than one, so older lines keep matching)."""
    settings = dict(zip(SETTINGS, [*job[2:7], list(job[7])], strict=True))
    if len(job) > 8 and job[8] > 1:
        settings["label_orders"] = job[8]
    return settings


def tiles_hash() -> str:
    """The tile data the labels were computed with (a changed cost or slot makes them stale)."""
    from acreage.games.foxglove.bots.book import content_hash

    return content_hash()


def game_line(job: tuple, groups: list, seconds: float | None) -> dict:
    """The dataset line of one played game. Each sibling is kept as the actions that reach it
    from the game's start (``acreage.replay`` rebuilds it), so the data outlives any change of
    the value's features; the labels hold only while the rules and tile data stay the same."""
    from acreage import new_game

    setup, seed = job[0], job[1]
    start = new_game("foxglove", players=1, seed=seed, solo_setup=setup).record()
    return {
        "format": DATA_FORMAT, "version": DATA_VERSION,
        "rules_version": start["rules_version"], "tiles": tiles_hash(),
        "setup": setup, "seed": seed, "options": start["options"],
        "settings": settings_of(job), "value_model": model_fingerprint(),
        "seconds": None if seconds is None else round(seconds, 1),
        "groups": [{"round": rnd,
                    "siblings": [{"actions": [str(a) for a in state.history], "label": label}
                                 for state, label in rows]}
                   for _setup, _seed, rnd, rows in groups],
    }


def play_games(jobs: list[tuple]) -> list[dict]:
    """The batch function the pool or Ray runs: each game's dataset line."""
    lines = []
    for job in jobs:
        start = time.perf_counter()
        groups = play_groups(job)
        lines.append(game_line(job, groups, time.perf_counter() - start))
    return lines


def relabel(job: tuple) -> dict:
    """An oracle line's towns, labelled instead by what a fair bot scores from them.

    The oracle's label is what a search that knows the stacks makes of a town; this asks what
    a bot that does not know them makes of it (``agreement`` compares the two). Here each
    sibling is replayed and played to the end by the bot ``spec`` ``runs`` times, with agent
    seeds shared by the siblings of the game (so within a group only the town differs), and its
    label is the mean score. The bot works from ``determinize`` as always: the true stacks are
    in the position, and it never reads them."""
    line, spec, runs = job
    from acreage.agents import make_agent

    start = time.perf_counter()
    groups = []
    for group, (_setup, seed, rnd, rows) in zip(line["groups"], groups_of_line(line), strict=True):
        siblings = []
        for sibling, (state, _oracle_label) in zip(group["siblings"], rows, strict=True):
            scores = []
            for run in range(runs):
                game = state.clone()
                agent = make_agent(spec, seed=seed * 100 + run)
                while not game.is_terminal:
                    game.apply(agent.decide(game, 0))
                scores.append(game.scores()[0])
            siblings.append({"actions": sibling["actions"],
                             "label": round(sum(scores) / runs, 3), "runs": scores})
        groups.append({"round": rnd, "siblings": siblings})
    return {**line, "settings": {**line["settings"], "label_bot": spec, "label_runs": runs},
            "value_model": model_fingerprint(),
            "seconds": round(time.perf_counter() - start, 1), "groups": groups}


def relabel_games(jobs: list[tuple]) -> list[dict]:
    """The batch function for ``--label-bot``: each game's relabelled line."""
    return [relabel(job) for job in jobs]


def agreement(fair: dict, oracle: dict) -> list[dict]:
    """Per group of a relabelled game: the fair bot's labels against the oracle's and the value's.

    Why: a fit to the oracle's labels ordered new towns better and did not play better (session
    32). Whether the two kinds of label rank a game's towns alike, and how much a perfect
    choice among the towns would be worth to the fair bot, tell whether the labels or the
    choice are the limit. ``fair`` and ``oracle`` map (setup, seed) to a game's line; a row
    holds the correlations of the fair labels with the oracle's and with the shipped value,
    and the fair label of the town each of them rates best, the group's best and its mean."""
    from acreage.games.foxglove.bots.value import estimate_final_score

    rows = []
    for game in sorted(set(fair) & set(oracle)):
        replayed = groups_of_line(fair[game])
        for f_group, o_group, (_s, _seed, rnd, states) in zip(
                fair[game]["groups"], oracle[game]["groups"], replayed, strict=True):
            y_fair = np.array([s["label"] for s in f_group["siblings"]], float)
            y_oracle = np.array([s["label"] for s in o_group["siblings"]], float)
            judged = np.array([estimate_final_score(state, 0) for state, _ in states])
            rows.append({"setup": game[0], "seed": game[1], "round": rnd,
                         "corr_oracle": _corr(y_fair, y_oracle), "corr_value": _corr(y_fair, judged),
                         "oracle_pick": float(y_fair[y_oracle.argmax()]),
                         "value_pick": float(y_fair[judged.argmax()]),
                         "best": float(y_fair.max()), "mean": float(y_fair.mean()),
                         "oracle_mean": float(y_oracle.mean())})
    return rows


def _corr(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson correlation, 0 where either side is constant (a group of equal labels)."""
    return float(np.corrcoef(a, b)[0, 1]) if a.std() > 0 and b.std() > 0 else 0.0


def _show_agreement(rows: list[dict], spec: str) -> None:
    print(f"The fair bot's labels ({spec}) against the oracle's, by setup (groups; mean "
          "correlation with the oracle's labels and with the value; the fair label of the town "
          "the oracle's labels, the value and the fair labels themselves rate best; group mean)")
    for setup in sorted({r["setup"] for r in rows}) + [None]:
        part = [r for r in rows if setup is None or r["setup"] == setup]
        mean = {k: float(np.mean([r[k] for r in part])) for k in part[0] if k not in
                ("setup", "seed", "round")}
        print(f"  {'all' if setup is None else f'setup {setup}':>8}: {len(part):3d} groups  corr "
              f"{mean['corr_oracle']:+.2f} / {mean['corr_value']:+.2f}  picked by oracle "
              f"{mean['oracle_pick']:5.1f}, value {mean['value_pick']:5.1f}, best "
              f"{mean['best']:5.1f}; mean {mean['mean']:5.1f} (oracle's labels {mean['oracle_mean']:5.1f})")


class DataError(ValueError):
    """A dataset file that cannot be read; the message names the file, the line and the field."""


def read_data(path: Path) -> tuple[list[dict], int]:
    """The dataset's game lines and how many cut-off lines (an interrupted write) were skipped."""
    lines: list[dict] = []
    cut = 0
    if not path.exists():
        return lines, cut
    with path.open(encoding="utf-8") as fh:
        for number, text in enumerate(fh, 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                cut += 1
                continue
            where = f"{path}:{number}"
            if not isinstance(line, dict) or line.get("format") != DATA_FORMAT:
                raise DataError(f"{where}: not an {DATA_FORMAT} line; give --data a file this "
                                "tool wrote, or a new file name")
            if not isinstance(line.get("version"), int) or line["version"] > DATA_VERSION:
                raise DataError(f"{where}: version {line.get('version')!r} is not one this tool "
                                f"reads (up to {DATA_VERSION})")
            for field, kind in (("setup", int), ("seed", int), ("settings", dict),
                                ("groups", list), ("options", dict)):
                if not isinstance(line.get(field), kind):
                    raise DataError(f"{where}: field {field!r} should be {kind.__name__}, got "
                                    f"{line.get(field)!r}")
            lines.append(line)
    return lines, cut


def usable(line: dict, settings: dict, rules_version: str, tiles: str) -> str | None:
    """Why a line cannot join this fit (None if it can): other search settings, rules or tiles."""
    if line["settings"] != settings:
        return "other search settings"
    if str(line.get("rules_version")) != str(rules_version):
        return "another rules version"
    if line.get("tiles") != tiles:
        return "other tile data"
    return None


def groups_of_line(line: dict, where: str = "dataset") -> list:
    """The line's groups with each sibling replayed: [(setup, seed, round, [(state, label)])]."""
    from acreage import RecordError, replay

    base = {"format": "acreage-record", "version": 1, "game": "foxglove", "players": 1,
            "seed": line["seed"], "options": line["options"],
            "rules_version": line.get("rules_version")}
    out = []
    for g, group in enumerate(line["groups"]):
        rows = []
        for s, sibling in enumerate(group["siblings"]):
            try:
                state = replay({**base, "actions": sibling["actions"]})
            except (RecordError, KeyError, TypeError) as exc:
                raise DataError(f"{where}: setup {line['setup']} seed {line['seed']}, "
                                f"groups[{g}].siblings[{s}]: {exc}") from None
            rows.append((state, sibling["label"]))
        out.append((line["setup"], line["seed"], group["round"], rows))
    return out


def featurize(raw) -> list[tuple[int, int, np.ndarray, np.ndarray]]:
    """[(seed, round, X, labels)] in ``fit_value``'s row layout."""
    return [(seed, rnd, np.array([_row(rnd, state) for state, _ in rows]),
             np.array([label for _, label in rows], float)) for _setup, seed, rnd, rows in raw]


def cross_validated(groups, fit_one) -> dict:
    """Leave one seed out: each seed's groups judged by a fit on all the other seeds' groups,
    pooled into ``quality``'s layout ({round (0: all): (pairs ordered right, pairs, regret)}).

    Why: the default check holds out the last quarter of the seeds, 36 of 134 groups in the
    134-group refit (2026-12-03), too few to tell two fits apart by a point. Here every group
    is held out once. ``fit_one(train)`` gets ``fit``'s (round, X, labels) triples and returns
    the parameters."""
    seeds = sorted({seed for seed, *_ in groups})
    totals: dict[int, list[float]] = {}
    for held in seeds:
        train = [(rnd, x, y) for seed, rnd, x, y in groups if seed != held]
        test = [(rnd, x, y) for seed, rnd, x, y in groups if seed == held]
        for rnd, (right, pairs, regret) in quality(fit_one(train), test).items():
            n = sum(1 for r, _x, _y in test if not rnd or r == rnd)
            total = totals.setdefault(rnd, [0.0, 0, 0.0, 0])
            total[0] += right * pairs
            total[1] += pairs
            total[2] += regret * n
            total[3] += n
    return {rnd: (right / pairs, int(pairs), regret / n)
            for rnd, (right, pairs, regret, n) in sorted(totals.items(), key=lambda kv: kv[0] or 9)}


# --- The level: a fit on differences within groups cannot set a round's bias ------------------

#: The games whose positions set a refitted round's level (``keep_level``): greedy with the
#: refitted value as its judge plays each solo setup, so the level is held where bots using the
#: new model play, not on the oracle's towns (which the refit rates higher on purpose).
LEVEL_BOT = "greedy:macros=1,learned=1"
LEVEL_GAMES = tuple((setup, seed) for setup in range(1, 7) for seed in range(8800, 8803))


def level_rows(jobs: list[tuple[int, int, str]]) -> list[tuple[int, np.ndarray]]:
    """The batch function for the level games, each (setup, seed, the model file's text):
    [(round, its row in ``fit_value``'s layout)] at every position the bot decides in."""
    from acreage import new_game
    from acreage.agents import make_agent
    from acreage.games.foxglove.bots import value

    rows = []
    for setup, seed, model_text in jobs:
        with model_file(model_text) as path:
            value.use_model(Path(path))
            try:
                state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
                agent = make_agent(LEVEL_BOT, seed=seed)
                while not state.is_terminal:
                    if state.round in ROUNDS:
                        rows.append((state.round, _row(state.round, state)))
                    state.apply(agent.decide(state, 0))
            finally:
                value.use_model(None)
    return rows


def level_positions(model: dict, rounds, workers: int | None, ray: str | None
                    ) -> dict[int, np.ndarray]:
    """{round: the positions of the level games played with ``model``, as rows}."""
    from acreage.arena.backends import run_batches

    text = json.dumps(model)
    found: list[tuple[int, np.ndarray]] = []
    run_batches(level_rows, [(setup, seed, text) for setup, seed in LEVEL_GAMES], found.extend,
                workers=workers, ray_address=ray, batch_size=1, runtime_env=RAY_ENV)
    return {rnd: np.array([row for r, row in found if r == rnd]).reshape(-1, len(ROUNDS) * WIDTH)
            for rnd in rounds}


def keep_level(w: np.ndarray, prior: np.ndarray, positions: dict[int, np.ndarray]
               ) -> tuple[np.ndarray, dict[int, float]]:
    """``w`` with each round's bias moved so its mean estimate over ``positions[round]`` equals
    the prior's; returns (the weights, {round: the shift}).

    Why: ``fit`` regresses differences within a group, so a round's bias never moves, while
    new weights can raise or lower every estimate of the round (the 38-group refit of 2026-12-02
    raised rounds 2 and 3 by about 23 and 13 points). A beam compares lines at one horizon and
    does not mind; MCTS compares leaves of different rounds and does: with the raised level it
    passed at a solo game's first decision. The previous model's levels were fitted to the final
    scores of bot games, so they are kept on such games."""
    out = w.copy()
    shifts = {}
    for rnd, x in positions.items():
        if not len(x):
            continue
        shift = float(np.mean(x @ prior) - np.mean(x @ w))
        out[(rnd - 1) * WIDTH] += shift
        shifts[rnd] = shift
    return out, shifts


def model_of(w: np.ndarray, provenance: str) -> dict:
    """A model file's contents (``value_model.json``'s layout) for the parameters ``w``."""
    from acreage.games.foxglove.bots import value

    return {
        "provenance": provenance,
        "features": list(value.FEATURE_NAMES),
        "rounds": {str(rnd): {"bias": float(w[(rnd - 1) * WIDTH]),
                              "weights": [float(v) for v in w[(rnd - 1) * WIDTH + 1:rnd * WIDTH]]}
                   for rnd in ROUNDS},
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setups", type=_setups, default=[4, 5, 6], help="e.g. 4,5,6")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("7001-7040"))
    parser.add_argument("--rounds", default="2,3", help="round starts that get groups (2-4)")
    parser.add_argument("--find-width", type=int, default=30)
    parser.add_argument("--label-width", type=int, default=10)
    parser.add_argument("--per-town", type=int, default=2)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--extra", type=int, default=5)
    parser.add_argument("--label-orders", type=int, default=1,
                        help="stack orders each town is labelled on: its own and the rest drawn "
                        "(the label is their mean; a separate part of the dataset)")
    parser.add_argument("--ridge", default="100", help="per 1000 rows; several (comma-separated) "
                        "are compared on the held-out groups and the first is written")
    parser.add_argument("--designs", action="store_true", help="also refit the per-design weights")
    parser.add_argument("--cv", action="store_true", help="also judge each fit leaving one seed "
                        "out at a time (every group held out once), and on the groups it was "
                        "fitted on (what the inputs allow at best)")
    parser.add_argument("--workers", type=int, default=None,
                        help="local processes (default: every core; 1 = this process)")
    parser.add_argument("--ray", metavar="ADDRESS", help="play the games as Ray tasks: 'local', "
                        "'auto' or ray://host:port (the cluster needs acreage installed)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="the dataset: one line per game, appended as each game finishes; "
                        "games already in it are not played again (default: %(default)s)")
    parser.add_argument("--all", action="store_true", help="fit on every game in --data made "
                        "with these settings, whatever --setups and --seeds say; play none")
    parser.add_argument("--label-bot", metavar="SPEC", help="label the towns of the oracle's "
                        "games in --data by what this fair bot scores from them (e.g. "
                        "beam:ms=1000,clock=1); fit on those labels")
    parser.add_argument("--label-runs", type=int, default=1,
                        help="games the label bot plays from each town (their mean is the label)")
    parser.add_argument("--out", type=Path, help="write the refitted model here")
    args = parser.parse_args()
    try:
        rounds = tuple(sorted({int(r) for r in args.rounds.split(",") if r.strip()}))
    except ValueError:
        rounds = ()
    if not rounds or not set(rounds) <= {2, 3, 4}:
        parser.error(f"--rounds {args.rounds!r}: give round starts from 2 to 4, e.g. 2,3")
    if min(args.find_width, args.label_width, args.per_town, args.top,
           args.label_orders) < 1 or args.extra < 0:
        parser.error("widths, --per-town, --top and --label-orders must be at least 1, "
                     "--extra at least 0")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers {args.workers}: give at least 1")
    if args.label_runs < 1:
        parser.error(f"--label-runs {args.label_runs}: give at least 1")
    if args.label_bot is not None:
        from acreage.agents import make_agent

        try:
            make_agent(args.label_bot)  # a bad spec fails here, before any game is played
        except (ValueError, TypeError) as exc:
            parser.error(f"--label-bot {args.label_bot!r}: {exc}")
    try:
        ridges = [float(r) for r in args.ridge.split(",")]
    except ValueError:
        parser.error(f"--ridge {args.ridge!r}: give numbers, e.g. 100 or 100,300")

    from acreage import new_game
    from acreage.arena.backends import run_batches
    from acreage.arena.results import open_for_append

    oracle_settings = settings_of((0, 0, args.find_width, args.label_width, args.per_town,
                                   args.top, args.extra, rounds, args.label_orders))
    settings = oracle_settings if args.label_bot is None else {
        **oracle_settings, "label_bot": args.label_bot, "label_runs": args.label_runs}
    rules_version = new_game("foxglove", players=1, seed=0, solo_setup=1).rules_version
    tiles = tiles_hash()
    try:
        lines, cut = read_data(args.data)
    except (DataError, OSError) as exc:
        parser.error(str(exc))
    have: dict[tuple[int, int], dict] = {}
    oracle: dict[tuple[int, int], dict] = {}
    left_out: dict[str, int] = {}
    for line in lines:
        game = (line["setup"], line["seed"])
        why = usable(line, settings, rules_version, tiles)
        if why is None:
            have[game] = line
        elif args.label_bot is not None and not usable(line, oracle_settings, rules_version, tiles):
            oracle[game] = line  # the towns a fair bot's labels are made for
        else:
            left_out[why] = left_out.get(why, 0) + 1
    wanted = set(have) if args.all else {(setup, seed) for seed in args.seeds
                                         for setup in args.setups}
    missing = [] if args.all else [(setup, seed) for seed in args.seeds for setup in args.setups
                                   if (setup, seed) not in have]
    if args.label_bot is None:
        batch_fn = play_games
        jobs = [(setup, seed, args.find_width, args.label_width, args.per_town, args.top,
                 args.extra, rounds, args.label_orders) for setup, seed in missing]
    else:
        batch_fn = relabel_games
        jobs = [(oracle[game], args.label_bot, args.label_runs) for game in missing
                if game in oracle]
        if len(jobs) < len(missing):
            print(f"  {len(missing) - len(jobs)} games have no oracle line with these settings "
                  "to relabel: run without --label-bot first")
    print(f"{len(wanted) - len(missing)} of {len(wanted)} games in {args.data}, "
          f"{len(jobs)} to play")
    for why, count in sorted(left_out.items()):
        print(f"  {count} games in the file left out: {why}")
    if cut:
        print(f"  {cut} cut-off lines skipped (an interrupted write); those games are played again")
    if jobs:
        start = time.perf_counter()
        done = 0
        with open_for_append(args.data) as fh:

            def consume(new_lines: list[dict]) -> None:
                nonlocal done
                for line in new_lines:  # one line a game, flushed, so a stop loses little
                    fh.write(json.dumps(line, separators=(",", ":")) + "\n")
                    fh.flush()
                    have[(line["setup"], line["seed"])] = line
                done += len(new_lines)
                print(f"  {done}/{len(jobs)} games, "
                      f"{sum(len(have[g]['groups']) for g in wanted if g in have)} groups, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)

            run_batches(batch_fn, jobs, consume, workers=args.workers, ray_address=args.ray,
                        batch_size=1, runtime_env=RAY_ENV)
    if args.label_bot is not None:
        rows = agreement({g: have[g] for g in wanted if g in have}, oracle)
        if rows:
            _show_agreement(rows, args.label_bot)
    raw = [group for game in sorted(wanted) if game in have
           for group in groups_of_line(have[game], str(args.data))]
    if not raw:
        parser.error("no groups to fit: play some games (--setups, --seeds) first")
    groups = featurize(raw)
    seeds = sorted({seed for seed, *_ in groups})
    cut = seeds[int(len(seeds) * 0.75)] if len(seeds) > 1 else seeds[0] + 1
    train = [(rnd, x, y) for seed, rnd, x, y in groups if seed < cut]
    test = [(rnd, x, y) for seed, rnd, x, y in groups if seed >= cut]
    print(f"{len(groups)} groups: {len(train)} to fit, {len(test)} held out (seeds from {cut})")
    prior = start_vector("current")
    _show("shipped", quality(prior, test))
    for ridge in ridges:
        _show(f"fit, ridge {ridge:g}", quality(fit(train, prior, ridge, rounds, args.designs), test))
    if args.cv:
        everything = [(rnd, x, y) for _, rnd, x, y in groups]
        print(f"leaving one seed out ({len(seeds)} seeds, every group held out once):")
        _show("shipped, every group", quality(prior, everything))
        for ridge in ridges:
            _show(f"fit, ridge {ridge:g}", cross_validated(
                groups, lambda train, ridge=ridge: fit(train, prior, ridge, rounds, args.designs)))
            _show("  in sample", quality(fit(everything, prior, ridge, rounds, args.designs),
                                          everything))
    if args.out is None:
        return
    w = fit([(rnd, x, y) for _, rnd, x, y in groups], prior, ridges[0], rounds, args.designs)
    print(f"levelling rounds {', '.join(map(str, rounds))} on {len(LEVEL_GAMES)} games of "
          f"{LEVEL_BOT} with the refitted model")
    w, shifts = keep_level(w, prior, level_positions(model_of(w, "unlevelled fit"), rounds,
                                                     args.workers, args.ray))
    print("  bias shifts: " + ", ".join(f"round {r} {s:+.2f}" for r, s in shifts.items()))
    model = model_of(w, (
        f"rounds {', '.join(map(str, rounds))}: tools/fit_oracle_value.py; ridge {ridges[0]:g} "
        f"toward the shipped model, {'with' if args.designs else 'without'} design weights, on "
        f"{len(groups)} sibling groups of towns a perfect-information beam found, labelled "
        + ("by that beam" if args.label_bot is None else
           f"by {args.label_bot} ({args.label_runs} games each)")
        + f" (setups {sorted({g[0] for g in wanted if g in have})}, {len(seeds)} seeds). "
        "The refitted rounds' biases, which differences within a group do not fix, were then "
        "shifted (" + ", ".join(f"round {r} {s:+.2f}" for r, s in shifts.items())
        + f") so that their mean estimate over every position of {len(LEVEL_GAMES)} "
        f"{LEVEL_BOT} games played with the fit (setups 1-6, seeds {LEVEL_GAMES[0][1]}-"
        f"{LEVEL_GAMES[-1][1]}) equals the previous model's: MCTS compares leaves of "
        "different rounds. Other rounds: as shipped."))
    args.out.write_text(json.dumps(model, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
