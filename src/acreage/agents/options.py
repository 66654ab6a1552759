"""The options every bot takes in a spec (``"mcts:iterations=50,c=0.2"``), with their ranges.

One table per bot, checked in one place (:func:`parse_options`, called by
:func:`acreage.agents.make_agent`), so a bad value is refused with the option's name and its
allowed range before any game starts, instead of failing deep inside a search (or, worse,
quietly searching with a negative budget). A test keeps each table in step with the bot's
``__init__`` signature.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass

from ..core.errors import OptionError


class AgentOptionError(OptionError):
    """A bot spec with an unknown option, or an option value of the wrong kind or out of range."""


@dataclass(frozen=True)
class Opt:
    """One option: ``kind`` is ``"int"``, ``"float"`` or ``"flag"`` (0 or 1); ``low`` / ``high``
    bound it (``low_open``: strictly above ``low``)."""

    kind: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    help: str = ""

    def allowed(self) -> str:
        """The allowed values in words, e.g. ``"a whole number ≥ 1"``."""
        if self.kind == "flag":
            return "0 or 1"
        what = "a whole number" if self.kind == "int" else "a number"
        if self.low is not None and self.high is not None:
            return f"{what} from {_num(self.low)} to {_num(self.high)}"
        if self.low is not None:
            return f"{what} {'>' if self.low_open else '≥'} {_num(self.low)}"
        if self.high is not None:
            return f"{what} ≤ {_num(self.high)}"
        return what

    def parse(self, bot: str, key: str, text: str) -> int | float:
        """The value of ``text``, or :class:`AgentOptionError` naming the option and its range."""
        def refuse() -> AgentOptionError:
            return AgentOptionError(f"bot option {key}={text} for {bot}: give {self.allowed()}")

        value: int | float
        if self.kind == "flag":
            flags = {"0": 0, "1": 1, "false": 0, "true": 1, "no": 0, "yes": 1, "off": 0, "on": 1}
            if text.lower() not in flags:
                raise refuse()
            return flags[text.lower()]
        try:
            value = int(text) if self.kind == "int" else float(text)
        except ValueError:
            raise refuse() from None
        if not math.isfinite(value):
            raise refuse()
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            raise refuse()
        if self.high is not None and value > self.high:
            raise refuse()
        return value


def _num(x: float) -> str:
    return f"{x:g}"



def _flag(help: str) -> Opt:
    return Opt("flag", help=help)


#: Options every bot accepts. ``seed`` seeds its RNG; ``iterations`` and ``ms`` are its budget
#: (bots that do not search ignore them; the beam refuses ``iterations`` itself).
COMMON: dict[str, Opt] = {
    "seed": Opt("int", help="seed of the bot's own random numbers"),
    "iterations": Opt("int", low=1, help="search iterations per decision"),
    "ms": Opt("float", low=0, low_open=True, help="thinking time per decision, in milliseconds"),
}

#: Each bot's own options (beyond :data:`COMMON`), by bot name.
OPTIONS: dict[str, dict[str, Opt]] = {
    "random": {},
    "greedy": {
        "depth": Opt("int", low=0, help="most follow-up steps explored after an action"),
        "sub_budget": Opt("int", low=0, help="follow sub-decisions with at most this many options"),
        "macros": _flag("take the game's macro actions (Foxglove: the transport plan)"),
        "learned": _flag("judge by the game's learned value instead of its heuristic"),
        "shortlist": _flag("complete turns judging only the game's shortlist of options"),
        "temperature": Opt("float", low=0,
                           help="draw top-level choices by exp(value / temperature); 0: the best"),
    },
    "mcts": {
        "c": Opt("float", low=0, help="exploration constant"),
        "rollout_depth": Opt("int", low=0, help="random steps before a leaf is judged"),
        "widen_k": Opt("float", low=0, low_open=True, help="progressive widening: ceil(k · visits^alpha)"),
        "widen_alpha": Opt("float", low=0, high=1, help="progressive widening exponent"),
        "scale": Opt("float", low=0, low_open=True, help="score lead per unit of the reward's sigmoid"),
        "macros": _flag("take the game's macro actions (Foxglove: the transport plan)"),
        "turns": _flag("a whole turn is one edge of the tree"),
        "sub_budget": Opt("int", low=0, help="look-ahead follows sub-decisions of at most this many options"),
        "learned": _flag("judge by the game's learned value instead of its heuristic"),
        "prior": Opt("float", low=0, help="virtual visits at a child's look-ahead value"),
        "reuse": _flag("keep the chosen subtree for the next search"),
        "shortlist": _flag("complete turns judging only the game's shortlist of options"),
        "depth": Opt("int", low=0, help="turns below the root before leaves are judged (0: no limit)"),
        "playout": _flag("play leaves on with greedy to the game's horizon"),
        "book": _flag("play the game's opening-book move where it has one"),
        "best_mix": Opt("float", low=0, high=1, help="solo: share of the best reward in a child's value"),
        "order_keep": Opt("int", low=0, help="the ordering look-ahead judges at most this many options "
                                             "a step (0: all; default 2)"),
        "memo": _flag("judge each position once where the game says what its judgement reads"),
    },
    "beam": {
        "width": Opt("int", low=1, help="positions kept per level"),
        "book": _flag("play the game's opening-book move where it has one"),
        "clock": _flag("bank ms per real choice and let searches spend the bank"),
    },
}


def options_of(bot: str) -> dict[str, Opt]:
    """Every option ``bot`` accepts (common ones first)."""
    return {**COMMON, **OPTIONS.get(bot, {})}


def parse_options(bot: str, rest: str) -> dict[str, int | float]:
    """``"iterations=50,c=0.2"`` → ``{"iterations": 50, "c": 0.2}``, each checked against the
    bot's table. Unknown names are refused with the nearest known one suggested."""
    table = options_of(bot)
    params: dict[str, int | float] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, text = part.partition("=")
        key, text = key.strip(), text.strip()
        if not eq or not key:
            raise AgentOptionError(f"bot option {part!r} should look like key=value, e.g. iterations=50")
        if key not in table:
            near = difflib.get_close_matches(key, list(table), n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise AgentOptionError(
                f"unknown option {key!r} for bot {bot}{hint}; options are {', '.join(table)}"
            )
        if key in params:
            raise AgentOptionError(f"bot option {key!r} is given twice in {bot}:{rest}")
        params[key] = table[key].parse(bot, key, text)
    return params


def options_table() -> str:
    """A Markdown table of every bot's options and their ranges (for ``docs/bots.md``)."""
    lines = ["| bot | option | allowed | what it sets |", "|---|---|---|---|"]
    lines += [f"| any | `{k}` | {o.allowed()} | {o.help} |" for k, o in COMMON.items()]
    for bot, table in OPTIONS.items():
        lines += [f"| {bot} | `{k}` | {o.allowed()} | {o.help} |" for k, o in table.items()]
    return "\n".join(lines)
