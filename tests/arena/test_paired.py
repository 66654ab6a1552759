"""Paired matches (``make strength``, ``tools/bot_match.py``): each deal with bot A in every seat,
rows that resume and that say which specs played them."""

from __future__ import annotations

from acreage.arena import paired


def test_bot_a_sits_in_each_seat_of_each_deal_and_levels_are_resolved():
    jobs = paired.pairings("harvest", 3, ["hard", "medium"], deals=2)
    assert [(j.deal, j.seat_a) for j in jobs] == [(d, a) for d in (1000, 1001) for a in range(3)]
    assert jobs[1].seats() == ["medium", "hard", "medium"]
    assert jobs[0].resolved == ("mcts:iterations=150", "greedy")
    assert jobs[0].key() == "1000/0/mcts:iterations=150|greedy"


def test_a_match_resumes_and_a_changed_level_is_not_counted(tmp_path):
    out = tmp_path / "m.jsonl"
    jobs = paired.pairings("fields_of_green", 2, ["random", "random:seed=5"], deals=2)
    rows = paired.run(jobs[:2], out, workers=1)
    assert len(paired.load(out)) == 2
    again = paired.run(jobs, out, workers=1)  # plays only the two games not in the file
    assert len(paired.load(out)) == 4 and again[:2] == rows
    assert len(paired.current(again, "fields_of_green", 2, ["random", "random:seed=5"])) == 4
    assert paired.current(again, "fields_of_green", 2, ["random", "random:seed=6"]) == []


def test_a_shared_first_place_counts_as_a_fraction():
    row = {"seat_a": 0, "players": 2, "ranking": [1, 1], "scores": [20, 20], "think": [0.0, 0.0],
           "decisions": [1, 1], "kinds": [{}, {}]}
    summary = paired.summarise([row, {**row, "ranking": [1, 2]}])
    assert summary["wins"] == 1.5 and summary["games"] == 2
    assert summary["score_a"]["mean"] == 20


def test_bot_as_lead_is_over_the_best_other_seat():
    row = {"seat_a": 1, "players": 3, "ranking": [2, 1, 3], "scores": [30, 34, 10], "think": [0.0] * 3,
           "decisions": [1] * 3, "kinds": [{}, {}, {}]}
    behind = {**row, "seat_a": 2, "ranking": [2, 1, 3]}
    summary = paired.summarise([row, behind])
    assert [summary["lead"]["mean"], summary["lead"]["n"]] == [(4 - 24) / 2, 2]
    alone = {**row, "seat_a": 0, "players": 1, "scores": [30], "ranking": [1]}
    assert paired.summarise([alone])["lead"] is None
