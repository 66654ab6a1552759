"""The heuristic's terms, pinned to the last bit on positions of seeded games.

Why: the learned value (``value.py``) was fitted on ``heuristic.evaluate_parts``; a change to
any term, even in the order of a floating-point sum, silently changes what the fitted weights
mean. A deliberate change to the heuristic must refit the value (``tools/fit_value.py``) and then
rewrite this file's data: ``python tests/foxglove/bots/test_heuristic.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import acreage
from acreage.games.foxglove.bots import heuristic

DATA = Path(__file__).parent / "data" / "heuristic_parts.json"
TABLES = ({"players": 1}, {"players": 2}, {"players": 3, "expert": [1]}, {"players": 4})


def _positions():
    """Every 5th position of one seeded random game per table, each seat's terms as exact reprs."""
    for seed, options in enumerate(TABLES):
        state = acreage.new_game("foxglove", seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            if step % 5 == 0:
                for seat in range(state.num_players):
                    yield (f"{seed}:{step}:{seat}", [repr(x) for x in heuristic.evaluate_parts(state, seat)])
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_the_heuristics_terms_are_exactly_those_the_value_was_fitted_on():
    expected = json.loads(DATA.read_text())
    got = dict(_positions())
    assert got.keys() == expected.keys()
    changed = [key for key in expected if got[key] != expected[key]]
    assert not changed, f"{len(changed)} of {len(expected)} positions changed, first {changed[0]}"


if __name__ == "__main__":
    DATA.write_text(json.dumps(dict(_positions()), indent=0) + "\n")
    print(f"wrote {DATA}")


def test_judging_a_payment_under_way_leaves_the_position_as_it_was():
    """A position in the middle of paying is judged on a copy where the payment is completed
    (``_settled``); that copy shares the other towns, the stacks and the move record with the
    position (``_town_copy``), so judging must change nothing in it. (The terms' values on such
    positions are pinned by the test above.)"""
    from acreage.games.foxglove.frames import Pay

    seen = 0
    for seed in range(6):
        state = acreage.new_game("foxglove", players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.frames and type(state.frames[-1]) is Pay:
                seat = state.frames[-1].seat
                before = json.dumps(state.to_json(), sort_keys=True)
                draws = state.rng.state
                heuristic.evaluate(state, seat)
                settled = heuristic._settled(state, seat)
                assert json.dumps(state.to_json(), sort_keys=True) == before and state.rng.state == draws
                assert settled.frames == state.frames[:-1]
                assert settled.stacks is state.stacks and settled.history is state.history  # shared
                assert settled.cubes[seat] is not state.cubes[seat]
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 20
