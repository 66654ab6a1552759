"""Scoring: printed VP, VP tokens, end-game effects of cards and Equipment, stored Equipment,
coins, food and empty Towers, the breakdown by source and the tie-breaks (FG-END).

A part of :class:`~.state.FieldsState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from ...core.events import EARLIER, points_by_source
from . import rulings as R
from .constants import (
    CATS,
    EQ_END_VP,
    TOWER_ID,
)
from .content import CARDS, EQUIPMENT
from .events import source


class ScoringRules:
    """Scoring."""

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
