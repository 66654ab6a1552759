"""The presentation model every game declares (core/presentation.py, DESIGN §4 "One
presentation model per game"): each legal action reaches clients structured, with a label, a
group and JSON ``args``; public content is JSON; score labels carry no rule IDs; the web and
the arena name no game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from acreage.core.presentation import DEFAULT, legal_views, presentation_of
from acreage.core.registry import game_info, games, new_game

SRC = Path(__file__).resolve().parent.parent / "src" / "acreage"


@pytest.mark.parametrize("game,players", [("foxglove", 2), ("fields_of_green", 3), ("harvest", 2)])
def test_every_legal_action_is_labelled_with_json_args(game, players):
    info = game_info(game)
    present = presentation_of(info)
    assert present is not DEFAULT
    state = new_game(game, players=players, seed=5)
    rng = random.Random(5)
    steps = 0
    while not state.is_terminal and steps < 300:
        shown = legal_views(state, present)
        assert [v["id"] for v in shown] == [state.action_id(a) for a in state.legal_actions()]
        for v in shown:
            assert v["label"] and isinstance(v["group"], str)
            json.dumps(v["args"])
        json.dumps(present.facts(state, state.current_player))
        json.dumps(present.facts(state, None))
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_foxglove_args_name_what_each_action_is_about():
    state = new_game("foxglove", players=2, seed=0, start_player=0)
    present = presentation_of(game_info("foxglove"))
    builds = [v for v in legal_views(state, present) if v["group"] == "build"]
    assert builds and all(v["args"]["tile"].startswith(v["label"] + "|") for v in builds)
    state.apply("trails")
    trails = [v for v in legal_views(state, present) if v["args"].get("verb") == "trail"]
    assert trails and all(set(v["args"]) == {"cell", "shape", "verb"} for v in trails)


def test_content_is_public_json_for_every_game():
    for info in games():
        content = presentation_of(info).content()
        assert content, info.name
        json.dumps(content)


def test_score_labels_carry_no_rule_ids():
    assert DEFAULT.score_label("stored Equipment (FG-END-5)") == "stored Equipment"
    assert DEFAULT.score_label("score kept at 0 (FF-END-8)") == "score kept at 0"
    assert DEFAULT.score_label("food (1 VP per 2)") == "food (1 VP per 2)"


def test_the_web_and_the_arena_name_no_game():
    """A game is registered in one place (its GameInfo); the web's Python, its pages (but a
    game's own board module) and the arena read what it declares."""
    names = [info.name for info in games()]
    pattern = re.compile("|".join(rf"\b{n}\b" for n in names))
    offenders = []
    for folder in ("web", "arena"):
        for path in (SRC / folder).rglob("*"):
            if path.suffix not in (".py", ".js", ".html") or path.name.endswith("_board.js"):
                continue
            for no, line in enumerate(path.read_text().splitlines(), 1):
                code = line.split("#")[0] if path.suffix == ".py" else line.split("//")[0]
                if pattern.search(code) and "e.g." not in code and not code.lstrip().startswith(">>>"):
                    offenders.append(f"{path.relative_to(SRC)}:{no}: {line.strip()}")
    assert offenders == [], "\n".join(offenders)


def test_foxglove_facts_say_what_is_being_paid_for():
    """While a trail's cubes are chosen, the facts name the piece, its cell and what is owed (a
    board draws it in place)."""
    state = new_game("foxglove", players=2, seed=0, start_player=0)
    present = presentation_of(game_info("foxglove"))
    assert "paying" not in present.facts(state, 0)
    state.apply("trails")
    state.apply("trail ESW 1,1")
    assert present.facts(state, 0)["paying"] == {
        "seat": 0, "what": "trail", "owed": "2 wood or stone", "cell": "1,1", "shape": "ESW"}
    assert present.facts(state, None)["paying"]["cell"] == "1,1"  # public: everyone sees it


def test_foxglove_log_reads_the_cubes_of_one_payment_as_one_line():
    """Each cube paid is its own event (replays, tests); a log shows one line per payment,
    which keeps the index of its last event (a client's ``since``)."""
    state = new_game("foxglove", players=2, seed=0, start_player=0)
    state.record_events()
    told = state.event_count
    state.apply("build Foundry")
    state.apply("place 1,1")  # paid by itself: 2 wood and 1 stone, three events
    events = [dict(e, text=state.describe_event(e, ["Ada", "Bo"])) for e in state.events_for(0, told)]
    assert [e["kind"] for e in events][:3] == ["pay", "pay", "pay"]
    lines = presentation_of(game_info("foxglove")).log_lines(events, ["Ada", "Bo"])
    assert lines[0]["text"] == "Ada paid 2 wood, 1 stone" and lines[0]["i"] == events[2]["i"]
    assert [e["text"] for e in lines[1:]] == [e["text"] for e in events[3:]]
    assert DEFAULT.log_lines(events, ["Ada", "Bo"]) == events
