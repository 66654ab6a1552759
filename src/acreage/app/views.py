"""Terminal views: how each game looks in the terminal, found by game name.

A view draws a state for one seat (from ``observation(seat)`` only) and knows its game's
words: action groups, help topics, setup questions, the final table. Views are registered here
by name and imported on first use, so the play loop (``session.py``) never imports a game's
view and no view imports the play loop back.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

#: Game name -> "module:class" of its terminal view (imported on first use).
VIEWS: dict[str, str] = {
    "foxglove": "acreage.app.foxglove_view:FoxgloveView",
    "fields_of_green": "acreage.app.fields_of_green_view:FieldsOfGreenView",
    "harvest": "acreage.app.harvest_view:HarvestView",
}


class BaseView:
    """Fallback view: a plain dump of the observation. Game views override what they can."""

    name = "plain"
    #: Examples the help uses: an action to type, and what ``help`` explains (one of this game's).
    example_action = "done"
    example_thing = "part of the game"
    example_topic = ""
    #: How the header names the game: "seed 4" when the player chose the seed, else a game id
    #: ("game 3fa9c1") that says nothing about the seed (the seed rebuilds every hidden order).
    tag = ""

    def render(self, state, seat: int | None, labels: Sequence[str], width: int = 120) -> RenderableType:
        obs = state.observation(seat)
        title = f"{state.game_name}: " + ("public view" if seat is None else f"observation of seat {seat}")
        return Panel(Pretty(obs, expand_all=False), title=title, box=box.ROUNDED)

    def action_group(self, text: str) -> tuple[str, str]:
        words = text.split()
        if len(words) <= 1:
            return "", text
        return words[0], " ".join(words[1:])

    def help_topic(self, topic: str) -> RenderableType | None:
        return None

    def help_extra(self) -> str:
        return ""

    def setup_questions(self, players: int) -> list[tuple[str, str, list[tuple[Any, str]], Any]]:
        return []

    def final_summary(self, state, labels: Sequence[str]) -> RenderableType:
        table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
        table.add_column("Place", justify="right")
        table.add_column("Player")
        table.add_column("Points", justify="right")
        scores, ranking = state.scores(), state.ranking()
        for s in sorted(range(len(scores)), key=lambda s: (ranking[s], s)):
            table.add_row(str(ranking[s]), labels[s], str(scores[s]))
        return table

    def rules(self) -> str | None:
        return None


def register_view(game_name: str, target: str) -> None:
    """Register a game's terminal view as ``"package.module:Class"`` (imported on first use)."""
    VIEWS[game_name] = target


def view_for(game_name: str) -> BaseView:
    """The registered view of a game, or the plain fallback."""
    target = VIEWS.get(game_name)
    if target is None:
        return BaseView()
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)()


