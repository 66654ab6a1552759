"""How the bots judge Fields of Green and Harvest positions: by the final score a position can
still reach, as each game scores it (FG-END, HV-END).

The positions are staged with each game's scenario helpers; the figures are worked out by hand
from the rules named in each test.
"""

from __future__ import annotations

import pytest

import acreage
from acreage.agents import make_agent
from acreage.games.fields_of_green import scenario as fog
from acreage.games.fields_of_green.bots.heuristic import projected_score
from acreage.games.fields_of_green.bots.heuristic import value as fog_value
from acreage.games.fields_of_green.content import CARDS
from acreage.games.harvest import scenario as hv
from acreage.games.harvest.bots.heuristic import value as hv_value


def _bare_farm(coins=15, food=1, water=3, year=1):
    state = fog.fresh(players=2, seed=3)
    fog.clear_farm(state, 0, water=water, food=food)
    fog.set_stock(state, 0, coins=coins, vp=0, stored=())
    state.year = year
    return state


def test_a_new_farm_is_worth_its_coins_and_food_after_income_FG_END_6_FG_MNT_1():
    # 15 coins + 3 x 3 income = 24 coins (8 VP); Food 1 + 3 = 4, the Silo's capacity (2 VP);
    # the Tower stays full, so it scores nothing (FG-END-7).
    assert projected_score(_bare_farm(), 0) == pytest.approx(10.0)


def test_a_card_counts_every_harvest_it_can_still_pay_for_FG_HRV_5_FG_EFX_3():
    state = _bare_farm()
    fog.add_card(state, 0, "Pepper Field", (0, 1))  # 1 Water from the Tower in range: 3 coins
    # Four harvests: 12 coins more (4 VP); the Tower refills with income and ends at 2 Water.
    assert projected_score(state, 0) == pytest.approx(14.0)
    state.year = 4
    # Year 4: one harvest left and no more income: 15 + 3 coins, Food 1, the Tower at 2.
    assert projected_score(state, 0) == pytest.approx(18 / 3 + 0.5)


def test_a_card_that_cannot_be_paid_is_counted_as_wasteland_FG_HRV_8_FG_HRV_12_FG_END_7():
    dry = _bare_farm(coins=0, food=0, water=0, year=4)
    fog.add_card(dry, 0, "Vineyard", (2, 0))  # printed 1 VP; its harvest needs 1 Water
    # No Water: the Vineyard turns to Wasteland (no printed VP); the empty Tower scores 1.
    assert projected_score(dry, 0) == pytest.approx(1.0)
    wet = _bare_farm(coins=0, food=0, water=1, year=4)
    fog.add_card(wet, 0, "Vineyard", (2, 0))
    # 1 Water: the Vineyard pays 3 coins (1 VP), keeps its printed VP, and the Tower ends empty.
    assert projected_score(wet, 0) == pytest.approx(3.0)


@pytest.mark.parametrize("game", ["fields_of_green", "harvest"])
def test_at_the_end_the_judgement_is_the_score_FG_END_1_HV_END_1(game):
    state = acreage.new_game(game, players=2, seed=5)
    bots = [make_agent("greedy", seed=s) for s in range(2)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].decide(state, state.current_player))
    judge = fog_value if game == "fields_of_green" else hv_value
    assert [judge(state, s) for s in range(2)] == [float(x) for x in state.scores()]


def _harvest_round(round_, pieces, farm=None, score=0):
    state = hv.fresh(players=2, seed=4)
    hv.at_turn(state, 1)
    state.round = round_
    state.wheelbarrows[0], state.mice[0], state.basket[0] = pieces, 0, 0
    state.points[0] = score
    hv.set_farm(state, 0, farm or {}, clear=True)
    return state


def test_crops_still_on_the_farm_when_the_game_ends_are_worth_nothing_HV_END_3():
    ripe = _harvest_round(4, 0, {"1,1": "pumpkin crop", "1,2": "pumpkin crop"})
    bare = _harvest_round(4, 0)
    assert hv_value(ripe, 0) == pytest.approx(hv_value(bare, 0))


def test_a_harvest_is_worth_more_than_the_ripe_crops_it_takes_HV_FLD_6():
    # Two ripe pumpkins score 12 points and 1 coin when harvested (HV-FLD-6).
    for round_, pieces in ((2, 3), (4, 1)):
        ripe = _harvest_round(round_, pieces, {"1,1": "pumpkin crop", "1,2": "pumpkin crop"})
        harvested = _harvest_round(round_, pieces, score=12)
        harvested.coins[0] = ripe.coins[0] + 1
        assert hv_value(harvested, 0) > hv_value(ripe, 0) > hv_value(_harvest_round(round_, pieces), 0)


def test_a_crop_keeps_its_worth_through_the_last_visit_of_an_earlier_round_HV_FLD_6():
    """Before round 4 the next round's placements come whatever the seat's last visit of this
    round does, so a ripe crop is worth the same while that visit is under way as after it; in
    round 4 that visit is the last chance, worth less than a round to come and more than none."""
    from acreage.games.harvest.frames import Visit

    def in_last_visit(state):
        state.frames.append(Visit(seat=0, space=-1, menus=0, actions_left=1, workshop_done=0, finn=0,
                                  maisie=0, trading_post=0, fee_paid=0, soil_mix=0, area="", discount=0,
                                  only=0))
        return state

    crops = {"1,1": "pumpkin crop", "1,2": "pumpkin crop"}
    assert hv_value(in_last_visit(_harvest_round(2, 0, crops)), 0) == pytest.approx(
        hv_value(_harvest_round(2, 0, crops), 0))
    last = hv_value(in_last_visit(_harvest_round(4, 0, crops)), 0)
    assert hv_value(_harvest_round(3, 0, crops), 0) > last > hv_value(_harvest_round(4, 0, crops), 0)


def test_inputs_are_worth_nothing_once_no_placement_is_left_HV_END_3():
    stocked = _harvest_round(4, 0)
    stocked.water[0] = 3
    empty = _harvest_round(4, 0)
    empty.water[0] = 0
    assert hv_value(stocked, 0) == pytest.approx(hv_value(empty, 0))
    early, dry = _harvest_round(2, 3), _harvest_round(2, 3)
    early.water[0], dry.water[0] = 3, 0
    assert hv_value(early, 0) > hv_value(dry, 0)


def test_the_greedy_bot_builds_a_farm_in_fields_of_green():
    """Regression: judged by the current score plus half an engine's worth, greedy built one
    or two Locations a game; judged by the projected final score it builds those that pay."""
    built = []
    for seed in range(3):
        state = acreage.new_game("fields_of_green", players=2, seed=seed)
        bots = [make_agent("greedy", seed=seed * 2 + s) for s in range(2)]
        while not state.is_terminal:
            state.apply(bots[state.current_player].decide(state, state.current_player))
        built += [sum(1 for c in state.piece_cards[s] if CARDS[c].deck not in ("tower", "silo"))
                  for s in range(2)]
    assert sum(built) / len(built) >= 2.5, built


def test_the_greedy_bot_harvests_more_than_once_in_solo_harvest():
    """Regression: counting 3 points per ripe tile in every round, the bots harvested once a
    game, in round 4; now a crop counts only if it can still be harvested."""
    harvests = []
    for seed in range(3):
        state = acreage.new_game("harvest", players=1, seed=seed)
        bot = make_agent("greedy", seed=seed)
        n = 0
        while not state.is_terminal:
            action = bot.decide(state, 0)
            n += str(action) == "harvest"
            state.apply(action)
        harvests.append(n)
    assert min(harvests) >= 2, harvests
