"""The building display (``display.py``): the shuffled, face-down stacks and the advanced-tiles
option, the display's areas and how identical tiles stack while it fills, building from a space and
refilling it, a stack that runs out, and the solo display: its named setups, the removal and slide
after each build, its refill top row first and its two rows after the round-3 swap (FF-SET-8,
FF-SET-9, FF-SET-13, FF-SET-14, FF-DSP, FF-SOLO-2 to FF-SOLO-9, with the worked examples FF-EX-11
and FF-EX-13)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import acreage
from acreage.core.rng import Rng
from acreage.games.foxglove import scenario as sc
from acreage.games.foxglove.content import TILES, find_tile

from .helpers import (
    FOUR_C,
    SIX_A,
    display_refs,
    empty_town,
    legal,
    names,
    new_events,
    pass_and_finish_round,
    pay_all,
    place_cells,
    stack_refs,
    stock,
)
from .helpers import game_seed_0 as game


def tops(state) -> list[str | None]:
    return [sp[-1] if sp else None for sp in names(state)]


def new_game_with_stack_tops(monkeypatch, players: int, tops_by_tier: dict[str, list[str]], **options):
    """A new game whose shuffled stacks start (top first) with the given names.

    Only the setup shuffle is steered; the drawing, stacking and display code all run as usual.
    """
    original = Rng.shuffle

    def steered(self, seq):
        original(self, seq)
        tiers = {TILES[t].tier for t in seq} if seq else set()
        if len(tiers) != 1:
            return
        tier = tiers.pop()
        if tier not in tops_by_tier:
            return
        rest = list(seq)
        top = []
        for name in tops_by_tier[tier]:
            tid = find_tile(name, tier).id
            rest.remove(tid)
            top.append(tid)
        seq[:] = rest + top[::-1]  # the stack is drawn from the end

    with monkeypatch.context() as m:
        m.setattr(Rng, "shuffle", steered)
        options.setdefault("start_player", 0)
        return acreage.new_game("foxglove", players=players, seed=11, **options)


def displays(state, since: int) -> list[dict]:
    return [e for e in new_events(state, since) if e["kind"] == "display"]


def solo_round(round_: int, tier: str, ab: list[str], stack: list[str]):
    """A solo game at construction in ``round_``: Forest[5 wood], Mine[3 stone], the A/B area
    laid out as ``ab`` (top row, then bottom row) and the ``tier`` stack set to ``stack``."""
    state = game(players=1, seed=3)
    empty_town(state, 0, wood=5, stone=3)
    sc.goto_construction(state, 0, round=round_)
    sc.set_display(state, ab=ab)
    sc.set_stack(state, tier, stack)
    state.record_events()
    return state


def test_stacks_seeded_and_hidden_FF_SET_8():
    """Checks FF-SET-8: stacks are shuffled by the seeded RNG; the display and stack sizes are
    public; the order of the stacks is not in any observation."""
    a = acreage.new_game("foxglove", players=2, seed=7)
    b = acreage.new_game("foxglove", players=2, seed=7)
    assert a.to_json() == b.to_json()
    orders = {tuple(stack_refs(acreage.new_game("foxglove", players=2, seed=s), "B")) for s in range(6)}
    assert len(orders) == 6  # 35 tiles: six seeds give six different orders
    obs = a.observation(1)
    assert obs["stack_sizes"] == {t: len(stack_refs(a, t)) for t in "ABC"}
    assert [sp["tile"] for sp in obs["display"]] == tops(a)
    # A copy with every stack re-shuffled looks the same to every seat.
    other = a.determinize(0, random.Random(3))
    assert any(stack_refs(other, t) != stack_refs(a, t) for t in "ABC")
    for seat in range(2):
        assert other.observation(seat) == a.observation(seat)


def test_advanced_tiles_option_FF_SET_9():
    """Checks FF-SET-9: with advanced_tiles off the ten '!' tiles are out; 14 C tiles remain."""
    advanced = {t.name for t in TILES if t.advanced}
    for players in (2, 4):
        off = game(players, seed=3, advanced_tiles=False)
        c_refs = stack_refs(off, "C") + [r for sp in display_refs(off) for r in sp if r.startswith("C:")]
        assert len(c_refs) == 14
        assert not {r.split(":", 1)[1] for r in c_refs} & advanced
        on = game(players, seed=3)
        c_refs = stack_refs(on, "C") + [r for sp in display_refs(on) for r in sp if r.startswith("C:")]
        assert len(c_refs) == 24
        assert sum(r.split(":", 1)[1] in advanced for r in c_refs) == 10


@pytest.mark.parametrize(("players", "n_ab"), [(1, 6), (2, 6), (3, 7), (4, 8)])
def test_display_areas_FF_SET_13_FF_SOLO_2(players, n_ab):
    """Checks FF-SET-13 (and FF-SOLO-2 for one player): 6/7/8 A/B spaces plus 4 C spaces,
    filled with A and C tiles at setup."""
    state = game(players, seed=9)
    obs = state.observation(0)["display"]
    assert [sp["area"] for sp in obs] == ["AB"] * n_ab + ["C"] * 4
    refs = display_refs(state)
    assert all(refs)
    assert all(r.startswith("A:") for sp in refs[:n_ab] for r in sp)
    assert all(r.startswith("C:") for sp in refs[n_ab:] for r in sp)


def test_stacking_while_the_display_fills_FF_EX_11_FF_SET_14_FF_SET_13(monkeypatch):
    """Checks FF-EX-11 (setup part), FF-SET-14 and FF-SET-13 (edge case 3): a duplicate draw
    lands on the old space and the space being filled keeps drawing."""
    order = ["Allotment", "Granary", "Allotment", "Meadow", "Barn", "Coal Mine", "Lambing Shed", "Quarry"]
    state = new_game_with_stack_tops(monkeypatch, 2, {"A": order})
    assert names(state)[:6] == [
        ["Allotment", "Allotment"], ["Granary"], ["Meadow"], ["Barn"], ["Coal Mine"], ["Lambing Shed"],
    ]
    assert stack_refs(state, "A")[-1] == "A:Quarry"
    assert len(stack_refs(state, "A")) == 31 - 7
    assert state.observation(0)["display"][0]["count"] == 2


def test_ex11_follow_ups_FF_EX_11_FF_DSP_1_FF_DSP_2(monkeypatch):
    """Checks FF-EX-11 follow-ups, FF-DSP-1 and FF-DSP-2 (edge case 3): building from a stack
    with copies left draws nothing; building the Granary draws Quarry into its space."""
    order = ["Allotment", "Granary", "Allotment", "Meadow", "Barn", "Coal Mine", "Lambing Shed", "Quarry"]
    state = new_game_with_stack_tops(monkeypatch, 2, {"A": order})
    stock(state, 0)
    stock(state, 1)
    size = len(stack_refs(state, "A"))
    sc.play(state, "build Allotment", "place 0,1")
    assert names(state)[0] == ["Allotment"]
    assert len(stack_refs(state, "A")) == size
    assert state.current_player == 1
    sc.play(state, "build Granary", "place 0,1")
    pay_all(state)
    assert names(state)[1] == ["Quarry"]
    assert len(stack_refs(state, "A")) == size - 1
    assert names(state)[:6] == [
        ["Allotment"], ["Quarry"], ["Meadow"], ["Barn"], ["Coal Mine"], ["Lambing Shed"],
    ]


def test_building_from_a_stack_draws_nothing_FF_DSP_1():
    """Checks FF-DSP-1 (edge case 3): while identical tiles remain in the space nothing is drawn;
    the last copy's build refills the space."""
    state = game(2)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=[("Meadow", "Meadow"), "Allotment", *SIX_A[2:]], c=FOUR_C)
    sc.set_stack(state, "A", ["Granary", "Paddock"])
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert names(state)[0] == ["Meadow"]
    assert stack_refs(state, "A") == ["A:Paddock", "A:Granary"]
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert names(state)[0] == ["Granary"]
    assert stack_refs(state, "A") == ["A:Paddock"]


def test_refill_stacks_matching_draws_FF_DSP_3_FF_DSP_2():
    """Checks FF-DSP-3 and FF-DSP-2 (edge case 3): drawn tiles matching display tiles go onto
    their stacks and drawing continues until the emptied space is filled."""
    state = game(2)
    stock(state, 0)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.set_stack(state, "A", ["Meadow", "Barn", "Granary", "Paddock"])
    sc.play(state, "build Allotment", "place 0,1")
    assert names(state)[:6] == [
        ["Granary"], ["Meadow", "Meadow"], ["Barn", "Barn"], ["Quarry"], ["Coal Mine"], ["Volcano"],
    ]
    assert stack_refs(state, "A") == ["A:Paddock"]
    assert names(state)[6:] == [[n] for n in FOUR_C]
    # The C area draws the same way from the C stack.
    sc.set_stack(state, "C", ["Cafe", "Butcher"])
    stock(state, 1)
    sc.play(state, "build Bakery", "place 0,1")
    pay_all(state)
    assert names(state)[6:] == [["Butcher"], ["Cafe", "Cafe"], ["Foundry"], ["Grocer"]]
    assert stack_refs(state, "C") == []


def test_stack_runs_out_FF_DSP_4_FF_DSP_5():
    """Checks FF-DSP-4 and FF-DSP-5 (edge case 4): with a tier's stack empty the space stays empty
    (A/B until the round-3 swap, C for the rest of the game) and play goes on."""
    state = game(2)
    stock(state, 0)
    stock(state, 1)
    sc.set_display(state, ab=SIX_A, c=FOUR_C)
    sc.set_stack(state, "A", [])
    sc.set_stack(state, "C", [])
    sc.play(state, "build Allotment", "place 0,1")
    assert names(state)[0] == []
    assert state.observation(0)["display"][0] == {"area": "AB", "tile": None, "tier": None, "count": 0}
    assert state.current_player == 1
    sc.play(state, "build Bakery", "place 0,1")
    pay_all(state)
    assert names(state)[6] == []
    assert sum(bool(sp) for sp in names(state)[:6]) == 5
    assert sum(bool(sp) for sp in names(state)[6:]) == 3
    pass_and_finish_round(state)
    assert state.round == 2
    assert names(state)[0] == [] and names(state)[6] == []
    assert state.legal_actions()
    pass_and_finish_round(state)
    assert state.round == 3
    assert all(names(state)[:6])  # the swap fills every A/B space from B
    assert names(state)[6] == []  # the C space stays empty for good
    pass_and_finish_round(state)
    assert state.round == 4 and names(state)[6] == []


def test_advanced_off_four_players_c_stack_runs_out_FF_DSP_4_FF_SET_9():
    """Checks FF-DSP-4, FF-DSP-5 and FF-SET-9 (edge case 4): advanced tiles off, 4 players:
    display and C stack hold 14 C tiles; builds drain them and the spaces then stay empty."""
    state = game(4, seed=2, advanced_tiles=False)
    c_refs = stack_refs(state, "C") + [r for sp in display_refs(state)[8:] for r in sp]
    assert len(c_refs) == 14
    builds = 0
    while any(names(state)[8:]):
        seat = state.current_player
        stock(state, seat, wood=5, stone=3)
        sc.set_cubes(state, seat, (0, 0), wood=5)
        c_tiles = sorted({sp[-1] for sp in names(state)[8:] if sp})
        cheapest = min(c_tiles, key=lambda n: sum(find_tile(n, "C").cost))
        sc.play(state, f"build {cheapest}")
        x, y = sorted(place_cells(state))[0]
        sc.play(state, f"place {x},{y}")
        pay_all(state)
        builds += 1
        if stack_refs(state, "C"):
            assert all(names(state)[8:])  # FF-DSP-5 while the stack lasts
    assert builds == 14
    assert stack_refs(state, "C") == []
    assert names(state)[8:] == [[], [], [], []]
    assert all(names(state)[:8])
    assert not any(a.startswith("build ") and find_tile(a[6:]).tier == "C" for a in legal(state))
    pass_and_finish_round(state)
    assert state.round == 2 and names(state)[8:] == [[], [], [], []]


def test_a_and_b_kilns_never_share_a_stack_FF_DSP_6():
    """Checks FF-DSP-6: the swap removes the A Charcoal Kiln before B tiles are drawn, so the B
    Kilns stack only with each other."""
    state = game(2)
    sc.goto_construction(state, 0, round=2)
    sc.set_display(state, ab=["Charcoal Kiln", *SIX_A[1:]])
    sc.set_stack(state, "B", ["Charcoal Kiln", "Baths", "Charcoal Kiln", "Brewery", "Inn", "Sawmill",
                              "Monument"])
    pass_and_finish_round(state)
    refs = display_refs(state)
    assert refs[0] == ["B:Charcoal Kiln", "B:Charcoal Kiln"]
    assert not any(r == "A:Charcoal Kiln" for sp in refs for r in sp)
    assert names(state)[:6] == [
        ["Charcoal Kiln", "Charcoal Kiln"], ["Baths"], ["Brewery"], ["Inn"], ["Sawmill"], ["Monument"],
    ]


SOLO_TABLE = {
    2: (["Industrial Farm", "Smallholding", "Granary",
         "Windmill", "Lean-to", "Scrapyard"],
        ["Tavern", "Wheat Market", "Restaurant", "Grocer"]),
    3: (["Meadow", "Charcoal Kiln", "Timberland",
         "Allotment", "Hot Spring", "Ore Mine"],
        ["Marketplace", "Farmyard", "Smokehouse", "Butcher"]),
    4: (["Swidden", "Alpine Meadow", "Peat Bog",
         "Quarry", "Granary", "Coal Shed"],
        ["Distillery", "Cafe", "Factory", "Bakery"]),
    5: (["Woolmill", "Barn", "Volcano",
         "Coal Mine", "Sheepfold", "Paddock"],
        ["Ranch", "Foundry", "Butcher", "Furniture Store"]),
    6: (["Lambing Shed", "Fertile Plot", "Museum",
         "Swidden", "Sheepfold", "Hauler's Hut"],
        ["Trading Company", "Ranch", "Stonemason", "Market"]),
}


def _full_tier(tier: str, advanced: bool = True) -> Counter:
    return Counter({f"{t.tier}:{t.name}": t.copies for t in TILES
                    if t.tier == tier and (advanced or not t.advanced)})


@pytest.mark.parametrize("setup", [2, 3, 4, 5, 6])
def test_solo_named_setups_FF_SOLO_3_FF_SOLO_4(setup):
    """Checks FF-SOLO-3 and FF-SOLO-4: setups 2-6 lay out their named tiles row by row in the
    listed order, after taking them out of the stacks."""
    a_names, c_names = SOLO_TABLE[setup]
    state = acreage.new_game("foxglove", players=1, seed=setup, solo_setup=setup)
    assert names(state) == [[n] for n in a_names] + [[n] for n in c_names]
    refs = display_refs(state)
    assert all(r.startswith("A:") for sp in refs[:6] for r in sp)
    a_left = _full_tier("A") - Counter(f"A:{n}" for n in a_names)
    c_left = _full_tier("C") - Counter(f"C:{n}" for n in c_names)
    assert Counter(stack_refs(state, "A")) == a_left
    assert Counter(stack_refs(state, "C")) == c_left
    assert len(stack_refs(state, "A")) == 25
    assert len(stack_refs(state, "B")) == 35
    if setup == 3:
        assert Counter(stack_refs(state, "A"))["A:Charcoal Kiln"] == 1
        assert Counter(stack_refs(state, "B"))["B:Charcoal Kiln"] == 2


def test_solo_random_setup_FF_SOLO_3():
    """Checks FF-SOLO-3 setup 1 (Random): 6 A and 4 C tiles drawn as usual; the default."""
    state = acreage.new_game("foxglove", players=1, seed=8)
    same = acreage.new_game("foxglove", players=1, seed=8, solo_setup=1)
    assert state.to_json() == same.to_json()
    refs = display_refs(state)
    assert all(refs)
    assert all(r.startswith("A:") for sp in refs[:6] for r in sp)
    assert all(r.startswith("C:") for sp in refs[6:] for r in sp)
    drawn_a = sum(len(sp) for sp in refs[:6])
    assert drawn_a >= 6 and len(stack_refs(state, "A")) == 31 - drawn_a


def test_solo_named_advanced_tiles_FF_SOLO_5():
    """Checks FF-SOLO-5: setups always use their named tiles, '!' ones too; advanced_tiles off
    only keeps the '!' tiles out of the C stack."""
    state = acreage.new_game("foxglove", players=1, seed=1, solo_setup=2, advanced_tiles=False)
    assert names(state)[6:] == [["Tavern"], ["Wheat Market"], ["Restaurant"], ["Grocer"]]
    assert Counter(stack_refs(state, "C")) == _full_tier("C", advanced=False) - Counter({"C:Grocer": 1})
    assert len(stack_refs(state, "C")) == 13
    state = acreage.new_game("foxglove", players=1, seed=1, solo_setup=6, advanced_tiles=False)
    assert names(state)[6:] == [["Trading Company"], ["Ranch"], ["Stonemason"], ["Market"]]
    assert not any(find_tile(r.split(":", 1)[1], "C").advanced for r in stack_refs(state, "C"))


def _solo(a1=("Allotment",), draws=("Granary", "Woolmill", "Paddock", "Timberland")):
    """FF-EX-13 position: top row [a1 a2 a3], bottom row [a4 a5 a6]; next draws n1, n2, n3..."""
    state = game(1)
    sc.set_display(state, ab=[a1, "Meadow", "Barn", "Quarry", "Coal Mine", "Volcano"], c=FOUR_C)
    sc.set_stack(state, "A", list(draws))
    sc.goto_construction(state, 0)
    stock(state, 0)
    return state


def test_solo_removal_and_slide_a_FF_EX_13_FF_SOLO_6_FF_SOLO_7_FF_SOLO_8():
    # Checks FF-SOLO-7, FF-SOLO-8.
    """Checks FF-EX-13 (a) with FF-SOLO-6/7/8: building a2 removes a1 and a4 from the game; the
    rows slide left and fill top row first: top [a3 n1 n2], bottom [a5 a6 n3]."""
    state = _solo()
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert names(state)[:6] == [["Barn"], ["Granary"], ["Woolmill"], ["Coal Mine"], ["Volcano"], ["Paddock"]]
    assert state.observation(0)["removed"] == ["Allotment", "Quarry"]
    assert not any(r in ("A:Allotment", "A:Quarry") for t in "ABC" for r in stack_refs(state, t))
    assert stack_refs(state, "A") == ["A:Timberland"]
    assert names(state)[6:] == [[n] for n in FOUR_C]


def test_solo_removal_and_slide_b_FF_EX_13_FF_SOLO_6_FF_SOLO_7():
    # Checks FF-SOLO-6, FF-SOLO-7.
    """Checks FF-EX-13 (b): building a1 removes a2 (the new leftmost of the top row) and a4."""
    state = _solo()
    sc.play(state, "build Allotment", "place 0,1")
    assert state.observation(0)["removed"] == ["Meadow", "Quarry"]
    assert names(state)[:6] == [["Barn"], ["Granary"], ["Woolmill"], ["Coal Mine"], ["Volcano"], ["Paddock"]]


def test_solo_removal_and_slide_c_FF_EX_13_FF_SOLO_6_FF_SOLO_8():
    # Checks FF-SOLO-6, FF-SOLO-8.
    """Checks FF-EX-13 (c): with a1 a stack of 2, building a2 removes only one a1; the top row
    slides to [a1 a3 _] and just 2 tiles are drawn (n1 top, n2 bottom)."""
    state = _solo(a1=("Allotment", "Allotment"))
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert state.observation(0)["removed"] == ["Allotment", "Quarry"]
    assert names(state)[:6] == [
        ["Allotment"], ["Barn"], ["Granary"], ["Coal Mine"], ["Volcano"], ["Woolmill"],
    ]
    assert stack_refs(state, "A") == ["A:Timberland", "A:Paddock"]


def test_solo_build_removes_slides_and_refills_from_the_a_stack_in_round_2_FF_SOLO_6_FF_SOLO_7():
    """FF-EX-13 (a) in round 2, twice (FF-SOLO-6/7, FF-RND-12: A tiles until the swap). Build
    the Granary (top middle): the Allotment and the Barn leave the game, the rows slide left,
    and 3 tiles are drawn from the A stack, top row first. The display event names exactly
    the 2 removed and the 3 revealed tiles. The second build (Paddock) tells only its own
    removals (Meadow, Coal Mine), not the earlier ones."""
    state = solo_round(2, "A", ["Allotment", "Granary", "Meadow", "Barn", "Coal Mine", "Quarry"],
                       ["Paddock", "Peat Bog", "Scrapyard", "Timberland", "Volcano", "Woolmill"])
    start = state.event_count
    sc.play(state, "build Granary", "place 0,1")
    assert sc.display_names(state)[:6] == [["Meadow"], ["Paddock"], ["Peat Bog"],
                                           ["Coal Mine"], ["Quarry"], ["Scrapyard"]]
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Allotment", "Barn"],
                                       "revealed": ["Paddock", "Peat Bog", "Scrapyard"]}]
    start = state.event_count
    sc.play(state, "build Paddock", "place -1,0")
    assert sc.display_names(state)[:6] == [["Peat Bog"], ["Timberland"], ["Volcano"],
                                           ["Quarry"], ["Scrapyard"], ["Woolmill"]]
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Meadow", "Coal Mine"],
                                       "revealed": ["Timberland", "Volcano", "Woolmill"]}]


def test_solo_refresh_only_after_builds_and_only_in_that_area_FF_SOLO_6_FF_SOLO_2():
    """Checks FF-SOLO-6 and FF-SOLO-2: trail actions and passes leave the display alone; a C
    build refreshes only the C area (rows of 2)."""
    state = _solo()
    before = names(state)
    sc.play(state, "trails", "trail NS 0,1", "pay wood 0,0", "done")
    assert names(state) == before
    assert state.observation(0)["removed"] == []
    sc.set_stack(state, "C", ["Butcher", "Market", "Ranch", "Smokehouse"])
    sc.play(state, "build Cafe", "place 0,-1")
    pay_all(state)
    assert names(state)[:6] == before[:6]
    # top C row [Bakery, _] loses Bakery; bottom [Foundry, Grocer] loses Foundry; fill in order.
    assert names(state)[6:] == [["Butcher"], ["Market"], ["Grocer"], ["Ranch"]]
    assert state.observation(0)["removed"] == ["Bakery", "Foundry"]
    shown = names(state)
    sc.play(state, "pass")
    while state.round == 1:
        state.apply("done")
    assert state.round == 2 and names(state) == shown
    assert state.observation(0)["removed"] == ["Bakery", "Foundry"]


def test_solo_fill_stacks_identical_draws_FF_SOLO_7():
    """Checks FF-SOLO-7: the refill runs top row first, left to right, stacking identical draws
    on the display as usual."""
    state = _solo(draws=("Barn", "Granary", "Coal Mine", "Woolmill", "Paddock"))
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert names(state)[:6] == [
        ["Barn", "Barn"], ["Granary"], ["Woolmill"], ["Coal Mine", "Coal Mine"], ["Volcano"], ["Paddock"],
    ]
    assert stack_refs(state, "A") == []


def test_solo_stack_runs_out_FF_SOLO_8_FF_DSP_4():
    """Checks FF-SOLO-8 and FF-DSP-4 (edge case 4): drawing stops when the stack is empty; the
    slide still works, spaces stay empty and play continues without error."""
    state = _solo(draws=("Granary",))
    sc.play(state, "build Meadow", "place 0,1")
    pay_all(state)
    assert names(state)[:6] == [["Barn"], ["Granary"], [], ["Coal Mine"], ["Volcano"], []]
    assert stack_refs(state, "A") == []
    sc.set_cubes(state, 0, (0, 0), wood=5)
    sc.set_cubes(state, 0, (1, 0), stone=3)
    sc.play(state, "build Granary", "place 0,-1")
    pay_all(state)
    # Top row [Barn] loses Barn; bottom row [Coal Mine, Volcano] loses Coal Mine.
    assert names(state)[:6] == [[], [], [], ["Volcano"], [], []]
    assert state.observation(0)["removed"] == ["Allotment", "Quarry", "Barn", "Coal Mine"]
    sc.set_cubes(state, 0, (0, 0), wood=5)
    sc.set_cubes(state, 0, (1, 0), stone=3)
    sc.play(state, "build Volcano", "place -1,0")
    pay_all(state)
    assert names(state)[:6] == [[], [], [], [], [], []]
    assert state.legal_actions()
    pass_and_finish_round(state)
    assert state.round == 2


def test_solo_build_refills_from_the_b_stack_from_round_3_FF_SOLO_9_FF_RND_12():
    """FF-RND-12 / FF-SOLO-9: from round 3 the A/B area refills from the B stack (not A, not C)."""
    state = solo_round(3, "B", ["Baths", "Brewery", "Fountain", "Emporium", "Bakehouse", "Guildhall"],
                       ["Inn", "Sawmill", "Storehouse", "Toll House"])
    start = state.event_count
    sc.play(state, "build Brewery", "place 0,1")
    assert displays(state, start) == [{"kind": "display", "seat": None,
                                       "removed": ["Baths", "Emporium"],
                                       "revealed": ["Inn", "Sawmill", "Storehouse"]}]
    assert sc.display_names(state)[:6] == [["Fountain"], ["Inn"], ["Sawmill"],
                                           ["Bakehouse"], ["Guildhall"], ["Storehouse"]]


def test_solo_round_3_swap_FF_SOLO_9_FF_RND_9():
    # Checks FF-RND-9.
    """Checks FF-SOLO-9: the round-3 swap also happens solo: 6 B tiles into the two rows."""
    state = _solo()
    sc.goto_construction(state, 0, round=2)
    sc.set_stack(state, "B", ["Baths", "Brewery", "Inn", "Baths", "Sawmill", "Monument", "Fountain",
                              "Toll House"])
    c_before = names(state)[6:]
    pass_and_finish_round(state)
    assert state.round == 3
    assert names(state) == [["Baths", "Baths"], ["Brewery"], ["Inn"], ["Sawmill"], ["Monument"],
                            ["Fountain"]] + c_before
    assert stack_refs(state, "B") == ["B:Toll House"]
