"""The Fall Festival on a turn: the Festival spaces and their rewards (HV-FFB), buying a
festival card (HV-FFC-2), FF-3's card or coins, and the Hand-Woven Basket's question.
"""

from __future__ import annotations

from . import rulings as R
from .actions import CARD, COIN, DONE, USE, Action, made
from .cards import take_card
from .constants import FF1, FF2, NOV
from .fields import harvest
from .frames import Basket, BuyCard, CardOrCoin, FestivalSpace
from .novelties import use_novelty
from .queries import card_at, card_price, novelty_usable


def card_choices(state, seat: int) -> list[Action]:
    """The festival cards the seat can pay for, by position (P1, P2, P3)."""
    out = []
    for pos in (1, 2, 3):
        if card_at(state, pos) >= 0 and state.coins[seat] >= card_price(state, seat, pos):
            out.append(made(CARD, pos))
    return out


# ---------------------------------------------------------------- the basket's question
def basket_legal(state, frame: Basket) -> list[Action]:
    out = [made(USE, NOV["basket"])] if novelty_usable(state, frame.seat, "basket") else []
    return out + [made(DONE)]


def basket_do(state, frame: Basket, action: Action) -> None:
    if action.kind == USE:
        use_novelty(state, frame.seat, frame, action)
    else:
        state.frames.pop()


def festival_space(state, frame: FestivalSpace) -> None:
    """Automatic, once the basket question is settled: the Festival space's reward."""
    s, space = frame.seat, frame.space
    if space == FF1:  # HV-FFB-3
        state.coins[s] += R.FF1_COINS
        state.frames.append(BuyCard(s, 0, 0))
    elif space == FF2:  # HV-FFB-4
        harvest(state, s)
    else:  # HV-FFB-5
        state.frames.append(CardOrCoin(s))


# ---------------------------------------------------------------- buying a card (HV-FFC-2)
def buy_legal(state, frame: BuyCard) -> list[Action]:
    """One card (HV-FRA-2: one per chance), the Harvest Garland after a harvest (HV-NOV-8),
    or done."""
    out = [] if frame.bought else card_choices(state, frame.seat)
    if frame.after_harvest and novelty_usable(state, frame.seat, "harvest"):
        out.append(made(USE, NOV["harvest"]))
    return out + [made(DONE)]


def buy_do(state, frame: BuyCard, action: Action) -> None:
    k = action.kind
    if k == DONE:
        state.frames.pop()
    elif k == USE:
        use_novelty(state, frame.seat, frame, action)
    else:  # CARD
        take_card(state, frame.seat, action.a)
        state.frames[-1] = frame._replace(bought=1)


def card_or_coin_legal(state, frame: CardOrCoin) -> list[Action]:
    return card_choices(state, frame.seat) + [made(COIN)]


def card_or_coin_do(state, frame: CardOrCoin, action: Action) -> None:
    if action.kind == CARD:
        take_card(state, frame.seat, action.a)
    else:
        state.coins[frame.seat] += R.FF3_COINS
    state.frames.pop()
