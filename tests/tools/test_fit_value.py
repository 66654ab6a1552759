"""The value fit of ``tools/fit_value.py`` (FF-only tooling): its regression and its report."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

_PATH = Path(__file__).resolve().parents[2] / "tools" / "fit_value.py"
_spec = importlib.util.spec_from_file_location("fit_value", _PATH)
fit_value = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit_value)
W = fit_value.WIDTH


def _row(rnd: int, inputs: dict[int, float]) -> np.ndarray:
    x = np.zeros(4 * W)
    x[(rnd - 1) * W] = 1.0
    for i, v in inputs.items():
        x[(rnd - 1) * W + 1 + i] = v
    return x


def _groups(n: int, seed: int = 0):
    """Round-1 groups where one design count is worth 3 points and the final scores carry a
    shared per-game luck term; some groups straddle rounds 1 and 2 (a pass), where round 2 is
    worth 5 points more. Input 0 is constant within round 1 (like the banked points there)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        luck = rng.gauss(0, 10)
        xs, ys = [], []
        for _k in range(4):
            built = float(rng.random() < 0.5)
            if rng.random() < 0.25:
                xs.append(_row(2, {0: 7.0}))
                ys.append(luck + 5.0)
            else:
                xs.append(_row(1, {0: 0.02, 30: built}))
                ys.append(luck + 3.0 * built)
        out.append((1, np.array(xs), np.array(ys)))
    return out


def test_fit_recovers_a_designs_worth_and_the_gap_between_rounds():
    groups = _groups(400)
    w = fit_value.fit(groups, np.zeros(4 * W), ridge=0.01)
    assert w[1 + 30] == pytest.approx(3.0, abs=1e-3)
    level1 = w[0] + 0.02 * w[1]
    level2 = w[W] + 7.0 * w[W + 1]
    assert level2 - level1 == pytest.approx(5.0, abs=1e-3)


def test_an_input_constant_within_its_round_keeps_its_prior():
    """Round 1's constant input only duplicates the round's bias: it must not take a weight
    (a value unseen in the data would meet it at play time)."""
    prior = np.zeros(4 * W)
    prior[1] = 1.0
    w = fit_value.fit(_groups(200), prior, ridge=0.01)
    assert w[1] == 1.0


def test_ridge_pulls_toward_the_prior():
    prior = np.zeros(4 * W)
    prior[1 + 30] = 1.0
    loose = fit_value.fit(_groups(200), prior, ridge=0.01)[1 + 30]
    tight = fit_value.fit(_groups(200), prior, ridge=1e6)[1 + 30]
    assert loose == pytest.approx(3.0, abs=1e-2)
    assert tight == pytest.approx(1.0, abs=0.05)


def test_quality_counts_ordered_pairs_and_regret():
    x = np.array([_row(1, {30: 1.0}), _row(1, {30: 0.0}), _row(1, {30: 2.0})])
    y = np.array([10.0, 12.0, 11.0])
    w = np.zeros(4 * W)
    w[1 + 30] = 1.0  # prefers the third turn (11), the best scored 12
    q = fit_value.quality(w, [(1, x, y)])
    right, pairs, regret = q[1]
    assert pairs == 3 and right == pytest.approx(1 / 3)
    assert regret == pytest.approx(1.0)
    assert q[0] == q[1]


def _round_groups(n: int, seed: int = 0):
    """``round``-horizon groups: round-2 turns that build a design (input 30) or not, each
    continued to round 3, where the build shows as 1.5 units of input 5; the games go on, so
    the finals are unknown (NaN) and the targets come from the round-3 model."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        luck = rng.gauss(0, 10)
        xs, ends = [], []
        for _k in range(4):
            built = float(rng.random() < 0.5)
            xs.append(_row(2, {30: built}))
            ends.append(_row(3, {5: 1.5 * built + luck}))
        out.append((2, np.array(xs), np.full(4, np.nan), np.array(ends)))
    return out


def _round3_groups(n: int, seed: int = 1):
    """Round-3 groups that reached the end: input 5 is worth 4 points of final score."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        luck = rng.gauss(0, 10)
        xs, ys = [], []
        for _k in range(4):
            held = float(rng.randint(0, 3))
            xs.append(_row(3, {5: held}))
            ys.append(luck + 4.0 * held)
        out.append((3, np.array(xs), np.array(ys), np.zeros((4, 4 * W))))
    return out


def test_round_horizon_targets_are_the_next_rounds_value():
    """An unfinished continuation is judged by the model at its end; a finished one by its
    final score."""
    prior = np.zeros(4 * W)
    prior[2 * W + 1 + 5] = 2.0  # round 3: 2 points per unit of input 5
    (start, x, y), = fit_value.targets(_round_groups(1), prior)
    _, _, _, ends = _round_groups(1)[0]
    assert start == 2 and np.allclose(y, 2.0 * ends[:, 2 * W + 1 + 5])
    (_, _, y3), = fit_value.targets(_round3_groups(1), prior)
    assert not np.isnan(y3).any()


def test_fit_by_round_fits_the_latest_round_first_and_moves_only_the_rounds_asked():
    prior = np.zeros(4 * W)
    prior[2 * W + 1 + 5] = 2.0
    groups = _round_groups(300) + _round3_groups(300)
    only2 = fit_value.fit_by_round(groups, prior, ridge=0.01, rounds=(2,))
    assert only2[W + 1 + 30] == pytest.approx(3.0, abs=1e-2)  # 1.5 units at 2 points each
    assert only2[2 * W + 1 + 5] == 2.0  # round 3 kept the start model's weight
    both = fit_value.fit_by_round(groups, prior, ridge=0.01, rounds=(2, 3))
    assert both[2 * W + 1 + 5] == pytest.approx(4.0, abs=1e-2)  # refitted on the finals
    assert both[W + 1 + 30] == pytest.approx(6.0, abs=2e-2)  # judged by the refitted round 3


def test_round_horizon_continuations_stop_at_the_next_rounds_first_construction_decision():
    from acreage.games.foxglove.constants import CONSTRUCTION

    groups = fit_value.play_groups((3, 12, 2, (0.0, 0.0, 0.5, 0.0), "round"))
    assert groups
    for start, group in groups:
        assert start == 3
        for rnd, position, final, end in group:
            assert rnd in (3, 4) and position.round == rnd
            if end is None:  # the game ended first (not in round 3: a round 4 follows)
                assert final is not None
            else:
                assert final is None and end.round == 4 and end.phase == CONSTRUCTION
                assert fit_value._decision_point(end)


def test_designs_false_keeps_every_design_weight_at_its_prior():
    """With few groups a weight per tile design fits noise: ``designs=False`` moves only the
    base inputs (the heuristic's terms and the town's plain facts)."""
    from acreage.games.foxglove.bots import value

    assert 30 >= value.N_BASE  # input 30 of ``_groups`` is a design count
    prior = np.zeros(4 * W)
    prior[1 + 30] = 1.0
    w = fit_value.fit(_groups(200), prior, ridge=0.01, designs=False)
    assert w[1 + 30] == 1.0
    assert np.array_equal(w[1 + value.N_BASE:W], prior[1 + value.N_BASE:W])
