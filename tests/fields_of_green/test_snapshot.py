"""Snapshots (snapshot.py): the readable format (cards and tiles by name, cells as [x, y], decisions
as tables, history as notation), every decision kind written and read back, and each bad field named
on reading (docs/fields_of_green.md)."""

from __future__ import annotations

import copy
import json
import random

import pytest

import acreage
from acreage import RecordError
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.content import CARDS, EQUIPMENT

from .helpers import game


def _play(players: int, seed: int, upto: int):
    s = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    for _ in range(upto):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def _round_trip(s):
    snap = json.loads(json.dumps(s.to_json()))
    loaded = acreage.load_state(snap)
    assert loaded.to_json() == snap
    assert loaded.legal_actions() == s.legal_actions()
    assert loaded.legal_action_ids() == s.legal_action_ids()
    return snap


def _mid_snapshot():
    """A 3-player position in year 3 (Water Towers still in the supply), as plain JSON."""
    s = _play(3, 51, 90)
    return json.loads(json.dumps(s.to_json()))


def _first(items, test):
    return next(i for i, x in enumerate(items) if test(x))


def _set(path, value):
    def edit(st):
        *head, last = path
        node = st
        for key in head:
            node = node[key]
        node[last] = value
    return edit


def _non_tower(st):
    farm = st["seats"][0]["farm"]
    p = _first(farm, lambda e: e["card"] not in ("Water Tower",))
    farm[p]["water"] = 1


def _extra_copy(st):
    st["discard"].append(st["decks"]["plantation"][0])


def _wrong_deck(st):
    st["decks"]["plantation"][0] = "Dairy Cows"


def _far_card(st):
    st["seats"][1]["farm"].append({"card": "Water Tower", "cell": [40, 40], "wasteland": False, "water": 0,
                                   "equipment": []})
    st["water_towers_left"] -= 1


def _more_towers(st):
    st["water_towers_left"] += 1


def _bad_tile_fit(st):
    st["seats"][0]["farm"][1]["equipment"] = ["Tractor"]


def _bad_frame(st):
    st["frames"].append({"kind": "pay", "seat": 0, "cell": [50, 50], "water": 1})


def _bad_stack(st):
    st["equipment_stack"].append({"tile": "Laser Plough", "known_to": []})


def _stack_known(st):
    st["equipment_stack"][0]["known_to"] = [0, 7]


BAD = [
    (_set(("players",), 5), "players"),
    (_set(("phase",), "lunch"), "phase"),
    (_set(("stage",), "x"), "stage"),
    (_set(("year",), 0), "year"),
    (_set(("rng",), -1), "rng"),
    (_set(("seats", 0, "coins"), -1), "seats[0].coins"),
    (_set(("seats", 1, "food"), 99), "seats[1].food"),
    (_set(("seats", 0, "farm", 0, "water"), 9), "seats[0].farm[0].water"),
    (_non_tower, "seats[0].farm"),
    (_set(("seats", 0, "farm", 1, "cell"), [1, 1]), "seats[0].farm[1]"),
    (_set(("seats", 2, "farm", 0, "card"), "Dragon"), "seats[2].farm[0].card"),
    (_set(("seats", 0, "farm", 0, "wasteland"), True), "seats[0].farm[0].wasteland"),
    (_bad_tile_fit, "seats[0].farm[1].equipment"),
    (_far_card, "seats[1].farm"),
    (_set(("seats", 0, "split"), [6, 0, 0, 1]), "seats[0].split"),
    (_set(("seats", 0, "hand_from"), 3), "seats[0].hand_from"),
    (_set(("seats", 0, "hands_held"), [0, 0]), "seats[0].hands_held"),
    (_set(("seats", 0, "pick"), "Silo"), "seats[0].pick"),
    (_wrong_deck, "decks.plantation[0]"),
    (_extra_copy, "copies"),
    (_more_towers, "water_towers_left"),
    (_bad_stack, "equipment_stack"),
    (_stack_known, "equipment_stack[0].known_to"),
    (_bad_frame, "frames["),
    (_set(("history", 0), "fly to the moon"), "history[0]"),
    (_set(("history_seats", 0), 7), "history_seats[0]"),
    (_set(("undo_floor",), 10 ** 6), "undo_floor"),
    (_set(("seats",), []), "seats"),
]


def test_snapshot_is_readable():
    """Cards and tiles by name, cells as [x, y], decisions as tables, history as notation."""
    s = _play(3, 31, 400)
    snap = s.to_json()["state"]
    assert snap["history"] == [str(a) for a in s.history]
    assert all(isinstance(f, dict) and "kind" in f for f in snap["frames"])
    seat = snap["seats"][0]
    assert seat["farm"][0] == {"card": "Water Tower", "cell": [0, 0], "wasteland": False,
                               "water": s.piece_water[0][0], "equipment": seat["farm"][0]["equipment"]}
    assert seat["farm"][1]["card"] == "Silo" and "water" not in seat["farm"][1]
    stack = snap["equipment_stack"]
    assert all(isinstance(e["tile"], str) and isinstance(e["known_to"], list) for e in stack)
    assert set(snap["decks"]) == {"plantation", "livestock", "structure", "building"}
    assert snap["stage"] in ("commit", "resolve")


def test_every_kind_of_decision_frame_round_trips():
    """Each decision kind met in random 2-4 player games is written readably and read back
    into the same position, with the same legal actions and ids."""
    kinds = set()
    for players, seed in ((2, 41), (3, 42), (4, 43), (3, 44), (2, 45)):
        s = game(players, seed=seed, first_player=None)
        rng = random.Random(seed)
        while not s.is_terminal:
            kind = s.frames[-1].kind
            if kind not in kinds or rng.random() < 0.03:
                kinds.add(kind)
                snap = _round_trip(s)
                frame = snap["state"]["frames"][-1]
                assert frame["kind"] == {"gain_eq": "gain_equipment"}.get(kind, kind)
            s.apply(rng.choice(s.legal_actions()))
        _round_trip(s)
    assert {"water", "split", "commit", "take", "act", "pay", "harvest", "equip"} <= kinds


def test_frames_are_written_as_tables():
    """A pending payment, a harvest and an Equipment offer, field by field."""
    s = game(3)
    sc.clear_farm(s, 0, water=1)
    sc.add_card(s, 0, "Water Tower", (0, 1), water=1)
    sc.goto_action(s, 0, "Wheat Field")
    s.apply("build 1,1")
    frames = s.to_json()["state"]["frames"]
    assert frames[-1] == {"kind": "pay", "seat": 0, "cell": [1, 1], "water": 1}
    assert frames[-2] == {"kind": "effects", "seat": 0, "cell": [1, 1], "when": "immediate"}
    assert frames[0] == {"kind": "hold"}
    s.apply("pay 0,1")
    sc.set_stock(s, 0, food=1)
    sc.add_card(s, 0, "Goats", (-1, 0))
    sc.goto_harvest(s, 0)
    s.apply("abandon -1,0")
    assert s.to_json()["state"]["frames"][-1] == {
        "kind": "harvest", "seat": 0, "pending": [[1, 1]], "abandoned": [[-1, 0]], "started": True}
    sc.set_stack(s, ["Tractor", "Weathervane"])
    sc.gain_equipment(s, 0)
    assert s.to_json()["state"]["frames"][-1] == {
        "kind": "equip", "seat": 0, "offer": [{"tile": "Tractor", "known_to": []},
                                             {"tile": "Weathervane", "known_to": []}]}


@pytest.mark.parametrize("edit, field", BAD)
def test_a_bad_snapshot_field_is_named(edit, field):
    """Every field is checked on reading; the RecordError names the bad one."""
    snap = _mid_snapshot()
    acreage.load_state(copy.deepcopy(snap))  # the untouched snapshot loads
    edit(snap["state"])
    with pytest.raises(RecordError) as err:
        acreage.load_state(snap)
    assert field in str(err.value)


def test_two_player_snapshots_have_no_hands_and_others_no_pile():
    snap = json.loads(json.dumps(_play(2, 61, 40).to_json()))
    acreage.load_state(copy.deepcopy(snap))
    snap["state"]["seats"][0]["hand"] = ["Wheat Field"]
    with pytest.raises(RecordError, match=r"seats\[0\]\.hand"):
        acreage.load_state(snap)
    snap = _mid_snapshot()
    snap["state"]["pile"] = ["Wheat Field"]
    with pytest.raises(RecordError, match="pile"):
        acreage.load_state(snap)


def test_content_names_in_snapshots_match_the_data():
    """Names written in snapshots are the content's own names (cards and tiles)."""
    snap = _mid_snapshot()["state"]
    names = {c.name for c in CARDS}
    tiles = {e.name for e in EQUIPMENT}
    for seat in snap["seats"]:
        assert all(e["card"] in names for e in seat["farm"])
        assert all(t in tiles for e in seat["farm"] for t in e["equipment"])
