"""Game records as OpenSpiel trajectories (match traces), written and read in pure Python.

OpenSpiel 2.0 added one standard JSON record of a played game: ``open_spiel::trajectories::
Trajectory`` (``open_spiel/utils/trajectories.{h,cc}``, in Python ``pyspiel.Trajectory``)::

    {"header": {"game_string": "acreage_foxglove(advanced_tiles=True,...,seed=11,...)",
                "terminal": true, "returns": [1.0, -1.0], "meta_data": "<text>"},
     "transitions": [{"player": 0, "action": 8}, {"player": 0, "action": 81}, ...]}

OpenSpiel rebuilds the game with ``pyspiel.load_game(game_string)`` and applies the action ids
in order (``Trajectory.reconstruct_final_state()``). Everything OpenSpiel has no field for
(the deal seed, the action notation, player names, the scores) goes into ``meta_data`` as
JSON text, so OpenSpiel's own reader and writer keep it unchanged. docs/records.md has the
fields and the decisions taken.

This module imports neither pyspiel nor numpy, so any part of the program can export.

**The deal.** The games draw from a seeded generator inside the state, and the OpenSpiel
adapter (``acreage.interop.openspiel``) deals the first state of a game object loaded with
``seed=P`` from the game seed :func:`deal_seed_of` ``(P)``. A record's own seed is not of that
form, so it is kept in ``meta_data``; the game string carries ``seed=P`` only when the caller
names the ``P`` the game was dealt from (``spiel_seed``), and only then can OpenSpiel replay
the trace by itself.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

from ..core.errors import AcreageError, IllegalAction, RecordError
from ..core.formats import SNAPSHOT_FORMAT
from ..core.records import check_rules_version, load_state, parse_json_text, read_json_file, replay
from ..core.registry import GameInfo, check_seed, game_info, games, new_game
from ..core.state import GameState, normalise_notation
from ._common import default_players, final_rewards, resolve_reward

__all__ = [
    "TRACE_FORMAT",
    "TRACE_VERSION",
    "MatchTraceError",
    "deal_seed_of",
    "from_match_trace",
    "game_string",
    "parse_game_string",
    "player_names",
    "read",
    "to_match_trace",
    "write",
]

#: ``meta_data``'s own format name and version (the OpenSpiel fields have no version).
TRACE_FORMAT = "acreage-match-trace"
TRACE_VERSION = 1
#: The adapter's name prefix (``acreage.interop.openspiel.short_name``) and parameter defaults.
SPIEL_PREFIX = "acreage_"
DEFAULT_SCORE_CAP = 1000
#: OpenSpiel reads integer parameters into a C++ ``int``.
INT32 = (-(2**31), 2**31 - 1)


class MatchTraceError(RecordError):
    """A match trace that cannot be written or read: the message names the bad field."""


# ---------------------------------------------------------------- the deal


def deal_seed_of(spiel_seed: int) -> int:
    """The game seed the adapter deals the first state of a game loaded with ``seed=spiel_seed``.

    Mirrors ``AcreageSpielGame.next_seed`` (tests/interop/test_match_trace.py plays through
    pyspiel to keep the two in step), so a trace can say which ``seed=`` replays its deal."""
    return random.Random(spiel_seed).getrandbits(63)


def _check_spiel_seed(spiel_seed: Any, deal: Any) -> int:
    if spiel_seed is None:
        return -1
    if type(spiel_seed) is not int or not 0 <= spiel_seed <= INT32[1]:
        raise MatchTraceError(f"spiel_seed should be a whole number from 0 to {INT32[1]}, got {spiel_seed!r}")
    if deal_seed_of(spiel_seed) != deal:
        raise MatchTraceError(
            f"spiel_seed={spiel_seed} deals game seed {deal_seed_of(spiel_seed)}, but this game was "
            f"dealt from seed {deal!r}; give the adapter seed the game was played under, or none"
        )
    return spiel_seed


# ---------------------------------------------------------------- game strings


def _parameter_defaults(info: GameInfo) -> dict[str, Any]:
    """The adapter's parameters and defaults (``openspiel._parameter_spec``), without pyspiel."""
    spec: dict[str, Any] = {"players": default_players(info), "seed": -1, "reward": "auto",
                            "score_cap": DEFAULT_SCORE_CAP}
    for name, option in info.options.items():
        spec[name] = option.default if _plain_default(option.default) else ""
    return spec


def _plain_default(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str))


def _spiel_typed(text: str) -> Any:
    """The value OpenSpiel's game-string reader makes of ``text`` (``GameParameterFromString``)."""
    if text == "":
        return ""
    if text in ("True", "true"):
        return True
    if text in ("False", "false"):
        return False
    if all(c in "+-0123456789" for c in text):
        try:
            number = int(text)
        except ValueError:
            raise MatchTraceError(f"game string value {text!r} is not a number OpenSpiel can read") from None
        if not INT32[0] <= number <= INT32[1]:
            raise MatchTraceError(f"game string value {text} does not fit OpenSpiel's 32-bit int")
        return number
    if all(c in "+-0123456789." for c in text):
        try:
            return float(text)
        except ValueError:
            raise MatchTraceError(f"game string value {text!r} is not a number OpenSpiel can read") from None
    if text.endswith(")"):
        raise MatchTraceError(f"game string value {text!r} is a nested game; acreage games take none")
    return text


def _param_text(value: Any) -> str:
    """How OpenSpiel writes a parameter value (``GameParameter::ToString``)."""
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(value)


def _option_text(info: GameInfo, name: str, value: Any, players: int) -> str:
    """``value`` of option ``name`` as game-string text that the adapter turns back into it.

    Options with a plain default keep their type. The others are string parameters, ``""``
    meaning the default; seat numbers are written space-separated (a comma would end the
    parameter), and a value OpenSpiel would read as a number gets a leading space, which the
    games' seat readers ignore: ``start_player= 1``. Whatever does not come back as ``value``
    is refused rather than written wrong."""
    spec = info.options[name]
    plain = _plain_default(spec.default)
    text = _param_text(value) if plain else _string_param(value, spec.normalise(spec.default, players))
    if not plain and text and not isinstance(_safe_typed(text), str):
        text = " " + text
    back = _safe_typed(text)
    same_type = not plain or type(back) is type(spec.default)
    try:
        ok = same_type and not any(c in text for c in ",()=") and _option_value(spec, back, players) == value
    except AcreageError:
        ok = False
    if not ok:
        raise MatchTraceError(
            f"option {name}={value!r} cannot be written in an OpenSpiel game string (it would not "
            "read back as the same value); only the project's own record format carries it"
        )
    return text


def _string_param(value: Any, default: Any) -> str:
    """First try at the text of an option the adapter takes as a string parameter."""
    if value == default:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, (set, frozenset, list, tuple)) and all(type(v) is int for v in value):
        return " ".join(str(v) for v in sorted(value))
    return value if isinstance(value, str) else repr(value)


def _safe_typed(text: str) -> Any:
    try:
        return _spiel_typed(text)
    except MatchTraceError:
        return None


def _option_value(spec: Any, param: Any, players: int) -> Any:
    """The option value the adapter starts the game with for parameter value ``param``."""
    if not _plain_default(spec.default) and param == "":
        return spec.normalise(spec.default, players)
    return spec.normalise(param, players)


def game_string(state: GameState, spiel_seed: int = -1, reward: str = "auto") -> str:
    """The OpenSpiel game string of ``state``'s game, as ``game.to_string()`` writes it for the
    adapter: every parameter, sorted by name."""
    info = game_info(state.game_name)
    params = _parameter_defaults(info)
    params.update(players=state.num_players, seed=spiel_seed, reward=reward)
    texts = {k: _param_text(v) for k, v in params.items()}
    for name in info.options:
        texts[name] = _option_text(info, name, state.options[name], state.num_players)
    inner = ",".join(f"{k}={texts[k]}" for k in sorted(texts))
    return f"{SPIEL_PREFIX}{info.name}({inner})"


def parse_game_string(text: str) -> tuple[str, dict[str, Any]]:
    """``(short name, parameters)`` of an OpenSpiel game string, typed as OpenSpiel types them
    (``GameParametersFromString``); nested game parameters are refused."""
    head, paren, rest = text.partition("(")
    if not paren:
        return text, {}
    if not rest.endswith(")"):
        raise MatchTraceError(f"game string {text!r} does not end with ')'")
    inner = rest[:-1]
    params: dict[str, Any] = {}
    for item in inner.split(",") if inner else []:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise MatchTraceError(f"game string {text!r}: {item!r} is not name=value")
        if key in params:
            raise MatchTraceError(f"game string {text!r}: parameter {key!r} is given twice")
        if "(" in value or ")" in value:
            raise MatchTraceError(f"game string {text!r}: parameter {key!r} holds a nested game")
        params[key] = _spiel_typed(value)
    return head, params


def _game_of(name: str) -> GameInfo:
    short = {SPIEL_PREFIX + info.name: info for info in games()}
    if name not in short:
        known = ", ".join(sorted(short))
        raise MatchTraceError(f"header.game_string names {name!r}, not an acreage game ({known})")
    return short[name]


def _setup(text: str) -> tuple[GameInfo, dict[str, Any], dict[str, Any]]:
    """The game, the adapter parameters (defaults filled in) and the game options of a string."""
    name, given = parse_game_string(text)
    info = _game_of(name)
    params = _parameter_defaults(info)
    for key, value in given.items():
        if key not in params:
            raise MatchTraceError(
                f"header.game_string: {name} has no parameter {key!r}; its parameters are "
                f"{', '.join(sorted(params))}"
            )
        want = params[key]
        if type(value) is not type(want) and not (isinstance(want, float) and type(value) is int):
            raise MatchTraceError(
                f"header.game_string: parameter {key}={value!r} should be {type(want).__name__}, "
                f"OpenSpiel reads it as {type(value).__name__}"
            )
        params[key] = value
    options = {}
    for key, spec in info.options.items():
        if key in given and (_plain_default(spec.default) or given[key] != ""):
            options[key] = given[key]
    return info, params, options


# ---------------------------------------------------------------- returns


def _returns(state: GameState, reward: str, cap: float) -> list[float]:
    """What the adapter's ``state.returns()`` gives: 0 until the end, then the scheme's values
    (all but ``rank`` clipped to ``±score_cap``)."""
    if not state.is_terminal:
        return [0.0] * state.num_players
    try:
        scheme = resolve_reward(reward, state.num_players)
    except ValueError as exc:
        raise MatchTraceError(f"header.game_string: parameter reward: {exc}") from None
    values = [float(v) for v in final_rewards(state, scheme)]
    if scheme == "rank":
        return values
    return [min(max(v, -cap), cap) for v in values]


# ---------------------------------------------------------------- writing


def _final_state(source: Any) -> GameState:
    if isinstance(source, GameState):
        return source
    if isinstance(source, dict) and source.get("format") == SNAPSHOT_FORMAT:
        return load_state(source)
    if isinstance(source, dict):
        return replay(source)
    raise MatchTraceError(
        f"to_match_trace takes a game record (dict), a snapshot or a game state, not {type(source).__name__}"
    )


def _names(players_names: Any, players: int) -> list[str]:
    if players_names is None:
        return [f"player_{seat}" for seat in range(players)]
    names = list(players_names) if isinstance(players_names, (list, tuple)) else None
    if names is None or len(names) != players or not all(isinstance(n, str) for n in names):
        raise MatchTraceError(f"players_names should be {players} names (strings), got {players_names!r}")
    return names


def _action_ids(state: GameState) -> list[int]:
    """The id of each recorded action in the position it was taken (ids are relative)."""
    fresh = new_game(state.game_name, players=state.num_players, seed=state.seed, **state.options)
    ids = []
    for index, action in enumerate(state.history):
        try:
            ids.append(fresh.action_id(action))
            fresh.apply(action)
        except IllegalAction as exc:
            raise MatchTraceError(
                f"actions[{index}] {str(action)!r} does not replay from the game's seed: {exc}"
            ) from None
    return ids


def to_match_trace(
    record_or_state: Any,
    players_names: list[str] | None = None,
    *,
    spiel_seed: int | None = None,
    reward: str = "auto",
    allow_unfinished: bool = False,
) -> dict:
    """The game as an OpenSpiel trajectory (a JSON-ready dict).

    ``record_or_state``: a record (``state.record()``), a snapshot or a state. ``spiel_seed``:
    the adapter ``seed=`` the game was dealt from (checked), so that OpenSpiel replays it.
    ``reward`` picks the returns, as the adapter's parameter does. A game still running is
    refused unless ``allow_unfinished``: its seed fixes every deal still to come, so it is only
    shown once the game is over (as the web server does with records)."""
    state = _final_state(record_or_state)
    if not state.is_terminal and not allow_unfinished:
        raise MatchTraceError(
            "the game is not over; a trace (like a record) holds the seed and with it every hidden "
            "card and tile, so it is exported once the game has ended (allow_unfinished=True for "
            "your own games)"
        )
    names = _names(players_names, state.num_players)
    try:
        resolve_reward(reward, state.num_players)
    except ValueError as exc:
        raise MatchTraceError(f"reward: {exc}") from None
    check_seed(state.seed)
    seed = _check_spiel_seed(spiel_seed, state.seed)
    ids = _action_ids(state)
    meta = {
        "format": TRACE_FORMAT,
        "version": TRACE_VERSION,
        "game": state.game_name,
        "rules_version": state.rules_version,
        "seed": state.seed,
        "player_names": names,
        "actions": [str(a) for a in state.history],
        "scores": list(state.scores()),
    }
    header = {
        "game_string": game_string(state, seed, reward),
        "terminal": state.is_terminal,
        "returns": _returns(state, reward, DEFAULT_SCORE_CAP),
        "meta_data": json.dumps(meta, separators=(",", ":")),
    }
    transitions = [{"player": seat, "action": i} for seat, i in zip(state.history_seats, ids, strict=True)]
    return {"header": header, "transitions": transitions}


# ---------------------------------------------------------------- reading


def _field(data: Any, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
    if not isinstance(data, dict):
        raise MatchTraceError(f"match trace: {where} should be a JSON object, got {type(data).__name__}")
    if key not in data:
        if default is ...:
            raise MatchTraceError(f"match trace: field {where}.{key} is missing")
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        want = " or ".join(k.__name__ for k in _kinds(kind))
        raise MatchTraceError(f"match trace: field {where}.{key} should be {want}, got {value!r}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _meta(header: dict) -> dict:
    """The acreage fields of ``meta_data``; other programs' meta data is left alone."""
    text = _field(header, "meta_data", str, "header", "")
    if not text:
        return {}
    try:
        meta = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(meta, dict) or meta.get("format") != TRACE_FORMAT:
        return {}
    version = _field(meta, "version", int, "header.meta_data")
    if version > TRACE_VERSION:
        raise MatchTraceError(f"match trace: meta_data version {version} is newer than this program reads")
    return meta


def _deal_seed(meta: dict, spiel_seed: int) -> Any:
    if "seed" not in meta:
        if spiel_seed < 0:
            raise MatchTraceError(
                "match trace: no deal: header.game_string has seed=-1 and meta_data gives no seed"
            )
        return deal_seed_of(spiel_seed)  # what OpenSpiel's reader deals
    try:
        seed = check_seed(meta["seed"])
    except AcreageError as exc:
        raise MatchTraceError(f"match trace: field header.meta_data.seed: {exc}") from None
    if spiel_seed >= 0 and deal_seed_of(spiel_seed) != seed:
        raise MatchTraceError(
            f"match trace: header.game_string seed={spiel_seed} deals game seed "
            f"{deal_seed_of(spiel_seed)} but meta_data.seed is {seed!r}; OpenSpiel would replay another deal"
        )
    return seed


def _start(info: GameInfo, params: dict, options: dict, meta: dict) -> GameState:
    if meta and _field(meta, "game", str, "header.meta_data") != info.name:
        raise MatchTraceError(
            f"match trace: meta_data.game is {meta['game']!r} but the game string plays {info.name!r}"
        )
    seed = _deal_seed(meta, params["seed"])
    try:
        state = new_game(info.name, players=params["players"], seed=seed, **options)
    except AcreageError as exc:
        raise MatchTraceError(f"match trace: cannot start the game of header.game_string: {exc}") from None
    check_rules_version(meta.get("rules_version", state.rules_version), state,
                        "match trace: meta_data.rules_version", "trace", MatchTraceError)
    return state


def _apply(state: GameState, index: int, step: Any, notation: str | None) -> None:
    where = f"transitions[{index}]"
    if isinstance(step, dict) and "joint_action" in step:
        raise MatchTraceError(f"match trace: {where} is a simultaneous move; acreage games have none")
    player = _field(step, "player", int, where)
    action_id = _field(step, "action", int, where)
    if state.is_terminal:
        raise MatchTraceError(f"match trace: {where}: the game is already over")
    if player != state.current_player:
        raise MatchTraceError(
            f"match trace: {where}: player {player} acts, but seat {state.current_player} is to act"
        )
    try:
        action = state.action_from_id(action_id)
        state.apply(action)
    except IllegalAction as exc:
        raise MatchTraceError(f"match trace: {where}: action {action_id} is not legal: {exc}") from None
    if notation is not None and normalise_notation(notation) != normalise_notation(str(action)):
        raise MatchTraceError(
            f"match trace: {where}: action {action_id} is {str(action)!r}, but meta_data.actions[{index}] "
            f"says {notation!r}"
        )


def _notations(meta: dict, count: int) -> list[str | None]:
    if "actions" not in meta:
        return [None] * count
    texts = _field(meta, "actions", list, "header.meta_data")
    if len(texts) != count or not all(isinstance(t, str) for t in texts):
        raise MatchTraceError(
            f"match trace: meta_data.actions should be {count} strings, one per transition"
        )
    return texts


def _check_end(state: GameState, header: dict, params: dict, meta: dict) -> None:
    terminal = _field(header, "terminal", bool, "header")
    if terminal != state.is_terminal:
        over = "is over" if state.is_terminal else "is not over"
        raise MatchTraceError(
            f"match trace: header.terminal is {terminal} but after the transitions the game {over}"
        )
    returns = _field(header, "returns", list, "header", [])
    if returns:
        wanted = _returns(state, params["reward"], float(params["score_cap"]))
        good = len(returns) == len(wanted) and all(
            isinstance(r, (int, float)) and not isinstance(r, bool) and math.isclose(r, w, abs_tol=1e-9)
            for r, w in zip(returns, wanted, strict=False)
        )
        if not good:
            raise MatchTraceError(
                f"match trace: header.returns is {returns} but the replayed game returns {wanted}"
            )
    if "scores" in meta and meta["scores"] != list(state.scores()):
        raise MatchTraceError(
            f"match trace: meta_data.scores is {meta['scores']!r} but the replayed game scores "
            f"{state.scores()}"
        )
    names = meta.get("player_names")
    if names is not None and (not isinstance(names, list) or len(names) != state.num_players
                              or not all(isinstance(n, str) for n in names)):
        raise MatchTraceError(f"match trace: meta_data.player_names should be {state.num_players} strings")


def from_match_trace(doc: dict | str) -> GameState:
    """Rebuild the game a trace (a dict or its JSON text) describes, checking every field.

    The action ids are applied in order from the deal: ``meta_data.seed``, or, in a trace that
    OpenSpiel wrote itself (no acreage meta data), the deal of the game string's ``seed=``.
    The first field that is wrong is named (:class:`MatchTraceError`)."""
    if isinstance(doc, str):
        doc = parse_json_text(doc, "match trace", MatchTraceError)
    header = _field(doc, "header", dict, "trace")
    steps = _field(doc, "transitions", list, "trace")
    info, params, options = _setup(_field(header, "game_string", str, "header"))
    meta = _meta(header)
    state = _start(info, params, options, meta)
    for index, (step, notation) in enumerate(zip(steps, _notations(meta, len(steps)), strict=True)):
        _apply(state, index, step, notation)
    _check_end(state, header, params, meta)
    return state


def player_names(doc: dict) -> list[str] | None:
    """The seats' names a trace written here carries (``None`` if it has none)."""
    names = _meta(_field(doc, "header", dict, "trace")).get("player_names")
    return list(names) if isinstance(names, list) else None


# ---------------------------------------------------------------- files and command line


def write(
    record_or_state: Any, path: str | Path, players_names: list[str] | None = None, **options: Any
) -> dict:
    """Write the trace of a game to ``path`` (UTF-8 JSON); returns it. ``options`` as for
    :func:`to_match_trace`."""
    trace = to_match_trace(record_or_state, players_names, **options)
    Path(path).write_text(json.dumps(trace, indent=1) + "\n", encoding="utf-8")
    return trace


def read(path: str | Path) -> GameState:
    """The final state of the trace in ``path`` (every way a file can fail: :class:`MatchTraceError`)."""
    return from_match_trace(read_json_file(path, MatchTraceError))


def main(argv: list[str] | None = None) -> int:
    """``python -m acreage.interop.match_trace FILE`` (or ``acreage trace FILE``): a record or
    snapshot becomes a trace, a trace becomes a record."""
    parser = argparse.ArgumentParser(prog="python -m acreage.interop.match_trace", description=main.__doc__)
    parser.add_argument("file", type=Path, help="a game record, snapshot or OpenSpiel trace (JSON)")
    parser.add_argument("-o", "--out", type=Path, help="where to write (default: standard output)")
    parser.add_argument("--names", help="seat names, comma-separated")
    parser.add_argument("--spiel-seed", type=int, help="the adapter seed= the game was dealt from")
    args = parser.parse_args(argv)
    try:
        data = read_json_file(args.file)
        if isinstance(data, dict) and "header" in data:
            out = from_match_trace(data).record()
        else:
            names = args.names.split(",") if args.names else None
            out = to_match_trace(data, names, spiel_seed=args.spiel_seed)
    except AcreageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = json.dumps(out, indent=1) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
