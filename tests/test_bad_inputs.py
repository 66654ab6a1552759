"""Bad input through the public API of every game is refused with a named error.

Each case checks the exact error class (core/errors.py), a key phrase of its message (what is
wrong and how to put it right) and, for calls on a state, that ``to_json()`` is unchanged.
Snapshot and record files are covered in ``test_bad_snapshots.py``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import acreage
from acreage import AcreageError, BadActionId, BadSeat, BadSeed, IllegalAction, OptionError
from acreage.games.fields_of_green.actions import Action as GreenAction
from acreage.games.foxglove.actions import Action as FoxAction
from acreage.games.harvest.actions import Action as HarvestAction

GAMES = ("foxglove", "fields_of_green", "harvest")
#: Each game's action type and the number of fields in it.
ACTION_TYPES = {
    "foxglove": (FoxAction, 4), "fields_of_green": (GreenAction, 4), "harvest": (HarvestAction, 3),
}

_CACHE: dict[tuple, str] = {}


def played(game: str, players: int = 3, steps: int = 25, seed: int = 4):
    """A game ``steps`` random legal actions in (cached as a snapshot, loaded fresh each time)."""
    key = (game, players, steps, seed)
    if key not in _CACHE:
        state = acreage.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        _CACHE[key] = json.dumps(state.to_json())
    return acreage.load_state(json.loads(_CACHE[key]))


def refused(state, error: type, phrase: str, call, *args):
    """``call(*args)`` raises exactly ``error`` with ``phrase`` in its message, and leaves the
    state as it was."""
    before = state.to_json()
    with pytest.raises(AcreageError) as caught:
        call(*args)
    assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
    assert phrase.lower() in str(caught.value).lower(), str(caught.value)
    assert state.to_json() == before
    return str(caught.value)


# --------------------------------------------------------------------------- actions
def _other_games_action(game: str):
    """An action object of another game (equal as a tuple to nothing legal here)."""
    return {"foxglove": HarvestAction(0, 1, 0), "fields_of_green": FoxAction(4, 2),
            "harvest": GreenAction(1, 3)}[game]


#: (label, action maker, phrase) for every game; the maker gets the game's field count.
BAD_ACTIONS = [
    ("none", lambda n: None, "is not a"),
    ("int", lambda n: 3, "is not a"),
    ("float", lambda n: 3.5, "is not a"),
    ("list", lambda n: [0] * n, "(list) is not a"),
    ("dict", lambda n: {"kind": 0}, "is not a"),
    ("empty tuple", lambda n: (), "has 0 fields"),
    ("short tuple", lambda n: (0,) * (n - 1), "has {} fields"),
    ("long tuple", lambda n: (0,) * (n + 1), "has {} fields"),
    ("text fields", lambda n: ("a",) * n, "not a whole number"),
    ("none fields", lambda n: (None,) * n, "not a whole number"),
    ("float field", lambda n: (1.5,) + (0,) * (n - 1), "not a whole number"),
    ("bool field", lambda n: (True,) + (0,) * (n - 1), "not a whole number"),
    # Well-shaped but out of range: refused as not legal, or as not an action of the game.
    ("kind out of range", lambda n: (99,) + (0,) * (n - 1), "legal"),
    ("negative kind", lambda n: (-1,) + (0,) * (n - 1), "legal"),
    ("field out of range", lambda n: (4, 999) + (0,) * (n - 2), "legal"),
    ("unparsable text", lambda n: "fly to the moon", "TEXT"),
    ("empty text", lambda n: "", "TEXT"),
]
#: How each game says it cannot read notation.
CANNOT_READ = {"foxglove": "cannot read", "fields_of_green": "unknown action",
               "harvest": "not harvest notation"}
#: The rows whose message is the core's own, with the hint to take an action from legal_actions().
SHAPE_ROWS = BAD_ACTIONS[:12]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("label, make, phrase", BAD_ACTIONS, ids=[b[0] for b in BAD_ACTIONS])
def test_apply_refuses_a_malformed_action(game, label, make, phrase):
    """apply() refuses actions of the wrong shape, type or range with IllegalAction, naming the
    shape an action has, and changes nothing."""
    state = played(game)
    _, fields = ACTION_TYPES[game]
    action = make(fields)
    if "{}" in phrase:
        phrase = phrase.format(len(action))
    if phrase == "TEXT":
        phrase = CANNOT_READ[game] if action else ""
    refused(state, IllegalAction, phrase, state.apply, action)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("label, make, phrase", SHAPE_ROWS, ids=[b[0] for b in SHAPE_ROWS])
def test_action_id_and_public_notation_refuse_a_malformed_action(game, label, make, phrase):
    """action_id() and public_notation() refuse what apply() refuses (IllegalAction, state
    unchanged, with the hint to take an action from legal_actions()); explain_illegal()
    explains it instead of failing."""
    state = played(game)
    action = make(ACTION_TYPES[game][1])
    refused(state, IllegalAction, "legal_actions()", state.action_id, action)
    refused(state, IllegalAction, "legal_actions()", state.public_notation, action)
    assert "legal_actions()" in state.explain_illegal(action)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("label, make, phrase", BAD_ACTIONS[12:15], ids=[b[0] for b in BAD_ACTIONS[12:15]])
def test_action_id_refuses_an_action_with_a_field_out_of_range(game, label, make, phrase):
    """A tuple of whole numbers whose kind or field is out of range has no id in this position."""
    state = played(game)
    refused(state, IllegalAction, "not", state.action_id, make(ACTION_TYPES[game][1]))


def test_foxglove_build_of_a_tile_that_does_not_exist_FF_SET_2():
    """FF-SET-2 lists the tiles; ``build`` of tile #999 is refused everywhere, and its id, which
    the arithmetic would carry into the placements' block, is refused too."""
    state = played("foxglove")
    refused(state, IllegalAction, "out of range", state.apply, (4, 999, 0, 0))
    refused(state, IllegalAction, "out of range", state.apply, FoxAction(4, 999))
    refused(state, IllegalAction, "out of range", state.action_id, (4, 999, 0, 0))
    refused(state, IllegalAction, "out of range", state.public_notation, (4, 999, 0, 0))


@pytest.mark.parametrize("game", GAMES)
def test_another_games_action_is_refused(game):
    """An action object of another game is not read as a plain tuple of this one."""
    state = played(game)
    other = _other_games_action(game)
    for call in (state.apply, state.action_id, state.public_notation):
        message = refused(state, IllegalAction, "is an action of", call, other)
        assert "not of" in message


@pytest.mark.parametrize("game", GAMES)
def test_plain_tuples_of_legal_actions_are_accepted(game):
    """The converse: a plain tuple equal to a legal action is that action."""
    state = played(game)
    action = state.legal_actions()[0]
    assert state.action_id(tuple(action)) == state.action_id(action)
    assert state.public_notation(tuple(action)) == state.public_notation(action)
    state.apply(tuple(action))
    assert state.history[-1] == action


@pytest.mark.parametrize("game", GAMES)
def test_parse_action_refuses_what_is_not_text(game):
    state = played(game)
    for value in (None, 3, ACTION_TYPES[game][0](0), b"pass"):
        refused(state, IllegalAction, "notation is text", state.parse_action, value)


# --------------------------------------------------------------------------- action ids
BAD_IDS = [None, "abc", "3", 3.7, 3.0, True, False, [1], -1, 10**9, 2**70]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action_id", BAD_IDS, ids=repr)
def test_an_action_id_that_is_not_a_whole_number_in_range_is_refused(game, action_id):
    """action_from_id() and apply_id() refuse ids of the wrong type or out of range with
    BadActionId, saying which ids there are."""
    state = played(game)
    top = state.num_distinct_actions - 1
    for call in (state.action_from_id, state.apply_id):
        message = refused(state, BadActionId, "legal_action_ids()", call, action_id)
        assert f"from 0 to {top}" in message


@pytest.mark.parametrize("game", GAMES)
def test_the_id_just_past_the_end_is_refused(game):
    state = played(game)
    n = state.num_distinct_actions
    refused(state, BadActionId, f"from 0 to {n - 1}", state.action_from_id, n)
    refused(state, BadActionId, f"from 0 to {n - 1}", state.apply_id, n)


@pytest.mark.parametrize("game", GAMES)
def test_every_id_in_range_either_decodes_or_is_refused(game):
    """Each id in range names an action or is refused with an IllegalAction (BadActionId for one
    naming nothing in this position); apply_id of one that is not legal changes nothing."""
    state = played(game)
    legal = set(state.legal_action_ids())
    before = state.to_json()
    for i in range(0, state.num_distinct_actions, 3):
        try:
            state.action_from_id(i)
        except IllegalAction:
            pass
        if i not in legal:
            with pytest.raises(IllegalAction):
                state.apply_id(i)
    assert state.to_json() == before


# --------------------------------------------------------------------------- seats
BAD_SEATS = [-1, "players", 99, "0", 1.0, True, False, [0], None]


def _per_seat_calls(state):
    """Every public call that takes a seat, as (name, call with the seat)."""
    return [
        ("observation", state.observation),
        ("determinize", lambda seat: state.determinize(seat, random.Random(0))),
        ("observation_tensor", state.observation_tensor),
        ("undoable", state.undoable),
        ("check_seat", state.check_seat),
    ]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_out_of_range_or_of_the_wrong_type_is_refused(game, seat):
    """Seats are whole numbers in range(num_players): -1, num_players, 99, "0", 1.0 and True are
    refused with BadSeat naming the seats there are (None only where a spectator is allowed)."""
    state = played(game)
    if seat == "players":
        seat = state.num_players
    for name, call in _per_seat_calls(state):
        if seat is None and name == "observation":
            continue
        refused(state, BadSeat, f"from 0 to {state.num_players - 1}", call, seat)


def _leaves(obj, path=""):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _leaves(value, f"{path}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _leaves(value, f"{path}[{i}]")
    else:
        yield path, obj


@pytest.mark.parametrize("game, steps", [("foxglove", 20), ("fields_of_green", 8), ("harvest", 0),
                                         ("harvest", 1)])
def test_the_spectator_view_holds_only_what_every_seat_sees_FG_HID_3_HV_SET_8(game, steps):
    """observation(None) is the public view: every value in it is seen alike by every seat, so it
    holds no seat's private hand (FG-HID-3: 3-4 player hands; HV-SET-8: dealt characters and
    farmhouses). The seats' own views do hold private values, so the check has teeth there."""
    state = played(game, players=3, steps=steps)
    public = dict(_leaves(state.observation(None)))
    assert public[".seat"] is None
    views = [dict(_leaves(state.observation(seat))) for seat in range(state.num_players)]
    for path, value in public.items():
        if value is not None:
            assert all(view.get(path) == value for view in views), path
    private = [path for view in views for path, value in view.items()
               if value is not None and path != ".seat" and public.get(path) != value]
    assert private or game == "foxglove"  # Foxglove hides only stack order, seen by nobody


# --------------------------------------------------------------------------- new_game
@pytest.mark.parametrize("seed", [1.5, {}, [], b"seed", True, False, 2j, (1,)], ids=repr)
@pytest.mark.parametrize("game", GAMES)
def test_a_seed_of_the_wrong_type_is_refused(game, seed):
    """Seeds are None, a whole number or text (what a record replays the same way everywhere)."""
    with pytest.raises(BadSeed, match="give a whole number, a string or None"):
        acreage.new_game(game, seed=seed)


@pytest.mark.parametrize("name", [None, 3, ["foxglove"], b"foxglove", 1.5], ids=repr)
def test_a_game_name_that_is_not_text_is_refused(name):
    with pytest.raises(OptionError, match="a game is named by text") as err:
        acreage.new_game(name)
    assert type(err.value) is OptionError


@pytest.mark.parametrize("name", ["chess", "", "fox glove farm 2"])
def test_an_unknown_game_name_is_refused_with_the_list_of_games(name):
    with pytest.raises(OptionError, match="no game called") as err:
        acreage.new_game(name)
    assert all(game in str(err.value) for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [None, "2", 2.0, True, 0, 9], ids=repr)
def test_a_player_count_out_of_range_or_of_the_wrong_type_is_refused(game, players):
    with pytest.raises(OptionError, match="players, not"):
        acreage.new_game(game, players=players)


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_option_is_refused_with_the_list_of_options(game):
    with pytest.raises(OptionError, match="has no option 'colour'; its options are"):
        acreage.new_game(game, colour="red")


# --------------------------------------------------------------------------- Harvest assign
@pytest.mark.parametrize("assign, phrase", [
    ("Trader:Bakehouse;Trader:Well House", "both given the character Trader"),
    ("Trader:Bakehouse;Architect:Bakehouse", "both given the farmhouse Bakehouse"),
    ([["Trader", "Seed Loft"], ["architect", "seed loft"]], "both given the farmhouse Seed Loft"),
    ([[0, 0], [0, 1]], "both given the character"),
    ([[0, 0], [1, 0]], "both given the farmhouse"),
    ([[0, 0], [99, 1]], "character #99 does not exist"),
    ([[0, 0], [1, -1]], "farmhouse #-1 does not exist"),
    ("Trader:Bakehouse", "one character:farmhouse pair per seat"),
    ("Trader:Bakehouse;Dragon:Well House", "no character called 'Dragon'"),
    ("Trader:Bakehouse;Architect:Castle", "no farmhouse called 'Castle'"),
])
def test_assign_refuses_a_clash_or_an_unknown_card_HV_SET_8_HV_SET_9(assign, phrase):
    """HV-SET-9's ``assign`` gives each seat a character and a farmhouse; HV-SET-8 has one card
    of each, so two seats given the same one is an OptionError naming the clash."""
    with pytest.raises(OptionError) as err:
        acreage.new_game("harvest", players=2, assign=assign)
    assert type(err.value) is OptionError
    assert phrase in str(err.value)


def test_assign_with_different_cards_is_accepted_HV_SET_9():
    state = acreage.new_game("harvest", players=2, assign="Trader:Bakehouse;Architect:Well House")
    assert acreage.load_state(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


# --------------------------------------------------------------------------- records: upto
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("upto, phrase", [("3", "should be an int"), (2.5, "should be an int"),
                                          (True, "should be an int"), ([1], "should be an int"),
                                          (-1, "out of range"), ("past", "out of range")])
def test_replay_refuses_an_upto_of_the_wrong_type_or_out_of_range(game, upto, phrase):
    record = played(game, steps=12).record()
    if upto == "past":
        upto = len(record["actions"]) + 1
    with pytest.raises(acreage.RecordError) as err:
        acreage.replay(record, upto=upto)
    assert type(err.value) is acreage.RecordError and phrase in str(err.value)
    assert acreage.replay(record, upto=len(record["actions"])).to_json() == played(game, steps=12).to_json()


# --------------------------------------------------------------------------- property
_garbage_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
    st.floats(allow_nan=True), st.text(max_size=12),
)
_garbage = st.one_of(
    _garbage_scalars,
    st.tuples(st.integers(-3, 1500), st.integers(-3, 1500), st.integers(-3, 1500)),
    st.tuples(st.integers(-3, 1500), st.integers(-3, 1500), st.integers(-3, 1500), st.integers(-3, 1500)),
    st.lists(_garbage_scalars, max_size=5).map(tuple),
    st.lists(st.integers(-3, 30), max_size=5),
)
_PUBLIC_CALLS = ("apply", "action_id", "public_notation", "parse_action", "action_from_id", "apply_id",
                 "observation", "observation_tensor", "undoable", "determinize", "explain_illegal")


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=_garbage, call=st.sampled_from(_PUBLIC_CALLS))
def test_garbage_through_any_public_call_is_refused_cleanly(game, value, call):
    """Whatever is passed, every public call either succeeds or raises an AcreageError, and the
    state is unchanged when it raises (apply and apply_id may change it only by succeeding)."""
    state = played(game, steps=15)
    before = state.to_json()
    args = (value, random.Random(0)) if call == "determinize" else (value,)
    try:
        getattr(state, call)(*args)
    except AcreageError:
        assert state.to_json() == before
    else:
        if call not in ("apply", "apply_id"):
            assert state.to_json() == before
