"""Stepping through a finished game's record in the terminal, one position per screen, with
the view each game registers.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from .players import InputFn
from .saved_games import replay_steps
from .views import BaseView, view_for


def _step_screen(console: Console, view: BaseView, states, actors, actions, index: int, labels) -> None:
    state = states[index]
    console.print(view.render(state, state.current_player, labels, width=console.width))
    total = len(actions)
    status = Text(f"Step {index} of {total}", style="bold")
    if index:
        who = actors[index - 1]
        status.append(f"  ·  last: {labels[who] if who is not None else '?'} played ")
        status.append(actions[index - 1], style="bold")
    if index < total:
        who = actors[index]
        status.append(f"  ·  next: {labels[who] if who is not None else '?'} plays {actions[index]}")
    else:
        status.append("  ·  end of the record")
    console.print(status)


def run_replay(
    record: dict,
    console: Console,
    input_fn: InputFn,
    *,
    interactive: bool,
    clear_screen: bool | None = None,
) -> None:
    """Show a record: step by step when ``interactive``, else every action and the final position."""
    states, actors = replay_steps(record)
    actions = record["actions"]
    view = view_for(states[0].game_name)
    labels = [f"seat {s}" for s in range(states[0].num_players)]
    clear = console.is_terminal if clear_screen is None else clear_screen
    if not interactive:
        for i, text in enumerate(actions):
            who = actors[i]
            console.print(f"{i + 1:4d}. {labels[who] if who is not None else '?'}: {text}")
        final = states[-1]
        console.print(view.render(final, None, labels, width=console.width))
        if final.is_terminal:
            console.print(view.final_summary(final, labels))
        return
    index = 0
    message = ""
    while True:
        if clear:
            console.clear()
        _step_screen(console, view, states, actors, actions, index, labels)
        if message:
            console.print(message, style="yellow")
            message = ""
        try:
            raw = input_fn("Enter: next · b: back · number: jump · q: quit › ")
        except (EOFError, KeyboardInterrupt):
            return
        key = raw.strip().lower()
        if key in ("q", "quit", "exit"):
            return
        if key in ("b", "back"):
            if index == 0:
                message = "Already at the start."
            index = max(0, index - 1)
        elif key.isdigit():
            index = min(int(key), len(actions))
        elif key in ("", "n", "next"):
            if index >= len(actions):
                if states[-1].is_terminal:
                    console.print(view.final_summary(states[-1], labels))
                return
            index += 1
        else:
            message = "Press Enter for the next action, b to go back, a number to jump, q to quit."
