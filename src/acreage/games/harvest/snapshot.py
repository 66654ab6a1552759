"""Writing and reading a Harvest snapshot, checking every field.

The snapshot holds the full position (deck orders included): it is for saving and debugging,
not for showing to a player. Every rejection is a :class:`~acreage.BadSnapshot` naming the field.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import BadSnapshot, IllegalAction, OptionError
from ...core.options import normalise_options
from ...core.registry import game_info
from ...core.rng import Rng
from . import rulings as R
from .actions import NCELLS, NUM_ACTION_IDS
from .codec import parse
from .content import BUILDINGS, CHARACTERS, FARMHOUSES, FESTIVAL, GAIRY, MARKET, SPACES, SUNRISE
from .frames import BY_KIND, Income, Visit

_MASK64 = (1 << 64) - 1
NB, NC, NH = len(BUILDINGS), len(CHARACTERS), len(FARMHOUSES)
NF, NM, NS = len(FESTIVAL), len(MARKET), len(SUNRISE)

# snapshot key -> (low, high): PER_SEAT_INT holds one whole number per seat, PER_SEAT_LIST a list
# per seat, LISTS a list, INTS a whole number; BOOLS are true or false. _attr(key) is the attribute.
PER_SEAT_INT = {"coins": (0, None), "cap": (3, 6), "water": (0, 6), "fert": (0, 9), "score": (0, None),
                "char": (-1, NC - 1), "house": (-1, NH - 1), "tile": (1, NS), "wb": (0, 3), "mice": (0, 3),
                "basket": (0, 1), "basket_back": (0, 1), "used": (0, 7)}
PER_SEAT_LIST = {"seeds": (0, None), "farm": (0, 10), "dealt_c": (0, NC - 1), "dealt_h": (0, NH - 1),
                 "cards": (0, NF - 1), "fresh": (0, NF - 1), "placed": (0, len(SPACES) - 1),
                 "bused": (0, NB - 1)}
#: The per-seat lists whose rows the state keeps as tuples (replaced, never changed in place).
TUPLE_ROWS = frozenset(("dealt_c", "dealt_h", "placed", "bused"))
LISTS = {"sun_stack": (1, NS), "display": (1, NS), "bstack": (0, NB - 1), "ws": (-1, NB - 1),
         "fdeck": (0, NF - 1), "fdiscard": (0, NF - 1), "queue": (0, 3), "mgone": (0, NM - 1)}
INTS = {"round": (1, 4), "p1": (-1, NF - 1), "p2": (-1, NF - 1), "g_wb": (0, 6), "g_bk": (0, 2),
        "turn_no": (0, None), "undo_floor": (0, None)}
BOOLS = ("ff", "gairy", "cycle_placed")
#: Snapshot key -> the state's attribute, where the two differ. The snapshot keeps its short
#: keys (the format is public); every message names the key, not the attribute.
ATTRIBUTE = {
    "ff": "fall_festival", "cap": "bucket_capacity", "fert": "fertilizer", "score": "points",
    "char": "character", "house": "farmhouse", "tile": "sunrise_tile", "wb": "wheelbarrows",
    "used": "once_used", "dealt_c": "dealt_characters", "dealt_h": "dealt_farmhouses",
    "bused": "buildings_used", "sun_stack": "sunrise_stack", "bstack": "building_stack",
    "ws": "workshop_slots", "fdeck": "festival_deck", "fdiscard": "festival_discards",
    "mgone": "market_discards", "p1": "festival_p1", "p2": "festival_p2",
    "g_wb": "gairy_wheelbarrows", "g_bk": "gairy_baskets", "turn_no": "turn_number",
    "mstacks": "market_stacks", "occ": "occupants", "blds": "buildings", "g_deck": "gairy_deck",
    "g_drawn": "gairy_drawn",
}


def _attr(key: str) -> str:
    """The state's attribute that holds snapshot field ``key``."""
    return ATTRIBUTE.get(key, key)


def state_to_json(s) -> dict:
    out: dict[str, Any] = {"players": s.num_players, "seed": s.seed, "options": _opts(s.options),
                           "rng": s.rng.state, "phase": s.phase}
    for k in list(PER_SEAT_INT) + list(PER_SEAT_LIST) + list(LISTS) + list(INTS) + list(BOOLS):
        v = getattr(s, _attr(k))
        out[k] = [list(x) if isinstance(x, (list, tuple)) else x for x in v] if isinstance(v, list) else v
    out["mstacks"] = [list(st) for st in s.market_stacks]
    out["occ"] = [list(o) for o in s.occupants]
    out["blds"] = [[list(b) for b in bl] for bl in s.buildings]
    out["g_deck"] = list(s.gairy_deck)
    out["g_drawn"] = list(s.gairy_drawn)
    out["frames"] = [[f.kind, *f] for f in s.frames]
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


def _frame(f: Any, i: int):
    """One decision frame from its list form: its kind, then its fields in order."""
    if not isinstance(f, list) or not f or f[0] not in BY_KIND:
        raise BadSnapshot(f"snapshot: field 'frames[{i}]' is not a decision frame")
    record = BY_KIND[f[0]]
    if len(f) != 1 + len(record._fields):
        raise BadSnapshot(f"snapshot: field 'frames[{i}]' should hold {f[0]!r} and {len(record._fields)} "
                          f"values ({', '.join(record._fields)}), got {len(f) - 1}")
    for j, x in enumerate(f[1:], 1):
        text = record is Visit and record._fields[j - 1] == "area"
        if text and not isinstance(x, str):
            raise BadSnapshot(f"snapshot: field 'frames[{i}][{j}]' should be a visit's area, got {x!r}")
        if not text and not (isinstance(x, int) and not isinstance(x, bool)):
            raise BadSnapshot(f"snapshot: field 'frames[{i}][{j}]' should be a whole number, got {x!r}")
    return record(*f[1:])


def state_from_json(cls, data: dict):
    """Rebuild a Harvest position from a snapshot, naming the first bad field.

    One function: it reads the fields in the snapshot's order, each check a line or two next
    to the field it guards, and the component counts need every field read first; split, it
    would pass the half-built state around without making any step clearer."""
    def need(key):
        if key not in data:
            raise BadSnapshot(f"snapshot: field {key!r} is missing")
        return data[key]

    n = _int(need("players"), "players", 1, 4)
    GAME_INFO = game_info("harvest")  # noqa: N806 - through the registry: the package imports the state

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
        setattr(s, _attr(k), _list(need(k), k, lo, hi, n))
    lens = {"seeds": 4, "farm": NCELLS}
    for k, (lo, hi) in PER_SEAT_LIST.items():
        v = need(k)
        if not isinstance(v, list) or len(v) != n:
            raise BadSnapshot(f"snapshot: field {k!r} should be a list of {n} lists")
        rows = [_list(x, f"{k}[{i}]", lo, hi, lens.get(k)) for i, x in enumerate(v)]
        setattr(s, _attr(k), [tuple(row) for row in rows] if k in TUPLE_ROWS else rows)
    for k, (lo, hi) in LISTS.items():
        setattr(s, _attr(k), _list(need(k), k, lo, hi))
    for k, (lo, hi) in INTS.items():
        setattr(s, _attr(k), _int(need(k), k, lo, hi))
    for k in BOOLS:
        if not isinstance(need(k), bool):
            raise BadSnapshot(f"snapshot: field {k!r} should be true or false")
        setattr(s, _attr(k), data[k])
    if s.fall_festival != bool(opts.get("fall_festival", True)):
        raise BadSnapshot("snapshot: field 'ff' disagrees with options.fall_festival")
    ms = need("mstacks")
    if not isinstance(ms, list) or len(ms) != 3:
        raise BadSnapshot("snapshot: field 'mstacks' should be 3 lists")
    s.market_stacks = [_list(x, f"mstacks[{i}]", 0, NM - 1) for i, x in enumerate(ms)]
    occ = need("occ")
    if not isinstance(occ, list) or len(occ) != len(SPACES):
        raise BadSnapshot(f"snapshot: field 'occ' should be {len(SPACES)} lists")
    s.occupants = [tuple(_list(x, f"occ[{i}]", -1, n - 1)) for i, x in enumerate(occ)]
    bl = need("blds")
    if not isinstance(bl, list) or len(bl) != n:
        raise BadSnapshot(f"snapshot: field 'blds' should be {n} lists")
    s.buildings = []
    for i, x in enumerate(bl):
        if not isinstance(x, list):
            raise BadSnapshot(f"snapshot: field 'blds[{i}]' should be a list of [building, cell] pairs")
        s.buildings.append([tuple(_list(b, f"blds[{i}][{j}]", 0, None, 2)) for j, b in enumerate(x)])
        for j, (b, cell) in enumerate(s.buildings[i]):
            _int(b, f"blds[{i}][{j}][0]", 0, NB - 1)
            _int(cell, f"blds[{i}][{j}][1]", 0, NCELLS - 1)
    for k in ("g_deck", "g_drawn"):
        v = need(k)
        if not isinstance(v, list) or any(x not in ("gs", "fields", "workshop", "tp", "market", "festival")
                                          for x in v):
            raise BadSnapshot(f"snapshot: field {k!r} should list Gairy tile areas")
        setattr(s, _attr(k), list(v))
    fr = need("frames")
    if not isinstance(fr, list):
        raise BadSnapshot("snapshot: field 'frames' should be a list")
    s.frames = [_frame(f, i) for i, f in enumerate(fr)]
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
    _check_consistency(s, n)
    s._legal = None
    s.undo_mark = 0
    assert NUM_ACTION_IDS > 0
    return s


def _where(fields: dict[str, list[int]], item: int) -> list[str]:
    return [name for name, items in fields.items() if item in items]


def _conserved(fields: dict[str, list[int]], want: Counter, what: str, exact: bool = True) -> None:
    """Every component of ``want`` is in exactly one of ``fields`` (with ``exact`` false, in at
    most one: components that leave the game are not counted). The error names the field where
    a component is doubled or, for a lost one, the first field (the face-down stack)."""
    have: Counter = Counter()
    for items in fields.values():
        have.update(items)
    for item, count in sorted(have.items()):
        if count > want.get(item, 0):
            places = _where(fields, item) or list(fields)[:1]
            raise BadSnapshot(
                f"snapshot: field {places[-1]!r}: {what} {item} is held {count} times (in "
                f"{', '.join(places)}) but the game has {want.get(item, 0)}; a snapshot may not add "
                "or duplicate components"
            )
    lost = sorted((want - have).elements())
    if exact and lost:
        first = next(iter(fields))
        raise BadSnapshot(
            f"snapshot: field {first!r}: {what}s {lost} are missing from {', '.join(fields)}; "
            "a snapshot may not lose components"
        )


def _check_consistency(s, n: int) -> None:
    """Fields that are each in range but disagree with one another or with the options: seats
    past the table, two seats with one character, more water than the bucket holds, and lost or
    duplicated components (HV-SET-5: buildings, Market tiles, sunrise tiles, festival cards)."""
    assign = s.options.get("assign")
    for key, dealt, cards, index in (("char", "dealt_c", CHARACTERS, 0), ("house", "dealt_h", FARMHOUSES, 1)):
        chosen = getattr(s, _attr(key))
        flat = [x for pair in getattr(s, _attr(dealt)) for x in pair]
        if any(len(pair) != 2 for pair in getattr(s, _attr(dealt))) or len(flat) != len(set(flat)):
            raise BadSnapshot(f"snapshot: field {dealt!r}: every seat is dealt 2 different cards and no "
                              "card is dealt twice (HV-SET-8)")
        for seat, x in enumerate(chosen):
            if x < 0:
                if s.phase != "setup":
                    raise BadSnapshot(f"snapshot: field '{key}[{seat}]' is unchosen (-1) in phase "
                                      f"{s.phase!r}; only the setup phase has unchosen cards")
                continue
            if chosen.count(x) > 1:
                raise BadSnapshot(f"snapshot: field {key!r}: seats share {cards[x].name}; there is one "
                                  "of each card")
            if assign and x != assign[seat][index]:
                raise BadSnapshot(f"snapshot: field '{key}[{seat}]' is {cards[x].name} but "
                                  f"options.assign gives seat {seat} {cards[assign[seat][index]].name}")
            if not assign and x not in getattr(s, _attr(dealt))[seat]:
                raise BadSnapshot(f"snapshot: field '{key}[{seat}]' is {cards[x].name}, which was not "
                                  f"dealt to seat {seat} (field {dealt!r})")
            if key == "char" and cards[x].expansion and not s.fall_festival:
                raise BadSnapshot(f"snapshot: field '{key}[{seat}]' is {cards[x].name}, who needs "
                                  "options.fall_festival")
    if s.phase == "setup" and s.round != 1:
        raise BadSnapshot(f"snapshot: field 'phase' is 'setup' in round {s.round}; setup is before round 1")
    if (s.phase == "over") != (not s.frames):
        raise BadSnapshot(f"snapshot: field 'phase' is {s.phase!r} but field 'frames' "
                          f"{'is empty' if not s.frames else 'holds decisions'}; only a finished game "
                          "has no decision pending")
    for seat in range(n):
        if s.water[seat] > s.bucket_capacity[seat]:
            raise BadSnapshot(f"snapshot: field 'water[{seat}]' is {s.water[seat]}, more than the bucket "
                              f"capacity cap[{seat}] = {s.bucket_capacity[seat]}")
        extra = Counter(s.fresh[seat]) - Counter(s.cards[seat])
        if extra:
            raise BadSnapshot(f"snapshot: field 'fresh[{seat}]' lists cards {sorted(extra)} that seat "
                              f"{seat} does not hold (field 'cards[{seat}]')")
    if s.gairy != (n <= 2):
        raise BadSnapshot(f"snapshot: field 'gairy' is {s.gairy}, but Mayor Gairy plays in 1–2 player "
                          f"games only and this one has {n} (HV-SET-1)")
    for i, seat in enumerate(s.queue):
        if seat >= n:
            raise BadSnapshot(f"snapshot: field 'queue[{i}]' is seat {seat}, past the {n} seats")
    for i, f in enumerate(s.frames):
        if type(f) is not Income and not 0 <= f.seat < n:
            raise BadSnapshot(f"snapshot: field 'frames[{i}]' names seat {f.seat}, "
                              f"not a seat of this {n}-player game")
    if len(s.workshop_slots) != 3 * R.SLOTS_PER_ROW:
        raise BadSnapshot(f"snapshot: field 'ws' should have {3 * R.SLOTS_PER_ROW} Workshop slots, "
                          f"got {len(s.workshop_slots)}")
    check_components(s)
    # HV-SET-11, HV-SS-2: six buildings are drawn at setup and two more at each Sunset, so the
    # stack's size follows from the round.
    stack = max(0, NB - 3 * R.SLOTS_PER_ROW - R.SLOTS_PER_ROW * (s.round - 1))
    if len(s.building_stack) != stack:
        raise BadSnapshot(f"snapshot: field 'bstack' holds {len(s.building_stack)} buildings, but in round "
                          f"{s.round} the building stack holds {stack}")


def check_components(s) -> None:
    """Every component is where the rules let it be, none lost or doubled (HV-SET-10 sunrise
    tiles, HV-FFC festival cards, HV-SET-12 Market tiles, HV-SS-2 buildings, Mayor Gairy's
    set); :class:`BadSnapshot` names the field. The fuzzer's conservation check runs it too."""
    sunrise = {"sun_stack": s.sunrise_stack, "display": s.display, "tile": s.sunrise_tile}
    _conserved(sunrise, Counter(t.number for t in SUNRISE if s.fall_festival or not t.expansion),
               "sunrise tile")
    if s.fall_festival:
        cards = {"fdeck": s.festival_deck, "fdiscard": s.festival_discards,
                 "p1": [s.festival_p1] if s.festival_p1 >= 0 else [],
                 "p2": [s.festival_p2] if s.festival_p2 >= 0 else []}
        cards.update({f"cards[{i}]": hand for i, hand in enumerate(s.cards)})
        _conserved(cards, Counter({c.id: c.copies for c in FESTIVAL}), "festival card")
    else:
        for key in ("fdeck", "fdiscard", "cards"):
            if any(getattr(s, _attr(key))):
                raise BadSnapshot(f"snapshot: field {key!r} holds festival cards, but "
                                  "options.fall_festival is off")
        if s.festival_p1 >= 0 or s.festival_p2 >= 0:
            raise BadSnapshot("snapshot: field 'p1' shows a festival card, but options.fall_festival is off")
    per = NM // R.MARKET_STACKS if NM < 4 * R.MARKET_STACKS else 4
    market = {f"mstacks[{i}]": st for i, st in enumerate(s.market_stacks)}
    market["mgone"] = s.market_discards
    _conserved(market, Counter(range(NM)), "Market tile", exact=False)
    dealt = sum(len(st) for st in market.values())
    if dealt != per * R.MARKET_STACKS:
        raise BadSnapshot(f"snapshot: field 'mstacks': the stacks and field 'mgone' hold {dealt} Market "
                          f"tiles, but {per * R.MARKET_STACKS} are dealt at setup (HV-SET-12)")
    buildings = {"bstack": s.building_stack, "ws": [b for b in s.workshop_slots if b >= 0]}
    buildings.update({f"blds[{i}]": [b for b, _ in farm] for i, farm in enumerate(s.buildings)})
    _conserved(buildings, Counter(range(NB)), "building", exact=False)
    if s.gairy_deck or s.gairy_drawn:
        have = Counter(s.gairy_deck) + Counter(s.gairy_drawn)
        want = Counter(t.area for t in GAIRY if s.fall_festival or not t.expansion for _ in range(t.copies))
        if have != want:
            raise BadSnapshot("snapshot: field 'g_deck': with field 'g_drawn' it should hold Mayor "
                              f"Gairy's {sum(want.values())} tiles once each, got {sorted(have.elements())}")
