"""harvest: the presentation model (see ``core/presentation.py``)."""

from __future__ import annotations

from ...core.presentation import Presentation


class HarvestPresentation(Presentation):
    """The words and derived facts of the game, for the terminal and the browser."""


PRESENTATION = HarvestPresentation()
