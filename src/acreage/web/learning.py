"""Learning a game in the browser: the "How to play" page's content and the tutorial's table.

The page's words come from the game's guide (``core.guides``); its figures are positions of
the guide's real game, each turned into the very update message a watcher of that game would
receive (a :class:`~.tables.Table` built in memory and never stored), so the page draws them
with the game's own board module and a figure can never show a position the engine would not
reach. A tutorial is an ordinary table whose header says it is one (``core.tutorials``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.guides import Guide, load_guide
from ..core.presentation import presentation_of
from ..core.tutorials import load_tutorial
from . import inputs
from .store import GameRow, Store
from .tables import HUMAN, TableError, create_row
from .tables import Table as _Table


class _NoStore(Store):
    """A figure's table is never written: any write would be a bug, so it fails loudly."""

    def _execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        raise RuntimeError("a figure's table reads nothing from a store")

    def _transaction(self, statements: list[tuple[str, tuple]]) -> None:
        raise RuntimeError("a figure's table writes nothing to a store")


def figure_view(guide: Guide, at: int, seat: int | None) -> dict[str, Any]:
    """The update message of the guide's game after ``at`` moves, as ``seat`` (``None``: a
    watcher) would see it, with nothing to click (a figure is a picture)."""
    state = guide.position(0)
    moves = []
    for n, text in enumerate(guide.moves[:at]):
        moves.append({"n": n, "seat": state.current_player, "action": text, "client_id": None, "at": 0.0})
        state.apply(text)
    row = GameRow("figure", guide.game, guide.players, dict(guide.options), guide.seed,
                  [HUMAN] * guide.players, 0.0, moves)
    view = _Table(row, _NoStore()).view(seat)
    view.update(legal=[], plan=False, undoable=0, in_subdecision=False, events=view["events"][-6:])
    return view


@cache
def guide_page(game: str) -> dict[str, Any]:
    """Everything the "How to play" page shows for ``game`` (built once per process)."""
    info = inputs.game(game)
    guide = load_guide(info.name)
    if guide is None:
        raise TableError("no_guide", f"{info.title} has no How to play guide yet", 404)
    present = presentation_of(info)
    legend = present.content().get("legend", {})
    tutorial = load_tutorial(info.name)
    return {
        "game": info.name,
        "title": guide.title,
        "game_title": info.title,
        "summary": guide.summary,
        "board": present.board,
        "sections": [
            {"id": s.id, "title": s.title, "paragraphs": list(s.paragraphs), "rules": list(s.rules),
             "figure": None if s.figure is None else {
                 "caption": s.figure.caption, "view": figure_view(guide, s.figure.at, s.figure.seat)}}
            for s in guide.sections
        ],
        "rulings": [{"rule": r.rule, "question": r.question, "answer": r.answer, "reason": r.reason}
                    for r in guide.rulings],
        "glossary": [{"term": t, "meaning": m} for t, m in guide.glossary]
        + [{"term": str(k), "meaning": str(v)} for k, v in legend.items()],
        "reference": present.reference(),
        "tutorial": None if tutorial is None else {
            "title": tutorial.title, "intro": tutorial.intro, "steps": tutorial.learner_moves,
            "players": tutorial.players},
    }


def tutorial_row(game: str) -> tuple[GameRow, dict[int, str]]:
    """A new table of ``game``'s tutorial: its seed and options, the learner's seat human, the
    other seats the tutorial's bots (its script plays them during the guided part); unlisted."""
    info = inputs.game(game)
    tutorial = load_tutorial(info.name)
    if tutorial is None:
        raise TableError("no_tutorial", f"{info.title} has no tutorial yet", 404)
    seats = [HUMAN if s == tutorial.learner else f"bot:{tutorial.then}" for s in range(tutorial.players)]
    names = [None if s == tutorial.learner else f"Tutor {s + 1}" for s in range(tutorial.players)]
    row, tokens = create_row(info.name, tutorial.players, tutorial.options, seats, names=names, listed=False)
    row.seed = tutorial.seed
    row.tutorial = True
    return row, tokens
