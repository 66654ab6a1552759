"""``tools/fit_oracle_value.py``: sibling groups at round starts, found and labelled by the
perfect-information per-town beam (bench tooling for the value; FF-RND-1: round structure,
FF-SOLO-10: solo scoring)."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

pytest.importorskip("numpy")

_TOOLS = Path(__file__).resolve().parents[2] / "tools"
_spec = importlib.util.spec_from_file_location("fit_oracle_value", _TOOLS / "fit_oracle_value.py")
fit_oracle_value = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit_oracle_value)


@pytest.fixture(scope="module")
def round_2_towns():
    return fit_oracle_value.round_start_towns(5, 4212, width=3, per_town=1, rounds=(2,))


def test_towns_are_distinct_and_wait_at_the_rounds_first_construction_decision_FF_RND_1(round_2_towns):
    from acreage.games.foxglove.bots.value import estimate_final_score
    from acreage.games.foxglove.constants import CONSTRUCTION

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


def test_a_games_line_round_trips_through_json_and_replays_each_sibling_FF_SOLO_10():
    """A dataset line keeps each sibling as actions from the game's start: replayed, it is the
    same position (same town, same features) with the same label."""
    from acreage.games.foxglove.bots import value

    job = (5, 4212, 2, 1, 1, 2, 1, (3,))
    groups = fit_oracle_value.play_groups(job)
    line = json.loads(json.dumps(fit_oracle_value.game_line(job, groups, 1.23)))
    assert (line["setup"], line["seed"], line["seconds"]) == (5, 4212, 1.2)
    assert line["settings"] == {"find_width": 2, "label_width": 1, "per_town": 1, "top": 2,
                                "extra": 1, "rounds": [3]}
    assert line["tiles"] == fit_oracle_value.tiles_hash()
    assert line["value_model"] == value.model_fingerprint()
    replayed = fit_oracle_value.groups_of_line(line)
    assert [(s, seed, rnd, len(rows)) for s, seed, rnd, rows in replayed] == \
        [(s, seed, rnd, len(rows)) for s, seed, rnd, rows in groups]
    for (_, _, _, old), (_, _, _, new) in zip(groups, replayed, strict=True):
        for (a, label_a), (b, label_b) in zip(old, new, strict=True):
            assert label_a == label_b
            assert fit_oracle_value.town_of(a) == fit_oracle_value.town_of(b)
            assert value.features(a, 0) == value.features(b, 0)


def _random_line(setup: int, seed: int, rounds=(2,)) -> dict:
    """A usable dataset line without a search: siblings are short random openings of the game,
    labelled at random, so a fit runs in a test."""
    from acreage import new_game

    rng = random.Random(seed)
    siblings = []
    for _ in range(4):
        state = new_game("foxglove", players=1, seed=seed, solo_setup=setup)
        for _step in range(rng.randrange(1, 6)):
            state.apply(rng.choice(state.legal_actions()))
        siblings.append((state, rng.randrange(50, 90)))
    job = (setup, seed, 30, 10, 2, 5, 5, rounds)
    return fit_oracle_value.game_line(job, [(setup, seed, rounds[0], siblings)], None)


def _write(path: Path, lines: list) -> None:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                            for line in lines))


def test_reading_skips_a_cut_off_line_and_names_a_bad_one(tmp_path):
    data = tmp_path / "groups.jsonl"
    good = _random_line(5, 1)
    _write(data, [good, '{"format": "acreage-oracle-gr'])
    lines, cut = fit_oracle_value.read_data(data)
    assert lines == [json.loads(json.dumps(good))] and cut == 1
    assert fit_oracle_value.read_data(tmp_path / "missing.jsonl") == ([], 0)
    _write(data, [good, {"format": "acreage-result"}])
    with pytest.raises(fit_oracle_value.DataError, match=r"groups.jsonl:2: not an acreage-oracle"):
        fit_oracle_value.read_data(data)
    _write(data, [{**good, "seed": "one"}])
    with pytest.raises(fit_oracle_value.DataError, match=r":1: field 'seed' should be int"):
        fit_oracle_value.read_data(data)
    broken = json.loads(json.dumps(good))
    broken["groups"][0]["siblings"][1]["actions"].append("build Nowhere")
    with pytest.raises(fit_oracle_value.DataError, match=r"groups\[0\]\.siblings\[1\]"):
        fit_oracle_value.groups_of_line(broken)


def test_lines_made_with_other_settings_rules_or_tiles_are_not_used():
    line = _random_line(5, 1)
    rules, tiles = line["rules_version"], fit_oracle_value.tiles_hash()
    assert fit_oracle_value.usable(line, line["settings"], rules, tiles) is None
    assert fit_oracle_value.usable(line, {**line["settings"], "top": 3}, rules, tiles) == \
        "other search settings"
    assert fit_oracle_value.usable(line, line["settings"], "0", tiles) == "another rules version"
    assert fit_oracle_value.usable(line, line["settings"], rules, "0" * 16) == "other tile data"


def test_games_in_the_dataset_are_not_played_again_and_only_asked_games_are_fitted(
        tmp_path, monkeypatch, capsys):
    data = tmp_path / "groups.jsonl"
    stale = {**_random_line(5, 9), "tiles": "0" * 16}
    _write(data, [_random_line(5, seed) for seed in range(1, 9)] + [_random_line(4, 1), stale])
    out = tmp_path / "model.json"

    def refuse(*_args, **_kwargs):
        raise AssertionError("a game in the dataset was played again")

    monkeypatch.setattr("acreage.arena.backends.run_batches", refuse)
    levelled = []

    def level_positions(model, rounds, workers, ray):
        levelled.append(rounds)
        return {}

    monkeypatch.setattr(fit_oracle_value, "level_positions", level_positions)
    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--setups", "5", "--seeds", "1-8",
                                     "--rounds", "2", "--data", str(data), "--out", str(out)])
    fit_oracle_value.main()
    printed = capsys.readouterr().out
    assert f"8 of 8 games in {data}, 0 to play" in printed
    assert "1 games in the file left out: other tile data" in printed
    assert "8 groups: 6 to fit, 2 held out" in printed  # setup 4's game was not asked for
    model = json.loads(out.read_text())
    prior = fit_oracle_value.start_vector("current")
    width = fit_oracle_value.WIDTH
    shipped = {rnd: [float(v) for v in prior[(rnd - 1) * width + 1:rnd * width]] for rnd in (2, 3)}
    assert model["rounds"]["3"]["weights"] == pytest.approx(shipped[3])  # only round 2 was asked
    assert model["rounds"]["2"]["weights"] != pytest.approx(shipped[2])
    assert levelled == [(2,)]  # the written model was levelled, on the asked round only

    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--all", "--rounds", "2",
                                     "--data", str(data)])
    fit_oracle_value.main()
    assert "9 groups: " in capsys.readouterr().out  # every usable game, setup 4's too


def test_new_games_are_appended_one_line_each(tmp_path, monkeypatch, capsys):
    data = tmp_path / "groups.jsonl"
    _write(data, [_random_line(5, 1)])
    played = []

    def fake_play(jobs):
        played.extend(job[:2] for job in jobs)
        return [_random_line(job[0], job[1]) for job in jobs]

    monkeypatch.setattr(fit_oracle_value, "play_games", fake_play)
    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--setups", "5", "--seeds", "1-3",
                                     "--rounds", "2", "--workers", "1", "--data", str(data)])
    fit_oracle_value.main()
    assert played == [(5, 2), (5, 3)]
    assert "1 of 3 games" in capsys.readouterr().out
    lines, cut = fit_oracle_value.read_data(data)
    assert [line["seed"] for line in lines] == [1, 2, 3] and cut == 0


def test_a_fair_bot_relabels_the_oracles_towns_with_its_own_scores_FF_SOLO_10(
        tmp_path, monkeypatch, capsys):
    """``--label-bot``: the towns of the oracle's lines are played on by a fair bot, and the
    lines it writes are the ones a fit with that bot uses (the oracle's are kept apart)."""
    data = tmp_path / "groups.jsonl"
    oracle_lines = [_random_line(5, seed) for seed in (1, 2)]
    _write(data, oracle_lines)
    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--setups", "5", "--seeds", "1-3",
                                     "--rounds", "2", "--workers", "1", "--data", str(data),
                                     "--label-bot", "random", "--label-runs", "2"])
    fit_oracle_value.main()
    printed = capsys.readouterr().out
    assert "1 games have no oracle line with these settings to relabel" in printed  # seed 3
    assert "0 of 3 games" in printed and "2 to play" in printed
    assert "The fair bot's labels (random) against the oracle's" in printed
    assert "setup 5:   2 groups" in printed
    lines, _ = fit_oracle_value.read_data(data)
    fair = [line for line in lines if "label_bot" in line["settings"]]
    assert [line["seed"] for line in fair] == [1, 2]
    for old, new in zip(oracle_lines, fair, strict=True):
        assert new["settings"] == {**old["settings"], "label_bot": "random", "label_runs": 2}
        for old_group, new_group in zip(old["groups"], new["groups"], strict=True):
            for a, b in zip(old_group["siblings"], new_group["siblings"], strict=True):
                assert a["actions"] == b["actions"]  # the same towns
                assert len(b["runs"]) == 2 and b["label"] == sum(b["runs"]) / 2
    # Played again with the same bot, nothing is relabelled twice.
    fit_oracle_value.main()
    assert "2 of 3 games" in capsys.readouterr().out


@pytest.mark.parametrize(("option", "message"), [
    (["--label-bot", "nosuchbot"], "--label-bot 'nosuchbot'"),
    (["--label-orders", "0"], "--label-orders must be at least 1"),
])
def test_a_bad_option_is_refused_before_any_game(tmp_path, monkeypatch, capsys, option, message):
    monkeypatch.setattr("sys.argv", ["fit_oracle_value.py", "--data", str(tmp_path / "d.jsonl"),
                                     *option])
    with pytest.raises(SystemExit):
        fit_oracle_value.main()
    assert message in capsys.readouterr().err


def test_agreement_compares_the_fair_labels_with_the_oracles_and_the_values_FF_SOLO_10():
    """``agreement``: per group, how the fair bot's labels rank the oracle's towns against the
    oracle's labels and the value, and the fair label of each one's favourite town."""
    from acreage.games.foxglove.bots.value import estimate_final_score

    oracle = _random_line(5, 1)
    fair = json.loads(json.dumps(oracle))
    labels = [60, 90, 70, 80]
    for sibling, label in zip(fair["groups"][0]["siblings"], labels, strict=True):
        sibling["label"] = label
    for sibling, label in zip(oracle["groups"][0]["siblings"], [1, 4, 2, 3], strict=True):
        sibling["label"] = label  # ranks the towns exactly as the fair labels do
    [row] = fit_oracle_value.agreement({(5, 1): fair}, {(5, 1): oracle, (5, 2): oracle})
    assert (row["setup"], row["seed"], row["round"]) == (5, 1, 2)
    assert row["corr_oracle"] == pytest.approx(1.0)
    assert row["oracle_pick"] == row["best"] == 90 and row["mean"] == 75
    assert row["oracle_mean"] == 2.5
    _, _, _, states = fit_oracle_value.groups_of_line(fair)[0]
    judged = [estimate_final_score(state, 0) for state, _ in states]
    assert row["value_pick"] == labels[judged.index(max(judged))]
    assert -1.0 <= row["corr_value"] <= 1.0


def test_keep_level_moves_only_the_bias_so_the_mean_estimate_stays_the_priors():
    """A fit on differences within groups leaves a round's bias where it was while its new
    weights move every estimate; ``keep_level`` puts the mean back where the prior had it."""
    np = pytest.importorskip("numpy")
    width = fit_oracle_value.WIDTH
    prior = fit_oracle_value.start_vector("current")
    rng = np.random.default_rng(3)
    w = prior + rng.normal(0, 0.5, prior.shape)
    x = np.zeros((7, len(prior)))
    at = width  # round 2
    x[:, at] = 1.0
    x[:, at + 1:at + width] = rng.uniform(0, 5, (7, width - 1))
    levelled, shifts = fit_oracle_value.keep_level(w, prior, {2: x})
    assert set(shifts) == {2}
    assert np.mean(x @ levelled) == pytest.approx(np.mean(x @ prior))
    assert shifts[2] == pytest.approx(np.mean(x @ prior) - np.mean(x @ w))
    moved = np.flatnonzero(levelled != w)
    assert list(moved) == [at]  # the bias of round 2, nothing else
    assert fit_oracle_value.keep_level(w, prior, {3: x[:0]})[1] == {}  # no positions: no shift


def test_level_games_are_played_with_the_model_given_and_give_rows_of_the_rounds():
    """The level games are played with the refitted model (so the positions are those a bot
    using it reaches), and every row carries a round the model has."""
    from acreage.games.foxglove.bots import value

    model = json.loads(value.MODEL_FILE.read_text())
    used = []
    real = value.use_model

    def spy(path):
        used.append(None if path is None else json.loads(Path(path).read_text()))
        real(path)

    try:
        value.use_model = spy
        rows = fit_oracle_value.level_rows([(4, 8800, json.dumps(model))])
    finally:
        value.use_model = real
    assert used == [model, None]  # the given model, then the shipped one again
    assert {rnd for rnd, _ in rows} == {1, 2, 3, 4}
    width = fit_oracle_value.WIDTH
    assert all(len(row) == 4 * width and row[(rnd - 1) * width] == 1.0 for rnd, row in rows)


def test_cross_validation_holds_each_seed_out_once_and_fits_on_the_others():
    """Leaving one seed out: every group is judged once, always by a fit that did not see its
    seed, and the pooled figures are those of the folds."""
    np = pytest.importorskip("numpy")
    width = fit_oracle_value.WIDTH
    rng = np.random.default_rng(5)
    groups = []
    for seed in (1, 2, 3):
        for rnd in (2, 3):
            x = np.zeros((4, 4 * width))
            x[:, (rnd - 1) * width] = 1.0
            x[:, (rnd - 1) * width + 1] = rng.uniform(0, 5, 4)
            groups.append((seed, rnd, x, 3.0 * x[:, (rnd - 1) * width + 1]))
    seen = []

    def fit_one(train):
        seen.append(len(train))
        w = np.zeros(4 * width)
        w[width + 1] = w[2 * width + 1] = 1.0  # orders every pair as the labels do
        return w

    out = fit_oracle_value.cross_validated(groups, fit_one)
    assert seen == [4, 4, 4]  # three folds, each fitted on the other two seeds' groups
    assert list(out) == [2, 3, 0]
    assert out[0] == (1.0, 36, 0.0)  # 6 pairs in each of the 6 groups, all right, no regret
    assert out[2][1] == out[3][1] == 18

    def reversed_fit(train):
        return -fit_one(train)

    worst = fit_oracle_value.cross_validated(groups, reversed_fit)
    assert worst[0][0] == 0.0 and worst[0][2] > 0


def test_a_line_records_the_value_model_its_search_pruned_with():
    """The oracle's labels move with the value that prunes its search, so each line names the
    model: another model file gives another fingerprint, and the shipped one its own again."""
    from acreage.games.foxglove.bots import value

    shipped = value.model_fingerprint()
    candidate = _TOOLS / "candidates" / "value_oracle_134_groups_2026-12-03.json"
    try:
        value.use_model(candidate)
        other = value.model_fingerprint()
    finally:
        value.use_model(None)
    assert other != shipped and len(other) == 16
    assert value.model_fingerprint() == shipped


def test_a_label_on_several_stack_orders_is_the_mean_of_the_own_order_and_drawn_ones_FF_SOLO_10():
    """``--label-orders``: the town's own order gives the plain label; more orders are drawn
    for it (never the real stacks again), reproducibly, and the label is their mean. Lines
    made so keep the count in their settings, and one order leaves the settings as before."""
    from acreage import new_game
    from acreage.agents import make_agent

    state = new_game("foxglove", players=1, seed=4212, solo_setup=5)
    agent = make_agent("greedy", seed=1)
    while state.round < 4:
        state.apply(agent.decide(state, 0))
    before = json.dumps(state.stacks), list(state.history)
    own = fit_oracle_value.beam(state, 1, random.Random(4212), 1)[0]
    assert fit_oracle_value.label_of(state, 1, 4212, 1) == own
    three = fit_oracle_value.label_of(state, 1, 4212, 1, orders=3, salt=7)
    assert three == fit_oracle_value.label_of(state, 1, 4212, 1, orders=3, salt=7)
    drawn = [fit_oracle_value.label_of(state.determinize(0, random.Random(4212 * 7919 + 7 * 101 + k)),
                                       1, 4212, 1) for k in (1, 2)]
    assert three == round((own + sum(drawn)) / 3, 3)
    assert (json.dumps(state.stacks), list(state.history)) == before  # the town is left as it was
    job = (5, 4212, 30, 10, 2, 5, 5, (2, 3))
    assert "label_orders" not in fit_oracle_value.settings_of(job)
    assert fit_oracle_value.settings_of(job + (1,)) == fit_oracle_value.settings_of(job)
    assert fit_oracle_value.settings_of(job + (4,))["label_orders"] == 4

