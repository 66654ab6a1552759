"""Foxglove Farm's flow, declared: which step answers each kind of frame and each phase, in the
rulebook's order, and the loop that runs the steps needing no decision.

A frame on top of the stack (``frames.py``) is either a decision, answered by a ``Step`` (its
legal actions, and what doing one of them does), or automatic, run as soon as it is on top.
With no frame, the phase itself is the decision: a construction turn, or a seat's transport
(or final) stage. ``advance`` runs automatic frames, settles what has one outcome (a payment
with one way left, a trail action or start-of-transport with only "done", a turn with only
"pass", a stage with nothing left to move or process) until a real choice or the end of the
game, so a player is only asked where a choice exists.

Reading an action from ``apply`` to its rule: ``flow.do`` → the step of the frame on top (or of
the phase) → the chapter module that holds it (production, construction, payment, trails,
transport; rounds and scoring between them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.flow import Step, entry_points, offers_point
from .actions import A_DONE, A_PASS
from .constants import CONSTRUCTION, FINAL, TRANSPORT
from .construction import (
    begin_construction,
    choose_do,
    choose_legal,
    finish_build_turn,
    place_do,
    place_legal,
    turn_actions,
    turn_do,
    turn_legal,
)
from .display import refill, refresh_solo_display
from .frames import (
    BeginConstruction,
    Choose,
    EndTurn,
    Keep,
    Pay,
    Place,
    Refill,
    SoloRefresh,
    Trails,
    TransportStart,
)
from .payment import pay_do, pay_legal, settle_payment
from .production import keep_do, keep_legal
from .trails import trails_do, trails_legal, trails_offer
from .transport import (
    log_forced_stage_end,
    stage_do,
    stage_legal,
    transport_start_do,
    transport_start_legal,
)

#: Every decision's step, in the rulebook's order.
STEPS: dict[type, Step] = {
    # production: keeping part of a gain that does not fit (FF-PRD-3/4)
    Keep: Step(keep_legal, keep_do),
    # construction: a build's cell and payment, the Emporium's type, a trail action (FF-CON, FF-TRL)
    Place: Step(place_legal, place_do),
    Pay: Step(pay_legal, pay_do),
    Choose: Step(choose_legal, choose_do),
    Trails: Step(trails_legal, trails_do, trails_offer),  # every frontier cell in every shape: long
    # transportation: the start-of-transport effects (FF-TRN-10, FF-FIN-5)
    TransportStart: Step(transport_start_legal, transport_start_do),
}

#: The phases whose own decision is the step when no frame is pending.
PHASE_STEPS: dict[int, Step] = {
    CONSTRUCTION: Step(turn_legal, turn_do),  # FF-CON-1: build, a trail action, or pass
    TRANSPORT: Step(stage_legal, stage_do),  # FF-TRN: move cubes, then done
    FINAL: Step(stage_legal, stage_do),  # FF-FIN-2: move and process in any order, then done
}

#: The frames the engine runs by itself once they are on top (each is popped first).
AUTOMATIC: dict[type, Callable[[Any, Any], None]] = {
    BeginConstruction: begin_construction,
    Refill: refill,
    SoloRefresh: refresh_solo_display,
    EndTurn: finish_build_turn,
}


#: ``legal(state)``: the legal answers to the decision on top, or to the phase's own decision;
#: ``do(state, action)``: carry out a legal action (no checks) by the step that answers it.
legal, do = entry_points(STEPS, PHASE_STEPS)
#: ``offers(state, action)``: whether the decision pending offers ``action`` (``apply``'s
#: check of a long list).
offers = offers_point(STEPS)


def advance(state) -> None:
    """Run every step that needs no decision, until a real choice (or the end) is reached.
    The choice's actions, most of them listed anyway to find out whether a choice exists, are
    kept as the state's legal list: a search asks for it next."""
    while True:
        frames = state.frames
        if frames:
            top = frames[-1]
            kind = type(top)
            run = AUTOMATIC.get(kind)
            if run is not None:
                frames.pop()
                run(state, top)
                continue
            if kind is Pay:
                acts = settle_payment(state, top)  # the cubes with no choice taken at once
                if acts is None:  # all paid: the purchase happened
                    continue
                if len(acts) == 1:  # a unit wood or stone may pay, or a logged payment: by the cube
                    pay_do(state, frames[-1], acts[0])
                    continue
                state._legal = acts
                return
            if kind is TransportStart or kind is Trails:
                acts = legal(state)
                if len(acts) == 1:  # only "done" is left
                    do(state, acts[0])
                    continue
                state._legal = acts
                return
            # A cell to choose, goods to keep, a type to name: listed now, as every decision
            # is, so the first question after a move finds its list made.
            state._legal = legal(state)
            return
        phase = state.phase
        if phase == CONSTRUCTION:
            acts = turn_actions(state, state.turn)
            if len(acts) == 1:
                turn_do(state, None, A_PASS)  # nothing is affordable: passing is the only choice
                continue
            state._legal = acts
            return
        if phase == TRANSPORT or phase == FINAL:
            acts = stage_legal(state, None)
            if len(acts) == 1:  # only "done": nothing to move or process
                if state._events is not None:
                    log_forced_stage_end(state, state.order[state.stage_index])
                stage_do(state, None, A_DONE)
                continue
            state._legal = acts
            return
        return
