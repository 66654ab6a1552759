"""Named bot levels: each game declares them, every surface resolves them the same way, and a
bot is one object for the whole game (its plans kept), in the terminal, the web and for hints."""

from __future__ import annotations

import dataclasses
import pickle
import zlib

import pytest

import acreage
from acreage.agents import AgentOptionError, GreedyAgent, MctsAgent, make_agent, resolve_spec
from acreage.app.players import HintBots, bot_seed, make_players
from acreage.core import game_info, games
from acreage.core.levels import LEVEL_NAMES, Level


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_every_game_declares_levels_weakest_first_that_build_bots(info):
    names = [lv.name for lv in info.levels]
    assert names[:3] == ["easy", "medium", "hard"], names
    assert names == [n for n in LEVEL_NAMES if n in names]
    for level in info.levels:
        assert level.blurb
        for players in range(info.min_players, info.max_players + 1):
            agent = make_agent(level.name, seed=1, game=info.name, players=players)
            agent.check_players(players)
    # Searching levels state their budget in iterations, so load changes only their speed.
    for level in info.levels:
        agent = make_agent(level.name, game=info.name)
        if isinstance(agent, MctsAgent):
            assert agent.budget.iterations and agent.budget.ms is None


def test_a_level_maps_to_its_game_own_budget():
    fog = make_agent("hard", game="fields_of_green")
    fox = make_agent("hard", game="foxglove")
    assert isinstance(fog, MctsAgent) and isinstance(fox, MctsAgent)
    assert fog.budget.iterations != fox.budget.iterations
    assert make_agent("hard", game="foxglove", players=1).budget.iterations == 50
    assert isinstance(make_agent("medium", game="harvest"), GreedyAgent)
    assert make_agent("easy", game="harvest").temperature > 0


def test_options_after_a_level_are_added_and_plain_specs_pass_through():
    assert resolve_spec("hard:seed=3", "fields_of_green") == "mcts:iterations=300,seed=3"
    assert resolve_spec("medium:seed=3", "fields_of_green") == "greedy:seed=3"
    assert resolve_spec("greedy:depth=2") == "greedy:depth=2"


def test_a_level_without_a_game_or_missing_in_it_is_refused_with_the_choices():
    with pytest.raises(AgentOptionError, match="needs a game"):
        make_agent("hard")
    with pytest.raises(AgentOptionError, match="its levels are: easy, medium, hard"):
        make_agent("expert", game="foxglove")
    with pytest.raises(AgentOptionError, match="given twice"):
        make_agent("hard:iterations=5", game="harvest")
    with pytest.raises(AgentOptionError, match="did you mean 'hard'"):
        make_agent("hadr", game="harvest")


def test_levels_out_of_order_or_unknown_are_refused_when_a_game_is_declared():
    info = game_info("harvest")
    with pytest.raises(ValueError, match="weakest first"):
        dataclasses.replace(info, levels=(Level("hard", "greedy", "x"), Level("easy", "random", "y")))
    with pytest.raises(ValueError, match="unknown level"):
        dataclasses.replace(info, levels=(Level("grandmaster", "greedy", "x"),))


def test_the_catalogue_summary_lists_each_level_with_its_words():
    summary = game_info("fields_of_green").summary()
    assert [lv["name"] for lv in summary["levels"]] == ["easy", "medium", "hard"]
    assert all(lv["blurb"] and lv["spec"] for lv in summary["levels"])


def test_terminal_seats_take_levels_by_name():
    people = make_players(3, humans=1, bots=["hard", "easy"], seed=4, game="harvest")
    assert [p.spec for p in people] == ["human", "hard", "easy"]
    assert people[1].name == "hard (seat 1)"
    assert isinstance(people[1].agent, MctsAgent) and people[1].agent.budget.iterations == 150
    default = make_players(2, humans=1, seed=4, game="foxglove")
    assert default[1].spec == "medium"


# ---------------------------------------------------------------------------- temperature
def test_greedy_with_temperature_slips_but_counts_equal_options_once():
    agent = GreedyAgent(seed=0, temperature=1.0)
    scored = [(5.0, 0.1, "best", []), (5.0, 0.2, "best again", []), (4.0, 0.3, "worse", []),
              (-40.0, 0.4, "awful", [])]
    drawn = [agent._draw(scored)[2] for _ in range(4000)]
    assert "best again" not in drawn and "awful" not in drawn
    share = drawn.count("worse") / len(drawn)
    assert abs(share - 1 / (1 + 2.718281828)) < 0.03  # exp(-1) against exp(0)


def test_greedy_without_temperature_plays_as_before():
    for spec in ("greedy", "greedy:temperature=0"):
        state = acreage.new_game("fields_of_green", players=2, seed=9)
        plain = make_agent("greedy", seed=5)
        other = make_agent(spec, seed=5)
        for _ in range(40):
            seat = state.current_player
            a, b = plain.decide(state, seat), other.decide(state, seat)
            assert a == b
            state.apply(a)


# ---------------------------------------------------------------------------- kept bots
def test_a_pickled_bot_plays_on_as_the_same_bot_would():
    """The web's worker gets the seat's bot pickled with each request and returns it: the
    game it plays is the one a bot kept in memory plays (tree and plans included)."""
    from acreage.web.bots import MAX_MIND_BYTES, decide

    state = acreage.new_game("fields_of_green", players=2, seed=21)
    kept = make_agent("mcts:iterations=40", seed=8)
    mind = zlib.compress(pickle.dumps(make_agent("mcts:iterations=40", seed=8)))
    other = make_agent("greedy", seed=1)
    reused = 0
    for _ in range(60):
        if state.is_terminal:
            break
        seat = state.current_player
        if seat == 0:
            text, mind = decide(state.record(), 0, "mcts:iterations=40", None, mind)
            expected = kept.decide(state, 0)
            assert text == str(expected)
            assert len(mind) < MAX_MIND_BYTES
            reused += pickle.loads(zlib.decompress(mind)).last_reused > 0
            state.apply(expected)
        else:
            state.apply(other.decide(state, seat))
    assert reused > 0  # the tree of one move served the next


def test_a_new_web_bot_is_seeded_by_the_game_and_its_seat():
    from acreage.web.bots import decide

    state = acreage.new_game("harvest", players=2, seed=3)
    seat = state.current_player
    first = decide(state.record(), seat, "easy", None, None)
    again = decide(state.record(), seat, "easy", None, None)
    assert first[0] == again[0] and first[1] is not None


def test_hint_bots_are_kept_per_seat_and_follow_their_plans():
    state = acreage.new_game("foxglove", players=2, seed=4)
    hints = HintBots("foxglove", 2, seed=4)
    bot = hints.bot(state, state.current_player)
    assert hints.bot(state, state.current_player) is bot
    assert hints.bot(state, 1 - state.current_player) is not bot


def test_following_every_hint_plays_the_game_the_hint_bot_plays_alone():
    """Paired: the seat that plays each hint's move ends with the game (and the score) the same
    bot plays by itself, because the hint bot is one bot for the game, not one per hint."""
    spec = "mcts:iterations=25"
    records = []
    for follow in (True, False):
        state = acreage.new_game("harvest", players=1, seed=12)
        hints = HintBots("harvest", 1, seed=12, spec=spec)
        alone = make_agent(spec, seed=bot_seed(12, 1000), game="harvest", players=1)
        while not state.is_terminal:
            bot = hints.bot(state, 0) if follow else alone
            state.apply(bot.decide(state, 0))
        records.append((state.record()["actions"], state.scores()))
    assert records[0] == records[1]


def test_plain_bots_stay_available_beside_the_levels():
    assert type(make_agent("random", game="harvest")) is type(make_agent("random"))


def test_mcts_models_the_other_seats_picks_as_made_without_knowing_its_own_FG_ACT_2():
    """In a 3-player Fields of Green draft the picks are face down until all are made: in the
    search, the seats picking after the searching seat decide from one statistics node for
    all of its possible picks (their information set), never from one per pick."""
    state = acreage.new_game("fields_of_green", players=3, seed=2)
    greedy = make_agent("greedy", seed=0)
    while len(state.waiting_seats()) < 3:  # the first seat to pick, the others still to come
        state.apply(greedy.decide(state, state.current_player))
    seat = state.current_player
    bot = MctsAgent(seed=1, budget=None, c=0.3)
    bot.budget.iterations = 300
    bot.decide(state, seat)
    root = bot.last_root
    later = [s for s in root.shared if s != seat]
    assert later, "the next seat's pick has no shared statistics"
    shared = root.shared[later[0]]
    assert sum(ch.visits for ch in shared.children.values()) > 0
    for mine in root.children.values():
        assert all(ch.visits == 0 for ch in mine.children.values())
