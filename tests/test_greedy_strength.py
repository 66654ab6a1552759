"""The greedy bot is a real opponent: it beats random play, and only ever plays legal moves."""

import acreage
from acreage.agents import GreedyAgent, RandomAgent


def test_greedy_beats_random_and_plays_legal_actions():
    seeds = (11, 12, 13, 14)
    wins = 0
    for i, seed in enumerate(seeds):
        greedy_seat = i % 2  # alternate seats
        state = acreage.new_game("foxglove", players=2, seed=seed)
        agents = {greedy_seat: GreedyAgent(seed=seed), 1 - greedy_seat: RandomAgent(seed=seed + 100)}
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            action = agents[seat].decide(state, seat)
            assert action in legal, f"seat {seat} chose {action}, which is not legal"
            state.apply(action)
        keys = state.rank_keys()
        if keys[greedy_seat] > keys[1 - greedy_seat]:
            wins += 1
    assert wins >= len(seeds) - 1, f"greedy won only {wins} of {len(seeds)} games against random"
