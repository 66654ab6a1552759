"""Writing and reading a Fields of Green snapshot, checking every field.

The format is readable on its own: cards and Equipment tiles by name, cells as ``[x, y]`` on
the seat's own grid, decisions as small tables (``{"kind": "pay", "seat": 0, "cell": [2, 0],
"water": 1}``) and the history as notation. ``docs/fields_of_green.md`` documents every field.
A snapshot is a full position (hands, picks, deck order, Equipment stack): it is for saving and
debugging, not for showing to a player. Every rejection is an :class:`~acreage.BadSnapshot` that
names the field (``seats[1].farm[3].water``) and says what was expected.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from ...core.errors import BadSnapshot, IllegalAction, OptionError
from ...core.options import normalise_options
from ...core.registry import game_info
from ...core.rng import Rng
from . import rulings as R
from .actions import cell_of, in_bounds, neighbours, xy
from .content import CARD_BY_NAME, CARDS, DECK_OF, EQ_BY_NAME, EQUIPMENT, MAIN_DECKS
from .content import SILO as SILO_CARD
from .content import TOWER as TOWER_CARD
from .frames import (
    BY_KIND,
    Act,
    Effects,
    Equip,
    Fill,
    Harvest,
    Hold,
    PayWater,
    RevealPair,
    Sell,
    WaterPlacement,
)
from .queries import food_cap, tower_capacity

_MASK64 = (1 << 64) - 1
_STAGES = ("commit", "resolve")
_WHEN = ("immediate", "harvest")
#: Internal frame kind -> the name written in a snapshot.
_FRAME_NAMES = {
    "water": "water", "split": "split", "commit": "commit", "take": "take", "act": "act", "pay": "pay",
    "fill": "fill", "sell": "sell", "equip": "equip", "harvest": "harvest", "effects": "effects",
    "gain_eq": "gain_equipment", "reveal2": "reveal", "hold": "hold",
}
_FRAME_KINDS = {v: k for k, v in _FRAME_NAMES.items()}


# ============================================================================ writing
def _names(ids) -> list[str]:
    return [CARDS[c].name for c in ids]


def _seats(mask: int, n: int) -> list[int]:
    return [s for s in range(n) if mask >> s & 1]


def _tile_entry(tile: int, mask: int, n: int) -> dict:
    return {"tile": EQUIPMENT[tile].name, "known_to": _seats(mask, n)}


def frame_to_json(s, f) -> dict:
    """One decision-stack frame as a readable table."""
    out: dict[str, Any] = {"kind": _FRAME_NAMES[f.kind]}
    kind = type(f)
    if kind is Hold or kind is RevealPair:
        return out
    seat = f.seat
    out["seat"] = seat
    if kind is WaterPlacement:
        out["water"] = f.left
    elif kind is Act:
        out["card"] = CARDS[f.card].name
    elif kind is PayWater:
        out["cell"] = list(xy(f.cell))
        out["water"] = f.amount
    elif kind is Fill:
        out["from"] = list(xy(f.cell))
        out["range"] = f.reach
        out["water"] = f.amount if f.amount else "refill"
    elif kind is Sell:
        out["max"], out["price"] = f.most, f.price
    elif kind is Equip:
        out["offer"] = [_tile_entry(t, m, s.num_players) for t, m in zip(f.drawn, f.known, strict=True)]
    elif kind is Harvest:
        out["pending"] = [list(xy(s.piece_cells[seat][p])) for p in f.pending]
        out["abandoned"] = [list(xy(s.piece_cells[seat][p])) for p in f.abandoned]
        out["started"] = f.started
    elif kind is Effects:
        out["cell"] = list(xy(s.piece_cells[seat][f.piece]))
        out["when"] = f.when
    return out


def state_to_json(s) -> dict:
    from .constants import PHASE_NAMES, TOWER_ID

    n = s.num_players
    seats = []
    for i in range(n):
        farm = []
        for p, cid in enumerate(s.piece_cards[i]):
            entry: dict[str, Any] = {"card": CARDS[cid].name, "cell": list(xy(s.piece_cells[i][p])),
                                     "wasteland": s.piece_face_down[i][p]}
            if cid == TOWER_ID:
                entry["water"] = s.piece_water[i][p]
            entry["equipment"] = [EQUIPMENT[k].name for k in s.piece_equipment[i][p]]
            farm.append(entry)
        seats.append({
            "coins": s.coins[i],
            "food": s.food[i],
            "vp_tokens": s.point_tokens[i],
            "stored_equipment": [EQUIPMENT[k].name for k in s.stored[i]],
            "split": list(s.splits[i]) if s.splits[i] is not None else None,
            "hand": _names(s.hands[i]),
            "pick": CARDS[s.picks[i]].name if s.picks[i] >= 0 else None,
            "revealed_pick": CARDS[s.revealed[i]].name if s.revealed[i] >= 0 else None,
            "hand_from": s.origin[i],
            "hands_held": _seats(s.held[i], n),
            "farm": farm,
        })
    options = {k: (sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in s.options.items()}
    return {
        "players": n,
        "seed": s.seed,
        "options": options,
        "rng": s.rng.state,
        "year": s.year,
        "phase": PHASE_NAMES[s.phase],
        "first_player_year1": s.first_player_year1,
        "turn": s.turn,
        "stage": _STAGES[s.stage],
        "picks_made": s.picks_made,
        "harvests_started": s.harvest_index,
        "decks": {d: _names(s.decks[i]) for i, d in enumerate(MAIN_DECKS)},
        "water_towers_left": s.towers_left,
        "silos_left": s.silos_left,
        "equipment_stack": [_tile_entry(t, m, n)
                            for t, m in zip(s.equipment_stack, s.equipment_known, strict=True)],
        "discard": _names(s.discard),
        "pile": _names(s.pile),
        "display": _names(s.display),
        "seats": seats,
        "frames": [frame_to_json(s, f) for f in s.frames],
        "history": [str(a) for a in s.history],
        "history_seats": s.history_seats[:],
        "undo_floor": s.undo_floor,
    }


# ============================================================================ reading
def _bad(where: str, what: str) -> NoReturn:
    raise BadSnapshot(f"snapshot field {where} {what}")


def _field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        _bad(where.rstrip(".") or "state", "should be a table (JSON object)")
    if key not in data:
        raise BadSnapshot(f"snapshot field {where}{key} is missing")
    return data[key]


def _int(data: Any, key: str, where: str, lo: int = 0, hi: int | None = None) -> int:
    value = _field(data, key, where)
    return _as_int(value, where + key, lo, hi)


def _as_int(value: Any, where: str, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _bad(where, f"should be a whole number, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        span = f"{lo} or more" if hi is None else f"{lo}–{hi}"
        _bad(where, f"should be {span}, got {value}")
    return value


def _bool(data: Any, key: str, where: str) -> bool:
    value = _field(data, key, where)
    if not isinstance(value, bool):
        _bad(where + key, f"should be true or false, got {value!r}")
    return value


def _list(value: Any, where: str, what: str) -> list:
    if not isinstance(value, list):
        _bad(where, f"should be a list of {what}, got {value!r}")
    return value


def _card(name: Any, where: str, main_only: bool = True) -> int:
    card = CARD_BY_NAME.get(name.lower()) if isinstance(name, str) else None
    if card is None:
        _bad(where, f"should be a card name, got {name!r}")
    if main_only and not card.is_location:
        _bad(where, f"should be a card of the four main decks, got {name!r}")
    return card.id


def _cards(value: Any, where: str) -> list[int]:
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where, "card names"))]


def _tile(name: Any, where: str) -> int:
    kind = EQ_BY_NAME.get(name.lower()) if isinstance(name, str) else None
    if kind is None:
        _bad(where, f"should be an Equipment tile name, got {name!r}")
    return kind.id


def _tiles(value: Any, where: str) -> list[int]:
    return [_tile(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where, "tile names"))]


def _seat(value: Any, where: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        _bad(where, f"should be a seat 0–{n - 1}, got {value!r}")
    return value


def _seat_mask(value: Any, where: str, n: int) -> int:
    seats = [_seat(v, f"{where}[{i}]", n) for i, v in enumerate(_list(value, where, "seats"))]
    if len(set(seats)) != len(seats):
        _bad(where, "names a seat twice")
    return sum(1 << v for v in seats)


def _tile_entries(value: Any, where: str, n: int) -> tuple[list[int], list[int]]:
    tiles, masks = [], []
    for i, entry in enumerate(_list(value, where, "tiles")):
        w = f"{where}[{i}]."
        tiles.append(_tile(_field(entry, "tile", w), w + "tile"))
        masks.append(_seat_mask(_field(entry, "known_to", w), w + "known_to", n))
    return tiles, masks


def _xy(value: Any, where: str) -> int:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        _bad(where, f"should be a cell [x, y], got {value!r}")
    if not in_bounds(*value):
        _bad(where, f"lies outside the grid (coordinates run -{R.COORD_LIMIT}..{R.COORD_LIMIT})")
    return cell_of(*value)


def _piece(s, seat: int, value: Any, where: str) -> int:
    cell = _xy(value, where)
    p = s.cells[seat].get(cell)
    if p is None:
        _bad(where, f"should be a card of seat {seat}'s farm; {list(xy(cell))} is empty")
    return p


def state_from_json(cls, data: dict):
    """Rebuild a Fields of Green position from a snapshot, naming the first bad field.

    One function: it reads the fields in the snapshot's order, each check a line or two next
    to the field it guards, and the conservation checks need every field read first; split,
    it would pass the half-built state around without making any step clearer."""
    GAME_INFO = game_info("fields_of_green")  # noqa: N806 - through the registry: the package imports the state
    from .constants import PHASE_NAMES, RESOLVE

    if not isinstance(data, dict):
        raise BadSnapshot("snapshot field state should be a table (JSON object)")
    n = _int(data, "players", "", 2, 4)
    try:
        options = normalise_options(GAME_INFO.name, GAME_INFO.options, n, _field(data, "options", ""))
    except OptionError as exc:
        raise BadSnapshot(f"snapshot field options: {exc}") from None
    s = cls.__new__(cls)
    s.num_players = n
    seed = _field(data, "seed", "")
    if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
        _bad("seed", f"should be a whole number, a string or null, got {seed!r}")
    s.seed = seed
    s.options = options
    s.rng = Rng(0)
    s.rng.state = _int(data, "rng", "", 0, _MASK64)
    s.year = _int(data, "year", "", 1, 4)
    phase = _field(data, "phase", "")
    if phase not in PHASE_NAMES:
        _bad("phase", f"should be one of {', '.join(PHASE_NAMES)}, got {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    s.first_player_year1 = _seat(_field(data, "first_player_year1", ""), "first_player_year1", n)
    s.turn = _int(data, "turn", "", 0, R.TURNS)
    stage = _field(data, "stage", "")
    if stage not in _STAGES:
        _bad("stage", f"should be commit or resolve, got {stage!r}")
    s.stage = _STAGES.index(stage)
    s.picks_made = _int(data, "picks_made", "", 0, 2 * R.TURNS)
    s.harvest_index = _int(data, "harvests_started", "", 0, n)

    decks = _field(data, "decks", "")
    if not isinstance(decks, dict) or set(decks) != set(MAIN_DECKS):
        _bad("decks", f"should be a table with exactly the decks {', '.join(MAIN_DECKS)}")
    s.decks = []
    for d in MAIN_DECKS:
        ids = _cards(decks[d], f"decks.{d}")
        for i, c in enumerate(ids):
            if CARDS[c].deck != d:
                _bad(f"decks.{d}[{i}]", f"is {CARDS[c].name}, a card of the {CARDS[c].deck} deck")
        s.decks.append(ids)
    s.towers_left = _int(data, "water_towers_left", "", 0, TOWER_CARD.copies)
    s.silos_left = _int(data, "silos_left", "", 0, SILO_CARD.copies)
    s.equipment_stack, s.equipment_known = _tile_entries(_field(data, "equipment_stack", ""),
                                                         "equipment_stack", n)
    s.discard = _cards(_field(data, "discard", ""), "discard")
    s.pile = _cards(_field(data, "pile", ""), "pile")
    s.display = _cards(_field(data, "display", ""), "display")
    if n > 2 and (s.pile or s.display):
        _bad("pile" if s.pile else "display", "should be empty: only 2-player games use the pile and display")

    seats = _list(_field(data, "seats", ""), "seats", "seats")
    if len(seats) != n:
        _bad("seats", f"should hold {n} seats, found {len(seats)}")
    s.coins, s.food, s.point_tokens, s.stored, s.hands, s.picks, s.revealed = [], [], [], [], [], [], []
    s.splits, s.origin, s.held = [], [], []
    s.piece_cards, s.piece_cells, s.piece_face_down, s.piece_water = [], [], [], []
    s.piece_equipment, s.cells = [], []
    s._front = [None] * n
    for i, seat in enumerate(seats):
        _read_seat(s, i, seat, n)

    frames = _list(_field(data, "frames", ""), "frames", "decision tables")
    s.frames = [_read_frame(s, f, f"frames[{i}]") for i, f in enumerate(frames)]
    _check_counts(s)

    hist = _list(_field(data, "history", ""), "history", "actions in notation")
    s.history = []
    for i, text in enumerate(hist):
        if not isinstance(text, str):
            _bad(f"history[{i}]", f"should be an action in notation, got {text!r}")
        try:
            s.history.append(s._parse_structural(text))
        except IllegalAction as exc:
            _bad(f"history[{i}]", f"cannot be read: {exc}")
    seats_h = _list(_field(data, "history_seats", ""), "history_seats", "seats")
    if len(seats_h) != len(hist):
        _bad("history_seats", f"should name one seat per history entry ({len(hist)}), found {len(seats_h)}")
    s.history_seats = [_seat(v, f"history_seats[{i}]", n) for i, v in enumerate(seats_h)]
    s.undo_floor = _int(data, "undo_floor", "", 0, len(hist))
    if s.stage == RESOLVE and any(x >= 0 for x in s.picks):
        _bad("stage", "is resolve, but a seat still holds an unrevealed pick")
    s._legal = None
    s._reveals = 0
    return s


def _read_seat(s, i: int, seat: Any, n: int) -> None:
    w = f"seats[{i}]."
    s.coins.append(_int(seat, "coins", w))
    food = _int(seat, "food", w)
    s.point_tokens.append(_int(seat, "vp_tokens", w))
    s.stored.append(_tiles(_field(seat, "stored_equipment", w), w + "stored_equipment"))
    split = _field(seat, "split", w)
    if split is not None:
        counts = [_as_int(v, f"{w}split[{k}]", 0, R.DRAW_COUNT)
                  for k, v in enumerate(_list(split, w + "split", "counts"))]
        if len(counts) != 4 or sum(counts) != R.DRAW_COUNT:
            _bad(w + "split", f"should be four counts adding up to {R.DRAW_COUNT}, got {split!r}")
        split = tuple(counts)
    s.splits.append(split)
    hand = _cards(_field(seat, "hand", w), w + "hand")
    pick = _field(seat, "pick", w)
    pick = -1 if pick is None else _card(pick, w + "pick")
    revealed = _field(seat, "revealed_pick", w)
    s.revealed.append(-1 if revealed is None else _card(revealed, w + "revealed_pick"))
    if n == 2 and (hand or pick >= 0):
        _bad(w + ("hand" if hand else "pick"), "should be empty: 2-player games have no hands (FG-2P-1)")
    s.hands.append(hand)
    s.picks.append(pick)
    s.origin.append(_seat(_field(seat, "hand_from", w), w + "hand_from", n))
    s.held.append(_seat_mask(_field(seat, "hands_held", w), w + "hands_held", n))
    _read_farm(s, i, _field(seat, "farm", w), w + "farm")
    cap = food_cap(s, i)
    if food > cap:
        _bad(w + "food", f"is {food}, more than the Silos hold ({cap})")
    s.food.append(food)


def _read_farm(s, i: int, farm: Any, where: str) -> None:
    from .constants import EQ_FITS, TOWER_ID

    entries = _list(farm, where, "cards")
    if not 2 <= len(entries) <= R.MAX_PIECES:
        _bad(where, f"should hold 2–{R.MAX_PIECES} cards, found {len(entries)}")
    cards, cells, down, water, eqs = [], [], [], [], []
    index: dict[int, int] = {}  # cell -> the card's place in the farm
    for p, entry in enumerate(entries):
        w = f"{where}[{p}]."
        cid = _card(_field(entry, "card", w), w + "card", main_only=False)
        card = CARDS[cid]
        cell = _xy(_field(entry, "cell", w), w + "cell")
        if cell in index:
            _bad(w + "cell", f"{list(xy(cell))} already holds card #{index[cell]}")
        wasteland = _bool(entry, "wasteland", w)
        if wasteland and not card.has_harvest:
            _bad(w + "wasteland", f"cannot be true: {card.name} has no Harvest ability (FG-HRV-14)")
        if cid == TOWER_ID:
            amount = _int(entry, "water", w)
        else:
            amount = entry.get("water", 0)
            if amount != 0 or isinstance(amount, bool):
                _bad(w + "water", f"should be absent or 0: only Water Towers hold Water "
                                  f"({card.name}), got {amount!r}")
        tiles = _tiles(_field(entry, "equipment", w), w + "equipment")
        if len(tiles) > R.EQUIPMENT_PER_CARD or len(set(tiles)) != len(tiles):
            _bad(w + "equipment", f"holds {len(tiles)} tiles; a card takes at most "
                                  f"{R.EQUIPMENT_PER_CARD} different ones (FG-EQ-4)")
        if wasteland and tiles and R.EQUIPMENT_LOST_WITH_WASTELAND:
            _bad(w + "equipment", "should be empty on a Wasteland (FG-HRV-13)")
        for t in tiles:
            if EQ_FITS[t] not in card.categories:
                _bad(w + "equipment", f"{EQUIPMENT[t].name} does not fit {card.name} (FG-EQ-3)")
        index[cell] = p
        cards.append(cid)
        cells.append(cell)
        down.append(wasteland)
        water.append(amount)
        eqs.append(tuple(tiles))
    if cards[0] != TOWER_ID or cells[0] != cell_of(*R.START_TOWER_CELL):
        _bad(f"{where}[0]", f"should be the starting Water Tower at {list(R.START_TOWER_CELL)} (FG-SET-5)")
    if cards[1] != SILO_CARD.id or cells[1] != cell_of(*R.START_SILO_CELL):
        _bad(f"{where}[1]", f"should be the starting Silo at {list(R.START_SILO_CELL)} (FG-SET-5)")
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for nb in neighbours(todo.pop()):
            if nb in index and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(cells):
        p = next(q for q, c in enumerate(cells) if c not in seen)
        _bad(f"{where}[{p}].cell", "is not joined to the farm: every card sits beside another (FG-BLD-1)")
    s.piece_cards.append(cards)
    s.piece_cells.append(cells)
    s.piece_face_down.append(down)
    s.piece_water.append(water)
    s.piece_equipment.append(eqs)
    s.cells.append(index)
    for p, cid in enumerate(cards):
        cap = tower_capacity(s, i, p) if cid == TOWER_ID else 0
        if water[p] > cap:
            _bad(f"{where}[{p}].water", f"is {water[p]}, more than the Tower holds ({cap})")


def _read_frame(s, f: Any, where: str):
    n = s.num_players
    w = where + "."
    name = _field(f, "kind", w)
    if name not in _FRAME_KINDS:
        _bad(w + "kind", f"should be one of {', '.join(_FRAME_KINDS)}, got {name!r}")
    kind = _FRAME_KINDS[name]
    if kind in ("hold", "reveal2"):
        return BY_KIND[kind]()
    seat = _seat(_field(f, "seat", w), w + "seat", n)
    if kind in ("split", "commit", "take", "gain_eq"):
        return BY_KIND[kind](seat)
    if kind == "water":
        return WaterPlacement(seat, _int(f, "water", w, 1))
    if kind == "act":
        return Act(seat, _card(_field(f, "card", w), w + "card"))
    if kind == "pay":
        p = _piece(s, seat, _field(f, "cell", w), w + "cell")
        return PayWater(seat, s.piece_cells[seat][p], _int(f, "water", w, 1))
    if kind == "fill":
        p = _piece(s, seat, _field(f, "from", w), w + "from")
        amount = _field(f, "water", w)
        amount = 0 if amount == "refill" else _as_int(amount, w + "water", 1)
        return Fill(seat, s.piece_cells[seat][p], _int(f, "range", w), amount)
    if kind == "sell":
        return Sell(seat, _int(f, "max", w, 0, 2), _int(f, "price", w))
    if kind == "equip":
        tiles, masks = _tile_entries(_field(f, "offer", w), w + "offer", n)
        if not 1 <= len(tiles) <= R.EQUIPMENT_DRAW:
            _bad(w + "offer", f"should hold 1–{R.EQUIPMENT_DRAW} tiles, found {len(tiles)}")
        return Equip(seat, tuple(tiles), tuple(masks))
    if kind == "effects":
        p = _piece(s, seat, _field(f, "cell", w), w + "cell")
        when = _field(f, "when", w)
        if when not in _WHEN:
            _bad(w + "when", f"should be immediate or harvest, got {when!r}")
        return Effects(seat, p, when)
    # harvest
    lists = []
    for key in ("pending", "abandoned"):
        cells = _list(_field(f, key, w), w + key, "cells")
        ps = tuple(_piece(s, seat, c, f"{w}{key}[{j}]") for j, c in enumerate(cells))
        for j, p in enumerate(ps):
            if s.piece_face_down[seat][p] or not CARDS[s.piece_cards[seat][p]].has_harvest:
                _bad(f"{w}{key}[{j}]", "should be a face-up card with a Harvest ability")
        lists.append(ps)
    pending, abandoned = lists
    if len(set(pending + abandoned)) != len(pending) + len(abandoned):
        _bad(w + "pending", "names a card twice (a card is either pending or abandoned)")
    return Harvest(seat, pending, abandoned, _bool(f, "started", w))


def _check_counts(s) -> None:
    """Every card and supply card is somewhere exactly once; no Equipment tile is duplicated."""
    from .constants import SILO_ID, TOWER_ID

    where: Counter = Counter()
    for d in s.decks:
        where.update(d)
    for h in s.hands:
        where.update(h)
    where.update(x for x in s.picks if x >= 0)
    where.update(s.pile)
    where.update(s.display)
    where.update(s.discard)
    where.update(f.card for f in s.frames if type(f) is Act)
    for farm in s.piece_cards:
        where.update(c for c in farm if DECK_OF[c] >= 0)
    for c in CARDS:
        if c.is_location and where[c.id] != c.copies:
            _bad("decks", f"and the other card fields hold {where[c.id]} copies of {c.name}; the game "
                          f"has {c.copies} (each copy is in one deck, hand, pick, pile, display, discard "
                          "or farm)")
    supplies = ((TOWER_ID, s.towers_left, "water_towers_left"), (SILO_ID, s.silos_left, "silos_left"))
    for cid, left, field in supplies:
        built = sum(farm.count(cid) for farm in s.piece_cards)
        if built + left != CARDS[cid].copies:
            _bad(field, f"is {left}, but with {built} in the farms the supply would hold "
                        f"{built + left} of {CARDS[cid].copies} cards")
    tiles: Counter = Counter(s.equipment_stack)
    for st in s.stored:
        tiles.update(st)
    for farm in s.piece_equipment:
        for eq in farm:
            tiles.update(eq)
    for f in s.frames:
        if type(f) is Equip:
            tiles.update(f.drawn)
    for e in EQUIPMENT:
        if tiles[e.id] > e.tiles:
            _bad("equipment_stack", f"and the other Equipment fields hold {tiles[e.id]} {e.name} tiles; "
                                    f"the game has {e.tiles}")
