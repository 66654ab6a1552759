"""The year: Maintenance (income, Water, the draw), the Action phase's turns (3–4 players:
picks committed face down, passed and revealed; 2 players: the open display), the harvest
phase's order and the end of the year (FG-YR, FG-MNT, FG-ACT, FG-2P, FG-HRV-1, FG-HRV-15).
"""

from __future__ import annotations

from . import rulings as R
from .actions import INSTALL, PICK, SPLIT, SPLIT_INDEX, SPLITS, Action, split_name
from .constants import ACTION, COMMIT, HARVEST_PHASE, MAINTENANCE, OVER, RESOLVE
from .content import CARDS
from .equipment import install_actions, install_stored
from .farm import gain_food
from .frames import Act, Commit, RevealPair, SplitChoice, Take, WaterPlacement
from .harvest import start_seat_harvest
from .queries import direction, first_player, legal_splits, resolution_order, turn_order, two_player


def begin_year(state) -> None:
    """Maintenance (FG-MNT): income from year 2, then each seat's draw and its Water to place."""
    n = state.num_players
    state.phase = MAINTENANCE
    state.splits = [None] * n
    state.hands = [[] for _ in range(n)]
    state.origin = list(range(n))
    state.held = [1 << s for s in range(n)]
    state.picks = [-1] * n
    state.revealed = [-1] * n
    order = turn_order(state)
    log = state._events
    if log is not None:
        log.add("year", None, {"year": state.year, "first_player": first_player(state),
                               "direction": "left" if direction(state) > 0 else "right"})
    if state.year >= R.INCOME_FROM_YEAR:  # FG-MNT-1
        for s in order:
            food = state.food[s]
            state.coins[s] += R.INCOME_COINS
            gain_food(state, s, R.INCOME_FOOD)
            if log is not None:
                log.add("income", s, {"coins": R.INCOME_COINS, "food": state.food[s] - food})
    if state.options.get("introductory"):
        for s in order:  # FG-MNT-12
            draw_split(state, s, R.INTRO_SPLITS[state.year - 1])
    else:
        for s in reversed(order):
            state.frames.append(SplitChoice(s))
    if state.year >= R.INCOME_FROM_YEAR:
        for s in reversed(order):
            state.frames.append(WaterPlacement(s, R.INCOME_WATER))


def draw_split(state, seat: int, split: tuple[int, ...]) -> None:
    """FG-MNT-7/8/11: the whole split is declared, then drawn from the deck tops."""
    state.splits[seat] = tuple(split)
    drawn = []
    for i, k in enumerate(split):
        for _ in range(k):
            drawn.append(state.decks[i].pop())
    if two_player(state):
        state.pile.extend(drawn)
    else:
        state.hands[seat].extend(drawn)
    state._reveals += 1
    if state._events is not None:
        public = {"split": split_name(split), "count": len(drawn)}
        if two_player(state):  # FG-HID-4: nobody sees the pile, not even the drawer
            state._events.add("split", seat, public)
        else:  # FG-HID-2
            state._events.add("split", seat, {**public, "cards": sorted(CARDS[c].name for c in drawn)},
                             seen_by=frozenset((seat,)), public=public)


def begin_action(state) -> None:
    """The Action phase: the shuffled pile's first display (2 players), else turn 1's picks."""
    state.phase = ACTION
    if two_player(state):  # FG-MNT-11, FG-2P-1
        state.rng.shuffle(state.pile)
        state.display = []
        for _ in range(min(R.DISPLAY_2P, len(state.pile))):
            state.display.append(state.pile.pop())
        state.picks_made = 0
        state._reveals += 1
        if state._events is not None:
            state._events.add("display", None, {"revealed": [CARDS[c].name for c in state.display]})
    else:
        state.turn = 1
        begin_turn(state)


def begin_turn(state) -> None:
    """A 3–4 player turn: every seat commits a pick, First Player first (FG-ACT-2)."""
    state.stage = COMMIT
    state.revealed = [-1] * state.num_players
    for s in reversed(turn_order(state)):
        state.frames.append(Commit(s))


def reveal_and_pass(state) -> None:
    """FG-ACT-3/4: pass the hands in the year's direction, reveal all picks together."""
    n = state.num_players
    d = direction(state)
    state.revealed = state.picks[:]
    state.picks = [-1] * n
    hands: list[list[int]] = [[] for _ in range(n)]
    origin = [0] * n
    for s in range(n):
        hands[(s + d) % n] = state.hands[s]
        origin[(s + d) % n] = state.origin[s]
    state.hands = hands
    state.origin = origin
    for s in range(n):
        if state.hands[s]:
            state.held[s] |= 1 << state.origin[s]
    state.stage = RESOLVE
    for s in reversed(resolution_order(state)):  # FG-ACT-5
        state.frames.append(Act(s, state.revealed[s]))
    state._reveals += 1
    if state._events is not None:
        state._events.add("reveal", None, {
            "picks": [CARDS[c].name if c >= 0 else None for c in state.revealed]})


def begin_harvest(state) -> None:
    """The harvest phase: seat by seat from the First Player (FG-HRV-1)."""
    state.phase = HARVEST_PHASE
    state.harvest_index = 0


def end_year(state) -> None:
    """The end of the game after year 4 (FG-YR-6), else the next year's Maintenance."""
    if state.year == 4:  # FG-YR-6
        state.phase = OVER
        state.frames.clear()
        if state._events is not None:
            state._events.add("game_over", None, {"scores": state.scores(), "ranking": state.ranking()})
        return
    state.year += 1  # FG-HRV-15: the First Player token passes left
    begin_year(state)


def next_step(state) -> bool:
    """Move the year on when no frame is pending; False once the game is over."""
    if state.phase == MAINTENANCE:
        begin_action(state)
        return True
    if state.phase == ACTION:
        if two_player(state):
            if state.picks_made >= 2 * R.TURNS or (not state.display and not state.pile):
                begin_harvest(state)
                return True
            seat = first_player(state) if state.picks_made % 2 == 0 else 1 - first_player(state)
            state.frames.append(Take(seat))
            return True
        if state.stage == COMMIT:
            reveal_and_pass(state)
            return True
        if state.turn >= R.TURNS:  # FG-ACT-10
            begin_harvest(state)
            return True
        state.turn += 1
        begin_turn(state)
        return True
    if state.phase == HARVEST_PHASE:
        if state.harvest_index < state.num_players:
            seat = turn_order(state)[state.harvest_index]
            state.harvest_index += 1
            start_seat_harvest(state, seat)
            return True
        end_year(state)
        return state.phase != OVER
    return False


# ---------------------------------------------------------------- the draw (FG-MNT-6..9)
def split_legal(state, frame: SplitChoice) -> list[Action]:
    return [_SPLIT_ACTIONS[SPLIT_INDEX[sp]] for sp in legal_splits(state)]


#: Each split's action, made once.
_SPLIT_ACTIONS = tuple(Action(SPLIT, i) for i in range(len(SPLITS)))


def split_do(state, frame: SplitChoice, action: Action) -> None:
    state.frames.pop()
    draw_split(state, frame.seat, SPLITS[action.a])


# ---------------------------------------------------------------- picks (FG-ACT-2, FG-2P-2/3)
def commit_legal(state, frame: Commit) -> list[Action]:
    return [Action(PICK, cid) for cid in sorted(set(state.hands[frame.seat]))]


def commit_do(state, frame: Commit, action: Action) -> None:
    """The pick stays secret until the reveal (FG-HID-3)."""
    seat = frame.seat
    state.frames.pop()
    state.hands[seat].remove(action.a)
    state.picks[seat] = action.a
    if state._events is not None:
        state._events.add("pick", seat, {"card": CARDS[action.a].name}, seen_by=frozenset((seat,)), public={})


def take_legal(state, frame: Take) -> list[Action]:
    """2 players: a stored tile may go in first (FG-EQ-6), then any card of the display."""
    seat = frame.seat
    return install_actions(state, seat) + [Action(PICK, cid) for cid in sorted(set(state.display))]


def take_do(state, frame: Take, action: Action) -> None:
    """2 players: a stored tile goes in (the decision stays), or the card leaves the display;
    after each pair more turn up (FG-2P-3)."""
    seat = frame.seat
    if action.kind == INSTALL:
        install_stored(state, seat, action)
        return
    state.frames.pop()
    state.display.remove(action.a)
    state.picks_made += 1
    if state.picks_made % 2 == 0 and state.pile:
        state.frames.append(RevealPair())
    state.revealed = [-1] * state.num_players
    state.revealed[seat] = action.a
    state.frames.append(Act(seat, action.a))
    if state._events is not None:
        state._events.add("take", seat, {"card": CARDS[action.a].name})


def reveal_pair(state, frame: RevealPair) -> None:
    """Automatic: cards from the pile turn up on the display (FG-2P-3)."""
    shown = len(state.display)
    for _ in range(min(R.REVEAL_2P, len(state.pile))):
        state.display.append(state.pile.pop())
    state._reveals += 1
    if state._events is not None:
        state._events.add("display", None, {"revealed": [CARDS[c].name for c in state.display[shown:]]})
