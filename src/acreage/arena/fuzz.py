"""Fuzzing: random games of every game, player count and main option set, checked as they go.

Each fuzzed game is described by plain data (a :class:`GameSpec`: game, players, options, the
game's seed, the seed of the random choices and whether those choices prefer acting to passing),
so any game can be played again exactly. While it is played, the checks of :class:`Checks` run
at the steps they are due (``docs/fuzz.md`` lists them and how often); the first failing check
ends that game and is returned as a replayable record (the game's record up to the failing step
plus the error), and the run goes on with the next game.

Per-game invariants come from a hook: ``conservation_errors(state) -> list[str]`` in the game
package's ``conservation`` module (an empty list when every component is where it should be).
Games without such a module are fuzzed without that check.

The work is spread with :func:`acreage.arena.backends.run_batches` (this process, a local spawn
pool or Ray); results come back as plain dictionaries.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import AcreageError
from ..core.records import load_state, read_json_file, replay
from ..core.registry import game_info, games, new_game
from .jobs import ArenaError, derive_seed

FUZZ_FORMAT = "acreage-fuzz-failure"

#: First words of notation that give up acting (passing, finishing a stage). A game played with
#: ``bias`` picks them only when nothing else is legal, which reaches fuller positions.
PASSIVE = frozenset({"pass", "done", "end", "finish", "stop", "skip"})

#: Conservation checks set here by game name (third-party games may also declare theirs as
#: ``GameInfo.conservation``).
_HOOKS: dict[str, Callable[[Any], list[str]] | None] = {}


def register_hook(game: str, hook: Callable[[Any], list[str]] | None) -> None:
    """Use ``hook(state) -> list of problems`` as the conservation check of ``game``."""
    _HOOKS[game_info(game).name] = hook


def conservation_hook(game: str) -> Callable[[Any], list[str]] | None:
    """The game's conservation check (``GameInfo.conservation``), or None where it has none."""
    info = game_info(game)
    if info.name in _HOOKS:
        return _HOOKS[info.name]
    return info.conservation


@dataclass(frozen=True)
class Checks:
    """How often each check runs (a step is one decision; ``k`` means at steps 0, k, 2k, …).

    The defaults are the tuned ones of ``make fuzz`` (see ``docs/fuzz.md``)."""

    #: Extra legal actions (besides the chosen one) applied on clones at every step.
    legal_sample: int = 2
    #: Every this many steps, every legal action is applied on a clone.
    legal_all_every: int = 16
    #: Every this many steps, the original's ``to_json`` is compared before and after the clone
    #: applications (applying to a clone must leave the original unchanged).
    clone_every: int = 1
    #: Every this many steps, a clone that played the chosen action must equal the original
    #: after it (a clone plays on exactly like its original).
    twin_every: int = 8
    #: Every this many steps (and at the last), to_json -> JSON text -> load_state.
    snapshot_every: int = 32
    #: Every this many steps, the game's conservation hook.
    conservation_every: int = 1
    #: Probability that a game prefers acting to passing (drawn per game).
    bias: float = 0.5
    #: End of game: record -> replay, determinism, scores and ranking.
    end_checks: bool = True

    @classmethod
    def full(cls) -> Checks:
        """Every check at every step (the setting used to recheck a failure)."""
        return cls(legal_sample=1 << 30, legal_all_every=1, clone_every=1, twin_every=1,
                   snapshot_every=1, conservation_every=1)


@dataclass(frozen=True)
class GameSpec:
    """One fuzzed game, completely: it plays again the same from these fields."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    choice_seed: int
    bias: bool
    config: int = 0

    def label(self) -> str:
        opts = ",".join(f"{k}={_text(v)}" for k, v in sorted(self.options.items()))
        return f"{self.game} {self.players}p" + (f" {opts}" if opts else "")


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple, set, frozenset)):
        return "+".join(str(x) for x in value)
    return str(value)


def configs(game: str) -> list[tuple[int, dict[str, Any]]]:
    """The configurations of ``game`` that change the rules (``GameInfo.variants``; every
    player count with default options when the game declares none)."""
    info = game_info(game)
    if info.variants:
        return [(players, dict(options)) for players, options in info.variants]
    return [(n, {}) for n in range(info.min_players, info.max_players + 1)]


def game_names(which: str | Iterable[str]) -> list[str]:
    """``"all"`` → every registered game; otherwise the named games (aliases allowed)."""
    if isinstance(which, str):
        if which.strip().lower() == "all":
            return [info.name for info in games()]
        which = [w for w in which.replace(";", ",").split(",") if w.strip()]
    return [game_info(w).name for w in which]


def make_specs(which: str | Iterable[str], n: int, root_seed: Any = 0, bias: float = 0.5) -> list[GameSpec]:
    """``n`` games spread round-robin over every configuration of the chosen games."""
    table = [(name, i, players, opts) for name in game_names(which)
             for i, (players, opts) in enumerate(configs(name))]
    out = []
    for g in range(n):
        name, i, players, opts = table[g % len(table)]
        seed = derive_seed(root_seed, "fuzz", name, i, g)
        choice_seed = derive_seed(root_seed, "fuzz-choices", name, i, g)
        out.append(GameSpec(name, players, dict(opts), seed, choice_seed,
                            random.Random(choice_seed).random() < bias, i))
    return out


# --------------------------------------------------------------------------- playing one game
class CheckFailed(Exception):
    """A check found a broken invariant; ``check`` names it."""

    def __init__(self, check: str, message: str, action: str | None = None) -> None:
        super().__init__(message)
        self.check = check
        self.action = action


class _Chooser:
    def __init__(self, spec: GameSpec) -> None:
        self.rng = random.Random(spec.choice_seed)
        self.bias = spec.bias
        self.passive: dict[Any, bool] = {}

    def is_passive(self, action: Any) -> bool:
        known = self.passive.get(action)
        if known is None:
            known = self.passive[action] = str(action).split(" ", 1)[0].lower() in PASSIVE
        return known

    def __call__(self, legal: list) -> Any:
        cands = legal
        if self.bias:
            cands = [a for a in legal if not self.is_passive(a)] or legal
        return cands[self.rng.randrange(len(cands))]


def _step_limit(state) -> int:
    try:
        return int(state.max_game_length) + 1
    except NotImplementedError:
        return 20000


def play_plain(spec: GameSpec) -> tuple[list[str], dict]:
    """The game ``spec`` describes, without checks: (actions' notation, final snapshot)."""
    state = new_game(spec.game, players=spec.players, seed=spec.seed, **spec.options)
    choose = _Chooser(spec)
    for _ in range(_step_limit(state)):
        if state.is_terminal:
            break
        state.apply(choose(state.legal_actions()))
    return [str(a) for a in state.history], state.to_json()


def _due(step: int, every: int) -> bool:
    return every > 0 and step % every == 0


def _snapshot_round_trip(snap: dict, legal: list | None) -> None:
    try:
        data = json.loads(json.dumps(snap))
    except (TypeError, ValueError) as exc:
        raise CheckFailed("snapshot", f"to_json is not plain JSON data: {exc}") from None
    if data != snap:
        raise CheckFailed("snapshot", "to_json changes through JSON text (tuples, non-string keys?)")
    loaded = load_state(data)
    again = loaded.to_json()
    if again != snap:
        raise CheckFailed("snapshot", "load_state(to_json()).to_json() differs: "
                          + _first_difference(snap, again))
    if legal is not None:
        mine, theirs = [str(a) for a in legal], [str(a) for a in loaded.legal_actions()]
        if mine != theirs:
            raise CheckFailed("snapshot", f"a loaded snapshot offers other legal actions: {theirs[:6]} "
                                          f"instead of {mine[:6]}")


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, e.g. ``state.players[1].coins: 3 != 4``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    text_a, text_b = repr(a), repr(b)
    return f"{path or '.'}: {text_a[:80]} != {text_b[:80]}"


def _check_conservation(hook, state) -> None:
    problems = hook(state)
    if problems:
        raise CheckFailed("conservation", "; ".join(problems))


def _check_end(state, spec: GameSpec, texts: list[str], scripted: bool) -> None:
    n = state.num_players
    if state.current_player is not None or state.legal_actions():
        raise CheckFailed("end", "a finished game still has a player to act or legal actions")
    scores, ranks, keys = state.scores(), state.ranking(), state.rank_keys()
    if len(scores) != n or len(ranks) != n or len(keys) != n:
        raise CheckFailed("scores", f"scores {scores}, ranking {ranks}, rank_keys {keys}: not one per seat")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise CheckFailed("scores", f"scores {scores} are not whole numbers")
    if state.scores() != scores:
        raise CheckFailed("scores", "scores() gives different answers on the same position")
    if min(ranks) != 1 or not all(1 <= r <= n for r in ranks):
        raise CheckFailed("scores", f"ranking {ranks} is not a set of places from 1")
    for s in range(n):
        for t in range(n):
            if keys[s] > keys[t] and not ranks[s] < ranks[t]:
                raise CheckFailed("scores", f"seat {s} has a better rank key than seat {t} "
                                            f"but ranking {ranks}")
            if keys[s] == keys[t] and ranks[s] != ranks[t]:
                raise CheckFailed("scores", f"seats {s} and {t} tie on every tie-break but ranking {ranks}")
            if scores[s] > scores[t] and not ranks[s] < ranks[t]:
                raise CheckFailed("scores", f"seat {s} scores {scores[s]} > seat {t}'s {scores[t]} "
                                            f"but ranking {ranks}")
    if state.winners() != [s for s in range(n) if ranks[s] == 1]:
        raise CheckFailed("scores", f"winners {state.winners()} disagree with ranking {ranks}")
    final = state.to_json()
    record = json.loads(json.dumps(state.record()))
    try:
        again = replay(record)
    except AcreageError as exc:
        raise CheckFailed("record", f"the game's own record does not replay: {exc}") from None
    if again.to_json() != final:
        raise CheckFailed("record", "replay(record) ends in another position: "
                          + _first_difference(final, again.to_json()))
    if json.loads(json.dumps(again.record())) != record:
        raise CheckFailed("record", "the replayed game's record differs from the original record")
    if scripted:
        other = replay(record).to_json()
        if other != final:
            raise CheckFailed("determinism", "replaying the same record twice gives two positions")
        return
    plain_texts, plain_final = play_plain(spec)
    if plain_texts != texts:
        k = next((i for i, (x, y) in enumerate(zip(plain_texts, texts, strict=False)) if x != y),
                 min(len(texts), len(plain_texts)))
        raise CheckFailed("determinism", f"the same seed and choices play differently from step {k}")
    if plain_final != final:
        raise CheckFailed("determinism", "the same seed and choices end in another position: "
                          + _first_difference(final, plain_final))


def play_checked(spec: GameSpec, checks: Checks = Checks(), script: list[str] | None = None,
                 extra_action: str | None = None) -> dict:
    """Play ``spec`` with ``checks``; return a result row (``failure`` is None if all held).

    One function: every check runs between the same two steps and reports through the same
    failure record, so the loop reads as the list of invariants it checks, in order.

    ``script``: notation of the actions to play instead of random choices (the game stops where
    it ends; end-of-game checks run only if the game is over). ``extra_action`` is then tried
    too (a failure file names the action that failed)."""
    t0 = time.process_time()  # CPU time of this game, so shared cores do not inflate it
    state = None
    texts: list[str] = []
    seats: list[int] = []
    stage = "start"
    action = None
    start_record: dict | None = None
    try:
        state = new_game(spec.game, players=spec.players, seed=spec.seed, **spec.options)
        start_record = state.record()
        hook = conservation_hook(spec.game)
        choose = _Chooser(spec)
        check_rng = random.Random(spec.choice_seed ^ 0x5DEECE66D)
        limit = _step_limit(state)
        stage = "conservation"
        if hook is not None:
            _check_conservation(hook, state)
        stage = "snapshot"
        snap = state.to_json()
        step = 0
        while not state.is_terminal:
            if step >= limit:
                raise CheckFailed("termination", f"the game did not end within {limit} decisions")
            stage, action = "legal_actions", None
            legal = state.legal_actions()
            if not legal:
                raise CheckFailed("legal_actions", "no legal action in a position that is not over")
            if script is not None:
                if step < len(script):
                    stage = "script"
                    action = state.parse_action(script[step])
                elif extra_action is not None:
                    stage = "script"
                    action, extra_action = state.parse_action(extra_action), None
                else:
                    break
            else:
                action = choose(legal)
            if snap is None:
                stage = "snapshot"
                snap = state.to_json()
            if _due(step, checks.snapshot_every):
                stage = "snapshot"
                _snapshot_round_trip(snap, legal)
            # Legal actions apply on clones.
            if _due(step, checks.legal_all_every):
                others = [a for a in legal if a != action]
            else:
                pool = [a for a in legal if a != action]
                others = check_rng.sample(pool, min(checks.legal_sample, len(pool)))
            for other in others:
                stage = "legal_apply"
                try:
                    state.clone().apply(other)
                except Exception as exc:
                    raise CheckFailed("legal_apply", f"legal action {str(other)!r} fails on a clone: "
                                      f"{type(exc).__name__}: {exc}", str(other)) from exc
            twin = None
            if _due(step, checks.twin_every):
                stage = "clone"
                twin = state.clone()
                try:
                    twin.apply(action)
                except Exception as exc:
                    raise CheckFailed("legal_apply", f"chosen action {str(action)!r} fails on a clone: "
                                      f"{type(exc).__name__}: {exc}", str(action)) from exc
            if _due(step, checks.clone_every):
                stage = "clone"
                now = state.to_json()
                if now != snap:
                    raise CheckFailed("clone", "applying legal actions to clones changed the original: "
                                      + _first_difference(snap, now))
            stage = "apply"
            seat = state.current_player
            state.apply(action)
            texts.append(str(action))
            seats.append(seat)
            step += 1
            snap = None
            if twin is not None:
                stage = "clone"
                snap = state.to_json()
                other_json = twin.to_json()
                if other_json != snap:
                    raise CheckFailed("clone", f"a clone that played {texts[-1]!r} differs from the "
                                      "original: " + _first_difference(snap, other_json))
            if hook is not None and _due(step, checks.conservation_every):
                stage = "conservation"
                _check_conservation(hook, state)
        if state.is_terminal:
            stage = "snapshot"
            _snapshot_round_trip(snap if snap is not None else state.to_json(), None)
            if checks.end_checks:
                stage = "end"
                _check_end(state, spec, texts, script is not None)
        return _row(spec, len(texts), time.process_time() - t0, None)
    except Exception as exc:  # every failure is reported; the run goes on
        check = exc.check if isinstance(exc, CheckFailed) else stage
        failed_action = exc.action if isinstance(exc, CheckFailed) and exc.action else None
        if failed_action is None and action is not None and stage in ("apply", "clone", "legal_apply"):
            failed_action = str(action)
        if isinstance(exc, CheckFailed):
            message = str(exc)
        else:
            message = f"{type(exc).__name__}: {exc}"
        failure = {
            "check": check,
            "error": message,
            "traceback": traceback.format_exc(limit=12),
            "step": len(texts),
            "action": failed_action,
        }
        if start_record is not None:
            record = dict(start_record)
        else:
            record = {"game": spec.game, "players": spec.players, "seed": spec.seed, "options": spec.options}
        record["actions"] = list(texts)
        record["seats"] = list(seats)
        failure["record"] = record
        return _row(spec, len(texts), time.process_time() - t0, failure)


def _row(spec: GameSpec, steps: int, seconds: float, failure: dict | None) -> dict:
    return {"spec": asdict(spec), "label": spec.label(), "steps": steps, "seconds": seconds,
            "failure": failure}


def fuzz_batch(items: list[tuple[dict, dict]]) -> list[dict]:
    """Batch function for :func:`acreage.arena.backends.run_batches`: (spec, checks) pairs."""
    return [play_checked(GameSpec(**spec), Checks(**checks)) for spec, checks in items]


# --------------------------------------------------------------------------- failure files
def failure_document(row: dict) -> dict:
    """A failure as a file: the game's record up to the failing step (``acreage replay`` reads
    it) plus a ``fuzz`` section with the error and everything needed to play the game again."""
    failure = row["failure"]
    doc = dict(failure["record"])
    doc["fuzz"] = {
        "format": FUZZ_FORMAT,
        "check": failure["check"],
        "error": failure["error"],
        "step": failure["step"],
        "action": failure["action"],
        "spec": row["spec"],
        "traceback": failure["traceback"],
    }
    return doc


def failure_path(out: Path, row: dict) -> Path:
    spec = row["spec"]
    return Path(out) / f"{spec['game']}-{spec['players']}p-c{spec['config']}-{spec['seed']}.json"


def write_failure(out: Path, row: dict) -> Path:
    path = failure_path(out, row)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(failure_document(row), indent=1) + "\n", encoding="utf-8")
    return path


def recheck(path: str | Path) -> dict:
    """Play a failure file again with every check at every step; the result row says whether it
    still fails (``row["failure"]``) and where."""
    doc = read_json_file(path)
    fuzz = doc.get("fuzz") if isinstance(doc, dict) else None
    if isinstance(fuzz, dict) and isinstance(fuzz.get("spec"), dict):
        spec = GameSpec(**fuzz["spec"])
    else:
        if not isinstance(doc, dict) or "game" not in doc:
            raise ArenaError(f"{path}: not a fuzz failure file or game record")
        spec = GameSpec(doc["game"], doc["players"], doc.get("options", {}), doc["seed"], 0, False)
    actions = doc.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ArenaError(f"{path}: field 'actions' should be a list of notation strings")
    extra = fuzz.get("action") if isinstance(fuzz, dict) else None
    return play_checked(spec, Checks.full(), script=actions, extra_action=extra)


# --------------------------------------------------------------------------- a whole run
@dataclass
class Summary:
    games: int = 0
    steps: int = 0
    failures: int = 0
    seconds: float = 0.0
    workers: int = 0
    by_label: dict[str, list[float]] = field(default_factory=dict)  # label -> [games, steps, secs]
    failure_files: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_seconds(self) -> float:
        """CPU time the games took, summed over workers (games / this = games/s on one core)."""
        return sum(v[2] for v in self.by_label.values())

    def add(self, row: dict, path: Path | None) -> None:
        self.games += 1
        self.steps += row["steps"]
        entry = self.by_label.setdefault(row["label"], [0, 0, 0.0])
        entry[0] += 1
        entry[1] += row["steps"]
        entry[2] += row["seconds"]
        if row["failure"] is not None:
            self.failures += 1
            if path is not None:
                self.failure_files.append(str(path))

    def as_dict(self) -> dict:
        return {"games": self.games, "steps": self.steps, "failures": self.failures,
                "seconds": round(self.seconds, 2), "games_per_second": round(self.games_per_second, 2),
                "cpu_seconds": round(self.cpu_seconds, 2),
                "workers": self.workers, "failure_files": self.failure_files,
                "by_config": {k: {"games": int(v[0]), "steps": int(v[1]), "cpu_seconds": round(v[2], 2)}
                              for k, v in sorted(self.by_label.items())}}


def run_fuzz(
    which: str | Iterable[str],
    n: int,
    root_seed: Any = 0,
    workers: int | None = 1,
    ray_address: str | None = None,
    out: str | Path | None = "fuzz-failures",
    checks: Checks = Checks(),
    on_result: Callable[[dict, Path | None], None] | None = None,
    batch_size: int | None = None,
) -> Summary:
    """Fuzz ``n`` games of the chosen games (``"all"`` or names); write each failure into ``out``
    (None: keep them only in the summary) and call ``on_result(row, failure_path)`` per game."""
    from .backends import run_batches

    if not isinstance(n, int) or n < 0:
        raise ArenaError(f"the number of games should be a whole number ≥ 0, not {n!r}")
    specs = make_specs(which, n, root_seed, checks.bias)
    plain_checks = asdict(checks)
    items = [(asdict(s), plain_checks) for s in specs]
    summary = Summary()
    t0 = time.perf_counter()

    def consume(rows: list[dict]) -> None:
        for row in rows:
            path = write_failure(Path(out), row) if row["failure"] is not None and out is not None else None
            summary.add(row, path)
            if on_result is not None:
                on_result(row, path)

    summary.workers = run_batches(fuzz_batch, items, consume, workers=workers, ray_address=ray_address,
                                  batch_size=batch_size or (1 if workers == 1 and not ray_address else None))
    summary.seconds = time.perf_counter() - t0
    return summary


__all__ = [
    "CheckFailed",
    "Checks",
    "GameSpec",
    "Summary",
    "configs",
    "conservation_hook",
    "failure_document",
    "fuzz_batch",
    "make_specs",
    "play_checked",
    "play_plain",
    "recheck",
    "register_hook",
    "run_fuzz",
    "write_failure",
]
