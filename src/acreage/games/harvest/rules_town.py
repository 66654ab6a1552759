"""The Town Board's actions and their costs: gains, payments with Soil Mix, seed prices, the
Workshop's buildings and blocks, the Trading Post's fee, visit menus, placements, the Fields'
harvest and the Farmer's Market tiles (HV-GS, HV-FLD, HV-WS, HV-TP, HV-FM, HV-FNM).

A part of :class:`~.state.HarvestState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CARD,
    CLEAR,
    FERT,
    FILL,
    HARVEST,
    NCELLS,
    NSPACES,
    PLACE,
    PLANT,
    TEND,
    UPGRADE,
    Action,
)
from .constants import (
    AREA_MENU,
    BLDG,
    BLUE,
    CROP0,
    EMPTY,
    FLD,
    FOREST,
    GS,
    PUMPKIN,
    SEED0,
    STRAW,
    WHEAT,
    WS,
)
from .content import BUILDINGS, CROPS, FESTIVAL, SPACES, Gain
from .content import MARKET as MARKET_TILES
from .events import SEED_NAMES


class TownRules:
    """The Town Board's actions and their costs."""

    def _gain(self, s: int, g: Gain, why: str) -> None:
        """Apply ``g``; with a log, also tell what it really gave (caps can take some away) and
        ``why`` (every gain names its source, so the log can say where each point came from)."""
        log = self._events
        if log is not None:
            before = (self.coins[s], self.water[s], self.cap[s], self.fert[s], self.seeds[s][:],
                      self.score[s])
        self.coins[s] += g.coins
        for _ in range(g.upgrade):
            self.cap[s] = min(R.MAX_CAPACITY, self.cap[s] + 1)
        self.water[s] = self.cap[s] if g.fill else min(self.cap[s], self.water[s] + g.water)
        self.fert[s] = min(R.MAX_FERTILIZER, self.fert[s] + g.fertilizer)
        self.score[s] += g.points
        for k in range(4):
            self.seeds[s][k] += g.seeds[k]
        if g.p1_card and self.ff and self.p1 >= 0:  # HV-SUN-5 #11
            if log is not None:
                log.add("card", s, {"card": FESTIVAL[self.p1].name, "position": 1, "coins": 0})
            self._take_card(s, 1, free=True)
            self._shift()
        if log is not None:
            coins, water, cap, fert, seeds, score = before
            event = {"why": why, "coins": self.coins[s] - coins, "water": self.water[s] - water,
                     "capacity": self.cap[s] - cap, "fertilizer": self.fert[s] - fert,
                     "seeds": {SEED_NAMES[k]: self.seeds[s][k] - seeds[k] for k in range(4)
                               if self.seeds[s][k] != seeds[k]},
                     "points": self.score[s] - score, "source": why}
            if any(v for k, v in event.items() if k not in ("why", "source")):
                log.add("gain", s, event)

    def _pay_ok(self, s: int, f: list, cost: int, ws: bool = False) -> bool:
        if cost <= 0 or (f[0] == "visit" and f[6]):
            return True
        extra = self.fert[s] * R.SOIL_MIX_COINS if ws and f[0] == "visit" and f[10] else 0
        return self.coins[s] + extra >= cost

    def _pay(self, s: int, f: list, cost: int, ws: bool = False) -> None:
        if cost <= 0 or (f[0] == "visit" and f[6]):  # HV-FNM-2
            return
        if self._events is not None:
            coins, fert = self.coins[s], self.fert[s]
            self._pay_now(s, cost)
            self._events.add("pay", s, {"coins": coins - self.coins[s], "fertilizer": fert - self.fert[s]})
            return
        self._pay_now(s, cost)

    def _pay_now(self, s: int, cost: int) -> None:
        if self.coins[s] >= cost:
            self.coins[s] -= cost
            return
        rest = cost - self.coins[s]  # HV-NOV-11: fertilizer only for the rest, no change
        self.coins[s] = 0
        self.fert[s] -= -(-rest // R.SOIL_MIX_COINS)

    def seed_price(self, s: int, crop: int, k: int) -> int:
        p = CROPS[crop].price(k)
        if crop == PUMPKIN and self.ab(s) == "pumpkin_patcher":
            p = max(0, p - k)
        return p

    def build_cost(self, s: int, slot: int, disc: int) -> int:
        c = R.ROW_COSTS[slot // R.SLOTS_PER_ROW] - disc - (2 if self.ab(s) == "architect" else 0)
        return max(0, c)

    def blocks(self, s: int) -> list[int]:
        """HV-WS-5: top-left cells of 2×2 blocks free of forest and buildings."""
        fm = self.farm[s]
        out = []
        for r in range(R.ROWS - 1):
            for c in range(R.COLS - 1):
                i = r * R.COLS + c
                if all(fm[j] not in (FOREST, BLDG) for j in (i, i + 1, i + R.COLS, i + R.COLS + 1)):
                    out.append(i)
        return out

    def tp_costs(self, s: int) -> tuple[int, int, int]:
        if self.ab(s) == "trader":
            return R.TRADER_PAY
        return (R.TP_PAY_SEEDS, R.TP_PAY_FERTILIZER, R.TP_PAY_WATER)

    def _menu(self, s: int, f: list) -> list[Action]:
        # f = ["visit", s, space, menus, left, ws_used, finn, ignore_ne, tp, paid, soil, area, disc, only]
        out: list[Action] = []
        menus, only = f[3], f[13]
        if menus & GS:
            out.append(Action(FERT))
            free_fill = self.ab(s) == "water_witch" and not self.used[s] & 4
            if self.water[s] < self.cap[s] and (free_fill or self._pay_ok(s, f, R.FILL_COST)):
                out.append(Action(FILL))
            for crop in range(4):
                for k in range(1, R.MAX_BUY + 1):
                    if self._pay_ok(s, f, self.seed_price(s, crop, k)):
                        out.append(Action(BUY, crop, k))
        if menus & FLD:
            empty = self.cells_of(s, EMPTY)
            for crop in range(4):
                if self.seeds[s][crop] and self.fert[s] >= CROPS[crop].plant_fertilizer:
                    out += [Action(PLANT, crop, c) for c in empty]
            for crop in range(4):
                cost = CROPS[crop].tend_water - (1 if self.owns(s, "tend_discount") else 0)
                if self.water[s] >= max(0, cost):
                    out += [Action(TEND, crop, c) for c in self.cells_of(s, SEED0 + crop)]
            out.append(Action(HARVEST))
        if menus & WS:
            ne = not f[7]
            if only == 0 and not (ne and f[5] & 1) and self.cap[s] < R.MAX_CAPACITY:
                cost = 0 if self.owns(s, "free_upgrade") else R.UPGRADE_COST
                if self._pay_ok(s, f, cost, True):
                    out.append(Action(UPGRADE))
            if only in (0, 2) and not (ne and f[5] & 2):
                cost = 0 if (self.ab(s) == "lumberjack" or only == 2) else R.CLEAR_COST
                if self._pay_ok(s, f, cost, True):
                    out += [Action(CLEAR, c) for c in self.cells_of(s, FOREST)]
            if only in (0, 1) and not (ne and f[5] & 4):
                blocks = self.blocks(s)
                for slot, b in enumerate(self.ws):
                    if b >= 0 and self._pay_ok(s, f, self.build_cost(s, slot, f[12]), True):
                        out += [Action(BUILD, b, c) for c in blocks]
        return out

    def _card_choices(self, s: int) -> list[Action]:
        out = []
        for pos in (1, 2, 3):
            if self._card_at(pos) >= 0 and self.coins[s] >= self.card_price(s, pos):
                out.append(Action(CARD, pos))
        return out

    def _placements(self, s: int) -> list[Action]:
        out = []
        pieces = ([0] if self.wb[s] else []) + [p for p in (1, 2) if self.mice[s] & p]
        for sp in SPACES:
            if sp.area == "festival":
                if self.basket[s] and (sp.infinite or not self.occ[sp.id]):
                    out.append(Action(PLACE, sp.id))
                continue
            if not pieces:
                continue
            open_ = sp.infinite or not self.occ[sp.id]
            if not open_:  # HV-CHR-4
                open_ = ((sp.name == "TP-2" and self.ab(s) == "trader" and not self.used[s] & 1)
                         or (sp.area == "market" and self.ab(s) == "market_regular" and not self.used[s] & 2))
            if open_:
                out += [Action(PLACE, sp.id, p) for p in pieces]
        for b, _ in self.blds[s]:
            if BUILDINGS[b].type == "action" and b not in self.bused[s]:
                out += [Action(PLACE, NSPACES + b, p) for p in pieces]
        return out

    def _visit(self, s: int, menus: int, n: int, finn=0, maisie=0, tp=0, area="", disc=0, only=0, space=-1):
        self.frames.append(["visit", s, space, menus, n, 0, finn, maisie, tp, 0, 0, area, disc, only])

    def _resolve_space(self, s: int, sp_id: int, piece: int) -> None:
        sp = SPACES[sp_id]
        finn, maisie = int(piece == 1), int(piece == 2)
        if sp.area == "market":
            st = self.mstacks[sp.id - next(x.id for x in SPACES if x.area == "market")]
            if st:
                self.frames.append(["market", s, st[-1], finn])
            return
        n = sp.actions + maisie  # HV-FNM-3
        if sp.area == "tp":
            self._visit(s, GS | FLD | WS, n, finn, maisie, 1, "tp", space=sp_id)
        else:
            self._visit(s, AREA_MENU[sp.area], n, finn, maisie, 0, sp.area, space=sp_id)

    def _use_piece(self, s: int, piece: int) -> None:
        if piece:
            self.mice[s] &= ~piece
        else:
            self.wb[s] -= 1

    def _harvest(self, s: int) -> None:
        """HV-FLD-5..9 (+ HV-FFC-2 purchase)."""
        if self._events is not None:
            self._log_harvest(s)
            return
        self._do_harvest(s)

    def _log_harvest(self, s: int) -> None:
        """Harvest, and tell the crops taken and the points by crop and by bonus."""
        crops = [self.farm[s][i] - CROP0 for i in range(NCELLS) if self.farm[s][i] >= CROP0]
        log = self._events
        assert log is not None
        before = (self.score[s], self.coins[s], len(log))
        self._do_harvest(s)
        counts = {CROPS[c].name: crops.count(c) for c in sorted(set(crops))}
        event_points = self.score[s] - before[0]
        log.add("harvest", s, {"crops": counts, "points": event_points, "coins": self.coins[s] - before[1]})
        ch = self.ab(s)
        for c in sorted(set(crops)):
            cr = CROPS[c]
            n = crops.count(c)
            pts = cr.harvest_points
            if c == PUMPKIN:
                pts += (ch == "pumpkin_patcher") + sum(b.value for b in self.owns(s, "pumpkin_bonus"))
            if pts:
                log.add("points", s, {"points": pts * n, "source": f"{cr.name} harvested"})
        if set(crops) & {STRAW, BLUE}:
            bonus = sum(b.value for b in self.owns(s, "berry_bonus"))
            if bonus:
                log.add("points", s, {"points": bonus, "source": "berry bonus buildings"})

    def _do_harvest(self, s: int) -> None:
        fm = self.farm[s]
        kinds = set()
        ch = self.ab(s)
        for i, v in enumerate(fm):
            if v >= CROP0:
                crop = v - CROP0
                kinds.add(crop)
                cr = CROPS[crop]
                pts = cr.harvest_points
                if crop == PUMPKIN:
                    pts += (ch == "pumpkin_patcher") + sum(b.value for b in self.owns(s, "pumpkin_bonus"))
                if crop == BLUE and ch == "berry_keeper":
                    self.coins[s] += 1
                if crop == WHEAT:
                    self.coins[s] += sum(b.value for b in self.owns(s, "wheat_coin"))
                self.score[s] += pts
                self._gain(s, Gain(fertilizer=cr.harvest_fertilizer), f"{cr.name} harvested")
                fm[i] = SEED0 + crop if cr.stays else EMPTY
        self.coins[s] += len(kinds)
        if kinds & {STRAW, BLUE}:
            self.score[s] += sum(b.value for b in self.owns(s, "berry_bonus"))
        if self.ff:
            self.frames.append(["buy", s, 1, 0])

    def _market(self, s: int, f: list, a: Action) -> None:
        t = MARKET_TILES[f[2]]
        cc = 0
        if not f[3]:
            cc = max(0, t.cost_coins - (1 if self.ab(s) == "market_regular" else 0)
                     - sum(b.value for b in self.owns(s, "market_discount")))
            self.coins[s] -= cc
        if self._events is not None:
            self._events.add("market", s, {"tile": t.number, "coins": cc})
        self.fert[s] -= t.cost_fertilizer
        self.water[s] -= t.cost_water
        if a.a:
            self.seeds[s][a.a - 1] -= t.cost_seed
        e = t.effect
        if e == "gain":
            self._gain(s, t.gain, f"Market tile {t.number}")
        elif e == "plant_pumpkin":
            self.seeds[s][PUMPKIN] += 1
            self.frames.append(["plant", s, -1, PUMPKIN])
        elif e == "fields":
            self._visit(s, FLD, 1, f[3])
        elif e == "workshop":
            self._visit(s, WS, 1, f[3], area="workshop")
        elif e == "upgrade_fill":
            self._gain(s, Gain(upgrade=1, fill=True), f"Market tile {t.number}")
        elif e == "clear_free":
            self._visit(s, WS, 1, 1, only=2)
        elif e == "build_discount":
            self._visit(s, WS, 1, f[3], disc=t.value, only=1)
        elif e == "coin_per_crop":
            self.coins[s] += len({v - CROP0 for v in self.farm[s] if v >= CROP0})
        elif e == "harvest":
            self._harvest(s)
