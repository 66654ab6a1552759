"""Bad snapshots and record files are refused with a named error for every game.

A good snapshot is edited in one place; ``acreage.load_state`` must raise exactly
``BadSnapshot`` naming the field. Files that cannot be read (missing, a folder, unreadable,
not UTF-8, cut short, nested 10,000 deep) are a ``RecordError`` (``BadSnapshot`` for
``load_state``), never a raw exception.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

import acreage
from acreage import BadSnapshot, RecordError

GAMES = ("foxglove", "fields_of_green", "harvest")
_CACHE: dict[tuple, str] = {}


def snapshot(game: str, players: int = 3, steps: int = 40, seed: int = 6, **options) -> dict:
    key = (game, players, steps, seed, tuple(sorted(options.items())))
    if key not in _CACHE:
        state = acreage.new_game(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        _CACHE[key] = json.dumps(state.to_json())
    snap = json.loads(_CACHE[key])
    acreage.load_state(copy.deepcopy(snap))  # the untouched snapshot loads
    return snap


def refused(snap: dict, phrase: str, error: type = BadSnapshot) -> str:
    with pytest.raises(RecordError) as caught:
        acreage.load_state(snap)
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    assert phrase in str(caught.value), str(caught.value)
    return str(caught.value)


# --------------------------------------------------------------------------- every game
#: (label, edit of the whole snapshot, phrase naming the field)
COMMON = [
    ("options null", lambda s: s["state"].__setitem__("options", None), "options"),
    ("options list", lambda s: s["state"].__setitem__("options", []), "options"),
    ("options text", lambda s: s["state"].__setitem__("options", "x"), "options"),
    ("seed float", lambda s: s["state"].__setitem__("seed", 1.5), "seed"),
    ("seed list", lambda s: s["state"].__setitem__("seed", [1]), "seed"),
    ("seed bool", lambda s: s["state"].__setitem__("seed", True), "seed"),
    ("players text", lambda s: s["state"].__setitem__("players", "3"), "players"),
    ("players past the game", lambda s: s["state"].__setitem__("players", 9), "players"),
    ("rng text", lambda s: s["state"].__setitem__("rng", "7"), "rng"),
    ("rng negative", lambda s: s["state"].__setitem__("rng", -1), "rng"),
    ("history_seats past the table", lambda s: s["state"]["history_seats"].__setitem__(0, 7),
     "history_seats"),
    ("history_seats text", lambda s: s["state"]["history_seats"].__setitem__(0, "0"), "history_seats"),
    ("history not a list", lambda s: s["state"].__setitem__("history", {}), "history"),
    ("undo_floor past the history", lambda s: s["state"].__setitem__("undo_floor", 10**6), "undo_floor"),
    ("rules_version", lambda s: s.__setitem__("rules_version", "999"), "rules_version"),
    ("rules_version null", lambda s: s.__setitem__("rules_version", None), "rules_version"),
    ("newer version", lambda s: s.__setitem__("version", 99), "version"),
    ("state a list", lambda s: s.__setitem__("state", []), "state"),
    ("game unknown", lambda s: s.__setitem__("game", "chess"), "game"),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("label, edit, phrase", COMMON, ids=[c[0] for c in COMMON])
def test_a_bad_common_field_is_named(game, label, edit, phrase):
    """Wrong-typed fields, seats past the table and a rules version the engine does not play."""
    snap = snapshot(game)
    edit(snap)
    refused(snap, phrase)


# --------------------------------------------------------------------------- conservation
def _fox_extra_display_tile(st):
    st["display"][0].append(st["stacks"]["A"][0])


def _fox_duplicate_stack_tile(st):
    st["stacks"]["B"].append(st["stacks"]["B"][0])
    st["stacks"]["B"].append(st["stacks"]["B"][0])
    st["stacks"]["B"].append(st["stacks"]["B"][0])


def _fox_emptied_stack(st):
    st["stacks"]["C"] = []


def _fox_lost_display_tile(st):
    st["display"][1] = []


def _fox_extra_town_tile(st):
    town = st["towns"][0]["buildings"]
    town.append({**town[-1], "tile": st["display"][0][0], "cell": [4, 4]})


def _fox_lost_start_tile(st):
    st["towns"][1]["buildings"][0]["tile"] = st["towns"][1]["buildings"][1]["tile"]


FOXGLOVE = [
    (_fox_extra_display_tile, "display[0]"),
    (_fox_duplicate_stack_tile, "stacks.B"),
    (_fox_lost_start_tile, "towns[1].buildings"),
    (_fox_emptied_stack, "stacks.C"),
    (_fox_lost_display_tile, "stacks.A"),
    (_fox_extra_town_tile, "towns[0].buildings"),
    (lambda st: st.__setitem__("order", [0, 0, 5]), "order"),
    (lambda st: st.__setitem__("stage_idx", 9), "stage_idx"),
    (lambda st: st.__setitem__("moves_left", -1), "moves_left"),
    (lambda st: st.__setitem__("turn", 3), "turn"),
    (lambda st: st.__setitem__("start_player", 3), "start_player"),
]


@pytest.mark.parametrize("edit, field", FOXGLOVE)
def test_foxglove_snapshot_that_duplicates_a_tile_or_names_a_missing_seat_FF_SET_2_FF_SET_8(edit, field):
    """FF-SET-2: each tile has a fixed number of copies, every one in a stack, the display, a
    town or removed from the game, so a duplicated or lost tile is refused; FF-SET-8: each town
    keeps its Forest and Mine; seats past the table."""
    snap = snapshot("foxglove")
    edit(snap["state"])
    refused(snap, field)


def _green_empty_deck(st):
    st["decks"]["livestock"] = []


def _green_duplicate_card(st):
    st["discard"].append(st["decks"]["plantation"][0])


FIELDS = [
    (_green_empty_deck, "decks"),
    (_green_duplicate_card, "decks"),
    (lambda st: st.__setitem__("water_towers_left", st["water_towers_left"] + 1), "water_towers_left"),
    (lambda st: st["equipment_stack"].extend(st["equipment_stack"] * 3), "equipment_stack"),
    (lambda st: st["history_seats"].__setitem__(0, 3), "history_seats"),
]


@pytest.mark.parametrize("edit, field", FIELDS)
def test_fields_of_green_snapshot_that_loses_or_duplicates_a_card_FG_SET_2(edit, field):
    """Every card is in exactly one place; an emptied deck or a duplicated card is refused."""
    snap = snapshot("fields_of_green")
    edit(snap["state"])
    refused(snap, field)


# --------------------------------------------------------------------------- Harvest table
def _set(*path_and_value):
    *path, value = path_and_value

    def edit(st):
        node = st
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _hv_dup_display(st):
    st["display"].append(st["tile"][0])


def _hv_water_over_cap(st):
    st["water"][0] = st["cap"][0] + 1


def _hv_two_seats_one_character(st):
    st["char"][1] = st["char"][0]


def _hv_two_seats_one_farmhouse(st):
    st["house"][2] = st["house"][0]


def _hv_extra_building(st):
    st["bstack"].append(next(b for b in st["ws"] if b >= 0))


def _hv_extra_card(st):
    st["fdiscard"].append(st["fdeck"][0])


def _hv_extra_market(st):
    st["mgone"].append(st["mstacks"][0][0])


def _hv_fresh_not_held(st):
    st["fresh"][0] = [0]
    st["cards"][0] = []


HARVEST = [
    # phase against the rest of the state
    (_set("phase", "lunch"), "phase"),
    (_set("phase", "over"), "phase"),
    (_set("phase", "setup"), "phase"),
    (_set("round", 5), "round"),
    # options against the state
    (_set("ff", False), "ff"),
    (_set("options", {"fall_festival": False}), "ff"),
    (_set("options", {"assign": "Trader:Bakehouse;Architect:Well House;Lumberjack:Seed Loft"}), "char[0]"),
    (_set("options", {"colour": "red"}), "options"),
    (_set("gairy", True), "gairy"),
    # capacities and counts
    (_hv_water_over_cap, "water[0]"),
    (_set("cap", 0, 9), "cap[0]"),
    (_set("wb", 1, 4), "wb[1]"),
    (_set("coins", 2, -1), "coins[2]"),
    (_set("seeds", 0, 1, -2), "seeds[0][1]"),
    (_set("fert", 0, 99), "fert[0]"),
    (_set("farm", 0, 3, 42), "farm[0][3]"),
    (_set("coins", [3, 3]), "coins"),
    # seats past the table
    (_set("queue", [5]), "queue[0]"),
    (_set("occ", 0, [4]), "occ[0][0]"),
    (_set("frames", 0, 1, 3), "frames[0]"),
    (_set("history_seats", 0, 3), "history_seats"),
    # one card of each character and farmhouse (HV-SET-8)
    (_hv_two_seats_one_character, "char"),
    (_hv_two_seats_one_farmhouse, "house"),
    (_set("dealt_c", 1, [0, 0]), "dealt_c"),
    # lost or duplicated components (HV-SET-5)
    (_set("sun_stack", []), "sun_stack"),
    (_hv_dup_display, "display"),
    (_set("fdeck", []), "fdeck"),
    (_hv_extra_card, "fdiscard"),
    (_hv_fresh_not_held, "fresh[0]"),
    (_set("mstacks", [[], [], []]), "mstacks"),
    (_hv_extra_market, "mgone"),
    (_set("bstack", []), "bstack"),
    (_hv_extra_building, "bstack"),
    (_set("ws", [0]), "ws"),
    (_set("blds", 0, [[99, 0]]), "blds[0][0][0]"),
    (_set("blds", 0, [[0, 99]]), "blds[0][0][1]"),
    (_set("g_deck", ["gs"]), "g_deck"),
    # wrong types
    (_set("round", "2"), "round"),
    (_set("cycle_placed", 1), "cycle_placed"),
    (_set("history", "keep character Trader"), "history"),
]


@pytest.mark.parametrize("edit, field", HARVEST)
def test_harvest_snapshot_with_one_bad_field_is_refused_naming_it_HV_SET_5_HV_SET_8(edit, field):
    """A good 3-player Harvest snapshot (round 1, Action phase, festival on) with one field
    edited: a phase at odds with the state, options against the state, capacities and counts
    out of range, seats past the table, one card given to two seats (HV-SET-8) and lost or
    duplicated buildings, Market tiles, sunrise tiles or festival cards (HV-SET-5)."""
    snap = snapshot("harvest", steps=60)
    assert snap["state"]["phase"] == "action" and snap["state"]["players"] == 3
    edit(snap["state"])
    refused(snap, field)


def test_harvest_snapshots_of_whole_games_load_back_HV_SET_13():
    """The checks refuse nothing a real game reaches: every tenth position of games with 1-4
    players, with and without the festival and with assigned characters, loads back."""
    for seed, players, options in ((1, 1, {}), (2, 2, {"fall_festival": False}), (3, 4, {}),
                                   (4, 2, {"assign": "Trader:Bakehouse;Francie:Well House"})):
        state = acreage.new_game("harvest", players=players, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 10 == 0 or state.is_terminal:
                snap = json.loads(json.dumps(state.to_json()))
                assert acreage.load_state(snap).to_json() == snap
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


# --------------------------------------------------------------------------- files
def _files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, data in (("not_utf8", b"\xff\xfe{\x00}"), ("truncated", b'{"format": "acreage-snap'),
                       ("empty", b""), ("deep", b"[" * 10_000 + b"]" * 10_000),
                       ("deep_object", b'{"a":' * 10_000 + b"1" + b"}" * 10_000)):
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        out[name] = path
    out["missing"] = tmp_path / "nope.json"
    out["folder"] = tmp_path
    return out


PHRASES = {"not_utf8": "not UTF-8", "truncated": "not valid JSON", "empty": "cut short",
           "deep": "nested more than", "deep_object": "nested more than", "missing": "no such file",
           "folder": "is a folder"}


@pytest.mark.parametrize("kind", sorted(PHRASES))
def test_an_unreadable_file_is_a_named_error(tmp_path, kind):
    """replay(path) gives RecordError and load_state(path) BadSnapshot, naming the file."""
    path = _files(tmp_path)[kind]
    for call, error in ((acreage.replay, RecordError), (acreage.load_state, BadSnapshot)):
        for arg in (path, str(path)):
            with pytest.raises(RecordError) as caught:
                call(arg)
            assert type(caught.value) is error
            assert PHRASES[kind] in str(caught.value) and str(path) in str(caught.value)


def test_a_file_without_permission_is_a_named_error(tmp_path, monkeypatch):
    """A file that may not be read (chmod 000; faked, since root may read anything)."""
    path = tmp_path / "secret.json"
    path.write_text("{}", encoding="utf-8")

    def denied(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    with pytest.raises(RecordError, match="permission denied") as caught:
        acreage.replay(path)
    assert type(caught.value) is RecordError
    with pytest.raises(BadSnapshot, match="permission denied"):
        acreage.load_state(path)


@pytest.mark.parametrize("value", [None, 3, [], b"{}"], ids=repr)
def test_a_record_or_snapshot_that_is_not_an_object_is_refused(value):
    with pytest.raises(RecordError, match="expected a JSON object") as caught:
        acreage.replay(value)
    assert type(caught.value) is RecordError
    with pytest.raises(BadSnapshot, match="expected a JSON object"):
        acreage.load_state(value)


@pytest.mark.parametrize("game", GAMES)
def test_a_record_of_another_rules_version_is_refused(game):
    state = acreage.new_game(game, players=2, seed=1)
    state.apply(state.legal_actions()[0])
    record = state.record()
    record["rules_version"] = "999"
    with pytest.raises(RecordError, match="rules_version") as caught:
        acreage.replay(record)
    assert type(caught.value) is RecordError
