"""What the terminal shows a player never gives away a secret.

- The header names a game by its seed only when the player chose that seed; otherwise by a game
  id not derived from it. The seed rebuilds every hidden order (the stacks, the other hands), so
  showing a seed nobody chose would hand every secret to whoever reads the screen.
- A fresh seed has 64 random bits, too many to search for the one that deals the cards shown.
- Everything a seat's screen shows is built from ``observation(seat)``: re-sampling only what
  that seat cannot see (``determinize``) leaves the screen, its decision line and its action
  menu unchanged, letter for letter, in every game.
- Saving an unfinished game with hidden information says that the file holds every secret.
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import acreage
from acreage.app import cli
from acreage.app.cli import app
from acreage.app.players import make_players
from acreage.app.session import Session
from acreage.core.rng import Rng

from .helpers import Script, make_console, output_of

runner = CliRunner(env={"COLUMNS": "120"})
#: A seed the CLI is made to draw, so the test can look for it in everything printed.
DRAWN = 8_817_265_554_321_987_001


@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
def test_a_seed_the_player_did_not_choose_is_never_shown(game, monkeypatch):
    monkeypatch.setattr(cli.secrets, "randbits", lambda bits: DRAWN)
    result = runner.invoke(app, ["play", game, "--bots", "random"], input="1\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    assert str(DRAWN) not in result.output
    assert "  ·  game " in result.output  # the header names the game by an id instead


def test_a_seed_the_player_chose_is_shown():
    result = runner.invoke(app, ["play", "harvest", "--seed", "77", "--bots", "random"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Fall Festival  ·  seed 77  ·  round 1" in result.output


def test_a_fresh_seed_has_64_random_bits():
    seeds = {cli.parse_seed(None) for _ in range(64)}
    assert len(seeds) == 64
    assert max(seeds) > 2**56  # not drawn from a small range that could be searched
    assert cli.parse_seed("12") == 12 and cli.parse_seed("abc") == "abc"


@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
def test_saving_an_unfinished_game_warns_that_the_file_holds_every_secret(game, tmp_path):
    state = acreage.new_game(game, players=2, seed=5)
    path = tmp_path / "g.json"
    console = make_console()
    session = Session(state, make_players(2, humans=2), console, Script([f"save {path}", "quit"]))
    session.run()
    out = output_of(console)
    assert f"Saved the game record to {path}" in out
    assert "holds every secret" in out
    assert acreage.replay(path).to_json() == state.to_json()  # it must, to be restored


def _screen(state, seat: int) -> str:
    """All a seat's terminal shows at a decision: board, decision line and full action menu."""
    console = make_console()
    players = make_players(state.num_players, humans=state.num_players)
    session = Session(state, players, console, Script([]), tag="game 000000", clear_screen=False)
    session.render(seat)
    if state.current_player == seat:
        console.print(session._decision_line(seat))
        session.show_actions(full=True)
    return output_of(console)


def _positions(game: str, players: int, seed: int, marks=(0, 2, 7, 25, 60, 120)):
    state = acreage.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for step in range(max(marks) + 1):
        if state.is_terminal:
            return
        if step in marks:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game,players", [("foxglove", 2), ("foxglove", 1), ("fields_of_green", 3),
                                          ("fields_of_green", 2), ("harvest", 2), ("harvest", 3)])
def test_each_seats_screen_is_built_from_its_observation_only(game, players):
    checked = 0
    for seed in (1, 2):
        for state in _positions(game, players, seed):
            for seat in range(players):
                shown = _screen(state, seat)
                for k in range(3):
                    other = state.determinize(seat, Rng(1000 * seed + k))
                    assert other.observation(seat) == state.observation(seat)
                    assert _screen(other, seat) == shown, f"seed {seed}, seat {seat}: the screen changed"
                checked += 1
    assert checked >= 6 * players
