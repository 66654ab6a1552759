"""The catalogue of games: names, player counts, options and capabilities.

Games register lazily by module path so that ``import acreage`` stays cheap and the core never
imports a game package at import time. Arena, interop and app ask this registry, never a game
module by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .errors import BadSeed, OptionError
from .levels import Level, check_levels
from .options import OptionSpec, normalise_options


class StateClass(Protocol):
    """What the registry's users need of a game's state class (``GameState`` gives it; this
    module cannot import ``state.py``, which imports the loaders that import this one)."""

    game_name: ClassVar[str]
    rules_version: ClassVar[str]

    @classmethod
    def _state_from_json(cls, data: dict) -> Any: ...


@dataclass(frozen=True)
class GameInfo:
    """What the rest of the project needs to know about one game."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec]
    #: Builds a fresh state: factory(players, seed, normalised_options).
    factory: Callable[[int, Any, dict], Any]
    #: The state class (used to load snapshots).
    state_class: type[StateClass]
    hidden_information: bool = False
    simultaneous_choices: bool = False
    description: str = ""
    aliases: tuple[str, ...] = field(default=())
    #: Optional evaluation for greedy play: heuristic(state, seat) -> float (higher is better).
    #: It must read only what ``seat`` may see (it is called on determinized copies).
    heuristic: Callable[[Any, int], float] | None = None
    #: Optional estimate of a seat's final score, on one scale at every stage of the game:
    #: value(state, seat) -> float. Tree search judges with it (its leaves come from different
    #: stages), and ``greedy:learned=1`` too; without one, they use the heuristic.
    value: Callable[[Any, int], float] | None = None
    #: Optional pruning for look-ahead: shortlist(state, actions, keep=None) -> the options of
    #: the pending sub-decision worth judging (a subset, in the same order), at most ``keep`` of
    #: the pruned kind where it is given (MCTS orders a node's actions with a smaller list,
    #: ``order_keep``). Bots completing a turn greedily judge only these where a step offers many
    #: near-useless options (Foxglove's trail placements); without one, they judge every option.
    shortlist: Callable[..., list] | None = None
    #: Optional key of what ``heuristic`` and ``value`` read of one seat's position:
    #: judge_key(state, seat) -> a hashable key, equal only where both judge that seat alike
    #: (within one game: its options may be left out), or None where a judgement reads more.
    #: A tree search judges each key once (Foxglove: a seat's town, points and the decisions
    #: pending; the other towns and the stacks are not in it).
    judge_key: Callable[[Any, int], Any] | None = None
    #: Optional calm point for tree-search playouts: horizon(leaf) -> reached(state), where
    #: ``reached`` is true once a copy of ``leaf`` played on has come to where ``value`` judges
    #: best (Foxglove: the next round's first construction decision, past the round's transport
    #: and processing, which the estimate can only guess). ``mcts:playout=1`` plays each leaf
    #: on greedily to it; without one, that option judges leaves where they stand.
    horizon: Callable[[Any], Callable[[Any], bool]] | None = None
    #: Optional opening book: book(state, seat) -> a legal action settled offline for this exact
    #: position, or None (Foxglove: the first turn of each fixed solo setup, played out in
    #: whole games by ``tools/solo_book.py``). ``mcts`` plays it instead of searching unless
    #: ``book=0``.
    book: Callable[[Any, int], Any] | None = None
    #: Optional shortcuts for the position: macros(state) -> ``(name, actions)`` pairs, each a
    #: sequence of actions legal in turn (Foxglove: the exact transport plan of a stage). Bots
    #: take them as one decision, the terminal and the web offer them to players; they come
    #: from the registry so that a game's rules never import what its bots know.
    macros: Callable[[Any], list] | None = None
    #: Optional presentation model (``core/presentation.py``): the words of every card and
    #: tile, action labels, groups and ``args``, derived facts. The terminal and the web read
    #: it; without one they show bare notation.
    presentation: Any = None
    #: Optional metrics of a finished game for the arena's rows: metrics(state) -> dict (see
    #: ``arena/metrics.py`` for the conventions the report understands).
    metrics: Callable[[Any], dict] | None = None
    #: Optional conservation check for fuzzing: conservation(state) -> list of problems (empty
    #: when every component is where it should be).
    conservation: Callable[[Any], list[str]] | None = None
    #: The configurations that change the rules, as (players, options) pairs: fuzzed by the
    #: arena, offered by the lobby. Every player count should appear.
    variants: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    #: The named bot levels a player chooses from (``core/levels.py``), weakest first; each
    #: maps to a bot spec and budget calibrated for this game.
    levels: tuple[Level, ...] = ()

    def __post_init__(self) -> None:
        check_levels(self.name, self.levels)

    def level(self, name: str) -> Level | None:
        """The level called ``name``, or None if this game has none by that name."""
        return next((lv for lv in self.levels if lv.name == name), None)

    def summary(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(range(self.min_players, self.max_players + 1)),
            "options": {
                k: {"default": _plain(v.default), "help": v.help, "lobby": v.lobby_kind,
                    "labels": [[value, words] for value, words in v.labels],
                    "players": list(v.players) if v.players else None}
                for k, v in self.options.items()
            },
            "description": self.description,
            "hidden_information": self.hidden_information,
            "simultaneous_choices": self.simultaneous_choices,
            "levels": [lv.summary() for lv in self.levels],
        }


def _plain(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else value


#: Built-in games: name -> "module:attribute" holding a GameInfo.
_BUILTIN = {
    "foxglove": "acreage.games.foxglove:GAME_INFO",
    "fields_of_green": "acreage.games.fields_of_green:GAME_INFO",
    "harvest": "acreage.games.harvest:GAME_INFO",
}
_LOADED: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game (third-party games may call this too)."""
    _LOADED[info.name] = info


def _load(name: str) -> GameInfo:
    if name not in _LOADED:
        module, attr = _BUILTIN[name].split(":")
        _LOADED[name] = getattr(importlib.import_module(module), attr)
    return _LOADED[name]


def game_info(name: str) -> GameInfo:
    if not isinstance(name, str):
        raise OptionError(f"a game is named by text (e.g. 'foxglove'), not {type(name).__name__} {name!r}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    for candidate in list(_BUILTIN) + list(_LOADED):
        info = _load(candidate)
        if key == info.name or key in info.aliases:
            return info
    known = ", ".join(sorted(set(_BUILTIN) | set(_LOADED)))
    raise OptionError(f"no game called {name!r}; the games are: {known}")


def games() -> list[GameInfo]:
    """Every registered game."""
    for name in _BUILTIN:
        _load(name)
    return list(_LOADED.values())


def new_game(name: str, players: int = 2, seed: Any = 0, **options: Any):
    """Start a new game: ``new_game("foxglove", players=2, seed=7, expert={1})``."""
    info = game_info(name)
    check_seed(seed)
    if (not isinstance(players, int) or isinstance(players, bool)
            or not info.min_players <= players <= info.max_players):
        raise OptionError(
            f"{info.title} takes {info.min_players}–{info.max_players} players, not {players!r}"
        )
    opts = normalise_options(info.name, info.options, players, options)
    return info.factory(players, seed, opts)


def check_seed(seed: Any) -> Any:
    """``seed`` if a record can carry it and replay it the same way everywhere: ``None``, a
    whole number or a string. Floats, booleans, bytes and containers are refused."""
    if seed is None or isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise BadSeed(
        f"seed {seed!r} is a {type(seed).__name__}; give a whole number, a string or None "
        "(None: seed 0)"
    )
