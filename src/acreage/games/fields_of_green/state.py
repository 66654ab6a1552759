"""Fields of Green: the game state and its rules, phase by phase.

The state is flat (lists of ints per seat) and cloned by hand. Every year runs Maintenance
(income, water placement, draw splits) → Action phase (3–4 players: six turns of hidden picks,
each committed seat by seat, then passed, revealed and resolved from the First Player
clockwise; 2 players: alternating picks from a face-up display) → Harvest (seat by seat).

Decisions live on a stack of small tuples (``frames``); the top frame says who acts and what is
legal. Frames with no real choice run inside :meth:`apply` (a forced pick, a payment that can
come from one Tower only, Water that fits only one way), so a player is asked only where a
choice exists. Rule IDs refer to ``shared/rules/fields_of_green.md``.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ...core.errors import BadActionId, IllegalAction
from ...core.events import EARLIER, new_log, points_by_source
from ...core.rng import Rng
from ...core.state import GameState
from . import rulings as R
from .actions import (
    ABANDON,
    BUILD,
    CELL_KINDS,
    DONE,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    KIND_WORDS,
    MARKET,
    PAY,
    PICK,
    RESTORE,
    SELL,
    SILO,
    SPLIT,
    SPLITS,
    TOWER,
    WATER,
    Action,
    cell_name,
    cell_of,
    neighbours,
    parse_cell,
    split_name,
    xy,
)
from .constants import (
    _DECISIONS,
    ACTION,
    CATS,
    COMMIT,
    EQ_BONUS,
    EQ_CUT,
    EQ_END_VP,
    EQ_FITS,
    EQ_INSTALL,
    EQ_SILO_CAP,
    EQ_TOWER_CAP,
    EQ_TOWER_RANGE,
    HARVEST_PHASE,
    MAINTENANCE,
    NEW_KINDS,
    NUM_ACTION_IDS,
    OFF_DONE,
    OFF_EQUIP,
    OFF_INSTALL,
    OFF_MARKET,
    OFF_NEW,
    OFF_PICK,
    OFF_PIECE,
    OFF_SELL,
    OFF_SPLIT,
    OVER,
    PIECE_KINDS,
    RESOLVE,
    SILO_ID,
    TOWER_ID,
)
from .content import CARDS, DECK_OF, EQUIPMENT, MAIN_DECKS, find_card, find_equipment
from .content import SILO as SILO_CARD
from .content import TOWER as TOWER_CARD
from .events import describe as describe_event
from .events import is_news, source


class FieldsState(GameState):
    """A Fields of Green position. Create one with ``acreage.new_game("fields_of_green", ...)``."""

    game_name = "fields_of_green"
    action_type = Action
    #: 2: hands of one design and draws of one tile kind are asked (FG-HID-2/6), 2-player
    #: installs only before taking a card and ``done`` for an empty harvest (FG-EQ-6).
    rules_version = "2"

    # ------------------------------------------------------------------ setup (FG-SET)
    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        if players not in (2, 3, 4):  # FG-SET-1
            raise ValueError("Fields of Green takes 2, 3 or 4 players")
        self.num_players = n = players
        self.seed = seed
        self.options = dict(options)
        self._events = new_log()
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.history_seats: list[int] = []
        self.undo_floor = 0
        self._legal: list[Action] | None = None
        self._revealed_flag = False
        # FG-SET-2: four shuffled main decks (top = end of list).
        self.decks: list[list[int]] = []
        for deck in MAIN_DECKS:
            cards = [c.id for c in CARDS if c.deck == deck for _ in range(c.copies)]
            self.rng.shuffle(cards)
            self.decks.append(cards)
        # FG-SET-3: face-up supplies, less the starting cards.
        self.towers_left = TOWER_CARD.copies - n
        self.silos_left = SILO_CARD.copies - n
        # FG-SET-7: Equipment stack (index 0 = bottom); eq_known[i]: seats that know tile i.
        stack = [e.id for e in EQUIPMENT for _ in range(e.tiles)]
        self.rng.shuffle(stack)
        self.eq_stack: list[int] = stack
        self.eq_known: list[int] = [0] * len(stack)
        self.discard: list[int] = []
        # FG-SET-4/5: stock and starting farm.
        self.coins = [R.START_COINS] * n
        self.food = [R.START_SILO_FOOD] * n
        self.vp = [0] * n
        self.stored: list[list[int]] = [[] for _ in range(n)]
        self.pcard: list[list[int]] = []
        self.pcell: list[list[int]] = []
        self.pdown: list[list[bool]] = []
        self.pwater: list[list[int]] = []
        self.peq: list[list[tuple[int, ...]]] = []
        self.cells: list[dict[int, int]] = []
        # Per seat, the farm's sorted frontier and its index (None: to be recomputed).
        self._front: list[tuple[tuple[int, ...], dict[int, int]] | None] = [None] * n
        for _ in range(n):
            t, s = cell_of(*R.START_TOWER_CELL), cell_of(*R.START_SILO_CELL)
            self.pcard.append([TOWER_ID, SILO_ID])
            self.pcell.append([t, s])
            self.pdown.append([False, False])
            self.pwater.append([R.START_TOWER_WATER, 0])
            self.peq.append([(), ()])
            self.cells.append({t: 0, s: 1})
        # Hands and picks (3-4 players), display and pile (2 players).
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.origin = list(range(n))
        self.held = [1 << s for s in range(n)]
        self.picks = [-1] * n
        self.revealed = [-1] * n
        self.splits: list[tuple[int, ...] | None] = [None] * n
        self.pile: list[int] = []
        self.display: list[int] = []
        self.picks_made = 0
        self.turn = 0
        self.stage = COMMIT
        self.harvest_idx = 0
        self.frames: list[tuple] = []
        first = self.options.get("first_player")
        self.first0 = self.rng.below(n) if first is None else first  # FG-SET-8
        self.year = 1
        if self._events is not None:
            self._events.add("setup", None, {"first_player": self.first0})
        self.phase = MAINTENANCE
        self._begin_year()
        self._advance()

    @property
    def two_player(self) -> bool:
        return self.num_players == 2

    @property
    def first_player(self) -> int:
        """FG-YR-4: the token moves one seat left each year."""
        return (self.first0 + self.year - 1) % self.num_players

    def order(self) -> list[int]:
        """FG-YR-5: First Player, then clockwise."""
        n = self.num_players
        return [(self.first_player + i) % n for i in range(n)]

    def resolution_order(self) -> list[int]:
        """FG-ACT-5: revealed picks resolve from the First Player clockwise."""
        return self.order() if R.RESOLVE_FROM_FIRST_PLAYER else list(range(self.num_players))

    @property
    def direction(self) -> int:
        return R.YEAR_DIRECTIONS[self.year - 1]

    # ------------------------------------------------------------------ storage helpers
    def tower_capacity(self, seat: int, p: int) -> int:
        return max([R.TOWER_CAPACITY] + [EQ_TOWER_CAP[e] for e in self.peq[seat][p]])

    def tower_range(self, seat: int, p: int) -> int:
        return max([R.TOWER_RANGE] + [EQ_TOWER_RANGE[e] for e in self.peq[seat][p]])

    def food_cap(self, seat: int) -> int:
        """FG-MNT-4, FG-SILO-3: the sum of Silo capacities."""
        total = 0
        for p, card in enumerate(self.pcard[seat]):
            if card == SILO_ID:
                total += max([R.SILO_CAPACITY] + [EQ_SILO_CAP[e] for e in self.peq[seat][p]])
        return total

    def towers(self, seat: int) -> list[int]:
        return [p for p, c in enumerate(self.pcard[seat]) if c == TOWER_ID]

    def _gain_food(self, seat: int, amount: int) -> None:
        """FG-MNT-5, FG-HRV-10: a gain is capped the moment it happens."""
        self.food[seat] = min(self.food[seat] + amount, self.food_cap(seat))

    def _add_water(self, seat: int, p: int, amount: int) -> None:
        self.pwater[seat][p] = min(self.pwater[seat][p] + amount, self.tower_capacity(seat, p))

    # ------------------------------------------------------------------ geometry (FG-WT-3/4)
    def _tower_dists(self, seat: int, p: int, extra: int = -1) -> dict[int, int]:
        """Steps from Tower ``p`` to each occupied cell within its range (BFS over cards)."""
        cells = self.cells[seat]
        rng_ = self.tower_range(seat, p)
        start = self.pcell[seat][p]
        if not R.WATER_DISTANCE_ALONG_CARDS:
            sx, sy = xy(start)
            out = {}
            for c in list(cells) + ([extra] if extra >= 0 else []):
                cx, cy = xy(c)
                d = abs(cx - sx) + abs(cy - sy)
                if d <= rng_:
                    out[c] = d
            return out
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            d = dist[c]
            if d == rng_:
                continue
            for nb in neighbours(c):
                if nb not in dist and (nb in cells or nb == extra):
                    dist[nb] = d + 1
                    queue.append(nb)
        return dist

    def towers_in_range(self, seat: int, cell: int) -> list[int]:
        """Towers whose Water may pay at ``cell`` (measured as if ``cell`` held a card)."""
        extra = -1 if cell in self.cells[seat] else cell
        return [p for p in self.towers(seat) if cell in self._tower_dists(seat, p, extra)]

    def water_in_range(self, seat: int, cell: int) -> int:
        return sum(self.pwater[seat][p] for p in self.towers_in_range(seat, cell))

    def frontier_info(self, seat: int) -> tuple[tuple[int, ...], dict[int, int]]:
        """FG-BLD-1/2: the empty cells sharing a side with a card of the farm, sorted, and the
        index of each. Action ids name build, tower and silo cells by that index."""
        info = self._front[seat]
        if info is None:
            cells = self.cells[seat]
            out = set()
            for c in cells:
                for nb in neighbours(c):
                    if nb not in cells:
                        out.add(nb)
            front = tuple(sorted(out))
            info = self._front[seat] = (front, {c: i for i, c in enumerate(front)})
        return info

    def frontier(self, seat: int) -> list[int]:
        """FG-BLD-1/2: empty cells sharing a side with any card of the farm (sorted)."""
        return list(self.frontier_info(seat)[0])

    def _frontier_water(self, seat: int, front: list[int]) -> dict[int, int]:
        """Water available to each frontier cell, from one BFS per Tower."""
        avail = dict.fromkeys(front, 0)
        for p in self.towers(seat):
            w = self.pwater[seat][p]
            if not w:
                continue
            rng_ = self.tower_range(seat, p)
            if not R.WATER_DISTANCE_ALONG_CARDS:  # straight Manhattan distance to the cell itself
                tx, ty = xy(self.pcell[seat][p])
                for f in front:
                    fx, fy = xy(f)
                    if abs(fx - tx) + abs(fy - ty) <= rng_:
                        avail[f] += w
                continue
            dist = self._tower_dists(seat, p)
            for f in front:
                best = min((dist[nb] for nb in neighbours(f) if nb in dist), default=rng_)
                if best + 1 <= rng_:
                    avail[f] += w
        return avail

    def face_up_neighbours(self, seat: int, cell: int) -> list[int]:
        cells = self.cells[seat]
        out = []
        for nb in neighbours(cell):
            p = cells.get(nb)
            if p is not None and not self.pdown[seat][p]:
                out.append(p)
        return out

    def _matches(self, seat: int, p: int, match: tuple[str, ...]) -> bool:
        """FG-EFX-6: a face-up card matching any named category."""
        if self.pdown[seat][p]:
            return False
        cats = CATS[self.pcard[seat][p]]
        return any(m in cats for m in match)

    def _count(self, seat: int, p: int, scope: str, match: tuple[str, ...]) -> int:
        if scope == "adjacent":
            near = self.face_up_neighbours(seat, self.pcell[seat][p])
            return sum(1 for q in near if self._matches(seat, q, match))
        return sum(1 for q in range(len(self.pcard[seat])) if self._matches(seat, q, match))

    # ------------------------------------------------------------------ harvest costs (FG-HRV)
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

    # ------------------------------------------------------------------ year flow (FG-YR, FG-MNT)
    def _begin_year(self) -> None:
        n = self.num_players
        self.phase = MAINTENANCE
        self.splits = [None] * n
        self.hands = [[] for _ in range(n)]
        self.origin = list(range(n))
        self.held = [1 << s for s in range(n)]
        self.picks = [-1] * n
        self.revealed = [-1] * n
        order = self.order()
        log = self._events
        if log is not None:
            log.add("year", None, {"year": self.year, "first_player": self.first_player,
                                   "direction": "left" if self.direction > 0 else "right"})
        if self.year >= R.INCOME_FROM_YEAR:  # FG-MNT-1
            for s in order:
                food = self.food[s]
                self.coins[s] += R.INCOME_COINS
                self._gain_food(s, R.INCOME_FOOD)
                if log is not None:
                    log.add("income", s, {"coins": R.INCOME_COINS, "food": self.food[s] - food})
        if self.options.get("introductory"):
            for s in order:  # FG-MNT-12
                self._draw(s, R.INTRO_SPLITS[self.year - 1])
        else:
            for s in reversed(order):
                self.frames.append(("split", s))
        if self.year >= R.INCOME_FROM_YEAR:
            for s in reversed(order):
                self.frames.append(("water", s, R.INCOME_WATER))

    def legal_splits(self) -> list[tuple[int, ...]]:
        """FG-MNT-6/9: sums to 6, at least 3 decks (or every non-empty one), within deck sizes."""
        sizes = [len(d) for d in self.decks]
        need = min(R.MIN_DECKS_IN_SPLIT, sum(1 for s in sizes if s))
        return [sp for sp in SPLITS
                if all(sp[i] <= sizes[i] for i in range(4)) and sum(1 for v in sp if v) >= need]

    def _draw(self, seat: int, split: tuple[int, ...]) -> None:
        """FG-MNT-7/8/11: the whole split is declared, then drawn from the deck tops."""
        self.splits[seat] = tuple(split)
        drawn = []
        for i, k in enumerate(split):
            for _ in range(k):
                drawn.append(self.decks[i].pop())
        if self.two_player:
            self.pile.extend(drawn)
        else:
            self.hands[seat].extend(drawn)
        self._revealed_flag = True
        if self._events is not None:
            public = {"split": split_name(split), "count": len(drawn)}
            if self.two_player:  # FG-HID-4: nobody sees the pile, not even the drawer
                self._events.add("split", seat, public)
            else:  # FG-HID-2
                self._events.add("split", seat, {**public, "cards": sorted(CARDS[c].name for c in drawn)},
                                 seen_by=frozenset((seat,)), public=public)

    def _begin_action(self) -> None:
        self.phase = ACTION
        if self.two_player:  # FG-MNT-11, FG-2P-1
            self.rng.shuffle(self.pile)
            self.display = []
            for _ in range(min(R.DISPLAY_2P, len(self.pile))):
                self.display.append(self.pile.pop())
            self.picks_made = 0
            self._revealed_flag = True
            if self._events is not None:
                self._events.add("display", None, {"revealed": [CARDS[c].name for c in self.display]})
        else:
            self.turn = 1
            self._begin_turn()

    def _begin_turn(self) -> None:
        self.stage = COMMIT
        self.revealed = [-1] * self.num_players
        for s in reversed(self.order()):
            self.frames.append(("commit", s))

    def _reveal_and_pass(self) -> None:
        """FG-ACT-3/4: pass the hands in the year's direction, reveal all picks together."""
        n = self.num_players
        d = self.direction
        self.revealed = self.picks[:]
        self.picks = [-1] * n
        hands = [[] for _ in range(n)]
        origin = [0] * n
        for s in range(n):
            hands[(s + d) % n] = self.hands[s]
            origin[(s + d) % n] = self.origin[s]
        self.hands = hands
        self.origin = origin
        for s in range(n):
            if self.hands[s]:
                self.held[s] |= 1 << self.origin[s]
        self.stage = RESOLVE
        for s in reversed(self.resolution_order()):  # FG-ACT-5
            self.frames.append(("act", s, self.revealed[s]))
        self._revealed_flag = True
        if self._events is not None:
            self._events.add("reveal", None, {
                "picks": [CARDS[c].name if c >= 0 else None for c in self.revealed]})

    def _begin_harvest(self) -> None:
        self.phase = HARVEST_PHASE
        self.harvest_idx = 0

    def _start_seat_harvest(self, seat: int) -> None:
        pending = tuple(p for p, cid in enumerate(self.pcard[seat])
                        if not self.pdown[seat][p] and CARDS[cid].has_harvest)  # FG-HRV-2
        self.frames.append(("harvest", seat, pending, (), False))

    def _finish_seat_harvest(self, top: tuple) -> None:
        """FG-HRV-8: abandoned cards turn face down when the owner's harvest ends."""
        for p in top[3]:
            self._make_wasteland(top[1], p)

    def _make_wasteland(self, seat: int, p: int) -> None:
        """FG-HRV-12/13: the card turns face down; its Equipment leaves the game."""
        if self._events is not None:
            self._events.add("wasteland", seat, {"card": CARDS[self.pcard[seat][p]].name,
                                                 "cell": cell_name(self.pcell[seat][p])})
        self.pdown[seat][p] = True
        if R.EQUIPMENT_LOST_WITH_WASTELAND:
            self.peq[seat][p] = ()

    def _end_year(self) -> None:
        if self.year == 4:  # FG-YR-6
            self.phase = OVER
            self.frames.clear()
            if self._events is not None:
                self._events.add("game_over", None, {"scores": self.scores(), "ranking": self.ranking()})
            return
        self.year += 1  # FG-HRV-15: the First Player token passes left
        self._begin_year()

    # ------------------------------------------------------------------ playing
    @property
    def current_player(self) -> int | None:
        if self.frames and self.frames[-1][0] != "hold":
            return self.frames[-1][1]
        return None

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTION_IDS

    def _public_notation(self, action) -> str:
        """A 3–4 player pick is committed face down (FG-ACT-2, FG-HID-3): shown as a bare
        'pick' until the reveal. Everything else, and 2-player picks from the open display,
        is public."""
        a = action if isinstance(action, Action) else Action(*action)
        if a.kind == PICK and self.num_players >= 3:
            return "pick (face down)"
        return str(a)

    def in_subdecision(self) -> bool:
        return bool(self.frames) and self.frames[-1][0] in ("pay", "fill", "sell", "equip")

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def apply(self, action) -> None:
        if not isinstance(action, Action):
            # Slow path: notation, or a plain tuple of four whole numbers; anything else
            # (another game's action, a list, None...) is refused before the state is touched.
            action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        if self._legal is None:
            self._legal = self._generate()
        if action not in self._legal:
            raise self.refuse(action)
        seat = self.current_player
        self._revealed_flag = False
        if self._events is not None:
            self._events.step = len(self.history) + 1
        self._do(action)
        self.history.append(action)
        self.history_seats.append(seat)
        if self._events is None:
            self._advance()
        else:
            mark = len(self._events)
            self._advance()
            for event in self._events.full[mark:]:
                if event["kind"] in ("pay_water", "water"):
                    event["auto"] = True  # done by itself (one way only): no action shows it
        if self._revealed_flag:
            self.undo_floor = len(self.history)  # hidden cards or tiles came into view
            self._revealed_flag = False

    def _generate(self) -> list[Action]:
        if not self.frames:
            return []
        top = self.frames[-1]
        fk, seat = top[0], top[1]
        if fk == "water":
            return [Action(WATER, self.pcell[seat][p]) for p in self.towers(seat)
                    if self.pwater[seat][p] < self.tower_capacity(seat, p)]
        if fk == "split":
            from .actions import SPLIT_INDEX
            return [Action(SPLIT, SPLIT_INDEX[sp]) for sp in self.legal_splits()]
        if fk == "commit":
            return [Action(PICK, cid) for cid in sorted(set(self.hands[seat]))]
        if fk == "take":
            return self._install_actions(seat) + [Action(PICK, cid) for cid in sorted(set(self.display))]
        if fk == "act":
            # FG-EQ-6: with 2 players a stored tile is installed before the seat takes a card.
            installs = [] if self.two_player else self._install_actions(seat)
            return installs + self._act_actions(seat, top[2])
        if fk == "pay":
            return [Action(PAY, self.pcell[seat][p]) for p in self.towers_in_range(seat, top[2])
                    if self.pwater[seat][p] > 0]
        if fk == "fill":
            return [Action(FILL, self.pcell[seat][p]) for p in self._fill_targets(seat, top[2], top[3])]
        if fk == "sell":
            return [Action(SELL, k) for k in range(min(top[2], self.food[seat]) + 1)]
        if fk == "equip":
            out = []
            for k in sorted(set(top[2])):
                out.extend(Action(EQUIP, k, self.pcell[seat][p]) for p in self._fits(seat, k))
                out.append(Action(EQUIP, k, 0, 1))
            return out
        if fk == "harvest":
            out = [] if top[4] else self._install_actions(seat)
            if not top[2]:  # FG-EQ-6: nothing to harvest, but stored tiles may still go in
                return out + [Action(DONE)] if out else []
            for p in top[2]:
                cell = self.pcell[seat][p]
                if self.can_pay_harvest(seat, p):
                    out.append(Action(HARVEST, cell))
                if any(self.harvest_cost(seat, p)):  # FG-HRV-7: free harvests cannot be abandoned
                    out.append(Action(ABANDON, cell))
            return out
        return []

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

    # ------------------------------------------------------------------ doing
    def _do(self, action: Action) -> None:
        self._legal = None
        top = self.frames[-1]
        fk, seat = top[0], top[1]
        k = action.kind
        log = self._events
        if k == INSTALL:
            self.stored[seat].remove(action.a)
            self._install(seat, self.cells[seat][action.b], action.a)
            if log is not None:
                p = self.cells[seat][action.b]
                log.add("install", seat, {"tile": EQUIPMENT[action.a].name,
                                          "card": CARDS[self.pcard[seat][p]].name,
                                          "cell": cell_name(action.b)})
            if fk == "harvest":
                pass  # installing does not start the harvest
            return
        if fk == "water":
            self.frames.pop()
            self._add_water(seat, self.cells[seat][action.a], 1)
            if log is not None:
                log.add("water", seat, {"cell": cell_name(action.a), "amount": 1})
            if top[2] > 1:
                self.frames.append(("water", seat, top[2] - 1))
            return
        if fk == "split":
            self.frames.pop()
            self._draw(seat, SPLITS[action.a])
            return
        if fk == "commit":
            self.frames.pop()
            self.hands[seat].remove(action.a)
            self.picks[seat] = action.a
            if log is not None:  # FG-HID-3: the card stays secret until the reveal
                log.add("pick", seat, {"card": CARDS[action.a].name}, seen_by=frozenset((seat,)), public={})
            return
        if fk == "take":
            self.frames.pop()
            self.display.remove(action.a)
            self.picks_made += 1
            if self.picks_made % 2 == 0 and self.pile:
                self.frames.append(("reveal2", -1))  # FG-2P-3: after the pair
            self.revealed = [-1] * self.num_players
            self.revealed[seat] = action.a
            self.frames.append(("act", seat, action.a))
            if log is not None:
                log.add("take", seat, {"card": CARDS[action.a].name})
            return
        if fk == "act":
            self.frames.pop()
            self._do_act(seat, top[2], action)
            return
        if fk == "pay":
            self.frames.pop()
            p = self.cells[seat][action.a]
            self.pwater[seat][p] -= 1
            if log is not None:
                log.add("pay_water", seat, {"cell": cell_name(action.a), "amount": 1})
            if top[3] > 1:
                self.frames.append(("pay", seat, top[2], top[3] - 1))
            return
        if fk == "fill":
            self.frames.pop()
            p = self.cells[seat][action.a]
            before = self.pwater[seat][p]
            if top[4] == 0:  # Well: up to capacity
                self.pwater[seat][p] = self.tower_capacity(seat, p)
            else:
                self._add_water(seat, p, top[4])
            if log is not None:
                log.add("fill", seat, {"cell": cell_name(action.a), "amount": self.pwater[seat][p] - before})
            return
        if fk == "sell":
            self.frames.pop()
            self.food[seat] -= action.a
            self.coins[seat] += action.a * top[3]
            if log is not None:
                log.add("sell", seat, {"food": action.a, "coins": action.a * top[3]})
            return
        if fk == "equip":
            self.frames.pop()
            drawn, known = list(top[2]), list(top[3])
            i = drawn.index(action.a)
            del drawn[i], known[i]
            # FG-HID-6/11: the drawer now knows where the rest lie, and so does any seat that
            # already knew one of them (the order they go under in is a rule).
            known = [m | 1 << seat for m in known]
            if R.EQUIPMENT_REST_KEEP_ORDER:
                drawn.reverse()
                known.reverse()
            self.eq_stack[:0] = drawn  # FG-EQ-1: the rest go under the stack
            self.eq_known[:0] = known
            if action.c:
                self.stored[seat].append(action.a)
            else:
                self._install(seat, self.cells[seat][action.b], action.a)
            if log is not None:
                card = None if action.c else CARDS[self.pcard[seat][self.cells[seat][action.b]]].name
                log.add("equip", seat, {"tile": EQUIPMENT[action.a].name, "card": card,
                                        "cell": None if action.c else cell_name(action.b)})
            return
        if fk == "harvest" and k == DONE:
            self.frames[-1] = ("harvest", seat, (), top[3], True)
            return
        if fk == "harvest":
            p = self.cells[seat][action.a]
            pending = tuple(q for q in top[2] if q != p)
            abandoned = top[3]
            if log is not None:
                name = CARDS[self.pcard[seat][p]].name
                if k == ABANDON:
                    log.add("abandon", seat, {"card": name})
                else:
                    c, w, f = self.harvest_cost(seat, p)
                    log.add("harvest", seat, {"card": name, "coins": c, "food": f, "water": w})
            if k == ABANDON:
                if R.WASTELAND_AT_END_OF_OWN_HARVEST:
                    abandoned += (p,)
                else:
                    self._make_wasteland(seat, p)
            self.frames[-1] = ("harvest", seat, pending, abandoned, True)
            if k == HARVEST:
                c, w, f = self.harvest_cost(seat, p)
                self.coins[seat] -= c
                self.food[seat] -= f  # FG-HRV-6: paid Food leaves the Silos at once
                self.frames.append(("effects", seat, p, "harvest"))
                if w:
                    self.frames.append(("pay", seat, self.pcell[seat][p], w))
            return
        raise IllegalAction(f"{action} cannot be done now")  # pragma: no cover

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
                if kind == "gain_per":
                    amount = self._count(seat, p, e.scope, e.match)
                    if e.max >= 0:
                        amount = min(amount, e.max)
                    amount *= e.per
                else:
                    amount = 0 if self._count(seat, p, "adjacent", e.match) else e.amount
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

    # ------------------------------------------------------------------ automation
    def _advance(self) -> None:
        """Run every step that needs no decision, until a real choice (or the end)."""
        while True:
            if not self.frames:
                if not self._next_step():
                    self._legal = []
                    return
                continue
            top = self.frames[-1]
            fk = top[0]
            if fk not in _DECISIONS:
                self.frames.pop()
                if fk == "effects":
                    self._run_effects(top[1], top[2], top[3])
                elif fk == "gain_eq":
                    self._gain_equipment(top[1])
                elif fk == "reveal2":
                    shown = len(self.display)
                    for _ in range(min(R.REVEAL_2P, len(self.pile))):
                        self.display.append(self.pile.pop())
                    self._revealed_flag = True
                    if self._events is not None:
                        self._events.add("display", None,
                                         {"revealed": [CARDS[c].name for c in self.display[shown:]]})
                continue
            seat = top[1]
            if fk == "hold":  # a pause set by scenario.py: nothing moves until it is removed
                self._legal = []
                return
            if fk == "harvest" and not top[2] and (top[4] or not self._install_actions(seat)):
                self.frames.pop()
                self._finish_seat_harvest(top)
                continue
            if fk == "water":
                room = [p for p in self.towers(seat) if self.pwater[seat][p] < self.tower_capacity(seat, p)]
                total = sum(self.tower_capacity(seat, p) - self.pwater[seat][p] for p in room)
                if total <= top[2]:  # FG-MNT-3: everything fits one way only; the rest is lost
                    self.frames.pop()
                    for p in room:
                        if self._events is not None:
                            self._events.add("water", seat, {
                                "cell": cell_name(self.pcell[seat][p]),
                                "amount": self.tower_capacity(seat, p) - self.pwater[seat][p]})
                        self.pwater[seat][p] = self.tower_capacity(seat, p)
                    continue
            if fk == "pay":
                in_range = [p for p in self.towers_in_range(seat, top[2]) if self.pwater[seat][p] > 0]
                if sum(self.pwater[seat][p] for p in in_range) <= top[3]:
                    self.frames.pop()
                    for p in in_range:
                        if self._events is not None:
                            self._events.add("pay_water", seat, {"cell": cell_name(self.pcell[seat][p]),
                                                                 "amount": self.pwater[seat][p]})
                        self.pwater[seat][p] = 0
                    continue
            acts = self._generate()
            if len(acts) == 1 and self._forced_in_public(top):
                self._do(acts[0])
                continue
            if fk == "harvest" and acts and all(a.kind == ABANDON for a in acts):
                # Nothing left can be paid and nothing can change that: abandon the rest at once.
                self.frames[-1] = ("harvest", seat, (), top[3] + top[2], True)
                continue
            if not acts:  # a fill with no target or an empty equip draw: nothing happens
                self.frames.pop()
                continue
            self._legal = acts
            return

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

    def _next_step(self) -> bool:
        """Move the year on when no frame is pending; False once the game is over."""
        if self.phase == MAINTENANCE:
            self._begin_action()
            return True
        if self.phase == ACTION:
            if self.two_player:
                if self.picks_made >= 2 * R.TURNS or (not self.display and not self.pile):
                    self._begin_harvest()
                    return True
                seat = self.first_player if self.picks_made % 2 == 0 else 1 - self.first_player
                self.frames.append(("take", seat))
                return True
            if self.stage == COMMIT:
                self._reveal_and_pass()
                return True
            if self.turn >= R.TURNS:  # FG-ACT-10
                self._begin_harvest()
                return True
            self.turn += 1
            self._begin_turn()
            return True
        if self.phase == HARVEST_PHASE:
            if self.harvest_idx < self.num_players:
                seat = self.order()[self.harvest_idx]
                self.harvest_idx += 1
                self._start_seat_harvest(seat)
                return True
            self._end_year()
            return self.phase != OVER
        return False

    # ------------------------------------------------------------------ scoring (FG-END)
    def end_game_vp(self, seat: int, p: int) -> int:
        """VP of one face-up card's End-game effects on the farm as it stands (FG-END-8)."""
        if self.pdown[seat][p]:
            return 0
        total = 0
        for e in CARDS[self.pcard[seat][p]].effects:
            if e.when != "end":
                continue
            if e.kind == "gain_per":
                n = self._count(seat, p, e.scope, e.match)
                if e.max >= 0:
                    n = min(n, e.max)
                total += n * e.per
            elif e.kind == "distinct_adjacent":
                kinds = set()
                for q in self.face_up_neighbours(seat, self.pcell[seat][p]):
                    kinds |= CATS[self.pcard[seat][q]] & set(e.match)
                total += len(kinds) * e.per
            elif e.kind == "distinct_subtypes":
                subs = {CARDS[c].subtype for q, c in enumerate(self.pcard[seat])
                        if not self.pdown[seat][q] and CARDS[c].deck in e.decks}
                n = len(subs - {""})
                if e.max >= 0:
                    n = min(n, e.max)
                total += n * e.per
        return total

    def score_parts(self, seat: int) -> dict[str, int]:
        """The score by the rulebook's end-scoring items (FG-END-2..7), from the farm as it is."""
        printed = end_eq = end_cards = empty = 0
        for p, cid in enumerate(self.pcard[seat]):
            if cid == TOWER_ID and self.pwater[seat][p] == 0:
                empty += R.EMPTY_TOWER_VP  # FG-END-7
            if self.pdown[seat][p]:
                continue
            printed += CARDS[cid].vp  # FG-END-2
            end_eq += sum(EQ_END_VP[k] for k in self.peq[seat][p])  # FG-END-4
            end_cards += self.end_game_vp(seat, p)
        return {
            "printed": printed,
            "tokens": self.vp[seat],  # FG-END-3
            "equipment": end_eq,
            "stored": R.STORED_EQUIPMENT_VP * len(self.stored[seat]),  # FG-END-5
            "coins": self.coins[seat] // R.COINS_PER_VP,  # FG-END-6
            "food": self.food[seat] // R.FOOD_PER_VP,
            "empty_towers": empty,
            "end_game": end_cards,
        }

    def score(self, seat: int) -> int:
        return sum(self.score_parts(seat).values())

    def _score_breakdown(self, seat: int) -> dict[str, int]:
        """Points by source: each card's printed and end-game VP, each Equipment tile's end VP,
        the VP tokens by the card (or tile) that gave them (from the event log), stored
        Equipment, coins, food and empty Water Towers."""
        out: dict[str, int] = {}

        def add(label: str, n: int) -> None:
            if n:
                out[label] = out.get(label, 0) + n

        for p, cid in enumerate(self.pcard[seat]):
            name = CARDS[cid].name
            if cid == TOWER_ID and self.pwater[seat][p] == 0:
                add("empty Water Towers (FG-END-7)", R.EMPTY_TOWER_VP)
            if self.pdown[seat][p]:
                continue
            add(source(name, "printed VP"), CARDS[cid].vp)
            add(source(name, "end of game"), self.end_game_vp(seat, p))
            for k in self.peq[seat][p]:
                add(source(EQUIPMENT[k].name, "Equipment, end of game"), EQ_END_VP[k])
        self.record_events()
        tokens = points_by_source(self._events.full, seat)
        for label, n in tokens.items():
            add(label, n)
        add(f"VP tokens {EARLIER}", self.vp[seat] - sum(tokens.values()))
        add("stored Equipment (FG-END-5)", R.STORED_EQUIPMENT_VP * len(self.stored[seat]))
        add(f"coins (1 VP per {R.COINS_PER_VP})", self.coins[seat] // R.COINS_PER_VP)
        add(f"food (1 VP per {R.FOOD_PER_VP})", self.food[seat] // R.FOOD_PER_VP)
        return out

    def scores(self) -> list[int]:
        return [self.score(s) for s in range(self.num_players)]

    def farm_size(self, seat: int) -> int:
        if R.TIEBREAK_COUNTS_WASTELAND:
            return len(self.pcard[seat])
        return sum(1 for d in self.pdown[seat] if not d)

    def rank_keys(self) -> list[tuple]:
        """FG-END-10: score, then cards in the farm, then coins; equal keys share a place."""
        return [(self.score(s), self.farm_size(s), self.coins[s]) for s in range(self.num_players)]

    def describe_event(self, event: dict, labels: list[str] | None = None) -> str:
        return describe_event(event, labels)

    def event_is_news(self, event: dict) -> bool:
        return is_news(event)

    # ------------------------------------------------------------------ clone & hidden info
    def clone(self) -> FieldsState:
        c = FieldsState.__new__(FieldsState)
        d = c.__dict__
        d.update(self.__dict__)
        c.rng = self.rng.clone()
        c._events = None  # search clones keep no log
        c.options = dict(self.options)
        c.history = self.history[:]
        c.history_seats = self.history_seats[:]
        c.decks = [x[:] for x in self.decks]
        c.eq_stack = self.eq_stack[:]
        c.eq_known = self.eq_known[:]
        c.discard = self.discard[:]
        c.coins = self.coins[:]
        c.food = self.food[:]
        c.vp = self.vp[:]
        c.stored = [x[:] for x in self.stored]
        c.pcard = [x[:] for x in self.pcard]
        c.pcell = [x[:] for x in self.pcell]
        c.pdown = [x[:] for x in self.pdown]
        c.pwater = [x[:] for x in self.pwater]
        c.peq = [x[:] for x in self.peq]
        c.cells = [x.copy() for x in self.cells]
        c._front = self._front[:]
        c.hands = [x[:] for x in self.hands]
        c.origin = self.origin[:]
        c.held = self.held[:]
        c.picks = self.picks[:]
        c.revealed = self.revealed[:]
        c.splits = self.splits[:]
        c.pile = self.pile[:]
        c.display = self.display[:]
        c.frames = self.frames[:]
        c._legal = None if self._legal is None else self._legal[:]
        return c

    def _determinize(self, seat: int, rng) -> FieldsState:
        """Re-deal everything ``seat`` cannot see (FG-HID-8..11).

        Hidden cards are exchanged only with hidden cards of the same deck, so every public
        count stays; hands the seat has held keep their (known) contents, and only which of
        their cards is the committed pick is re-sampled.
        """
        from .hidden import determinize

        return determinize(self, seat, rng)

    def _observation(self, seat: int) -> dict:
        from .hidden import observation

        return observation(self, seat)

    def hand_deck_counts(self, s: int) -> list[int]:
        """FG-HID-9: per-deck counts of a hand together with its unrevealed pick (public)."""
        counts = [0, 0, 0, 0]
        for cid in self.hands[s]:
            counts[DECK_OF[cid]] += 1
        if self.picks[s] >= 0:
            counts[DECK_OF[self.picks[s]]] += 1
        return counts

    def describe_decision(self, viewer: int | None = None) -> str:
        if self.phase == OVER or not self.frames or self.frames[-1][0] == "hold":
            return "the game is over" if self.phase == OVER else "nobody is to act"
        top = self.frames[-1]
        fk, seat = top[0], top[1]
        words = {
            "water": "place income Water on a Tower",
            "split": "declare a draw split (6 cards from at least 3 decks)",
            "commit": "choose a card to pick this turn (kept hidden until everyone has picked)",
            "take": "take a card from the display",
            "act": "choose what to do with the revealed pick",
            "pay": "choose a Tower to pay Water from",
            "fill": "choose the Tower that receives Water",
            "sell": "choose how much Food to sell",
            "equip": "choose the Equipment tile to keep, and install or store it",
            "harvest": "harvest: pay for or abandon each harvest card (stored Equipment may go in first)",
        }
        text = f"seat {seat}: {words[fk]}"
        # The pick is named only where the viewer may see it: its owner, or everyone once revealed
        # (FG-HID-3); with no viewer given, only when it is public.
        if fk == "act" and (viewer == seat or self.stage == RESOLVE or self.two_player):
            text += f" ({CARDS[top[2]].name})"
        return text

    # ------------------------------------------------------------------ ids and notation
    def _piece(self, seat: int, cell: int, what: str) -> int:
        p = self.cells[seat].get(cell)
        if p is None:
            raise IllegalAction(f"seat {seat} has no card at {cell_name(cell)} ({what})")
        if p >= R.MAX_PIECES:
            raise IllegalAction(f"card #{p} of seat {seat} lies beyond the id bound of {R.MAX_PIECES} cards")
        return p

    def _action_id(self, action) -> int:
        a = action if isinstance(action, Action) else Action(*action)
        k = a.kind
        if not 0 <= k < len(KIND_WORDS):
            raise IllegalAction(f"{tuple(a)} has kind {k}, which is not an action kind; kinds run "
                                f"0-{len(KIND_WORDS) - 1} ({', '.join(KIND_WORDS)})")
        if k == SPLIT:
            return OFF_SPLIT + a.a
        if k == PICK:
            return OFF_PICK + a.a
        if k == MARKET:
            return OFF_MARKET + a.a
        if k == SELL:
            return OFF_SELL + a.a
        if k == DONE:
            return OFF_DONE
        seat = self.current_player
        if seat is None:
            raise IllegalAction("the game is over")
        if k in NEW_KINDS:
            idx = self.frontier_info(seat)[1].get(a.a)
            if idx is None:
                raise IllegalAction(f"cell {cell_name(a.a)} is not an empty cell next to seat {seat}'s "
                                    f"farm ({a})")
            if idx >= R.MAX_FRONTIER:  # pragma: no cover - a farm never gets near the bound
                raise IllegalAction(f"frontier cell #{idx} lies beyond the id bound of {R.MAX_FRONTIER}")
            return OFF_NEW + NEW_KINDS.index(k) * R.MAX_FRONTIER + idx
        if k in PIECE_KINDS:
            p = self._piece(seat, a.a, KIND_WORDS[k])
            return OFF_PIECE + PIECE_KINDS.index(k) * R.MAX_PIECES + p
        if k == EQUIP:
            p = R.MAX_PIECES if a.c else self._piece(seat, a.b, "equip")
            return OFF_EQUIP + a.a * (R.MAX_PIECES + 1) + p
        p = self._piece(seat, a.b, "install")
        return OFF_INSTALL + a.a * R.MAX_PIECES + p

    def _action_from_id(self, action_id: int) -> Action:
        i = action_id
        if i < OFF_PICK:
            return Action(SPLIT, i - OFF_SPLIT)
        if i < OFF_MARKET:
            return Action(PICK, i - OFF_PICK)
        if i < OFF_SELL:
            return Action(MARKET, i - OFF_MARKET)
        if i < OFF_NEW:
            return Action(SELL, i - OFF_SELL)
        if i == OFF_DONE:
            return Action(DONE)
        seat = self.current_player
        if seat is None:
            raise IllegalAction("the game is over")
        if i < OFF_PIECE:
            k, n = divmod(i - OFF_NEW, R.MAX_FRONTIER)
            front = self.frontier_info(seat)[0]
            if n >= len(front):
                raise BadActionId(f"action id {action_id} names frontier cell #{n}, "
                                    f"but seat {seat}'s farm has {len(front)}")
            return Action(NEW_KINDS[k], front[n])

        def cell(p: int) -> int:
            if p >= len(self.pcell[seat]):
                raise BadActionId(f"action id {action_id} names card #{p}, which seat {seat} does not have")
            return self.pcell[seat][p]

        if i < OFF_EQUIP:
            j = i - OFF_PIECE
            return Action(PIECE_KINDS[j // R.MAX_PIECES], cell(j % R.MAX_PIECES))
        if i < OFF_INSTALL:
            j = i - OFF_EQUIP
            k, p = divmod(j, R.MAX_PIECES + 1)
            return Action(EQUIP, k, 0, 1) if p == R.MAX_PIECES else Action(EQUIP, k, cell(p))
        k, p = divmod(i - OFF_INSTALL, R.MAX_PIECES)
        return Action(INSTALL, k, cell(p))

    def _parse_structural(self, text: str) -> Action:
        words = text.strip().split(" ", 1)
        kind_word = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        if kind_word not in KIND_WORDS:
            raise IllegalAction(f"unknown action {kind_word!r}; actions are {', '.join(KIND_WORDS)}")
        k = KIND_WORDS.index(kind_word)
        try:
            if k == SPLIT:
                from .actions import SPLIT_INDEX
                parts = tuple(int(v) for v in rest.split("/"))
                if parts not in SPLIT_INDEX:
                    raise ValueError("a split is four counts like 2/2/1/1 that add up to 6")
                return Action(SPLIT, SPLIT_INDEX[parts])
            if k == PICK:
                return Action(PICK, find_card(rest).id)
            if k in CELL_KINDS:
                return Action(k, parse_cell(rest))
            if k == DONE:
                if rest:
                    raise ValueError("done takes nothing after it")
                return Action(DONE)
            if k in (MARKET, SELL):
                v = int(rest)
                if not 0 <= v <= 2:
                    raise ValueError("sell 0, 1 or 2 Food")
                return Action(k, v)
            name, _, where = rest.rpartition(" ")
            kind = find_equipment(name)
            if k == EQUIP and where.lower() == "store":
                return Action(EQUIP, kind.id, 0, 1)
            return Action(k, kind.id, parse_cell(where))
        except (KeyError, ValueError) as exc:
            raise IllegalAction(f"cannot read {text!r}: {exc}") from None

    def _explain_illegal(self, action) -> str:
        a = action if isinstance(action, Action) else Action(*action)
        if self.current_player is None:
            return "nobody is to act now"
        top = self.frames[-1]
        fk, seat = top[0], top[1]
        k = a.kind
        expected = {
            "water": (WATER,), "split": (SPLIT,), "commit": (PICK,), "take": (PICK, INSTALL),
            "act": (BUILD, TOWER, SILO, MARKET, RESTORE, INSTALL), "pay": (PAY,), "fill": (FILL,),
            "sell": (SELL,), "equip": (EQUIP,), "harvest": (HARVEST, ABANDON, INSTALL, DONE),
        }[fk]
        if k not in expected:
            return f"seat {seat} must now {self.describe_decision(seat).split(': ', 1)[1]}"
        if k == SPLIT:
            return "a split must take 6 cards from at least 3 decks (every non-empty one if fewer) " \
                   "and no more than a deck holds"
        if k == PICK:
            return "that card is not in your hand" if fk == "commit" else "that card is not on the display"
        if k == BUILD:
            coins, water, food = CARDS[top[2]].cost
            if a.a not in self.frontier(seat):
                return "a card must go on an empty cell beside a card of your farm"
            if self.coins[seat] < coins or self.food[seat] < food:
                return f"{CARDS[top[2]].name} costs {coins} coins and {food} Food"
            return f"{CARDS[top[2]].name} needs {water} Water from Towers within range of that cell"
        if k in (TOWER, SILO):
            if k == TOWER and (self.towers_left == 0 or self.coins[seat] < R.TOWER_PRICE):
                return "a Water Tower needs 2 coins and a card left in the supply"
            if k == SILO and self.silos_left == 0:
                return "the Silo supply is empty"
            return "it must go on an empty cell beside a card of your farm"
        if k in (MARKET, SELL):
            return "you can sell only Food you have, at most 2"
        if k == RESTORE:
            return "restoring needs 1 coin and one of your Wasteland cards"
        if k == PAY:
            return "that Tower has no Water or is out of range"
        if k == WATER:
            return "that is not one of your Towers with room"
        if k == FILL:
            return "that Tower is out of range or full"
        if k == DONE:
            return "done ends a harvest only when no card is left to resolve"
        if k in (HARVEST, ABANDON):
            if k == ABANDON:
                return "that card is not waiting to harvest, or its harvest costs nothing and must be done"
            return "that card is not waiting to harvest, or you cannot pay its whole cost"
        if k == INSTALL and (top[0] == "harvest" and top[4]):
            return "stored Equipment can be installed only at the start of your harvest"
        if k == INSTALL and fk == "act" and self.two_player:
            return "with 2 players stored Equipment is installed before taking a card"
        return "that tile does not fit there (category, 2 tiles at most, never two of a kind)"

    # ------------------------------------------------------------------ records
    def _state_to_json(self) -> dict:
        from .snapshot import state_to_json

        return state_to_json(self)

    @classmethod
    def _state_from_json(cls, data: dict) -> FieldsState:
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
        # Per seat and year: 2 water + 1 split + 6 picks, each with its action, up to 3 Water
        # payments, 2 Equipment choices, a fill or a sale; a harvest of at most 26 cards, each
        # with a choice, 2 payments, a fill and an Equipment choice, or a `done`; plus installs
        # of stored tiles (30 tiles in the game).
        return 4 * self.num_players * (4 + 6 * 8 + 26 * 5) + 30


def _path_dist(cells: dict[int, int], a: int, b: int, limit: int) -> int | None:
    """Steps from cell ``a`` to ``b`` through occupied cells, if within ``limit``."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        if c == b:
            return dist[c]
        if dist[c] >= limit:
            continue
        for nb in neighbours(c):
            if nb in cells and nb not in dist:
                dist[nb] = dist[c] + 1
                queue.append(nb)
    return None
