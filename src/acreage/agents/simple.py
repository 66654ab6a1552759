"""The two simplest bots: uniform random, and greedy one-step look-ahead."""

from __future__ import annotations

import math

from ..core.registry import game_info
from .base import Agent, TurnPlan, private_view, unthinking_step


class RandomAgent(Agent):
    """Picks uniformly among the legal actions (its own seeded RNG)."""

    name = "random"

    def decide(self, state, seat: int):
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """Tries every legal action on a determinized copy and keeps the best by the game's heuristic.

    A multi-step decision (build → place → pay, or a whole trail action) is finished with the
    heuristic's own greedy choices before scoring, so "build X" or "trails" is judged on the town
    it leads to. The follow-up choices found that way are remembered and played on the next
    calls, as long as the game goes on as foreseen; a sub-decision met without such a plan is
    judged one step ahead (plus cheap follow-ups such as a payment). The bot never steps back
    into a position it has already stood in (moving cubes back and forth) while another action
    leads somewhere new. Ties are broken at random.
    """

    name = "greedy"

    def __init__(
        self, seed: int | None = None, budget=None, depth: int = 32, sub_budget: int = 16, macros: int = 0,
        learned: int = 0, shortlist: int = 1, temperature: float = 0.0,
    ) -> None:
        super().__init__(seed, budget)
        #: Above 0, a top-level choice is drawn among the options with weights
        #: ``exp(value / temperature)`` (values in the heuristic's points) instead of always the
        #: best: the bot makes the slips of a casual player, mostly between near-equal options.
        #: The ``easy`` levels play this way.
        self.temperature = temperature
        #: Take the game's macro action where one is offered (``state.macro_actions()``, e.g.
        #: Foxglove's exact transport plan) instead of judging single steps.
        self.macros = bool(macros)
        #: Most follow-up steps explored after a top-level action.
        self.depth = depth
        #: Inside a sub-decision, follow-up steps are explored only while they offer this many
        #: options or fewer (a payment, not another trail).
        self.sub_budget = sub_budget
        #: Judge positions by the game's learned final-score estimate (``GameInfo.value``) where
        #: it has one, instead of its heuristic.
        self.learned = bool(learned)
        #: Complete sub-decisions judging only the game's shortlist of options
        #: (``GameInfo.shortlist``, e.g. Foxglove's trail placements that join something).
        self.shortlist = bool(shortlist)
        #: Set to a ``heuristic(state, seat)`` to use it instead of the game's registered one
        #: (benchmarks compare heuristics this way).
        self.heuristic = None
        self._plan = TurnPlan()
        self._seen: set = set()

    def decide(self, state, seat: int):
        actions = state.legal_actions()
        step = unthinking_step(state, seat, actions, self._plan, self.macros)
        if step is not None:
            return step
        info = game_info(state.game_name)
        heuristic = self.heuristic
        if heuristic is None:
            heuristic = (info.value if self.learned else None) or info.heuristic
        if heuristic is None:
            return self.rng.choice(actions)
        pruning = info.shortlist if self.shortlist else None
        view = private_view(state, seat, self.rng)
        top = not state.in_subdecision()
        width = None if top else self.sub_budget
        seen = self._seen
        if len(seen) > 4096:
            seen.clear()
        seen.add(position_key(state, seat))
        scored = []
        for action in actions:
            after = view.clone()
            after.apply(action)
            path: list = []
            value = settle(after, seat, heuristic, self.rng, self.depth, width, path, pruning)
            scored.append((value, self.rng.random(), action, path))
        scored.sort(key=lambda x: (-x[0], x[1]))
        if self.temperature > 0 and top and len(scored) > 1:
            scored = [self._draw(scored)]
        # Never walk back into a position this agent has already stood in (cubes moved back and
        # forth): take the best action that leads somewhere new, if there is one.
        pick = scored[0]
        for entry in scored:
            after = view.clone()
            after.apply(entry[2])
            if position_key(after, seat) not in seen:
                pick = entry
                break
        _value, _r, action, path = pick
        self._plan.remember(state, seat, path)
        return action


    def _draw(self, scored: list) -> tuple:
        """One entry of ``scored`` (best first), drawn with weights ``exp(value / temperature)``.

        Options of equal value count once (the first of them), so a choice offered in many
        equivalent forms (a Silo on any of six cells) is not drawn more often for it."""
        best = scored[0][0]
        distinct = []
        for entry in scored:
            if not distinct or distinct[-1][0] - entry[0] > 1e-9:
                distinct.append(entry)
        weights = [math.exp(max(-50.0, (entry[0] - best) / self.temperature)) for entry in distinct]
        return self.rng.choices(distinct, weights=weights)[0]


def settle(state, seat: int, heuristic, rng, depth: int = 32, width: int | None = None,
           path: list | None = None, shortlist=None) -> float:
    """Finish the seat's sub-decision in progress greedily (in place), then evaluate it (the
    value the last step's choice was judged at, where a step was taken: it is that position)."""
    value = complete_turn(state, seat, heuristic, rng, depth, width, path, shortlist)
    return heuristic(state, seat) if value is None else value


def complete_turn(state, seat: int, heuristic, rng, depth: int = 32, width: int | None = None,
                  path: list | None = None, shortlist=None) -> float | None:
    """Finish the seat's sub-decision in progress greedily, in place.

    At most ``depth`` steps; with ``width`` set, only steps offering at most that many options
    are followed. ``shortlist(state, options)`` (the game's ``GameInfo.shortlist``), if given,
    picks the options worth judging at each step. The actions taken are appended to ``path``.
    Shared by the greedy bot and by MCTS, which uses it to turn "build X" or "trails" into one
    complete turn.

    Returns what ``heuristic`` judged the position reached (the last step's choice was judged
    on a copy of it, and a judgement is a function of the position), or None if no step was
    taken: a caller that judges the completed turn need not judge it again.
    """
    value = None
    while depth > 0 and not state.is_terminal and state.current_player == seat and state.in_subdecision():
        options = state.legal_actions()
        if width is not None and len(options) > width:
            break
        if shortlist is not None:
            options = shortlist(state, options)
        values = []
        for a in options:
            nxt = state.clone()
            nxt.apply(a)
            values.append(heuristic(nxt, seat))
        best = max(values)
        pick = rng.choice([i for i, v in enumerate(values) if v >= best - 1e-9])
        choice = options[pick]
        value = values[pick]
        state.apply(choice)
        if path is not None:
            path.append(choice)
        depth -= 1
    return value


def position_key(state, seat: int) -> str:
    """What the seat sees of a position, minus counters that change on every step."""
    obs = state.observation(seat)
    obs.pop("moves_left", None)
    if isinstance(obs.get("decision"), str):
        obs["decision"] = "".join(ch for ch in obs["decision"] if not ch.isdigit())
    return repr(obs)
