"""Words for people: why an action is not legal now, and what the seat to act is deciding.

A part of :class:`~.state.FoxgloveState`: the state inherits these rules; they work on its
flat data (see ``state.py`` for the fields).
"""

from __future__ import annotations

from . import rulings as R
from .actions import (
    BUILD,
    HAUL,
    MOVE,
    PAY,
    PLACE,
    TRAIL,
    UPGRADE,
    Action,
)
from .constants import (
    CONSTRUCTION,
    OVER,
    TRANSPORT,
)
from .content import TILES
from .geometry import (
    cell_name,
    is_tee,
    shape_name,
)
from .goods import GOODS, NUM_GOODS, format_goods


class ExplainRules:
    """Words for people."""

    def _explain_illegal(self, a: Action) -> str:
        """A specific reason why ``action`` is not legal now."""
        if self.phase == OVER:
            return "the game is over"
        seat = self.current_player
        k = a.kind
        legal_kinds = {x.kind for x in self.legal_actions()}
        if k not in legal_kinds:
            return f"that kind of action is not possible now ({self.describe_decision()})"
        cells = self.cells[seat]
        if k == BUILD:
            kind = TILES[a.a]
            if self._space_of(a.a) < 0:
                return f"{kind.name} is not on the display"
            have = self.totals(seat)
            return (f"{kind.name} costs {format_goods(kind.cost)} and your town holds "
                    f"{format_goods(have)}")
        if k in (PLACE, TRAIL):
            if a.a in cells:
                return f"cell {cell_name(a.a)} is already occupied"
            if a.a not in self._topology(seat).frontier:
                return f"cell {cell_name(a.a)} does not share an edge with your town"
            if k == TRAIL:
                need = self._required_openings(seat, a.a)
                if a.b & need != need:
                    return (f"a trail at {cell_name(a.a)} must open {shape_name(need)} so it does not "
                            "cut off a neighbouring trail")
                return "you cannot afford that trail (1 wood or stone; a T-junction costs 2)"
        if k == UPGRADE:
            code = cells.get(a.a)
            if code is None or code >= 0:
                return f"there is no trail at {cell_name(a.a)}"
            if is_tee(-code):
                return f"the trail at {cell_name(a.a)} is already a T-junction"
            live = self._live_openings(seat, a.a)
            if a.b & live != live:
                return f"the T-junction must keep the live openings {shape_name(live)}"
            return "an upgrade costs 1 wood or stone"
        if k in (PAY, HAUL, MOVE):
            code = cells.get(a.b, -1)
            if code < 0:
                return f"there is no building at {cell_name(a.b)}"
            if not self.cubes[seat][code * NUM_GOODS + a.a]:
                return f"the building at {cell_name(a.b)} holds no {GOODS[a.a]}"
            if k == PAY:
                return f"{GOODS[a.a]} is not part of what is still owed"
            if k == MOVE:
                dst = cells.get(a.c, -1)
                if dst < 0:
                    return f"there is no building at {cell_name(a.c)}"
                kind = TILES[self.kinds[seat][dst]]
                if not kind.accepts_goods(a.a):
                    return f"{kind.name} does not take {GOODS[a.a]}"
                if self.free_slots(seat, dst) <= 0:
                    return f"{kind.name} has no free slot"
                if seat in self.options.get("expert", ()):
                    return ("no trail path joins the two buildings through buildings that show "
                            f"{GOODS[a.a]} (expert variant)")
                return "no trail path joins the two buildings"
        return "it is not among the legal actions; list them to see what you can do"

    def describe_decision(self) -> str:
        """One line saying what the player to act is deciding."""
        if self.phase == OVER:
            return "the game is over"
        seat = self.current_player
        if self.frames:
            top = self.frames[-1]
            fk = top[0]
            if fk == "pay":
                rem = top[2]
                want = format_goods(rem[:5]) if any(rem[:5]) else ""
                if rem[5]:
                    want = (want + " + " if want else "") + f"{rem[5]} wood or stone"
                what = top[3][0]
                return f"seat {seat}: choose the cubes that pay for the {what} (still owed: {want})"
            if fk == "place":
                return f"seat {seat}: choose a cell for the {TILES[top[2]].name}"
            if fk == "trails":
                return f"seat {seat}: trail action ({top[2]} so far): build or upgrade trails, or done"
            if fk == "keep":
                b = top[2]
                name = TILES[self.kinds[seat][b]].name
                offer = format_goods(top[3])
                return f"seat {seat}: {name} has {top[4]} free slot(s) for {offer}: keep which?"
            if fk == "choose":
                return f"seat {seat}: choose the goods type for the {TILES[self.kinds[seat][top[2]]].name}"
            if fk == "tstart":
                return f"seat {seat}: start of transport: use Hauler's Hut / Porter's Lodge, or done"
        if self.phase == CONSTRUCTION:
            return f"seat {seat}: construction turn: build a tile, start a trail action, or pass"
        if self.phase == TRANSPORT:
            left = f" ({self.moves_left} moves left)" if self.moves_left <= R.MOVES_LEFT_SHOWN else ""
            return f"seat {seat}: transport cubes along your trails, then done{left}"
        return f"seat {seat}: final stage: move cubes and process as you like, then done"
