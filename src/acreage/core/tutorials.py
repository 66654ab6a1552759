"""Tutorials as data: a real game, replayed with a comment at each of the learner's moves.

A tutorial is a file of the game's own package (``games/<game>/data/tutorial.toml``), written
the way a designer teaches at the table (Board Game Arena's tutorials are annotated replays):
play a real game, replay it, and say at each of the learner's moves what to do and why,
naming the rules that move first uses. Nothing about it is code, so a tutorial is changed
without touching the engine, and ``tools/author_tutorial.py`` starts a new one from any game
record.

The file holds the game (seed, players, options), the learner's seat, every move of the guided
part in notation (all seats, in the order played) and one *step* per move of the learner:

.. code-block:: toml

    schema = 1
    title = "Your first town"
    seed = 77
    players = 2
    learner = 0
    then = "easy"          # the level that plays the other seats once the guided part is over
    intro = "..."
    outro = "..."
    moves = ["build Sheepfold", "place 2,0", ...]

    [[steps]]
    move = 0               # the index in ``moves`` of the learner's move this step asks for
    rules = ["FF-CON-1"]   # the rules this move is the first to use
    text = "..."           # shown while the learner decides
    why = "..."            # told to a learner who makes another move (default: ``text``)
    highlight = { card = "Sheepfold" }   # what the board lights (an action's ``args``)

The other seats' moves are played for them (the web plays them as the seats' bots would); a
learner who makes another move is refused and told why the tutorial wants this one; after the
last scripted move the game goes on freely, the other seats played by ``then``.

A tutorial is checked when loaded (:func:`load_tutorial`): every move must be legal in turn,
every learner move must have its step and no step may point at another seat's move, so a rules
change that breaks a tutorial fails its test, not a newcomer's first game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .content import SCHEMA_VERSION, check_keys, check_schema, read_game_toml, require_schema
from .errors import AcreageError, ContentError
from .registry import game_info

FILE = "tutorial.toml"
TOP_KEYS = ("schema", "title", "seed", "players", "options", "learner", "then", "intro", "outro",
            "moves", "steps")
STEP_KEYS = ("move", "rules", "text", "why", "highlight")


@dataclass(frozen=True)
class Step:
    """One move of the learner: what the tutorial says, and the move it asks for."""

    move: int
    text: str
    rules: tuple[str, ...] = ()
    why: str = ""
    highlight: dict[str, Any] = field(default_factory=dict)

    def refusal(self) -> str:
        """What a learner who made another move is told."""
        return self.why or self.text


@dataclass(frozen=True)
class Tutorial:
    """A checked tutorial of one game (see the module docstring)."""

    game: str
    title: str
    seed: int
    players: int
    options: dict[str, Any]
    learner: int
    then: str
    intro: str
    outro: str
    moves: tuple[str, ...]
    #: Who made each move of ``moves`` (worked out by replaying them when loaded).
    seats: tuple[int, ...]
    steps: dict[int, Step]

    def new_game(self):
        """The tutorial's game before its first move."""
        from .registry import new_game

        return new_game(self.game, players=self.players, seed=self.seed, **self.options)

    def scripted(self, position: int, seat: int) -> str | None:
        """The move ``seat`` makes at ``position`` (moves played so far) if the script says so:
        the other seats' moves are played for them; ``None`` past the script or for the learner."""
        if seat == self.learner or position >= len(self.moves) or self.seats[position] != seat:
            return None
        return self.moves[position]

    def next_step(self, position: int) -> Step | None:
        """The learner's next step at or after ``position`` (in a simultaneous choice the
        learner may choose before the engine comes to its seat); ``None`` once the guided part
        is over."""
        for index in range(position, len(self.moves)):
            if self.seats[index] == self.learner:
                return self.steps[index]
        return None

    def expected(self, position: int) -> str | None:
        """The move the learner must make next, or ``None`` when the learner is free."""
        step = self.next_step(position)
        return None if step is None else self.moves[step.move]

    @property
    def learner_moves(self) -> int:
        return len(self.steps)

    def step_number(self, step: Step) -> int:
        """1 for the learner's first move, and so on (for "step 3 of 12")."""
        return sorted(self.steps).index(step.move) + 1


class TutorialError(ContentError):
    """A tutorial file that cannot be played: the message names the file, the entry and what to
    change."""


def _text(raw: Any, where: str, name: str, required: bool = True) -> str:
    value = raw.get(name, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise TutorialError(f"{where}: field {name!r} must be non-empty text")
    return value.strip()


def parse_tutorial(game: str, data: dict[str, Any], fname: str = FILE) -> Tutorial:
    """Check a tutorial's data and replay its moves; :class:`TutorialError` says what is wrong."""
    info = game_info(game)
    where = f"{info.name}/{fname}"
    check_schema(data, where)
    check_keys(data, TOP_KEYS, where)
    require_schema(data, where)
    seed, players, learner = data.get("seed"), data.get("players"), data.get("learner", 0)
    for name, value in (("seed", seed), ("players", players), ("learner", learner)):
        if type(value) is not int:
            raise TutorialError(f"{where}: field {name!r} must be a whole number")
    assert isinstance(players, int) and isinstance(learner, int) and isinstance(seed, int)
    if not 0 <= learner < players:
        raise TutorialError(f"{where}: learner must be a seat from 0 to {players - 1}")
    options = data.get("options", {})
    moves = data.get("moves")
    if not isinstance(options, dict):
        raise TutorialError(f"{where}: field 'options' must be a table of the game's options")
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise TutorialError(f"{where}: field 'moves' must list the guided part's moves in notation")
    steps: dict[int, Step] = {}
    for k, raw in enumerate(data.get("steps", [])):
        at = f"{where}: step {k + 1}"
        if not isinstance(raw, dict):
            raise TutorialError(f"{at} must be a table ([[steps]])")
        check_keys(raw, STEP_KEYS, at)
        move, rules, highlight = raw.get("move"), raw.get("rules", []), raw.get("highlight", {})
        if type(move) is not int or not 0 <= move < len(moves):
            raise TutorialError(f"{at}: 'move' must be an index into 'moves' (0 to {len(moves) - 1})")
        if move in steps:
            raise TutorialError(f"{at}: move {move} has a step already")
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise TutorialError(f"{at}: 'rules' must list rule IDs")
        if not isinstance(highlight, dict):
            raise TutorialError(f"{at}: 'highlight' must be a table of what the board lights")
        steps[move] = Step(move, _text(raw, at, "text"), tuple(rules), _text(raw, at, "why", False),
                           dict(highlight))
    tutorial = Tutorial(
        info.name, _text(data, where, "title"), seed, players, dict(options), learner,
        data.get("then", "easy"), _text(data, where, "intro"), _text(data, where, "outro"),
        tuple(moves), (), steps,
    )
    seats, canonical = _replay(tutorial, where)
    tutorial = Tutorial(**{**tutorial.__dict__, "seats": seats, "moves": canonical})
    for index, seat in enumerate(seats):
        if seat == learner and index not in steps:
            raise TutorialError(f"{where}: move {index} ({moves[index]!r}) is the learner's and has no step")
        if seat != learner and index in steps:
            raise TutorialError(f"{where}: move {index} ({moves[index]!r}) is seat {seat}'s, "
                                "not the learner's")
    if not steps:
        raise TutorialError(f"{where}: the learner makes no move in the guided part")
    return tutorial


def _replay(tutorial: Tutorial, where: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Play every move in turn: the seat that made each one, and each move as the engine
    writes it (so the learner's move is compared with the same spelling)."""
    try:
        state = tutorial.new_game()
    except AcreageError as exc:
        raise TutorialError(f"{where}: the game cannot be set up: {exc}") from None
    seats, canonical = [], []
    for index, text in enumerate(tutorial.moves):
        if state.is_terminal:
            raise TutorialError(f"{where}: move {index} ({text!r}) comes after the game's end")
        seats.append(state.current_player)
        try:
            action = state.parse_action(text)
        except AcreageError as exc:
            raise TutorialError(f"{where}: move {index} ({text!r}) cannot be played: {exc}") from None
        canonical.append(str(action))
        state.apply(action)
    return tuple(seats), tuple(canonical)


@cache
def load_tutorial(game: str) -> Tutorial | None:
    """The game's tutorial, checked; ``None`` for a game without one."""
    data = read_game_toml(game, FILE, TutorialError)
    return None if data is None else parse_tutorial(game, data)


__all__ = ["SCHEMA_VERSION", "Step", "Tutorial", "TutorialError", "load_tutorial", "parse_tutorial"]
