"""The commands a player can type at the prompt besides a move: the score and the story so far,
help, a bot's hint or plan, undo, save and load, and the end-of-game summary.

A part of :class:`~.session.Session`: the session inherits these; they read and change its
state, seats and log (see ``session.py``).
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..core import (
    AcreageError,
    game_info,
    replay,
    save_json,
)
from .players import HintBots, make_players
from .replay import run_replay
from .saved_games import load_game
from .views import view_for

#: What can be typed at the prompt besides a move, with what it does (``help`` shows them).
COMMANDS = (
    ("<number>", "play the action with that number in the list"),
    ("<action>", "type the action itself, e.g. '{action}' (any unique start will do)"),
    ("help <name>", "explain a {thing}, e.g. 'help {topic}'"),
    ("list", "show every legal action, nothing folded away"),
    ("hint", "ask the game's strongest bot level (about a second of thinking; the beam bot in "
             "solo Foxglove) what it would play here; it remembers its plan from one hint to the next"),
    ("plan", "show the game's best plan for this step, if it has one (Foxglove: transport); "
             "'plan apply' plays it"),
    ("undo", "take back your last action; 'undo all' takes back your whole turn so far"),
    ("score", "where every point of every player comes from"),
    ("log", "the whole story of the game so far ('log 20': the last 20 actions)"),
    ("save FILE", "write the game record (JSON) to FILE"),
    ("load FILE", "continue a saved game from FILE"),
    ("board", "draw the board again"),
    ("quit", "leave the game (it is saved for you to continue)"),
)


class SessionCommands:
    """The prompt's commands (``help`` lists them)."""

    def _score_lines(self, top: int | None = None) -> list[Text]:
        """One line per seat: its score and where it comes from (``top``: the biggest sources
        only, with a pointer to the 'score' command for the rest)."""
        state = self.state
        scores = state.scores()
        lines = []
        for s in range(state.num_players):
            parts = sorted(state.score_breakdown(s).items(), key=lambda kv: (-abs(kv[1]), kv[0]))
            line = Text(f"{self.labels[s]}: ", style="bold")
            line.append(f"{scores[s]} points", style="bold")
            shown = parts if top is None else parts[:top]
            if shown:
                line.append(" = " + " + ".join(f"{label} {points}" for label, points in shown)
                            .replace("+ -", "- "))
            if len(shown) < len(parts):
                line.append(f" + {len(parts) - len(shown)} more ('score' shows them)", style="dim")
            lines.append(line)
        return lines

    def _show_log(self, last: int | None) -> None:
        """The whole story: each action (as everyone saw it) and what it caused."""
        state = self.state
        viewer = self._viewer()
        by_step: dict[int, list[dict]] = {}
        for event in state.events_for(viewer):
            by_step.setdefault(event["step"], []).append(event)
        first = 0 if last is None else max(0, len(state.history) - last)
        if first == 0:
            for event in by_step.get(0, []):
                self.console.print("      " + state.describe_event(event, self.labels), markup=False)
        for k in range(first, len(state.history)):
            who = state.history_seats[k]
            action = state.history[k]
            text = str(action) if who == viewer else state.public_notation(action)
            self.console.print(f"{k + 1:5d}. {self.labels[who]}: {text}", markup=False, style="bold")
            for event in by_step.get(k + 1, []):
                self.console.print("      " + state.describe_event(event, self.labels), markup=False)

    # ------------------------------------------------------------------ commands
    def _help(self, topic: str) -> None:
        if topic:
            card = self.view.help_topic(topic)
            if card is None:
                example = f", e.g. 'help {self.view.example_topic}'" if self.view.example_topic else ""
                self.say(f"No help on {topic!r}: give the name of a {self.view.example_thing}{example}.",
                         style="red")
            else:
                self.console.print(card)
            return
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold cyan")
        grid.add_column()
        view = self.view
        for name, what in COMMANDS:
            grid.add_row(name, what.format(action=view.example_action, thing=view.example_thing,
                                           topic=view.example_topic or "…"))
        self.console.print(grid)
        extra = self.view.help_extra()
        if extra:
            self.say(extra, style="dim")

    def _hint(self, seat: int) -> None:
        agent = self.hints.bot(self.state, seat)
        action = self._think(agent, seat, "The hint bot is looking for a move…")
        if not self._menu:
            self._build_menu()
        number = next((i + 1 for i, a in enumerate(self._menu) if a == action), None)
        where = f" (number {number})" if number else ""
        self.say(f"The hint bot would play: {action}{where}", style="green")

    def _plan(self, seat: int, apply: bool) -> str:
        """Show (or play) the game's shortcut for the current step (``state.macro_actions()``)."""
        if not self.console.is_terminal:
            macros = self.state.macro_actions()
        else:
            with self.console.status("Planning…", spinner="dots"):
                macros = self.state.macro_actions()
        if not macros:
            self.say("No plan is offered here (Foxglove Farm plans transport stages).", style="yellow")
            return "again"
        name, actions = macros[0]
        steps = ", ".join(str(a) for a in actions)
        self.say(f"Best {name} ({len(actions)} actions): {steps}", style="green")
        if not apply:
            self.say("Type 'plan apply' to play it in one step.", style="dim")
            return "again"
        for action in actions:
            self._apply(action, seat)
        return "played"

    def _undo(self, seat: int, every: bool) -> str:
        """Take back this seat's own last decisions, as far as the state allows (its
        ``undoable``: never across another seat's move or a revealed tile)."""
        history_len = len(self.state.history)
        if not history_len:
            self.say("Nothing to undo: no action has been played yet.", style="red")
            return "again"
        allowed = self.state.undoable(seat)
        if not allowed:
            last = self.state.history_seats[-1]
            if last != seat:
                self.say(f"Cannot undo: {self.labels[last]} has played since your last action.", style="red")
            else:
                self.say("Cannot undo: a new tile has been drawn since, so taking it back would "
                         "change what everyone has seen.", style="red")
            return "again"
        target = history_len - (allowed if every else 1)
        record = self.state.record()
        earlier = replay(record, upto=target)
        undone = record["actions"][target:]
        self.state = earlier
        earlier.record_events()
        self._seen = earlier.event_count
        del self.actors[target:]
        if self._pending and self._pending[0] == seat:
            kept = self._pending[1][: max(0, len(self._pending[1]) - len(undone))]
            self._pending = (seat, kept) if kept else None
        self._menu = []
        self._dirty = True
        self._announce("Took back: " + ", ".join(reversed(undone)), style="green")
        return "played"

    def _save(self, path: str) -> None:
        if not path:
            self.say("Give a file name: save FILE", style="red")
            return
        try:
            save_json(self.state.record(), path)
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror or exc}", style="red")
            return
        self.say(f"Saved the game record to {path}.", style="green")
        if game_info(self.state.game_name).hidden_information and not self.state.is_terminal:
            self.say("This file holds every secret of the game (its seed, so the order of every "
                     "stack and every hand): keep it from the other players until the game ends.",
                     style="yellow")

    def _load(self, path: str) -> str:
        if not path:
            self.say("Give a file name: load FILE", style="red")
            return "again"
        try:
            state, actors = load_game(path)
        except AcreageError as exc:
            self.say(f"Could not load {path}: {exc}", style="red")
            return "again"
        if state.num_players != len(self.players):
            humans = max(1, min(self.human_count, state.num_players))
            self.players = make_players(state.num_players, humans=humans, seed=state.seed,
                                        game=state.game_name)
        if state.game_name != self.state.game_name:
            self.view = view_for(state.game_name)
            self.view.tag = self.tag
        self.state, self.actors = state, actors
        self.hints = HintBots(state.game_name, state.num_players, state.seed)
        state.record_events()
        self._seen = state.event_count
        self._pending, self._menu, self._dirty = None, [], True
        self._announce(f"Loaded {path}: {len(actors)} actions replayed.", style="green")
        return "played"

    # ------------------------------------------------------------------ the end
    def _show_end(self) -> None:
        if self.clear:
            self.console.clear()
        self.console.print(self.view.render(self.state, None, self.labels, width=self.console.width))
        if self.clear:
            for line in self.log[-self.LOG_LINES:]:
                self.console.print(line)
        self.console.print(self.view.final_summary(self.state, self.labels))
        self.console.print(Text("Where the points come from:", style="bold"))
        for line in self._score_lines():
            self.console.print(line)
        if self.saved_to is None:
            return
        self.say(f"The game is saved in {self.saved_to}.", style="green")
        try:
            raw = self.input("Type 'replay' to watch it again step by step, or press Enter to leave › ")
        except (EOFError, KeyboardInterrupt):
            return
        if raw.strip().lower() in ("replay", "r"):
            run_replay(self.state.record(), self.console, self.input, interactive=True,
                       clear_screen=self.clear)
