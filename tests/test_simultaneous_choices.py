"""Simultaneous secret choices (DESIGN §2): ``waiting_seats`` names every seat still to make
its own choice, and ``legal_actions_of`` offers each of them, ahead of its turn, exactly what
it is offered when the engine comes to it (FG-ACT-2: picks from one's own hand)."""

from __future__ import annotations

import random

import pytest

from acreage.core.registry import new_game


@pytest.mark.parametrize("players", [3, 4])
def test_a_waiting_seat_is_offered_ahead_what_its_turn_offers_FG_ACT_2(players):
    seen = 0
    for seed in range(3):
        state = new_game("fields_of_green", players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            waiting = state.waiting_seats()
            assert waiting[:1] == (state.current_player,)
            if len(waiting) > 1:
                ahead = {s: sorted(state.legal_actions_of(s)) for s in waiting}
                for seat in waiting:
                    assert state.current_player == seat
                    assert sorted(state.legal_actions()) == ahead[seat]
                    state.apply(rng.choice(state.legal_actions()))
                seen += 1
                continue
            for seat in range(players):
                if seat != state.current_player:
                    assert state.legal_actions_of(seat) == []
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 20


def test_games_without_simultaneous_choices_wait_for_one_seat():
    for game, players in (("foxglove", 2), ("harvest", 2), ("fields_of_green", 2)):
        state = new_game(game, players=players, seed=1)
        for _ in range(40):
            if state.is_terminal:
                assert state.waiting_seats() == ()
                break
            assert state.waiting_seats() == (state.current_player,)
            state.apply(state.legal_actions()[0])
