"""The round's structure: setup's start supply and reveal, Sunrise (the display, swaps in turn
order, income), the Action phase's turn order, Sunset and the end of the game's rounds (HV-SET,
HV-SUN, HV-ACT, HV-SS, HV-RND).

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
from .content import BUILDINGS, CHARACTERS, FARMHOUSES, GAIRY, SPACES
from .content import SUNRISE as SUNRISE_TILES


class RoundRules:
    """The round's structure."""

    def _log_reveal(self) -> None:
        if self._events is not None:
            self._events.add("reveal", None, {
                "characters": [CHARACTERS[c].name for c in self.char],
                "farmhouses": [FARMHOUSES[h].name for h in self.house],
            })

    def _start_supply(self) -> None:
        """HV-CHR-3: character start effects after HV-SET-7."""
        for s in range(self.num_players):
            ch = CHARACTERS[self.char[s]]
            self._gain(s, ch.start, f"{ch.name}, start")
            if ch.capacity:
                self.cap[s] = self.water[s] = ch.capacity

    def _begin_sunrise(self) -> None:
        """HV-SUN-1..3: refresh the display, then swaps in turn order (Early Riser first)."""
        self.sun_stack[:0] = self.display
        self.display = [self.sun_stack.pop() for _ in range(min(R.DISPLAY_SIZE, len(self.sun_stack)))]
        self._flag = True
        if self._events is not None:
            self._events.add("round", None, {"round": self.round, "display": self.display[:]})
        order = self.order()
        early = [s for s in order if self.ab(s) == "early_riser"]  # HV-CHR-5
        order = early + [s for s in order if s not in early]
        self.frames.append(["income"])
        for s in reversed(order):
            self.frames.append(["sunrise", s])

    def _income(self) -> None:
        """HV-SUN-4: tile, farmhouse, character, Sunrise buildings."""
        for s in range(self.num_players):
            self._gain(s, SUNRISE_TILES[self.tile[s] - 1].income, f"Sunrise tile {self.tile[s]}")
            self._gain(s, FARMHOUSES[self.house[s]].sunrise, f"{FARMHOUSES[self.house[s]].name}, Sunrise")
            for b, _ in self.blds[s]:
                if BUILDINGS[b].type == "sunrise":
                    self._gain(s, BUILDINGS[b].income, f"{BUILDINGS[b].name}, Sunrise")
        self._begin_action()

    def _begin_action(self) -> None:
        self.phase = "action"
        n = self.num_players
        for s in range(n):
            fm = self.ab(s) == "finn_maisie"
            self.wb[s] = 0 if fm else R.WHEELBARROWS  # HV-ACT-8, HV-FNM-1
            self.mice[s] = 3 if fm else 0
            self.basket[s] = 1 if self.ff else 0
        if self.gairy:  # HV-GAI-1/3
            self.g_wb = R.GAIRY_WHEELBARROWS[n]
            self.g_bk = R.GAIRY_BASKETS[n] if self.ff else 0
            self.g_deck = [t.area for t in GAIRY if self.ff or not t.expansion for _ in range(t.copies)]
            self.g_drawn = []
            self.rng.shuffle(self.g_deck)
        self.queue = []
        self.cycle_placed = False

    def _next_step(self) -> bool:
        if self.phase == "setup":
            self._start_supply()
            self.phase = "sunrise"
            self._flag = True
            self._begin_sunrise()
            return True
        if self.phase != "action":
            return False
        if self.queue:
            s = self.queue.pop(0)
            if self.pieces_left(s):
                self.frames.append(["endturn", s])
                self.frames.append(["turn", s])
                self.cycle_placed = True
            return True
        if self.cycle_placed and self.gairy:  # HV-GAI-4
            self.cycle_placed = False
            self._gairy_turn()
            return True
        self.cycle_placed = False
        self.queue = [s for s in self.order() if self.pieces_left(s)]
        if not self.queue:  # HV-ACT-1, HV-GAI-9
            self._end_round()
        return True

    def _end_round(self) -> None:
        if self._events is not None:
            self._events.add("sunset", None, {"round": self.round})
        if self.round >= R.ROUNDS:  # HV-RND-1
            self.phase = "over"
            self._final()
            if self._events is not None:
                self._events.add("game_over", None, {"scores": self.scores(), "ranking": self.ranking()})
            return
        # Sunset (HV-SS)
        self.occ = [[] for _ in SPACES]
        for s in range(self.num_players):
            self.placed[s], self.bused[s], self.used[s] = [], [], 0
            self.wb[s] = self.mice[s] = self.basket[s] = 0
        self.g_wb = self.g_bk = 0
        k = R.SLOTS_PER_ROW
        self.ws = [(self.bstack.pop() if self.bstack else -1) for _ in range(k)] + self.ws[: 2 * k]  # HV-SS-2
        for st in self.mstacks:  # HV-SS-3
            if st:
                self.mgone.append(st.pop())
        if self.ff:  # HV-FFS-1
            if self.p1 >= 0:
                self.fdiscard.append(self.p1)
                self.p1 = -1
            self._shift()
        self._flag = True
        self.round += 1
        self.phase = "sunrise"
        self._begin_sunrise()

    def _end_turn(self, s: int) -> None:
        if self.ff and (self.p1 < 0 or self.p2 < 0):  # HV-FFC-4/6
            self._shift()
        if self.basket_back[s]:  # HV-NOV-12
            self.basket_back[s] = 0
            self.basket[s] += 1
            for sp in (FF1, FF2, FF3):
                if s in self.occ[sp]:
                    self.occ[sp].remove(s)
                    break
        self.fresh[s] = []
        self.turn_no += 1
