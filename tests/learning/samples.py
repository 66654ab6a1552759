"""Small tutorials and guides made from a real opening, for tests of the machinery that must not
depend on the shipped files' wording."""

from __future__ import annotations

from acreage import core


def opening(game: str = "foxglove", seed: int = 5, moves: int = 20,
            players: int = 2) -> tuple[list[str], list[int]]:
    """The first ``moves`` moves of a seeded game (each seat's first legal action other than
    passing, so the game goes on), and who made each."""
    state = core.new_game(game, players=players, seed=seed)
    texts, seats = [], []
    for _ in range(moves):
        seats.append(state.current_player)
        legal = state.legal_actions()
        action = next((a for a in legal if str(a) != "pass"), legal[0])
        texts.append(str(action))
        state.apply(action)
    return texts, seats


def tutorial_data(game: str = "foxglove", seed: int = 5, moves: int = 20, learner: int = 0) -> dict:
    texts, seats = opening(game, seed, moves)
    steps = [{"move": k, "text": f"step at move {k}", "rules": ["FF-CON-1"], "highlight": {}}
             for k, s in enumerate(seats) if s == learner]
    return {"schema": 1, "title": "A test tutorial", "seed": seed, "players": 2, "learner": learner,
            "then": "random", "intro": "What this teaches.", "outro": "Play on.",
            "moves": texts, "steps": steps}


def guide_data(game: str = "foxglove") -> dict:
    texts, _ = opening(game, 5, 20)
    return {
        "schema": 1, "title": "How to play", "summary": "A summary.",
        "record": {"seed": 5, "players": 2, "moves": texts},
        "sections": [{"id": "goal", "title": "The goal", "text": "One.\n\nTwo **bold**.",
                      "rules": ["FF-RND-1"],
                      "figure": {"at": 4, "seat": 0, "caption": "After four moves."}},
                     {"id": "end", "title": "The end", "text": "Three."}],
        "rulings": [{"rule": "FF-TRN-5", "question": "Q?", "answer": "A.", "reason": "R."}],
        "glossary": [{"term": "∞", "meaning": "any number"}],
    }


