"""The Fields of Green terminal view: farm grids, hidden hands, card help, rules, whole games."""

from __future__ import annotations

import re
import time

from typer.testing import CliRunner

import acreage
from acreage.app.cli import app
from acreage.app.fields_of_green_view import (
    EQ_CODES,
    FieldsOfGreenView,
    eq_code,
    farm_lines,
    short_name,
)
from acreage.app.players import make_players
from acreage.app.session import Session
from acreage.app.views import view_for
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.content import CARDS, EFFECT_KINDS, EQUIPMENT
from acreage.games.fields_of_green.present import PRESENTATION, effect_words

from .helpers import Script, make_console, output_of

LABELS3 = ["You (seat 0)", "greedy (seat 1)", "greedy (seat 2)"]


def _screen(state, seat, labels=LABELS3, view=None) -> str:
    console = make_console()
    console.print((view or FieldsOfGreenView()).render(state, seat, labels, width=120))
    return output_of(console)


def _public_names(state, seat: int) -> set[str]:
    """Card names ``seat`` may legitimately see on its screen or has seen in the log."""
    obs = state.observation(seat)
    names = set(obs["hand"]) | set(obs["discard"]) | set(obs.get("display", []))
    if obs["pick"]:
        names.add(obs["pick"])
    for info in obs["seats"]:
        names |= {entry["card"] for entry in info["farm"]}
        if info["revealed_pick"]:
            names.add(info["revealed_pick"])
    text = " ".join(str(a) for a in state.history).lower()
    return names | {c.name for c in CARDS if c.name.lower() in text}


def _group_label(state, action) -> tuple[str, str]:
    """(group, label) of a legal action as the terminal menu shows it (the presentation model)."""
    shown = PRESENTATION.action_view(state, action)
    return shown.group, shown.label


def _hidden_from(state, seat: int) -> set[str]:
    """Names in other seats' hands that nothing on ``seat``'s side could show."""
    held = {CARDS[c].name for s in range(state.num_players) if s != seat for c in state.hands[s]}
    return held - _public_names(state, seat)


# ---------------------------------------------------------------- registration and small parts

def test_the_session_finds_the_view_by_game_name():
    assert isinstance(view_for("fields_of_green"), FieldsOfGreenView)


def test_short_names_and_equipment_codes_fit_the_grid():
    for card in CARDS:
        assert 0 < len(short_name(card.name)) <= 8, card.name
    codes = [eq_code(k.name) for k in EQUIPMENT]
    assert len(set(codes)) == len(codes) and all(len(c) == 2 for c in codes)
    assert set(EQ_CODES) == {k.name for k in EQUIPMENT}


def test_every_effect_kind_is_put_into_words():
    seen = set()
    for card in CARDS:
        for effect in card.effects:
            words = effect_words(effect)
            assert not words.endswith(f": {effect.kind}."), (card.name, effect.kind)
            seen.add(effect.kind)
    assert seen == set(EFFECT_KINDS)


def test_farm_grid_shows_water_wasteland_equipment_and_harvest_costs():
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Wheat Field", (0, 1), equipment=("Tractor", "Drip Irrigation"))
    sc.add_card(state, 0, "Dairy Cows", (1, 1), down=True)
    sc.add_card(state, 0, "Water Tower", (-1, 0), water=1, equipment=("Extended Pipes",))
    sc.add_card(state, 0, "Rabbits", (2, 0))
    sc.add_card(state, 0, "Rabbits", (2, 1))
    farm = state.observation(0)["seats"][0]["farm"]
    costs = PRESENTATION.facts(state, 0)["harvest_costs"][0]  # the engine's costs after Equipment
    lines = [line.plain for line in farm_lines(farm, ring=False, costs=costs)]
    text = "\n".join(lines)
    assert lines[0].split() == ["x=-1", "x=0", "x=1", "x=2"]
    assert "WheatFld" in text and "DairyCow" in text and "Rabbits" in text
    assert "W3/3" in text and "W1/3 r3" in text and "wasteld" in text
    assert "Tr DI" in text  # Drip Irrigation cuts the Wheat Field's 1 Water to nothing
    assert "mea 2F" in text  # two face-up Rabbits: each costs 2 Food
    # y grows upwards: the row labels go 1, 0 from the top.
    assert [line.split()[0] for line in lines[1:] if line[:2].strip()] == ["1", "0"]
    assert costs["0,1"] == [0, 0, 0]  # the Wheat Field after Tractor and Drip Irrigation
    ringed = [line.plain for line in farm_lines(farm, ring=True)]
    assert "x=-2" in ringed[0] and "x=3" in ringed[0] and "·" in "\n".join(ringed)


def test_a_farm_wider_than_the_screen_is_drawn_in_bands():
    state = sc.fresh(3, seed=1)
    for x in range(2, 20):
        sc.add_card(state, 0, "Silo", (x, 0))
    lines = [line.plain for line in farm_lines(state.observation(0)["seats"][0]["farm"], False, max_cols=8)]
    headers = [line for line in lines if "x=" in line]
    assert len(headers) == 3 and all(len(h.split()) <= 8 for h in headers)
    assert max(len(line) for line in lines) <= 8 * 9 + 3


# ---------------------------------------------------------------- the screen

def test_screen_shows_year_direction_first_player_stocks_decks_and_splits():
    state = sc.fresh(3, seed=2)  # seat 0 is First Player and declares first
    state.apply("split 2/2/1/1")
    screen = _screen(state, 1)
    assert "year 1 of 4" in screen and "maintenance" in screen
    assert "★ First Player: You (seat 0)" in screen and "order 0 → 1 → 2" in screen
    assert "hands pass clockwise" in screen and "you give to seat 2, get from seat 0" in screen
    assert "Decks: Plantation 31 · Livestock 31 · Structure 32 · Building 32" in screen
    assert "Towers 17 · Silos 11 · Equipment 30" in screen
    for head in ("Pts", "Coins", "Food", "Water", "VP tok", "Cards", "Split", "Hand", "Pick", "Stored"):
        assert head in screen
    row = next(line for line in screen.splitlines() if line.startswith("★ You (seat 0)"))
    assert "2/2/1/1" in row and "6 (P2 L2 S1 B1)" in row and "15" in row and "1/4" in row


def test_only_the_seat_at_the_keyboard_sees_its_hand():
    state = sc.fresh(3, seed=5)
    for split in ("split 2/2/1/1", "split 1/1/1/3", "split 0/2/2/2"):
        state.apply(split)
    assert state.current_player == 0
    own = {CARDS[c].name for c in state.hands[0]}
    screen = _screen(state, 0)
    assert "Your hand (6)" in screen
    assert all(name in screen for name in own)
    hidden = _hidden_from(state, 0)
    assert hidden, "the test needs cards that only the other hands hold"
    assert not [name for name in hidden if name in screen]
    # Other hands show only their public per-deck counts.
    assert "6 (P1 L1 S1 B3)" in screen and "6 (L2 S2 B2)" in screen
    # With no seat (the end of a game, a replay's summary) no hand at all is drawn.
    nobody = _screen(state, None)
    assert "Your hand" not in nobody
    assert not [name for name in own - _public_names(state, 1) if name in nobody]


def test_hot_seat_shows_only_the_hand_of_the_seat_whose_turn_it_is():
    state = sc.fresh(3, seed=5)
    for split in ("split 2/2/1/1", "split 1/1/1/3", "split 0/2/2/2"):
        state.apply(split)
    state.apply(str(state.legal_actions()[0]))  # seat 0 commits its pick
    assert state.current_player == 1
    screen = _screen(state, 1, ["Player 1 (seat 0)", "Player 2 (seat 1)", "Player 3 (seat 2)"])
    assert "Your hand (6)" in screen and all(CARDS[c].name in screen for c in state.hands[1])
    assert not [name for name in _hidden_from(state, 1) if name in screen]
    assert "5+1 (" in screen and "picked ✓" in screen  # seat 0's pick stays a secret
    assert "Your pick" not in screen


def test_resolving_a_pick_shows_its_cost_the_other_actions_and_free_cells():
    state = sc.fresh(3, seed=1)
    sc.goto_action(state, 0, "Wheat Field")
    screen = _screen(state, 0)
    assert "Your pick Wheat Field, Cereal Plantation: build costs $2 1W." in screen
    assert "…or discard it: tower ($2, 3 Water)" in screen and "restore ($1)" in screen
    assert "·: free cell" in screen and "x=-1" in screen and "x=2" in screen


def test_two_players_see_the_shared_display_and_the_pile_counts():
    state = sc.fresh(2, seed=3)
    state.apply("split 2/2/1/1")
    state.apply("split 1/1/1/3")
    screen = _screen(state, 0, ["You (seat 0)", "greedy (seat 1)"])
    assert "2 players: shared face-up display, no passing" in screen
    assert "Display (6 face up; pile 6 face down" in screen
    for name in state.observation(0)["display"]:
        assert name in screen
    assert "Your hand" not in screen


def test_equipment_offer_is_listed_with_what_each_tile_does():
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Wheat Field", (0, 1))
    sc.set_stack(state, ["Tractor", "Silo Extension", "Pickup Truck"])
    sc.gain_equipment(state, 0)
    view = FieldsOfGreenView()
    screen = _screen(state, 0, view=view)
    assert "Equipment drawn" in screen and "Tractor [Tr]" in screen and "Silo Extension [SE]" in screen
    assert "Pickup Truck" in screen and "for a Structure" in screen
    assert _screen(state, 1).count("Tractor") == 0  # another seat does not see the draw
    groups = {_group_label(state, a) for a in state.legal_actions()}
    assert ("keep Tractor", "on 0,1 Wheat Field") in groups and ("keep Tractor", "store it") in groups
    assert ("keep Silo Extension", "on 1,0 Silo") in groups


def test_harvest_actions_name_the_card_and_its_cost():
    state = sc.fresh(3, seed=1)
    sc.add_card(state, 0, "Wheat Field", (0, 1))
    sc.add_card(state, 0, "Dairy Cows", (1, 1))
    sc.set_stock(state, 0, food=1)
    sc.goto_harvest(state, 0, year=1)
    groups = {_group_label(state, a) for a in state.legal_actions()}
    assert ("harvest", "0,1 Wheat Field (1W)") in groups
    assert ("abandon", "1,1 Dairy Cows (1F)") in groups


# ---------------------------------------------------------------- help, rules, menu

def test_help_explains_cards_equipment_and_topics_in_the_session():
    state = acreage.new_game("fields_of_green", players=3, seed=1)
    console = make_console()
    script = Script(["help Wheat Field", "help rabbits", "help tractor", "help Tk", "help pepper",
                     "help field", "help market", "help nothing-like-this", "help", "quit"])
    Session(state, make_players(3, seed=1), console, script).run()
    out = output_of(console)
    assert "Cereal Plantation" in out and "Build cost: 2 coins and 1 Water from a Tower in range." in out
    assert "Each harvest: receive 2 Food." in out and "Equipment that fits it: Tractor" in out
    assert "1 Food for each face-up Rabbits in your farm" in out
    assert "Tractor [Tr]" in out and "Equipment for a Plantation" in out
    assert "Water Tank Extension [Tk]" in out
    assert "Pepper Field" in out and "Several cards or tiles match 'field'" in out
    assert "Action D, Market" in out
    assert "No help on 'nothing-like-this'" in out
    assert "'help market'" in out  # the game's extra line under the command list


def test_rules_summary_from_the_command_line():
    result = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["rules", "fields_of_green"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fields of Green in brief" in out
    for words in ("Maintenance", "split", "Action phase", "Water Tower", "Market", "Wasteland", "Harvest",
                  "Ties: more cards in the farm, then more coins."):
        assert words in out
    assert max(len(line) for line in FieldsOfGreenView().rules().splitlines()) <= 80


def test_menu_asks_for_introductory_splits():
    result = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["play", "--seed", "3"], input="2\n\n\n2\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Draw splits" in out and "introductory" in out
    assert "Fields of Green  ·  seed 3" in out and "introductory splits" in out


# ---------------------------------------------------------------- whole games

class _Watcher:
    """Types "1" at every prompt and, each time, checks the screen drawn since the last one."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.console = make_console()
        self.seen = 0
        self.checked: set[str] = set()
        self.leaks: list[tuple[int, str]] = []
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        out = output_of(self.console)
        screen, self.seen = out[self.seen:], len(out)
        state = self.session.state
        hidden = _hidden_from(state, 0)
        self.checked |= hidden
        self.leaks += [(len(state.history), name) for name in hidden if name in screen]
        return "1"


def test_full_three_player_game_typing_numbers_finishes_quickly_and_never_shows_a_bot_hand():
    watcher = _Watcher()
    state = acreage.new_game("fields_of_green", players=3, seed=7)
    session = Session(state, make_players(3, humans=1, seed=7), watcher.console, watcher)
    watcher.session = session
    start = time.perf_counter()
    assert session.run() == "finished"
    assert time.perf_counter() - start < 20
    assert watcher.prompts > 24  # splits, picks, their actions and the harvests
    assert watcher.checked, "bots should have held cards the human could not know"
    assert watcher.leaks == []
    out = output_of(watcher.console)
    assert "year 4 of 4" in out and "Your hand (6)" in out
    assert "Final scores" in out and ("Winner" in out or "Shared win" in out)
    final = out[out.rindex("Final scores"):]
    for head in ("Points", "Card", "Tokens", "End", "Stored", "Locations", "Money"):
        assert head in final
    assert "Ties go to more cards in the farm" in final


def test_full_hot_seat_game_with_four_people_reaches_the_end():
    state = acreage.new_game("fields_of_green", players=4, seed=3, introductory=True)
    console = make_console()
    session = Session(state, make_players(4, humans=4, seed=3), console, Script(cycle=["1"]))
    assert session.run() == "finished"
    out = output_of(console)
    assert "Player 4 (seat 3), your turn" in out and "introductory splits" in out
    assert "Final scores" in out


def test_hot_seat_hides_the_screen_between_players():
    """Hot-seat with private hands (FG-HID-2): before each change of player the screen is
    cleared and the next player is asked to take the keyboard, so no hand is shown to the wrong
    person."""
    state = acreage.new_game("fields_of_green", players=3, seed=3, introductory=True)
    console = make_console()
    script = Script(["1", "", "1", "", "1", "quit"])
    Session(state, make_players(3, humans=3, seed=3), console, script).run()
    prompts = " ".join(script.prompts)
    assert "Pass the keyboard to Player 2 (seat 1)" in prompts


def test_the_log_never_names_a_secret_pick_before_the_reveal():
    state = acreage.new_game("fields_of_green", players=3, seed=5)  # seat 2 commits before seat 0
    console = make_console()
    script = Script(["1"] * 3)
    Session(state, make_players(3, humans=1, seed=5), console, script).run()
    out = output_of(console)
    first_prompt = out.index("Your hand (6)")
    before = out[:first_prompt]
    assert "(seat 2): pick (face down)" in before  # FG-HID-3: the commit is shown, not the card
    assert not re.search(r"\(seat 2\): pick (?!\(face down\))", before)
