"""The start menu of ``acreage play``: game, players, opponents and game-specific questions.

Pressing Enter at every question gives Foxglove Farm, 2 players, you against the medium bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from ..core import games
from .players import InputFn
from .views import view_for

DEFAULT_GAME = "foxglove"
DEFAULT_PLAYERS = 2
HOT_SEAT = "hot-seat"
#: Words that leave the menu at any question.
QUIT_WORDS = ("q", "quit", "exit")


class MenuQuit(Exception):
    """The player asked to leave the menu (``q`` or ``quit`` at any question)."""


def _read(input_fn: InputFn, prompt: str) -> str:
    """One answer, stripped; ``q``/``quit`` at any question leaves the menu."""
    raw = input_fn(prompt).strip()
    if raw.lower() in QUIT_WORDS:
        raise MenuQuit
    return raw


@dataclass
class MenuChoice:
    game: str
    players: int
    humans: int
    bots: list[str]
    options: dict[str, Any] = field(default_factory=dict)


def ask(
    console: Console,
    input_fn: InputFn,
    title: str,
    choices: Sequence[tuple[Any, str]],
    default: int,
) -> Any:
    """Ask for one of numbered ``choices`` (1-based ``default``); Enter takes the default."""
    console.print(Text(title, style="bold"))
    for i, (_, label) in enumerate(choices, 1):
        console.print(f"  [bold cyan]{i}[/]  {label}")
    while True:
        raw = _read(input_fn, f"Choose 1–{len(choices)} [{default}]: ")
        if not raw:
            return choices[default - 1][0]
        if raw.isdigit() and 1 <= int(raw) <= len(choices):
            return choices[int(raw) - 1][0]
        console.print(f"Please type a number from 1 to {len(choices)}, press Enter, or q to leave.",
                      style="red")


def ask_number(console: Console, input_fn: InputFn, title: str, low: int, high: int, default: int) -> int:
    while True:
        raw = _read(input_fn, f"{title} ({low}–{high}) [{default}]: ")
        if not raw:
            return default
        if raw.isdigit() and low <= int(raw) <= high:
            return int(raw)
        console.print(f"Please type a number from {low} to {high}, press Enter, or q to leave.", style="red")


def run_menu(console: Console, input_fn: InputFn) -> MenuChoice:
    """Ask the start questions. Raises :class:`MenuQuit` on ``q``/``quit`` and EOFError if
    input ends."""
    console.print(Text("Acreage — new game", style="bold green"))
    console.print("Press Enter to take the default shown in [brackets]; q leaves.", style="dim", markup=False)
    infos = games()
    names = [i.name for i in infos]
    default_game = names.index(DEFAULT_GAME) + 1 if DEFAULT_GAME in names else 1
    info = ask(
        console, input_fn, "Game",
        [(i, f"{i.title} ({i.min_players}–{i.max_players} players)") for i in infos], default_game,
    )
    if info.min_players == info.max_players:
        players = info.min_players
    else:
        default_players = min(max(DEFAULT_PLAYERS, info.min_players), info.max_players)
        players = ask_number(
            console, input_fn, "Players", info.min_players, info.max_players, default_players
        )
    humans, bots = 1, []
    if players > 1:
        plural = "s" if players > 2 else ""
        choices = [(lv.name, f"{lv.name} bot{plural}: {lv.blurb}") for lv in info.levels]
        choices.append((HOT_SEAT, "other people at this keyboard (hot-seat)"))
        names = [lv.name for lv in info.levels]
        default = names.index("medium") + 1 if "medium" in names else 1
        opponent = ask(console, input_fn, "Opponents", choices, default)
        if opponent == HOT_SEAT:
            humans = players
        else:
            bots = [opponent] * (players - 1)
    options: dict[str, Any] = {}
    for key, question, qchoices, default in view_for(info.name).setup_questions(players):
        if key not in info.options:
            continue
        values = [v for v, _ in qchoices]
        start = values.index(default) + 1 if default in values else 1
        options[key] = ask(console, input_fn, question, [(v, f"{label}") for v, label in qchoices], start)
    return MenuChoice(info.name, players, humans, bots, options)
