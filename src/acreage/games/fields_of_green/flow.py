"""Fields of Green's flow, declared: which step answers each kind of frame, in the rulebook's
order, and the loop that runs what needs no decision.

A frame on top of the stack (``frames.py``) is a decision, answered by a ``Step`` (its legal
actions, and what doing one of them does), or automatic, run as soon as it is on top.
``advance`` runs automatic frames, settles decisions that have one outcome (Water that fits
one way, a payment from the only Water in range, a harvest with nothing left), plays a lone
legal action where taking it tells nobody anything hidden, and starts what comes next
(``year.next_step``) until a real choice or the end of the game.

Reading an action from ``apply`` to its rule: ``flow.do`` → the step of the frame on top →
the chapter module that holds it (year, water, card_actions, effects, equipment, harvest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.flow import Step, entry_points
from .actions import ABANDON
from .card_actions import act_do, act_legal
from .effects import effects, fill_do, fill_legal, sell_do, sell_legal
from .equipment import equip_do, equip_legal, gain_equipment
from .frames import (
    Act,
    Commit,
    Effects,
    Equip,
    Fill,
    GainEquipment,
    Harvest,
    Hold,
    PayWater,
    RevealPair,
    Sell,
    SplitChoice,
    Take,
    WaterPlacement,
)
from .harvest import abandon_the_rest, finish_seat_harvest, harvest_do, harvest_legal, harvest_over
from .water import (
    pay_all_in_range,
    payment_do,
    payment_legal,
    place_where_it_fits,
    placement_do,
    placement_legal,
)
from .year import (
    commit_do,
    commit_legal,
    next_step,
    reveal_pair,
    split_do,
    split_legal,
    take_do,
    take_legal,
)

#: Every decision's step, in the rulebook's order.
STEPS: dict[type, Step] = {
    # Maintenance (FG-MNT)
    WaterPlacement: Step(placement_legal, placement_do),
    SplitChoice: Step(split_legal, split_do),
    # the Action phase (FG-ACT, FG-2P): a pick, then what the card allows
    Commit: Step(commit_legal, commit_do),
    Take: Step(take_legal, take_do),
    Act: Step(act_legal, act_do),
    PayWater: Step(payment_legal, payment_do),
    # effects and Equipment (FG-EFX, FG-EQ)
    Fill: Step(fill_legal, fill_do),
    Sell: Step(sell_legal, sell_do),
    Equip: Step(equip_legal, equip_do),
    # the harvest (FG-HRV)
    Harvest: Step(harvest_legal, harvest_do),
}

#: The frames the engine runs by itself once they are on top (each is popped first).
AUTOMATIC: dict[type, Callable[[Any, Any], None]] = {
    Effects: effects,
    GainEquipment: gain_equipment,
    RevealPair: reveal_pair,
}


#: ``legal(state)``: the legal answers to the decision on top (none with no decision pending);
#: ``do(state, action)``: carry out a legal action (no checks) by the step of the decision on top.
legal, do = entry_points(STEPS)


def forced_in_public(state, top) -> bool:
    """Whether a one-choice decision may run by itself without telling the other seats
    something hidden (FG-HID-2, FG-HID-6). A hand of several cards of one design, or an offer
    of several tiles of one kind, leaves one legal action, but skipping the question would show
    everyone what the hand or the offer holds; only a one-card hand (turn 6, FG-EDGE-16) or a
    one-tile offer is forced without asking."""
    if type(top) is Commit:
        return len(state.hands[top.seat]) == 1
    if type(top) is Equip:
        return len(top.drawn) == 1
    return True


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
        kind = type(top)
        run = AUTOMATIC.get(kind)
        if run is not None:
            frames.pop()
            run(state, top)
            continue
        if kind is Hold:  # a pause set by scenario.py: nothing moves until it is removed
            state._legal = []
            return
        if kind is Harvest and harvest_over(state, top):
            frames.pop()
            finish_seat_harvest(state, top)
            continue
        if kind is WaterPlacement and place_where_it_fits(state, top):
            continue
        if kind is PayWater and pay_all_in_range(state, top):
            continue
        acts = legal(state)
        if len(acts) == 1 and forced_in_public(state, top):
            do(state, acts[0])
            continue
        if kind is Harvest and acts and all(a.kind == ABANDON for a in acts):
            frames[-1] = abandon_the_rest(top)
            continue
        if not acts:  # a fill with no target or an empty equip draw: nothing happens
            frames.pop()
            continue
        state._legal = acts
        return
