"""Writing and reading a Fields of Green snapshot, checking every field.

Cards and tiles are stored by name and cells as ``[x, y]``; the decision stack (``frames``) is
stored as lists of internal ids. Every rejection names the field (``seats[1].farm[3].water``).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError, RecordError
from ...core.options import normalise_options
from ...core.rng import Rng
from .actions import KIND_WORDS, Action, cell_of, xy
from .content import CARD_BY_NAME, CARDS, EQ_BY_NAME, EQUIPMENT, MAIN_DECKS

_FRAME_KINDS = ("water", "split", "commit", "take", "act", "pay", "fill", "sell", "equip", "harvest", "hold",
                "effects", "gain_eq", "reveal2")


def _card_names(ids) -> list[str]:
    return [CARDS[c].name for c in ids]


def _lists(x):
    return [_lists(v) for v in x] if isinstance(x, (tuple, list)) else x


def state_to_json(s) -> dict:
    from .state import PHASE_NAMES

    seats = []
    for i in range(s.num_players):
        farm = [
            {
                "card": CARDS[cid].name,
                "cell": list(xy(s.pcell[i][p])),
                "down": s.pdown[i][p],
                "water": s.pwater[i][p],
                "equipment": [EQUIPMENT[k].name for k in s.peq[i][p]],
            }
            for p, cid in enumerate(s.pcard[i])
        ]
        seats.append({
            "coins": s.coins[i], "food": s.food[i], "vp": s.vp[i],
            "stored": [EQUIPMENT[k].name for k in s.stored[i]],
            "hand": _card_names(s.hands[i]),
            "pick": CARDS[s.picks[i]].name if s.picks[i] >= 0 else None,
            "revealed": CARDS[s.revealed[i]].name if s.revealed[i] >= 0 else None,
            "split": list(s.splits[i]) if s.splits[i] is not None else None,
            "origin": s.origin[i], "held": s.held[i],
            "farm": farm,
        })
    options = {k: (sorted(v) if isinstance(v, (set, frozenset)) else v) for k, v in s.options.items()}
    return {
        "players": s.num_players,
        "seed": s.seed,
        "options": options,
        "rng": s.rng.state,
        "year": s.year,
        "phase": PHASE_NAMES[s.phase],
        "first_player_year1": s.first0,
        "turn": s.turn,
        "stage": s.stage,
        "picks_made": s.picks_made,
        "harvest_idx": s.harvest_idx,
        "decks": {d: _card_names(s.decks[i]) for i, d in enumerate(MAIN_DECKS)},
        "towers_left": s.towers_left,
        "silos_left": s.silos_left,
        "equipment_stack": [EQUIPMENT[k].name for k in s.eq_stack],
        "equipment_known": s.eq_known[:],
        "discard": _card_names(s.discard),
        "pile": _card_names(s.pile),
        "display": _card_names(s.display),
        "seats": seats,
        "frames": [_lists(f) for f in s.frames],
        "history": [list(a) for a in s.history],
        "history_seats": s.history_seats[:],
        "undo_floor": s.undo_floor,
    }


def _get(data: Any, key: str, kind, where: str):
    if not isinstance(data, dict) or key not in data:
        raise RecordError(f"snapshot field {where}{key} is missing")
    value = data[key]
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"snapshot field {where}{key} should be a whole number, got {value!r}")
        if value < 0:
            raise RecordError(f"snapshot field {where}{key} should not be negative, got {value}")
    elif not isinstance(value, kind):
        raise RecordError(f"snapshot field {where}{key} should be {kind.__name__}, got {value!r}")
    return value


def _card(name: Any, where: str) -> int:
    card = CARD_BY_NAME.get(name.lower()) if isinstance(name, str) else None
    if card is None:
        raise RecordError(f"snapshot field {where}: {name!r} is not a card")
    return card.id


def _tile(name: Any, where: str) -> int:
    kind = EQ_BY_NAME.get(name.lower()) if isinstance(name, str) else None
    if kind is None:
        raise RecordError(f"snapshot field {where}: {name!r} is not an Equipment tile")
    return kind.id


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"snapshot field {where} should be a list of card names")
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _tiles(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"snapshot field {where} should be a list of tile names")
    return [_tile(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _tuples(x):
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def state_from_json(cls, data: dict):
    from . import GAME_INFO
    from .state import PHASE_NAMES

    n = _get(data, "players", int, "")
    if n not in (2, 3, 4):
        raise RecordError(f"snapshot field players is {n}; Fields of Green takes 2–4 players")
    try:
        options = normalise_options(GAME_INFO.name, GAME_INFO.options, n, _get(data, "options", dict, ""))
    except OptionError as exc:
        raise RecordError(f"snapshot field options: {exc}") from None
    s = cls.__new__(cls)
    s.num_players = n
    s.seed = data.get("seed")
    s.options = options
    s.rng = Rng(0)
    s.rng.state = _get(data, "rng", int, "")
    s.year = _get(data, "year", int, "")
    if not 1 <= s.year <= 4:
        raise RecordError(f"snapshot field year is {s.year}; years run 1–4")
    phase = _get(data, "phase", str, "")
    if phase not in PHASE_NAMES:
        raise RecordError(f"snapshot field phase is {phase!r}; expected one of {', '.join(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(phase)
    s.first0 = _get(data, "first_player_year1", int, "")
    if s.first0 >= n:
        raise RecordError(f"snapshot field first_player_year1 is not a seat of a {n}-player game")
    for key in ("turn", "stage", "picks_made", "harvest_idx", "towers_left", "silos_left", "undo_floor"):
        setattr(s, key, _get(data, key, int, ""))
    decks = _get(data, "decks", dict, "")
    s.decks = []
    for d in MAIN_DECKS:
        ids = _cards(decks.get(d), f"decks.{d}")
        if any(CARDS[c].deck != d for c in ids):
            raise RecordError(f"snapshot field decks.{d} holds a card of another deck")
        s.decks.append(ids)
    s.eq_stack = _tiles(data.get("equipment_stack"), "equipment_stack")
    known = data.get("equipment_known")
    if (not isinstance(known, list) or len(known) != len(s.eq_stack)
            or not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in known)):
        raise RecordError("snapshot field equipment_known should hold one seat mask per stack tile")
    s.eq_known = list(known)
    s.discard = _cards(data.get("discard"), "discard")
    s.pile = _cards(data.get("pile"), "pile")
    s.display = _cards(data.get("display"), "display")
    seats = _get(data, "seats", list, "")
    if len(seats) != n:
        raise RecordError(f"snapshot field seats should hold {n} seats, found {len(seats)}")
    s.coins, s.food, s.vp, s.stored, s.hands, s.picks, s.revealed = [], [], [], [], [], [], []
    s.splits, s.origin, s.held = [], [], []
    s.pcard, s.pcell, s.pdown, s.pwater, s.peq, s.cells = [], [], [], [], [], []
    for i, seat in enumerate(seats):
        w = f"seats[{i}]."
        s.coins.append(_get(seat, "coins", int, w))
        s.food.append(_get(seat, "food", int, w))
        s.vp.append(_get(seat, "vp", int, w))
        s.stored.append(_tiles(seat.get("stored"), w + "stored"))
        s.hands.append(_cards(seat.get("hand"), w + "hand"))
        for key, target in (("pick", s.picks), ("revealed", s.revealed)):
            v = seat.get(key)
            target.append(-1 if v is None else _card(v, w + key))
        split = seat.get("split")
        if split is not None and (not isinstance(split, list) or len(split) != 4 or sum(split) != 6):
            raise RecordError(f"snapshot field {w}split should be four counts adding up to 6")
        s.splits.append(tuple(split) if split is not None else None)
        origin = _get(seat, "origin", int, w)
        if origin >= n:
            raise RecordError(f"snapshot field {w}origin is not a seat")
        s.origin.append(origin)
        s.held.append(_get(seat, "held", int, w))
        farm = _get(seat, "farm", list, w)
        cards, cells_, down, water, eqs, index = [], [], [], [], [], {}
        for p, entry in enumerate(farm):
            fw = f"{w}farm[{p}]."
            cards.append(_card(_get(entry, "card", str, fw), fw + "card"))
            cell = _get(entry, "cell", list, fw)
            if len(cell) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell):
                raise RecordError(f"snapshot field {fw}cell should be [x, y]")
            c = cell_of(*cell)
            if c in index:
                raise RecordError(f"snapshot field {fw}cell: two cards on one cell")
            index[c] = p
            cells_.append(c)
            d = _get(entry, "down", bool, fw)
            down.append(d)
            water.append(_get(entry, "water", int, fw))
            tiles = _tiles(entry.get("equipment"), fw + "equipment")
            if len(tiles) > 2 or len(set(tiles)) != len(tiles):
                raise RecordError(f"snapshot field {fw}equipment: at most 2 different tiles per card")
            eqs.append(tuple(tiles))
        if len(cards) < 2:
            raise RecordError(f"snapshot field {w}farm should hold at least the starting Tower and Silo")
        s.pcard.append(cards)
        s.pcell.append(cells_)
        s.pdown.append(down)
        s.pwater.append(water)
        s.peq.append(eqs)
        s.cells.append(index)
    frames = _get(data, "frames", list, "")
    s.frames = []
    for i, f in enumerate(frames):
        if (not isinstance(f, list) or len(f) < 2 or f[0] not in _FRAME_KINDS
                or not isinstance(f[1], int) or isinstance(f[1], bool) or not -1 <= f[1] < n):
            raise RecordError(f"snapshot field frames[{i}] is not a decision frame: {f!r}")
        s.frames.append(_tuples(f))
    hist = _get(data, "history", list, "")
    s.history = []
    for i, h in enumerate(hist):
        if (not isinstance(h, list) or len(h) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in h)
                or not 0 <= h[0] < len(KIND_WORDS)):
            raise RecordError(f"snapshot field history[{i}] should be [kind, a, b, c] numbers, got {h!r}")
        s.history.append(Action(*h))
    seats_h = data.get("history_seats")
    if not isinstance(seats_h, list) or len(seats_h) != len(hist):
        raise RecordError("snapshot field history_seats should name one seat per history entry")
    s.history_seats = list(seats_h)
    if not 0 <= s.undo_floor <= len(hist):
        raise RecordError(f"snapshot field undo_floor must lie between 0 and {len(hist)}")
    s._legal = None
    s._revealed_flag = False
    return s
