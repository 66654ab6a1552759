"""Fields of Green's "How to play" guide (data/learn.toml), its tutorial (data/tutorial.toml),
the reference of every piece, and the tutorial played through a web table (rule IDs:
shared/rules/fields_of_green.md)."""

from __future__ import annotations

import pytest

from acreage.core.guides import load_guide
from acreage.core.tutorials import load_tutorial
from acreage.games.fields_of_green.present import PRESENTATION
from acreage.web.learning import guide_page, tutorial_row
from acreage.web.store import SQLiteStore
from acreage.web.tables import Table, TableError
from learning import checklist  # tests/ is on the path

GAME = "fields_of_green"
def _guide():
    guide = load_guide(GAME)
    assert guide is not None
    return guide


def _tutorial():
    tutorial = load_tutorial(GAME)
    assert tutorial is not None
    return tutorial


# ---------------------------------------------------------------- the files


def test_the_guide_loads_with_a_whole_two_player_game_and_its_sections_in_order():
    """Checks FG-SET-1, FG-YR-6: the guide's record is a real two-player game played to its end;
    its 7 to 12 sections run from the goal to the tips, most of them with a figure."""
    guide = _guide()
    assert guide.players == 2 and guide.position(len(guide.moves)).is_terminal
    ids = [s.id for s in guide.sections]
    assert 7 <= len(ids) <= 12 and ids[0] == "goal" and ids[-1] == "tips"
    assert sum(s.figure is not None for s in guide.sections) > len(ids) / 2
    assert guide.summary and guide.rulings and guide.glossary


def test_the_tutorial_loads_for_two_players_with_the_learner_first():
    """Checks FG-SET-8, FG-2P-2: the learner (seat 0) is First Player in the tutorial's year 1,
    so its first step is the game's first move."""
    tutorial = _tutorial()
    assert tutorial.players == 2 and tutorial.learner == 0 and tutorial.then == "easy"
    assert tutorial.seats[0] == 0 and tutorial.next_step(0).move == 0
    assert 15 <= tutorial.learner_moves <= 30


def test_every_rule_id_of_the_guide_and_the_tutorial_is_in_the_checklist():
    ids = set(checklist.rules(GAME))
    guide, tutorial = _guide(), _tutorial()
    named = [r for s in guide.sections for r in s.rules] + [r.rule for r in guide.rulings]
    named += [r for step in tutorial.steps.values() for r in step.rules]
    assert named and not [r for r in named if r not in ids]


def test_every_reading_the_checklist_decides_has_a_ruling_for_players():
    """Each rule tagged [decided-here] or [decided: notes …] is answered with its reason."""
    answered = {r.rule for r in _guide().rulings}
    assert not sorted(checklist.decided(GAME) - answered)
    for ruling in _guide().rulings:
        assert ruling.question.endswith("?") and ruling.answer and ruling.reason


def test_no_text_of_the_tutorial_or_the_guide_is_left_to_write():
    tutorial, guide = _tutorial(), _guide()
    words = [tutorial.title, tutorial.intro, tutorial.outro]
    words += [t for step in tutorial.steps.values() for t in (step.text, step.why)]
    words += [guide.title, guide.summary] + [p for s in guide.sections for p in s.paragraphs]
    words += [s.figure.caption for s in guide.sections if s.figure]
    assert not [w for w in words if "TODO" in w]


def test_every_learner_move_has_a_step_and_each_step_lights_its_move():
    """Each learner move of the guided part has its step, and the step's highlight is the move's
    own ``args`` from the presentation model (what the board outlines)."""
    tutorial = _tutorial()
    state = tutorial.new_game()
    for index, text in enumerate(tutorial.moves):
        action = state.parse_action(text)
        if tutorial.seats[index] == tutorial.learner:
            step = tutorial.steps[index]
            assert step.text.strip()
            assert step.highlight == PRESENTATION.action_view(state, action).args, index
        state.apply(action)
    assert set(tutorial.steps) == {k for k, s in enumerate(tutorial.seats) if s == tutorial.learner}


def test_the_tutorial_teaches_many_rules_each_named_where_first_used():
    """The five actions (FG-ACT-7, FG-WT-1, FG-SILO-1, FG-MKT-1, FG-RST-1), the draw
    (FG-MNT-6), Equipment (FG-EQ-1) and the harvest (FG-HRV-4) are all taught, each rule named
    by one step only."""
    named = [r for move in sorted(_tutorial().steps) for r in _tutorial().steps[move].rules]
    assert len(set(named)) >= 6 and len(named) == len(set(named))
    taught = ("FG-ACT-7", "FG-WT-1", "FG-SILO-1", "FG-MKT-1", "FG-RST-1", "FG-MNT-6", "FG-EQ-1", "FG-HRV-4")
    assert set(taught) <= set(named)


def test_the_tutorial_uses_every_action_once_at_least():
    """Checks FG-ACT-7: the learner's guided moves build, put up a Tower, a Silo, go to Market
    and restore a Wasteland, and harvest."""
    tutorial = _tutorial()
    verbs = {tutorial.moves[k].split()[0] for k in tutorial.steps}
    used = {"split", "pick", "build", "tower", "silo", "market", "restore", "equip", "harvest", "pay"}
    assert used <= verbs


def test_the_reference_names_every_card_equipment_tile_and_action():
    """Checks FG-SET-2, FG-SET-3, FG-SET-7, FG-ACT-7: every card and tile of the content and
    the five actions, in the order a player meets them (the starting farm first)."""
    content = PRESENTATION.content()
    reference = PRESENTATION.reference()
    names = [r["name"] for r in reference]
    assert set(content["cards"]) | set(content["equipment"]) <= set(names)
    assert {f"{a['key']} {a['name']}" for a in content["actions"]} <= set(names)
    assert names[:2] == ["Water Tower", "Silo"] and len(names) == len(set(names))
    assert all(r["group"] and r["words"] for r in reference)
    for name, card in content["cards"].items():
        assert card["help"] in next(r["words"] for r in reference if r["name"] == name)


def test_the_how_to_play_page_draws_every_figure():
    """The page's content: each figure is an update message of the guide's game (nothing to
    click), the glossary includes the board's legend, the reference comes from the model."""
    page = guide_page(GAME)
    figures = [s["figure"] for s in page["sections"] if s["figure"]]
    assert figures and all(f["view"]["legal"] == [] and f["caption"] for f in figures)
    terms = {g["term"] for g in page["glossary"]}
    assert set(PRESENTATION.content()["legend"]) <= terms
    assert page["reference"] == PRESENTATION.reference() and page["tutorial"]["players"] == 2


# ---------------------------------------------------------------- through a web table


def _table() -> Table:
    row, tokens = tutorial_row(GAME)
    store = SQLiteStore(":memory:")
    store.create_game(row, tokens)
    return Table(row, store)


def test_the_tutorial_table_refuses_another_move_and_accepts_the_one_it_asks_for():
    """Through the web table: the tutor's moves come from the script, the learner's other legal
    moves are refused with the step's reason (``tutorial_move``), the expected move is taken,
    and after the guided part the learner is free (FG-2P-2: the seats alternate as scripted)."""
    tutorial = _tutorial()
    table = _table()
    learner = tutorial.learner
    refused = 0
    while len(table.state.history) < len(tutorial.moves):
        position = len(table.state.history)
        seat = table.to_act()
        if seat != learner:
            move = table.scripted_move(seat)
            assert move == tutorial.moves[position]
            table.bot_act(seat, move)
            continue
        view = table.tutorial_view(learner)
        step = tutorial.steps[position]
        assert view["free"] is False and view["expect"] == tutorial.moves[position]
        assert view["highlight"] == step.highlight and view["text"] == step.text
        other = next((str(a) for a in table.legal_for(learner) if str(a) != tutorial.moves[position]), None)
        if other is not None:
            assert table.why(learner, other)["legal"] is True
            with pytest.raises(TableError) as caught:
                table.act(learner, other, table.seq)
            assert caught.value.code == "tutorial_move" and step.refusal() in str(caught.value)
            assert len(table.state.history) == position  # nothing changed
            refused += 1
        table.act(learner, tutorial.moves[position], table.seq)
    assert refused >= tutorial.learner_moves - 2
    view = table.tutorial_view(learner)
    assert view["free"] is True and view["text"] == tutorial.outro
    assert table.scripted_move(1 - learner) is None


def test_why_explains_a_move_the_rules_refuse_in_the_tutorial():
    """Checks FG-BLD-1 through the table's "why can't I?": a card must go beside the farm."""
    tutorial = _tutorial()
    table = _table()
    table.act(tutorial.learner, tutorial.moves[0], table.seq)
    table.bot_act(1, table.scripted_move(1))
    table.act(tutorial.learner, tutorial.moves[2], table.seq)
    answer = table.why(tutorial.learner, "build 5,5")
    assert answer["legal"] is False and "beside a card of your farm" in answer["why"]
