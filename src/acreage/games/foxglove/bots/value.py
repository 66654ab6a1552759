"""A learned estimate of a seat's final Foxglove Farm score, for tree-search leaves.

Why: a tree search compares leaves from different stages of the game, and the leaves of one
node are close relatives (the same position after different turns). The hand-made heuristic
(``heuristic.py``) is built for the second job and is not calibrated for the first: on greedy
games its level drifts between rounds by about 15 points, and among the six turns it rates
best from one position it orders a pair correctly only about 58 % of the time.

What: per round, the final score is estimated as a linear function of the heuristic's own terms
(``heuristic.PART_NAMES``: banked points, engine, building money, this round's and later
rounds' processing, unused goods), a few plain facts of the town (cubes held and production
per goods type, goods makers, buildings, trails) and how many of each building design the town
has. Re-weighing the heuristic's terms, rather than fitting raw counts, keeps the context the
heuristic already encodes (wheat is worth something only where a converter can take it); the
design counts correct it where a tile is worth more or less than its terms say (played out
from setup 6's opening, a Fertile Plot gained about 7 points over the Swidden that the model
without counts preferred).

How it is fitted (``tools/fit_value.py``; coefficients in ``games/foxglove/data/value_model.json`` with their
provenance): from positions of greedy games, the turns the policy rates best are each played
out to the end with the same hidden stack order, and the differences in final score within
such a sibling group are regressed on the differences in the model's inputs, for all rounds at
once (ridge, toward the previous model). Luck and the strength of the setup cancel within a
group; fitting to raw final scores across games instead learns which setups score well, and
as a judge that made greedy 13 points weaker. A group whose turns end in different rounds (a
pass against a build) ties the rounds' levels together, so leaves from different rounds
compare.

It reads only public facts, like the heuristic.
"""

from __future__ import annotations

import hashlib
import json
from operator import mul
from pathlib import Path
from typing import Any

from ....core.caches import MadeOnce, memo_table
from ....core.errors import ContentError
from ..constants import CONSTRUCTION
from ..content import TILES
from ..goods import NUM_GOODS
from . import heuristic as _h
from . import heuristic_tables as _tables

MODEL_FILE = Path(__file__).parent.parent / "data" / "value_model.json"

#: The model's inputs, in the order ``features()`` computes them and the model file lists them.
FEATURE_NAMES = (
    *_h.PART_NAMES,
    "held_wood", "held_stone", "held_wheat", "held_coal", "held_sheep",
    "prod_wood", "prod_stone", "prod_wheat", "prod_coal", "prod_sheep",
    "makers", "buildings", "trails",
    # One count per building design: what a built tile is worth beyond the terms above, which
    # sibling comparisons measure directly (their towns differ by the tile a turn built).
    *(f"built {t.name} ({t.tier})" for t in TILES if t.tier != "start"),
)
#: The column of each design's count in ``features()`` (None for the starting tile's halves).
_COUNT_AT = tuple(
    FEATURE_NAMES.index(f"built {t.name} ({t.tier})") if t.tier != "start" else None for t in TILES)
#: How many inputs come before the per-design counts (the base inputs).
N_BASE = FEATURE_NAMES.index("trails") + 1
N_FEATURES = len(FEATURE_NAMES)
ROUNDS = ("1", "2", "3", "4")


def _load(path: Path = MODEL_FILE) -> dict[int, tuple[float, tuple[float, ...]]]:
    """Read and check the coefficients; a broken file is named with what is wrong in it.

    The file lists the inputs its weights belong to. It must have every input but the design
    counts; a design it lacks (a tile added to ``tiles.toml`` after the fit) gets weight 0, so
    that tile is judged by the heuristic's terms alone until the model is refitted. An input
    the code does not compute (a renamed tile) is refused by name."""
    try:
        data = json.loads(path.read_text())
        listed, rounds = list(data["features"]), data["rounds"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ContentError(
            f"{path}: not a value model ({exc}); refit it with tools/fit_value.py --write") from None
    known = set(FEATURE_NAMES)
    unknown = [n for n in listed if n not in known]
    missing = [n for n in FEATURE_NAMES[:N_BASE] if n not in listed]
    if unknown or missing or len(set(listed)) != len(listed):
        raise ContentError(
            f"{path}: lists features the code does not compute {unknown}, lacks {missing} "
            f"or names one twice; the code computes {list(FEATURE_NAMES)}. Rename them to "
            f"match, or refit with tools/fit_value.py --write")
    out = {}
    for key in ROUNDS:
        entry: Any = rounds.get(key) if isinstance(rounds, dict) else None
        try:
            weights = [float(w) for w in entry["weights"]]
            bias = float(entry["bias"])
        except (TypeError, KeyError, ValueError):
            raise ContentError(
                f"{path}: round {key!r} is missing or lacks numeric 'bias'/'weights'") from None
        if len(weights) != len(listed):
            raise ContentError(
                f"{path}: round {key!r} has {len(weights)} weights, expected {len(listed)}")
        by_name = dict(zip(listed, weights, strict=True))
        out[int(key)] = (bias, tuple(by_name.get(n, 0.0) for n in FEATURE_NAMES))
    return out


_SHIPPED = _load()
_MODEL = _SHIPPED


def use_model(path: Path | None) -> None:
    """Judge by the model in ``path`` from now on in this process (``None``: the shipped one).

    For experiments that compare value models (``tools/solo_ab.py --value-b``). A worker
    process plays games of several arms in turn, so each game must name its model: one left
    in place by the previous game would mix the arms. A broken file raises ``ContentError``
    and leaves the model in use unchanged."""
    global _MODEL
    _MODEL = _SHIPPED if path is None else _load(path)


def model_fingerprint() -> str:
    """A short hash of the coefficients in use (``use_model``).

    Why: searches that label data prune their lines with this value, so a label made under one
    model is not what the same search gives under the next (``tools/fit_oracle_value.py``
    records it with each game)."""
    text = json.dumps({rnd: [bias, list(weights)] for rnd, (bias, weights) in sorted(_MODEL.items())})
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _base_features(state, seat: int) -> list[float]:
    """The inputs before the per-design counts (``FEATURE_NAMES[:N_BASE]``).

    Counts are whole numbers summed exactly, so summing per goods type here gives the very
    floats a sum building by building gave (a search calls this for every position judged)."""
    kinds = state.building_tiles[seat]
    c = state.cubes[seat]
    prod_left = max(0, 4 - state.round)
    made, makers = _OUTPUT[tuple(kinds)]
    trails = len(state.cells[seat]) - len(kinds)  # every other cell holds one of the buildings
    n = NUM_GOODS  # the cubes held of each type, written out (a search asks at every judgement)
    return [*_h.evaluate_parts(state, seat),
            float(sum(c[0::n])), float(sum(c[1::n])), float(sum(c[2::n])), float(sum(c[3::n])),
            float(sum(c[4::n])), *[float(m * prod_left) for m in made], makers, float(len(kinds)),
            float(trails)]


def _output(kinds: tuple[int, ...]) -> tuple[tuple[int, ...], float]:
    """A town's goods produced per production phase, by type, and its goods makers (Kiln,
    Swidden), from its tiles (whole numbers, summed exactly)."""
    made = [0] * NUM_GOODS
    for tid in kinds:
        for g, n in enumerate(_tables.PROD_GOODS[tid]):
            made[g] += n
    return tuple(made), float(sum(1 for tid in kinds if _tables.MAKERS[tid] is not None))


#: ``_output`` per set of tiles in building order: a search judges the same towns' tiles again
#: and again, with other cubes (bounded: the towns of many games).
_OUTPUT = MadeOnce(_output, limit=4096)


def features(state, seat: int) -> list[float]:
    """The model's inputs, in the order of ``FEATURE_NAMES``."""
    out = _base_features(state, seat)
    out.extend([0.0] * (N_FEATURES - N_BASE))
    for tid in state.building_tiles[seat]:
        at = _COUNT_AT[tid]
        if at is not None:
            out[at] += 1.0
    return out


#: Per round, the model in the shape the estimate uses: (the entry of ``_MODEL`` it was made
#: from, bias, weights of the base inputs, weight per tile id).
_FAST: dict[int, tuple] = memo_table({})


def _fast(rnd: int) -> tuple:
    entry = _MODEL[rnd]
    fast = _FAST.get(rnd)
    if fast is None or fast[0] is not entry:
        bias, weights = entry
        per_tile = tuple(weights[at] if at is not None else 0.0 for at in _COUNT_AT)
        fast = _FAST[rnd] = (entry, bias, weights[:N_BASE], per_tile)
    return fast


def next_round_start(leaf):
    """The playout horizon (``GameInfo.horizon``) of a leaf: the next round's first
    construction decision, or the end of the game.

    Why: within a round the rest of construction, the transport plan and processing decide
    how many points the town's goods become, and the estimate can only guess at them from a
    position in mid-round; at the start of the next round they are banked or on the tiles.
    ``tools/fit_value.py --horizon round`` stops its round-3 targets at nearly this point (it
    counts from the sibling group's start, so a pass into the next round stops there at once;
    here that leaf plays that round too, as measured in research/bots-experiments.md)."""
    start = leaf.round

    def reached(state) -> bool:
        return state.is_terminal or (
            state.round > start and state.phase == CONSTRUCTION and not state.in_subdecision())

    return reached


def estimate_final_score(state, seat: int) -> float:
    """The expected final score of ``seat`` (exact once the game is over).

    The same sum as over ``features()``, with each built design's weight added directly."""
    if state.is_terminal:
        return float(state.points[seat])
    _entry, bias, weights, per_tile = _fast(state.round)
    total = bias + sum(map(mul, weights, _base_features(state, seat)))  # both N_BASE long
    for tid in state.building_tiles[seat]:
        total += per_tile[tid]
    return total
