"""Information-set Monte Carlo tree search over whole turns, for any registered game.

Why this shape:

* **Determinization per iteration.** Each iteration searches a fresh ``determinize(seat, rng)``
  copy, so the tree averages over everything the seat cannot see (stack order, other hands)
  and never reads the real state's secrets. The agent's own RNG drives it, never the game's.
* **Turns, not steps.** A game's multi-step decisions ("build X" → place → pay, a trail action
  of several trails) are one edge of the tree: the step chosen at a node is followed by the
  greedy completion of the rest of that sub-decision (``simple.complete_turn``), computed once when
  the edge is first expanded and replayed on later visits. Branching on every placement and
  payment spread a second of search over positions that differ in nothing that matters and
  made the search weaker than the greedy bot; branching on turns makes the first level of the
  tree exactly the greedy bot's look-ahead, and every further iteration looks deeper.
* **Availability-aware UCT** (Cowling et al. 2012): an action's exploration term counts how often
  it was *available*, because different determinizations allow different actions (a tile drawn
  in one sample is not on the display in another).
* **Any number of players.** Each node stores the reward of the seat that chose the action
  leading to it; rewards are vectors, one entry per seat (max^n style back-propagation). Alone,
  the reward is the value relative to the root's, through the same sigmoid as a lead over
  opponents, so the exploration constant means the same in solo and in matches.
* **Alone, lean toward the best line.** In a single-player game a child's value in the
  selection rule moves ``best_mix`` of the way from its mean reward toward the best reward any
  iteration through it reached (single-player MCTS, Schadd et al. 2008). A line's mean is
  pulled down by the search's own exploratory turns below it, and with no opponent to answer,
  its best leaf is one the player can steer for. With opponents the rule is the plain mean.
* **Progressive widening.** A node considers only its ``ceil(k · visits^alpha)`` most promising
  actions, ordered once by a cheap look-ahead (the step plus its short follow-ups), so search
  depth is not drowned in breadth where action lists are long (trail placement).
* **Children start from their prior.** The cheap look-ahead that orders a node's actions also
  values each one; a child starts with ``prior`` virtual visits at that value (progressive
  bias, Chaslot et al. 2008) and is expanded when the search first selects it. Without it, a
  short search spread its few iterations evenly over the top dozen turns and then picked among
  nearly equal visit counts, so in solo it played no better than the one-step greedy bot it
  was built on; with it, the greedy bot's choice is where the search starts, not where it ends
  (solo, 48 iterations, 48 games: 68.5 with the prior, 63.8 without; research/bots-experiments.md).
* **One judgement.** Leaves are scored at once (``rollout_depth`` adds random steps first), the
  widening order is set and the turns are completed by the game's learned final-score estimate
  (``GameInfo.value``) where it has one, else by its heuristic. Leaves come from different
  stages of the game, so they need one scale, and the learned estimate is also the better
  one-step judge (greedy with it scores about 7 points more in solo; research/bots-experiments.md). Full
  random playouts of a long game are noise. With ``playout=1`` a leaf is first played on by
  the greedy bot to the game's calm point (``GameInfo.horizon``; Foxglove: the next round's
  first construction decision), which judges better but costs several iterations' time.
* **Each position judged once.** Where the game says what its judgement reads of a seat's
  position (``GameInfo.judge_key``), a search judges each such key once (``judged_once``): at 4
  players each leaf judges every seat, and the seats who did not act there stand as they did
  in many other leaves (more than half of the judging, docs/performance.md).
* **Shortlisted completions.** Where the game registers ``GameInfo.shortlist``, a turn's greedy
  completion judges only the options of each step it keeps (Foxglove: the dozen trail
  placements that can join something, of about 140), which made a solo search about three
  times faster at the same strength of completion.
* **An opening book.** Where the game registers ``GameInfo.book`` and holds a move for the
  exact position (Foxglove: a fixed solo setup's first turn, settled offline in whole games),
  that move is played without a search; ``book=0`` always searches.
* **Macro actions.** Where the game offers a shortcut (``state.macro_actions()``, e.g.
  Foxglove's exact transport plan), the whole sequence is taken as one forced step, inside the
  tree and at the root: a single-player optimisation needs no search.
* **Plans kept.** The completion of the turn chosen at the root is remembered and played on the
  following sub-decisions without searching again, as long as the game goes on as foreseen.
* **The tree kept.** When the next search starts where the chosen turn led (every action since
  the last search was returned by this agent: the turn, then forced steps), the chosen child's
  subtree becomes the new root, so the iterations already spent below it count again. Its
  rewards stay measured against the old root's value, so alone the tree is kept only while the
  value has not drifted by more than ``2 · scale`` (the sigmoid would flatten the differences
  between children).
"""

from __future__ import annotations

import math
import random
import time
from functools import partial

from ..core import deadline as search_deadline
from ..core.collection import fewer_collections
from ..core.registry import game_info
from .base import OVERRUN, Agent, Budget, TurnPlan, play_forced, unthinking_step
from .simple import GreedyAgent, complete_turn, settle


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "order", "path", "heads", "prior", "fresh",
                 "virtual", "bias", "rival", "best", "shared")

    def __init__(self, path: tuple = ()) -> None:
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0  # summed reward of the seat that chose the action into this node
        self.avail = 0
        self.order: list | None = None  # actions, most promising first (from the cheap look-ahead)
        self.path: tuple = path  # the greedy completion played after the action into this node
        self.heads: dict = {}  # action -> the cheap look-ahead's follow-ups (where a turn starts)
        self.prior: dict = {}  # action -> the cheap look-ahead's value (the children's prior)
        self.fresh = False  # created from its prior, not yet expanded by an iteration
        self.virtual = 0.0  # virtual visits standing for the prior (not counted in ``visits``)
        self.bias = 0.0  # their summed reward
        self.rival = 0.0  # what the prior's value is measured against (see ``_prior_reward``)
        self.best = 0.0  # the best reward of any iteration through this node (``best_mix``)
        self.shared: dict = {}  # seat -> its statistics in a round of hidden choices begun here


class MctsAgent(Agent):
    """ISMCTS over turns with availability UCT, progressive widening and judged leaves."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        c: float = 0.15,
        rollout_depth: int = 0,
        widen_k: float = 2.0,
        widen_alpha: float = 0.5,
        scale: float = 4.0,
        macros: int = 1,
        turns: int = 1,
        sub_budget: int = 16,
        learned: int = 1,
        prior: float = 2.0,
        reuse: int = 1,
        shortlist: int = 1,
        depth: int = 0,
        playout: int = 0,
        book: int = 1,
        best_mix: float = 0.3,
        order_keep: int = 2,
        memo: int = 1,
    ) -> None:
        """One function: each option is checked and stored beside the comment that says what it
        does (``docs/bots.md`` lists them)."""
        super().__init__(seed, budget or Budget(iterations=200))
        self.c = c
        self.rollout_depth = rollout_depth
        self.widen_k = widen_k
        self.widen_alpha = widen_alpha
        self.scale = scale
        self.macros = bool(macros)
        #: Treat a whole turn (a step and its greedy completion) as one edge of the tree.
        self.turns = bool(turns)
        #: The cheap look-ahead that orders a node's actions follows only sub-decisions with at
        #: most this many options (a placement or a payment, not another trail).
        self.sub_budget = sub_budget
        #: Judge positions (leaves, the widening order, turn completions) by the game's learned
        #: final-score estimate (``GameInfo.value``) where it has one, instead of its heuristic.
        self.learned = bool(learned)
        #: Each child starts with this many virtual visits at the value the cheap look-ahead
        #: gave it (progressive bias, Chaslot et al. 2008), so a short search falls back on the
        #: greedy bot's own choice instead of on nearly equal visit counts; 0 turns it off.
        self.prior = prior
        #: Keep the chosen child's subtree for the next search when it starts where that turn
        #: led (see the module docstring); 0 always starts a fresh tree.
        self.reuse = bool(reuse)
        #: Complete turns judging only the game's shortlist of each step's options
        #: (``GameInfo.shortlist``; Foxglove: the trail placements and cells that can matter).
        self.shortlist = bool(shortlist)
        #: Turns the tree may hold below the root before its leaves are judged (0: no limit).
        self.depth = depth
        #: Play each leaf on with the greedy bot to the game's horizon (``GameInfo.horizon``;
        #: Foxglove: the next round's first construction decision) before judging it. Each
        #: playout costs about as much as several iterations, so it pays only with time to
        #: spare (research/bots-experiments.md); 0 judges leaves where they stand.
        self.playout = bool(playout)
        #: Play the game's opening-book move where it has one for the position
        #: (``GameInfo.book``) instead of searching; 0 always searches.
        self.book = bool(book)
        #: Alone (one seat), a child's value in the selection rule moves this share of the way
        #: from its mean reward toward the best reward any iteration through it reached
        #: (single-player MCTS, Schadd et al. 2008). With opponents it is not used: their
        #: replies, not luck, keep a line from its best leaf.
        if not 0.0 <= best_mix <= 1.0:
            raise ValueError(f"mcts option best_mix={best_mix} is a share: give a number from 0 to 1")
        self.best_mix = best_mix
        #: The cheap look-ahead that orders a node's actions judges at most this many options
        #: of each step (the game's shortlist cut to this size, where it takes a size), and
        #: an action the search then expands is completed afresh with the full shortlist;
        #: 0: the ordering judges as many as a completion does and its steps are reused.
        #: 2 by default: about 1.5x the iterations a CPU-second in Foxglove Farm (the only
        #: game with a shortlist) at no measured loss at equal time (docs/bots.md).
        #: Judge each position once where the game says what its judgement reads
        #: (``GameInfo.judge_key``): the same values, so the same tree at a given number of
        #: iterations; 0 judges every position afresh (for measuring what it saves).
        self.memo = bool(memo)
        if order_keep < 0:
            raise ValueError(f"mcts option order_keep={order_keep} is a count: give 0 or more")
        self.order_keep = order_keep
        self._mix = 0.0  # best_mix during a single-player search, else 0
        self._horizon = None  # the game's horizon function during a search, if playouts are on
        self._pruning = None  # the game's shortlist function during a search, if used
        self.last_iterations = 0
        #: Visits the last search's root already had from the previous search (tree kept).
        self.last_reused = 0
        #: The tree of the last search (its root), for tests and for explaining a choice.
        self.last_root: _Node | None = None
        #: Set to a ``heuristic(state, seat)`` to judge by it instead of the game's registered
        #: value or heuristic (tools compare heuristics this way).
        self.heuristic = None
        self._plan = TurnPlan()
        #: The chosen child of the last search, kept for the next one: (node, seat, history
        #: length then, the turn's steps, base values, actions returned since).
        self._kept: tuple | None = None

    def __getstate__(self) -> dict:
        """Pickled (the web keeps a seat's bot between moves so): the kept subtree and plans go
        with it; the last search's whole tree (``last_root``, for tests) does not."""
        state = self.__dict__.copy()
        state["last_root"] = None
        return state

    # ------------------------------------------------------------------ public
    def decide(self, state, seat: int):
        actions = state.legal_actions()
        step = unthinking_step(state, seat, actions, self._plan, self.macros)
        if step is not None:
            if len(actions) > 1:
                self.last_iterations = 0
            return self._unsearched(step)
        info = game_info(state.game_name)
        if self.book and info.book is not None:
            move = info.book(state, seat)
            if move is not None:
                self.last_iterations = 0
                self._kept = None  # no tree was grown for this move
                return move
        # One judgement for the leaves, the widening order and the turns' greedy completions:
        # the learned value is also the better one-step policy (research/bots-experiments.md).
        judge = self.heuristic or (info.value if self.learned else None) or info.heuristic
        if judge is not None and self.memo and self.heuristic is None and info.judge_key is not None:
            judge = judged_once(judge, info.judge_key)
        self._pruning = info.shortlist if self.shortlist else None
        self._horizon = info.horizon if self.playout else None
        self._mix = self.best_mix if state.num_players == 1 else 0.0
        limit_iter = self.budget.iterations
        limit_s = self.budget.ms / 1000.0 if self.budget.ms is not None else None
        if limit_iter is None and limit_s is None:
            limit_iter = 200
        start = time.perf_counter()
        deadline = start + limit_s if limit_s is not None else None
        kept = self._kept
        self._kept = None
        root, base = self._reused(kept, state, seat, judge) if kept is not None else (None, None)
        if root is None:
            root, base = _Node(), self._values(state, judge)
        self.last_reused = root.visits
        done = 0
        # An iteration that runs into the deadline finishes; the game's costly steps in it
        # (Foxglove's planner) hurry once twice the budget is spent (``core.deadline``).
        # The young generation may grow larger between collections meanwhile (``core.collection``).
        with (search_deadline.until(None if limit_s is None else start + OVERRUN * limit_s),
              fewer_collections()):
            while True:
                if limit_iter is not None and done >= limit_iter:
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                self._iterate(state, seat, root, judge, base)
                done += 1
        self.last_iterations = done
        self.last_root = root
        legal = set(actions)
        best = max(
            (a for a in root.children if a in legal),
            key=lambda a: (root.children[a].visits + root.children[a].virtual,
                           root.children[a].reward + root.children[a].bias),
            default=None,
        )
        if best is None:
            return self.rng.choice(actions)
        chosen = root.children[best]
        # A child chosen on its prior alone has no completion yet: follow its look-ahead's steps.
        steps = (root.heads.get(best, ()) if chosen.fresh else chosen.path) if self.turns else ()
        self._plan.remember(state, seat, steps)
        history = getattr(state, "history", None)
        if self.reuse and not chosen.fresh and history is not None:
            self._kept = (chosen, seat, len(history), [best, *steps], base, [best])
        return best

    def _unsearched(self, action):
        """Return an action chosen without a search (forced, a macro step or a planned step),
        noting it for the kept tree: the next search may reuse that tree only if every action
        since it came from here."""
        if self._kept is not None:
            self._kept[5].append(action)
        return action

    def _reused(self, kept, state, seat: int, judge):
        """The kept subtree and its base values, if this search starts where it led; else
        (None, None).

        It does when every action taken since the last search is one this agent returned: the
        chosen turn, then only steps that needed no search (single legal actions, macro steps),
        which are the forced steps every iteration plays before choosing at that node. Another
        seat's action, or a step someone else took for this seat, means a fresh tree."""
        node, kept_seat, at, steps, base, returned = kept
        if kept_seat != seat or state.history[at:] != returned or returned[:len(steps)] != steps:
            return None, None
        if state.num_players == 1:
            now = self._values(state, judge)
            if abs(now[0] - base[0]) > 2 * self.scale:
                return None, None
        return node, base

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, state, seat: int, root: _Node, judge, base: list[float]) -> None:
        sim = state.determinize(seat, random.Random(self.rng.getrandbits(64)))
        node = root
        path: list[tuple[_Node, int]] = []  # (node, seat that chose the action into it)
        # A round of simultaneous hidden choices (Fields of Green's 3-4 player picks): a seat
        # choosing after another's secret choice does not know it, so it decides from one
        # statistics node shared by all those choices (its information set, kept under the
        # node where the round began), while the tree below still follows what was chosen.
        hidden_from: _Node | None = None
        hidden_seats: set[int] = set()
        while True:
            play_forced(sim, self.macros)  # single legal actions and macro actions
            if sim.is_terminal or (self.depth and len(path) >= self.depth):
                break
            player = sim.current_player
            legal = sim.legal_actions()
            secret = sim.is_secret_choice(legal[0])
            if not secret:
                hidden_from, hidden_seats = None, set()
            stats = node
            if hidden_from is not None and player not in hidden_seats:
                stats = hidden_from.shared.get(player)
                if stats is None:
                    stats = hidden_from.shared[player] = _Node()
            candidates = self._candidates(stats, sim, player, legal, judge, base)
            untried = [a for a in candidates if a not in stats.children]
            if untried:
                action = untried[0]
                sim.apply(action)
                completion: list = []
                if self.turns:
                    self._follow(sim, player, stats.heads.pop(action, ()), judge, completion)
                child = stats.children[action] = _Node(tuple(completion))
                path.append((child, player))
                break
            best_action = self._select(stats, candidates)
            child = stats.children[best_action]
            sim.apply(best_action)
            if child.fresh:  # its first real visit expands it: a leaf, like an untried action
                completion: list = []
                self._follow(sim, player, stats.heads.pop(best_action, ()), judge, completion)
                child.path, child.fresh = tuple(completion), False
                path.append((child, player))
                break
            self._follow(sim, player, child.path, judge)
            path.append((child, player))
            if secret:
                if hidden_from is None:
                    hidden_from = node
                hidden_seats.add(player)
            if stats is node:
                node = child
            else:  # the statistics were shared; the tree goes on below what was chosen here
                stats.visits += 1  # (its widening counts its visits; it is no one's child)
                below = node.children.get(best_action)
                if below is None:
                    below = node.children[best_action] = _Node(child.path)
                node = below
        rewards = self._rollout(sim, judge, base)
        root.visits += 1
        for nd, player in path:
            nd.visits += 1
            nd.reward += rewards[player]
            if rewards[player] > nd.best:
                nd.best = rewards[player]

    def _candidates(self, stats: _Node, sim, player: int, legal: list, judge, base: list[float]) -> list:
        """The actions the search considers at ``stats`` now (progressive widening), the node's
        ordering made at its first visit and each new candidate given its prior child."""
        if stats.order is None:
            stats.order = self._ordered(stats, sim, player, legal, judge)
            if self.prior > 0:
                stats.rival = self._rival(sim, player, judge, base)
        candidates = self._widened(stats, legal)
        if self.prior > 0:
            for a in candidates:
                if a not in stats.children and a in stats.prior:
                    ch = stats.children[a] = _Node()
                    ch.virtual = self.prior
                    ch.bias = self.prior * self._prior_reward(stats.prior[a], stats.rival)
                    ch.fresh = True
        return candidates

    def _select(self, stats: _Node, candidates: list):
        """The candidate with the best availability-UCT value (alone, leaning toward the best
        reward by ``best_mix``); each candidate counts as available once more."""
        best_value, best_action = -math.inf, None
        for a in candidates:
            stats.children[a].avail += 1
        mix = self._mix
        for a in candidates:
            ch = stats.children[a]
            n = ch.visits + ch.virtual
            mean = (ch.reward + ch.bias) / n
            if mix and ch.visits:
                mean += mix * (ch.best - mean)
            value = mean + self.c * math.sqrt(math.log(ch.avail + ch.virtual) / n)
            if value > best_value:
                best_value, best_action = value, a
        return best_action

    def _follow(self, sim, player: int, steps, judge, record: list | None = None) -> None:
        """Play the stored steps of a turn while this sample allows them, then finish the turn
        greedily (nothing is left to finish when every step was played)."""
        for step in steps:
            if sim.is_terminal or sim.current_player != player or step not in sim.legal_actions():
                break
            sim.apply(step)
            if record is not None:
                record.append(step)
        complete_turn(sim, player, judge, self.rng, path=record, shortlist=self._pruning)

    def _ordered(self, node: _Node, sim, player: int, legal: list, judge) -> list:
        """Legal actions, most promising first by a cheap look-ahead (short follow-ups only).

        The follow-ups found are kept in ``node.heads`` so expanding the action later only
        continues them."""
        if judge is None or len(legal) == 1:
            order = legal[:]
            self.rng.shuffle(order)
            return order
        scored = []
        pruning, keep_heads = self._pruning, True
        if self.order_keep and pruning is not None:
            pruning = partial(pruning, keep=self.order_keep)
            keep_heads = False  # steps judged among fewer options: the expansion completes afresh
        for a in legal:
            after = sim.clone()
            after.apply(a)
            if self.turns:
                head: list = []
                value = settle(after, player, judge, self.rng, width=self.sub_budget, path=head,
                               shortlist=pruning)
                if head and keep_heads:
                    node.heads[a] = head
            else:
                value = judge(after, player)
            node.prior[a] = value
            scored.append((-value, self.rng.random(), a))
        scored.sort()
        return [a for _, _, a in scored]

    def _rival(self, sim, player: int, judge, base: list[float]) -> float:
        """What a leaf's value is compared with in ``_rewards``: alone, the root's value; in a
        match, the best other seat, judged here at the node (a turn of one seat hardly moves
        the others' values, so this stands in for their values at the leaves)."""
        n = sim.num_players
        if n == 1 or judge is None:
            return base[0] if n == 1 else 0.0
        return max(judge(sim, o) for o in range(n) if o != player)

    def _prior_reward(self, value: float, rival: float) -> float:
        """The reward a child's look-ahead value stands for, on the scale of ``_rewards``."""
        return _sigmoid((value - rival) / self.scale)

    def _widened(self, node: _Node, legal: list) -> list:
        """The top ``k(visits)`` legal actions of the node's ordering."""
        k = max(2, math.ceil(self.widen_k * (node.visits + 1) ** self.widen_alpha))
        allowed = set(legal)
        out = []
        for a in node.order:
            if a in allowed:
                out.append(a)
                if len(out) >= k:
                    return out
        if len(out) < len(allowed) and len(out) < k:
            # Actions this sample allows that the node's first sample did not (a tile drawn
            # only here): consider them after the ordered ones.
            seen = set(node.order)
            out.extend(a for a in legal if a not in seen)
            out = out[:k]
        return out

    @staticmethod
    def _values(state, judge) -> list[float]:
        """Each seat's value by the leaf judge (the scores where the game has none)."""
        if judge is None or state.is_terminal:
            return [float(v) for v in state.scores()]
        return [judge(state, s) for s in range(state.num_players)]

    # ------------------------------------------------------------------ evaluation
    def _rollout(self, sim, judge, base: list[float]) -> list[float]:
        if self._horizon is not None:
            self._play_out(sim)
        rng = self.rng
        for _ in range(self.rollout_depth):
            if sim.is_terminal:
                break
            sim.apply(rng.choice(sim.legal_actions()))
        return self._rewards(sim, judge, base)

    #: Most steps a playout takes before it is judged where it stands.
    PLAYOUT_STEPS = 400

    def _play_out(self, sim) -> None:
        """Play ``sim`` on, every seat by the greedy bot with this search's judge, until the
        game's horizon for this leaf (in place)."""
        reached = self._horizon(sim)
        policy = GreedyAgent(seed=self.rng.getrandbits(64), macros=int(self.macros),
                             learned=int(self.learned), shortlist=int(self.shortlist))
        for _ in range(self.PLAYOUT_STEPS):
            play_forced(sim, self.macros)
            if sim.is_terminal or reached(sim):
                return
            sim.apply(policy.decide(sim, sim.current_player))

    def _rewards(self, sim, judge, base: list[float]) -> list[float]:
        n = sim.num_players
        if sim.is_terminal and n > 1:
            places = sim.ranking()
            return [(n - p) / (n - 1) for p in places]
        values = self._values(sim, judge)
        if n == 1:
            return [_sigmoid((values[0] - base[0]) / self.scale)]
        out = []
        for s in range(n):
            lead = values[s] - max(values[o] for o in range(n) if o != s)
            out.append(_sigmoid(lead / self.scale))
        return out


def judged_once(judge, key_of, limit: int = 50_000):
    """``judge`` remembering its value for each key ``key_of(state, seat)`` gives (a game's
    ``GameInfo.judge_key``: equal keys, equal judgements), for one search.

    Why: at 4 players more than half of a search's judging repeats a key: each leaf judges
    every seat, most of whose towns the iteration's turns did not touch. The values are the judge's
    own, so the search makes the same moves. At most ``limit`` keys are kept (then it starts
    afresh), so a long search's memory stays bounded."""
    memo: dict = {}

    def judged(state, seat: int) -> float:
        key = key_of(state, seat)
        if key is None:
            return judge(state, seat)
        value = memo.get(key)
        if value is None:
            if len(memo) >= limit:
                memo.clear()
            value = memo[key] = judge(state, seat)
        return value

    return judged


def _sigmoid(x: float) -> float:
    if x < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
