"""A live web game (a *table*): the authoritative state, who may act for which seat, and what
each seat is shown.

The server is the only authority. A client sends an action (its notation or id) with the
``seq`` it last saw; the table checks the seat's token, the turn, the ``seq`` and legality,
commits the move to the store, applies it and then tells every connection. Every message a
seat receives is built here from ``observation(seat)`` and ``events_for(seat)`` (``None``: a
spectator), so nothing hidden ever reaches a browser.

``seq`` counts the stored moves (actions and undos), so it only grows; a client whose ``seq``
is behind gets ``stale_seq`` and must refresh before acting.
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from .. import core
from ..core import AcreageError, IllegalAction, game_info
from ..core.events import recording
from ..core.presentation import breakdowns, legal_views, presentation_of
from ..core.tutorials import Tutorial, load_tutorial
from . import inputs
from .inputs import InputError, quote
from .store import GameRow, Store, StoreConflict, StoreError, hash_token

#: Seat kinds at creation: a human with a token given to the creator, a seat left open for
#: anyone to join from the lobby, or a bot (``bot:SPEC``).
HUMAN, OPEN = "human", "open"
#: The level a bot seat gets when the creator names none.
DEFAULT_LEVEL = "medium"


class TableError(InputError):
    """A request the table refuses; ``code`` names the reason for clients, ``status`` the HTTP
    status that goes with it."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


def is_bot(kind: str) -> bool:
    return kind.startswith("bot:")


def bot_spec(kind: str) -> str:
    return kind[4:]


@dataclass
class Result:
    """What an accepted request did: the new ``seq`` and the move's notation."""

    seq: int
    move: str


#: How the engines name a seat in their sentences ("seat 0"), numbered from 0.
_SEAT_WORD = re.compile(r"\bseat (\d)\b")


class Table:
    """One game being played (or over) on the server."""

    def __init__(self, row: GameRow, store: Store) -> None:
        self.row = row
        self.store = store
        self.id = row.id
        self.info = game_info(row.game)
        self.seats = list(row.seats)
        self.token_hashes = dict(row.token_hashes)
        self.notices: list[dict] = []
        #: (seat, client message id) -> seq after it: ids are each seat's own, so another seat's
        #: colliding id is neither answered as applied nor blocks that seat's move
        self.clients: dict[tuple[int | None, str], int] = {}
        self.last_move_at = row.created
        #: who made each stored move, when, and since when that seat's clock ran for it (the
        #: clocks are computed from it)
        self.move_times: list[tuple[int | None, float, float]] = []
        self.clock = row.clock
        #: Simultaneous secret choices made ahead of their seat's turn (seat -> action): stored
        #: like any move, kept hidden, applied when the engine asks that seat.
        self.early: dict[int, str] = {}
        #: When the simultaneous choice in progress began (its seats' clocks run from there).
        self.together_since: float | None = None
        #: How many undos the table has seen: a socket that saw an older count is sent the
        #: whole log again, since an undo removes lines it has shown.
        self.undos = 0
        #: Each bot seat's bot after its last move, pickled and compressed (``bots.decide``): one
        #: bot per seat for the whole game. Memory only: a restart or an eviction starts fresh bots.
        self.bot_minds: dict[int, bytes] = {}
        #: The game's tutorial when this table is one: its script plays the other seats and
        #: guides the learner's moves until the guided part is over.
        self.tutorial: Tutorial | None = load_tutorial(row.game) if row.tutorial else None
        #: The seat whose clock ran out when another player chose to end the game there: the
        #: game is over and that seat ranks last (a stored ``forfeit N`` move).
        self.forfeited: int | None = None
        #: The ``seq`` at which the others were last told that the seat to act is out of time.
        self.timeout_told: int | None = None
        self._rebuild(row.moves)
        for move in row.moves:
            if move.get("client_id"):
                self.clients[(move["seat"], move["client_id"])] = move["n"] + 1
        self.seq = len(row.moves)

    # ------------------------------------------------------------------ building
    def _fresh(self):
        with recording():
            return core.new_game(
                self.row.game, players=self.row.players, seed=self.row.seed, **self.row.options
            )

    def _rebuild(self, moves: list[dict]) -> None:
        """The table after ``moves`` (actions and ``undo N``), its state with its event log."""
        self.state = self._fresh()
        self._note_together(self.row.created)
        for move in moves:
            self._take(move["seat"], move["action"], move["at"])

    def _take(self, seat: int | None, text: str, at: float) -> None:
        """One stored move, played on the table's state (live, or while rebuilding): a
        simultaneous choice made ahead of its turn is kept aside until the engine asks for it,
        and an undo by a seat with such a choice withdraws it."""
        state = self.state
        # the seat's clock ran since the simultaneous choice began, or else since the last move
        start = self.last_move_at
        if self.together_since is not None and seat is not None:
            start = self.together_since
        self.move_times.append((seat, at, start))
        self.last_move_at = at
        if text.startswith("forfeit "):
            self.forfeited = int(text[8:])
        elif text.startswith("undo "):
            self.undos += 1
            if seat in self.early:
                del self.early[seat]
            else:
                self.state = self._undone(state, int(text[5:]))
        elif seat is not None and seat != state.current_player and seat in state.waiting_seats():
            self.early[seat] = text  # checked against the seat's own choices when it was sent
        else:
            state.apply(text)
        self._play_early()
        self._note_together(at)

    def _play_early(self) -> None:
        """Apply the choices made ahead, each when the engine comes to its seat."""
        state = self.state
        while state.current_player in self.early:
            state.apply(self.early.pop(state.current_player))

    def _note_together(self, at: float) -> None:
        """Start (or end) the clock of a simultaneous choice: every waiting seat's runs."""
        together = len(self.state.waiting_seats()) > 1
        if not together:
            self.together_since = None
        elif self.together_since is None:
            self.together_since = at

    def _undone(self, state, count: int):
        with recording():
            return core.replay(state.record(), upto=len(state.history) - count)

    # ------------------------------------------------------------------ who is who
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` (a spectator) without a token; an unknown token
        is refused, so a mistyped link does not silently make a player a spectator."""
        token = inputs.token(token)
        if token is None:
            return None
        digest = hash_token(token)
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise TableError(
            "bad_token",
            "this token belongs to no seat of this game; use the link you were given, or none to watch",
            401,
        )

    def unclaimed(self, seat: int) -> bool:
        """A human seat without a token yet: a rematch's seat kept for its previous player."""
        return self.seats[seat] == HUMAN and seat not in self.token_hashes

    @property
    def over(self) -> bool:
        """The game has ended: by its rules, or by a player's choice after a clock ran out."""
        return self.state.is_terminal or self.forfeited is not None

    def ranking(self) -> list[int] | None:
        """Each seat's place (1 = first) once the game is over; a seat that forfeited on time
        ranks last, the others keep their order by the game's own ranking of the position."""
        if self.forfeited is None:
            return self.state.ranking() if self.state.is_terminal else None
        keys = self.state.rank_keys()
        out = []
        for seat, mine in enumerate(keys):
            if seat == self.forfeited:
                out.append(len(keys))
            else:
                ahead = sum(1 for s, other in enumerate(keys) if s != self.forfeited and other > mine)
                out.append(1 + ahead)
        return out

    @property
    def status(self) -> str:
        if self.over:
            return "over"
        if any(kind == OPEN or self.unclaimed(s) for s, kind in enumerate(self.seats)):
            return "waiting"
        return "playing"

    def to_act(self) -> int | None:
        return self.state.current_player

    # ------------------------------------------------------------------ acting
    def _check(self, seat: int | None, seq: Any, client_id: str | None) -> int | None:
        """Common checks, the seat first; returns the ``seq`` to answer with when this seat sent
        the message before."""
        if seat is None:
            raise TableError("spectator", "spectators cannot act; join a seat or use your seat's link", 403)
        if client_id and (seat, client_id) in self.clients:
            return self.clients[(seat, client_id)]  # resent after a reconnect: already applied once
        if type(seq) is not int:
            raise TableError("malformed", "seq must be the whole number of the last update you saw")
        if seq != self.seq:
            raise TableError(
                "stale_seq",
                f"the game has moved on (seq {self.seq}, yours {seq}); refresh and try again",
                409,
            )
        if self.over:
            raise TableError("game_over", "the game is over", 409)
        if self.status == "waiting":
            raise TableError("waiting", "the game starts when every open seat has been taken", 409)
        return None

    def _commit(self, seat: int | None, text: str, client_id: str | None) -> None:
        """Store the move, then play it on the table (never the other way round)."""
        try:
            at = self.store.append_move(self.id, self.seq, seat, text, client_id)
        except StoreConflict as exc:
            # Another server process wrote this game's next move first (one store, several
            # processes): nothing is applied here; the caller reloads the game from the store.
            raise TableError(
                "conflict", "this game moved on in another server process; refresh and try again", 409
            ) from exc
        except StoreError as exc:
            raise TableError(
                "store_error", "the move could not be stored; nothing changed, try again", 503
            ) from exc
        self.seq += 1
        if client_id:
            self.clients[(seat, client_id)] = self.seq
        self._take(seat, text, at)

    def act(self, seat: int | None, action: Any, seq: Any, client_id: Any = None) -> Result:
        """Play ``action`` (notation or id) for ``seat``; committed to the store before the
        state changes and before anyone is told."""
        client_id = inputs.client_id(client_id)
        seen = self._check(seat, seq, client_id)
        if seen is not None:
            return Result(seen, "")
        if seat not in self.deciding():
            raise TableError(
                "not_your_turn", f"it is {self.labels()[self.state.current_player]}'s turn, not yours", 403
            )
        if is_bot(self.seats[seat]):
            raise TableError("bot_seat", "a bot plays this seat", 403)
        return self._apply(seat, action, client_id)

    def deciding(self) -> tuple[int, ...]:
        """The seats that may send a move now: the seat to act, and in a simultaneous secret
        choice every seat that has not made its own yet."""
        return tuple(s for s in self.state.waiting_seats() if s not in self.early)

    def undoable(self, seat: int | None) -> int:
        """How many moves ``seat`` may take back: its choice made ahead of its turn, or what
        the engine's fair policy allows."""
        if seat is None or self.over:
            return 0
        return 1 if seat in self.early else self.state.undoable(seat)

    def legal_for(self, seat: int) -> list:
        """What ``seat`` may play now (nothing when it is not deciding)."""
        return self.state.legal_actions_of(seat) if seat in self.deciding() else []

    def _read(self, seat: int, action: int | str):
        """The action a seat sent (an id or notation). The seat to act's notation must be legal
        (its refusal says why); a choice made ahead of its turn is only read here and checked
        against that seat's own choices by the caller."""
        state = self.state
        if isinstance(action, int):
            return state.action_from_id(action)
        if seat == state.current_player:
            return state.parse_action(action)
        return state.as_action(state._parse_structural(action))

    def _apply(self, seat: int, action: Any, client_id: str | None) -> Result:
        state = self.state
        action = inputs.action(action)
        legal = self.legal_for(seat)
        try:
            move = self._read(seat, action)
            if move not in legal:
                raise state.refuse(move) if seat == state.current_player else IllegalAction(
                    f"{str(move)!r} is not one of your choices now")
        except IllegalAction as exc:
            message = self.named(str(exc))
            if len(message) > 300:
                message = message[:300] + "…"
            raise TableError("illegal_action", message, 422) from None
        text = str(move)
        self._check_tutorial(seat, text)
        self._commit(seat, text, client_id)
        return Result(self.seq, text)

    # ------------------------------------------------------------------ tutorials
    def _check_tutorial(self, seat: int, text: str) -> None:
        """In a tutorial's guided part the learner makes the move the tutorial asks for; any
        other is refused with the step's reason (nothing changes)."""
        tutorial = self.tutorial
        if tutorial is None or seat != tutorial.learner:
            return
        step = tutorial.next_step(len(self.state.history))
        if step is None or tutorial.moves[step.move] == text:
            return
        wanted = tutorial.moves[step.move]
        raise TableError("tutorial_move", f"The tutorial asks for “{wanted}” here: {step.refusal()}", 422)

    def scripted_move(self, seat: int) -> str | None:
        """The move a tutorial's script makes for ``seat`` now (``None``: its bot decides)."""
        if self.tutorial is None:
            return None
        return self.tutorial.scripted(len(self.state.history), seat)

    def tutorial_view(self, seat: int | None) -> dict | None:
        """What the learner is told now: the step, its text and the move it asks for (only
        the learner's own coming move, which the learner's view may hold)."""
        tutorial = self.tutorial
        if tutorial is None or seat != tutorial.learner:
            return None
        position = len(self.state.history)
        step = tutorial.next_step(position)
        if step is not None and seat in self.early:  # chosen ahead of its turn: that step is done
            step = tutorial.next_step(step.move + 1)
        out: dict[str, Any] = {"title": tutorial.title, "intro": tutorial.intro if position == 0 else None,
                               "steps": tutorial.learner_moves}
        if step is None:
            return {**out, "free": True, "text": tutorial.outro, "step": tutorial.learner_moves}
        waiting = seat not in self.deciding()
        return {**out, "free": False, "step": tutorial.step_number(step), "text": step.text,
                "rules": list(step.rules), "expect": None if waiting else tutorial.moves[step.move],
                "highlight": step.highlight, "waiting": waiting}

    def why(self, seat: int | None, action: Any) -> dict:
        """Why ``seat`` may not play ``action`` now, from the engine's explanation (or the
        tutorial's reason); nothing changes."""
        if seat is None:
            return {"legal": False, "why": "spectators cannot act; join a seat or use your seat's link"}
        state = self.state
        if self.over:
            return {"legal": False, "why": "the game is over"}
        if seat not in self.deciding():
            who = state.current_player
            return {"legal": False, "why": f"it is {self.labels()[who]}'s turn, not yours"
                    if who is not None else "nothing is asked of you now"}
        action = inputs.action(action)
        try:
            move = self._read(seat, action)
        except IllegalAction as exc:
            return {"legal": False, "why": self.named(str(exc))[:300]}
        if move in self.legal_for(seat):
            try:
                self._check_tutorial(seat, str(move))
            except TableError as exc:
                return {"legal": True, "why": str(exc)}
            return {"legal": True, "why": f"{move} is legal now"}
        return {"legal": False, "why": self.named(state.explain_illegal(move))[:300]}

    def bot_act(self, seat: int, text: str) -> Result:
        """A bot's move (already checked legal by the pool)."""
        return self._apply(seat, text, None)

    def undo(self, seat: int | None, seq: Any, client_id: Any = None, count: Any = 1) -> Result:
        """Take back ``count`` of the seat's own last actions, as the engine's fair policy allows."""
        client_id = inputs.client_id(client_id)
        seen = self._check(seat, seq, client_id)
        if seen is not None:
            return Result(seen, "")
        if type(count) is not int or count < 1:
            raise TableError("malformed", "count must be a whole number of 1 or more")
        allowed = self.undoable(seat)
        if count > allowed:
            why = (
                (
                    "nothing of yours can be taken back now (another seat has moved, or something "
                    "hidden was revealed since)"
                )
                if not allowed
                else f"only {allowed} can be taken back"
            )
            raise TableError("cannot_undo", why, 409)
        text = f"undo {count}"
        self._commit(seat, text, client_id)
        return Result(self.seq, text)

    def hand_to_bot(self, seat: int, spec: str = DEFAULT_LEVEL) -> None:
        """A player who leaves is replaced by a bot (the seat's token keeps watching)."""
        self.seats[seat] = f"bot:{spec}"
        self.store.set_seats(self.id, self.seats)
        self.notices.append({"seq": self.seq, "text": f"{self.labels()[seat]} is now played by {spec}"})

    def join(self, seat: Any) -> str:
        """Take an open seat; returns its new token."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise TableError("malformed", f"seat must be a seat number from 0 to {len(self.seats) - 1}")
        if self.seats[seat] != OPEN:
            raise TableError("seat_taken", f"seat {seat} is not open", 409)
        token = new_token()
        self.store.add_token(self.id, seat, token)
        self.seats[seat] = HUMAN
        self.token_hashes[seat] = hash_token(token)
        self.store.set_seats(self.id, self.seats)
        return token

    def claim(self, seat: int) -> str:
        """A rematch's kept seat, taken by its previous player: a new token, given once."""
        if not self.unclaimed(seat):
            raise TableError("seat_taken", f"seat {seat} of the rematch has been taken already", 409)
        token = new_token()
        try:
            self.store.add_token(self.id, seat, token)
        except StoreError:
            raise TableError("seat_taken", f"seat {seat} of the rematch was taken already", 409) from None
        self.token_hashes[seat] = hash_token(token)
        return token

    # ------------------------------------------------------------------ clocks
    def clocks(self, now: float | None = None) -> list[float] | None:
        """Seconds left on each seat's clock (a bank plus an increment after each move), or
        ``None`` for a game without clocks. Computed from the stored move times alone, so a
        restart changes nothing; a bot seat's clock does not run."""
        if not self.clock:
            return None
        bank, increment = float(self.clock["bank_s"]), float(self.clock.get("increment_s", 0))
        left = [bank] * len(self.seats)
        for seat, at, start in self.move_times:
            if seat is not None and not is_bot(self.seats[seat]):
                left[seat] += increment - (at - start)
        if self.status == "playing":
            start = self.together_since if self.together_since is not None else self.last_move_at
            for seat in self.deciding():  # in a simultaneous choice every waiting seat's runs
                if not is_bot(self.seats[seat]):
                    left[seat] -= (time.time() if now is None else now) - start
        return [round(x, 1) for x in left]

    def out_of_time(self, left: list[float] | None = None) -> int | None:
        """The human seat to act whose clock has run out, if any (``left``: the clocks, when
        the caller has worked them out already)."""
        if left is None:
            left = self.clocks()
        seat = self.state.current_player
        if left is None or seat is None or self.status != "playing" or is_bot(self.seats[seat]):
            return None
        return seat if left[seat] <= 0 else None

    def humans_besides(self, seat: int) -> list[int]:
        """The other seats played by people (who may decide for a seat whose clock ran out)."""
        return [s for s, kind in enumerate(self.seats) if s != seat and not is_bot(kind)]

    def timeout_offer(self, seat: int | None, left: list[float] | None = None) -> dict | None:
        """For another player, while the seat to act is out of time: the choices they have
        (a bot plays that seat from now on, or the game ends with that seat last)."""
        late = self.out_of_time(left)
        if late is None or seat is None or seat == late or is_bot(self.seats[seat]):
            return None
        return {"seat": late, "choices": ["bot", "end"]}

    def resolve_timeout(self, seat: int | None, choice: Any, seq: Any) -> Result:
        """Another player's choice for a seat whose clock ran out: ``bot`` hands the seat to
        the default level (its player may still watch), ``end`` ends the game with that seat
        ranked last. Only while that seat is still out of time and to act."""
        self._check(seat, seq, None)
        late = self.out_of_time()
        if late is None:
            raise TableError("not_out_of_time", "no seat is out of time now", 409)
        if seat == late or seat is None or is_bot(self.seats[seat]):
            raise TableError("not_yours", "only another player of the game decides for a seat out of time",
                             403)
        if choice == "bot":
            self.hand_to_bot(late, DEFAULT_LEVEL)
            who, late_one = self.labels()[seat], self.labels()[late]
            words = f"{who} let a bot play {late_one}'s seat after its clock ran out"
            self.notices.append({"seq": self.seq, "text": words})
            return Result(self.seq, f"bot {late}")
        if choice == "end":
            text = f"forfeit {late}"
            self._commit(seat, text, None)
            return Result(self.seq, text)
        raise TableError("malformed", 'choice must be "bot" (a bot plays the seat) or "end" (the game ends)')

    # ------------------------------------------------------------------ what a seat sees
    def view(self, seat: int | None, since: int = 0) -> dict:
        """Everything ``seat`` (``None``: a spectator) may know now, for one update message."""
        state = self.state
        to_act = state.current_player
        deciding = self.deciding()
        mine = seat is not None and seat in deciding and not is_bot(self.seats[seat])
        present = presentation_of(self.info)
        legal = legal_views(state, present, state.legal_actions_of(seat)) if mine else []
        together = len(state.waiting_seats()) > 1 or bool(self.early)
        clocks = self.clocks()
        scores = state.scores()
        labels = self.labels()
        return {
            "type": "update",
            "game_id": self.id,
            "game": state.game_name,
            "title": self.info.title,
            "board": present.board,
            "seq": self.seq,
            "status": self.status,
            "you": seat,
            "seats": [
                {"seat": s, "kind": "bot" if is_bot(k) else k, "bot": bot_spec(k) if is_bot(k) else None,
                 "name": self.name_of(s)}
                for s, k in enumerate(self.seats)
            ],
            "to_act": to_act,
            # a simultaneous secret choice: who is still choosing and who has chosen (never what)
            "choosing": list(deciding) if together else None,
            "chosen": [s for s in range(state.num_players) if s not in deciding] if together else None,
            "decision": self.decision(),
            "observation": state.observation(seat),
            "legal": legal,
            "plan": bool(mine and present.offers_plan(state)),
            "facts": present.facts(state, seat),
            "in_subdecision": bool(mine and state.in_subdecision()),
            "undoable": self.undoable(seat),
            "events": present.log_lines([dict(e, text=state.describe_event(e, labels))
                                         for e in state.events_for(seat, since)], labels),
            "events_from": since,  # 0: the whole log (a client shows it afresh)
            "event_count": state.event_count,
            "scores": scores,
            "breakdown": breakdowns(state, present),
            "ranking": self.ranking(),
            "forfeited": self.forfeited,
            "timeout": self.timeout_offer(seat, clocks),
            "notices": [n for n in self.notices if n["seq"] >= 0][-5:],
            "clocks": clocks,
            "tutorial": self.tutorial_view(seat),
        }

    def name_of(self, seat: int) -> str | None:
        names = self.row.names
        return names[seat] if seat < len(names) else None

    def labels(self) -> list[str]:
        """How the log and the decision line name each seat: its name, or "Seat 1" onwards."""
        return [self.name_of(s) or f"Seat {s + 1}" for s in range(len(self.seats))]

    def decision(self) -> str:
        """What the seat to act is deciding, naming seats as people do (the engines' decision
        lines say "seat 0")."""
        if self.forfeited is not None:
            return f"the game is over: {self.labels()[self.forfeited]}'s clock ran out"
        if self.state.is_terminal:
            return "the game is over"
        return self.named(self.state.describe_decision())

    def named(self, text: str) -> str:
        """An engine sentence with its seats named as people see them ("seat 0" is "Ada", or
        "Seat 1" for a seat without a name)."""
        labels = self.labels()

        def name(match: re.Match) -> str:
            seat = int(match.group(1))
            return labels[seat] if seat < len(labels) else match.group(0)

        return _SEAT_WORD.sub(name, text)

    def summary(self) -> dict:
        """One line of the lobby."""
        return {
            "id": self.id,
            "listed": self.row.listed,
            "names": [self.name_of(s) for s in range(len(self.seats))],
            "game": self.row.game,
            "title": self.info.title,
            "players": self.row.players,
            "seats": [
                ("bot:" + bot_spec(k)) if is_bot(k) else "kept" if self.unclaimed(s) else k
                for s, k in enumerate(self.seats)
            ],
            "status": self.status,
            "to_act": self.state.current_player,
            "moves": len(self.state.history),
            "created": self.row.created,
            "last_move_at": self.last_move_at,
            "scores": self.state.scores(),
        }


def check_names(names: Any, players: int) -> list[str | None]:
    """One name (or null) per seat, each bounded and printable; none given: no names."""
    if names is None:
        return [None] * players
    if not isinstance(names, list) or len(names) != players:
        raise TableError("malformed", f"names must list {players} seat names (null for none)")
    return [inputs.player_name(n, s) for s, n in enumerate(names)]


def check_clock(clock: Any) -> dict | None:
    """``None`` or ``{"bank_s": seconds, "increment_s": seconds}`` (a bank of 1 s to 30 days)."""
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) - {"bank_s", "increment_s"} or "bank_s" not in clock:
        raise TableError("malformed", 'clock must be {"bank_s": seconds, "increment_s": seconds}')
    bank, inc = clock["bank_s"], clock.get("increment_s", 0)
    for name, value in (("bank_s", bank), ("increment_s", inc)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 30 * 86400:
            raise TableError("malformed", f"clock {name} must be a number of seconds from 0 to 30 days")
    if bank < 1:
        raise TableError("malformed", "clock bank_s must be at least 1 second")
    return {"bank_s": float(bank), "increment_s": float(inc)}


def _check_options(info, options: Any) -> dict:
    """``options`` as an object of this game's own options with short scalar or list values
    (``seed`` and ``players`` are not options: the server draws the seed, ``players`` is its
    own field)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TableError("malformed", "options must be an object of option names and values")
    for name, value in options.items():
        if name not in info.options:
            known = ", ".join(sorted(info.options)) or "none"
            raise TableError(
                "bad_option", f"{info.title} has no option {quote(name)}; its options are: {known}"
            )
        items = value if isinstance(value, list) else [value]
        if len(items) > 8 or not all(
            v is None or isinstance(v, (bool, int, float)) or isinstance(v, str) for v in items
        ):
            raise TableError("bad_option", f"option {name}: give a number, text, true/false or a short list")
        for v in items:
            if isinstance(v, str):
                inputs.text(v, f"option {name}", inputs.MAX_ID_CHARS)
            elif isinstance(v, int) and not isinstance(v, bool) and abs(v) > 10**6:
                raise TableError("bad_option", f"option {name}: {quote(v)} is out of range")
    return options


def create_row(
    game: Any, players: Any, options: Any, seats: Any, clock: Any = None, limits: Any = None,
    names: Any = None, listed: Any = True,
) -> tuple[GameRow, dict[int, str]]:
    """Check a creation request and build the stored header plus a token per human seat.
    Checks go cheapest first: the game's name and the player count before any seat is read,
    options against the game's list before a game is built, bots against the web's caps."""
    from .bots import check_web_spec

    if not isinstance(game, str):
        raise TableError("malformed", 'game must be a game\'s name, e.g. "foxglove"')
    try:
        info = game_info(inputs.text(game, "game", 40))
    except AcreageError as exc:
        raise TableError("bad_game", str(exc)) from None
    if players is None:
        players = len(seats) if isinstance(seats, list) and 0 < len(seats) <= info.max_players else 2
    if type(players) is not int:
        raise TableError("malformed", "players must be a whole number")
    if not info.min_players <= players <= info.max_players:
        raise TableError(
            "bad_option",
            f"{info.title} takes {info.min_players}–{info.max_players} players, not {quote(players)}",
        )
    clock = check_clock(clock)
    options = _check_options(info, options)
    if seats is None:
        seats = [HUMAN] + [f"bot:{DEFAULT_LEVEL}"] * (players - 1)
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(k, str) for k in seats):
        raise TableError(
            "malformed",
            f'seats must list {players} seat kinds: "human", "open" or "bot:SPEC" (e.g. "bot:medium")',
        )
    for kind in seats:
        inputs.text(kind, "a seat kind", inputs.MAX_ID_CHARS)
        if kind in (HUMAN, OPEN):
            continue
        if not is_bot(kind):
            raise TableError(
                "bad_seat", f'{quote(kind)} is not a seat kind: give "human", "open" or "bot:SPEC"'
            )
        try:
            from ..agents import make_agent

            make_agent(bot_spec(kind), game=info.name, players=players).check_players(players)
            if limits is not None:
                check_web_spec(bot_spec(kind), limits.bot_ms, limits.bot_iterations, info.name, players)
        except (ValueError, TypeError) as exc:
            raise TableError("bad_bot", str(exc)[:300]) from None
    seed = secrets.randbits(63)
    try:
        clean = core.new_game(info.name, players=players, seed=seed, **options).options
    except AcreageError as exc:
        raise TableError("bad_option", str(exc)[:300]) from None
    from ..core.state import _jsonable_options

    row = GameRow(
        secrets.token_hex(6), info.name, players, _jsonable_options(clean), seed, list(seats), time.time()
    )
    row.clock = clock
    row.names = check_names(names, players)
    if type(listed) is not bool:
        raise TableError("malformed", "listed must be true (the public lobby lists the game) or false")
    row.listed = listed
    tokens = {s: new_token() for s, kind in enumerate(seats) if kind == HUMAN}
    row.token_hashes = {s: hash_token(t) for s, t in tokens.items()}
    return row, tokens
