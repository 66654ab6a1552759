"""Who sits at a terminal table: the seats' players (a person or a bot), game ids and bot seeds,
and the bot that answers ``hint``.

``make_players`` reads the command line's seat list; a seat left out is a person. A bot's seed
is derived from the game's seed and its seat, so a replayed game replays the bots' choices.
"""

from __future__ import annotations

import secrets
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import make_agent
from ..core import (
    AcreageError,
    game_info,
)

#: How a person's typing reaches the game: ``input_fn(prompt) -> str`` (scripted in tests).
InputFn = Callable[[str], str]

#: Alone in a game with a horizon, ``hint`` asks the beam bot, which scored 2.1 ± 1.2 points
#: more than MCTS at the same time over 96 Foxglove solo games (research/bots-experiments.md, "The
#: beam bot: a beam to the next round's start").
SOLO_HINT_BOT = "beam:ms=1000"


def hint_bot(state) -> str:
    """The bot that answers ``hint``: the game's strongest level, or the beam bot alone in a
    game that registers a horizon for it (Foxglove solo)."""
    info = game_info(state.game_name)
    if state.num_players == 1 and info.horizon is not None:
        return SOLO_HINT_BOT
    if info.levels:
        return info.levels[-1].name
    return "mcts"


class HintBots:
    """One hint bot per seat for the whole game, so a hint remembers the plan it chose a step
    earlier (the placement and payment after "build X", MCTS's tree) as a bot playing the seat
    would. Asking a fresh bot at every step forgot them: following fresh hints scored 6 ± 4
    points less than one kept bot over 4 paired Foxglove solo games."""

    def __init__(self, game: str, players: int, seed: Any = 0, spec: str | None = None) -> None:
        self.game, self.players, self.seed = game, players, seed
        #: The bot asked (default: :func:`hint_bot` of the game).
        self.spec = spec
        self._bots: dict[int, Any] = {}

    def bot(self, state, seat: int):
        """The seat's hint bot (made at its first hint, seeded from the game and the seat)."""
        agent = self._bots.get(seat)
        if agent is None:
            agent = self._bots[seat] = make_agent(self.spec or hint_bot(state),
                                                  seed=bot_seed(self.seed, 1000 + seat),
                                                  game=self.game, players=self.players)
        return agent


@dataclass
class Player:
    """Who sits in a seat: a human at this terminal (``agent is None``) or a bot."""

    name: str
    agent: Any = None
    spec: str = "human"

    @property
    def is_human(self) -> bool:
        return self.agent is None


class SetupError(AcreageError, ValueError):
    """A player line-up that does not add up (too many bots, humans out of range…)."""


def game_id() -> str:
    """A short random name for a game, shown instead of a seed the player did not choose."""
    return f"game {secrets.token_hex(3)}"


def bot_seed(game_seed: Any, seat: int) -> int:
    """A bot's own seed, derived from the game seed so a game can be reproduced."""
    return zlib.crc32(f"{game_seed}:{seat}".encode())


#: The level a bot seat gets when none is named.
DEFAULT_LEVEL = "medium"


def make_players(
    players: int,
    humans: int = 1,
    bots: Sequence[str] | None = None,
    first_human: int = 0,
    seed: Any = 0,
    game: str | None = None,
) -> list[Player]:
    """Seats for a game: ``humans`` humans from seat ``first_human`` on, bots in the others.

    ``bots`` are level names of ``game`` ("easy", "hard") or agent specs ("greedy",
    "random:seed=3"), used in seat order and repeated when there are more bot seats than
    specs; by default every bot plays the ``medium`` level (greedy without a game).
    """
    if humans < 0 or humans > players:
        raise SetupError(f"--humans must be 0–{players} for a {players}-player game, not {humans}")
    if not 0 <= first_human < players:
        raise SetupError(f"--seat must be 0–{players - 1} for a {players}-player game, not {first_human}")
    specs = [b.strip() for b in (bots or []) if b.strip()] or [DEFAULT_LEVEL if game else "greedy"]
    n_bots = players - humans
    if bots and len(specs) > n_bots:
        raise SetupError(
            f"{len(specs)} bot(s) and {humans} human(s) make {len(specs) + humans} seats, "
            f"but the game has {players} players"
        )
    human_seats = [(first_human + i) % players for i in range(humans)]
    out: list[Player] = []
    bot_index = 0
    for seat in range(players):
        if seat in human_seats:
            if humans == 1:
                name = "You"
            else:
                name = f"Player {human_seats.index(seat) + 1}"
            out.append(Player(f"{name} (seat {seat})"))
            continue
        spec = specs[bot_index % len(specs)]
        bot_index += 1
        try:
            agent = make_agent(spec, seed=bot_seed(seed, seat), game=game, players=players)
            agent.check_players(players)
        except (ValueError, TypeError) as exc:
            raise SetupError(str(exc)) from None
        label = spec.partition(":")[0].strip().lower()
        out.append(Player(f"{label} (seat {seat})", agent, spec))
    return out
