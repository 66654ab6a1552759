"""The Harvest game state: setup, Sunrise, Action, Sunset, Gairy, scoring, Fall Festival.

A flat, hand-cloned state. Decisions live on a stack of small list frames (top = last);
automatic steps (income, Gairy's turns, Sunset, the end-of-turn market shift) run inside
:meth:`HarvestState._advance`, so Gairy is never a seat that decides (HV-GAI-4).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.events import EARLIER, new_log, points_by_source
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
    PAY_WORDS,
    PLACE,
    PLANT,
    REACT,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    WORDS,
    Action,
    cell_name,
    from_id,
    parse,
    place_target_name,
)
from .constants import (
    ABIL,
    AREA_MENU,
    BLDG,
    BLUE,
    CROP0,
    DECISIONS,
    EMPTY,
    FF1,
    FF2,
    FF3,
    FLD,
    FOREST,
    GS,
    NOV,
    PUMPKIN,
    SEED0,
    STRAW,
    WHEAT,
    WS,
)
from .content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, FESTIVAL, GAIRY, SET_POINTS, SPACES, Gain
from .content import DIE as DIE_FACES
from .content import MARKET as MARKET_TILES
from .content import SUNRISE as SUNRISE_TILES
from .events import SEED_NAMES, is_news
from .events import describe as describe_event


class HarvestState(GameState):
    """A Harvest position. Create one with ``acreage.new_game("harvest", ...)``."""

    game_name = "harvest"
    action_type = Action
    rules_version = "1"

    # ------------------------------------------------------------------ setup (HV-SET)
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
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

    # ------------------------------------------------------------------ helpers
    def ab(self, s: int) -> str:
        return ABIL[self.char[s]] if self.char[s] >= 0 else ""

    def owns(self, s: int, key: str) -> list:
        return [BUILDINGS[b] for b, _ in self.blds[s] if BUILDINGS[b].ability == key]

    def _gain(self, s: int, g: Gain, why: str = "") -> None:
        if self._events is not None:
            self._log_gain(s, g, why)
            return
        self._apply_gain(s, g)

    def _log_gain(self, s: int, g: Gain, why: str) -> None:
        """Apply ``g`` and tell what it really gave (caps can take some away) and why."""
        before = (self.coins[s], self.water[s], self.cap[s], self.fert[s], self.seeds[s][:], self.score[s])
        self._apply_gain(s, g)
        coins, water, cap, fert, seeds, score = before
        event = {"why": why or "a gain", "coins": self.coins[s] - coins, "water": self.water[s] - water,
                 "capacity": self.cap[s] - cap, "fertilizer": self.fert[s] - fert,
                 "seeds": {SEED_NAMES[k]: self.seeds[s][k] - seeds[k] for k in range(4)
                           if self.seeds[s][k] != seeds[k]},
                 "points": self.score[s] - score, "source": why or "a gain"}
        if any(v for k, v in event.items() if k not in ("why", "source")):
            self._events.add("gain", s, event)

    def _apply_gain(self, s: int, g: Gain) -> None:
        self.coins[s] += g.coins
        for _ in range(g.upgrade):
            self.cap[s] = min(R.MAX_CAPACITY, self.cap[s] + 1)
        self.water[s] = self.cap[s] if g.fill else min(self.cap[s], self.water[s] + g.water)
        self.fert[s] = min(R.MAX_FERTILIZER, self.fert[s] + g.fertilizer)
        self.score[s] += g.points
        for k in range(4):
            self.seeds[s][k] += g.seeds[k]
        if g.p1_card and self.ff and self.p1 >= 0:  # HV-SUN-5 #11
            if self._events is not None:
                self._events.add("card", s, {"card": FESTIVAL[self.p1].name, "position": 1, "coins": 0})
            self._take_card(s, 1, free=True)
            self._shift()

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

    def order(self) -> list[int]:
        return sorted(range(self.num_players), key=lambda s: self.tile[s])

    def pieces_left(self, s: int) -> int:
        return self.wb[s] + bin(self.mice[s]).count("1") + self.basket[s]

    def cells_of(self, s: int, code: int) -> list[int]:
        return [i for i, v in enumerate(self.farm[s]) if v == code]

    # ------------------------------------------------------------------ round structure
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

    # ------------------------------------------------------------------ Gairy (HV-GAI)
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

    # ------------------------------------------------------------------ scoring (HV-END)
    def _final(self) -> None:
        self.frames.clear()

    def pie_points(self, s: int) -> int:
        """HV-PIE-2/3: greedy sets of different pies."""
        counts = [self.cards[s].count(c.id) for c in FESTIVAL if c.kind == "pie"]
        pts = 0
        while any(counts):
            k = sum(1 for c in counts if c)
            pts += SET_POINTS[k - 1]
            counts = [c - 1 if c else 0 for c in counts]
        return pts

    def score_parts(self, s: int) -> dict[str, int]:
        """The score track and the end-scoring items (HV-END-1..3), from the state as it is."""
        nb = len(self.blds[s])
        bushes = sum(1 for v in self.farm[s] if v in (SEED0 + BLUE, CROP0 + BLUE))
        end_b = 0
        for b, _ in self.blds[s]:
            bd = BUILDINGS[b]
            end_b += bd.end_points + bd.end_per_fertilizer * self.fert[s] + bd.end_per_bush * bushes
            end_b += bd.end_per_building * nb
        fh = FARMHOUSES[self.house[s]] if self.house[s] >= 0 else None
        house = (fh.end_per_building * nb + fh.end_per_bush * bushes) if fh else 0
        nov = sum(1 for c in self.cards[s] if FESTIVAL[c].kind == "novelty")
        return {"track": self.score[s], "coins": self.coins[s], "buildings": end_b, "farmhouse": house,
                "pies": self.pie_points(s), "novelties": nov}

    def total(self, s: int) -> int:
        return sum(self.score_parts(s).values()) if self.phase == "over" else self.score[s]

    def _score_breakdown(self, s: int) -> dict[str, int]:
        """Points by source: the track by what moved it (from the event log: crops harvested,
        forest dice, novelties, buildings...), then, once the game is over, the end-scoring
        items: coins, each End building, the farmhouse, pie sets and novelties."""
        self.record_events()
        out = points_by_source(self._events.full, s)
        missing = self.score[s] - sum(out.values())
        if missing:
            out[f"score track {EARLIER}"] = missing
        if self.phase == "over":
            parts = self.score_parts(s)
            nb = len(self.blds[s])
            bushes = sum(1 for v in self.farm[s] if v in (SEED0 + BLUE, CROP0 + BLUE))
            for b, _ in self.blds[s]:
                bd = BUILDINGS[b]
                n = (bd.end_points + bd.end_per_fertilizer * self.fert[s] + bd.end_per_bush * bushes
                     + bd.end_per_building * nb)
                if n:
                    out[f"{bd.name}, end of game"] = out.get(f"{bd.name}, end of game", 0) + n
            house = f"{FARMHOUSES[self.house[s]].name}, end of game"
            labels = (("coins", "coins (1 point each)"), ("farmhouse", house),
                      ("pies", "pie sets"), ("novelties", "novelties (1 point each)"))
            for key, label in labels:
                if parts[key]:
                    out[label] = out.get(label, 0) + parts[key]
        return out

    def scores(self) -> list[int]:
        return [self.total(s) for s in range(self.num_players)]

    def rank_keys(self) -> list[tuple]:
        return [(self.total(s), -self.tile[s]) for s in range(self.num_players)]  # HV-END-5

    def solo_result(self) -> dict | None:
        """HV-GAI-12: the solo score and the highest tier reached (None unless solo and over)."""
        if self.num_players != 1 or self.phase != "over":
            return None
        bonus = R.SOLO_EXPANSION_BONUS if self.ff else 0
        sc = self.total(0)
        tier = None
        for need, name in R.SOLO_TIERS:
            if sc >= need + bonus:
                tier = name
        return {"score": sc, "tier": tier, "tiers": {name: need + bonus for need, name in R.SOLO_TIERS}}

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

    def _log_action(self, s: int, a: Action) -> None:
        """The event of a seat's decision, told before it is carried out (so the gains it
        causes follow it in the log). Costs are told where they are paid (``_pay``)."""
        log = self._events
        assert log is not None
        k = a.kind
        if k == KEEPC or k == KEEPH:  # HV-SET-8: face down until every seat has chosen
            what, name = (("character", CHARACTERS[a.a].name) if k == KEEPC
                          else ("farmhouse", FARMHOUSES[a.a].name))
            log.add("keep", s, {"what": what, "name": name}, seen_by=frozenset((s,)), public={"what": what})
        elif k == SUNRISE:
            log.add("sunrise", s, {"took": a.a, "left": self.tile[s]})
        elif k == PLACE:
            piece = ("Finn", "Maisie")[a.b - 1] if a.b else "wheelbarrow"
            if a.a < NSPACES and SPACES[a.a].area == "festival":
                piece = "basket"
            log.add("place", s, {"where": place_target_name(a.a), "piece": piece})
        elif k == REACT:
            log.add("place", s, {"where": SPACES[a.a].name, "piece": "Cider Press"})
        elif k == CARD:
            price = self.card_price(s, a.a)
            log.add("card", s, {"card": FESTIVAL[self._card_at(a.a)].name, "position": a.a, "coins": price})
        elif k == USE:
            log.add("novelty", s, {"card": FESTIVAL[a.a].name})
        elif k == COIN:
            log.add("gain", s, {"why": "FF-3", "coins": R.FF3_COINS, "water": 0, "capacity": 0,
                                "fertilizer": 0, "seeds": {}, "points": 0, "source": "FF-3"})
        elif k in (FERT, FILL, BUY, PLANT, TEND, UPGRADE, CLEAR, BUILD, HARVEST, PAY):
            event = {"what": WORDS[k]}
            if k == BUY:
                event.update(crop=SEED_NAMES[a.a], count=a.b)
            elif k == PLANT:
                event.update(crop=SEED_NAMES[a.a], cell=cell_name(a.b))
            elif k == TEND:
                f = self.frames[-1]
                off = f[3] if f[0] == "tend" else (1 if self.owns(s, "tend_discount") else 0)
                event.update(crop=SEED_NAMES[a.a], cell=cell_name(a.b),
                             water=max(0, CROPS[a.a].tend_water - off))
            elif k == CLEAR:
                event.update(cell=cell_name(a.a))
            elif k == BUILD:
                event.update(building=BUILDINGS[a.a].name, cell=cell_name(a.b))
            elif k == PAY:
                event.update(what=f"pay {PAY_WORDS[a.a]}")
            if k != HARVEST:
                log.add("action", s, event)

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

    # ------------------------------------------------------------------ doing
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

    def _do(self, a: Action) -> None:
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

    def _use_piece(self, s: int, piece: int) -> None:
        if piece:
            self.mice[s] &= ~piece
        else:
            self.wb[s] -= 1

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
                self._gain(s, Gain(fertilizer=cr.harvest_fertilizer))
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

    def _explain_illegal(self, action) -> str:
        if self.is_terminal:
            return "the game is over"
        f = self.frames[-1]
        want = {"keepc": "a character to keep", "keeph": "a farmhouse to keep", "sunrise": "a sunrise tile",
                "turn": "where to place a piece", "visit": "this visit's next action (or done)",
                "plant": "another cell to plant (or done)", "tend": "another tile to tend (or done)",
                "buy": "whether to buy a festival card", "ff3": "a festival card or the coin",
                "die": "which forest die face to keep", "react": "which space to re-activate",
                "market": "whether to pay for the Market tile",
                "basket": "whether to use a Hand-Woven Basket"}
        if action.kind == PLACE and f[0] == "turn":
            return "that space is closed, or you have no piece of that kind left"
        what = want.get(f[0], "something else")
        return f"seat {f[1]} must choose {what}; that action is not one of the choices"

    def describe_decision(self) -> str:
        """One line for people: what the seat to act decides, and how many actions are left on
        the space it is visiting."""
        if self.is_terminal:
            return "game over"
        f = self.frames[-1]
        kind, s = f[0], f[1]
        what = {
            "keepc": "keep one of your two characters (face down until everyone has chosen)",
            "keeph": "keep one of your two farmhouses (face down until everyone has chosen)",
            "sunrise": "swap your Sunrise tile for one on offer, or keep it",
            "plant": "plant more seeds on empty cells, or done",
            "tend": "tend more seedlings of the same crop, or done",
            "buy": "buy one festival card, or done",
            "ff3": "FF-3: take the coin or a festival card",
            "die": "keep one of the Lumberjack's two dice",
            "react": "Cider Press: choose a space you used this round to use again",
            "market": "pay for the Market tile",
            "basket": "use the Hand-Woven Basket to take your basket back, or done",
        }.get(kind)
        if kind == "turn":
            left = [f"{self.wb[s]} wheelbarrow{'s' if self.wb[s] != 1 else ''}"] if self.wb[s] else []
            left += [name for bit, name in ((1, "Finn"), (2, "Maisie")) if self.mice[s] & bit]
            if self.basket[s]:
                left.append("the basket")
            what = "place a piece (left: " + (", ".join(left) or "none") + ")"
        elif kind == "visit":
            where = SPACES[f[2]].name if f[2] >= 0 else {"tp": "Trading Post", "gs": "General Store",
                                                          "fields": "Fields", "workshop": "Workshop"}.get(
                                                              f[11], "this visit")
            what = f"{where}: {f[4]} action{'s' if f[4] != 1 else ''} left"
            if f[8] and not f[9]:
                what += " (pay the Trading Post fee first)"
        return f"round {self.round}, {self.phase}: seat {s}: {what or kind}"

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
