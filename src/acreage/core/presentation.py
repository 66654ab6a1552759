"""What a player is told about a game, apart from where things are drawn.

One presentation model per game (``games/<game>/present.py``) holds the words of every card,
tile and space, how each legal action is labelled and grouped, and the facts a player needs
that the observation does not spell out (a cost after a discount, a solo target and verdict).
The terminal view and the browser board both read it and only lay out or draw, so neither
re-derives a rule and both say the same thing (OpenSpiel's observer: one description, several
renderings).

Legal actions reach every client structured (:func:`legal_views`): ``{id, text, label, group,
args}``, where ``args`` names what the action is about (``{"cell": "2,0", "card": "Wheat
Field"}``), so a board lights its targets from ``args`` and never parses notation
(boardgame.io's ``{move, args}``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

#: A rule ID in parentheses ("(FG-END-5)"): for readers of the code and tests, not for players.
_RULE_ID = re.compile(r"\s*\([A-Z]{2}-[A-Z0-9]+-[0-9]+(?:[./][0-9]+)*\)")


@dataclass(frozen=True)
class ActionView:
    """How one legal action is shown: ``label`` within its ``group`` (the heading that gathers
    like choices, "" for none), and ``args`` (plain JSON values naming what it is about)."""

    label: str
    group: str = ""
    args: dict[str, Any] = field(default_factory=dict)


class Presentation:
    """A game's presentation model. The defaults show bare notation; each game overrides.

    Everything here reads only what the seat it speaks to may see: a view is built from
    ``observation(seat)``, the seat's own legal actions and public content, never from a
    hidden part of the state (the web's secrets test checks every message).
    """

    #: The browser board of the game: a module of the web's ``static/js/`` folder
    #: (``"<game>_board.js"``), or None for the generic view. Declaring it here is the one
    #: registration a new board needs.
    board: str | None = None

    def content(self) -> dict[str, Any]:
        """Public content for drawing and help: every card, tile and space in words. Served at
        ``/api/content/<game>``; the same for everyone, so it holds nothing hidden."""
        return {}

    def action_view(self, state, action) -> ActionView:
        """How ``action``, legal for the seat to act in ``state``, is labelled and grouped."""
        text = str(action)
        words = text.split()
        if len(words) <= 1:
            return ActionView(text)
        return ActionView(" ".join(words[1:]), words[0])

    def facts(self, state, seat: int | None) -> dict[str, Any]:
        """Derived facts ``seat`` (``None``: a spectator) needs beside its observation: a
        solo target and verdict, a cost after discounts. Only what that seat may know."""
        return {}

    def log_lines(self, events: list[dict[str, Any]], labels: list[str]) -> list[dict[str, Any]]:
        """The events of one update as log lines (each with its ``text``); a game may fold
        several events into one line, which keeps the index ``i`` of its last event."""
        return events

    def rules(self) -> str:
        """The rules in brief, in the project's own words (the terminal's ``rules``, help pages)."""
        return ""

    def reference(self) -> list[dict[str, str]]:
        """Every card, tile, space and character of the game in words, for the "How to play"
        page's reference and the boards' help: ``{"group", "name", "words"}`` each, in the
        order a player meets them."""
        return []

    def offers_plan(self, state) -> bool:
        """True where :meth:`~acreage.core.state.GameState.macro_actions` has a plan for the
        seat to act (the page then offers a Plan button)."""
        return False

    def score_label(self, key: str) -> str:
        """How a score-breakdown key is shown to players: without the rule IDs it carries for
        readers of the code ("stored Equipment (FG-END-5)" reads "stored Equipment")."""
        return _RULE_ID.sub("", key)


DEFAULT = Presentation()


def presentation_of(info) -> Presentation:
    """The presentation model of a registered game (the default for a game without one)."""
    return getattr(info, "presentation", None) or DEFAULT


def legal_views(state, presentation: Presentation, actions: list | None = None) -> list[dict[str, Any]]:
    """Every legal action of the seat to act (or ``actions``: a waiting seat's own choices in a
    simultaneous step), structured for clients."""
    out = []
    for action in state.legal_actions() if actions is None else actions:
        shown = presentation.action_view(state, action)
        out.append({"id": state.action_id(action), "text": str(action), "label": shown.label,
                    "group": shown.group, "args": dict(shown.args)})
    return out


def breakdowns(state, presentation: Presentation) -> list[dict[str, int]]:
    """Each seat's points by source, under the labels players read."""
    return [{presentation.score_label(k): v for k, v in state.score_breakdown(s).items()}
            for s in range(state.num_players)]
