"""``bench/fit_oracle_value.py``: sibling groups at round starts, found and labelled by the
perfect-information per-town beam (bench tooling for the value; FF-RND-1: round structure,
FF-SOLO-10: solo scoring)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("numpy")

_BENCH = Path(__file__).resolve().parents[1] / "bench"
_spec = importlib.util.spec_from_file_location("fit_oracle_value", _BENCH / "fit_oracle_value.py")
fit_oracle_value = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit_oracle_value)


@pytest.fixture(scope="module")
def round_2_towns():
    return fit_oracle_value.round_start_towns(5, 4212, width=3, per_town=1, rounds=(2,))


def test_towns_are_distinct_and_wait_at_the_rounds_first_construction_decision_FF_RND_1(round_2_towns):
    from acreage.games.foxglove.state import CONSTRUCTION
    from acreage.games.foxglove.value import estimate_final_score

    assert list(round_2_towns) == [2]
    towns = round_2_towns[2]
    assert len(towns) > 3  # the search kept several plans, not one town
    for state in towns:
        assert state.round == 2 and state.phase == CONSTRUCTION and not state.in_subdecision()
    assert len({fit_oracle_value.town_of(state) for state in towns}) == len(towns)
    values = [estimate_final_score(state, 0) for state in towns]
    assert values == sorted(values, reverse=True)


def test_siblings_are_the_best_towns_and_others_drawn_from_the_rest():
    towns = list(range(10))
    picked = fit_oracle_value.pick_siblings(towns, 3, 4, random.Random(1))
    assert picked[:3] == [0, 1, 2]
    assert len(set(picked)) == 7 and set(picked[3:]) <= set(range(3, 10))
    assert fit_oracle_value.pick_siblings(towns[:4], 3, 4, random.Random(1))[3:] == [3]


def test_groups_label_each_sibling_with_a_finished_games_score_FF_SOLO_10():
    groups = fit_oracle_value.play_groups((5, 4212, 2, 1, 1, 2, 1, (3,)))
    assert len(groups) == 1
    setup, seed, rnd, rows = groups[0]
    assert (setup, seed, rnd) == (5, 4212, 3)
    assert 2 <= len(rows) <= 3
    for state, label in rows:
        assert state.round == 3 and not state.is_terminal
        assert isinstance(label, int) and label >= state.points[0]
    x = fit_oracle_value.featurize(groups)
    assert x[0][2].shape[0] == len(rows) and (x[0][2][:, 2 * fit_oracle_value.WIDTH] == 1).all()


def _feature_groups(games):
    """Groups whose rows hold feature vectors (as session 30's scratch cache did), so a fit
    runs without playing: in each, the town with more banked points ends higher."""
    rng = random.Random(3)
    width = fit_oracle_value.WIDTH - 1
    out = []
    for setup, seed in games:
        rows = []
        for _ in range(4):
            features = [rng.random() for _ in range(width)]
            rows.append((features, round(60 + 20 * features[0] + rng.random())))
        out.append((setup, seed, 2, rows))
    return out


def test_cache_reads_the_old_flat_list_and_round_trips_by_game(tmp_path):
    groups = _feature_groups([(4, 1), (4, 1), (5, 2)])
    old = tmp_path / "old.pkl"
    old.write_bytes(fit_oracle_value.pickle.dumps(groups))
    games = fit_oracle_value.load_cache(old)
    assert sorted(games) == [(4, 1), (5, 2)] and len(games[(4, 1)]) == 2
    games[(6, 3)] = []  # a game that yielded no group is still remembered as played
    new = tmp_path / "new.pkl"
    fit_oracle_value.save_cache(new, games)
    assert fit_oracle_value.load_cache(new) == games
    assert not (tmp_path / "new.pkl.tmp").exists()
    assert fit_oracle_value.load_cache(tmp_path / "missing.pkl") == {}


def test_cached_games_are_not_played_again_and_only_asked_games_are_fitted(tmp_path, monkeypatch, capsys):
    cache = tmp_path / "groups.pkl"
    games = {(5, seed): _feature_groups([(5, seed)]) for seed in range(1, 9)}
    games[(4, 1)] = _feature_groups([(4, 1)])
    fit_oracle_value.save_cache(cache, games)
    out = tmp_path / "model.json"

    def refuse(*_args, **_kwargs):
        raise AssertionError("a cached game was played again")

    monkeypatch.setattr(fit_oracle_value, "Pool", refuse)
    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--setups", "5", "--seeds", "1-8",
                                     "--rounds", "2", "--cache", str(cache), "--out", str(out)])
    fit_oracle_value.main()
    printed = capsys.readouterr().out
    assert "8 of 8 games from the cache, 0 to play" in printed
    assert "8 groups: 6 to fit, 2 held out" in printed  # setup 4's game was not asked for
    model = fit_oracle_value.json.loads(out.read_text())
    prior = fit_oracle_value.start_vector("current")
    width = fit_oracle_value.WIDTH
    shipped = {rnd: [float(v) for v in prior[(rnd - 1) * width + 1:rnd * width]] for rnd in (2, 3)}
    assert model["rounds"]["3"]["weights"] == pytest.approx(shipped[3])  # only round 2 was asked
    assert model["rounds"]["2"]["weights"] != pytest.approx(shipped[2])
