"""Setup (setup.py, and the deal in state.py): player counts, the Fall Festival option and what it
adds, the starting supplies and boards, the secret keep-one choice of a character and a farmhouse
with its face-down notation and its reveal, the characters' start effects, and the seeded shuffles
(HV-SET, HV-FFO, HV-CHR)."""

from __future__ import annotations

from collections import Counter

import pytest

import acreage
from acreage import OptionError, new_game
from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import EMPTY, FOREST
from acreage.games.harvest.content import BUILDING_BY_NAME as BB
from acreage.games.harvest.content import CHARACTERS, CROP_NAMES, FESTIVAL_BY_NAME
from acreage.games.harvest.frames import KeepFarmhouse
from acreage.games.harvest.state import HarvestState

from .helpers import action_phase_start, action_turn, keep_phase, legal


def test_player_counts_HV_SET_1():
    """HV-SET-1: 1–4 players; other counts are refused."""
    for n in (1, 2, 3, 4):
        assert new_game("harvest", players=n, seed=1).num_players == n
    for bad in (0, 5):
        with pytest.raises(OptionError):
            new_game("harvest", players=bad)


@pytest.mark.parametrize("players", [0, 5])
def test_player_count_outside_one_to_four_is_refused_HV_SET_1(players):
    """HV-SET-1: 1 to 4 players; 0 and 5 are refused when the game is created."""
    with pytest.raises(ValueError) as err:
        HarvestState(players, 0, {})
    assert str(err.value) == "Harvest takes 1 to 4 players"


def test_fall_festival_is_on_by_default_HV_SET_2_HV_FFO_2():
    """HV-SET-2: with no options the expansion is on: a festival market is dealt (P1 and P2)
    and sunrise tile #11 is among the tiles in play."""
    s = HarvestState(2, 0, {})
    assert s.fall_festival is True
    assert s.festival_p1 >= 0 and s.festival_p2 >= 0
    assert 11 in s.sunrise_tile + s.sunrise_stack + s.display


def test_resources_and_rounds_HV_SET_4_HV_SET_5_HV_RND_2_HV_RND_5_HV_RES_5():
    # Checks HV-SET-4, HV-SET-5, HV-RND-2, HV-RND-5, HV-RES-5.
    s = action_turn()
    assert CROP_NAMES == ("wheat", "strawberry", "blueberry", "pumpkin")
    assert len(set(s.sunrise_tile)) == 3
    obs = s.observation(1)
    assert obs["round"] == 1 and obs["phase"] == "action"
    s.coins[0], s.seeds[0] = 100, [50, 0, 0, 0]
    s.apply("place GS-3")
    for _ in range(3):
        s.apply("buy 8 wheat")
    assert s.seeds[0][0] == 74 and s.coins[0] == 76  # seeds never run out


def test_starting_supply_and_board_HV_SET_6_HV_SET_7_HV_SET_11_HV_SET_12():
    # Checks HV-SET-6, HV-SET-7, HV-SET-11, HV-SET-12.
    s = sc.fresh(3, assign="Trader:Bakehouse;Architect:Well House;Lumberjack:Seed Loft")
    assert s.coins[0] == 3 and s.bucket_capacity[0] == 3 and s.water[0] == 3 and s.fertilizer[0] == 1
    assert s.seeds[0] == [2, 2, 0, 0]
    assert sum(1 for v in s.farm[0] if v == 1) == 8  # forests in columns 4-5
    assert len([b for b in s.workshop_slots if b >= 0]) == 6
    assert [len(st) for st in s.market_stacks] == [4, 4, 4]


def test_every_farm_starts_with_forests_on_columns_four_and_five_HV_SET_6():
    """HV-SET-6: 4 × 5 cells; columns 4 and 5 (8 cells) are forest, the other 12 empty."""
    s = keep_phase(3)
    want = [FOREST if c in (3, 4) else EMPTY for _ in range(4) for c in range(5)]
    assert s.farm == [want, want, want]


def test_kept_farmhouse_is_masked_in_shared_notation_HV_SET_8():
    """HV-SET-8: like the character, the kept farmhouse is shown to the table face down; other
    actions are shown as they are."""
    state = acreage.new_game("harvest", players=2, seed=3)
    while state.frames[-1].kind != "keeph":
        assert not state.in_subdecision()
        state.apply(state.legal_actions()[0])
    for action in state.legal_actions():
        assert state.public_notation(action) == "keep farmhouse (face down)"
        assert state.public_notation(tuple(action)) == "keep farmhouse (face down)"
    while state.frames[-1].kind != "turn":
        state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    assert state.public_notation(action) == str(action)
    assert state.public_notation(tuple(action)) == str(action)


def test_deal_two_keep_one_secret_HV_SET_8():
    """HV-SET-8: two dealt, one kept; the choice is hidden until everybody has chosen."""
    s = new_game("harvest", players=2, seed=4)
    assert s.current_player == 0 and len(s.legal_actions()) == 2
    s.apply(s.legal_actions()[0])
    assert s.observation(1)["seats"][0]["character"] is None
    assert s.observation(0)["seats"][0]["character"] is not None
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    assert s.observation(1)["seats"][0]["character"] is not None


def test_setup_choices_are_masked_in_shared_notation_HV_SET_8():
    """HV-SET-8: the kept character and farmhouse stay secret until all have chosen, so the
    notation shown to the table (public_notation) hides which one was kept."""
    import acreage

    state = acreage.new_game("harvest", players=2, seed=3)
    action = state.legal_actions()[0]
    text = state.public_notation(action)
    assert text.endswith("(face down)")
    assert str(action) != text and str(action).split()[-1] not in text


def test_keep_choices_are_revealed_together_HV_SET_8():
    """HV-SET-8: the keep-one choices stay secret until all are made. Before that, nothing is
    revealed, so a seat may take back its own last choice (the undo floor stays at 0); the last
    farmhouse kept reveals them all and starts Sunrise, which cannot be undone."""
    s = keep_phase(2)
    assert s.current_player == 0 and s.frames[-1].kind == "keepc"
    s.apply(s.legal_actions()[0])
    assert (s.undo_floor, s.undoable(0)) == (0, 1)
    s.apply(s.legal_actions()[0])  # seat 1 keeps a character
    s.apply(s.legal_actions()[0])  # seat 0 keeps a farmhouse
    assert s.frames[-1] == KeepFarmhouse(1)
    assert (s.undo_floor, s.undoable(0)) == (0, 1)
    s.apply(s.legal_actions()[0])  # seat 1, the last choice
    assert s.phase == "sunrise" and s.undo_floor == 4


def test_hidden_choices_are_logged_face_down_HV_SET_8():
    """HV-SET-8: the shared log shows that a choice was made, not which."""
    s = keep_phase(2)
    assert {s.public_notation(a) for a in s.legal_actions()} == {"keep character (face down)"}
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert {s.public_notation(a) for a in s.legal_actions()} == {"keep farmhouse (face down)"}


def test_the_seed_drives_every_shuffle_HV_SET_13():
    """HV-SET-13: the same seed gives the same deal; another seed another building order."""
    a, b, c = (sc.fresh(3, seed=x) for x in (11, 11, 12))
    assert a.to_json() == b.to_json()
    assert a.building_stack != c.building_stack


def test_characters_and_farmhouses_HV_CHR_1_HV_CHR_2_HV_CHR_3_HV_CHR_6_HV_CHR_7():
    # Checks HV-CHR-1, HV-CHR-2, HV-CHR-3, HV-CHR-6, HV-CHR-7.
    names = {c.name for c in CHARACTERS}
    assert {"Pumpkin Patcher", "Berry Keeper", "Water Witch", "Lumberjack", "Architect", "Trader",
            "Market Regular", "Early Riser", "Francie", "Finn & Maisie"} == names
    s = sc.fresh(3, assign="Water Witch:Bakehouse;Berry Keeper:Bakehouse;Pumpkin Patcher:Bakehouse")
    assert (s.bucket_capacity[0], s.water[0]) == (5, 5) and s.seeds[1] == [2, 2, 1, 0]
    assert all(isinstance(c, int) and c >= 0 for c in s.character + s.farmhouse)
    t = action_turn("Pumpkin Patcher:Bakehouse")
    t.coins[0] = 2
    t.apply("place GS-2")
    assert "buy 2 pumpkin" in legal(t) and "buy 3 pumpkin" not in legal(t)  # 1 coin each
    e = sc.fresh(2, assign="Architect:Windmill Farm;Trader:Orchard Manor")
    e.buildings[0] = [(BB["compost bin"].id, 0), (BB["well"].id, 10)]
    sc.set_farm(e, 1, {"1,1": "blueberry seed", "1,2": "blueberry crop"})
    e.phase, e.frames = "over", []
    assert e.score_parts(0)["farmhouse"] == 6 and e.score_parts(1)["farmhouse"] == 4


def test_option_off_HV_FFO_1():
    """Edge 16 / HV-FFO-1: no basket, no #11, no expansion characters, no purchase on Harvest."""
    for seed in range(20):
        s = new_game("harvest", players=4, seed=seed, fall_festival=False)
        assert 11 not in s.sunrise_tile + s.sunrise_stack
        assert not any(CHARACTERS[c].expansion for d in s.dealt_characters for c in d)
        assert not s.festival_deck and s.festival_p1 < 0 and s.festival_p2 < 0 and s.festival_discards == []
    s = action_phase_start(3, fall_festival=False)
    assert not any(a.startswith("place FF") for a in legal(s))


def test_expansion_setup_HV_FFO_2_HV_FFO_3_HV_SET_9_HV_SET_10_HV_GAI_1_HV_GAI_3_HV_FNM_1():
    # Checks HV-FFO-2, HV-FFO-3, HV-SET-9, HV-GAI-1, HV-GAI-3, HV-FNM-1.
    s = sc.fresh(2, seed=3, assign="Trader:Bakehouse;Finn & Maisie:Well House")
    assert CHARACTERS[s.character[0]].name == "Trader" and CHARACTERS[s.character[1]].name == "Finn & Maisie"
    tiles = s.sunrise_tile + s.display + s.sunrise_stack
    assert sorted(tiles) == list(range(1, 12)) and len(set(s.sunrise_tile)) == 2  # HV-SET-10 (+#11)
    # HV-FFO-2: the 30 festival cards are all in play: one dealt to P1, one to P2, 28 in the deck
    full = {c.id: c.copies for c in FESTIVAL_BY_NAME.values()}
    assert s.festival_p1 >= 0 and s.festival_p2 >= 0 and len(s.festival_deck) == 30 - 2
    assert dict(Counter([*s.festival_deck, s.festival_p1, s.festival_p2])) == full
    assert sum(full.values()) == 30
    assert s.record()["options"]["fall_festival"] is True
    while s.phase != "action":
        s.apply(s.legal_actions()[0])
    assert s.basket == [1, 1] and s.wheelbarrows == [3, 0] and s.mice[1] == 3  # two mice + basket
    assert (s.gairy_wheelbarrows, s.gairy_baskets) == (3, 1)
    assert len(s.gairy_deck) == 10 and s.gairy_drawn == []
    solo = sc.fresh(1, assign="Architect:Bakehouse")
    while solo.phase != "action":
        solo.apply(solo.legal_actions()[0])
    assert (solo.gairy_wheelbarrows, solo.gairy_baskets) == (6, 2)
