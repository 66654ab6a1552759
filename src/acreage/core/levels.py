"""Named bot levels: ``easy``, ``medium``, ``hard``, ``expert``, declared by each game.

Why levels are a game's own: a bot's budget means different strength in different games (200
MCTS iterations are a fraction of a second in Fields of Green and about two seconds in
Foxglove Farm), so a word a player chooses must be mapped per game to a bot and a budget that
plays at that level there. Budgets are given in iterations, not milliseconds, so a busy
machine plays the same moves as a quiet one, only later. Each game's levels are calibrated by
measured strength (each beats the one below in most paired games; ``make strength``), and the
figures are in ``docs/bots.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The level names, weakest first. A game declares those it has (``expert`` only where the
#: machine allows a clearly stronger bot).
LEVEL_NAMES = ("easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class Level:
    """One named level of one game: the bot spec it plays with (``solo`` alone, if different)
    and a line saying what to expect of it."""

    name: str
    spec: str
    blurb: str
    solo: str | None = None

    def spec_for(self, players: int) -> str:
        """The bot spec of this level at a table of ``players``."""
        return self.solo if players == 1 and self.solo else self.spec

    def summary(self) -> dict:
        return {"name": self.name, "spec": self.spec, "solo": self.solo or self.spec, "blurb": self.blurb}


def check_levels(game: str, levels: tuple[Level, ...]) -> None:
    """Refuse (``ValueError``) a level list out of order, with an unknown name or a repeat."""
    names = [lv.name for lv in levels]
    unknown = [n for n in names if n not in LEVEL_NAMES]
    if unknown:
        raise ValueError(f"{game}: unknown level name(s) {unknown}; levels are {', '.join(LEVEL_NAMES)}")
    if names != sorted(set(names), key=LEVEL_NAMES.index):
        raise ValueError(f"{game}: levels {names} must be distinct and listed weakest first")
