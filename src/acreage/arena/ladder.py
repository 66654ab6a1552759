"""The bot ladder: one rating per named bot level of every game, and a sequential test for changes.

Why: ``make strength`` says whether each level beats the one below it, one match at a time. A
player (and the web page) wants one number per level on a common scale, with its uncertainty,
and a developer who changes a bot wants to know early whether the change lowered its level.

- **Playing** (:func:`schedule`, :func:`play`): for each game, paired games (``arena/paired.py``,
  each deal once with every bot in every seat) among the game's named levels and two anchors,
  ``random`` and ``greedy``. Participants are bot specs: a level whose spec is an anchor's
  (``medium`` is ``greedy`` in every game today) is one participant with both names. Bots
  without search (random, the greedy levels) play a full round robin; a search bot (MCTS), whose
  games cost 15 to 55 times more, plays the ``greedy`` anchor only, never ``random``. Rows are
  appended to one JSONL file as games finish, so a stopped run resumes.
- **Fitting** (:func:`fit`): one strength γ per participant by maximum likelihood under the
  Plackett–Luce model (a game's placement order is drawn best first, each remaining player
  chosen with probability proportional to γ; at 2 players this is Bradley–Terry), by the MM
  algorithm of Hunter (2004, *Ann. Statist.* 32:384). Ties: a tie among k players counts as
  each of the k! orders of them with weight 1/k! (at 2 players: half a win each way). Prior:
  each pair of participants that met gets ``prior`` virtual tied games (BayesElo's device), so
  a bot that never wins (``random``) keeps a finite strength.
- **Scale**: ``rating = 400 · log10(γ / γ_random)``: ``random`` is 0, and at 2 players a gap of
  D points means the stronger bot wins with probability 1 / (1 + 10^(−D/400)), as in Elo.
- **Intervals** (:func:`bootstrap`): the games are resampled with replacement (a deal's
  seat-rotated games together, within each lineup, so every resample has the ladder's design),
  refitted, and the 2.5 and 97.5 percentiles of each rating are its 95 % interval.
- **Publishing** (:func:`build`, :func:`write_json`, :func:`write_markdown`): ``arena/data/
  ladder.json`` (read by :func:`load_ladder`) and the table in ``docs/ladder.md``.
- **Sequential test** (:func:`sprt`, :func:`sprt_match`): paired games of a candidate spec
  against a level's current spec until a GSPRT decides between Elo ``elo0`` and ``elo1``.

Standard library only (no NumPy), so the web server reads the results with no extra dependency.
"""

from __future__ import annotations

import datetime
import itertools
import json
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .paired import Pairing

FORMAT = "acreage-ladder"
VERSION = 1
#: The packaged ladder (``pyproject``'s package-data ships ``data/*.json``).
LADDER_FILE = Path(__file__).parent / "data" / "ladder.json"
#: Where ``make ladder`` keeps its games (the ``strength/`` folder is not committed).
GAMES_FILE = Path("strength") / "ladder.jsonl"
#: Reference bots every game's ladder holds besides its levels; ``random`` is the zero of the scale.
ANCHORS = ("random", "greedy")
ZERO = "random"
#: Bots that search: their games are slow, so they meet the ``greedy`` anchor only.
SEARCH_BOTS = ("mcts", "beam")
#: The lines of ``docs/ladder.md`` between which :func:`write_markdown` writes the tables.
BEGIN = "<!-- ladder:begin (written by tools/ladder.py fit from arena/data/ladder.json) -->"
END = "<!-- ladder:end -->"

#: A game's result for the fit: each participant's place (1 best; equal places are a tie).
Places = Mapping[str, int]


# ---------------------------------------------------------------------------------------------
# Participants and the schedule of games


@dataclass(frozen=True)
class Participant:
    """One bot of a game's ladder: its spec (its identity) and the names that stand for it."""

    spec: str
    names: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.names[0]

    @property
    def slow(self) -> bool:
        return searches(self.spec)


def searches(spec: str) -> bool:
    """Whether the bot of ``spec`` searches (its games cost far more than a greedy bot's)."""
    return spec.partition(":")[0].strip().lower() in SEARCH_BOTS


def participants(game: str, players: int = 2) -> list[Participant]:
    """The game's ladder: ``random``, its levels weakest first, ``greedy``; one entry per spec."""
    from ..agents import resolve_spec
    from ..core.registry import game_info

    names = [ZERO, *(lv.name for lv in game_info(game).levels), *ANCHORS[1:]]
    by_spec: dict[str, list[str]] = {}
    for name in names:
        by_spec.setdefault(resolve_spec(name, game, players), []).append(name)
    return [Participant(spec, tuple(n)) for spec, n in by_spec.items()]


def lineups(parts: Sequence[Participant], size: int = 2) -> list[tuple[Participant, ...]]:
    """The lineups of ``size`` distinct participants to play: every one of bots without search;
    one with a search bot only if it holds the ``greedy`` anchor and not ``random``."""
    greedy = next((p for p in parts if ANCHORS[1] in p.names), None)
    out = []
    for combo in itertools.combinations(parts, size):
        if any(p.slow for p in combo):
            if greedy not in combo or any(ZERO in p.names for p in combo):
                continue
        out.append(combo)
    return out


def schedule(game: str, deals: int, slow_deals: int, players: int = 2,
             seed0: int = 1000) -> list[Pairing]:
    """Every game of one game's ladder at ``players`` seats (``paired.Pairing`` jobs): each lineup
    on ``deals`` deals (``slow_deals`` with a search bot), each bot in each seat of each deal."""
    from . import paired

    jobs: list[Pairing] = []
    for combo in lineups(participants(game, players), players):
        n = slow_deals if any(p.slow for p in combo) else deals
        if n > 0:
            jobs += paired.pairings(game, players, [p.spec for p in combo], n, seed0)
    return jobs


# ---------------------------------------------------------------------------------------------
# Playing (resumable)


def play_batch(jobs: list[Pairing]) -> list[dict]:
    """Play paired games in a worker (:func:`acreage.arena.backends.run_batches`' batch function)."""
    from . import paired

    return [paired.play(job) for job in jobs]


def load_games(path: str | Path) -> tuple[list[dict], int]:
    """The rows of a ladder games file and the number of unreadable (cut-off) lines skipped."""
    path = Path(path)
    if not path.exists():
        return [], 0
    rows, bad = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            bad += 1
    return rows, bad


def _done(rows: Iterable[dict]) -> set[tuple[str, str]]:
    return {(row["game"], row["key"]) for row in rows}


def play(jobs: Sequence[Pairing], out: str | Path, workers: int = 2,
         progress: Callable[[dict, int, int], None] | None = None) -> int:
    """Play the jobs not yet in ``out`` (search bots' games first, so none is left for last on
    one core), appending each row as it finishes; the number of games played now."""
    from .backends import run_batches
    from .results import open_for_append

    done = _done(load_games(out)[0])
    todo = [j for j in jobs if (j.game, j.key()) not in done]
    todo.sort(key=lambda j: not any(searches(s) for s in j.resolved))
    count = 0

    with open_for_append(out) as fh:
        def consume(rows: list[dict]) -> None:
            nonlocal count
            for row in rows:
                fh.write(json.dumps(row, separators=(",", ":")) + "\n")
                count += 1
                if progress is not None:
                    progress(row, count, len(todo))
            fh.flush()

        run_batches(play_batch, todo, consume, workers=workers, batch_size=1)
    return count


def seat_specs(row: dict) -> list[str]:
    """The bot spec in each seat of a paired row (its key names the specs it was played with)."""
    from .paired import Pairing

    resolved = tuple(row["key"].split("/", 2)[2].split("|"))
    return Pairing(row["game"], row["players"], row["deal"], row["seat_a"], resolved).seats()


def records(rows: Iterable[dict], game: str, parts: Sequence[Participant]) -> list[dict]:
    """The game's rows played by the ladder's current specs, as ``{"places", "unit", "row"}``;
    a row with a spec that no participant has now (a level changed since) is left out."""
    specs = {p.spec for p in parts}
    out = []
    for row in rows:
        if row.get("game") != game:
            continue
        seats = seat_specs(row)
        if len(set(seats)) != len(seats) or not set(seats) <= specs:
            continue
        places = dict(zip(seats, row["ranking"], strict=True))
        unit = f"{row['key'].split('/', 2)[2]}/{row['deal']}"
        out.append({"places": places, "unit": unit, "row": row})
    return out


# ---------------------------------------------------------------------------------------------
# The Plackett–Luce fit by MM (Hunter 2004)


def orders_of(places: Places) -> list[tuple[tuple[str, ...], float]]:
    """A game's placement as weighted full orders, best first: a tie among k players becomes
    each of their k! orders with weight 1/k! (two tied players: half a win each way)."""
    blocks: dict[int, list[str]] = defaultdict(list)
    for who, place in places.items():
        blocks[place].append(who)
    groups = [sorted(blocks[p]) for p in sorted(blocks)]
    weight = 1.0 / math.prod(math.factorial(len(g)) for g in groups)
    perms = [list(itertools.permutations(g)) for g in groups]
    return [(tuple(itertools.chain.from_iterable(choice)), weight) for choice in itertools.product(*perms)]


def _met(games: Iterable[Places]) -> set[tuple[str, str]]:
    """The pairs of participants that played in one game, each as (first, second) by name."""
    return {(a, b) if a < b else (b, a) for g in games for a, b in itertools.combinations(g, 2)}


def _check_connected(names: Sequence[str], pairs: Iterable[tuple[str, str]]) -> None:
    """Refuse participants in separate groups that never met, even through others: their
    strengths would have no common scale."""
    root = {n: n for n in names}

    def find(n: str) -> str:
        while root[n] != n:
            root[n] = root[root[n]]
            n = root[n]
        return n

    for a, b in pairs:
        root[find(a)] = find(b)
    groups: dict[str, list[str]] = defaultdict(list)
    for n in names:
        groups[find(n)].append(n)
    if len(groups) > 1:
        raise ValueError("the games do not connect every participant: "
                         + " / ".join(", ".join(sorted(g)) for g in groups.values()))


def aggregate(games: Iterable[Places], prior: float = 1.0,
              met: Iterable[tuple[str, str]] | None = None) -> dict[tuple[str, ...], float]:
    """Every order of the games with its total weight, plus ``prior`` virtual tied games for each
    pair that met (``met``; default the pairs of these games)."""
    games = list(games)
    total: defaultdict[tuple[str, ...], float] = defaultdict(float)
    for places in games:
        for order, w in orders_of(places):
            total[order] += w
    if prior > 0:
        for a, b in (_met(games) if met is None else met):
            total[(a, b)] += prior / 2
            total[(b, a)] += prior / 2
    return dict(total)


def mm(orders: Mapping[tuple[str, ...], float], start: Mapping[str, float] | None = None,
       tol: float = 1e-10, max_iter: int = 100_000) -> dict[str, float]:
    """Plackett–Luce strengths of weighted orders by Hunter's MM iteration (geometric mean 1):

        γ_i ← w_i / Σ_orders weight · Σ_{stages r with i still unplaced} 1 / Σ_{unplaced s} γ_s

    where ``w_i`` is the weight of the stages at which ``i`` was chosen (it was not last). Each
    step raises the likelihood; it stops when no log-strength moves by more than ``tol``."""
    names = sorted({n for order in orders for n in order})
    index = {n: i for i, n in enumerate(names)}
    data = [([index[n] for n in order], w) for order, w in orders.items()]
    wins = [0.0] * len(names)
    for order, w in data:
        for i in order[:-1]:
            wins[i] += w
    never = [names[i] for i, x in enumerate(wins) if x <= 0]
    if never:
        raise ValueError(f"{', '.join(never)} never placed above anyone: no maximum-likelihood "
                         "strength exists; fit with a prior > 0")
    gamma = [float((start or {}).get(n, 1.0)) for n in names]
    for _ in range(max_iter):
        new = [w / d for w, d in zip(wins, _denominators(data, gamma), strict=True)]
        shift = math.fsum(math.log(g) for g in new) / len(new)
        new = [g / math.exp(shift) for g in new]
        moved = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if moved < tol:
            break
    return dict(zip(names, gamma, strict=True))


def _denominators(data: list[tuple[list[int], float]], gamma: list[float]) -> list[float]:
    """Σ over orders and stages of weight / (strength still unplaced), for each participant."""
    denom = [0.0] * len(gamma)
    for order, w in data:
        m = len(order)
        left = math.fsum(gamma[i] for i in order)
        cum = 0.0
        for pos, i in enumerate(order):
            if pos < m - 1:
                cum += w / left
                left -= gamma[i]
            denom[i] += cum
    return denom


def to_ratings(strengths: Mapping[str, float], anchor: str = ZERO) -> dict[str, float]:
    """``400 · log10(γ / γ_anchor)`` (the geometric mean is 0 when ``anchor`` is not among them)."""
    base = strengths.get(anchor)
    if base is None:
        base = math.exp(math.fsum(math.log(g) for g in strengths.values()) / len(strengths))
    return {n: 400 * math.log10(g / base) for n, g in strengths.items()}


def fit(games: Iterable[Places], prior: float = 1.0, anchor: str = ZERO,
        tol: float = 1e-10) -> dict[str, float]:
    """The rating of every participant of ``games`` (each a mapping participant → place)."""
    games = list(games)
    names = sorted({n for g in games for n in g})
    met = _met(games)
    _check_connected(names, met)
    return to_ratings(mm(aggregate(games, prior, met), tol=tol), anchor)


# ---------------------------------------------------------------------------------------------
# Bootstrap intervals


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, linear between order statistics."""
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _strata(games: Sequence[Places], units: Sequence[Any]) -> list[list[list[int]]]:
    """Games grouped into units (resampled whole), and units into strata by their participants."""
    by_unit: dict[Any, list[int]] = {}
    for i, u in enumerate(units):
        by_unit.setdefault(u, []).append(i)
    strata: dict[frozenset, list[list[int]]] = defaultdict(list)
    for members in by_unit.values():
        strata[frozenset(n for i in members for n in games[i])].append(members)
    return [strata[k] for k in sorted(strata, key=sorted)]


def bootstrap_draws(games: Sequence[Places], units: Sequence[Any] | None = None, resamples: int = 200,
                    seed: int = 0, prior: float = 1.0, anchor: str = ZERO) -> list[dict[str, float]]:
    """The ratings of ``resamples`` bootstrap resamples: units of games (default: each game its
    own) drawn with replacement within each stratum (the units holding the same participants,
    i.e. one lineup, so every resample keeps the design of the games), each refitted."""
    games = list(games)
    units = list(range(len(games))) if units is None else list(units)
    if len(units) != len(games):
        raise ValueError("give one unit per game")
    met = _met(games)
    _check_connected(sorted({n for g in games for n in g}), met)
    expanded = [orders_of(g) for g in games]
    start = mm(aggregate(games, prior, met))
    strata = _strata(games, units)
    rng = random.Random(seed)
    draws = []
    for _ in range(resamples):
        total: defaultdict[tuple[str, ...], float] = defaultdict(float)
        for stratum in strata:
            for members in (rng.choice(stratum) for _ in stratum):
                for i in members:
                    for order, w in expanded[i]:
                        total[order] += w
        for a, b in met:
            total[(a, b)] += prior / 2
            total[(b, a)] += prior / 2
        draws.append(to_ratings(mm(total, start=start), anchor))
    return draws


def interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """The central ``level`` percentile interval of ``values``."""
    tail = (1 - level) / 2
    return percentile(values, tail), percentile(values, 1 - tail)


def bootstrap(games: Sequence[Places], units: Sequence[Any] | None = None, resamples: int = 200,
              seed: int = 0, prior: float = 1.0, anchor: str = ZERO,
              level: float = 0.95) -> dict[str, tuple[float, float]]:
    """Each participant's ``level`` interval: the percentiles of its ratings over the resamples
    of :func:`bootstrap_draws`."""
    draws = bootstrap_draws(games, units, resamples, seed, prior, anchor)
    return {n: interval([d[n] for d in draws], level) for n in draws[0]} if draws else {}


# ---------------------------------------------------------------------------------------------
# The published ladder


def elo_of_share(share: float) -> float | None:
    """The 2-player Elo gap that gives this expected score (None at 0 % or 100 %: unbounded)."""
    if not 0 < share < 1:
        return None
    return 400 * math.log10(share / (1 - share))


def _tally(recs: Sequence[dict]) -> dict[tuple[str, str], list[int]]:
    """For each pair of specs that met (by name order): first above / tied / below the second."""
    tally: dict[tuple[str, str], list[int]] = {}
    for rec in recs:
        for a, b in itertools.combinations(sorted(rec["places"]), 2):
            pa, pb = rec["places"][a], rec["places"][b]
            t = tally.setdefault((a, b), [0, 0, 0])
            t[0 if pa < pb else 1 if pa == pb else 2] += 1
    return tally


def _pairs(recs: Sequence[dict], parts: Sequence[Participant], rating: Mapping[str, float],
           draws: Sequence[Mapping[str, float]]) -> list[dict]:
    """Head-to-head records, stronger (by rating) first: how often each placed above the other;
    the fit's gap between them with its bootstrap interval; and the Elo gap that the pair's own
    record gives (the Wilson 95 % interval of the stronger one's share, ties half, as Elo; an
    end is None where that interval reaches 0 % or 100 %: the record bounds the gap on one side
    only)."""
    from .stats import wilson

    name = {p.spec: p.name for p in parts}
    found = []
    for (a, b), t in _tally(recs).items():
        if rating[b] > rating[a]:
            a, b, t = b, a, t[::-1]
        low, high = interval([d[a] - d[b] for d in draws])
        w = wilson(t[0] + t[1] / 2, sum(t))
        found.append(((-rating[a], -rating[b]), {
            "a": name[a], "b": name[b], "games": sum(t), "a_wins": t[0], "draws": t[1], "b_wins": t[2],
            "gap": round(rating[a] - rating[b], 1), "gap_low": round(low, 1), "gap_high": round(high, 1),
            "record_low": _round(elo_of_share(w["low"])), "record_high": _round(elo_of_share(w["high"]))}))
    return [entry for _, entry in sorted(found, key=lambda f: f[0])]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def _speed(recs: Sequence[dict]) -> dict[str, float]:
    """Milliseconds per real decision (more than one option) of each spec, over its games."""
    think: defaultdict[str, float] = defaultdict(float)
    decisions: Counter[str] = Counter()
    for rec in recs:
        row = rec["row"]
        for seat, spec in enumerate(seat_specs(row)):
            think[spec] += row["think"][seat]
            decisions[spec] += row["decisions"][seat]
    return {s: 1000 * think[s] / decisions[s] for s in decisions if decisions[s]}


def _entry(p: Participant, rating: float, interval: tuple[float, float], games: int, ms: float,
           levels: set[str]) -> dict[str, Any]:
    """One participant's line of the published ladder."""
    return {"name": p.name, "names": list(p.names), "levels": [n for n in p.names if n in levels],
            "anchor": any(n in ANCHORS for n in p.names), "spec": p.spec, "rating": round(rating, 1),
            "low": round(interval[0], 1), "high": round(interval[1], 1), "games": games,
            "ms_per_decision": round(ms, 1)}


def game_ladder(game: str, rows: Iterable[dict], resamples: int = 200, seed: int = 0,
                prior: float = 1.0) -> dict:
    """One game's ladder from the rows of the games file: participants (strongest first) with
    spec, rating, 95 % interval, games played and time per decision, and the head-to-head pairs."""
    from ..core.registry import game_info

    info = game_info(game)
    parts = participants(game)
    recs = records(rows, game, parts)
    base = {"title": info.title, "rules_version": str(info.state_class.rules_version),
            "games": len(recs), "players": sorted({r["row"]["players"] for r in recs})}
    if not recs:
        return {**base, "participants": [], "pairs": []}
    if resamples < 1:
        raise ValueError("the intervals need at least one bootstrap resample")
    games = [r["places"] for r in recs]
    rating = fit(games, prior)
    draws = bootstrap_draws(games, [r["unit"] for r in recs], resamples, seed, prior)
    played = Counter(n for g in games for n in g)
    speed = _speed(recs)
    levels = {lv.name for lv in info.levels}
    out = [_entry(p, rating[p.spec], interval([d[p.spec] for d in draws]), played[p.spec],
                  speed.get(p.spec, 0.0), levels)
           for p in parts if p.spec in rating]
    out.sort(key=lambda e: -e["rating"])
    return {**base, "participants": out, "pairs": _pairs(recs, parts, rating, draws)}


def build(rows: Sequence[dict], games: Sequence[str] | None = None, resamples: int = 200,
          seed: int = 0, prior: float = 1.0, date: str | None = None) -> dict:
    """The whole ladder (every game's, default every registered game) with what produced it."""
    import acreage

    from ..core.registry import games as all_games

    names = list(games) if games else [info.name for info in all_games()]
    ladders = {g: game_ladder(g, rows, resamples, seed, prior) for g in names}
    return {
        "format": FORMAT,
        "version": VERSION,
        "engine_version": acreage.__version__,
        "date": date or datetime.date.today().isoformat(),
        "games_total": sum(lad["games"] for lad in ladders.values()),
        "method": {
            "model": "Plackett–Luce (Bradley–Terry at 2 players), batch maximum likelihood "
                     "by MM (Hunter 2004)",
            "ties": "a tie among k players counts as each of their k! orders with weight 1/k!",
            "prior": f"{prior:g} virtual tied game(s) per pair of participants that met",
            "scale": f"400·log10(γ/γ_{ZERO}); {ZERO} = 0",
            "interval": f"95 % bootstrap percentile interval, {resamples} resamples of deals within "
                        f"each lineup (seed {seed})",
            "resamples": resamples,
        },
        "games": ladders,
    }


def write_json(data: dict, path: str | Path = LADDER_FILE) -> Path:
    """Write the ladder as JSON (the folder is created)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def load_ladder(path: str | Path | None = None) -> dict:
    """The published ladder (default the packaged ``arena/data/ladder.json``). Without the file:
    an empty ladder (no games) whose ``message`` says how to make one, so a page can show it."""
    path = Path(path) if path is not None else LADDER_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"format": FORMAT, "version": VERSION, "engine_version": None, "date": None,
                "games_total": 0, "method": {}, "games": {},
                "message": f"no bot ladder has been published ({path.name} is missing); "
                           "`make ladder` plays the games and writes it"}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not an {FORMAT} file")
    return data


def _span(low: float | None, high: float | None) -> str:
    """An interval in words: "a to b", "at least a", "at most b"."""
    if low is not None and high is not None:
        return f"{low:.0f} to {high:.0f}"
    if low is not None:
        return f"at least {low:.0f}"
    return f"at most {high:.0f}" if high is not None else "–"


def _game_markdown(lad: dict) -> list[str]:
    """One game's tables: participants strongest first, then the pairs that met."""
    lines = [f"### {lad['title']}", "",
             f"{lad['games']} games (rules version {lad['rules_version']}, "
             f"{', '.join(map(str, lad['players'])) or '–'} players).", "",
             "| bot | spec | rating | 95 % interval | games | ms a decision |",
             "|---|---|---|---|---|---|"]
    for e in lad["participants"]:
        lines.append(f"| {' = '.join(e['names'])} | `{e['spec']}` | {e['rating']:.0f} | "
                     f"{_span(e['low'], e['high'])} | {e['games']} | {e['ms_per_decision']:.0f} |")
    lines += ["", "| stronger – weaker | games | above / tied / below | gap (fit, 95 % interval) | "
              "gap by this pair's record alone (95 %) |", "|---|---|---|---|---|"]
    unbeaten = []
    for p in lad["pairs"]:
        lines.append(f"| {p['a']} – {p['b']} | {p['games']} | {p['a_wins']} / {p['draws']} / {p['b_wins']} | "
                     f"{p['gap']:.0f} ({_span(p['gap_low'], p['gap_high'])}) | "
                     f"{_span(p['record_low'], p['record_high'])} |")
        if p["b_wins"] == 0 and p["draws"] == 0:
            unbeaten.append(f"{p['b']} never placed above {p['a']} ({p['games']} games)")
    if unbeaten:
        text = "; ".join(unbeaten)
        lines += ["", f"{text[0].upper()}{text[1:]}: where one side never won, the fit's gap rests "
                  "on the prior (one virtual tied game per pair) and its interval does not show how "
                  "far apart the two may be; the pair's record says only that the gap is at least "
                  "the figure in its last column."]
    return lines + [""]


def markdown(data: dict) -> str:
    """The ladder's tables in Markdown, one section per game."""
    lines = [f"Engine {data['engine_version']}, fitted {data['date']} from {data['games_total']} games "
             f"({data['method'].get('interval', '')}).", ""]
    for lad in data["games"].values():
        lines += _game_markdown(lad)
    return "\n".join(lines).rstrip() + "\n"


def write_markdown(data: dict, path: str | Path) -> Path:
    """Put the tables between the :data:`BEGIN` and :data:`END` lines of ``path`` (the prose
    around them is kept); a file without them gets them, with the tables, at its end."""
    path = Path(path)
    text = path.read_text(encoding="utf-8") if path.exists() else "# The bot ladder\n"
    block = f"{BEGIN}\n\n{markdown(data)}\n{END}"
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        text = head + block + rest.partition(END)[2]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# The sequential test (SPRT)


#: Games before the sequential test may decide (its variance estimate needs some games).
MIN_GAMES = 20


def elo_score(elo: float) -> float:
    """The expected score (win = 1, draw = ½) of a bot ``elo`` points above its opponent."""
    return 1 / (1 + 10 ** (-elo / 400))


def sprt(wins: float, draws: float, losses: float, elo0: float, elo1: float,
         alpha: float = 0.05, beta: float = 0.05, min_games: int = MIN_GAMES) -> dict:
    """The GSPRT of fishtest's trinomial model, H0: Elo = ``elo0`` against H1: Elo = ``elo1``.

    With N games and score s = (W + D/2) / N, its variance per game v = (W + D/4) / N − s², and
    s0, s1 the scores of ``elo0`` and ``elo1`` (:func:`elo_score`), the log-likelihood ratio is
    the normal approximation (M. Van den Bergh, "A simple GSPRT approximation")::

        LLR = N · (s1 − s0) · (2s − s0 − s1) / (2v)

    The test accepts H1 once LLR ≥ log((1 − β) / α) and H0 once LLR ≤ log(β / (1 − α)); between
    the two it goes on. As fishtest does, each count is at least 0.001, so a run of wins alone
    has a variance; but a variance estimated from a handful of games can be near zero (three
    losses in three games make the LLR about −51), so no verdict is given before ``min_games``.
    Counts are from the candidate's side."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    games = wins + draws + losses
    llr = 0.0
    score = None
    if games > 0:
        w, d, lo = (max(1e-3, float(x)) for x in (wins, draws, losses))
        n = w + d + lo
        score = (w + d / 2) / n
        var = (w + d / 4) / n - score * score
        s0, s1 = elo_score(elo0), elo_score(elo1)
        llr = n * (s1 - s0) * (2 * score - s0 - s1) / (2 * var)
    verdict = "continue"
    if games >= min_games:
        verdict = "H1" if llr >= upper else "H0" if llr <= lower else "continue"
    elo = None
    if score is not None and 0 < score < 1:
        elo = -400 * math.log10(1 / score - 1)
    return {"llr": llr, "lower": lower, "upper": upper, "verdict": verdict, "games": games,
            "wins": wins, "draws": draws, "losses": losses, "score": score, "elo": elo,
            "elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta}


def expected_games(elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> float:
    """About how many games :func:`sprt` takes when the truth is ``elo1`` (Wald's approximation,
    no draws): ((1 − β)·log((1 − β)/α) + β·log(β/(1 − α))) / drift, the drift per game being
    (s1 − s0)² / (2 s1 (1 − s1)). At ``elo0`` it is about the same with α and β swapped."""
    s0, s1 = elo_score(elo0), elo_score(elo1)
    drift = (s1 - s0) ** 2 / (2 * s1 * (1 - s1))
    return ((1 - beta) * math.log((1 - beta) / alpha) + beta * math.log(beta / (1 - alpha))) / drift


def outcome(row: dict) -> str:
    """``"W"``, ``"D"`` or ``"L"``: bot A's (the candidate's) result in a paired 2-player row."""
    a = row["seat_a"]
    mine, other = row["ranking"][a], row["ranking"][1 - a]
    return "W" if mine < other else "D" if mine == other else "L"


class _Decided(Exception):
    """Raised by the consumer of games to stop the pool once the test has decided."""


def sprt_match(game: str, level: str, candidate: str, elo0: float = -10.0, elo1: float = 0.0,
               alpha: float = 0.05, beta: float = 0.05, max_games: int = 2000, workers: int = 2,
               out: str | Path | None = None, seed0: int = 1000,
               progress: Callable[[dict], None] | None = None, min_games: int = MIN_GAMES) -> dict:
    """Paired 2-player games of ``candidate`` against the level's current spec, a deal (both
    seats) at a time, until :func:`sprt` decides or ``max_games`` are played. Rows go to ``out``
    (if given); a rerun with the same specs counts them and continues."""
    from . import paired
    from .backends import run_batches
    from .results import open_for_append

    jobs = paired.pairings(game, 2, [candidate, level], math.ceil(max_games / 2), seed0)
    rows = paired.current(load_games(out)[0], game, 2, [candidate, level]) if out else []
    done = {row["key"] for row in rows}
    tally = Counter(outcome(row) for row in rows)
    test = sprt(tally["W"], tally["D"], tally["L"], elo0, elo1, alpha, beta, min_games)
    todo = [j for j in jobs if j.key() not in done]
    handle = open_for_append(out) if out else None

    def consume(batch: list[dict]) -> None:
        nonlocal test
        for row in batch:
            tally[outcome(row)] += 1
            if handle is not None:
                handle.write(json.dumps(row, separators=(",", ":")) + "\n")
        if handle is not None:
            handle.flush()
        test = sprt(tally["W"], tally["D"], tally["L"], elo0, elo1, alpha, beta, min_games)
        if progress is not None:
            progress(test)
        if test["verdict"] != "continue":
            raise _Decided

    try:
        if test["verdict"] == "continue":
            run_batches(play_batch, todo, consume, workers=workers, batch_size=2)
    except _Decided:
        pass
    finally:
        if handle is not None:
            handle.close()
    return {**test, "game": game, "level": level, "candidate": candidate,
            "specs": list(jobs[0].resolved), "max_games": max_games}
