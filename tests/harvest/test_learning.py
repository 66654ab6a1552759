"""Harvest's "learn in the browser" content: the How-to-play guide (``data/learn.toml``), the
tutorial (``data/tutorial.toml``) and the presentation's reference of every piece, checked
against the engine, the presentation model and the rules checklist (rule IDs:
shared/rules/harvest.md)."""

from __future__ import annotations

import pytest

from acreage.core.events import recording
from acreage.core.guides import load_guide
from acreage.core.tutorials import load_tutorial
from acreage.games.harvest.content import (
    BUILDINGS,
    CHARACTERS,
    CROPS,
    FARMHOUSES,
    FESTIVAL,
    GAIRY,
    MARKET,
    SPACES,
    SUNRISE,
)
from acreage.games.harvest.content import DIE as DIE_FACES
from acreage.games.harvest.present import AREA_TITLES, PRESENTATION, space_label
from learning import checklist  # tests/ is on the path

# ------------------------------------------------------------------ the guide

def test_the_guide_loads_with_a_whole_game_and_sections_in_a_newcomers_order():
    """HV-RND-1, HV-END-5: the figures come from a whole real two-player game, and the guide
    goes from the goal to the end and the tips."""
    guide = load_guide("harvest")
    assert guide is not None and guide.players == 2
    assert guide.position(len(guide.moves)).is_terminal  # a whole game, not an opening
    ids = [s.id for s in guide.sections]
    assert 7 <= len(ids) <= 12 and ids[0] == "goal" and ids[-1] == "tips"
    order = [ids.index(i) for i in ("setup", "round", "turn", "fields", "end")]
    assert order == sorted(order)
    figures = [s.figure for s in guide.sections if s.figure is not None]
    assert len(figures) * 2 > len(guide.sections)
    assert all(s.rules and s.paragraphs for s in guide.sections)
    assert all(0 <= f.at <= len(guide.moves) and f.seat == 0 for f in figures)
    assert len({f.at for f in figures}) == len(figures)  # each figure shows a position of its own


def test_every_rule_the_guide_and_the_tutorial_name_is_in_the_checklist():
    unknown = sorted(checklist.named_rules("harvest") - set(checklist.rules("harvest")))
    assert not unknown, f"not in {checklist.path('harvest').name}: {unknown}"


def test_every_decided_reading_of_the_checklist_has_a_ruling_with_its_reason():
    """Every rule tagged [decided-here] or [decided: notes E-n] is answered for players."""
    decided = checklist.decided("harvest")
    guide = load_guide("harvest")
    ruled = {r.rule for r in guide.rulings}
    assert decided <= ruled, sorted(decided - ruled)
    assert all(r.question.endswith("?") and r.answer and r.reason for r in guide.rulings)
    assert len(ruled) == len(guide.rulings)  # one ruling per rule


def test_the_glossary_adds_to_the_boards_legend_without_repeating_it():
    guide = load_guide("harvest")
    terms = [t for t, _ in guide.glossary]
    legend = PRESENTATION.content()["legend"]
    assert len(terms) == len(set(terms)) and not set(terms) & set(legend)
    for term in ("GS-3 · GS-2 · GS-∞", "FF-1 · FF-2 · FF-3", "(new)", "done"):
        assert term in terms


def test_the_guides_own_words_say_todo_nowhere():
    guide = load_guide("harvest")
    texts = [guide.title, guide.summary] + [p for s in guide.sections for p in s.paragraphs]
    texts += [s.figure.caption for s in guide.sections if s.figure]
    texts += [w for r in guide.rulings for w in (r.question, r.answer, r.reason)]
    texts += [w for pair in guide.glossary for w in pair]
    assert not [t for t in texts if "TODO" in t]


def test_the_guides_figures_show_what_their_captions_say():
    """HV-FLD-4, HV-WS-5, HV-WS-4, HV-FM-1, HV-FFB-3, HV-SUN-1, HV-TP-1, HV-CHR-6, HV-GAI-5,
    HV-END-1, HV-PIE-2: the positions the captions describe."""
    guide = load_guide("harvest")
    at = {s.id: s.figure.at for s in guide.sections if s.figure is not None}

    def seen(section: str) -> dict:
        return guide.position(at[section]).observation(0)

    def facts(section: str) -> dict:
        return PRESENTATION.facts(guide.position(at[section]), 0)

    start = seen("setup")
    assert start["phase"] == "setup" and len(start["seats"][0]["dealt_characters"]) == 2
    assert {k for k, v in start["seats"][0]["farm"].items() if v == "forest"} == {
        f"{r},{c}" for r in range(1, 5) for c in (4, 5)}
    goal = seen("goal")
    assert (goal["round"], goal["phase"], goal["seats"][0]["farm"]["2,1"]) == (3, "sunrise", "wheat seed")
    assert len(goal["seats"][0]["buildings"]) == 2 and len(set(goal["seats"][0]["festival_cards"])) == 4
    assert seen("round")["sunrise_display"] == [3, 5, 8] and seen("round")["seats"][0]["sunrise_tile"] == 9
    assert seen("turn")["spaces"] == {"F-3": [0], "W-2": [1], "TP-2": [-1]}
    assert seen("fields")["seats"][0]["farm"]["4,3"] == "pumpkin crop"
    assert facts("fields")["visit"]["left"] == 1
    work = seen("workshop")
    assert work["seats"][0]["buildings"] == [["Granary", "1,2"]] and "2,5" not in work["seats"][1]["farm"]
    assert work["seats"][1]["buildings"] == [["Printing Press", "3,2"]]
    assert work["workshop"][4:] == [None, None]  # the $2 row
    market = seen("market")
    assert market["spaces"]["FM-A"] == [0] and market["seats"][0]["score"] == 11
    festival = seen("festival")
    assert festival["spaces"]["FF-1"] == [0] and festival["spaces"]["FF-2"] == [1]
    assert festival["seats"][0]["festival_cards"] == ["Pecan Pie", "Strawberry Pie"]
    store = seen("store")
    assert facts("store")["visit"]["space"] == "TP-2" and facts("store")["visit"]["left"] == 2
    assert store["seats"][0]["character"] == "Trader"
    assert store["spaces"]["TP-2"] == [0] and store["seats"][0]["fertilizer"] == 8
    gairy = seen("players")["spaces"]
    assert gairy["F-2"] == gairy["W-3"] == gairy["TP-2"] == [-1]
    end = guide.position(at["end"])
    assert end.is_terminal and end.scores() == [28, 60] and end.observation(0)["seats"][1]["score"] == 34


def test_the_how_to_play_page_draws_every_figure():
    """The page's content: each figure is a watcher's update of the guide's game with nothing to
    click, the glossary ends with the board's legend and the reference is the model's."""
    from acreage.web.learning import guide_page

    page = guide_page("harvest")
    figures = [s["figure"] for s in page["sections"] if s["figure"]]
    assert figures and all(f["view"]["legal"] == [] for f in figures)
    assert {f["view"]["board"] for f in figures} == {"harvest_board.js"}
    terms = [g["term"] for g in page["glossary"]]
    assert terms[-len(PRESENTATION.content()["legend"]):] == list(PRESENTATION.content()["legend"])
    assert page["reference"] == PRESENTATION.reference() and page["tutorial"]["players"] == 2


# ------------------------------------------------------------------ the tutorial

def test_the_tutorial_loads_and_every_learner_move_has_a_step_in_words():
    tutorial = load_tutorial("harvest")
    assert tutorial is not None and tutorial.players == 2 and tutorial.learner == 0
    assert 15 <= tutorial.learner_moves <= 30
    learner = [k for k, seat in enumerate(tutorial.seats) if seat == tutorial.learner]
    assert sorted(tutorial.steps) == learner
    words = [tutorial.title, tutorial.intro, tutorial.outro]
    words += [w for step in tutorial.steps.values() for w in (step.text, step.why)]
    assert all(words) and not [w for w in words if "TODO" in w]


def test_each_step_lights_the_args_of_the_move_it_asks_for():
    """The highlight is the action's args as the presentation model writes them, so the board
    lights the very cell, space or card of the move."""
    tutorial = load_tutorial("harvest")
    state = tutorial.new_game()
    for index, text in enumerate(tutorial.moves):
        action = state.parse_action(text)
        if index in tutorial.steps:
            assert tutorial.steps[index].highlight == PRESENTATION.action_view(state, action).args, text
        state.apply(action)


#: What a move that first uses a rule looks like: the step naming the rule must be the first
#: learner move of that kind.
FIRST_USE = {
    "HV-SET-8": lambda m: m.startswith("keep character"),
    "HV-CHR-7": lambda m: m.startswith("keep farmhouse"),
    "HV-SUN-2": lambda m: m.startswith("sunrise"),
    "HV-ACT-1": lambda m: m.startswith("place"),
    "HV-FLD-3": lambda m: m.startswith("plant"),
    "HV-FLD-4": lambda m: m.startswith("tend"),
    "HV-FLD-5": lambda m: m == "harvest",
    "HV-FFC-2": lambda m: m == "done",
    "HV-WS-1": lambda m: m.startswith("place W-"),
    "HV-WS-4": lambda m: m.startswith("clear"),
    "HV-WS-5": lambda m: m.startswith("build"),
    "HV-FM-1": lambda m: m.startswith("place FM-"),
    "HV-FFB-1": lambda m: m.startswith("place FF-"),
    "HV-FFC-1": lambda m: m.startswith("card") or m == "done",
    "HV-ACT-7": lambda m: m == "place Greenhouse",
    "HV-NOV-2": lambda m: m.startswith("use"),
    "HV-TP-1": lambda m: m.startswith("pay"),
    "HV-GS-3": lambda m: m.startswith("buy"),
}


def test_the_tutorial_names_each_rule_it_teaches_at_its_first_use():
    """HV-SUN-2, HV-FLD-3..5, HV-WS-4/5, HV-FM-1, HV-TP-1, HV-FFB-1, HV-NOV-2, ...: every main rule
    is used in the guided part, and named by the step that uses it first (and by no other)."""
    tutorial = load_tutorial("harvest")
    named: dict[str, int] = {}
    for index, step in sorted(tutorial.steps.items()):
        for rule in step.rules:
            assert rule not in named, f"{rule} is named at moves {named[rule]} and {index}"
            named[rule] = index
    assert len(named) >= 6
    for rule, kind in FIRST_USE.items():
        first = min(k for k in tutorial.steps if kind(tutorial.moves[k]))
        assert named.get(rule) == first, f"{rule}: first used at move {first} ({tutorial.moves[first]})"


def test_the_guided_part_really_does_what_its_steps_teach():
    """HV-FLD-3..6, HV-WS-4, HV-WS-5, HV-FM-1, HV-FFB-3, HV-FFB-4, HV-NOV-8, HV-TP-1, HV-GS-3: the
    learner plants, tends and harvests twice (2 wheat, then a pumpkin), clears a forest, builds
    and uses the Greenhouse, takes a Market tile, buys two cards, spends the Garland for 4 points
    and pays two Trading Post fees; 12 points after the guided part, in round 2."""
    tutorial = load_tutorial("harvest")
    with recording():
        state = tutorial.new_game()
    for text in tutorial.moves:
        state.apply(text)
    mine = [e for e in state.events_for(None, 0) if e.get("seat") == tutorial.learner]
    done = [e.get("building") or e["what"] for e in mine if e["kind"] == "action"]
    assert done.count("plant") == 4 and done.count("tend") == 3 and done.count("pay strawberry") == 2
    assert {"clear", "Greenhouse", "buy"} <= set(done)
    assert [e["crops"] for e in mine if e["kind"] == "harvest"] == [{"wheat": 2}, {"pumpkin": 1}]
    assert [e["card"] for e in mine if e["kind"] == "card"] == ["Harvest Garland", "Blueberry Pie"]
    assert [e["card"] for e in mine if e["kind"] == "novelty"] == ["Harvest Garland"]
    assert [e["tile"] for e in mine if e["kind"] == "market"] == [9]
    assert any(e["kind"] == "place" and e["where"] == "Greenhouse" for e in mine)  # HV-ACT-7
    assert state.points[tutorial.learner] == 12 and state.round == 2


def test_the_tutorial_table_refuses_another_move_with_its_reason_and_takes_the_expected_one():
    """The web table of the tutorial (as the server builds it): the script plays the other seat,
    the learner's other legal moves are refused as ``tutorial_move`` and change nothing."""
    from acreage.web.learning import tutorial_row
    from acreage.web.store import SQLiteStore
    from acreage.web.tables import Table, TableError

    row, tokens = tutorial_row("harvest")
    store = SQLiteStore(":memory:")
    store.create_game(row, tokens)
    table = Table(row, store)
    tutorial = table.tutorial
    assert tutorial is not None and row.seats[1] == f"bot:{tutorial.then}"
    answer = table.why(0, "place F-3")  # "why can't I?" before the characters are kept
    assert answer["legal"] is False and "character" in answer["why"]
    refused = 0
    while tutorial.next_step(len(table.state.history)) is not None:
        position = len(table.state.history)
        seat = table.state.current_player
        if seat != tutorial.learner:
            table.bot_act(seat, tutorial.scripted(position, seat))
            continue
        step = tutorial.next_step(position)
        view = table.tutorial_view(seat)
        assert view["expect"] == tutorial.moves[step.move] and view["text"] == step.text
        assert view["highlight"] == step.highlight and not view["free"]
        other = next((str(a) for a in table.legal_for(seat) if str(a) != view["expect"]), None)
        if other is not None:
            with pytest.raises(TableError) as caught:
                table.act(seat, other, table.seq)
            assert caught.value.code == "tutorial_move" and step.refusal() in str(caught.value)
            assert len(table.state.history) == position  # nothing changed
            assert table.why(seat, other)["legal"] is True
            refused += 1
        table.act(seat, view["expect"], table.seq)
    assert refused >= 10
    assert table.tutorial_view(tutorial.learner)["free"] is True
    assert len(table.state.history) == len(tutorial.moves)


# ------------------------------------------------------------------ the reference

def test_the_reference_names_every_piece_of_the_game_in_the_models_words():
    """HV-SET-3, HV-ACT-4, HV-FFO-2: every character, farmhouse, sunrise tile, space, crop, die
    face, building, Market tile, festival card and Gairy tile, each with its words."""
    ref = PRESENTATION.reference()
    assert all(set(r) == {"group", "name", "words"} and all(r.values()) for r in ref)
    names = {(r["group"], r["name"]) for r in ref}
    groups = [r["group"] for r in ref]
    assert groups[0] == "Characters" and groups[-1] == "Mayor Gairy's tiles"
    want = {("Characters", c.name) for c in CHARACTERS} | {("Farmhouses", f.name) for f in FARMHOUSES}
    want |= {("Sunrise tiles", f"#{t.number}") for t in SUNRISE}
    want |= {("Spaces", space_label(sp.name)) for sp in SPACES} | {("Crops", c.name) for c in CROPS}
    want |= {("Forest die", f"Face {k}") for k in range(1, len(DIE_FACES) + 1)}
    want |= {("Buildings", b.name) for b in BUILDINGS}
    want |= {("Farmer's Market tiles", f"#{m.number}") for m in MARKET}
    want |= {(f"Festival cards: {'pies' if c.kind == 'pie' else 'novelties'}", c.name) for c in FESTIVAL}
    want |= {("Mayor Gairy's tiles", AREA_TITLES[g.area]) for g in GAIRY}
    want |= {("Areas", t) for t in AREA_TITLES.values()}
    assert names == want and len(ref) == len(want)
    content = PRESENTATION.content()
    by_name = {r["name"]: r["words"] for r in ref}
    assert by_name["Water Witch"] == content["characters"]["Water Witch"]["words"]  # the model's words
    assert by_name["Gazebo"].endswith(" ".join(content["buildings"]["Gazebo"]["words"]))
