"""Random full games run to the end for every player count (FF-SET-1, FF-RND-1)."""

import random

import acreage


def test_random_games_finish_for_every_player_count_FF_SET_1_FF_RND_1():
    # Checks FF-SET-1, FF-RND-1.
    for players in (1, 2, 3, 4):
        state = acreage.new_game("foxglove", players=players, seed=players)
        rng = random.Random(players)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        assert state.round == 4
        assert len(state.scores()) == players
