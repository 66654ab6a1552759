"""The bot ladder (docs/ladder.md): the Plackett–Luce fit by MM recovers known strengths, ties and
the prior behave as documented, bootstrap intervals cover and narrow, the SPRT decides the way
the record says, and the published file round-trips."""

from __future__ import annotations

import math
import random

import pytest

from acreage.arena import ladder
from acreage.arena.stats import wilson

#: Known ratings (Elo-like, random = 0) for the synthetic games.
TRUE = {"random": 0.0, "easy": 300.0, "greedy": 600.0, "hard": 800.0}


def synthetic(n: int, seed: int, players: int = 2, tie: float = 0.0,
              true: dict[str, float] = TRUE) -> list[dict[str, int]]:
    """``n`` games drawn from the Plackett–Luce model with strengths 10^(rating/400): each game's
    players drawn at random, its order best first in proportion to strength; a 2-player game is a
    tie with probability ``tie``."""
    rng = random.Random(seed)
    names = sorted(true)
    games = []
    for _ in range(n):
        left = rng.sample(names, players)
        order = []
        while left:
            pick = rng.choices(left, weights=[10 ** (true[w] / 400) for w in left])[0]
            order.append(pick)
            left.remove(pick)
        places = {w: k + 1 for k, w in enumerate(order)}
        if players == 2 and rng.random() < tie:
            places = {w: 1 for w in order}
        games.append(places)
    return games


def test_the_fit_recovers_known_two_player_strengths():
    ratings = ladder.fit(synthetic(4000, seed=1))
    assert sorted(ratings, key=ratings.get) == ["random", "easy", "greedy", "hard"]
    assert ratings["random"] == 0.0
    for name, value in TRUE.items():
        assert abs(ratings[name] - value) < 50, (name, ratings[name])


def test_the_fit_recovers_known_strengths_from_three_player_placements():
    ratings = ladder.fit(synthetic(3000, seed=2, players=3))
    assert sorted(ratings, key=ratings.get) == ["random", "easy", "greedy", "hard"]
    for name, value in TRUE.items():
        assert abs(ratings[name] - value) < 50, (name, ratings[name])


def test_the_mm_fixed_point_is_the_maximum_of_the_likelihood():
    orders = ladder.aggregate(synthetic(300, seed=3, players=3), prior=1.0)
    strength = ladder.mm(orders)

    def loglik(s: dict[str, float]) -> float:
        return sum(w * (math.log(s[o[p]]) - math.log(sum(s[x] for x in o[p:])))
                   for o, w in orders.items() for p in range(len(o) - 1))

    for name in strength:
        up = {**strength, name: strength[name] * math.exp(1e-4)}
        down = {**strength, name: strength[name] * math.exp(-1e-4)}
        assert loglik(up) <= loglik(strength) + 1e-9 and loglik(down) <= loglik(strength) + 1e-9


def test_a_two_player_tie_is_half_a_win_each_way():
    assert sorted(ladder.orders_of({"a": 1, "b": 1})) == [(("a", "b"), 0.5), (("b", "a"), 0.5)]
    # 2 wins and 2 ties count as 3 wins to 1: a is 400·log10(3) above b (no prior).
    games = [{"a": 1, "b": 2}] * 2 + [{"a": 1, "b": 1}] * 2
    assert ladder.fit(games, prior=0.0, anchor="b")["a"] == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_a_tie_of_three_is_each_of_its_orders_with_equal_weight():
    orders = ladder.orders_of({"a": 2, "b": 1, "c": 2, "d": 2})
    assert len(orders) == 6 and all(o[0] == "b" and w == pytest.approx(1 / 6) for o, w in orders)
    assert {o[1:] for o, _ in orders} == {("a", "c", "d"), ("a", "d", "c"), ("c", "a", "d"),
                                          ("c", "d", "a"), ("d", "a", "c"), ("d", "c", "a")}


def test_ties_leave_the_recovered_ordering_right():
    ratings = ladder.fit(synthetic(4000, seed=4, tie=0.2))
    assert sorted(ratings, key=ratings.get) == ["random", "easy", "greedy", "hard"]


def test_the_fit_does_not_depend_on_the_order_of_games_or_participants():
    games = synthetic(500, seed=5)
    first = ladder.fit(games)
    shuffled = [dict(reversed(list(g.items()))) for g in games]
    random.Random(0).shuffle(shuffled)
    again = ladder.fit(shuffled)
    assert again.keys() == first.keys()
    assert all(again[n] == pytest.approx(first[n], abs=1e-6) for n in first)


def test_a_bot_that_never_wins_keeps_a_finite_rating_through_the_prior():
    games = [{"random": 2, "greedy": 1}] * 400
    # 400 wins and one virtual tied game: 400.5 to 0.5.
    assert ladder.fit(games)["greedy"] == pytest.approx(400 * math.log10(801), abs=1e-6)
    with pytest.raises(ValueError, match="never placed above anyone"):
        ladder.fit(games, prior=0.0)


def test_participants_that_never_met_are_refused():
    with pytest.raises(ValueError, match="do not connect"):
        ladder.fit([{"a": 1, "b": 2}, {"c": 1, "d": 2}])


def test_the_bootstrap_interval_holds_the_estimate_and_narrows_with_more_games():
    widths = []
    for n in (200, 2000):
        games = synthetic(n, seed=6)
        point = ladder.fit(games)
        interval = ladder.bootstrap(games, resamples=60, seed=1)
        assert interval["random"] == (0.0, 0.0)
        for name in ("easy", "greedy", "hard"):
            low, high = interval[name]
            assert low <= point[name] <= high
        widths.append(interval["greedy"][1] - interval["greedy"][0])
    assert widths[1] < widths[0] / 2


def test_the_bootstrap_resamples_units_whole_and_is_seeded():
    games = synthetic(120, seed=7)
    units = [k // 2 for k in range(len(games))]  # a deal's two games together
    a = ladder.bootstrap(games, units, resamples=30, seed=3)
    assert a == ladder.bootstrap(games, units, resamples=30, seed=3)
    with pytest.raises(ValueError, match="one unit per game"):
        ladder.bootstrap(games, units[:-1])


def test_the_sprt_accepts_h1_for_a_clearly_better_record_and_h0_for_a_worse_one():
    better = ladder.sprt(600, 50, 350, elo0=-10, elo1=0)
    worse = ladder.sprt(350, 50, 600, elo0=-10, elo1=0)
    assert better["verdict"] == "H1" and better["llr"] >= better["upper"]
    assert worse["verdict"] == "H0" and worse["llr"] <= worse["lower"]
    assert ladder.sprt(50, 0, 50, elo0=-10, elo1=0)["verdict"] == "continue"


def test_the_sprt_is_the_documented_formula():
    w, d, lo = 120, 30, 100
    n, s = w + d + lo, (w + d / 2) / (w + d + lo)
    var = (w + d / 4) / n - s * s
    s0, s1 = 1 / (1 + 10 ** (20 / 400)), 0.5
    result = ladder.sprt(w, d, lo, elo0=-20, elo1=0, alpha=0.05, beta=0.1)
    assert result["llr"] == pytest.approx(n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var))
    assert (result["lower"], result["upper"]) == (pytest.approx(math.log(0.1 / 0.95)),
                                                  pytest.approx(math.log(0.9 / 0.05)))


def test_the_sprt_waits_for_enough_games_before_deciding():
    assert ladder.sprt(0, 0, 3, -10, 0)["verdict"] == "continue"
    assert ladder.sprt(0, 0, 3, -10, 0, min_games=3)["verdict"] == "H0"
    assert ladder.sprt(0, 0, 0, -10, 0)["llr"] == 0.0


def test_medium_and_greedy_are_one_participant_and_search_bots_meet_greedy_only():
    parts = ladder.participants("harvest")
    assert [p.names for p in parts] == [("random",), ("easy",), ("medium", "greedy"), ("hard",)]
    pairs = {tuple(p.name for p in combo) for combo in ladder.lineups(parts)}
    assert pairs == {("random", "easy"), ("random", "medium"), ("easy", "medium"), ("medium", "hard")}
    jobs = ladder.schedule("harvest", deals=2, slow_deals=1)
    assert len(jobs) == 3 * 2 * 2 + 1 * 2


def _row(game: str, lineup: str, deal: int, seat_a: int, ranking: list[int]) -> dict:
    """A paired row as ``paired.play`` writes it (only the fields the ladder reads)."""
    return {"key": f"{deal}/{seat_a}/{lineup}", "game": game, "players": 2, "deal": deal,
            "seat_a": seat_a, "ranking": ranking, "think": [0.01, 0.02], "decisions": [1, 2]}


def _harvest_rows() -> list[dict]:
    rng = random.Random(8)
    rows = []
    for lineup, p_a in (("random|greedy:temperature=3", 0.1), ("random|greedy", 0.02),
                        ("greedy:temperature=3|greedy", 0.2), ("greedy|mcts:iterations=150", 0.35)):
        for deal in range(1000, 1030):
            for seat_a in (0, 1):
                a_wins = rng.random() < p_a
                ranking = [1, 2] if a_wins == (seat_a == 0) else [2, 1]
                rows.append(_row("harvest", lineup, deal, seat_a, ranking))
    return rows


def test_rows_of_a_changed_level_are_left_out_of_the_fit():
    parts = ladder.participants("harvest")
    rows = _harvest_rows()
    stale = _row("harvest", "greedy|mcts:iterations=99", 1000, 0, [1, 2])
    recs = ladder.records([*rows, stale, {**rows[0], "game": "foxglove"}], "harvest", parts)
    assert len(recs) == len(rows)
    # Row 1 has bot A (random) in seat 1, so the other bot of its lineup in seat 0.
    ranking = rows[1]["ranking"]
    assert recs[1]["places"] == {"greedy:temperature=3": ranking[0], "random": ranking[1]}


def test_the_ladder_json_round_trips_and_the_markdown_keeps_its_prose(tmp_path):
    data = ladder.build(_harvest_rows(), ["harvest"], resamples=20, date="2026-12-07")
    lad = data["games"]["harvest"]
    assert data["format"] == "acreage-ladder" and data["games_total"] == lad["games"] == 240
    names = [e["name"] for e in lad["participants"]]
    assert names[-1] == "random" and lad["participants"][-1]["rating"] == 0.0
    assert all(e["low"] <= e["rating"] <= e["high"] for e in lad["participants"])
    rating = {e["name"]: e["rating"] for e in lad["participants"]}
    for pair in lad["pairs"]:  # stronger first, the fit's gap inside its interval
        assert rating[pair["a"]] >= rating[pair["b"]]
        assert pair["gap_low"] <= pair["gap"] <= pair["gap_high"]
    path = ladder.write_json(data, tmp_path / "data" / "ladder.json")
    assert ladder.load_ladder(path) == data
    md = tmp_path / "ladder.md"
    md.write_text(f"# Title\n\nbefore\n\n{ladder.BEGIN}\nold\n{ladder.END}\n\nafter\n")
    ladder.write_markdown(data, md)
    text = md.read_text()
    assert "before" in text and "after" in text and "old" not in text
    assert "| medium = greedy | `greedy` |" in text


def test_a_pair_one_side_never_won_is_marked_and_bounded_on_one_side_only():
    lad = {"title": "T", "games": 40, "rules_version": "1", "players": [2], "participants": [],
           "pairs": [{"a": "greedy", "b": "random", "games": 40, "a_wins": 40, "draws": 0, "b_wins": 0,
                      "gap": 900.0, "gap_low": 850.0, "gap_high": 990.0,
                      "record_low": ladder.elo_of_share(wilson(40, 40)["low"]), "record_high": None}]}
    text = ladder.markdown({"engine_version": "0", "date": "2026-12-07", "games_total": 40, "method": {},
                            "games": {"t": lad}})
    assert "| greedy – random | 40 | 40 / 0 / 0 | 900 (850 to 990) | at least 4" in text
    assert "Random never placed above greedy (40 games)" in text
    assert ladder.elo_of_share(1.0) is None and ladder.elo_of_share(0.5) == 0.0


def test_load_ladder_without_a_file_is_empty_and_says_how_to_make_one(tmp_path):
    data = ladder.load_ladder(tmp_path / "missing.json")
    assert data["games"] == {} and data["games_total"] == 0
    assert "make ladder" in data["message"]
    (tmp_path / "other.json").write_text('{"format": "something-else"}')
    with pytest.raises(ValueError, match="not an acreage-ladder file"):
        ladder.load_ladder(tmp_path / "other.json")


def test_the_packaged_ladder_rates_every_level_of_every_game():
    data = ladder.load_ladder()
    if not data["games"]:
        pytest.skip(data["message"])
    from acreage.core import game_info

    for game, lad in data["games"].items():
        levels = {lv.name for lv in game_info(game).levels}
        rated = {n for e in lad["participants"] for n in e["levels"]}
        assert rated == levels, game
        zero = next(e for e in lad["participants"] if e["name"] == "random")
        assert zero["rating"] == 0.0


@pytest.mark.timelimit(60)
def test_real_games_are_appended_and_a_rerun_resumes(tmp_path):
    out = tmp_path / "games.jsonl"
    jobs = [j for j in ladder.schedule("fields_of_green", deals=1, slow_deals=0)
            if set(j.resolved) == {"random", "greedy"}]
    assert ladder.play(jobs, out, workers=1) == 2
    assert ladder.play(jobs, out, workers=1) == 0
    rows, bad = ladder.load_games(out)
    parts = ladder.participants("fields_of_green")
    assert bad == 0 and len(ladder.records(rows, "fields_of_green", parts)) == 2


@pytest.mark.timelimit(60)
def test_the_sequential_match_stops_once_the_test_decides(tmp_path):
    out = tmp_path / "sprt.jsonl"
    result = ladder.sprt_match("fields_of_green", "medium", "random", max_games=20, workers=1,
                               out=out, min_games=2)
    assert result["verdict"] == "H0" and result["games"] == 2 and result["losses"] == 2
    assert result["specs"] == ["random", "greedy"]
    again = ladder.sprt_match("fields_of_green", "medium", "random", max_games=20, workers=1,
                              out=out, min_games=2)
    assert again["games"] == 2  # decided from the games already in the file
