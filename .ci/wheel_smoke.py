"""Play one seeded game of every registered game to its end through the public API.

Run from a venv that holds only the built wheel (no extras): it proves each game's data files
ship in the wheel and that the engine needs nothing outside the standard library.
"""

import random
import sys

import acreage

played = []
for info in acreage.games():
    players = max(info.min_players, 2) if info.max_players >= 2 else info.min_players
    state = acreage.new_game(info.name, players=players, seed=11)
    rng = random.Random(11)
    steps = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    again = acreage.replay(state.record())
    assert again.to_json() == state.to_json(), f"{info.name}: the replay differs"
    played.append(f"{info.name} ({players} players, {steps} actions, scores {state.scores()})")

if len(played) < 3:
    sys.exit(f"only {len(played)} games are registered: {played}")
print("played from the wheel:\n  " + "\n  ".join(played))
