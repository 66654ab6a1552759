"""The Fall Festival: the card market (P1-P3 and the deck), buying, shifting and refilling,
novelties and the Festival spaces (HV-FFC, HV-FFB, HV-NOV).

A part of :class:`~.state.HarvestState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    Action,
)
from .constants import (
    FF1,
    FF2,
    NOV,
)
from .content import FESTIVAL, Gain


class FestivalRules:
    """The Fall Festival."""

    def _draw_card(self) -> int:
        if not self.fdeck and self.fdiscard:  # HV-FFC-7
            self.fdeck, self.fdiscard = self.fdiscard, []
            self.rng.shuffle(self.fdeck)
            self._flag = True
        return self.fdeck.pop() if self.fdeck else -1

    def p3(self) -> int:
        return self.fdeck[-1] if self.fdeck else -1

    def _shift(self) -> None:
        """HV-FFC-6: slide shown cards toward P1 and fill from the deck."""
        shown = [c for c in (self.p2, self.p1) if c >= 0]
        self.p1 = shown.pop() if shown else self._draw_card()
        self.p2 = shown.pop() if shown else self._draw_card()
        self._flag = True

    def card_price(self, s: int, pos: int) -> int:
        return 0 if self.ab(s) == "francie" else R.CARD_COSTS[pos]  # HV-FRA-1

    def _card_at(self, pos: int) -> int:
        return self.p3() if pos == 3 else (self.p2 if pos == 2 else self.p1)

    def _take_card(self, s: int, pos: int, free: bool = False) -> None:
        if pos == 3:
            cid = self.fdeck.pop()
            if not self.fdeck and self.fdiscard:
                self.fdeck, self.fdiscard = self.fdiscard, []
                self.rng.shuffle(self.fdeck)
            self._flag = True
        elif pos == 2:
            cid, self.p2 = self.p2, -1
        else:
            cid, self.p1 = self.p1, -1
        if not free:
            self.coins[s] -= self.card_price(s, pos)
        self.cards[s].append(cid)
        self.fresh[s].append(cid)

    def usable(self, s: int, use: str) -> bool:
        """HV-NOV-2/3: a novelty held since before this turn."""
        cid = NOV.get(use, -1)
        return cid >= 0 and self.cards[s].count(cid) > self.fresh[s].count(cid)

    def _spend_novelty(self, s: int, use: str) -> None:
        cid = NOV[use]
        self.cards[s].remove(cid)
        self.fdiscard.append(cid)

    def _run_ffres_if_ready(self) -> None:
        """Resolve the Festival space once the Hand-Woven Basket question is settled."""
        if self.frames and self.frames[-1][0] == "basket":
            f = self.frames[-1]
            if self.usable(f[1], "basket"):
                return
            self.frames.pop()
        f = self.frames.pop()
        s, sp = f[1], f[2]
        if sp == FF1:  # HV-FFB-3
            self.coins[s] += R.FF1_COINS
            self.frames.append(["buy", s, 0, 0])
        elif sp == FF2:  # HV-FFB-4
            self._harvest(s)
        else:
            self.frames.append(["ff3", s])

    def _use(self, s: int, f: list, a: Action) -> None:
        use = FESTIVAL[a.a].use
        self._spend_novelty(s, use)
        if use == "plant":  # HV-NOV-7
            self.seeds[s][a.b - 1] += 1
            f[3] = a.b - 1
        elif use == "harvest":  # HV-NOV-8
            self._gain(s, Gain(water=2, points=4), FESTIVAL[a.a].name)
        elif use == "tp":  # HV-NOV-9
            self._gain(s, Gain(fertilizer=2, fill=True), FESTIVAL[a.a].name)
        elif use == "gs":  # HV-NOV-10
            self._gain(s, Gain(seeds=(1, 0, 1, 0)), FESTIVAL[a.a].name)
        elif use == "workshop":  # HV-NOV-11
            f[10] = 1
        elif use == "basket":  # HV-NOV-12
            self.basket_back[s] = 1
            self.frames.pop()
            self._run_ffres_if_ready()
