"""Card Draft: a complete small game added to Acreage by the checklist in docs/architecture.md.

It is here to be read (and tested: tests/test_example_game.py), not played for fun: the
smallest game that still has what the real ones have — a hidden, shuffled deck, a public
display, a choice per turn, scores with a tie-break — written the way the built-in games are,
and registered from outside the package as a third-party game would be. Everything else a game
gets from the core (records, snapshots, undo's policy, named errors for bad seats and ids, the
bots, the arena) then works for it unchanged.

The rules (an ID per rule, as ``shared/rules/<game>.md`` would list them):

- CD-SET-1: 2 or 3 players. The cards 1 to 9 are shuffled face down; two are turned face up.
- CD-TURN-1: Seats take turns clockwise from seat 0. On its turn a seat takes one face-up card;
  the top card of the deck, if any, replaces it.
- CD-END-1: The game ends when no face-up card is left. A seat scores the sum of its cards;
  among equal sums, fewer cards ranks higher.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from acreage.core import IllegalAction, Rng
from acreage.core.errors import BadActionId, BadSnapshot
from acreage.core.options import OptionSpec
from acreage.core.registry import GameInfo
from acreage.core.state import GameState

CARDS = tuple(range(1, 10))


class Action(NamedTuple):
    """Take the face-up card with this value (``take 7``)."""

    card: int

    def __str__(self) -> str:
        return f"take {self.card}"


class CardDraftState(GameState):
    """A Card Draft position: flat data (lists of ints), cloned by hand."""

    game_name = "card_draft"
    action_type = Action
    rules_version = "1"

    def __init__(self, players: int, seed: Any, options: dict[str, Any]) -> None:
        self.num_players, self.seed, self.options = players, seed, dict(options)
        self.history, self.history_seats = [], []
        deck = list(CARDS)
        self.rng = Rng(seed)
        self.rng.shuffle(deck)  # CD-SET-1 (top = end of the list)
        self.display = sorted(deck.pop() for _ in range(2))
        self.deck = deck
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0

    # -------------------------------------------------------------- playing (CD-TURN-1)
    @property
    def current_player(self) -> int | None:
        return None if not self.display else self.turn

    def legal_actions(self) -> list[Action]:
        return [Action(card) for card in self.display]

    def apply(self, action) -> None:
        if not isinstance(action, Action):  # notation or a plain tuple; named errors otherwise
            action = self.parse_action(action) if isinstance(action, str) else self.as_action(action)
        if action not in self.legal_actions():
            raise self.refuse(action)
        seat = self.turn
        self.display.remove(action.card)
        self.hands[seat].append(action.card)
        if self.deck:
            self.display = sorted([*self.display, self.deck.pop()])
            self.undo_floor = len(self.history) + 1  # a hidden card came into view
        self.history.append(action)
        self.history_seats.append(seat)
        self.turn = (seat + 1) % self.num_players

    def clone(self) -> CardDraftState:
        c = CardDraftState.__new__(CardDraftState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.history, c.history_seats = self.history[:], self.history_seats[:]
        c.rng = self.rng.clone()
        c.display, c.deck = self.display[:], self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c._events = None
        return c

    # -------------------------------------------------------------- scoring (CD-END-1)
    def scores(self) -> list[int]:
        return [sum(h) for h in self.hands]

    def rank_keys(self) -> list[tuple]:
        return [(sum(h), -len(h)) for h in self.hands]

    # -------------------------------------------------------------- hidden information
    def _observation(self, seat: int | None) -> dict:
        return {"display": self.display[:], "hands": [h[:] for h in self.hands],
                "deck_size": len(self.deck), "to_play": self.current_player}

    def _determinize(self, seat: int, rng) -> CardDraftState:
        c = self.clone()
        source = rng if isinstance(rng, Rng) else Rng(rng.getrandbits(64))
        source.shuffle(c.deck)  # nobody knows the deck's order
        c.rng = Rng(source.next64())
        return c

    # -------------------------------------------------------------- ids and notation
    @property
    def num_distinct_actions(self) -> int:
        return len(CARDS)

    def _action_id(self, action) -> int:
        return CARDS.index(action.card)

    def _action_from_id(self, action_id: int) -> Action:
        if self.current_player is None:
            raise BadActionId("the game is over: ids cannot be decoded")
        return Action(CARDS[action_id])

    def _parse_structural(self, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Action(int(words[1]))
        raise IllegalAction(f"cannot read {text!r}; a move looks like 'take 7'")

    def _explain_illegal(self, action) -> str:
        if self.current_player is None:
            return "the game is over"
        return f"card {action.card} is not face up; the face-up cards are {self.display}"

    # -------------------------------------------------------------- snapshots
    def _state_to_json(self) -> dict:
        return {"players": self.num_players, "seed": self.seed, "options": self.options,
                "history": [str(a) for a in self.history], "seats": self.history_seats,
                "undo_floor": self.undo_floor, "display": self.display, "deck": self.deck,
                "hands": self.hands, "turn": self.turn, "rng": self.rng.state}

    @classmethod
    def _state_from_json(cls, data: dict) -> CardDraftState:
        c = cls.__new__(cls)
        try:
            c.num_players, c.seed, c.options = int(data["players"]), data["seed"], dict(data["options"])
            c.history = [c._parse_structural(text) for text in data["history"]]
            c.history_seats, c.undo_floor = list(data["seats"]), int(data["undo_floor"])
            c.display, c.deck = list(data["display"]), list(data["deck"])
            c.hands, c.turn = [list(h) for h in data["hands"]], int(data["turn"])
            c.rng = Rng(0)
            c.rng.state = int(data["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSnapshot(f"card_draft snapshot: field {exc} is missing or malformed") from None
        held = sorted([*c.display, *c.deck, *(card for h in c.hands for card in h)])
        if held != list(CARDS):
            raise BadSnapshot(f"card_draft snapshot: the cards are {held}, not one each of 1-9")
        return c


GAME_INFO = GameInfo(
    name="card_draft",
    title="Card Draft",
    min_players=2,
    max_players=3,
    options={"variant": OptionSpec("variant", "basic", "the only variant there is", choices=("basic",))},
    factory=CardDraftState,
    state_class=CardDraftState,
    hidden_information=True,
    description="Take face-up cards from a shuffled deck; the highest sum wins (an example game).",
    heuristic=lambda state, seat: float(sum(state.hands[seat])),
)
