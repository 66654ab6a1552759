"""The learned final-score estimate used by tree search (``games/foxglove/bots/value.py``)."""

from __future__ import annotations

import json
import random

import pytest

import acreage
from acreage.core.errors import ContentError
from acreage.core.registry import game_info
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.bots import trail_distance as td
from acreage.games.foxglove.bots import value


def test_registered_as_the_games_value():
    assert game_info("foxglove").value is value.estimate_final_score


def test_model_file_has_every_round_and_its_provenance():
    data = json.loads(value.MODEL_FILE.read_text())
    assert "fitted: tools/fit_value.py" in data["provenance"]  # every part says how it was made
    assert set(data["rounds"]) == set(value.ROUNDS)
    assert sorted(value._MODEL) == [1, 2, 3, 4]


def test_heuristic_parts_add_up_to_the_heuristic():
    """The learned value re-weighs the heuristic's terms, so they must be exactly its terms."""
    state = acreage.new_game("foxglove", players=2, seed=4)
    rng = random.Random(2)
    while not state.is_terminal:
        for seat in (0, 1):
            parts = value._h.evaluate_parts(state, seat)
            assert len(parts) == len(value._h.PART_NAMES)
            assert sum(parts) == pytest.approx(value._h.evaluate(state, seat), abs=1e-9)
        state.apply(rng.choice(state.legal_actions()))


def test_estimate_is_the_score_once_the_game_is_over_FF_END_3():
    """FF-END-3: at the end the estimate is the final score itself."""
    state = acreage.new_game("foxglove", players=1, seed=2, solo_setup=3)
    rng = random.Random(0)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert value.estimate_final_score(state, 0) == state.scores()[0]


def test_estimate_reads_no_hidden_order_FF_SET_8():
    """FF-SET-8: the estimate is the same whatever the order of the face-down stacks."""
    state = sc.fresh(2, seed=5)
    other = state.clone()
    for stack in other.stacks:
        random.Random(1).shuffle(stack)
    for seat in (0, 1):
        assert value.estimate_final_score(state, seat) == value.estimate_final_score(other, seat)


def test_features_count_each_building_design_in_town():
    """The per-design counts follow the town: a second seat's town, or the display, never
    counts, and the two Charcoal Kiln designs (tiers A and B) are counted apart."""
    state = acreage.new_game("foxglove", players=2, seed=4)
    rng = random.Random(5)
    built = 0.0
    while not state.is_terminal:
        for seat in (0, 1):
            f = value.features(state, seat)
            built = max(built, sum(f[value.N_BASE:]))
            assert len(f) == value.N_FEATURES
            expect = [0.0] * (value.N_FEATURES - value.N_BASE)
            for tid in state.building_tiles[seat]:
                tile = value.TILES[tid]
                if tile.tier != "start":
                    expect[value.FEATURE_NAMES.index(f"built {tile.name} ({tile.tier})") - value.N_BASE] += 1
            assert f[value.N_BASE:] == expect
            assert sum(expect) == len(state.building_tiles[seat]) - 2  # all but the Forest and the Mine
        state.apply(rng.choice(state.legal_actions()))
    assert built >= 2
    names = [n for n in value.FEATURE_NAMES if n.startswith("built Charcoal Kiln")]
    assert names == ["built Charcoal Kiln (A)", "built Charcoal Kiln (B)"]


def test_estimate_is_the_models_sum_over_its_features():
    """The estimate adds each built design's weight directly (for speed); it must equal the
    plain sum over ``features()``, and the shipped model must use the design counts."""
    assert any(any(w[value.N_BASE:]) for _b, w in value._MODEL.values())
    state = acreage.new_game("foxglove", players=2, seed=7)
    rng = random.Random(1)
    while not state.is_terminal:
        for seat in (0, 1):
            bias, weights = value._MODEL[state.round]
            plain = bias + sum(w * x for w, x in zip(weights, value.features(state, seat), strict=True))
            assert value.estimate_final_score(state, seat) == pytest.approx(plain, abs=1e-9)
        state.apply(rng.choice(state.legal_actions()))


def test_estimate_is_finite_at_every_stage():
    state = acreage.new_game("foxglove", players=2, seed=9)
    rng = random.Random(3)
    seen = set()
    while not state.is_terminal:
        for seat in (0, 1):
            est = value.estimate_final_score(state, seat)
            assert est == est and abs(est) < 1000
        seen.add((state.round, state.phase))
        state.apply(rng.choice(state.legal_actions()))
    assert {r for r, _ in seen} == {1, 2, 3, 4}


@pytest.mark.parametrize("text, complaint", [
    ("not json", "not a value model"),
    ('{"features": [], "rounds": {}}', "lacks .'banked'"),
    ('{"features": ' + json.dumps([*value.FEATURE_NAMES, "built Castle (A)"]) + ', "rounds": {}}',
     "does not compute .'built Castle .A.'"),
    ('{"features": ' + json.dumps(list(value.FEATURE_NAMES)) + ', "rounds": {}}',
     "round '1' is missing"),
])
def test_a_broken_model_file_is_named_with_the_fault(tmp_path, text, complaint):
    path = tmp_path / "value_model.json"
    path.write_text(text)
    with pytest.raises(ContentError, match=complaint) as err:
        value._load(path)
    assert str(path) in str(err.value)


def test_a_design_the_model_lacks_counts_for_nothing(tmp_path):
    """A tile added to the content after the fit: the model still loads, with weight 0 on it."""
    data = json.loads(value.MODEL_FILE.read_text())
    drop = data["features"].index("built Fertile Plot (A)")
    del data["features"][drop]
    for entry in data["rounds"].values():
        del entry["weights"][drop]
    path = tmp_path / "value_model.json"
    path.write_text(json.dumps(data))
    model = value._load(path)
    at = value.FEATURE_NAMES.index("built Fertile Plot (A)")
    for rnd, (bias, weights) in model.items():
        assert weights[at] == 0.0
        shipped_bias, shipped = value._MODEL[rnd]
        assert bias == shipped_bias
        assert weights[:at] == shipped[:at] and weights[at + 1:] == shipped[at + 1:]
    assert any(w[at] != 0.0 for _b, w in value._MODEL.values())


def test_use_model_switches_the_estimate_and_back(tmp_path):
    """``use_model`` (for comparing models in one process): a file whose round-1 bias is 5
    higher raises a round-1 estimate by exactly 5; ``None`` brings the shipped model back; a
    broken file is refused and the model in use stays."""
    state = acreage.new_game("foxglove", players=1, seed=3, solo_setup=1)
    shipped = value.estimate_final_score(state, 0)
    data = json.loads(value.MODEL_FILE.read_text())
    data["rounds"]["1"]["bias"] += 5.0
    path = tmp_path / "value_model.json"
    path.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text("not json")
    try:
        value.use_model(path)
        assert value.estimate_final_score(state, 0) == pytest.approx(shipped + 5.0)
        with pytest.raises(ContentError, match="not a value model"):
            value.use_model(broken)
        assert value.estimate_final_score(state, 0) == pytest.approx(shipped + 5.0)
    finally:
        value.use_model(None)
    assert value.estimate_final_score(state, 0) == shipped


def test_short_weights_are_refused(tmp_path):
    data = json.loads(value.MODEL_FILE.read_text())
    data["rounds"]["3"]["weights"] = data["rounds"]["3"]["weights"][:-1]
    path = tmp_path / "value_model.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=f"'3' has {value.N_FEATURES - 1} weights"):
        value._load(path)


@pytest.mark.bot_search
def test_playout_horizon_is_the_next_rounds_first_construction_decision_FF_RND_1():
    """``GameInfo.horizon``: played on from a round-1 construction position, the first state
    it accepts is round 2's first construction decision (past transport, processing and the
    next production, FF-RND-1); a round-4 leaf is played to the end of the game."""
    from acreage.agents import make_agent
    from acreage.agents.base import play_forced
    from acreage.games.foxglove.constants import CONSTRUCTION

    assert game_info("foxglove").horizon is value.next_round_start
    state = acreage.new_game("foxglove", players=1, seed=6, solo_setup=3)
    play_forced(state)
    reached = value.next_round_start(state)
    assert state.round == 1 and state.phase == CONSTRUCTION and not reached(state)
    bot = make_agent("greedy:macros=1,learned=1", seed=2)
    seen_round_2 = None
    while not state.is_terminal:
        play_forced(state)
        if reached(state):
            seen_round_2 = (state.round, state.phase, state.in_subdecision())
            break
        state.apply(bot.decide(state, 0))
    assert seen_round_2 == (2, CONSTRUCTION, False)
    while state.round < 4:
        state.apply(bot.decide(state, 0))
    late = value.next_round_start(state)
    assert not late(state)
    while not state.is_terminal:
        state.apply(bot.decide(state, 0))
        assert state.is_terminal or not late(state)
    assert late(state)


def _town_of_one_shape(name: str):
    """A town whose shape (cells of buildings and trails) is fixed; only ``name`` varies."""
    state = sc.fresh(players=1, seed=3)
    sc.add_building(state, 0, name, (3, 0))
    sc.add_trail(state, 0, (2, 0), "EW")
    sc.add_building(state, 0, "Quarry", (0, 1), stone=2)  # beside the Forest, joined to nothing
    return state


def test_trail_distances_shared_across_buildings_of_one_shape_match_a_fresh_search():
    """The heuristic reuses trail distances between towns that differ only in which building
    stands where; the reused distances (and so the judgement) equal a fresh search's."""
    h = value._h
    warm_from = _town_of_one_shape("Foundry")
    h.evaluate(warm_from, 0)  # fills the shared cache for this shape
    state = _town_of_one_shape("Bakery")
    lay = td.layout(state, 0)
    for label, group in lay.group_cells(state.cells[0]).items():
        assert lay.dist(state.cells[0], label) == td._bfs(state.cells[0], group, lay.box)
    warm = h.evaluate(state, 0)
    other_shape = _town_of_one_shape("Bakery")
    sc.add_trail(other_shape, 0, (0, 2), "NS")  # changes the way to the Quarry, not its groups
    lay = td.layout(other_shape, 0)
    for label, group in lay.group_cells(other_shape.cells[0]).items():
        assert lay.dist(other_shape.cells[0], label) == td._bfs(other_shape.cells[0], group, lay.box)
    td._DISTS.clear()
    td._LAYOUTS.clear()
    assert h.evaluate(_town_of_one_shape("Bakery"), 0) == warm
