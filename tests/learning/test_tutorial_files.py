"""Tutorials and guides as data (``core.tutorials``, ``core.guides``): a file is checked move by
move when loaded, and every fault is a named error saying what to change."""

from __future__ import annotations

import copy

import pytest

from acreage.core.errors import ContentError
from acreage.core.guides import GuideError, parse_guide
from acreage.core.tutorials import TutorialError, parse_tutorial

from .samples import guide_data, opening, tutorial_data


def test_a_tutorial_knows_who_makes_each_move_and_what_the_learner_is_asked():
    data = tutorial_data()
    tutorial = parse_tutorial("foxglove", data)
    _, seats = opening()
    assert tutorial.seats == tuple(seats)
    first = min(k for k, s in enumerate(seats) if s == 0)
    assert tutorial.expected(0) == tutorial.moves[first]
    assert tutorial.next_step(0).move == first
    assert tutorial.step_number(tutorial.next_step(0)) == 1
    other = next(k for k, s in enumerate(seats) if s == 1)
    assert tutorial.scripted(other, 1) == tutorial.moves[other]
    assert tutorial.scripted(other, 0) is None  # the learner is never played for
    assert tutorial.expected(len(seats)) is None  # past the guided part the learner is free
    assert tutorial.scripted(len(seats), 1) is None


def test_faults_of_the_script_itself_are_tutorial_errors():
    data = tutorial_data()
    data["steps"].pop()
    with pytest.raises(TutorialError):
        parse_tutorial("foxglove", data)
    broken = guide_data()
    broken["sections"] = []
    with pytest.raises(GuideError):
        parse_guide("foxglove", broken)


def test_moves_are_kept_in_the_engines_own_spelling():
    data = tutorial_data()
    data["moves"] = [m.upper() if m.startswith("build") else m for m in data["moves"]]
    tutorial = parse_tutorial("foxglove", data)
    assert tutorial.moves == parse_tutorial("foxglove", tutorial_data()).moves


#: A move of seat 1 in the sample opening (a step may not point at it).
OTHER_SEATS_MOVE = next(k for k, s in enumerate(opening()[1]) if s == 1)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["steps"].pop(), "is the learner's and has no step"),
        (lambda d: d["steps"].append({"move": OTHER_SEATS_MOVE, "text": "x"}), "not the learner's"),
        (lambda d: d["moves"].__setitem__(3, "build Nothing At All"), "cannot be played"),
        (lambda d: d.__setitem__("learner", 5), "learner must be a seat"),
        (lambda d: d["steps"][0].__setitem__("text", "  "), "'text' must be non-empty"),
        (lambda d: d["steps"][0].__setitem__("move", 999), "'move' must be an index"),
        (lambda d: d.__setitem__("colour", "red"), "colour"),
        (lambda d: d.__setitem__("schema", 2), "schema"),
        (lambda d: d.pop("intro"), "'intro'"),
        (lambda d: d.__setitem__("moves", []), "'moves' must list"),
    ],
)
def test_a_broken_tutorial_is_refused_by_name(change, words):
    data = copy.deepcopy(tutorial_data())
    change(data)
    with pytest.raises(ContentError) as caught:  # TutorialError, or the content checks' own
        parse_tutorial("foxglove", data)
    assert words in str(caught.value)
    assert str(caught.value).startswith("foxglove/tutorial.toml")


def test_a_guide_plays_its_record_and_keeps_sections_in_order():
    guide = parse_guide("foxglove", guide_data())
    assert [s.id for s in guide.sections] == ["goal", "end"]
    assert guide.sections[0].paragraphs == ("One.", "Two **bold**.")
    assert guide.sections[0].figure.at == 4
    assert len(guide.position(4).history) == 4
    assert guide.rulings[0].rule == "FF-TRN-5"


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["sections"][0]["figure"].__setitem__("at", 99), "figure 'at'"),
        (lambda d: d["sections"][0]["figure"].__setitem__("seat", 7), "figure 'seat'"),
        (lambda d: d["sections"][1].__setitem__("id", "goal"), "used twice"),
        (lambda d: d["sections"][0].__setitem__("rules", ["round one"]), "rule IDs"),
        (lambda d: d["rulings"][0].__setitem__("rule", "x"), "rule ID"),
        (lambda d: d["record"]["moves"].__setitem__(2, "pass pass"), "cannot be played"),
        (lambda d: d.pop("record"), "[record]"),
        (lambda d: d.__setitem__("sections", []), "at least one section"),
        (lambda d: d["glossary"][0].pop("meaning"), "'meaning'"),
    ],
)
def test_a_broken_guide_is_refused_by_name(change, words):
    data = copy.deepcopy(guide_data())
    change(data)
    with pytest.raises(ContentError) as caught:  # GuideError, or the content checks' own
        parse_guide("foxglove", data)
    assert words in str(caught.value)
