"""The year: maintenance (income, water, draws), the action phase's turns (commit, reveal and pass;
the 2-player display), the harvest phase's order, Wasteland, and the end of the year (FG-YR,
FG-MNT, FG-ACT, FG-2P, FG-HRV-8/12/13).

A part of :class:`~.state.FieldsState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    SPLITS,
    cell_name,
    split_name,
)
from .constants import (
    ACTION,
    COMMIT,
    HARVEST_PHASE,
    MAINTENANCE,
    OVER,
    RESOLVE,
)
from .content import CARDS


class YearRules:
    """The year."""

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
