"""Using a novelty: the festival cards a seat discards for an effect on its own turn
(HV-NOV-2..12).
"""

from __future__ import annotations

from .actions import Action
from .cards import spend_novelty
from .content import FESTIVAL, Gain
from .supply import gain


def use_novelty(state, seat: int, frame, action: Action) -> None:
    """Discard the novelty ``action`` names and apply its effect; ``frame`` is the decision
    on top, which some novelties change (a bonus seed to plant, the Soil Mix for this visit)."""
    card = FESTIVAL[action.a]
    use = card.use
    spend_novelty(state, seat, use)
    if use == "plant":  # HV-NOV-7: a seed of any type, which may be planted with this action
        state.seeds[seat][action.b - 1] += 1
        state.frames[-1] = frame._replace(bonus_crop=action.b - 1)
    elif use == "harvest":  # HV-NOV-8
        gain(state, seat, Gain(water=2, points=4), card.name)
    elif use == "tp":  # HV-NOV-9
        gain(state, seat, Gain(fertilizer=2, fill=True), card.name)
    elif use == "gs":  # HV-NOV-10
        gain(state, seat, Gain(seeds=(1, 0, 1, 0)), card.name)
    elif use == "workshop":  # HV-NOV-11: fertilizer pays for the rest of this visit
        state.frames[-1] = frame._replace(soil_mix=1)
    elif use == "basket":  # HV-NOV-12: the basket comes back at the end of the turn
        state.basket_back[seat] = 1
        state.frames.pop()
