"""The engine core contract (docs/core-contract.md, docs/records.md), checked through Foxglove Farm.

Catalogue, option checking, record and snapshot readers, and the seeded RNG. Every error test
also checks that the message names what is wrong (the option, the action index, the field).
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import acreage
from acreage import AcreageError, IllegalAction, OptionError, RecordError
from acreage.core import OptionSpec, Rng


def _played(players: int = 2, seed=3, steps: int = 40, **options):
    """A game some way in (random legal actions, seeded)."""
    state = acreage.new_game("foxglove", players=players, seed=seed, **options)
    rng = random.Random(seed if isinstance(seed, int) else 0)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _finished(players: int = 2, seed=5, **options):
    return _played(players, seed, steps=100_000, **options)


# --------------------------------------------------------------------------- catalogue
def test_games_lists_foxglove_with_its_players_and_options():
    infos = {info.name: info for info in acreage.games()}
    assert "foxglove" in infos
    info = infos["foxglove"]
    assert info.title == "Foxglove Farm"
    assert (info.min_players, info.max_players) == (1, 4)  # FF-SET-1
    assert set(info.options) == {"start_player", "expert", "advanced_tiles", "solo_setup", "move_cap"}
    for name, spec in info.options.items():
        assert isinstance(spec, OptionSpec) and spec.name == name
        assert spec.help.strip(), f"option {name} has no help text"
    assert info.hidden_information is True and info.simultaneous_choices is False
    assert info.state_class.game_name == "foxglove"
    summary = info.summary()
    assert json.loads(json.dumps(summary)) == summary  # plain data
    assert summary["players"] == [1, 2, 3, 4]
    defaults = {k: v["default"] for k, v in summary["options"].items()}
    assert defaults == {
        "start_player": None,
        "expert": [],
        "advanced_tiles": True,  # FF-SET-9
        "solo_setup": 1,
        "move_cap": 200,  # FF-TRN-11
    }


@pytest.mark.parametrize(
    "name", ["foxglove", "Foxglove", "FF", "foxglove_farm", "Foxglove Farm", "foxglove-farm"]
)
def test_game_info_accepts_the_name_and_its_aliases(name):
    assert acreage.game_info(name).name == "foxglove"


def test_an_unknown_game_is_refused_with_the_list_of_games():
    with pytest.raises(OptionError, match="chess") as err:
        acreage.new_game("chess")
    assert "foxglove" in str(err.value)


def test_errors_form_one_family():
    for cls in (IllegalAction, OptionError, RecordError, acreage.ContentError):
        assert issubclass(cls, AcreageError) and issubclass(cls, ValueError)


# --------------------------------------------------------------------------- options
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_player_count_starts_with_defaults(players):
    state = acreage.new_game("foxglove", players=players, seed=1)
    assert state.num_players == players and len(state.scores()) == players
    assert state.options == {
        "start_player": None,
        "expert": frozenset(),
        "advanced_tiles": True,
        "solo_setup": 1,
        "move_cap": 200,
    }
    assert state.round == 1 and state.scores() == [0] * players  # FF-SET-10
    assert 0 <= state.start_player < players and state.current_player in range(players)


@pytest.mark.parametrize("players", [0, 5, -1, 100, "2", 2.0, None])
def test_a_bad_player_count_is_refused(players):
    with pytest.raises(OptionError, match="1–4 players"):
        acreage.new_game("foxglove", players=players)


def test_a_boolean_player_count_is_refused():
    with pytest.raises(OptionError):
        acreage.new_game("foxglove", players=True)


def test_an_unknown_option_is_refused_by_name():
    with pytest.raises(OptionError, match="'colour'") as err:
        acreage.new_game("foxglove", players=2, colour="red")
    # The message lists the options that exist.
    for name in ("advanced_tiles", "expert", "move_cap", "solo_setup", "start_player"):
        assert name in str(err.value)


@pytest.mark.parametrize(
    "players, option, value",
    [
        (2, "expert", 5),
        (2, "expert", "0,9"),
        (3, "expert", [0, 3]),
        (2, "expert", "x"),
        (1, "solo_setup", 7),
        (1, "solo_setup", 0),
        (1, "solo_setup", "Random"),
        (2, "solo_setup", 2),  # FF-SOLO-3: solo only
        (2, "move_cap", 0),
        (2, "move_cap", -3),
        (2, "move_cap", "abc"),
        (2, "move_cap", None),
        (2, "advanced_tiles", "maybe"),
        (2, "advanced_tiles", 2),
        (2, "advanced_tiles", None),
        (2, "start_player", 2),
        (2, "start_player", -1),
        (4, "start_player", "x"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option(players, option, value):
    with pytest.raises(OptionError, match=option):
        acreage.new_game("foxglove", players=players, **{option: value})


@pytest.mark.parametrize(
    "option, value, stored",
    [
        ("expert", "0,2", frozenset({0, 2})),
        ("expert", "all", frozenset({0, 1, 2})),
        ("expert", [1], frozenset({1})),
        ("expert", 2, frozenset({2})),
        ("advanced_tiles", "off", False),
        ("advanced_tiles", "yes", True),
        ("advanced_tiles", 0, False),
        ("move_cap", "7", 7),
        ("start_player", "1", 1),
        ("start_player", "random", None),
    ],
)
def test_option_values_are_normalised(option, value, stored):
    state = acreage.new_game("foxglove", players=3, seed=1, **{option: value})
    assert state.options[option] == stored


def test_start_player_and_solo_setup_are_used():
    assert acreage.new_game("foxglove", players=4, seed=9, start_player=2).start_player == 2  # FF-SET-12
    solo = acreage.new_game("foxglove", players=1, seed=9, solo_setup=5)
    assert solo.options["solo_setup"] == 5
    assert solo.solo_result() is None  # reported once the game is over


@pytest.mark.parametrize("option, value", [("start_player", 1.5), ("move_cap", 2.5), ("expert", [0.5])])
def test_fractional_option_values_are_refused(option, value):
    with pytest.raises(OptionError, match=option):
        acreage.new_game("foxglove", players=2, **{option: value})


# --------------------------------------------------------------------------- records
def test_a_record_replays_and_stops_early():
    state = _played(steps=30)
    record = state.record()
    assert record["format"] == "acreage-record" and record["version"] == 1
    assert record["game"] == "foxglove" and record["players"] == 2 and record["seed"] == 3
    assert acreage.replay(record).to_json() == state.to_json()
    assert acreage.replay(json.loads(json.dumps(record))).to_json() == state.to_json()
    assert acreage.replay(record, upto=5).history == state.history[:5]
    fresh = acreage.new_game("foxglove", players=2, seed=3)
    assert acreage.replay(record, upto=0).to_json() == fresh.to_json()


def test_a_record_file_replays(tmp_path):
    state = _played(steps=20)
    path = tmp_path / "game.json"
    acreage.core.save_json(state.record(), path)
    assert acreage.replay(path).to_json() == state.to_json()
    assert acreage.replay(str(path)).to_json() == state.to_json()


@pytest.mark.parametrize(
    "index, text",
    [
        (3, "build Nonexistent"),  # unknown tile
        (3, "move wood 0,0>1,0"),  # well-formed, wrong moment
        (3, "pass"),
        (0, "fly away"),  # unreadable
        (5, "place 99,99"),  # off the grid
    ],
)
def test_replay_names_the_index_of_a_bad_action(index, text):
    record = _played(steps=12).record()
    record["actions"][index] = text
    with pytest.raises(RecordError, match=rf"actions\[{index}\]"):
        acreage.replay(record)


def test_replay_names_an_action_that_is_not_text():
    record = _played(steps=12).record()
    record["actions"][4] = 17
    with pytest.raises(RecordError, match=r"actions\[4\]"):
        acreage.replay(record)


def test_replay_refuses_actions_after_the_end():
    record = _finished().record()
    record["actions"].append("pass")
    n = len(record["actions"]) - 1
    with pytest.raises(RecordError, match=rf"actions\[{n}\]"):
        acreage.replay(record)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda r: r.pop("seed"), "seed"),
        (lambda r: r.pop("actions"), "actions"),
        (lambda r: r.pop("format"), "format"),
        (lambda r: r.__setitem__("format", "acreage-snapshot"), "format"),
        (lambda r: r.__setitem__("version", 2), "version"),
        (lambda r: r.__setitem__("version", "1"), "version"),
        (lambda r: r.__setitem__("rules_version", "0"), "rules_version"),
        (lambda r: r.__setitem__("players", 7), "players"),
        (lambda r: r.__setitem__("players", "2"), "players"),
        (lambda r: r.__setitem__("game", "chess"), "chess"),
        (lambda r: r.__setitem__("options", []), "options"),
        (lambda r: r["options"].__setitem__("colour", 1), "colour"),
        (lambda r: r["options"].__setitem__("move_cap", 0), "move_cap"),
        (lambda r: r.__setitem__("actions", "pass"), "actions"),
    ],
)
def test_replay_refuses_a_malformed_record_naming_the_field(change, field):
    record = _played(steps=12).record()
    change(record)
    with pytest.raises(RecordError, match=field):
        acreage.replay(record)


def test_replay_refuses_what_is_not_a_record():
    with pytest.raises(RecordError):
        acreage.replay([])  # type: ignore[arg-type]


# --------------------------------------------------------------------------- snapshots
_AUTO_FRAMES = ("begin_construction", "refill", "solo_refresh", "end_turn")


def _snapshot():
    """A snapshot some way into a game, in the middle of a multi-step decision (so that
    ``frames`` is not empty) whose frames are all decisions (see test_properties for the bug
    with automatic frames)."""
    state = _played(steps=30)
    rng = random.Random(0)
    while not state.frames or any(f.kind in _AUTO_FRAMES for f in state.frames):
        state.apply(rng.choice(state.legal_actions()))
    snap = state.to_json()
    assert snap["state"]["history"] and snap["state"]["frames"]
    assert snap["format"] == "acreage-snapshot" and snap["version"] == 1 and snap["game"] == "foxglove"
    assert acreage.load_state(copy.deepcopy(snap)).to_json() == snap
    return snap


def test_a_snapshot_loads_back_from_dict_text_and_file(tmp_path):
    snap = _snapshot()
    assert acreage.load_state(snap).to_json() == snap
    path = tmp_path / "pos.json"
    acreage.core.save_json(snap, path)
    assert acreage.load_state(path).to_json() == snap
    assert acreage.load_state(str(path)).to_json() == snap
    done = _finished().to_json()
    assert acreage.load_state(done).to_json() == done


def _set(path, value):
    def change(snap):
        obj = snap
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


def _drop(path):
    def change(snap):
        obj = snap
        for key in path[:-1]:
            obj = obj[key]
        del obj[path[-1]]

    return change


_B0 = ["state", "towns", 0, "buildings"]
_B1 = ["state", "towns", 1, "buildings"]


@pytest.mark.parametrize(
    "change, field",
    [
        # wrong format string, newer version, wrong envelope
        (_set(["format"], "acreage-record"), "format"),
        (_drop(["format"]), "format"),
        (_set(["version"], 2), "version"),
        (_set(["version"], "1"), "version"),
        (_set(["game"], "chess"), "game"),
        (_drop(["state"]), "state"),
        (_set(["state"], []), "state"),
        # missing fields
        (_drop(["state", "rng"]), "rng"),
        (_drop(["state", "players"]), "players"),
        (_drop(["state", "round"]), "round"),
        (_drop(["state", "towns"]), "towns"),
        (_drop(["state", "stacks"]), "stacks"),
        (_drop(["state", "stacks", "B"]), "stacks.B"),
        (_drop(["state", "history"]), "history"),
        (_drop(["state", "frames"]), "frames"),
        (_drop(["state", "towns", 1, "buildings"]), r"towns\[1\]\.buildings"),
        # wrong types
        (_set(["state", "round"], "1"), "round"),
        (_set(["state", "rng"], 1.5), "rng"),
        (_set(["state", "players"], True), "players"),
        (_set(["state", "phase"], 1), "phase"),
        (_set(["state", "scores"], [0]), "scores"),
        (_set(["state", "passed"], [0, 1]), "passed"),
        (_set(["state", "display"], {}), "display"),
        (_set(["state", "display", 0], "A:Allotment"), r"display\[0\]"),
        (_set(["state", "stacks", "A"], "A:Allotment"), "stacks.A"),
        (_set(["state", "towns", 0, "buildings", 0, "cubes"], [1, 2]), r"towns\[0\]\.buildings\[0\]\.cubes"),
        (_set(["state", "towns", 0, "buildings", 0, "cell"], "0,0"), r"towns\[0\]\.buildings\[0\]\.cell"),
        (_set(["state", "towns", 0, "trails"], {}), r"towns\[0\]\.trails"),
        (_set(["state", "frames", 0], "pay"), r"frames\[0\]"),
        (_set(["state", "history"], [5]), "history"),
        # wrong values
        (_set(["state", "players"], 5), "players"),
        (_set(["state", "round"], 5), "round"),
        (_set(["state", "phase"], "harvest"), "phase"),
        (_set(["state", "turn"], 2), "turn"),
        (_set(["state", "start_player"], -1), "start_player"),
        (_set(["state", "scores"], [-1, 0]), "scores"),
        (_set(["state", "options"], {"colour": 1}), "options"),
        (_set(["state", "options"], {"expert": [7]}), "options"),
        (_set(["state", "towns"], []), "towns"),
        # unknown tiles
        (_set(["state", "stacks", "A", 0], "A:Nonexistent"), "stacks.A"),
        (_set(["state", "display", 0, 0], "Z:Allotment"), r"display\[0\]"),
        (_set(["state", "removed"], ["C:Moon Base"]), "removed"),
        (_set(_B1 + [0, "tile"], "start:Castle"), r"towns\[1\]\.buildings\[0\]\.tile"),
        # cubes over slots (the Forest has 5, the Mine 3), negative cubes, two tiles on one cell
        (_set(_B0 + [0, "cubes"], [6, 0, 0, 0, 0]), r"towns\[0\]\.buildings\[0\]\.cubes"),
        (_set(_B0 + [1, "cubes"], [0, 2, 2, 0, 0]), r"towns\[0\]\.buildings\[1\]\.cubes"),
        (_set(_B0 + [0, "cubes"], [-1, 0, 0, 0, 0]), r"towns\[0\]\.buildings\[0\]\.cubes"),
        (_set(["state", "towns", 0, "buildings", 1, "cell"], [0, 0]), r"towns\[0\]\.buildings\[1\]\.cell"),
        (_set(["state", "towns", 0, "trails"], [[0, 0, "NS"]]), r"towns\[0\]\.trails\[0\]"),
        (_set(["state", "towns", 0, "trails"], [[5, 5, "NESW"]]), r"towns\[0\]\.trails\[0\]"),
    ],
)
def test_load_state_refuses_a_malformed_snapshot_naming_the_field(change, field):
    """Missing fields, wrong types, unknown tiles, cubes over slots, wrong format, newer version."""
    snap = _snapshot()
    change(snap)
    with pytest.raises(RecordError, match=field):
        acreage.load_state(snap)


@pytest.mark.parametrize("value", [5, True, 1.5])
def test_load_state_refuses_an_order_that_is_not_a_list(value):
    snap = _snapshot()
    snap["state"]["order"] = value
    with pytest.raises(RecordError, match="order"):
        acreage.load_state(snap)


@pytest.mark.parametrize(
    "change, field",
    [
        (_set(["state", "history", 0], ["x", 0, 0, 0]), "history"),
        (_set(["state", "history", 0, 1], None), "history"),
        (_set(["state", "display"], []), "display"),
        (_set(["state", "frames", 0, 1], "x"), "frames"),
    ],
)
def test_load_state_refuses_unchecked_malformed_fields(change, field):
    snap = _snapshot()
    change(snap)
    with pytest.raises(RecordError, match=field):
        acreage.load_state(snap)


# --------------------------------------------------------------------------- randomness
def test_rng_matches_the_splitmix64_reference():
    """The stream is SplitMix64, so it is the same on every platform and Python version."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert Rng(1234567).next64() == 6457827717110365317


def test_rng_is_deterministic():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    assert [a.below(7) for _ in range(200)] == [b.below(7) for _ in range(200)]
    assert [a.random() for _ in range(20)] == [b.random() for _ in range(20)]
    xs, ys = list(range(30)), list(range(30))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and sorted(xs) == list(range(30))
    assert a.choice("abcdef") == b.choice("abcdef")
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_values_stay_in_range():
    rng = Rng(7)
    for n in (1, 2, 3, 10, 2**40 + 3):
        assert all(0 <= rng.below(n) < n for _ in range(200))
    assert all(0.0 <= rng.random() < 1.0 for _ in range(1000))
    assert {rng.below(3) for _ in range(300)} == {0, 1, 2}
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_clones_are_independent():
    rng = Rng("clone me")
    for _ in range(5):
        rng.next64()
    clone = rng.clone()
    assert clone is not rng and clone.state == rng.state
    ahead = [clone.next64() for _ in range(10)]
    assert [rng.next64() for _ in range(10)] == ahead  # the original was not advanced by the clone
    before = clone.state
    rng.next64()
    assert clone.state == before
    child = rng.spawn()
    assert child.state != rng.state
    state = rng.state
    child.next64()
    assert rng.state == state


def test_rng_seeds_can_be_strings_bytes_or_none():
    assert Rng("hello").state == Rng("hello").state != Rng("hellp").state
    assert Rng(b"hello").state == Rng("hello").state
    assert Rng(None).state == Rng(0).state == 0
    assert Rng(True).state == 1
    assert Rng(-1).state == 2**64 - 1  # reduced to 64 bits
    assert Rng(2**64 + 5).state == 5


# --------------------------------------------------------------------------- seeds and games
def test_same_seed_same_game_and_different_seeds_differ():
    a = acreage.new_game("foxglove", players=3, seed=11)
    b = acreage.new_game("foxglove", players=3, seed=11)
    assert a.to_json() == b.to_json()
    others = {json.dumps(acreage.new_game("foxglove", players=3, seed=s).to_json()["state"]["stacks"])
              for s in range(12, 17)}
    assert len(others) == 5  # FF-SET-8: the stacks are shuffled by the seed


def test_string_seeds_play_record_and_load():
    a = _played(seed="harvest moon", steps=50)
    b = _played(seed="harvest moon", steps=50)
    assert a.to_json() == b.to_json()
    assert a.seed == "harvest moon"
    assert (acreage.new_game("foxglove", players=2, seed="harvest moon").to_json()["state"]["stacks"]
            != acreage.new_game("foxglove", players=2, seed="harvest moom").to_json()["state"]["stacks"])
    record = a.record()
    assert record["seed"] == "harvest moon"
    assert acreage.replay(json.loads(json.dumps(record))).to_json() == a.to_json()


def test_a_finished_game_has_no_moves_and_a_ranking():
    state = _finished(players=3, seed=8)
    assert state.is_terminal and state.current_player is None and state.legal_actions() == []
    assert sorted(state.ranking())[0] == 1 and state.winners()
    with pytest.raises(IllegalAction):
        state.apply("pass")
    with pytest.raises(IllegalAction):
        state.parse_action("pass")
    assert "over" in repr(state)


def test_legal_actions_is_a_fresh_list_and_apply_accepts_notation():
    state = acreage.new_game("foxglove", players=2, seed=4)
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()
    action = state.legal_actions()[-1]
    clone = state.clone()
    clone.apply(str(action).upper())  # notation, any case
    state.apply(action)
    assert clone.to_json() == state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("")


# --------------------------------------------------------------------------- action kinds
@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
@pytest.mark.parametrize("edge", ["below", "past"])
def test_an_action_of_no_kind_has_no_id_and_the_error_lists_the_kinds(game, edge):
    """Every game refuses, in ``action_id``, an action of its own type whose kind is outside its
    list of kinds (one below 0, or the first number past the list), naming the range and every
    kind's word in order."""
    import importlib

    words_module = importlib.import_module(f"acreage.games.{game}.actions")
    words = getattr(words_module, "KIND_WORDS", None) or words_module.WORDS
    state = acreage.new_game(game, players=2, seed=1)
    kind = -1 if edge == "below" else len(words)
    action = state.action_type(kind, *[0] * (len(state.action_type._fields) - 1))
    with pytest.raises(IllegalAction) as err:
        state.action_id(action)
    assert str(err.value) == (f"{tuple(action)} has kind {kind}, which is not an action kind; kinds run "
                              f"0-{len(words) - 1} ({', '.join(words)})")


@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
def test_a_refused_action_is_named_in_its_error_and_changes_nothing(game):
    """An action of the game's own type that is not legal now (one legal a few moves later) is
    refused by its own notation, with the state unchanged."""
    state = acreage.new_game(game, players=2, seed=2)
    later = state.clone()
    rng = random.Random(2)
    now = set(state.legal_actions())
    refused = None
    while refused is None and not later.is_terminal:
        later.apply(rng.choice(later.legal_actions()))
        refused = next((a for a in later.legal_actions() if a not in now), None)
    assert refused is not None
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(refused)
    assert str(err.value).startswith(f"{refused} is not legal now"), str(err.value)
    assert state.to_json() == before
