"""Harvest's presentation model: content words, action labels and args, facts and the solo
verdict (rule IDs: shared/rules/harvest.md)."""

from __future__ import annotations

import json
import random

import pytest

from acreage.core.presentation import legal_views
from acreage.games.harvest import actions as A
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.content import BUILDINGS, CHARACTERS, FARMHOUSES, FESTIVAL, MARKET, SPACES, SUNRISE
from acreage.games.harvest.present import PRESENTATION, solo_tiers, solo_verdict

from .helpers import random_game


def _my_turn(state, seat: int = 0):
    """``seat`` to place a piece, holding 3 wheelbarrows and the basket."""
    sc.at_turn(state, seat)
    state.wheelbarrows[seat], state.basket[seat] = 3, 1
    sc.touch(state)
    return state

#: For each action kind, the args keys that name what it is about.
NAMED = {
    A.KEEPC: ("character",), A.KEEPH: ("farmhouse",), A.SUNRISE: ("tile",), A.REACT: ("space",),
    A.BUY: ("crop", "count", "cost"), A.PLANT: ("crop", "cell"), A.TEND: ("crop", "cell"),
    A.CLEAR: ("cell",), A.BUILD: ("building", "cell", "cost"), A.PAY: ("pay",),
    A.CARD: ("position", "card", "cost"), A.USE: ("card",), A.DIE: ("die",), A.MARKET: ("market",),
}


def test_content_names_every_space_tile_card_building_character_and_farmhouse_hv_set_3():
    """HV-SET-3, HV-ACT-4, HV-FFB-3..5: every piece of content has words of its own."""
    c = PRESENTATION.content()
    json.dumps(c)
    assert set(c["spaces"]) == {sp.name for sp in SPACES}
    assert all(v["words"] for v in c["spaces"].values())
    assert "2 coins" in c["spaces"]["FF-1"]["words"] and "harvest" in c["spaces"]["FF-2"]["words"]
    assert set(c["buildings"]) == {b.name for b in BUILDINGS}
    assert all(v["words"] for v in c["buildings"].values())
    assert set(c["characters"]) == {x.name for x in CHARACTERS}
    assert set(c["farmhouses"]) == {x.name for x in FARMHOUSES}
    assert set(c["festival_cards"]) == {x.name for x in FESTIVAL}
    assert set(c["market"]) == {str(m.number) for m in MARKET}
    assert set(c["sunrise"]) == {str(t.number) for t in SUNRISE}
    assert c["card_costs"] == {"P3": 3, "P2": 2, "P1": 1}  # HV-FFC-1
    assert c["solo_tiers"]["fall_festival"]["Bronze"] == 65  # HV-GAI-12
    assert set(c["crops"]) == {"wheat", "strawberry", "blueberry", "pumpkin"}
    assert c["legend"]


@pytest.mark.parametrize("players,ff", [(1, True), (2, True), (3, False), (4, True)])
def test_every_legal_action_in_random_games_gets_a_label_and_names_its_target_hv_act_1(players, ff):
    """HV-ACT-1, HV-ACT-4, HV-FLD-3/4, HV-WS-4, HV-FFC-1: in random games each legal action has
    a label and args naming its space, cell, card, crop or tile."""
    for seed in range(2):
        state = sc.fresh(players, seed=seed, assign=None, fall_festival=ff)
        rng = random.Random(seed)
        while not state.is_terminal:
            views = legal_views(state, PRESENTATION)
            for action, v in zip(state.legal_actions(), views, strict=True):
                assert v["label"], action
                assert v["args"].get("verb"), action
                for key in NAMED.get(action.kind, ()):
                    assert key in v["args"], (action, v)
                if action.kind == A.PLACE:
                    assert "space" in v["args"] or "building" in v["args"]
                    assert v["args"]["piece"] in ("wheelbarrow", "basket", "finn", "maisie")
                if action.kind in (A.PLANT, A.TEND, A.CLEAR, A.BUILD):
                    assert v["args"]["cell"] in str(action)
            json.dumps(views)
            acts = state.legal_actions()
            busy = [a for a in acts if str(a) != "done"] or acts
            state.apply(rng.choice(busy if rng.random() < 0.8 else acts))


def test_place_view_names_space_and_what_it_offers_hv_act_4():
    state = sc.fresh(1, seed=1)
    _my_turn(state)
    views = {v["text"]: v for v in legal_views(state, PRESENTATION)}
    gs = views["place GS-3"]
    assert gs["args"] == {"verb": "place", "space": "GS-3", "piece": "wheelbarrow"}
    assert gs["label"] == "GS-3" and views["place GS-inf"]["label"] == "GS-∞"
    assert "3 actions" in PRESENTATION.content()["spaces"]["GS-3"]["words"]
    ff = views["place FF-1"]
    assert ff["args"]["piece"] == "basket" and ff["group"] == "send basket to"  # HV-FFB-1


def test_francie_sees_festival_cards_free_hv_fra_1():
    """HV-FRA-1: Francie's card labels, args and facts show cost 0."""
    state = sc.fresh(1, seed=2, assign="Francie:Bakehouse")
    _my_turn(state)
    state.apply("place FF-3")
    while state.frames[-1].kind != "ff3":
        state.apply("done")
    views = [v for v in legal_views(state, PRESENTATION) if v["args"]["verb"] == "card"]
    assert views and all(v["args"]["cost"] == 0 for v in views)
    assert PRESENTATION.facts(state, 0)["card_costs"] == {"P3": 0, "P2": 0, "P1": 0}


def test_visit_facts_count_the_actions_left_hv_act_5():
    """HV-ACT-5: a visit grants the space's number of actions; facts count them down."""
    state = sc.fresh(1, seed=1)
    _my_turn(state)
    state.apply("place GS-3")
    f = PRESENTATION.facts(state, 0)
    assert f["visit"]["space"] == "GS-3" and f["visit"]["left"] == 3
    state.apply("fertilizer")
    assert PRESENTATION.facts(state, 0)["visit"]["left"] == 2
    assert PRESENTATION.facts(state, 0)["spaces"]["GS-3"]["open"] is False  # HV-ACT-3


def test_round_phase_and_solo_target_in_words_hv_rnd_5_hv_gai_12():
    state = sc.fresh(1, seed=4)
    f = PRESENTATION.facts(state, 0)
    assert f["round"] == 1 and "Round 1 of 4" in f["round_words"]  # HV-RND-5
    assert f["solo"]["tiers"] == solo_tiers(True) and "verdict" not in f["solo"]
    assert "gairy" in f  # HV-SET-1: Gairy plays with 1 or 2 players


def test_solo_verdict_at_the_end_hv_gai_12():
    """HV-GAI-12: at the end of a solo game the facts hold the score, tier and verdict."""
    state = random_game(1, seed=5)
    assert state.is_terminal
    f = PRESENTATION.facts(state, 0)
    result = state.solo_result()
    assert f["solo"]["score"] == result["score"] and f["solo"]["tier"] == result["tier"]
    assert f["solo"]["verdict"] == solo_verdict(result["score"], True)
    assert "Mayor Gairy" in f["solo"]["verdict"]
    assert "Bronze reached" in solo_verdict(66, True) and "Gairy wins" in solo_verdict(64, True)
    assert "Blue Ribbon reached" in solo_verdict(95, False)


def test_facts_hide_setup_cards_of_others_hv_set_8():
    """HV-SET-8, HV-RES-6: facts and content name nobody's face-down choice."""
    state = sc.fresh(2, seed=7, assign=None)
    text = json.dumps(PRESENTATION.facts(state, 1)) + json.dumps(PRESENTATION.content())
    for name in [CHARACTERS[c].name for c in state.dealt_characters[0]]:
        assert json.dumps(PRESENTATION.facts(state, 1)).count(name) == 0
    assert "deck" not in json.dumps(PRESENTATION.facts(state, 1))
    assert text


def test_the_fill_label_says_free_when_the_fill_costs_nothing():
    """HV-GS-2 and the Water Witch (HV-CHR): her first fill of a round costs nothing, and the
    label says so; another seat's fill (no Finn) says $1."""
    from acreage.core import game_info
    from acreage.core.presentation import presentation_of
    from acreage.core.tutorials import load_tutorial
    from acreage.games.harvest.actions import FILL
    from acreage.games.harvest.queries import ability

    tutorial = load_tutorial("harvest")
    present = presentation_of(game_info("harvest"))
    seen = set()
    for seed in range(40):
        state = tutorial.new_game()
        chooser = random.Random(seed)
        while not state.is_terminal and len(seen) < 2:
            s = state.current_player
            for action in state.legal_actions():
                if action.kind == FILL:
                    witch_free = ability(state, s) == "water_witch" and not state.once_used[s] & 4
                    finn = bool(getattr(state.frames[-1], "finn", 0))
                    label = present.action_view(state, action).label
                    assert label.endswith("(free)") == (witch_free or finn), label
                    seen.add(label)
            state.apply(chooser.choice(state.legal_actions()))
        if len(seen) == 2:
            break
    assert seen == {"fill the bucket (free)", "fill the bucket ($1)"}
