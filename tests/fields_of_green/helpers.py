"""Small helpers for the Fields of Green tests."""

from __future__ import annotations

import dataclasses
import random

import pytest

from acreage import IllegalAction
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green import state as state_module
from acreage.games.fields_of_green.actions import cell_of
from acreage.games.fields_of_green.constants import ACTION, HARVEST_PHASE, RESOLVE
from acreage.games.fields_of_green.content import CARDS, Effect, find_card, find_equipment
from acreage.games.fields_of_green.frames import Take


def game(players: int = 3, seed: int = 0, **options):
    return sc.fresh(players, seed=seed, **options)


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def assert_illegal(state, text: str) -> None:
    """``text`` is refused (as notation and as a structural action) and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)
    assert state.to_json() == before
    try:
        action = state._parse_structural(text)
    except IllegalAction:
        return
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def card_id(name: str) -> int:
    return find_card(name).id


def cell(x: int, y: int) -> int:
    return cell_of(x, y)


def next_year(state) -> None:
    """End the current year at once (as if every harvest were done) and run into the next."""
    state.frames = []
    state.phase = HARVEST_PHASE
    state.harvest_index = state.num_players
    state._legal = None
    state._advance()


def random_game(players: int, seed: int, upto: int | None = None):
    """A random game played with seeded choices (to the end, or ``upto`` actions)."""
    state = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and (upto is None or steps < upto):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


def patch_card(monkeypatch, base: str, **changes) -> int:
    """Give the design ``base`` other rules for one test (the engine reads ``CARDS`` in its modules).

    The proposed set has no card with both an Immediate and a Harvest ability, so tests that
    need one patch an existing design (same deck and subtype, so categories do not change).
    Returns the design's id; positions name it by ``base`` (scenario, notation).
    """
    card = find_card(base)
    patched = dataclasses.replace(card, **changes)
    cards = list(state_module.CARDS)
    cards[card.id] = patched
    # The rules read CARDS in the state and in its phase modules: patch every module of the
    # game that holds the same table.
    import sys

    original = state_module.CARDS
    for name, module in list(sys.modules.items()):
        if name.startswith("acreage.games.fields_of_green") and getattr(module, "CARDS", None) is original:
            monkeypatch.setattr(module, "CARDS", tuple(cards))
    return card.id


def immediate_and_harvest(monkeypatch) -> int:
    """A made-up Structure standing on the Fences design: costs 2 coins; Immediate: gain 2 coins;
    Harvest: pay 1 Food to gain 3 coins."""
    return patch_card(
        monkeypatch, "Fences",
        harvest_cost=(0, 0, 1),
        effects=(Effect(when="immediate", kind="gain", coins=2),
                 Effect(when="harvest", kind="gain", coins=3)),
    )


def ex5_farm(water=0):
    """FG-EX-5's farm: seat 0, 5 coins, no Food, Dairy Cows + Milking Machine, Wheat Field, Cheese Dairy."""
    s = game(3)
    sc.clear_farm(s, 0, water=water, food=0)
    sc.set_stock(s, 0, coins=5)
    sc.add_card(s, 0, "Dairy Cows", (0, 1), equipment=("Milking Machine",))
    sc.add_card(s, 0, "Wheat Field", (1, 1))
    sc.add_card(s, 0, "Cheese Dairy", (0, 2))
    return s


def _name(cid: int) -> str:
    return CARDS[cid].name


def at_action(card: str, players: int = 3, **stock):
    s = game(players)
    sc.clear_farm(s, 0)
    if stock:
        sc.set_stock(s, 0, **stock)
    sc.goto_action(s, 0, card)
    return s


def _farm_b(s):
    sc.clear_farm(s, 0)
    for at in ((2, 0), (2, 1), (2, 2), (1, 2)):
        sc.add_card(s, 0, "Potato Field", at)


def eq(name):
    return find_equipment(name).id


SEEDS = {2: (1, 2), 3: (3, 4), 4: (5, 6)}


def walk(players: int, seed: int, every: int = 1):
    """Yield (state, rng) along a random game."""
    s = game(players, seed=seed, first_player=None)
    rng = random.Random(seed)
    i = 0
    while not s.is_terminal:
        if i % every == 0:
            yield s, rng
        s.apply(rng.choice(s.legal_actions()))
        i += 1
    yield s, rng


def _ids(*names: str) -> list[int]:
    return [find_card(n).id for n in names]


def _name_at(s, seat: int, at: tuple[int, int]) -> str:
    return CARDS[s.piece_cards[seat][sc.piece_at(s, seat, at)]].name


def _commit_lowest(s) -> None:
    while s.stage != RESOLVE:
        seat = s.frames[-1].seat
        s.apply(f"pick {CARDS[min(s.hands[seat])].name}")


def _two_player_start(first: int, display: list[str], pile_top_last: list[str]):
    s = game(2, first_player=first, introductory=True)
    assert s.phase == ACTION and s.frames[-1] == Take(first)
    s.display = _ids(*display)
    s.pile = _ids(*pile_top_last)
    s._legal = None
    s._advance()
    return s


DISPLAY = ["Corn Field", "Wheat Field", "Geese", "Potato Field", "Well", "Granary"]
PILE = ["Sheep", "Pigs", "Goats", "Vineyard", "Fences", "Winery"]  # Winery on top
