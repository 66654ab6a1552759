"""Rebuilding a Foxglove Farm position from its JSON snapshot, checking every field.

The writer is ``state_to_json`` below; ``docs/records.md`` documents the format.
Every rejection names the field (``towns[1].buildings[3].cubes``) and what was expected.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import BadSnapshot, OptionError
from ...core.options import normalise_options
from ...core.registry import game_info
from ...core.rng import Rng
from .actions import KIND_WORDS, Action
from .codec import tile_from_ref
from .conservation import expected_tiles
from .constants import _TILE_REF, PHASE_NAMES, TIER_NAMES
from .content import FOREST, MINE, TILES
from .frames import BY_KIND, PURPOSES
from .geometry import cell_of, in_bounds, parse_shape, shape_name, xy
from .goods import NUM_GOODS
from .rulings import AB_SPACES, C_SPACES, MAX_BUILDINGS


def GAME_INFO_SPACES(players: int) -> int:  # noqa: N802 - reads like the constant it computes
    return AB_SPACES[players] + C_SPACES

_PHASES = ("production", "construction", "transportation", "final stage", "game over")


def _get(data: Any, key: str, kind, where: str):
    if not isinstance(data, dict) or key not in data:
        raise BadSnapshot(f"snapshot field {where}{key} is missing")
    value = data[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise BadSnapshot(f"snapshot field {where}{key} should be a whole number, got {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise BadSnapshot(f"snapshot field {where}{key} should be {kind.__name__}, got {value!r}")
    return value


def _int_list(value: Any, n: int, where: str, lo: int | None = None) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise BadSnapshot(f"snapshot field {where} should be a list of {n} numbers")
    for i, v in enumerate(value):
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo):
            raise BadSnapshot(f"snapshot field {where}[{i}] is not a valid number: {v!r}")
    return list(value)


def _frame_out(frame) -> list:
    """A frame as a list: its kind, then its fields in order (tuples as lists, a payment's
    purpose as its own kind and fields)."""
    out: list = [frame.kind]
    for x in frame:
        if isinstance(x, tuple):
            out.append([x.kind, *x] if hasattr(x, "kind") else list(x))
        else:
            out.append(x)
    return out


def _frame_in(f: Any, i: int, n: int):
    """One frame from its list form, every field checked."""
    where = f"snapshot field frames[{i}]"
    if (not isinstance(f, list) or len(f) < 2 or not isinstance(f[0], str) or f[0] not in BY_KIND
            or not isinstance(f[1], int) or isinstance(f[1], bool) or not -1 <= f[1] < n):
        raise BadSnapshot(f"{where} is not a decision frame: {f!r}")
    record = BY_KIND[f[0]]
    if len(f) != 1 + len(record._fields):
        raise BadSnapshot(f"{where} should hold {f[0]!r} and {len(record._fields)} fields "
                          f"({', '.join(record._fields)}), found {len(f) - 1}")
    fields = []
    for name, x in zip(record._fields, f[1:], strict=True):
        if name == "purpose":
            if (not isinstance(x, list) or len(x) != 3 or x[0] not in PURPOSES
                    or not all(_whole(v) for v in x[1:])):
                raise BadSnapshot(f"{where}.purpose should be [build|trail|upgrade, a, b], got {x!r}")
            fields.append(PURPOSES[x[0]](*x[1:]))
        elif name in ("owed", "goods", "pending"):
            if not isinstance(x, list) or not all(_whole(v) for v in x):
                raise BadSnapshot(f"{where}.{name} should be a list of whole numbers, got {x!r}")
            fields.append(tuple(x))
        elif name == "area":
            if x not in ("AB", "C"):
                raise BadSnapshot(f"{where}.area should be 'AB' or 'C', got {x!r}")
            fields.append(x)
        elif not _whole(x):
            raise BadSnapshot(f"{where}.{name} should be a whole number, got {x!r}")
        else:
            fields.append(x)
    return record(*fields)


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def state_from_json(cls, data: dict):
    """Rebuild a Foxglove Farm position from a snapshot, naming the first bad field.

    One function: it reads the fields in the snapshot's order, each check a line or two next
    to the field it guards, and the tile and cube counts need every field read first; split,
    it would pass the half-built state around without making any step clearer."""
    GAME_INFO = game_info("foxglove")  # noqa: N806 - through the registry: this package's __init__ imports the state

    n = _get(data, "players", int, "")
    if not GAME_INFO.min_players <= n <= GAME_INFO.max_players:
        raise BadSnapshot(f"snapshot field players is {n}; Foxglove Farm takes 1–4 players")
    try:
        options = normalise_options("foxglove", GAME_INFO.options, n, _get(data, "options", dict, ""))
    except OptionError as exc:
        raise BadSnapshot(f"snapshot field options: {exc}") from None
    s = cls.__new__(cls)
    s.num_players = n
    s.seed = data.get("seed")
    s.options = options
    s.rng = Rng(0)
    s.rng.state = _get(data, "rng", int, "")
    s.round = _get(data, "round", int, "")
    if not 1 <= s.round <= 4:
        raise BadSnapshot(f"snapshot field round is {s.round}; rounds run 1–4")
    phase = _get(data, "phase", str, "")
    if phase not in PHASE_NAMES:
        raise BadSnapshot(f"snapshot field phase is {phase!r}; expected one of {', '.join(_PHASES)}")
    s.phase = PHASE_NAMES.index(phase)
    s.start_player = _get(data, "start_player", int, "")
    s.points = _int_list(data.get("scores"), n, "scores", lo=0)
    passed = data.get("passed")
    if not isinstance(passed, list) or len(passed) != n or not all(isinstance(p, bool) for p in passed):
        raise BadSnapshot(f"snapshot field passed should be a list of {n} true/false values")
    s.passed = list(passed)
    s.turn = _get(data, "turn", int, "")
    order = data.get("order")
    if not isinstance(order, list):
        raise BadSnapshot(f"snapshot field order should be a list of seats, got {order!r}")
    s.order = tuple(_int_list(order, len(order), "order", lo=0))
    if any(seat >= n for seat in s.order):
        raise BadSnapshot(f"snapshot field order names a seat that a {n}-player game does not have")
    s.stage_index = _get(data, "stage_idx", int, "")
    s.moves_left = _get(data, "moves_left", int, "")
    s.free_trails = _int_list(data.get("free_trails"), n, "free_trails", lo=0)
    s.wood_for_stone_left = _int_list(data.get("subs_left"), n, "subs_left", lo=0)
    for seat_field in ("start_player", "turn"):
        if not 0 <= getattr(s, seat_field) < n:
            raise BadSnapshot(f"snapshot field {seat_field} is not a seat of a {n}-player game")
    stacks = _get(data, "stacks", dict, "")
    s.stacks = []
    for tier in ("A", "B", "C"):
        refs = stacks.get(tier)
        if not isinstance(refs, list):
            raise BadSnapshot(f"snapshot field stacks.{tier} should be a list of tiles")
        s.stacks.append([_tile(r, f"stacks.{tier}", tile_from_ref) for r in refs])
    display = _get(data, "display", list, "")
    spaces = GAME_INFO_SPACES(n)
    if len(display) != spaces:
        raise BadSnapshot(f"snapshot field display should have {spaces} spaces for {n} players, "
                          f"found {len(display)}")
    s.display = [
        [_tile(r, f"display[{i}]", tile_from_ref) for r in sp] if isinstance(sp, list)
        else _bad(f"display[{i}] should be a list of tiles")
        for i, sp in enumerate(display)
    ]
    s.removed = [_tile(r, "removed", tile_from_ref) for r in _get(data, "removed", list, "")]
    frames = _get(data, "frames", list, "")
    s.frames = [_frame_in(f, i, n) for i, f in enumerate(frames)]
    towns = _get(data, "towns", list, "")
    if len(towns) != n:
        raise BadSnapshot(f"snapshot field towns should hold {n} towns, found {len(towns)}")
    s.cells, s.building_tiles, s.building_cells, s.cubes, s.trails_laid = [], [], [], [], []
    for t, town in enumerate(towns):
        where = f"towns[{t}]"
        cells: dict[int, int] = {}
        kinds: list[int] = []
        bcell: list[int] = []
        cubes: list[int] = []
        buildings = _get(town, "buildings", list, where + ".")
        if len(buildings) > MAX_BUILDINGS:
            raise BadSnapshot(f"snapshot field {where}.buildings has more than {MAX_BUILDINGS} buildings")
        for b, bd in enumerate(buildings):
            bw = f"{where}.buildings[{b}]"
            tid = _tile(_get(bd, "tile", str, bw + "."), bw + ".tile", tile_from_ref)
            cell = _cell(_get(bd, "cell", list, bw + "."), bw + ".cell")
            counts = _int_list(bd.get("cubes"), NUM_GOODS, bw + ".cubes", lo=0)
            if sum(counts) > TILES[tid].slots:
                raise BadSnapshot(
                    f"snapshot field {bw}.cubes holds {sum(counts)} cubes but {TILES[tid].name} "
                    f"has {TILES[tid].slots} slots"
                )
            if cell in cells:
                raise BadSnapshot(f"snapshot field {bw}.cell: two tiles on one cell")
            cells[cell] = b
            kinds.append(tid)
            bcell.append(cell)
            cubes.extend(counts)
        trails = _get(town, "trails", list, where + ".")
        for i, tr in enumerate(trails):
            tw = f"{where}.trails[{i}]"
            if not isinstance(tr, list) or len(tr) != 3:
                raise BadSnapshot(f"snapshot field {tw} should be [x, y, shape]")
            cell = _cell(tr[:2], tw)
            try:
                mask = parse_shape(str(tr[2]))
            except ValueError as exc:
                raise BadSnapshot(f"snapshot field {tw}: {exc}") from None
            if cell in cells:
                raise BadSnapshot(f"snapshot field {tw}: two tiles on one cell")
            cells[cell] = -mask
        s.cells.append(cells)
        s.building_tiles.append(kinds)
        s.building_cells.append(bcell)
        s.cubes.append(cubes)
        s.trails_laid.append(len(trails))
    s._topologies = [None] * n
    hist = _get(data, "history", list, "")
    s.history = []
    for i, h in enumerate(hist):
        if (not isinstance(h, list) or len(h) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in h)
                or not 0 <= h[0] < len(KIND_WORDS)):
            raise BadSnapshot(f"snapshot field history[{i}] should be [kind, a, b, c] numbers, got {h!r}")
        s.history.append(Action(*h))
    s.history_seats = _int_list(data.get("history_seats"), len(hist), "history_seats", lo=0)
    s.undo_floor = _get(data, "undo_floor", int, "")
    if not 0 <= s.undo_floor <= len(hist):
        raise BadSnapshot(f"snapshot field undo_floor must lie between 0 and {len(hist)}")
    _check_consistency(s, n)
    s._legal = None
    return s


def _check_consistency(s, n: int) -> None:
    """Fields that are each well typed but out of range for this table or at odds with one
    another: seats past the table, counters past their bounds, and building tiles lost or
    duplicated (FF-SET-2: every tile is in one place, a stack, a display space, a town or
    removed from the game; FF-SET-8: each town starts with one Forest and one Mine)."""
    if not 0 <= s.rng.state < 1 << 64:
        raise BadSnapshot(f"snapshot field rng is {s.rng.state}; the generator's state is 0 to 2**64 - 1")
    if s.order and sorted(s.order) != list(range(n)):
        raise BadSnapshot(f"snapshot field order is {list(s.order)}; it lists each of the {n} seats once "
                          "(or is empty between rounds)")
    if not 0 <= s.stage_index <= n:
        raise BadSnapshot(f"snapshot field stage_idx is {s.stage_index}; it counts seats, 0 to {n}")
    cap = s.options.get("move_cap", 200)
    if not 0 <= s.moves_left <= cap:
        raise BadSnapshot(f"snapshot field moves_left is {s.moves_left}; it lies between 0 and the "
                          f"move_cap option ({cap})")
    for i, seat in enumerate(s.history_seats):
        if seat >= n:
            raise BadSnapshot(f"snapshot field history_seats[{i}] is seat {seat}, past the {n} seats")
    for t, kinds in enumerate(s.building_tiles):
        if sorted(kinds[:2]) != sorted((FOREST.id, MINE.id)) or any(TILES[k].tier == "start"
                                                                    for k in kinds[2:]):
            raise BadSnapshot(f"snapshot field towns[{t}].buildings should start with the town's Forest "
                              "and Mine and hold no other starting tile")
    want = expected_tiles(s)
    places: dict[str, Counter] = {
        f"stacks.{tier}": Counter(stack) for tier, stack in zip(("A", "B", "C"), s.stacks, strict=True)
    }
    places.update({f"display[{i}]": Counter(space) for i, space in enumerate(s.display)})
    places["removed"] = Counter(s.removed)
    places.update({f"towns[{t}].buildings": Counter(kinds[2:]) for t, kinds in enumerate(s.building_tiles)})
    have: Counter = Counter()
    for found in places.values():
        have.update(found)
    for tid in sorted(set(have) | set(want)):
        if have[tid] == want[tid]:
            continue
        name = f"{TILES[tid].tier}:{TILES[tid].name}"
        if have[tid] > want[tid]:
            where = [field for field, found in places.items() if found[tid]]
            raise BadSnapshot(f"snapshot field {where[-1]}: {name} is held {have[tid]} times (in "
                              f"{', '.join(where)}) but the game has {want[tid]}; a snapshot may not add "
                              "or duplicate a tile")
        raise BadSnapshot(f"snapshot field stacks.{TILES[tid].tier}: {want[tid] - have[tid]} of the "
                          f"{want[tid]} {name} tiles are missing from the stacks, display, towns and "
                          "removed tiles; a snapshot may not lose a tile")


def _bad(msg: str):
    raise BadSnapshot(f"snapshot field {msg}")


def _tile(ref: Any, where: str, lookup) -> int:
    if not isinstance(ref, str):
        raise BadSnapshot(f"snapshot field {where}: {ref!r} is not a tile reference")
    try:
        return lookup(ref)
    except BadSnapshot as exc:
        raise BadSnapshot(f"snapshot field {where}: {exc}") from None


def _cell(value: Any, where: str) -> int:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise BadSnapshot(f"snapshot field {where} should be [x, y]")
    if not in_bounds(*value):
        raise BadSnapshot(f"snapshot field {where} is outside the town area")
    return cell_of(*value)


def state_to_json(state) -> dict:
    """The position as JSON: every field the reader below checks (``docs/records.md``)."""
    return {
        "players": state.num_players,
        "seed": state.seed,
        "options": {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in state.options.items()},
        "rng": state.rng.state,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "start_player": state.start_player,
        "scores": state.points[:],
        "passed": state.passed[:],
        "turn": state.turn,
        "order": list(state.order),
        "stage_idx": state.stage_index,
        "moves_left": state.moves_left,
        "free_trails": state.free_trails[:],
        "subs_left": state.wood_for_stone_left[:],
        "stacks": {TIER_NAMES[i]: [_TILE_REF[t] for t in s] for i, s in enumerate(state.stacks)},
        "display": [[_TILE_REF[t] for t in sp] for sp in state.display],
        "removed": [_TILE_REF[t] for t in state.removed],
        "frames": [_frame_out(f) for f in state.frames],
        "towns": [
            {
                "buildings": [
                    {
                        "tile": _TILE_REF[tid],
                        "cell": list(xy(state.building_cells[s][b])),
                        "cubes": state.cubes[s][b * NUM_GOODS:(b + 1) * NUM_GOODS],
                    }
                    for b, tid in enumerate(state.building_tiles[s])
                ],
                "trails": [
                    [*xy(cell), shape_name(-code)]
                    for cell, code in sorted(state.cells[s].items())
                    if code < 0
                ],
            }
            for s in range(state.num_players)
        ],
        "history": [list(a) for a in state.history],
        "history_seats": state.history_seats[:],
        "undo_floor": state.undo_floor,
    }
