"""Edge cases from the checklist (HV-FFB-2, HV-NOV-12, HV-SUN-5, HV-RND-1, HV-GAI-9, HV-FM-2)."""

from __future__ import annotations

from acreage.games.harvest import scenario as sc
from acreage.games.harvest.constants import FF2, FF3
from acreage.games.harvest.content import FESTIVAL_BY_NAME
from acreage.games.harvest.supply import gain

from .helpers import action_phase_start, legal


def test_basket_must_be_placed_HV_FFB_2_HV_ACT_2():
    # Checks HV-FFB-2, HV-ACT-2.
    """Edge 11: only the basket left → FF-3 is always offered and there is no pass."""
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.wb[0] = 0
    s.occ[0] = []
    opts = legal(s)
    assert "place FF-3" in opts and all(o.startswith("place FF") for o in opts)


def test_hand_woven_basket_returns_HV_EX_13_HV_NOV_12():
    # Checks HV-EX-13, HV-NOV-12.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    sc.give_cards(s, 0, "Hand-Woven Basket")
    s.apply("place FF-2")
    s.apply("use Hand-Woven Basket")
    while s.current_player == 0 and s.frames[-1].kind != "turn":
        s.apply("done")
    assert s.basket[0] == 1 and 0 not in s.occ[FF2]


def test_sunrise_11_empty_p1_HV_SUN_5():
    # Checks HV-SUN-5.
    """Edge 17: #11 with an empty P1 gives only its 4 coins."""
    s = sc.fresh(3)
    s.p1 = -1
    before = len(s.cards[0])
    from acreage.games.harvest.content import SUNRISE
    s.coins[0] = 0
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 4 and len(s.cards[0]) == before


def test_sunrise_11_takes_p1_free_HV_SUN_5_HV_FFC_6():
    # Checks HV-SUN-5, HV-FFC-6.
    s = sc.fresh(3)
    sc.set_market(s, None, "Apple Pie", "Pecan Pie")
    from acreage.games.harvest.content import SUNRISE
    s.coins[0] = 0
    gain(s, 0, SUNRISE[10].income, "Sunrise tile 11")
    assert s.coins[0] == 4 and FESTIVAL_BY_NAME["pecan pie"].id in s.cards[0]
    assert s.p1 == FESTIVAL_BY_NAME["apple pie"].id


def test_round_four_has_no_sunset_HV_RND_1():
    # Checks HV-RND-1.
    """Edge 18: the round-4 P1 card is never discarded."""
    s = action_phase_start(2)
    s.round = 4
    p1 = s.p1
    for x in range(2):
        s.wb[x] = s.mice[x] = s.basket[x] = 0
    s.frames = []
    s.queue = []
    s.cycle_placed = False
    s._advance()
    assert s.is_terminal and s.p1 == p1


def test_gairy_leftovers_HV_GAI_9():
    # Checks HV-GAI-9.
    """Once no human has a piece, the phase ends even with Gairy pieces unplaced."""
    s = action_phase_start(1, assign="Finn & Maisie:Bakehouse")
    import random
    rng = random.Random(0)
    prev = s
    while s.round == 1:
        prev = s.clone()
        s.apply(rng.choice(s.legal_actions()))
    assert s.round == 2
    assert prev.g_wb + prev.g_bk >= 2  # 3 cycles × 2 tiles: at most 6 of his 8 pieces placed


def test_market_block_without_paying_HV_FM_2():
    # Checks HV-FM-2.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.occ = [[] for _ in s.occ]
    s.coins[0] = s.fert[0] = s.water[0] = 0
    s.seeds[0] = [0, 0, 0, 0]
    score = s.score[0]
    s.apply("place FM-A")
    # HV-FM-2: the space is taken (blocked) and nothing is paid or gained; no Market choice is open
    assert s.occ[11] == [0]
    assert not s.frames or s.frames[-1].kind != "market"
    assert (s.coins[0], s.fert[0], s.water[0], s.seeds[0], s.score[0]) == (0, 0, 0, [0, 0, 0, 0], score)


def test_ff3_coin_or_card_HV_FFB_5():
    # Checks HV-FFB-5.
    s = action_phase_start(3)
    sc.at_turn(s, 0)
    s.coins[0] = 0
    s.apply("place FF-3")
    assert legal(s) >= {"coin", "card P1"} - {"card P1"}
    s.apply("coin")
    assert s.coins[0] == 1 and 0 in s.occ[FF3]
