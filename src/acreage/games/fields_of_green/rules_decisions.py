"""Fields of Green's decision stack in play: the legal answers to the decision on top, and what
each answer does (FG-YR, FG-ACT, with the rules of each kind of decision it calls).

A part of :class:`~.state.FieldsState`: the state inherits these rules; they work on its flat
data (see ``state.py`` for the fields and the frames). ``_generate`` lists the actions that
answer the top frame; ``_do`` carries one out. Both run in search's inner loop, so each is one
flat dispatch on the frame's or the action's kind.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from . import rulings as R
from .actions import (
    ABANDON,
    DONE,
    EQUIP,
    FILL,
    HARVEST,
    INSTALL,
    PAY,
    PICK,
    SELL,
    SPLIT,
    SPLITS,
    WATER,
    Action,
    cell_name,
)
from .content import CARDS, EQUIPMENT


class DecisionRules:
    """Generating and doing the answers to the decision on top of the stack."""

    # ------------------------------------------------------------------ generating
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

    # ------------------------------------------------------------------ doing
    def _do(self, action: Action) -> None:
        """Carry out a legal action (no checks), by the frame it answers.

        One dispatcher rather than a method per frame kind: every action of every search passes
        through here, and each branch is a few lines of one rule; the longer rules it calls live in
        the phase modules (``rules_actions``, ``rules_year``, ``rules_farm``)."""
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
            return  # during a harvest, installing leaves the harvest frame as it was (FG-EQ-6)
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
