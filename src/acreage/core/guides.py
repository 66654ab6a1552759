"""How-to-play guides as data: each game's ``data/learn.toml``, read by the web's "How to play"
page and checked like any content file.

A guide is the game explained in the project's own words, section by section in the order a
newcomer needs it, each section naming the rules it explains; the rulings the project took on
the rulebook's open questions, each with its reason; and a glossary of every symbol and term the
boards show. Figures are not pictures: a figure names a position of a real game kept in the
guide (``[record]``: seed, players and moves in notation), and the page draws it with the game's
own board, so a figure can never disagree with the engine.

.. code-block:: toml

    schema = 1
    title = "How to play Foxglove Farm"
    summary = "..."

    [record]                      # a real game the figures are taken from
    seed = 7
    players = 2
    moves = ["build Factory", "place 1,1", ...]

    [[sections]]
    id = "round"
    title = "A round"
    text = "..."                  # paragraphs separated by a blank line
    rules = ["FF-RND-1"]
    figure = { at = 12, seat = 0, caption = "..." }   # the record after 12 moves, seen by seat 0

    [[rulings]]
    rule = "FF-TRN-5"
    question = "..."
    answer = "..."
    reason = "..."

    [[glossary]]
    term = "∞"
    meaning = "..."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from .content import check_keys, check_schema, read_game_toml, require_schema
from .errors import AcreageError, ContentError
from .registry import game_info

FILE = "learn.toml"
RULE_ID = re.compile(r"[A-Z]{2,4}-[A-Z0-9]+-[0-9]+[a-z]?")
TOP_KEYS = ("schema", "title", "summary", "record", "sections", "rulings", "glossary")


class GuideError(ContentError):
    """A guide file that cannot be shown: the message names the file, the entry and the fix."""


@dataclass(frozen=True)
class Figure:
    at: int
    seat: int | None
    caption: str


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[str, ...]
    rules: tuple[str, ...]
    figure: Figure | None


@dataclass(frozen=True)
class Ruling:
    rule: str
    question: str
    answer: str
    reason: str


@dataclass(frozen=True)
class Guide:
    game: str
    title: str
    summary: str
    seed: int
    players: int
    options: dict[str, Any]
    moves: tuple[str, ...]
    sections: tuple[Section, ...]
    rulings: tuple[Ruling, ...]
    glossary: tuple[tuple[str, str], ...]

    def position(self, at: int):
        """The guide's real game after ``at`` moves (a fresh state each call)."""
        from .registry import new_game

        state = new_game(self.game, players=self.players, seed=self.seed, **self.options)
        for text in self.moves[:at]:
            state.apply(text)
        return state


def _text(raw: dict, where: str, name: str) -> str:
    value = raw.get(name)
    if not isinstance(value, str) or not value.strip():
        raise GuideError(f"{where}: field {name!r} must be non-empty text")
    return value.strip()


def _rules(raw: dict, where: str) -> tuple[str, ...]:
    rules = raw.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and RULE_ID.fullmatch(r) for r in rules):
        raise GuideError(f"{where}: 'rules' must list rule IDs such as \"FF-RND-1\"")
    return tuple(rules)


def _figure(raw: Any, where: str, moves: int, players: int) -> Figure | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise GuideError(f"{where}: 'figure' must be {{ at = MOVES, seat = SEAT, caption = \"...\" }}")
    check_keys(raw, ("at", "seat", "caption"), f"{where}: figure")
    at, seat = raw.get("at"), raw.get("seat")
    if type(at) is not int or not 0 <= at <= moves:
        raise GuideError(f"{where}: figure 'at' must be a number of moves of the record, 0 to {moves}")
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise GuideError(f"{where}: figure 'seat' must be a seat from 0 to {players - 1} (or left out)")
    return Figure(at, seat, _text(raw, f"{where}: figure", "caption"))


def parse_guide(game: str, data: dict[str, Any]) -> Guide:
    """Check a guide's data and play its record; :class:`GuideError` says what is wrong."""
    info = game_info(game)
    where = f"{info.name}/{FILE}"
    check_schema(data, where)
    check_keys(data, TOP_KEYS, where)
    require_schema(data, where)
    record = data.get("record")
    if not isinstance(record, dict):
        raise GuideError(f"{where}: a [record] table (seed, players, moves) is needed for the figures")
    check_keys(record, ("seed", "players", "options", "moves"), f"{where}: [record]")
    seed, players, moves = record.get("seed"), record.get("players"), record.get("moves", [])
    options = record.get("options", {})
    if type(seed) is not int or type(players) is not int or not isinstance(options, dict):
        raise GuideError(f"{where}: [record] needs whole-number seed and players (and options as a table)")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise GuideError(f"{where}: [record] moves must be a list of moves in notation")
    sections, seen = [], set()
    for k, raw in enumerate(data.get("sections", [])):
        at = f"{where}: section {k + 1}"
        if not isinstance(raw, dict):
            raise GuideError(f"{at} must be a table ([[sections]])")
        check_keys(raw, ("id", "title", "text", "rules", "figure"), at)
        ident = _text(raw, at, "id")
        if ident in seen:
            raise GuideError(f"{at}: id {ident!r} is used twice")
        seen.add(ident)
        paragraphs = tuple(p.strip() for p in _text(raw, at, "text").split("\n\n") if p.strip())
        sections.append(Section(ident, _text(raw, at, "title"), paragraphs, _rules(raw, at),
                                _figure(raw.get("figure"), at, len(moves), players)))
    rulings = []
    for k, raw in enumerate(data.get("rulings", [])):
        at = f"{where}: ruling {k + 1}"
        if not isinstance(raw, dict):
            raise GuideError(f"{at} must be a table ([[rulings]])")
        check_keys(raw, ("rule", "question", "answer", "reason"), at)
        rule = _text(raw, at, "rule")
        if not RULE_ID.fullmatch(rule):
            raise GuideError(f"{at}: 'rule' must be a rule ID such as \"FF-TRN-5\"")
        words = (_text(raw, at, "question"), _text(raw, at, "answer"), _text(raw, at, "reason"))
        rulings.append(Ruling(rule, *words))
    glossary = []
    for k, raw in enumerate(data.get("glossary", [])):
        at = f"{where}: glossary entry {k + 1}"
        if not isinstance(raw, dict):
            raise GuideError(f"{at} must be a table ([[glossary]])")
        check_keys(raw, ("term", "meaning"), at)
        glossary.append((_text(raw, at, "term"), _text(raw, at, "meaning")))
    if not sections:
        raise GuideError(f"{where}: a guide needs at least one section")
    guide = Guide(info.name, _text(data, where, "title"), _text(data, where, "summary"), seed, players,
                  dict(options), tuple(moves), tuple(sections), tuple(rulings), tuple(glossary))
    try:
        guide.position(len(moves))
    except AcreageError as exc:
        raise GuideError(f"{where}: the [record] cannot be played: {exc}") from None
    return guide


@cache
def load_guide(game: str) -> Guide | None:
    """The game's guide, checked; ``None`` for a game without one."""
    data = read_game_toml(game, FILE, GuideError)
    return None if data is None else parse_guide(game, data)


__all__ = ["Figure", "Guide", "GuideError", "Ruling", "Section", "load_guide", "parse_guide"]
