"""The solo opening book (games/foxglove/bots/book.py) and how the MCTS bot uses it.

The book's moves are game content computed offline; these tests check that a book is matched
only at its exact position, that a stale or broken file is handled as promised, and that the
shipped book is consistent with today's engine (FF-SOLO-3: the fixed solo displays)."""

from __future__ import annotations

import json
import logging

import pytest

import acreage
from acreage.agents import make_agent
from acreage.core.errors import ContentError
from acreage.games.foxglove.bots import book


def _solo(setup: int, seed: int):
    return acreage.new_game("foxglove", players=1, seed=seed, solo_setup=setup)


@pytest.fixture
def fake_book(monkeypatch):
    """Install a book with one move for setup 5's opening position."""
    state = _solo(5, 1)
    monkeypatch.setattr(book, "_MOVES", {book.fingerprint(state, 0): "build Volcano"})
    return state


def test_fixed_setups_open_at_one_position_whatever_the_stacks_FF_SOLO_3():
    """Two stack orders of one setup look the same to the player; two setups do not."""
    assert book.fingerprint(_solo(5, 1), 0) == book.fingerprint(_solo(5, 2), 0)
    assert book.fingerprint(_solo(5, 1), 0) != book.fingerprint(_solo(4, 1), 0)


def test_lookup_plays_the_move_only_at_its_position(fake_book):
    move = book.lookup(_solo(5, 77), 0)
    assert str(move) == "build Volcano" and move in fake_book.legal_actions()
    assert book.lookup(_solo(4, 77), 0) is None  # another display
    later = _solo(5, 77)
    later.apply(move)
    assert book.lookup(later, 0) is None  # not the first decision any more
    assert book.lookup(acreage.new_game("foxglove", players=2, seed=3), 0) is None


def test_mcts_plays_the_book_move_without_searching_unless_told_not_to(fake_book):
    bot = make_agent("mcts:iterations=8", seed=1)
    assert str(bot.decide(_solo(5, 9), 0)) == "build Volcano"
    assert bot.last_iterations == 0
    searching = make_agent("mcts:iterations=8,book=0", seed=1)
    searching.decide(_solo(5, 9), 0)
    assert searching.last_iterations == 8


def test_a_missing_book_is_empty(tmp_path):
    assert book.load(tmp_path / "none.json") == {}


def test_a_broken_book_names_the_file_and_the_fix(tmp_path):
    path = tmp_path / "solo_book.json"
    path.write_text("{not json")
    with pytest.raises(ContentError, match="solo_book.json.*tools/solo_book.py --write"):
        book.load(path)
    path.write_text(json.dumps({"schema": 1, "content_hash": book.content_hash(),
                                "entries": [{"position": "x", "action": 3}]}))
    with pytest.raises(ContentError, match="action texts"):
        book.load(path)


def test_a_book_for_other_tile_data_is_ignored_with_a_warning(tmp_path, caplog):
    path = tmp_path / "solo_book.json"
    book.write([{"setup": 5, "position": "abc", "action": "build Volcano"}], "test", path)
    assert book.load(path) == {"abc": "build Volcano"}
    data = json.loads(path.read_text())
    data["content_hash"] = "0" * 16
    path.write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING):
        assert book.load(path) == {}
    assert "rebuilt" in caplog.text


def test_the_shipped_book_matches_todays_opening_positions_FF_SOLO_3():
    """Every shipped move is legal at its setup's opening, and found there by lookup."""
    moves = book.load()
    data = json.loads(book.BOOK_PATH.read_text()) if book.BOOK_PATH.exists() else {"entries": []}
    for entry in data["entries"]:
        state = _solo(entry["setup"], 123)
        assert book.fingerprint(state, 0) == entry["position"], f"setup {entry['setup']}: stale key"
        if entry["action"] is not None:
            assert moves[entry["position"]] == entry["action"]
            assert str(book.lookup(state, 0)) == entry["action"]
