"""The actions a revealed card allows (build, Tower, Silo, market, restore), harvest costs, card
effects, Equipment and what runs by itself in public (FG-BLD, FG-WT-1, FG-SILO-1, FG-MKT,
FG-RST, FG-HRV, FG-EFX, FG-EQ).

A part of :class:`~.state.FieldsState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    INSTALL,
    MARKET,
    RESTORE,
    SILO,
    TOWER,
    Action,
    cell_name,
    xy,
)
from .constants import (
    CATS,
    EQ_BONUS,
    EQ_CUT,
    EQ_FITS,
    EQ_INSTALL,
    SILO_ID,
    TOWER_ID,
)
from .content import CARDS, EQUIPMENT
from .events import source
from .rules_farm import _path_dist


class ActionRules:
    """The actions a revealed card allows."""

    def harvest_cost(self, seat: int, p: int) -> tuple[int, int, int]:
        """(coins, water, food) after Equipment cuts (never below 0)."""
        card = CARDS[self.pcard[seat][p]]
        c, w, f = card.harvest_cost
        if card.food_per_copy:  # FG-EFX-3 (Rabbits): one Food per face-up copy
            f = sum(1 for q, cid in enumerate(self.pcard[seat]) if cid == card.id and not self.pdown[seat][q])
        for e in self.peq[seat][p]:
            cc, cw, cf = EQ_CUT[e]
            c, w, f = max(0, c - cc), max(0, w - cw), max(0, f - cf)
        return c, w, f

    def can_pay_harvest(self, seat: int, p: int) -> bool:
        c, w, f = self.harvest_cost(seat, p)
        if self.coins[seat] < c or self.food[seat] < f:
            return False
        return w == 0 or self.water_in_range(seat, self.pcell[seat][p]) >= w

    def _fits(self, seat: int, k: int) -> list[int]:
        """FG-EQ-3/4: face-up cards of the right category with room for a new kind of tile."""
        fits = EQ_FITS[k]
        out = []
        for p, cid in enumerate(self.pcard[seat]):
            if self.pdown[seat][p] or fits not in CATS[cid]:
                continue
            eq = self.peq[seat][p]
            if len(eq) < R.EQUIPMENT_PER_CARD and k not in eq:
                out.append(p)
        return out

    def _install_actions(self, seat: int) -> list[Action]:
        """FG-EQ-6: stored tiles may be installed at the start of an own action or harvest."""
        if not R.STORED_EQUIPMENT_INSTALL_LATER:
            return []
        out = []
        for k in sorted(set(self.stored[seat])):
            out.extend(Action(INSTALL, k, self.pcell[seat][p]) for p in self._fits(seat, k))
        return out

    def _act_actions(self, seat: int, card: int) -> list[Action]:
        """FG-ACT-7: the five actions, each offered only when legal now (FG-ACT-6)."""
        out = []
        front = self.frontier(seat)
        coins, water, food = CARDS[card].cost
        if self.coins[seat] >= coins and self.food[seat] >= food:  # FG-BLD-4..7
            if water:
                avail = self._frontier_water(seat, front)
                out.extend(Action(BUILD, f) for f in front if avail[f] >= water)
            else:
                out.extend(Action(BUILD, f) for f in front)
        if self.towers_left > 0 and self.coins[seat] >= R.TOWER_PRICE:  # FG-WT-2
            out.extend(Action(TOWER, f) for f in front)
        if self.silos_left > 0:  # FG-SILO-2
            out.extend(Action(SILO, f) for f in front)
        out.extend(Action(MARKET, k) for k in range(min(R.MARKET_MAX_SELL, self.food[seat]) + 1))
        if self.coins[seat] >= R.RESTORE_PRICE:  # FG-RST-2
            out.extend(Action(RESTORE, self.pcell[seat][p]) for p in range(len(self.pcard[seat]))
                       if self.pdown[seat][p])
        return out

    def _fill_targets(self, seat: int, src_cell: int, rng_: int) -> list[int]:
        """Towers with room within ``rng_`` steps of the card at ``src_cell`` (FG-EFX-10)."""
        out = []
        for p in self.towers(seat):
            if self.pwater[seat][p] >= self.tower_capacity(seat, p):
                continue
            if R.WATER_DISTANCE_ALONG_CARDS:
                d = _path_dist(self.cells[seat], src_cell, self.pcell[seat][p], rng_)
            else:
                (ax, ay), (bx, by) = xy(src_cell), xy(self.pcell[seat][p])
                d = abs(ax - bx) + abs(ay - by)
            if d is not None and d <= rng_:
                out.append(p)
        return out

    def _do_act(self, seat: int, card: int, action: Action) -> None:
        k = action.kind
        log = self._events
        if k == BUILD:  # FG-BLD
            coins, water, food = CARDS[card].cost
            self.coins[seat] -= coins
            self.food[seat] -= food
            p = self._place(seat, card, action.a)
            if log is not None:
                log.add("build", seat, {"card": CARDS[card].name, "cell": cell_name(action.a),
                                        "coins": coins, "food": food, "water": water})
            self.frames.append(("effects", seat, p, "immediate"))  # FG-BLD-8
            if water:
                self.frames.append(("pay", seat, action.a, water))
            return
        self.discard.append(card)  # FG-ACT-9
        if k == TOWER:  # FG-WT-1
            self.coins[seat] -= R.TOWER_PRICE
            self.towers_left -= 1
            p = self._place(seat, TOWER_ID, action.a)
            self.pwater[seat][p] = R.START_TOWER_WATER
        elif k == SILO:  # FG-SILO-1
            self.silos_left -= 1
            self._place(seat, SILO_ID, action.a)
        elif k == MARKET:  # FG-MKT-1
            self.coins[seat] += R.MARKET_COINS + R.MARKET_FOOD_PRICE * action.a
            self.food[seat] -= action.a
        elif k == RESTORE:  # FG-RST-1/3
            self.coins[seat] -= R.RESTORE_PRICE
            p = self.cells[seat][action.a]
            self.pdown[seat][p] = False
            if R.RESTORE_RETRIGGERS_IMMEDIATE:
                self.frames.append(("effects", seat, p, "immediate"))
        if log is not None:
            where = cell_name(action.a)
            if k == TOWER:
                log.add("tower", seat, {"cell": where, "coins": R.TOWER_PRICE})
            elif k == SILO:
                log.add("silo", seat, {"cell": where})
            elif k == MARKET:
                log.add("market", seat, {"food": action.a,
                                         "coins": R.MARKET_COINS + R.MARKET_FOOD_PRICE * action.a})
            elif k == RESTORE:
                log.add("restore", seat, {"card": CARDS[self.pcard[seat][self.cells[seat][action.a]]].name,
                                          "cell": where, "coins": R.RESTORE_PRICE})
            log.add("discard", seat, {"card": CARDS[card].name})

    def _place(self, seat: int, card: int, cell: int) -> int:
        p = len(self.pcard[seat])
        self.pcard[seat].append(card)
        self.pcell[seat].append(cell)
        self.pdown[seat].append(False)
        self.pwater[seat].append(0)
        self.peq[seat].append(())
        self.cells[seat][cell] = p
        self._front[seat] = None
        return p

    def _install(self, seat: int, p: int, k: int) -> None:
        """FG-EQ-2/5/7: install for free; one-off effects happen now."""
        self.peq[seat][p] = self.peq[seat][p] + (k,)
        coins, water, food = EQ_INSTALL[k]
        self.coins[seat] += coins
        if water:
            self._add_water(seat, p, water)
        if food:
            self._gain_food(seat, food)

    def counted_gain(self, seat: int, p: int, e) -> int:
        """What a ``gain_per`` or ``gain_if_none_adjacent`` effect of card ``p`` gives on the farm
        as it is now (FG-EFX-6): per matching card (capped), or a fixed amount when no
        neighbour matches."""
        if e.kind == "gain_per":
            amount = self._count(seat, p, e.scope, e.match)
            if e.max >= 0:
                amount = min(amount, e.max)
            return amount * e.per
        return 0 if self._count(seat, p, "adjacent", e.match) else e.amount

    def _run_effects(self, seat: int, p: int, when: str) -> None:
        """Apply a card's Immediate or Harvest effects (FG-EFX); choices become frames."""
        card = CARDS[self.pcard[seat][p]]
        later: list[tuple] = []
        cell = self.pcell[seat][p]
        log = self._events
        if log is not None:
            before = (self.coins[seat], self.food[seat], self.vp[seat])
        for e in card.effects:
            if e.when != when:
                continue
            kind = e.kind
            if kind == "gain":
                self.coins[seat] += e.coins
                self.vp[seat] += e.vp
                if e.food:
                    self._gain_food(seat, e.food)
                later.extend(("gain_eq", seat) for _ in range(e.equipment))
            elif kind == "gain_per" or kind == "gain_if_none_adjacent":
                amount = self.counted_gain(seat, p, e)
                if e.resource == "coins":
                    self.coins[seat] += amount
                elif e.resource == "food":
                    self._gain_food(seat, amount)
                else:
                    self.vp[seat] += amount
            elif kind == "refill_tower":
                later.append(("fill", seat, cell, e.range, 0))
            elif kind == "add_water":
                later.append(("fill", seat, cell, e.range, e.amount))
            elif kind == "sell_food":
                later.append(("sell", seat, e.max, e.price))
        if log is not None:
            self._log_gain("effect", seat, before, {"card": card.name, "when": when,
                                                    "equipment": sum(1 for x in later if x[0] == "gain_eq")},
                           source(card.name, when))
        if when == "harvest":
            for k in self.peq[seat][p]:  # FG-EFX-12: yield bonuses of installed tiles
                if log is not None:
                    before = (self.coins[seat], self.food[seat], self.vp[seat])
                bc, bf, bv = EQ_BONUS[k]
                self.coins[seat] += bc
                self.vp[seat] += bv
                if bf:
                    self._gain_food(seat, bf)
                if log is not None and (bc or bf or bv):
                    name = EQUIPMENT[k].name
                    self._log_gain("bonus", seat, before, {"tile": name, "card": card.name},
                                   source(f"{name} on {card.name}", "harvest"))
        self.frames.extend(reversed(later))

    def _log_gain(self, kind: str, seat: int, before: tuple[int, int, int], fields: dict, src: str) -> None:
        """An ``effect`` or ``bonus`` event: the coins, food and VP tokens it really gave."""
        coins, food, vp = before
        self._events.add(kind, seat, {**fields, "coins": self.coins[seat] - coins,
                                      "food": self.food[seat] - food, "points": self.vp[seat] - vp,
                                      "source": src})

    def _gain_equipment(self, seat: int) -> None:
        """FG-EQ-1: draw up to 3; nothing when the stack is empty (FG-EFX-11)."""
        n = min(R.EQUIPMENT_DRAW, len(self.eq_stack))
        if n == 0:
            return
        drawn, known = [], []
        for _ in range(n):  # top first; ``known``: the seats that knew each tile
            drawn.append(self.eq_stack.pop())
            known.append(self.eq_known.pop())
        self.frames.append(("equip", seat, tuple(drawn), tuple(known)))
        self._revealed_flag = True
        if self._events is not None:  # FG-HID-6: only the drawer sees the tiles
            public = {"count": n}
            self._events.add("equipment", seat, {**public, "tiles": [EQUIPMENT[k].name for k in drawn]},
                             seen_by=frozenset((seat,)), public=public)

    def _forced_in_public(self, top: tuple) -> bool:
        """Whether a one-choice decision may run by itself without telling the other seats
        something hidden (FG-HID-2, FG-HID-6). A hand of several cards of one design, or an
        offer of several tiles of one kind, leaves one legal action, but skipping the question
        would show everyone what the hand or the offer holds; only a one-card hand (turn 6,
        FG-EDGE-16) or a one-tile offer is forced without asking."""
        if top[0] == "commit":
            return len(self.hands[top[1]]) == 1
        if top[0] == "equip":
            return len(top[2]) == 1
        return True
