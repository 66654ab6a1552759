"""Harvest's flow, declared: which step answers each kind of frame, in the rulebook's order,
and the loop that runs the steps needing no decision.

A frame on top of the stack (``frames.py``) is either a decision, answered by a ``Step`` (its
legal actions, and what doing one of them does), or automatic, run as soon as it is on top.
``advance`` runs automatic frames, pops decisions with nothing left to decide and starts the
next turn (``rounds.next_step``) until a real choice or the end of the game, so a player is
only asked where a choice exists.

Reading an action from ``apply`` to its rule: ``flow.do`` → the step of the frame on top →
the chapter module that holds it (setup, rounds, town, fields, festival).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.flow import Step, entry_points
from .actions import DONE
from .festival import (
    basket_do,
    basket_legal,
    buy_do,
    buy_legal,
    card_or_coin_do,
    card_or_coin_legal,
    festival_space,
)
from .fields import plant_do, plant_legal, tend_do, tend_legal
from .frames import (
    Basket,
    BuyCard,
    CardOrCoin,
    EndTurn,
    FestivalSpace,
    ForestDie,
    Income,
    KeepCharacter,
    KeepFarmhouse,
    MarketTile,
    Plant,
    Reactivate,
    SunriseSwap,
    Tend,
    Turn,
    Visit,
)
from .rounds import end_turn, income, next_step, sunrise_do, sunrise_legal
from .setup import keep_character_do, keep_character_legal, keep_farmhouse_do, keep_farmhouse_legal
from .town import (
    forest_die_do,
    forest_die_legal,
    market_do,
    market_legal,
    reactivate_do,
    reactivate_legal,
    turn_do,
    turn_legal,
    visit_do,
    visit_legal,
)

#: Every decision's step, in the rulebook's order.
STEPS: dict[type, Step] = {
    # setup (HV-SET-8)
    KeepCharacter: Step(keep_character_legal, keep_character_do),
    KeepFarmhouse: Step(keep_farmhouse_legal, keep_farmhouse_do),
    # Sunrise (HV-SUN-2)
    SunriseSwap: Step(sunrise_legal, sunrise_do),
    # the Action phase: place a piece, then what it visits (HV-ACT, HV-GS, HV-FLD, HV-WS, HV-TP)
    Turn: Step(turn_legal, turn_do),
    Visit: Step(visit_legal, visit_do),
    Plant: Step(plant_legal, plant_do),
    Tend: Step(tend_legal, tend_do),
    ForestDie: Step(forest_die_legal, forest_die_do),
    MarketTile: Step(market_legal, market_do),
    Reactivate: Step(reactivate_legal, reactivate_do),
    # the Fall Festival (HV-FFB, HV-FFC, HV-NOV-12)
    Basket: Step(basket_legal, basket_do),
    BuyCard: Step(buy_legal, buy_do),
    CardOrCoin: Step(card_or_coin_legal, card_or_coin_do),
}

#: The frames the engine runs by itself once they are on top (each is popped first).
AUTOMATIC: dict[type, Callable[[Any, Any], None]] = {
    Income: income,
    EndTurn: end_turn,
    FestivalSpace: festival_space,
}


#: ``legal(state)``: the legal answers to the decision on top (none with no decision pending);
#: ``do(state, action)``: carry out a legal action (no checks) by the step of the decision on top.
legal, do = entry_points(STEPS)


def advance(state) -> None:
    """Run every step that needs no decision, until a real choice (its actions kept as the
    state's legal list) or the end of the game."""
    while True:
        frames = state.frames
        if not frames:
            if not next_step(state):
                state._legal = []
                return
            continue
        top = frames[-1]
        run = AUTOMATIC.get(type(top))
        if run is not None:
            frames.pop()
            run(state, top)
            continue
        acts = legal(state)
        if not acts or (len(acts) == 1 and acts[0].kind == DONE):
            frames.pop()  # nothing left to choose here
            continue
        state._legal = acts
        return
