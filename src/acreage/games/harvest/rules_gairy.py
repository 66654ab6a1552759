"""Mayor Gairy in solo and 2-player games: his tiles and where his pieces go (HV-GAI).

A part of :class:`~.state.HarvestState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .constants import (
    FF1,
    FF2,
    FF3,
)
from .content import FESTIVAL, SPACES


class GairyRules:
    """Mayor Gairy in solo and 2-player games."""

    def _gairy_turn(self) -> None:
        for _ in range(R.GAIRY_TILES_PER_TURN[self.num_players]):
            reshuffled = False
            while True:  # HV-GAI-7/8: replace until every tile of the deck and its reshuffle was tried
                if not self.g_deck:
                    if reshuffled or not self.g_drawn:
                        break
                    self.g_deck, self.g_drawn = self.g_drawn, []
                    self.rng.shuffle(self.g_deck)
                    reshuffled = True
                area = self.g_deck.pop()
                self.g_drawn.append(area)
                self._flag = True
                if self._events is None:
                    if self._gairy_place(area):
                        break
                    continue
                shown = (self.p1, self.p2, self.p3(), len(self.fdiscard))
                occ = [len(o) for o in self.occ]
                placed = self._gairy_place(area)
                where = next((SPACES[i].name for i, o in enumerate(self.occ) if len(o) != occ[i]), None)
                gone = self.fdiscard[shown[3]:] if placed and area == "festival" else []
                self._events.add("gairy", None, {"area": area, "where": where,
                                                 "discarded": FESTIVAL[gone[0]].name if gone else None})
                if placed:
                    break

    def _gairy_place(self, area: str) -> bool:
        if area == "festival":
            if self.g_bk <= 0:
                return False
            sp = next(x for x in (FF1, FF2, FF3) if SPACES[x].infinite or not self.occ[x])
            self.occ[sp].append(-1)
            self.g_bk -= 1
            for pos in (1, 2, 3):  # HV-GAI-6: discard the lowest-cost card
                if pos == 3 and self.fdeck:
                    self.fdiscard.append(self.fdeck.pop())
                    break
                if pos == 2 and self.p2 >= 0:
                    self.fdiscard.append(self.p2)
                    self.p2 = -1
                    break
                if pos == 1 and self.p1 >= 0:
                    self.fdiscard.append(self.p1)
                    self.p1 = -1
                    break
            self._shift()
            return True
        if self.g_wb <= 0:
            return False
        opts = [sp for sp in SPACES if sp.area == area and not sp.infinite and not self.occ[sp.id]]
        if not opts:
            return False
        best = opts[0] if area == "market" else max(opts, key=lambda sp: sp.actions)  # HV-GAI-5
        self.occ[best.id].append(-1)
        self.g_wb -= 1
        return True
