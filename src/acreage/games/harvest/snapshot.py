"""Writing and reading a Harvest snapshot, checking every field.

The snapshot holds the full position (deck orders included): it is for saving and debugging,
not for showing to a player. Every rejection is a :class:`~acreage.BadSnapshot` naming the field.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import BadSnapshot, IllegalAction, OptionError
from ...core.options import normalise_options
from ...core.rng import Rng
from .actions import NCELLS, NUM_ACTION_IDS, parse
from .content import BUILDINGS, CHARACTERS, FARMHOUSES, FESTIVAL, MARKET, SPACES, SUNRISE

_MASK64 = (1 << 64) - 1
NB, NC, NH = len(BUILDINGS), len(CHARACTERS), len(FARMHOUSES)
NF, NM, NS = len(FESTIVAL), len(MARKET), len(SUNRISE)
FRAME_KINDS = ("keepc", "keeph", "sunrise", "turn", "visit", "plant", "tend", "buy", "ff3", "die", "react",
               "market", "basket", "ffres", "income", "endturn")

# field -> (shape, low, high): shape "int" | "seat" (one per seat) | "seat2" (list per seat) | "list"
PER_SEAT_INT = {"coins": (0, None), "cap": (3, 6), "water": (0, 6), "fert": (0, 9), "score": (0, None),
                "char": (-1, NC - 1), "house": (-1, NH - 1), "tile": (1, NS), "wb": (0, 3), "mice": (0, 3),
                "basket": (0, 1), "basket_back": (0, 1), "used": (0, 7)}
PER_SEAT_LIST = {"seeds": (0, None), "farm": (0, 10), "dealt_c": (0, NC - 1), "dealt_h": (0, NH - 1),
                 "cards": (0, NF - 1), "fresh": (0, NF - 1), "placed": (0, len(SPACES) - 1),
                 "bused": (0, NB - 1)}
LISTS = {"sun_stack": (1, NS), "display": (1, NS), "bstack": (0, NB - 1), "ws": (-1, NB - 1),
         "fdeck": (0, NF - 1), "fdiscard": (0, NF - 1), "queue": (0, 3), "mgone": (0, NM - 1)}
INTS = {"round": (1, 4), "p1": (-1, NF - 1), "p2": (-1, NF - 1), "g_wb": (0, 6), "g_bk": (0, 2),
        "turn_no": (0, None), "undo_floor": (0, None)}
BOOLS = ("ff", "gairy", "cycle_placed")


def state_to_json(s) -> dict:
    out: dict[str, Any] = {"players": s.num_players, "seed": s.seed, "options": _opts(s.options),
                           "rng": s.rng.state, "phase": s.phase}
    for k in list(PER_SEAT_INT) + list(PER_SEAT_LIST) + list(LISTS) + list(INTS) + list(BOOLS):
        v = getattr(s, k)
        out[k] = [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
    out["mstacks"] = [list(st) for st in s.mstacks]
    out["occ"] = [list(o) for o in s.occ]
    out["blds"] = [[list(b) for b in bl] for bl in s.blds]
    out["g_deck"] = list(s.g_deck)
    out["g_drawn"] = list(s.g_drawn)
    out["frames"] = [list(f) for f in s.frames]
    out["history"] = [str(a) for a in s.history]
    out["history_seats"] = list(s.history_seats)
    return out


def _opts(options: dict) -> dict:
    o = dict(options)
    if o.get("assign"):
        o["assign"] = [list(p) for p in o["assign"]]
    return o


def _int(v: Any, where: str, lo: int | None, hi: int | None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadSnapshot(f"snapshot: field {where!r} should be a whole number, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        top = hi if hi is not None else "∞"
        raise BadSnapshot(f"snapshot: field {where!r} is {v}, outside {lo}..{top}")
    return v


def _list(v: Any, where: str, lo, hi, length: int | None = None) -> list[int]:
    if not isinstance(v, list):
        raise BadSnapshot(f"snapshot: field {where!r} should be a list, got {v!r}")
    if length is not None and len(v) != length:
        raise BadSnapshot(f"snapshot: field {where!r} should have {length} entries, got {len(v)}")
    return [_int(x, f"{where}[{i}]", lo, hi) for i, x in enumerate(v)]


def state_from_json(cls, data: dict):
    def need(key):
        if key not in data:
            raise BadSnapshot(f"snapshot: field {key!r} is missing")
        return data[key]

    n = _int(need("players"), "players", 1, 4)
    from . import GAME_INFO

    try:
        opts = normalise_options("harvest", GAME_INFO.options, n, need("options"))
    except OptionError as exc:
        raise BadSnapshot(f"snapshot: field 'options': {exc}") from None
    s = cls.__new__(cls)
    s.num_players, s.seed, s.options = n, need("seed"), opts
    s.rng = Rng(0)
    s.rng.state = _int(need("rng"), "rng", 0, _MASK64)
    phase = need("phase")
    if phase not in ("setup", "sunrise", "action", "over"):
        raise BadSnapshot(f"snapshot: field 'phase' is {phase!r}, not a phase")
    s.phase = phase
    for k, (lo, hi) in PER_SEAT_INT.items():
        setattr(s, k, _list(need(k), k, lo, hi, n))
    lens = {"seeds": 4, "farm": NCELLS}
    for k, (lo, hi) in PER_SEAT_LIST.items():
        v = need(k)
        if not isinstance(v, list) or len(v) != n:
            raise BadSnapshot(f"snapshot: field {k!r} should be a list of {n} lists")
        setattr(s, k, [_list(x, f"{k}[{i}]", lo, hi, lens.get(k)) for i, x in enumerate(v)])
    for k, (lo, hi) in LISTS.items():
        setattr(s, k, _list(need(k), k, lo, hi))
    for k, (lo, hi) in INTS.items():
        setattr(s, k, _int(need(k), k, lo, hi))
    for k in BOOLS:
        if not isinstance(need(k), bool):
            raise BadSnapshot(f"snapshot: field {k!r} should be true or false")
        setattr(s, k, data[k])
    if s.ff != bool(opts.get("fall_festival", True)):
        raise BadSnapshot("snapshot: field 'ff' disagrees with options.fall_festival")
    ms = need("mstacks")
    if not isinstance(ms, list) or len(ms) != 3:
        raise BadSnapshot("snapshot: field 'mstacks' should be 3 lists")
    s.mstacks = [_list(x, f"mstacks[{i}]", 0, NM - 1) for i, x in enumerate(ms)]
    occ = need("occ")
    if not isinstance(occ, list) or len(occ) != len(SPACES):
        raise BadSnapshot(f"snapshot: field 'occ' should be {len(SPACES)} lists")
    s.occ = [_list(x, f"occ[{i}]", -1, n - 1) for i, x in enumerate(occ)]
    bl = need("blds")
    if not isinstance(bl, list) or len(bl) != n:
        raise BadSnapshot(f"snapshot: field 'blds' should be {n} lists")
    s.blds = [[_list(b, f"blds[{i}][{j}]", 0, max(NB, NCELLS), 2) for j, b in enumerate(x)]
              for i, x in enumerate(bl)]
    for k in ("g_deck", "g_drawn"):
        v = need(k)
        if not isinstance(v, list) or any(x not in ("gs", "fields", "workshop", "tp", "market", "festival")
                                          for x in v):
            raise BadSnapshot(f"snapshot: field {k!r} should list Gairy tile areas")
        setattr(s, k, list(v))
    fr = need("frames")
    if not isinstance(fr, list):
        raise BadSnapshot("snapshot: field 'frames' should be a list")
    s.frames = []
    for i, f in enumerate(fr):
        if not isinstance(f, list) or not f or f[0] not in FRAME_KINDS:
            raise BadSnapshot(f"snapshot: field 'frames[{i}]' is not a decision frame")
        for j, x in enumerate(f[1:], 1):
            if not (isinstance(x, int) and not isinstance(x, bool)) and not (f[0] == "visit" and j == 11
                                                                            and isinstance(x, str)):
                raise BadSnapshot(f"snapshot: field 'frames[{i}][{j}]' should be a whole number, got {x!r}")
        s.frames.append(list(f))
    hist = need("history")
    if not isinstance(hist, list):
        raise BadSnapshot("snapshot: field 'history' should be a list")
    try:
        s.history = [parse(str(h)) for h in hist]
    except IllegalAction as exc:
        raise BadSnapshot(f"snapshot: field 'history': {exc}") from None
    s.history_seats = _list(need("history_seats"), "history_seats", 0, n - 1, len(s.history))
    if s.undo_floor > len(s.history):
        raise BadSnapshot("snapshot: field 'undo_floor' is past the end of the history")
    s._legal = None
    s._flag = False
    assert NUM_ACTION_IDS > 0
    return s
