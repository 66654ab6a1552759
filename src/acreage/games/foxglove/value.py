"""A learned estimate of a seat's final Foxglove Farm score, for tree-search leaves.

Why: the hand-made heuristic (``heuristic.py``) ranks positions of one stage well, which is all
greedy play needs, but it does not predict the final score early on (measured on held-out greedy
games: correlation about −0.1 in rounds 1–2, 0.3 in round 3), and a tree search compares
leaves from different stages. This module maps a few facts of the town, the heuristic among
them, to an estimate of the final score by a linear model per (round, construction or not),
fitted to greedy self-play (``bench/fit_value.py``; coefficients in ``data/value_model.json``
with their provenance; held-out correlation 0.33 / 0.45 / 0.63 / 0.79 in rounds 1–4 at
construction). It reads only public facts, like the heuristic.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.errors import ContentError
from . import heuristic as _h
from .goods import NUM_GOODS
from .state import CONSTRUCTION

MODEL_FILE = Path(__file__).parent / "data" / "value_model.json"


#: The model's inputs, in the order ``features()`` computes them and the model file lists them.
FEATURE_NAMES = (
    "points", "heuristic", "end_game_points",
    "held_wood", "held_stone", "held_wheat", "held_coal", "held_sheep",
    "prod_wood", "prod_stone", "prod_wheat", "prod_coal", "prod_sheep",
    "converter_capacity", "converter_supplied", "makers", "buildings", "trails",
)
N_FEATURES = len(FEATURE_NAMES)
BUCKETS = [f"{r}-{stage}" for r in range(1, 5) for stage in ("construction", "other")]


def _load(path: Path = MODEL_FILE) -> dict[tuple[int, bool], tuple[float, tuple[float, ...]]]:
    """Read and check the coefficients; a broken file is named with what is wrong in it."""
    try:
        data = json.loads(path.read_text())
        features_, buckets = data["features"], data["buckets"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ContentError(
            f"{path}: not a value model ({exc}); refit it with bench/fit_value.py --write") from None
    if list(features_) != list(FEATURE_NAMES):
        raise ContentError(f"{path}: lists features {features_}, the code computes {list(FEATURE_NAMES)}")
    out = {}
    for key in BUCKETS:
        entry = buckets.get(key)
        try:
            weights = tuple(float(w) for w in entry["weights"])
            bias = float(entry["bias"])
        except (TypeError, KeyError, ValueError):
            raise ContentError(
                f"{path}: bucket {key!r} is missing or lacks numeric 'bias'/'weights'") from None
        if len(weights) != N_FEATURES:
            raise ContentError(f"{path}: bucket {key!r} has {len(weights)} weights, expected {N_FEATURES}")
        rnd, _, stage = key.partition("-")
        out[(int(rnd), stage == "construction")] = (bias, weights)
    return out


_MODEL = _load()


def features(state, seat: int) -> list[float]:
    """The model's inputs, in the order of ``FEATURE_NAMES``."""
    kinds = state.kinds[seat]
    cubes = state.cubes[seat]
    bcell = state.bcell[seat]
    prod_left = max(0, 4 - state.round)
    comp = state._topology(seat).comp
    prod = [0.0] * NUM_GOODS
    held = [0.0] * NUM_GOODS
    makers = 0
    sources: dict[int, set[int]] = {}  # goods type -> trail groups holding or producing it
    for b, tid in enumerate(kinds):
        base = b * NUM_GOODS
        for g in range(NUM_GOODS):
            c = cubes[base + g]
            held[g] += c
            out = _h._PROD_GOODS[tid][g]
            prod[g] += out
            if out or c:
                sources.setdefault(g, set()).add(comp[bcell[b]])
        if _h._MAKERS[tid] is not None:
            makers += 1
    capacity = supplied = 0.0
    for b, tid in enumerate(kinds):
        for inputs, _n_in, pts, k, cap in _h._CONVS[tid]:
            total = pts * cap
            capacity += total
            group = comp[bcell[b]]
            if k:
                have = sum(1 for g in range(NUM_GOODS) if group in sources.get(g, ()))
                share = min(1.0, have / k)
            else:
                need = [g for g in range(NUM_GOODS) if inputs[g]]
                share = sum(1 for g in need if group in sources.get(g, ())) / len(need)
            supplied += total * share
    trails = sum(1 for v in state.cells[seat].values() if v < 0)
    phases = prod_left + 1
    return [float(state.points[seat]), _h.evaluate(state, seat), float(state.end_game_points(seat)),
            *held, *(p * prod_left for p in prod), capacity * phases, supplied * phases,
            float(makers), float(len(kinds)), float(trails)]


def estimate_final_score(state, seat: int) -> float:
    """The expected final score of ``seat`` (exact once the game is over)."""
    if state.is_terminal:
        return float(state.points[seat])
    bias, weights = _MODEL[(state.round, state.phase == CONSTRUCTION)]
    return bias + sum(w * x for w, x in zip(weights, features(state, seat), strict=True))
