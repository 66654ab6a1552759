"""Harvest's decision stack in play: the legal answers to the decision on top, and what each
answer does (HV-TURN, with the rules of each kind of decision it calls).

A part of :class:`~.state.HarvestState`: the state inherits these rules; they work on its flat
data (see ``state.py`` for the fields and the frames). ``_generate`` lists the actions that
answer the top frame; ``_do`` carries one out. Both run in search's inner loop, so each is one
flat dispatch on the frame's or the action's kind.
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CARD,
    CLEAR,
    COIN,
    DIE,
    DONE,
    FERT,
    FILL,
    HARVEST,
    KEEPC,
    KEEPH,
    MARKET,
    NSPACES,
    PAY,
    PLACE,
    PLANT,
    REACT,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    Action,
)
from .constants import (
    AREA_MENU,
    BLDG,
    CROP0,
    EMPTY,
    FLD,
    GS,
    NOV,
    SEED0,
    WS,
)
from .content import BUILDINGS, CROPS, FARMHOUSES, SPACES, Gain
from .content import DIE as DIE_FACES
from .content import MARKET as MARKET_TILES


class DecisionRules:
    """Generating and doing the answers to the decision on top of the stack."""

    # ------------------------------------------------------------------ generating
    def _generate(self) -> list[Action]:
        if not self.frames:
            return []
        f = self.frames[-1]
        k, s = f[0], f[1] if len(f) > 1 else -1
        if k == "keepc":
            return [Action(KEEPC, c) for c in sorted(set(self.dealt_c[s]))]
        if k == "keeph":
            return [Action(KEEPH, h) for h in sorted(set(self.dealt_h[s]))]
        if k == "sunrise":
            return [Action(SUNRISE, t) for t in sorted(self.display)]
        if k == "turn":
            return self._placements(s)
        if k == "visit":
            out: list[Action] = []
            if f[8] and not f[9]:  # HV-TP-1: pay before each action
                if f[4] > 0:
                    sd, fe, wa = self.tp_costs(s)
                    out += [Action(PAY, c) for c in range(4) if self.seeds[s][c] >= sd]
                    if self.fert[s] >= fe:
                        out.append(Action(PAY, 4))
                    if self.water[s] >= wa:
                        out.append(Action(PAY, 5))
            elif f[4] > 0:
                out += self._menu(s, f)
            area = f[11]
            if area == "gs" and self.usable(s, "gs"):
                out.append(Action(USE, NOV["gs"]))
            if area == "tp" and self.usable(s, "tp"):
                out.append(Action(USE, NOV["tp"]))
            if area == "workshop" and not f[10] and self.usable(s, "workshop"):
                out.append(Action(USE, NOV["workshop"]))
            out.append(Action(DONE))
            return out
        if k == "plant":  # ["plant", s, crop, bonus]
            out = []
            empty = self.cells_of(s, EMPTY)
            for crop in sorted({f[2], f[3]} - {-1}):
                if self.seeds[s][crop] and self.fert[s] >= CROPS[crop].plant_fertilizer:
                    out += [Action(PLANT, crop, c) for c in empty]
            if f[2] >= 0 and f[3] < 0 and self.usable(s, "plant"):
                out += [Action(USE, NOV["plant"], c + 1) for c in range(4)]
            out.append(Action(DONE))
            return out
        if k == "tend":  # ["tend", s, crop, discount]
            cost = max(0, CROPS[f[2]].tend_water - f[3])
            cells = self.cells_of(s, SEED0 + f[2]) if self.water[s] >= cost else []
            out = [Action(TEND, f[2], c) for c in cells]
            return out + [Action(DONE)]
        if k == "buy":  # ["buy", s, after_harvest, bought]
            out = [] if f[3] else self._card_choices(s)
            if f[2] and self.usable(s, "harvest"):
                out.append(Action(USE, NOV["harvest"]))
            return out + [Action(DONE)]
        if k == "ff3":
            return self._card_choices(s) + [Action(COIN)]
        if k == "basket":
            out = [Action(USE, NOV["basket"])] if self.usable(s, "basket") else []
            return out + [Action(DONE)]
        if k == "die":
            return [Action(DIE, x) for x in sorted({f[2], f[3]})]
        if k == "react":
            return [Action(REACT, sp) for sp in sorted(set(self.placed[s]))] + [Action(DONE)]
        if k == "market":  # ["market", s, tile, finn]
            t = MARKET_TILES[f[2]]
            cc = 0 if f[3] else max(0, t.cost_coins - (1 if self.ab(s) == "market_regular" else 0)
                                    - sum(b.value for b in self.owns(s, "market_discount")))
            ok = self.coins[s] >= cc and self.fert[s] >= t.cost_fertilizer and self.water[s] >= t.cost_water
            out = []
            if ok and t.cost_seed:
                out = [Action(MARKET, c + 1) for c in range(4) if self.seeds[s][c] >= t.cost_seed]
            elif ok:
                out = [Action(MARKET)]
            return out + [Action(DONE)]
        return []


    # ------------------------------------------------------------------ doing
    def _do(self, a: Action) -> None:
        """Carry out a legal action (no checks), by the kind of decision it answers.

        One dispatcher rather than a method per kind: every action passes through here in search's
        inner loop, and the branches are short and independent (each says what its kind does, with
        the rule it follows); the longer rules they call live in the phase modules."""
        f = self.frames[-1]
        k, s = a.kind, f[1]
        if k == KEEPC:
            self.char[s] = a.a
            self.frames.pop()
            return
        if k == KEEPH:
            self.house[s] = a.a
            self.frames.pop()
            if not any(fr[0] in ("keepc", "keeph") for fr in self.frames):
                self._flag = True  # HV-SET-8: revealed together
                self._log_reveal()
            return
        if k == SUNRISE:
            self.display[self.display.index(a.a)] = self.tile[s]
            self.tile[s] = a.a
            if self.ab(s) == "early_riser":
                self.coins[s] += 1
            self.frames.pop()
            return
        if k == PLACE:
            self.frames.pop()
            if a.a >= NSPACES:
                b = BUILDINGS[a.a - NSPACES]
                self._use_piece(s, a.b)
                self.bused[s].append(b.id)
                if b.menu == "press":
                    self.frames.append(["react", s])
                elif b.menu == "tp":
                    self._visit(s, GS | FLD | WS, b.actions + (a.b == 2), int(a.b == 1), int(a.b == 2),
                                1, "tp")
                else:
                    self._visit(s, AREA_MENU[b.menu], b.actions + (a.b == 2),
                                int(a.b == 1), int(a.b == 2), 0, b.menu)
                return
            sp = SPACES[a.a]
            if sp.area == "festival":
                self.basket[s] -= 1
                self.occ[sp.id].append(s)
                self.frames.append(["ffres", s, sp.id])
                self.frames.append(["basket", s])
                self._run_ffres_if_ready()
                return
            if self.occ[sp.id] and not sp.infinite:
                self.used[s] |= 1 if sp.area == "tp" else 2
            self._use_piece(s, a.b)
            self.occ[sp.id].append(s)
            self.placed[s].append(sp.id)
            self._resolve_space(s, sp.id, a.b)
            return
        if k == REACT:
            self.frames.pop()
            self._resolve_space(s, a.a, 0)  # HV-FNM-4: no mouse bonus
            return
        if k == DONE:
            self.frames.pop()
            if f[0] == "basket":
                self._run_ffres_if_ready()
            return
        if k == USE:
            self._use(s, f, a)
            return
        if k == CARD:
            self._take_card(s, a.a)
            if f[0] == "buy":
                f[3] = 1
            else:
                self.frames.pop()
            return
        if k == COIN:
            self.coins[s] += R.FF3_COINS
            self.frames.pop()
            return
        if k == DIE:
            self.frames.pop()
            self._gain(s, DIE_FACES[a.a - 1], "forest die")
            return
        if k == MARKET:
            self.frames.pop()
            self._market(s, f, a)
            return
        if k == PAY:
            sd, fe, wa = self.tp_costs(s)
            if a.a < 4:
                self.seeds[s][a.a] -= sd
            elif a.a == 4:
                self.fert[s] -= fe
            else:
                self.water[s] -= wa
            f[9] = 1
            return
        # a menu action from a visit, or a continued Plant / Tend
        if f[0] == "visit":
            f[4] -= 1
            f[9] = 0
        if k == FERT:
            self._gain(s, Gain(fertilizer=1), "fertilizer action")
        elif k == FILL:
            if self.ab(s) == "water_witch" and not self.used[s] & 4:
                self.used[s] |= 4
            else:
                self._pay(s, f, R.FILL_COST)
            self.water[s] = self.cap[s]
        elif k == BUY:
            self._pay(s, f, self.seed_price(s, a.a, a.b))
            self.seeds[s][a.a] += a.b
        elif k == PLANT:
            self.seeds[s][a.a] -= 1
            self.fert[s] -= CROPS[a.a].plant_fertilizer
            self.farm[s][a.b] = SEED0 + a.a
            if f[0] == "plant":
                if a.a == f[3]:
                    f[3] = -1
            else:
                self.frames.append(["plant", s, a.a, -1])
        elif k == TEND:
            if f[0] == "tend":
                cost = max(0, CROPS[a.a].tend_water - f[3])
                f[3] = 0
            else:
                cost = max(0, CROPS[a.a].tend_water - (1 if self.owns(s, "tend_discount") else 0))
            self.water[s] -= cost
            self.farm[s][a.b] = CROP0 + a.a
            if f[0] != "tend":
                self.frames.append(["tend", s, a.a, 0])
        elif k == HARVEST:
            self._harvest(s)
        elif k == UPGRADE:
            f[5] |= 1
            self._pay(s, f, 0 if self.owns(s, "free_upgrade") else R.UPGRADE_COST, True)
            self.cap[s] = min(R.MAX_CAPACITY, self.cap[s] + 1)
        elif k == CLEAR:
            f[5] |= 2
            self._pay(s, f, 0 if (self.ab(s) == "lumberjack" or f[13] == 2) else R.CLEAR_COST, True)
            self.farm[s][a.a] = EMPTY
            self.score[s] += FARMHOUSES[self.house[s]].forest_points
            if self._events is not None and FARMHOUSES[self.house[s]].forest_points:
                self._events.add("points", s, {
                    "points": FARMHOUSES[self.house[s]].forest_points,
                    "source": f"{FARMHOUSES[self.house[s]].name}, forest cleared"})
            d1 = 1 + self.rng.below(6)
            self._flag = True
            if self.ab(s) == "lumberjack":
                d2 = 1 + self.rng.below(6)
                if d2 != d1:
                    self.frames.append(["die", s, d1, d2])
                    return
            self._gain(s, DIE_FACES[d1 - 1], "forest die")
        elif k == BUILD:
            f[5] |= 4
            slot = self.ws.index(a.a)
            self._pay(s, f, self.build_cost(s, slot, f[12]), True)
            self.ws[slot] = -1  # HV-WS-8
            i = a.b
            for j in (i, i + 1, i + R.COLS, i + R.COLS + 1):
                self.farm[s][j] = BLDG  # HV-WS-6: crops there are lost
            self.blds[s].append([a.a, i])
            self._gain(s, BUILDINGS[a.a].on_build, f"{BUILDINGS[a.a].name}, built")
