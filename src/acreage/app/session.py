"""The play loop: humans at one terminal and bots, for any game that follows the core contract.

Only the contract is used here (``current_player``, ``legal_actions``, ``apply``,
``record``, ``observation``…); everything that depends on one game's look lives in a *view*
found by game name in :data:`VIEWS`. A game without a view is shown as a plain dump of its
observation. Input and output are injected — an ``input_fn(prompt) -> str`` and a rich
``Console`` — so tests can play whole games with scripted input.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core import (
    IllegalAction,
    game_info,
    save_json,
)
from ..core.presentation import presentation_of
from ..core.state import normalise_notation
from .players import HintBots, InputFn, Player, SetupError, game_id
from .session_commands import SessionCommands
from .views import BaseView, view_for  # BaseView is re-exported for the views' users

# ---------------------------------------------------------------------------- input matching

def match_action(text: str, actions: Sequence) -> tuple[Any, list]:
    """Find the action meant by typed text: exact, then a unique prefix, then word by word.

    Returns (action, []) when one action is meant, (None, candidates) when several fit and
    (None, []) when none does.
    """
    want = normalise_notation(text)
    if not want:
        return None, []
    norm = [(normalise_notation(str(a)), a) for a in actions]
    for n, a in norm:
        if n == want:
            return a, []
    prefix = [a for n, a in norm if n.startswith(want)]
    if len(prefix) == 1:
        return prefix[0], []
    if prefix:
        return None, prefix
    words = want.split()
    wordwise = []
    for n, a in norm:
        have = n.split()
        if len(have) >= len(words) and all(x.startswith(w) for w, x in zip(words, have, strict=False)):
            wordwise.append(a)
    if len(wordwise) == 1:
        return wordwise[0], []
    if wordwise:
        return None, wordwise
    # Last, the end of an action alone: "0,1" for "place 0,1" when only one action ends so.
    suffix = [a for n, a in norm if n.endswith(" " + want)]
    if len(suffix) == 1:
        return suffix[0], []
    return None, suffix


# ---------------------------------------------------------------------------- the session

class Session(SessionCommands):
    """One game at one terminal. ``run()`` plays until the end or until a human quits."""

    MENU_LINES = 9  # fold long action lists to about this many lines
    LOG_LINES = 10

    def __init__(
        self,
        state,
        players: Sequence[Player],
        console: Console | None = None,
        input_fn: InputFn | None = None,
        *,
        view: BaseView | None = None,
        actors: list[int | None] | None = None,
        clear_screen: bool | None = None,
        flush_input: Callable[[], None] | None = None,
        tag: str | None = None,
        confirm: bool = False,
        autosave_dir: str | Path | None = None,
    ) -> None:
        self.console = console or Console(highlight=False)
        self.input = input_fn or (lambda prompt: self.console.input(prompt))
        self.state = state
        self.players = list(players)
        if len(self.players) != state.num_players:
            raise SetupError(f"{len(self.players)} players given for a {state.num_players}-player game")
        self.view = view or view_for(state.game_name)
        #: The game's words for its actions, shared with the browser (core/presentation.py).
        self.presentation = presentation_of(game_info(state.game_name))
        #: The bot of each seat that answers ``hint``, kept for the game (its plans with it).
        self.hints = HintBots(state.game_name, state.num_players, state.seed)
        # The seed is shown only where the player chose it (``tag="seed 4"``); otherwise a game
        # id that is not derived from it.
        self.tag = tag or game_id()
        self.view.tag = self.tag
        # One entry per recorded action: the seat that chose it (None where unknown).
        done = len(state.history)
        given = list(actors or [])[-done:] if done else []
        self.actors: list[int | None] = [None] * (done - len(given)) + given
        self.clear = self.console.is_terminal if clear_screen is None else clear_screen
        self.log: list[Text] = []
        self._pending: tuple[int, list[str]] | None = None
        self._dirty = True
        self._last_human: int | None = None
        self._menu: list = []
        self._prev_sub = False
        self._notices: list[Text] = []
        self._line_phase = getattr(state, "phase", None)
        self._bots_moved = False
        self.flush_input = flush_input
        self.outcome: str | None = None
        #: Ask before a human's decision becomes final (ends the turn or reveals something),
        #: when earlier steps of it could still be taken back (see ``_confirm``).
        self.confirm = confirm
        #: Where the game is saved at its end and when a player leaves (None: nowhere).
        self.autosave_dir = Path(autosave_dir).expanduser() if autosave_dir is not None else None
        self.saved_to: Path | None = None
        # The event log: what happened, told from the seat at the keyboard (or publicly).
        state.record_events()
        self._seen = state.event_count

    # ------------------------------------------------------------------ helpers
    @property
    def labels(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def human_count(self) -> int:
        return sum(1 for p in self.players if p.is_human)

    def _viewer(self) -> int | None:
        """The seat whose eyes the shared log uses: the one human, else nobody's (public)."""
        humans = [s for s, p in enumerate(self.players) if p.is_human]
        return humans[0] if len(humans) == 1 else None

    def say(self, message: str | RenderableType, style: str | None = None) -> None:
        self.console.print(message, style=style)

    def _announce(self, message: str, style: str | None = None) -> None:
        """Say something that must survive the redraw that follows (undo, load)."""
        if self.clear:
            self._notices.append(Text(message, style=style or ""))
        else:
            self.say(message, style=style)

    def _round(self) -> Any:
        return getattr(self.state, "round", None)

    # ------------------------------------------------------------------ main loop
    def run(self) -> str:
        """Play on; returns "finished" or "quit". Leaving (quit, end of input, Ctrl-C) saves the
        game first when an autosave folder is set, and so does the end."""
        try:
            while not self.state.is_terminal:
                seat = self.state.current_player
                player = self.players[seat]
                if not player.is_human:
                    action = self._think(player.agent, seat, f"{player.name} is thinking…")
                    self._apply(action, seat)
                    continue
                if not self._human_turn(seat):
                    return self._leave()
        except KeyboardInterrupt:
            self.say("\nInterrupted: leaving the game.", style="yellow")
            return self._leave()
        self._flush()
        self._autosave()
        self._show_end()
        self.outcome = "finished"
        return "finished"

    def _leave(self) -> str:
        self._flush()
        if self.state.history:
            path = self._autosave()
            if path is not None:
                self.say(f"Saved: continue with  acreage play --load {path}", style="green")
        self.outcome = "quit"
        return "quit"

    def _autosave(self) -> Path | None:
        """Write the record to the autosave folder under a name that says what it is."""
        if self.autosave_dir is None:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{self.state.game_name}-{self.tag.replace(' ', '-')}-{stamp}.json"
        path = self.autosave_dir / "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
        try:
            self.autosave_dir.mkdir(parents=True, exist_ok=True)
            save_json(self.state.record(), path)
        except OSError as exc:
            self.say(f"Could not save the game to {path}: {exc.strerror or exc}", style="red")
            return None
        self.saved_to = path
        return path

    def _think(self, agent, seat: int, message: str):
        """Ask a bot for its move, with a spinner on a real terminal."""
        if not self.console.is_terminal:
            return agent.decide(self.state, seat)
        with self.console.status(message, spinner="dots"):
            return agent.decide(self.state, seat)

    def _apply(self, action, seat: int) -> None:
        before = self._round()
        phase = getattr(self.state, "phase", None)
        inside = self.state.in_subdecision()
        # The log is seen by everyone at the table: hidden choices are masked by the game.
        text = self.state.public_notation(action)
        self.state.apply(action)
        self.actors.append(seat)
        # A new log line starts with each new decision that follows a finished multi-step one
        # ("build X → place → pay"), and with each new phase.
        new_unit = (not inside and self._prev_sub) or phase != self._line_phase
        self._prev_sub = inside or (not self.state.is_terminal and self.state.in_subdecision())
        self._note(seat, text, new_unit)
        if self._pending and len(self._pending[1]) == 1:
            self._line_phase = phase
        self._dirty = True
        self._bots_moved = self._bots_moved or not self.players[seat].is_human
        self._tell_events()
        after = self._round()
        if after is not None and before is not None and after != before and not self.state.is_terminal:
            self._flush()
            for line in self._score_lines(top=4):
                self._log(line)

    def _tell_events(self) -> None:
        """Put the news among the new events into the log (the details stay for 'log')."""
        state = self.state
        viewer = self._viewer()
        news = [e for e in state.events_for(viewer, self._seen) if state.event_is_news(e)]
        self._seen = state.event_count
        if not news:
            return
        self._flush()
        for event in news:
            line = Text("  · ", style="dim")
            line.append(state.describe_event(event, self.labels))
            self._log(line)

    # ------------------------------------------------------------------ the log
    def _note(self, seat: int, text: str, new_unit: bool = False) -> None:
        if self._pending and self._pending[0] == seat and not new_unit:
            self._pending[1].append(text)
        else:
            self._flush()
            self._pending = (seat, [text])

    def _pending_line(self) -> Text | None:
        if not self._pending:
            return None
        seat, texts = self._pending
        shown = texts if len(texts) <= 14 else texts[:12] + [f"… {len(texts) - 12} more ('log' shows them)"]
        line = Text(f"{self.labels[seat]}: ", style="bold")
        line.append(" → ".join(shown))
        return line

    def _flush(self) -> None:
        line = self._pending_line()
        self._pending = None
        if line is not None:
            self._log(line)

    def _log(self, line: Text) -> None:
        self.log.append(line)
        del self.log[:-self.LOG_LINES]
        if not self.clear:
            self.console.print(line)

    # ------------------------------------------------------------------ drawing
    def render(self, seat: int | None) -> None:
        if self.clear:
            self.console.clear()
        self.console.print(self.view.render(self.state, seat, self.labels, width=self.console.width))
        if self.clear:
            for line in self.log[-self.LOG_LINES:]:
                self.console.print(line)
        for notice in self._notices:
            self.console.print(notice)
        self._notices = []
        self._dirty = False

    def _decision_line(self, seat: int) -> Text:
        line = Text("▶ ", style="bold yellow")
        line.append(self.labels[seat], style="bold")
        describe = getattr(self.state, "describe_decision", None)
        what = describe() if describe else "your decision"
        prefix = f"seat {seat}: "
        line.append(": " + (what[len(prefix):] if what.startswith(prefix) else what))
        if self._pending and self._pending[0] == seat:
            line.append("\n  so far this turn: " + " → ".join(self._pending[1]), style="dim")
        return line

    def _build_menu(self) -> list[tuple[str, list[tuple[int, str, Any]]]]:
        groups: dict[str, list[tuple[str, Any]]] = {}
        for action in self.state.legal_actions():
            shown = self.presentation.action_view(self.state, action)
            groups.setdefault(shown.group, []).append((shown.label, action))
        out, number, ordered = [], 1, []
        for title, items in groups.items():
            entries = []
            for label, action in items:
                entries.append((number, label, action))
                ordered.append(action)
                number += 1
            out.append((title, entries))
        self._menu = ordered
        return out

    def show_actions(self, full: bool = False) -> None:
        groups = self._build_menu()
        width = max(40, self.console.width)
        title_w = min(24, max((len(t) for t, _ in groups), default=0))
        room = max(20, width - title_w - 3)
        rows: list[tuple[str, Text, str]] = []
        for title, entries in groups:
            text, used = Text(), 0
            for number, label, _ in entries:
                size = len(str(number)) + 1 + len(label)
                if used and used + 2 + size > room:
                    text.append("\n")
                    used = 0
                elif used:
                    text.append("  ")
                    used += 2
                text.append(str(number), style="bold cyan")
                text.append(" " + label)
                used += size
            verb = title.split()[0] if title else ""
            rows.append((title, text, verb))
        if not full:
            rows = self._fold(rows, groups, room)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", justify="right", max_width=title_w or None)
        grid.add_column(overflow="fold", max_width=room)
        for title, text, _ in rows:
            grid.add_row(title, text)
        self.console.print(grid)
        if not full:
            self.console.print(
                "Type a number or an action (a unique start is enough) · help · help <name> · hint · "
                "undo · score · log · list · save FILE · quit", style="dim",
            )

    def _fold(self, rows, groups, room: int):
        """Fold the verbs with the most lines into one summary line each until it fits."""
        def height(text: Text) -> int:
            return sum(max(1, math.ceil(len(line) / room)) for line in text.plain.split("\n"))

        while sum(height(t) for _, t, _ in rows) > self.MENU_LINES:
            counts: dict[str, int] = {}
            for _, text, verb in rows:
                if verb:
                    counts[verb] = counts.get(verb, 0) + height(text)
            foldable = {v: c for v, c in counts.items() if c > 1 or sum(1 for r in rows if r[2] == v) > 1}
            if not foldable:
                break
            verb = max(foldable, key=lambda v: foldable[v])
            numbers = [n for title, entries in groups if title.split()[:1] == [verb] for n, _, _ in entries]
            places = [title.split(" ", 1)[1] if " " in title else "" for title, _ in groups
                      if title.split()[:1] == [verb]]
            joiner = places[0].split()[0] + " " if places and places[0].startswith("at ") else ""
            places = [p.removeprefix(joiner) for p in places if p]
            example = str(self._menu[numbers[0] - 1])
            summary = Text(f"{len(numbers)} choices")
            if numbers == list(range(numbers[0], numbers[-1] + 1)):
                summary.append(" ")
                summary.append(f"{numbers[0]}–{numbers[-1]}", style="bold cyan")
            if places:
                detail = " ".join(places)
                if len(detail) > room - 40:
                    detail = detail[: max(10, room - 42)].rsplit(" ", 1)[0] + " …"
                summary.append(f" {joiner}{detail}")
            summary.append(f"; type e.g. '{example}', or 'list' to see them all", style="dim")
            new_rows, placed = [], False
            for row in rows:
                if row[2] == verb:
                    if not placed:
                        new_rows.append((f"{verb} …", summary, ""))
                        placed = True
                    continue
                new_rows.append(row)
            rows = new_rows
        return rows

    def _private_seats(self) -> bool:
        """Whether seats hold secrets of their own (hands, face-down choices) in this game."""
        return bool(game_info(self.state.game_name).simultaneous_choices)

    # ------------------------------------------------------------------ a human's turn
    def _human_turn(self, seat: int) -> bool:
        """Ask the human in ``seat`` until one action is played (True) or they leave (False)."""
        if self._pending and self._pending[0] != seat:
            self._flush()
        dirty = self._dirty
        if self.human_count > 1 and self._last_human not in (None, seat) and self._private_seats():
            # Hot-seat with private hands: hide the screen until the next player is seated.
            self.console.clear()
            try:
                self.input(f"Pass the keyboard to {self.labels[seat]} and press Enter when only they "
                           "can see the screen. ")
            except EOFError:
                return False
            dirty = True
        if dirty:
            self.render(seat)
        if self.human_count > 1 and self._last_human != seat:
            self.console.rule(f"[bold]{escape(self.labels[seat])}[/bold], your turn", style="yellow")
        if dirty or self._last_human != seat:
            self.console.print(self._decision_line(seat))
            self.show_actions()
        self._last_human = seat
        prompt = f"{self.labels[seat]} › "
        if self._bots_moved and self.flush_input is not None:
            self.flush_input()  # drop keys pressed while the bots were thinking
        self._bots_moved = False
        while True:
            try:
                raw = self.input(prompt)
            except EOFError:
                self.say("\nInput closed: leaving the game.", style="yellow")
                return False
            except KeyboardInterrupt:
                self.say("\nInterrupted: leaving the game.", style="yellow")
                return False
            result = self._handle(raw, seat)
            if result == "quit":
                return False
            if result == "played":
                return True

    def _handle(self, raw: str, seat: int) -> str:
        """One line of input: returns "played", "quit" or "again"."""
        text = raw.strip()
        if not text:
            self.say("Type a number from the list, an action, or 'help'.", style="dim")
            return "again"
        word, _, rest = text.partition(" ")
        cmd, rest = word.lower(), rest.strip()
        if cmd in ("help", "?"):
            self._help(rest)
            return "again"
        if cmd in ("list", "ls") and not rest:
            self.show_actions(full=True)
            return "again"
        if cmd in ("board", "redraw") and not rest:
            self.render(seat)
            self.console.print(self._decision_line(seat))
            self.show_actions()
            return "again"
        if cmd == "hint" and not rest:
            self._hint(seat)
            return "again"
        if cmd == "plan" and rest.lower() in ("", "apply"):
            return self._plan(seat, apply=rest.lower() == "apply")
        if cmd == "undo" and rest.lower() in ("", "all"):
            return self._undo(seat, every=rest.lower() == "all")
        if cmd in ("score", "scores") and not rest:
            for line in self._score_lines():
                self.console.print(line)
            return "again"
        if cmd == "log" and (not rest or rest.isdigit()):
            self._show_log(int(rest) if rest else None)
            return "again"
        if cmd == "save":
            self._save(rest)
            return "again"
        if cmd == "load":
            return self._load(rest)
        if cmd in ("quit", "exit") and not rest:
            self.say("You left the game.", style="yellow")
            return "quit"
        if not self._menu:
            self._build_menu()
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(self._menu):
                self.say(f"There is no action {number}: choose 1–{len(self._menu)}.", style="red")
                return "again"
            return self._play(self._menu[number - 1], seat)
        action, candidates = match_action(text, self._menu)
        if action is not None:
            if normalise_notation(str(action)) != normalise_notation(text):
                self.say(f"→ {action}", style="dim")
            return self._play(action, seat)
        if candidates:
            numbers = {id(a): i + 1 for i, a in enumerate(self._menu)}
            shown = "  ".join(f"{numbers.get(id(a), '?')} {a}" for a in candidates[:30])
            more = f" (and {len(candidates) - 30} more)" if len(candidates) > 30 else ""
            self.say(f"{text!r} fits {len(candidates)} actions: {shown}{more}", style="yellow")
            return "again"
        try:
            action = self.state.parse_action(text)
        except IllegalAction as exc:
            self.say(f"Not possible: {exc}", style="red")
            return "again"
        return self._play(action, seat)

    def _play(self, action, seat: int) -> str:
        if self.confirm:
            answer = self._confirm(action, seat)
            if answer != "yes":
                return answer
        try:
            self._apply(action, seat)
        except IllegalAction as exc:
            self.say(f"Not possible: {exc}", style="red")
            return "again"
        self._menu = []
        return "played"

    def _confirm(self, action, seat: int) -> str:
        """Before a decision becomes final, while earlier steps of it could still be taken
        back: ask. Returns "yes" (play it), "again" (choose something else), "played" (the
        earlier steps were undone) or "quit"."""
        state = self.state
        if not (state.in_subdecision() or state.undoable(seat)):
            return "yes"  # a one-step decision: nothing earlier to take back
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            return "yes"  # _apply reports it
        if trial.is_terminal or trial.current_player != seat:
            why = "ends your turn"
        elif trial.undo_floor > len(state.history):
            why = "reveals something new, so it cannot be taken back"
        else:
            return "yes"
        try:
            raw = self.input(f"'{action}' {why}. Enter: confirm · undo: take back your earlier "
                             "steps · anything else: choose again › ")
        except (EOFError, KeyboardInterrupt):
            return "quit"
        answer = raw.strip().lower()
        if answer in ("", "y", "yes", "ok", "confirm"):
            return "yes"
        if answer in ("undo", "u"):
            return self._undo(seat, every=False)
        self.show_actions()
        return "again"

    # ------------------------------------------------------------------ scores and the log
