"""A beam search over whole turns to the game's next calm point, for single-player games.

Why: in Foxglove solo, tree search stopped getting stronger with more iterations
(research/bots-experiments.md) while a beam search that carries a few complete lines got
stronger with width. Two things set the beam apart. Every turn at the root is completed and
followed, so none is left unvisited by a short search. And every line is carried to the same
kind of position before it is judged: the game's horizon (``GameInfo.horizon``; Foxglove: the
next round's first construction decision, or the game's end, where the score is exact). So the
learned value compares towns at the same stage, with the round's construction, transport,
processing and harvest played, and never a leaf in mid-round against one in the next round,
where its per-round levels differ.

What: at each decision the agent shuffles what it cannot see once (``determinize``; a fresh
guess at every decision corrects the last one) and runs a beam over whole turns: each kept
position's legal steps are played and their turns completed greedily (``complete_turn`` with
the game's shortlist), forced steps and macros follow, and a line that reaches the horizon is
judged there. Of the others, the ``width`` best by the value are kept for the next level. The
first turn of the best judged line is played, and its placement and payment follow without a
new search. When the ``ms`` budget is spent, the beam narrows to its single best line, which
still reaches the horizon; at twice the budget it stops, and the lines judged so far decide
(each expanded position's "stop here" line, in Foxglove its pass, is among them).

With ``clock=1`` the budget works like a chess clock with an increment: every real choice the
bot is asked to make (two or more legal actions) adds ``ms`` to a bank, every call's time is
taken from it, and a search may spend what is banked, up to ``CLOCK_CAP`` times ``ms`` and never
less than ``ms``. Most of a game's decisions are placements, payments and transport steps that
take no search, so the bank lets the turn-start searches run to full width while the game as a
whole still averages about ``ms`` per decision. The plain budget spends about a fifth of that
(docs/bots.md).

It plays single-player games only: between two of its turns an opponent would move, and a beam
over one seat's turns has no answer for that (use ``mcts``).
"""

from __future__ import annotations

import time

from ..core import deadline as search_deadline
from ..core.registry import game_info
from .base import OVERRUN, Agent, Budget, TurnPlan, play_forced, private_view, unthinking_step
from .simple import complete_turn, position_key

#: Turns a line may take before it is judged where it stands (Foxglove's rounds take under 20).
MAX_LEVELS = 64
#: With ``clock=1``, the most one search may draw from the bank, as a multiple of ``ms`` (a
#: full-width Foxglove search takes about 6 s; research/bots-experiments.md, "The beam bot").
CLOCK_CAP = 10.0


class BeamAgent(Agent):
    """Beam search over whole turns to the game's horizon, on one determinization per decision.

    ``width``: positions kept per level (more is stronger and slower); ``ms``: thinking time per
    decision, after which the beam narrows to one line (and at twice which it stops); ``book``:
    play the game's opening-book move where it has one; ``clock``: bank ``ms`` per real choice
    and let searches spend the bank (see the module's docstring).
    """

    name = "beam"

    def __init__(self, seed: int | None = None, budget: Budget | None = None, width: int = 6,
                 book: int = 1, clock: int = 0) -> None:
        super().__init__(seed, budget)
        if width < 1:
            raise ValueError(f"beam option width={width}: keep at least 1 position per level")
        if self.budget.iterations is not None:
            raise ValueError("the beam bot has no iterations; give ms= (or nothing, for no limit)")
        if clock and self.budget.ms is None:
            raise ValueError("beam option clock=1 banks ms= per decision; give ms= too, e.g. "
                             "beam:ms=1000,clock=1")
        self.width = width
        self.book = bool(book)
        self.clock = bool(clock)
        #: Seconds banked by the clock and not yet spent (it can dip below 0 when a search
        #: overruns; the next searches then get their plain ``ms``).
        self.bank = 0.0
        self._plan = TurnPlan()
        #: Searches run so far; the last one's depth in turns, the lines it judged, and the
        #: position its best line was judged at (for tests and for explaining a choice).
        self.searches = 0
        self.last_levels = 0
        self.last_lines = 0
        self.last_leaf = None

    def check_players(self, players: int) -> None:
        if players != 1:
            raise ValueError(
                f"the beam bot plays single-player games only, not {players}-player ones; "
                f"use mcts or greedy")

    def decide(self, state, seat: int):
        started = time.perf_counter()
        try:
            return self._decide(state, seat, started)
        finally:
            if self.clock:  # the clock runs for every step, not only for searches
                self.bank -= time.perf_counter() - started

    def _decide(self, state, seat: int, started: float):
        self.check_players(state.num_players)
        actions = state.legal_actions()
        if self.clock and len(actions) > 1:
            self.bank += self.budget.ms / 1000.0
        step = unthinking_step(state, seat, actions, self._plan)
        if step is not None:
            return step
        info = game_info(state.game_name)
        if self.book and info.book is not None:
            move = info.book(state, seat)
            if move is not None:
                return move
        allowed = self.allowance()
        soft = hard = None
        if allowed is not None:
            soft, hard = started + allowed, started + OVERRUN * allowed
        with search_deadline.until(hard):  # the game's costly steps stop at the hard stop too
            steps = self._search(private_view(state, seat, self.rng), seat, info, soft, hard)
        if not steps or steps[0] not in actions:  # cannot happen with a sound determinize
            return self.rng.choice(actions)
        self._plan.remember(state, seat, steps[1:])
        return steps[0]

    def allowance(self) -> float | None:
        """Seconds the next search may take before it narrows (it stops at ``OVERRUN`` times
        this); None without a time budget."""
        if self.budget.ms is None:
            return None
        plain = self.budget.ms / 1000.0
        if not self.clock:
            return plain
        return max(plain, min(self.bank, CLOCK_CAP * plain))

    def _search(self, root, seat: int, info, soft: float | None, hard: float | None) -> list:
        """The steps of the first turn of the best line found from ``root``: one line only from
        ``soft`` on, and none expanded further from ``hard`` on (``time.perf_counter()``
        times; None: no limit)."""
        judge = info.value or info.heuristic
        if judge is None:
            raise ValueError(f"{info.name} registers no value or heuristic for the beam bot to judge by")
        horizon = info.horizon(root) if info.horizon is not None else (lambda s: s.is_terminal)
        width = self.width
        self.searches += 1
        best_value, best_first, best_leaf = float("-inf"), None, None
        frontier = [(root, None)]
        levels = lines = 0
        while frontier:
            levels += 1
            if levels > MAX_LEVELS:  # a game whose lines never reach its horizon: judge them here
                for position, first in frontier:
                    lines += 1
                    value = judge(position, seat)
                    if value > best_value:
                        best_value, best_first, best_leaf = value, first, position
                break
            kept: dict = {}
            stopped = False
            for position, first in frontier:
                if hard is not None and best_first is not None and time.perf_counter() >= hard:
                    stopped = True  # out of time: the lines judged so far decide
                    break
                for action in position.legal_actions():
                    child = position.clone()
                    child.apply(action)
                    steps = [action]
                    complete_turn(child, seat, judge, self.rng, path=steps, shortlist=info.shortlist)
                    play_forced(child, True)
                    line_first = first if first is not None else steps
                    value = judge(child, seat)
                    if child.is_terminal or horizon(child):
                        lines += 1
                        if value > best_value:
                            best_value, best_first, best_leaf = value, line_first, child
                        continue
                    key = position_key(child, seat)
                    if key not in kept or value > kept[key][0]:
                        kept[key] = (value, child, line_first)
            if stopped:
                break
            if soft is not None and time.perf_counter() >= soft:
                width = 1
            ranked = sorted(kept.values(), key=lambda entry: -entry[0])
            frontier = [(child, first) for _, child, first in ranked[:width]]
        self.last_levels, self.last_lines, self.last_leaf = levels, lines, best_leaf
        return list(best_first or ())
