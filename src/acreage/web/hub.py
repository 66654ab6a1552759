"""Every table of the server, who watches each, and the bots and clocks that move them.

What makes a table's change reach its watchers without anyone waiting on anyone: a change is
told by building each distinct view once (one per seat, one for all spectators who have seen
the same events) and putting it in each connection's outbox (:mod:`.connections`); nothing
here awaits a socket.

Tables leave memory when idle and come back by replay on their next request; the lobby's
line of every game stays (a few hundred bytes). Bots' turns are tasks watched by a
supervisor: a task that died is started again, so no game waits forever at a bot's turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter

from .. import core
from .bots import BotPool
from .connections import Connection, encode
from .inputs import InputError
from .limits import Counters, Limits
from .notices import Notifier
from .ratings import rate_finished
from .store import Store, StoreConflict, StoreError
from .tables import Table, TableError, bot_spec, create_row, is_bot
from .turn_notices import NoticeSettings, tell_turn

log = logging.getLogger("acreage.web")

GAME_ID = re.compile(r"[0-9a-f]{1,32}")
#: How often the housekeeping loop checks clocks (s), and every how many checks it also looks
#: for dead bot tasks and idle tables.
TICK_S = 0.5
SWEEP_EVERY = 10
#: The pause before a tutorial's script plays another seat's move, so the learner sees each.
SCRIPT_PAUSE_S = 0.3


class Hub:
    """Live tables, their locks and open connections, the lobby lines, the bot pool."""

    def __init__(
        self, store: Store, limits: Limits, bot_workers: int = 1, counters: Counters | None = None,
        notice_settings: NoticeSettings | None = None,
    ) -> None:
        self.store = store
        self.limits = limits
        self.counters = counters or Counters(limits)
        self.tables: dict[str, Table] = {}
        self.summaries: dict[str, dict] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, set[Connection]] = {}
        self.per_client: Counter[str] = Counter()
        self.touched: dict[str, float] = {}
        self.bots = BotPool(bot_workers, cap_ms=limits.bot_ms)
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.housekeeping: asyncio.Task | None = None
        #: Turn notices (e-mail, webhooks): sent off the loop, once per turn (``turn_notices``).
        self.notice_settings = notice_settings or NoticeSettings()
        self.notifier = Notifier(self.notice_settings.smtp,
                                 allow_private_hosts=self.notice_settings.allow_private)
        #: Games whose result was handed to the ratings (each is rated once; see ``ratings``).
        self.results_kept: set[str] = set()

    # ------------------------------------------------------------------ tables
    def load(self) -> None:
        """Read every stored game for the lobby; keep in memory those that may move by
        themselves (a bot to act, a running clock) or moved lately."""
        now = time.time()
        for row in self.store.load_games():
            try:
                table = Table(row, self.store)
            except core.AcreageError as exc:  # a stored game this engine cannot replay
                log.error("game %s cannot be rebuilt: %s", row.id, exc)
                continue
            self.summaries[row.id] = table.summary()
            if self._moves_by_itself(table) or now - table.last_move_at < self.limits.idle_s:
                self._keep(table)

    def _keep(self, table: Table) -> Table:
        self.tables[table.id] = table
        self.touched[table.id] = time.monotonic()
        self.summaries[table.id] = table.summary()
        return table

    def table(self, game_id: str) -> Table:
        """The live table ``game_id``, replayed from the store if it had left memory."""
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise TableError("not_found", "there is no such game (a game id is up to 32 hex digits)", 404)
        table = self.tables.get(game_id)
        if table is None:
            row = self.store.load_game(game_id)
            if row is None:
                raise TableError("not_found", f"there is no game {game_id!r}", 404)
            table = self._keep(Table(row, self.store))
        self.touched[game_id] = time.monotonic()
        return table

    def open_game(self, row, tokens: dict[int, str]) -> dict:
        """Store a new game, seat its table (bots start if it is their turn) and say how each
        human seat joins: its token and its link."""
        self.store.create_game(row, tokens)
        table = self._keep(Table(row, self.store))
        self.schedule_bot(table)
        return {
            "id": row.id,
            "tokens": {str(s): t for s, t in tokens.items()},
            "links": {str(s): f"/play/{row.id}#token={t}" for s, t in tokens.items()},
            "watch": f"/play/{row.id}",
        }

    def reload(self, game_id: str) -> None:
        """Read a game again from the store (another process wrote to it)."""
        row = self.store.load_game(game_id)
        if row is not None:
            self._keep(Table(row, self.store))

    def lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    def lobby(self, limit: int, also: frozenset[str] = frozenset()) -> list[dict]:
        """The public games, most recently moved first, plus the games named in ``also`` (the
        ones this browser holds seats in, listed or not)."""
        lines = sorted((s for s in self.summaries.values() if s["listed"] or s["id"] in also),
                       key=lambda s: -s["last_move_at"])
        return lines[:limit]

    def _moves_by_itself(self, table: Table) -> bool:
        seat = table.to_act()
        if table.status != "playing" or seat is None:
            return False
        return is_bot(table.seats[seat]) or bool(table.clock)

    def _evict_idle(self) -> None:
        now = time.monotonic()
        for gid, table in list(self.tables.items()):
            if (
                now - self.touched.get(gid, 0) > self.limits.idle_s
                and not self.sockets.get(gid)
                and not self._moves_by_itself(table)
                and not self.lock(gid).locked()
            ):
                del self.tables[gid]
                self.locks.pop(gid, None)
                self.touched.pop(gid, None)

    # ------------------------------------------------------------------ rematches
    def rematch(self, old: Table, seat: int) -> dict:
        """The rematch of ``old`` for its ``seat``: created at the first request, with only the
        asker's seat given a token; each other player claims their own seat from their page
        (an offer is pushed to them), and only once."""
        new_id = self.store.rematch_of(old.id)
        if new_id is None:
            seats = ["human" if not is_bot(k) else k for k in old.seats]
            row, tokens = create_row(old.row.game, old.row.players, old.row.options, seats, old.row.clock,
                                     names=old.row.names or None, listed=old.row.listed)
            mine = {seat: tokens[seat]}
            row.token_hashes = {seat: row.token_hashes[seat]}
            self.store.create_game(row, mine)
            try:
                self.store.set_rematch(old.id, row.id)
            except StoreConflict:  # another process made the rematch first: claim a seat there
                return self.rematch(old, seat)
            self._keep(Table(row, self.store))
            offer = encode({"type": "rematch", "id": row.id})
            for conn in self.sockets.get(old.id, ()):
                if conn.seat is not None and conn.seat != seat:
                    conn.send(offer)
            token = mine[seat]
            table = self.tables[row.id]
        else:
            table = self.table(new_id)
            token = table.claim(seat)
            self.changed(table)
        return {"id": table.id, "seat": seat, "token": token, "link": f"/play/{table.id}#token={token}"}

    # ------------------------------------------------------------------ connections
    def attach(self, conn: Connection, game_id: str) -> None:
        """Count a new connection against its game's and its address's caps."""
        if len(self.sockets.get(game_id, ())) >= self.limits.sockets_per_game:
            raise InputError("too_many_sockets", "this game has as many watchers as it takes; try later", 429,
                             retry_after=30)
        if self.per_client[conn.client] >= self.limits.sockets_per_client:
            raise InputError("too_many_sockets", "this address has as many sockets open as it may", 429,
                             retry_after=30)
        self.sockets.setdefault(game_id, set()).add(conn)
        self.per_client[conn.client] += 1

    def detach(self, conn: Connection, game_id: str) -> None:
        conns = self.sockets.get(game_id)
        if conns is not None and conn in conns:
            conns.discard(conn)
            self.per_client[conn.client] -= 1
            if self.per_client[conn.client] <= 0:
                del self.per_client[conn.client]
            if not conns:
                del self.sockets[game_id]

    # ------------------------------------------------------------------ telling
    def push(self, table: Table) -> None:
        """Queue each connection of the table its own update: each distinct view (a seat's, or
        the spectators' since the same event) is built and encoded once; nothing waits here."""
        built: dict[tuple[int | None, int], tuple[str, int]] = {}
        for conn in list(self.sockets.get(table.id, ())):
            if conn.undos != table.undos:  # lines it has shown were taken back: all again
                conn.undos, conn.since = table.undos, 0
            key = (conn.seat, conn.since)
            done = built.get(key)
            if done is None:
                message = table.view(conn.seat, conn.since)
                done = built[key] = (encode(message), message["event_count"])
            conn.send(done[0])
            conn.since = done[1]

    def changed(self, table: Table) -> None:
        self.summaries[table.id] = table.summary()
        self.push(table)
        self.schedule_bot(table)
        self.after_change(table)

    def after_change(self, table: Table) -> None:
        """What follows a change beyond the table's watchers: a finished game's result goes to
        the ratings (once), a seat now asked to decide is sent its turn notices. A failure here
        is logged and never undoes or delays the move."""
        try:
            if table.over:
                if table.id not in self.results_kept and table.tutorial is None:
                    self.results_kept.add(table.id)
                    rate_finished(self.store, table)
            else:
                tell_turn(self.notifier, self.notice_settings, self.store, table)
        except (StoreError, InputError, ValueError) as exc:
            log.error("game %s: after the change: %s", table.id, exc)

    # ------------------------------------------------------------------ bots and clocks
    def schedule_bot(self, table: Table) -> None:
        seat = table.to_act()
        if seat is None or table.status != "playing" or not is_bot(table.seats[seat]):
            return
        task = self.bot_tasks.get(table.id)
        if task is not None and not task.done():
            return
        self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._bot_turns(table.id))

    async def _bot_turns(self, game_id: str) -> None:
        """Play the bots' moves of one table while it is a bot's turn. A failure is logged and
        tried again after a pause; it never ends the table's bot turns for good."""
        failures = 0
        while True:
            table = self.tables.get(game_id) or self.table(game_id)
            seat = table.to_act()
            if seat is None or table.status != "playing" or not is_bot(table.seats[seat]):
                return
            try:
                await self._bot_move(table, seat, bot_spec(table.seats[seat]))
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failures += 1
                log.error("game %s: the bot of seat %s failed (%s); trying again", game_id, seat, exc)
                await asyncio.sleep(min(30.0, 0.5 * 2**failures))

    async def _bot_move(self, table: Table, seat: int, spec: str, notice: str | None = None) -> None:
        seq = table.seq
        scripted = table.scripted_move(seat) if notice is None else None
        if scripted is not None:  # a tutorial's other seat: its script plays, at a pace a learner follows
            await asyncio.sleep(SCRIPT_PAUSE_S)
            async with self.lock(table.id):
                table = self.tables.get(table.id) or self.table(table.id)
                if table.seq != seq or table.to_act() != seat:
                    return
                table.bot_act(seat, scripted)
            self.changed(table)
            return
        mind = table.bot_minds.get(seat) if notice is None else None
        text, problem, mind = await self.bots.move(table.state.clone(), seat, spec, mind)
        async with self.lock(table.id):
            table = self.tables.get(table.id) or self.table(table.id)
            if table.seq != seq or table.to_act() != seat:
                return  # the game changed while the bot thought (an undo): think again
            if notice is None and mind is not None:
                table.bot_minds[seat] = mind
            elif notice is None:  # the bot outgrew the size kept: the next move starts a fresh one
                table.bot_minds.pop(seat, None)
            if problem:
                text = f"{problem}; greedy played for {table.labels()[seat]}"
                table.notices.append({"seq": table.seq, "text": text})
                log.warning("game %s seat %s: %s", table.id, seat, problem)
            if notice:
                table.notices.append({"seq": table.seq, "text": notice.format(move=text)})
            table.bot_act(seat, text)
        self.changed(table)

    async def _clock_move(self, table: Table, seat: int) -> None:
        """A human seat whose clock ran out. Where other people play, they decide (a bot plays
        that seat, or the game ends with it last: ``Table.resolve_timeout``), as on Board Game
        Arena; they are told once, and the late player may still move meanwhile. With nobody
        else to ask, greedy plays its move (the seat stays theirs)."""
        if table.out_of_time() != seat:
            return
        if table.humans_besides(seat):
            if table.timeout_told != table.seq:
                table.timeout_told = table.seq
                self.push(table)
            return
        notice = f"{table.labels()[seat]}'s clock ran out: greedy played {{move}}"
        await self._bot_move(table, seat, "greedy", notice)

    async def keep_house(self) -> None:
        """Every half second: clocks that ran out; every few seconds: bot turns whose task
        died (started again) and idle tables (out of memory)."""
        ticks = 0
        clock_tasks: dict[str, asyncio.Task] = {}
        while True:
            await asyncio.sleep(TICK_S)
            ticks += 1
            try:
                for table in list(self.tables.values()):
                    seat = table.out_of_time()
                    running = clock_tasks.get(table.id)
                    if seat is not None and (running is None or running.done()):
                        clock_tasks[table.id] = asyncio.get_running_loop().create_task(
                            self._clock_move(table, seat)
                        )
                if ticks % SWEEP_EVERY == 0:
                    for table in list(self.tables.values()):
                        self.schedule_bot(table)
                    self._evict_idle()
                    for gid in [g for g, t in clock_tasks.items() if t.done()]:
                        del clock_tasks[gid]
            except Exception:  # housekeeping must outlive any one table's trouble
                log.exception("housekeeping")

    async def close(self) -> None:
        """Stop within moments: cancel every task, kill the bot workers, close the store."""
        tasks = [t for t in [self.housekeeping, *self.bot_tasks.values()] if t is not None]
        for task in tasks:
            task.cancel()
        self.bots.close()
        await self.notifier.close()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 1.0)
        for conns in list(self.sockets.values()):
            for conn in list(conns):
                conn.close(1001, "the server is stopping")
        self.store.close()
