"""Seeds derive deterministically from one root seed; seats rotate; configurations normalise."""

from __future__ import annotations

import hashlib
import json

import pytest

from acreage.arena import ArenaError, Config, agent_seed, derive_seed, game_seed, rotate


def test_seed_derivation_is_the_documented_sha256_formula():
    text = "acreage-arena/" + json.dumps([7, "game", 3], separators=(",", ":"))
    expected = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") & ((1 << 53) - 1)
    assert game_seed(7, 3) == derive_seed(7, "game", 3) == expected
    assert agent_seed(7, 3, 1) == derive_seed(7, "agent", 3, 1)


def test_seeds_are_stable_distinct_and_json_safe():
    seeds = [game_seed(0, i) for i in range(500)]
    assert seeds == [game_seed(0, i) for i in range(500)]
    assert len(set(seeds)) == 500
    assert all(0 <= s < 2**53 for s in seeds)
    assert game_seed(1, 0) != game_seed(0, 0)
    assert game_seed("experiment-a", 0) != game_seed("experiment-b", 0)
    # Game seeds do not depend on the agents: two lineups play the same deals.
    a = Config.build("foxglove", 2, ["greedy", "random"], root_seed=4)
    b = Config.build("foxglove", 2, ["random"], root_seed=4)
    assert [a.job(i).seed for i in range(6)] == [b.job(i).seed for i in range(6)]
    assert a.key != b.key


def test_seats_rotate_so_every_agent_sits_everywhere():
    assert rotate(("a", "b", "c"), 0) == ("a", "b", "c")
    assert rotate(("a", "b", "c"), 1) == ("b", "c", "a")
    assert rotate(("a", "b", "c"), 2) == ("c", "a", "b")
    assert rotate(("a", "b", "c"), 3) == ("a", "b", "c")
    cfg = Config.build("foxglove", 3, ["greedy", "random"])
    assert cfg.lineup == ("greedy", "random", "greedy")  # fewer agents than seats repeat in order
    jobs = cfg.jobs(range(3))
    for seat in range(3):
        assert sorted(job.agents[seat] for job in jobs) == sorted(cfg.lineup)
    assert [job.rotation for job in jobs] == [0, 1, 2]


def test_config_normalises_options_and_game_names():
    a = Config.build("Foxglove Farm", 2, ["random"], options={"move_cap": "5"})
    b = Config.build("foxglove", 2, "random", options={"move_cap": 5})
    assert a == b and a.key == b.key
    assert a.game == "foxglove" and a.options["move_cap"] == 5
    assert a.options["expert"] == []  # every option present, sets as sorted lists
    assert json.loads(json.dumps(a.as_dict())) == a.as_dict()


@pytest.mark.parametrize(
    ("players", "agents", "options", "message"),
    [
        (2, ["greedy", "random", "random"], None, "3 agents"),
        (2, ["nobot"], None, "no bot called 'nobot'"),
        (9, ["random"], None, "takes 1–4 players"),
        (2, ["random"], {"colour": "red"}, "no option 'colour'"),
        (2, [], None, "at least one agent"),
    ],
)
def test_bad_configurations_are_refused_with_a_clear_message(players, agents, options, message):
    with pytest.raises((ArenaError, ValueError), match=message):
        Config.build("foxglove", players, agents, options=options)
