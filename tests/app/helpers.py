"""Helpers for driving the terminal app with scripted input."""

from __future__ import annotations

import io

from rich.console import Console


class Script:
    """An input function: the given lines in order, then ``cycle`` round and round or ``then``
    forever; EOF when nothing is left."""

    def __init__(self, lines=(), then: str | None = None, cycle=()) -> None:
        self.lines = list(lines)
        self.then = then
        self.cycle = list(cycle)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        if self.cycle:
            return self.cycle[len(self.prompts) % len(self.cycle)]
        if self.then is not None:
            return self.then
        raise EOFError


def make_console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False, highlight=False)


def output_of(console: Console) -> str:
    return console.file.getvalue()
