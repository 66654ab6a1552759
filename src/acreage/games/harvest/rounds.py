"""The round: Sunrise (the display, swaps in turn order, income), the Action phase's turns
round the table with Mayor Gairy's, Sunset and the end of the game (HV-SUN, HV-ACT, HV-SS,
HV-RND, HV-FFS-1).
"""

from __future__ import annotations

from . import rulings as R
from .actions import SUNRISE, Action, made
from .cards import shift
from .constants import FF1, FF2, FF3
from .content import BUILDINGS, FARMHOUSES, GAIRY, SPACES
from .content import SUNRISE as SUNRISE_TILES
from .frames import EndTurn, Income, SunriseSwap, Turn
from .gairy import gairy_turn
from .queries import ability, pieces_left, turn_order
from .setup import start_supply
from .supply import gain


# ---------------------------------------------------------------- Sunrise (HV-SUN)
def begin_sunrise(state) -> None:
    """HV-SUN-1..3: refresh the display, then swaps in turn order (Early Riser first)."""
    state.sunrise_stack[:0] = state.display
    state.display = [state.sunrise_stack.pop() for _ in range(min(R.DISPLAY_SIZE, len(state.sunrise_stack)))]
    state.undo_mark += 1
    if state._events is not None:
        state._events.add("round", None, {"round": state.round, "display": state.display[:]})
    order = turn_order(state)
    early = [s for s in order if ability(state, s) == "early_riser"]  # HV-CHR-5
    order = early + [s for s in order if s not in early]
    state.frames.append(Income())
    for s in reversed(order):
        state.frames.append(SunriseSwap(s))


def sunrise_legal(state, frame: SunriseSwap) -> list[Action]:
    return [made(SUNRISE, t) for t in sorted(state.display)]


def sunrise_do(state, frame: SunriseSwap, action: Action) -> None:
    """HV-SUN-2: take the display tile, leave one's own (the Early Riser gains a coin)."""
    s = frame.seat
    state.display[state.display.index(action.a)] = state.sunrise_tile[s]
    state.sunrise_tile[s] = action.a
    if ability(state, s) == "early_riser":
        state.coins[s] += 1
    state.frames.pop()


def income(state, frame: Income) -> None:
    """HV-SUN-4: tile, farmhouse, character, Sunrise buildings; then the Action phase."""
    for s in range(state.num_players):
        tile, house = state.sunrise_tile[s], FARMHOUSES[state.farmhouse[s]]
        gain(state, s, SUNRISE_TILES[tile - 1].income, f"Sunrise tile {tile}")
        gain(state, s, house.sunrise, f"{house.name}, Sunrise")
        for b, _ in state.buildings[s]:
            if BUILDINGS[b].type == "sunrise":
                gain(state, s, BUILDINGS[b].income, f"{BUILDINGS[b].name}, Sunrise")
    _begin_action(state)


# ---------------------------------------------------------------- the Action phase (HV-ACT)
def _begin_action(state) -> None:
    """Hand out the round's pieces (HV-ACT-8, HV-FNM-1) and Gairy's (HV-GAI-1/3)."""
    state.phase = "action"
    state.undo_mark += 1
    n = state.num_players
    for s in range(n):
        fm = ability(state, s) == "finn_maisie"
        state.wheelbarrows[s] = 0 if fm else R.WHEELBARROWS
        state.mice[s] = 3 if fm else 0
        state.basket[s] = 1 if state.fall_festival else 0
    if state.gairy:
        state.gairy_wheelbarrows = R.GAIRY_WHEELBARROWS[n]
        state.gairy_baskets = R.GAIRY_BASKETS[n] if state.fall_festival else 0
        state.gairy_deck = [t.area for t in GAIRY if state.fall_festival or not t.expansion
                            for _ in range(t.copies)]
        state.gairy_drawn = []
        state.rng.shuffle(state.gairy_deck)
    state.queue = []
    state.cycle_placed = False


def next_step(state) -> bool:
    """With no decision pending: the next seat's turn, Gairy's turn after each cycle, or the
    end of the round; setup's last step before round 1. False once the game is over."""
    if state.phase == "setup":
        start_supply(state)
        state.phase = "sunrise"
        state.undo_mark += 1
        begin_sunrise(state)
        return True
    if state.phase != "action":
        return False
    if state.queue:
        s = state.queue.pop(0)
        if pieces_left(state, s):
            state.frames.append(EndTurn(s))
            state.frames.append(Turn(s))
            state.cycle_placed = True
        return True
    if state.cycle_placed and state.gairy:  # HV-GAI-4
        state.cycle_placed = False
        gairy_turn(state)
        return True
    state.cycle_placed = False
    state.queue = [s for s in turn_order(state) if pieces_left(state, s)]
    if not state.queue:  # HV-ACT-1, HV-GAI-9
        end_round(state)
    return True


def end_turn(state, frame: EndTurn) -> None:
    """Automatic, after a seat's turn: refill the festival market (HV-FFC-4/6), the basket back
    with the Hand-Woven Basket (HV-NOV-12), this turn's cards usable from now on (HV-NOV-3)."""
    s = frame.seat
    if state.fall_festival and (state.festival_p1 < 0 or state.festival_p2 < 0):
        shift(state)
    if state.basket_back[s]:
        state.basket_back[s] = 0
        state.basket[s] += 1
        for sp in (FF1, FF2, FF3):
            here = state.occupants[sp]
            if s in here:
                at = here.index(s)
                state.occupants[sp] = (*here[:at], *here[at + 1:])
                break
    state.fresh[s] = []
    state.turn_number += 1
    state.undo_mark += 1  # the turn is over


# ---------------------------------------------------------------- Sunset and the end (HV-SS, HV-RND)
def end_round(state) -> None:
    """After the Action phase: the end of the game after round 4 (HV-RND-1), else Sunset and
    the next round's Sunrise."""
    if state._events is not None:
        state._events.add("sunset", None, {"round": state.round})
    if state.round >= R.ROUNDS:
        state.phase = "over"
        state.undo_mark += 1
        state.frames.clear()
        if state._events is not None:
            state._events.add("game_over", None, {"scores": state.scores(), "ranking": state.ranking()})
        return
    state.occupants = [() for _ in SPACES]  # HV-SS-1
    for s in range(state.num_players):
        state.placed[s], state.buildings_used[s], state.once_used[s] = (), (), 0
        state.wheelbarrows[s] = state.mice[s] = state.basket[s] = 0
    state.gairy_wheelbarrows = state.gairy_baskets = 0
    k = R.SLOTS_PER_ROW
    stack = state.building_stack  # HV-SS-2
    state.workshop_slots = [(stack.pop() if stack else -1) for _ in range(k)] + state.workshop_slots[: 2 * k]
    for st in state.market_stacks:  # HV-SS-3
        if st:
            state.market_discards.append(st.pop())
    if state.fall_festival:  # HV-FFS-1
        if state.festival_p1 >= 0:
            state.festival_discards.append(state.festival_p1)
            state.festival_p1 = -1
        shift(state)
    state.undo_mark += 1
    state.round += 1
    state.phase = "sunrise"
    begin_sunrise(state)
