"""Foxglove Farm's "learn in the browser" content: the How-to-play guide (``data/learn.toml``),
the tutorial (``data/tutorial.toml``) and the presentation's reference of every piece, checked
against the engine, the presentation model, the web table and the rules checklist (rule IDs:
shared/rules/foxglove.md)."""

from __future__ import annotations

import pytest

from acreage.core.events import recording
from acreage.core.guides import load_guide
from acreage.core.tutorials import load_tutorial
from acreage.games.foxglove.content import TILES
from acreage.games.foxglove.goods import GOODS
from acreage.games.foxglove.present import PIECES, PRESENTATION, tile_words
from learning import checklist  # tests/ is on the path

# ------------------------------------------------------------------ the guide

def test_the_guide_loads_with_a_whole_game_and_sections_in_a_newcomers_order():
    """FF-RND-1, FF-END-3: the figures come from a whole real two-player game, and the guide
    goes from the goal through a round, each action and the end to the tips."""
    guide = load_guide("foxglove")
    assert guide is not None and guide.players == 2 and not guide.options
    assert guide.position(len(guide.moves)).is_terminal  # a whole game, not an opening
    ids = [s.id for s in guide.sections]
    assert 7 <= len(ids) <= 12 and ids[0] == "goal" and ids[-1] == "tips"
    order = ["setup", "round", "build", "trails", "turns", "transport", "processing", "later-rounds", "end"]
    assert [i for i in ids if i in order] == order
    figures = [s.figure for s in guide.sections if s.figure is not None]
    assert len(figures) * 2 > len(guide.sections)
    assert all(s.rules and s.paragraphs for s in guide.sections)
    assert all(0 <= f.at <= len(guide.moves) and f.seat in (0, 1) for f in figures)
    assert len({f.at for f in figures}) == len(figures)  # each figure shows a position of its own


def test_the_guides_figures_show_what_their_captions_say():
    """FF-SET-14, FF-TRL-13, FF-PRC-1, FF-RND-9, FF-END-4, FF-END-5: the positions the captions
    describe (a stack of two Cafes, a trail network, a full Furniture Store scoring 12, B tiles
    in round 4, a 48-48 tie settled by the tile count)."""
    guide = load_guide("foxglove")
    at = {s.id: s.figure.at for s in guide.sections if s.figure is not None}

    def seen(section: str) -> dict:
        return guide.position(at[section]).observation(0)

    def town(obs: dict, seat: int) -> dict:
        return {tuple(b["cell"]): (b["tile"], b["cubes"]) for b in obs["towns"][seat]["buildings"]}

    assert seen("setup")["round"] == 1 and not seen("setup")["towns"][0]["trails"]
    cafes = [d for d in seen("build")["display"] if d["tile"] == "Cafe"]
    assert cafes and cafes[0]["count"] == 2
    trails = {(tuple(t["cell"]), t["shape"]) for t in seen("trails")["towns"][0]["trails"]}
    assert trails == {((0, -1), "NE"), ((2, -1), "NW")}
    assert seen("turns")["passed"] == [True, False]
    assert town(seen("transport"), 0)[(1, -1)] == ("Furniture Store", {"wood": 2, "sheep": 2})
    after = seen("processing")
    assert after["scores"][0] == 12 and town(after, 0)[(1, -1)] == ("Furniture Store", {})
    late = seen("later-rounds")
    assert late["round"] == 4 and late["phase"] == "final stage"
    assert {d["tier"] for d in late["display"] if d["area"] == "AB"} == {"B"}
    end = guide.position(at["end"])
    assert end.is_terminal and end.scores() == [48, 48] and end.ranking() == [2, 1]


def test_every_rule_the_guide_and_the_tutorial_name_is_in_the_checklist():
    unknown = sorted(checklist.named_rules("foxglove") - set(checklist.rules("foxglove")))
    assert not unknown, f"not in {checklist.path('foxglove').name}: {unknown}"


def test_every_decided_reading_of_the_checklist_has_a_ruling_with_its_reason():
    """Every rule tagged [decided-here] or [decided: notes d.N] is answered for players."""
    decided = checklist.decided("foxglove")
    guide = load_guide("foxglove")
    ruled = {r.rule for r in guide.rulings}
    assert decided <= ruled, sorted(decided - ruled)
    assert all(r.question.endswith("?") and r.answer and r.reason for r in guide.rulings)
    assert len(ruled) == len(guide.rulings)  # one ruling per rule


def test_the_glossary_adds_to_the_boards_legend_without_repeating_it():
    guide = load_guide("foxglove")
    terms = [t for t, _ in guide.glossary]
    legend = PRESENTATION.content()["legend"]
    assert len(terms) == len(set(terms)) and not set(terms) & set(legend)
    for term in ("×2, ×3", "NES, NEW, NSW, ESW", "▶ to act", "owes …", "done", "final stage"):
        assert term in terms


def test_the_guides_own_words_say_todo_nowhere():
    guide = load_guide("foxglove")
    texts = [guide.title, guide.summary] + [p for s in guide.sections for p in s.paragraphs]
    texts += [s.figure.caption for s in guide.sections if s.figure]
    texts += [w for r in guide.rulings for w in (r.question, r.answer, r.reason)]
    texts += [w for pair in guide.glossary for w in pair]
    assert all(texts) and not [t for t in texts if "TODO" in t]


# ------------------------------------------------------------------ the tutorial

def test_the_tutorial_loads_and_every_learner_move_has_a_step_in_words():
    tutorial = load_tutorial("foxglove")
    assert tutorial is not None and tutorial.players == 2 and tutorial.learner == 0
    assert 15 <= tutorial.learner_moves <= 30
    learner = [k for k, seat in enumerate(tutorial.seats) if seat == tutorial.learner]
    assert sorted(tutorial.steps) == learner
    words = [tutorial.title, tutorial.intro, tutorial.outro]
    words += [w for step in tutorial.steps.values() for w in (step.text, step.why)]
    assert all(w for w in words[:3]) and all(s.text for s in tutorial.steps.values())
    assert not [w for w in words if "TODO" in w]


def test_each_step_lights_the_args_of_the_move_it_asks_for():
    """The highlight is the action's args as the presentation model writes them, so the board
    lights the very card, cell, cube or button of the move."""
    tutorial = load_tutorial("foxglove")
    state = tutorial.new_game()
    for index, text in enumerate(tutorial.moves):
        action = state.parse_action(text)
        if index in tutorial.steps:
            assert tutorial.steps[index].highlight == PRESENTATION.action_view(state, action).args, text
        state.apply(action)


#: What the move that first uses a rule looks like, from the round, the phase and the move's
#: notation: the step naming the rule must be the learner's first move of that kind.
FIRST_USE = {
    "FF-CON-5": lambda r, ph, m: m.startswith("build "),
    "FF-CON-8": lambda r, ph, m: m.startswith("place "),
    "FF-TRL-2": lambda r, ph, m: m == "trails",
    "FF-TRL-7": lambda r, ph, m: m.startswith("trail "),
    "FF-CON-6": lambda r, ph, m: m.startswith("pay "),
    "FF-TRL-6": lambda r, ph, m: ph == "construction" and m == "done",
    "FF-TRL-4": lambda r, ph, m: m.startswith("upgrade "),
    "FF-CON-3": lambda r, ph, m: m == "pass",
    "FF-TRN-1": lambda r, ph, m: m.startswith("move "),
    "FF-PRC-1": lambda r, ph, m: ph == "transportation" and m == "done",
    "FF-PRD-1": lambda r, ph, m: r == 2,
    "FF-RND-8": lambda r, ph, m: r == 2,
    "FF-RND-9": lambda r, ph, m: r == 2 and ph == "transportation" and m == "done",
}


def test_the_tutorial_names_each_rule_it_teaches_at_its_first_use():
    """FF-CON-1/3/5/6/8, FF-TRL-2/4/6/7, FF-TRN-1, FF-PRC-1, FF-PRD-1, FF-RND-8/9: building,
    placing, paying, trails, an upgrade, passing, transport, processing and production are all
    used in the guided part, each named by the step that uses it first (and by no other)."""
    tutorial = load_tutorial("foxglove")
    named: dict[str, int] = {}
    for index, step in sorted(tutorial.steps.items()):
        for rule in step.rules:
            assert rule not in named, f"{rule} is named at moves {named[rule]} and {index}"
            named[rule] = index
    assert len(named) >= 6
    state = tutorial.new_game()
    first: dict[str, int] = {}
    for index, text in enumerate(tutorial.moves):
        if index in tutorial.steps:
            obs = state.observation(tutorial.learner)
            for rule, kind in FIRST_USE.items():
                if rule not in first and kind(obs["round"], obs["phase"], text):
                    first[rule] = index
        state.apply(text)
    assert set(first) == set(FIRST_USE)
    for rule, index in first.items():
        assert named.get(rule) == index, f"{rule}: first used at move {index} ({tutorial.moves[index]})"


def test_the_guided_part_really_does_what_its_steps_teach():
    """FF-EFX-6, FF-TRL-4, FF-TRN-2, FF-PRC-1, FF-PRC-4, FF-PRD-5, FF-RND-9: the Sheepfold's sheep
    arrive, the trail is upgraded, cubes travel, the Furniture Store scores 6 and then 12, the
    Forest refills, and the B tiles come out when the guided part ends."""
    tutorial = load_tutorial("foxglove")
    with recording():
        state = tutorial.new_game()
    for text in tutorial.moves:
        state.apply(text)
    mine = [e for e in state.events_for(None, 0) if e.get("seat") == tutorial.learner]
    kinds = {e["kind"] for e in mine}
    assert {"build", "effect", "trail", "upgrade", "pass", "move", "process", "produce"} <= kinds
    processed = [e["points"] for e in mine if e["kind"] == "process"]
    assert processed == [6, 12] and state.scores()[tutorial.learner] == 18
    assert state.round == 3
    assert {d["tier"] for d in state.observation(0)["display"] if d["area"] == "AB"} == {"B"}


def test_the_tutorial_table_refuses_another_move_with_its_reason_and_takes_the_expected_one():
    """The web table of the tutorial (as the server builds it): the script plays the tutor, the
    learner's other legal moves are refused as ``tutorial_move`` and change nothing, and the
    expected move is taken; after the last step the learner is free."""
    pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install -e '.[web,dev]'")
    from acreage.web.learning import tutorial_row
    from acreage.web.store import SQLiteStore
    from acreage.web.tables import Table, TableError

    row, tokens = tutorial_row("foxglove")
    store = SQLiteStore(":memory:")
    store.create_game(row, tokens)
    table = Table(row, store)
    tutorial = table.tutorial
    assert tutorial is not None and row.seats[1] == f"bot:{tutorial.then}"
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
    assert refused == tutorial.learner_moves  # every step had another legal move to refuse
    assert table.tutorial_view(tutorial.learner)["free"] is True
    assert len(table.state.history) == len(tutorial.moves)


# ------------------------------------------------------------------ the reference

def test_the_reference_names_every_piece_of_the_game_in_the_models_words():
    """FF-SET-2, FF-SET-3, FF-TRL-1: every tile of the content (the two Charcoal Kilns apart, by
    tier), the five goods, the three trail shapes and the table's parts, in the order a player
    meets them, each tile in the presentation model's own words."""
    ref = PRESENTATION.reference()
    assert all(set(r) == {"group", "name", "words"} and all(r.values()) for r in ref)
    pairs = [(r["group"], r["name"]) for r in ref]
    assert len(pairs) == len(set(pairs))
    groups = {"start": "Your starting tile", "A": "A tiles (rounds 1 and 2)",
              "B": "B tiles (rounds 3 and 4)", "C": "C tiles (the whole game)"}
    want = {(groups[t.tier], t.name) for t in TILES}
    want |= {("Goods", g.capitalize()) for g in GOODS}
    want |= {("Trails", n) for n in ("Straight trail", "Curved trail", "T-junction")}
    want |= {("The table", n) for n in ("Display", "Stack", "Empty space", "Town", "Cell", "Start player")}
    assert set(pairs) == want and len(ref) == len(want)
    order = list(dict.fromkeys(r["group"] for r in ref))
    assert order == ["The table", groups["start"], "Goods", groups["A"], groups["C"], "Trails", groups["B"]]
    words = {(r["group"], r["name"]): r["words"] for r in ref}
    content = PRESENTATION.content()["tiles"]
    for t in TILES:
        said = words[(groups[t.tier], t.name)]
        assert said == tile_words(t) and said.startswith(t.help)
        assert all(e in said for e in content[f"{t.name}|{t.tier}"]["effects"])


def test_every_piece_the_board_explains_has_its_words_in_the_content():
    """The board's help on trails, cubes, cells, stacks, empty spaces and the start player reads
    ``content()["pieces"]``: every key it asks for is there."""
    pieces = PRESENTATION.content()["pieces"]
    assert pieces == PIECES
    wanted = {"display", "stack", "empty space", "town", "cell", "start player",
              "straight trail", "curved trail", "T-junction", *GOODS}
    assert wanted <= set(pieces) and all(pieces[k] for k in wanted)
