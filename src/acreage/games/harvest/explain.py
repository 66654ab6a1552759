"""Words for people and the log: the event of each decision, why an action is not legal now, and
what the seat to act is deciding.

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
    COIN,
    FERT,
    FILL,
    HARVEST,
    KEEPC,
    KEEPH,
    NSPACES,
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
    place_target_name,
)
from .content import BUILDINGS, CHARACTERS, CROPS, FARMHOUSES, FESTIVAL, SPACES
from .events import SEED_NAMES


class ExplainRules:
    """Words for people and the log."""

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
