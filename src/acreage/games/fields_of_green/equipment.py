"""Equipment: drawing tiles to choose from, installing one on a card or storing it, and
installing stored tiles later (FG-EQ, FG-HID-6/11).
"""

from __future__ import annotations

from . import rulings as R
from .actions import EQUIP, INSTALL, Action, cell_name
from .content import CARDS, EQUIPMENT
from .farm import install
from .frames import Equip, GainEquipment
from .queries import fitting_cards


def install_actions(state, seat: int) -> list[Action]:
    """FG-EQ-6: stored tiles may be installed at the start of an own action or harvest."""
    if not R.STORED_EQUIPMENT_INSTALL_LATER:
        return []
    out: list[Action] = []
    for k in sorted(set(state.stored[seat])):
        out.extend(Action(INSTALL, k, state.piece_cells[seat][p]) for p in fitting_cards(state, seat, k))
    return out


def install_stored(state, seat: int, action: Action) -> None:
    """A stored tile goes on the card at ``action.b`` (FG-EQ-6)."""
    state.stored[seat].remove(action.a)
    install(state, seat, state.cells[seat][action.b], action.a)
    if state._events is not None:
        p = state.cells[seat][action.b]
        state._events.add("install", seat, {"tile": EQUIPMENT[action.a].name,
                                            "card": CARDS[state.piece_cards[seat][p]].name,
                                            "cell": cell_name(action.b)})


def gain_equipment(state, frame: GainEquipment) -> None:
    """Automatic, FG-EQ-1: draw up to 3 to choose from; nothing when the stack is empty
    (FG-EFX-11). Only the drawer sees the tiles (FG-HID-6)."""
    seat = frame.seat
    n = min(R.EQUIPMENT_DRAW, len(state.equipment_stack))
    if n == 0:
        return
    drawn, known = [], []
    for _ in range(n):  # top first; ``known``: the seats that knew each tile
        drawn.append(state.equipment_stack.pop())
        known.append(state.equipment_known.pop())
    state.frames.append(Equip(seat, tuple(drawn), tuple(known)))
    state._reveals += 1
    if state._events is not None:
        public = {"count": n}
        state._events.add("equipment", seat, {**public, "tiles": [EQUIPMENT[k].name for k in drawn]},
                          seen_by=frozenset((seat,)), public=public)


def equip_legal(state, frame: Equip) -> list[Action]:
    """Each drawn tile: on each card it fits (FG-EQ-3/4), or stored (FG-EQ-5)."""
    seat = frame.seat
    out: list[Action] = []
    for k in sorted(set(frame.drawn)):
        out.extend(Action(EQUIP, k, state.piece_cells[seat][p]) for p in fitting_cards(state, seat, k))
        out.append(Action(EQUIP, k, 0, 1))
    return out


def equip_do(state, frame: Equip, action: Action) -> None:
    """The chosen tile is installed or stored; the rest go under the stack (FG-EQ-1)."""
    seat = frame.seat
    state.frames.pop()
    drawn, known = list(frame.drawn), list(frame.known)
    i = drawn.index(action.a)
    del drawn[i], known[i]
    # FG-HID-6/11: the drawer now knows where the rest lie, and so does any seat that already
    # knew one of them (the order they go under in is a rule).
    known = [m | 1 << seat for m in known]
    if R.EQUIPMENT_REST_KEEP_ORDER:
        drawn.reverse()
        known.reverse()
    state.equipment_stack[:0] = drawn
    state.equipment_known[:0] = known
    if action.c:
        state.stored[seat].append(action.a)
    else:
        install(state, seat, state.cells[seat][action.b], action.a)
    if state._events is not None:
        card = None if action.c else CARDS[state.piece_cards[seat][state.cells[seat][action.b]]].name
        state._events.add("equip", seat, {"tile": EQUIPMENT[action.a].name, "card": card,
                                          "cell": None if action.c else cell_name(action.b)})
