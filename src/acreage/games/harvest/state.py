"""The Harvest game state: setup, Sunrise, Action, Sunset, Gairy, scoring, Fall Festival.

A flat, hand-cloned state. Decisions live on a stack of small list frames (top = last);
automatic steps (income, Gairy's turns, Sunset, the end-of-turn market shift) run inside
:meth:`HarvestState._advance`, so Gairy is never a seat that decides (HV-GAI-4).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.events import new_log
from ...core.rng import Rng
from ...core.state import GameState
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
    NCELLS,
    NSPACES,
    NUM_ACTION_IDS,
    PAY,
    PLACE,
    PLANT,
    REACT,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    WORDS,
    Action,
    from_id,
    parse,
)
from .constants import (
    ABIL,
    AREA_MENU,
    BLDG,
    CROP0,
    DECISIONS,
    EMPTY,
    FLD,
    FOREST,
    GS,
    NOV,
    SEED0,
    WS,
)
from .content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, FESTIVAL, SPACES, Gain
from .content import DIE as DIE_FACES
from .content import MARKET as MARKET_TILES
from .content import SUNRISE as SUNRISE_TILES
from .events import describe as describe_event
from .events import is_news
from .explain import ExplainRules
from .rules_festival import FestivalRules
from .rules_gairy import GairyRules
from .rules_rounds import RoundRules
from .rules_scoring import ScoringRules
from .rules_town import TownRules


class HarvestState(
    RoundRules, FestivalRules, GairyRules, TownRules, ScoringRules, ExplainRules,
    GameState,
):
    """A Harvest position. Create one with ``acreage.new_game("harvest", ...)``."""

    game_name = "harvest"
    action_type = Action
    rules_version = "1"

    # ------------------------------------------------------------------ setup (HV-SET)
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        """Setup (HV-SET), in the rulebook's order: supplies, farms, the shuffled decks and stacks, the
        cards dealt to keep, then the first frames. One function because each step draws from the one
        seeded generator in turn: the order of the draws is part of the game a seed gives."""
        if not isinstance(players, int) or not 1 <= players <= 4:  # HV-SET-1
            raise ValueError("Harvest takes 1 to 4 players")
        self.num_players = n = players
        self.seed = seed
        self.options = dict(options)
        self._events = new_log()
        self.ff = bool(self.options.get("fall_festival", True))
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        self._legal: list[Action] | None = None
        self._flag = False
        rng = self.rng
        self.round = 1
        self.phase = "setup"
        self.coins = [R.START_COINS] * n
        self.cap = [R.START_CAPACITY] * n
        self.water = [R.START_CAPACITY] * n
        self.fert = [R.START_FERTILIZER] * n
        self.seeds = [list(R.START_SEEDS) for _ in range(n)]
        self.score = [0] * n
        forest = [FOREST if (i % R.COLS) + 1 in R.FOREST_COLUMNS else EMPTY for i in range(NCELLS)]
        self.farm = [list(forest) for _ in range(n)]
        self.blds: list[list[list[int]]] = [[] for _ in range(n)]  # [building id, top-left cell]
        chars = [c.id for c in CHARACTERS if self.ff or not c.expansion]
        houses = [f.id for f in FARMHOUSES]
        rng.shuffle(chars)
        rng.shuffle(houses)
        self.dealt_c = [[chars.pop(), chars.pop()] for _ in range(n)]
        self.dealt_h = [[houses.pop(), houses.pop()] for _ in range(n)]
        self.char = [-1] * n
        self.house = [-1] * n
        tiles = [t.number for t in SUNRISE_TILES if self.ff or not t.expansion]
        rng.shuffle(tiles)
        self.tile = [tiles.pop() for _ in range(n)]
        self.sun_stack = tiles  # top = end
        self.display: list[int] = []
        self.bstack = [b.id for b in BUILDINGS]
        rng.shuffle(self.bstack)
        self.ws = [self.bstack.pop() for _ in range(3 * R.SLOTS_PER_ROW)]  # row-major, row 0 = top
        mk = [m.id for m in MARKET_TILES]
        rng.shuffle(mk)
        per = len(mk) // R.MARKET_STACKS if len(mk) < 4 * R.MARKET_STACKS else 4
        self.mstacks = [mk[i * per:(i + 1) * per] for i in range(R.MARKET_STACKS)]
        self.mgone: list[int] = []  # Market tiles discarded face up at Sunset
        self.fdeck: list[int] = []
        self.fdiscard: list[int] = []
        self.p2 = self.p1 = -1
        if self.ff:
            self.fdeck = [c.id for c in FESTIVAL for _ in range(c.copies)]
            rng.shuffle(self.fdeck)
            self.p2 = self._draw_card()
            self.p1 = self._draw_card()
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.fresh: list[list[int]] = [[] for _ in range(n)]
        self.wb = [0] * n
        self.mice = [0] * n
        self.basket = [0] * n
        self.basket_back = [0] * n
        self.occ: list[list[int]] = [[] for _ in SPACES]
        self.placed: list[list[int]] = [[] for _ in range(n)]
        self.bused: list[list[int]] = [[] for _ in range(n)]
        self.used = [0] * n  # 1 Trader TP-2, 2 Market Regular, 4 Water Witch fill
        self.gairy = n <= 2
        self.g_wb = self.g_bk = 0
        self.g_deck: list[str] = []
        self.g_drawn: list[str] = []
        self.queue: list[int] = []
        self.cycle_placed = False
        self.turn_no = 0
        self.frames: list[list] = []
        assign = self.options.get("assign")
        if self._events is not None and not assign:
            for s in range(n):
                self._events.add("deal", s, {
                    "characters": [CHARACTERS[c].name for c in self.dealt_c[s]],
                    "farmhouses": [FARMHOUSES[h].name for h in self.dealt_h[s]],
                }, seen_by=frozenset((s,)), public={})
        if assign:  # HV-SET-9
            for s, (c, h) in enumerate(assign):
                self.char[s], self.house[s] = c, h
            self._log_reveal()
            self._start_supply()
            self.phase = "sunrise"
            self._begin_sunrise()
        else:
            for s in reversed(range(n)):
                self.frames.append(["keeph", s])
            for s in reversed(range(n)):
                self.frames.append(["keepc", s])
        self._advance()


    # ------------------------------------------------------------------ helpers
    def ab(self, s: int) -> str:
        return ABIL[self.char[s]] if self.char[s] >= 0 else ""

    def owns(self, s: int, key: str) -> list:
        return [BUILDINGS[b] for b, _ in self.blds[s] if BUILDINGS[b].ability == key]


    def order(self) -> list[int]:
        return sorted(range(self.num_players), key=lambda s: self.tile[s])

    def pieces_left(self, s: int) -> int:
        return self.wb[s] + bin(self.mice[s]).count("1") + self.basket[s]

    def cells_of(self, s: int, code: int) -> list[int]:
        return [i for i, v in enumerate(self.farm[s]) if v == code]

    # ------------------------------------------------------------------ round structure


    # ------------------------------------------------------------------ Gairy (HV-GAI)


    # ------------------------------------------------------------------ scoring (HV-END)


    # ------------------------------------------------------------------ playing
    @property
    def current_player(self) -> int | None:
        return self.frames[-1][1] if self.frames and self.frames[-1][0] in DECISIONS else None

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTION_IDS

    def _public_notation(self, action) -> str:
        """Characters and farmhouses are kept face down until every seat has chosen
        (HV-SET-8): a shared log shows only that a choice was made."""
        a = action if isinstance(action, Action) else Action(*action)
        if a.kind == KEEPC:
            return "keep character (face down)"
        if a.kind == KEEPH:
            return "keep farmhouse (face down)"
        return str(a)

    def in_subdecision(self) -> bool:
        return bool(self.frames) and self.frames[-1][0] not in ("turn", "sunrise", "keepc", "keeph")

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def apply(self, action) -> None:
        if not isinstance(action, Action):
            # Slow path: notation, or a plain tuple of three whole numbers; anything else
            # (another game's action, a list, None...) is refused before the state is touched.
            action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        if self._legal is None:
            self._legal = self._generate()
        if action not in self._legal:
            raise self.refuse(action)
        seat = self.current_player
        self._flag = False
        self._legal = None
        if self._events is not None:
            self._events.step = len(self.history) + 1
            self._log_action(seat, action)
        self._do(action)
        self.history.append(action)
        self.history_seats.append(seat)
        self._advance()
        if self._flag:
            self.undo_floor = len(self.history)
            self._flag = False


    def _advance(self) -> None:
        while True:
            if not self.frames:
                if not self._next_step():
                    self._legal = []
                    return
                continue
            top = self.frames[-1]
            if top[0] == "income":
                self.frames.pop()
                self._income()
                continue
            if top[0] == "endturn":
                self.frames.pop()
                self._end_turn(top[1])
                continue
            if top[0] == "ffres":
                self._run_ffres_if_ready()
                continue
            acts = self._generate()
            if not acts or (len(acts) == 1 and acts[0].kind == DONE):
                self.frames.pop()  # nothing left to choose here
                continue
            self._legal = acts
            return

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
            self._gain(s, Gain(fertilizer=1))
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


    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ cloning & hidden info
    def clone(self) -> HarvestState:
        c = HarvestState.__new__(HarvestState)
        d = self.__dict__
        for key, v in d.items():
            if key == "rng":
                c.rng = v.clone()
            elif key == "_legal":
                c._legal = None if v is None else list(v)
            elif isinstance(v, list):
                c.__dict__[key] = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                c.__dict__[key] = dict(v)
            else:
                c.__dict__[key] = v
        c.blds = [[list(x) for x in b] for b in self.blds]
        c._events = None  # search clones keep no log
        return c

    def _observation(self, seat: int) -> dict:
        from .hidden import observe

        return observe(self, seat)

    def _determinize(self, seat: int, rng) -> HarvestState:
        from .hidden import determinize

        return determinize(self, seat, rng)

    # ------------------------------------------------------------------ ids and notation
    def _action_id(self, action) -> int:
        if not isinstance(action, Action):
            action = Action(*action)
        if not 0 <= action.kind < len(WORDS):
            raise IllegalAction(f"{tuple(action)} has kind {action.kind}, which is not an action kind; "
                                f"kinds run 0-{len(WORDS) - 1} ({', '.join(WORDS)})")
        return action.id

    def _action_from_id(self, action_id: int) -> Action:
        return from_id(action_id)

    def _parse_structural(self, text: str) -> Action:
        return parse(text)


    def _state_to_json(self) -> dict:
        from .snapshot import state_to_json

        return state_to_json(self)

    @classmethod
    def _state_from_json(cls, data: dict) -> HarvestState:
        from .snapshot import state_from_json

        return state_from_json(cls, data)

    def _observation_tensor(self, seat: int) -> list[float]:
        from .encoding import encode

        return encode(self, seat)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from .encoding import shape

        return shape(self.num_players)

    @property
    def max_game_length(self) -> int:
        return 2 * self.num_players + 4 * self.num_players * (1 + 5 * 60)
