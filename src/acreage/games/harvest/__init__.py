"""Harvest (with the Fall Festival expansion): a four-day farm worker-placement game, 1–4 players."""

from __future__ import annotations

from typing import Any

from ...core.levels import Level
from ...core.options import OptionSpec, as_bool
from ...core.registry import GameInfo
from .bots.heuristic import evaluate, value
from .conservation import conservation_errors
from .content import CHARACTER_BY_NAME, CHARACTERS, FARMHOUSE_BY_NAME, FARMHOUSES
from .present import PRESENTATION
from .state import HarvestState


def _assign(value: Any, players: int):
    """HV-SET-9: ``"Trader:Bakehouse;Francie:Well House"`` or a list of [character, farmhouse].
    There is one card of each character and farmhouse (HV-SET-8), so two seats given the same
    one are refused, naming the clash."""
    pairs = _assign_pairs(value, players)
    for what, cards, index in (("character", CHARACTERS, 0), ("farmhouse", FARMHOUSES, 1)):
        seen: dict[int, int] = {}
        for seat, pair in enumerate(pairs or ()):
            if pair[index] in seen:
                raise ValueError(
                    f"seats {seen[pair[index]]} and {seat} are both given the {what} "
                    f"{cards[pair[index]].name}; there is one of each, so give every seat a different one"
                )
            seen[pair[index]] = seat
    return pairs


def _assign_pairs(value: Any, players: int):
    """The pairs of an ``assign`` value, read and range-checked but not checked for clashes:
    :mod:`.scenario` stages positions by hand (every seat in one farmhouse, to test it) with
    this reader; games started through the public API use :func:`_assign`."""
    if value in (None, "", (), []):
        return None
    if isinstance(value, str):
        value = [part.split(":") for part in value.split(";")]
    pairs = list(value)
    if len(pairs) != players:
        raise ValueError(f"assign needs one character:farmhouse pair per seat ({players})")
    out = []
    for pair in pairs:
        if (isinstance(pair, (list, tuple)) and len(pair) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)):
            c, h = pair
            if not 0 <= c < len(CHARACTERS):
                raise ValueError(f"character #{c} does not exist; give 0–{len(CHARACTERS) - 1} or a name")
            if not 0 <= h < len(FARMHOUSES):
                raise ValueError(f"farmhouse #{h} does not exist; give 0–{len(FARMHOUSES) - 1} or a name")
            out.append((c, h))
            continue
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError(f"{pair!r} is not a character:farmhouse pair")
        c, h = (str(x).strip().lower() for x in pair)
        if c not in CHARACTER_BY_NAME:
            raise ValueError(f"no character called {pair[0]!r}")
        if h not in FARMHOUSE_BY_NAME:
            raise ValueError(f"no farmhouse called {pair[1]!r}")
        out.append((CHARACTER_BY_NAME[c].id, FARMHOUSE_BY_NAME[h].id))
    return tuple(out)


OPTIONS = {
    "fall_festival": OptionSpec(
        "fall_festival", True, "play with the Fall Festival expansion (festival board, cards, baskets)",
        convert=as_bool,
    ),
    "assign": OptionSpec(
        "assign", None, "fixed character:farmhouse per seat, ';'-separated, instead of the deal",
        convert=_assign,
    ),
}


def _factory(players: int, seed: Any, options: dict[str, Any]) -> HarvestState:
    opts = dict(options)
    if opts.get("assign"):
        from .content import CHARACTERS

        if not opts.get("fall_festival", True) and any(CHARACTERS[c].expansion for c, _ in opts["assign"]):
            from ...core.errors import OptionError

            raise OptionError("Francie and Finn & Maisie need the fall_festival option")
    return HarvestState(players, seed, opts)


#: Named bot levels (docs/bots.md has each one's measured strength). There is no ``expert``:
#: against ``medium``, 600 iterations (about a second a move) won 63 % of 60 paired games and
#: 1,200 won 70 % of 20, where 150 won 66 % of 100 (2026-12-06): more search is not a
#: stronger level here.
LEVELS = (
    Level("easy", "greedy:temperature=3",
          "looks one move ahead by the expected final score, and often takes a lesser option"),
    Level("medium", "greedy", "always takes the best move one step ahead by the expected final score"),
    Level("hard", "mcts:iterations=150", "searches ahead (150 iterations, a quarter of a second a move)"),
)

GAME_INFO = GameInfo(
    name="harvest",
    title="Harvest",
    min_players=1,
    max_players=4,
    options=OPTIONS,
    factory=_factory,
    state_class=HarvestState,
    hidden_information=True,
    simultaneous_choices=True,
    description="Wake early or late, send wheelbarrows to town, and grow, harvest and build on your farm.",
    aliases=("harvest_fall_festival",),
    heuristic=evaluate,
    value=value,
    presentation=PRESENTATION,
    conservation=conservation_errors,
    levels=LEVELS,
    variants=tuple((n, {"fall_festival": ff}) for n in (1, 2, 3, 4) for ff in (True, False)),
)

__all__ = ["GAME_INFO", "HarvestState", "OPTIONS"]
