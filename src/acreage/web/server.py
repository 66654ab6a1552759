"""The web platform's server: HTTP + WebSocket API, pages, bots. See ``docs/web-api.md``.

One process holds every live table in memory, rebuilt from the store at start-up. Requests that
change a game run one at a time per table (an ``asyncio.Lock``); the store commit happens before
the answer and before any connection is told. Bots think in a spawn-started process pool.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .. import core
from ..core.events import recording
from .bots import BotPool
from .store import Store, open_store
from .tables import Table, TableError, bot_spec, create_row, is_bot

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("acreage.web")


class Connection:
    """One open WebSocket: whose eyes it has and how many events it has been sent."""

    __slots__ = ("ws", "seat", "since")

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws, self.seat, self.since = ws, seat, 0


class Hub:
    """Every table, their locks and open connections, and the bot pool."""

    def __init__(self, store: Store, bot_workers: int = 1) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, set[Connection]] = {}
        self.bots = BotPool(bot_workers)
        self.bot_tasks: dict[str, asyncio.Task] = {}
        self.clock_task: asyncio.Task | None = None

    def load(self) -> None:
        for row in self.store.load_games():
            try:
                self.tables[row.id] = Table(row, self.store)
            except core.AcreageError as exc:  # a stored game this engine cannot replay
                log.error("game %s cannot be rebuilt: %s", row.id, exc)

    def table(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None:
            raise TableError("not_found", f"there is no game {game_id!r}", 404)
        return table

    def open_game(self, row, tokens: dict[int, str]) -> dict:
        """Store a new game, seat its table (bots start if it is their turn) and say how each
        human seat joins: its token and its link."""
        self.store.create_game(row, tokens)
        table = self.tables[row.id] = Table(row, self.store)
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
            self.tables[game_id] = Table(row, self.store)

    def lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    # ------------------------------------------------------------------ pushing updates
    async def push(self, table: Table) -> None:
        """Send each connection of the table its own update (its seat's view, new events)."""
        for conn in list(self.sockets.get(table.id, ())):
            try:
                message = table.view(conn.seat, conn.since)
                conn.since = message["event_count"]
                await conn.ws.send_json(message)
            except Exception:  # a connection that went away: forget it
                self.sockets.get(table.id, set()).discard(conn)

    async def changed(self, table: Table) -> None:
        await self.push(table)
        self.schedule_bot(table)

    # ------------------------------------------------------------------ bots
    def schedule_bot(self, table: Table) -> None:
        seat = table.to_act()
        if seat is None or table.status != "playing" or not is_bot(table.seats[seat]):
            return
        task = self.bot_tasks.get(table.id)
        if task is not None and not task.done():
            return
        self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._bot_turns(table))

    async def _bot_turns(self, table: Table) -> None:
        while True:
            seat = table.to_act()
            if seat is None or table.status != "playing" or not is_bot(table.seats[seat]):
                return
            spec = bot_spec(table.seats[seat])
            seq = table.seq
            text, problem = await self.bots.move(table.state.clone(), seat, spec)
            async with self.lock(table.id):
                if table.seq != seq or table.to_act() != seat:
                    continue  # the game changed while the bot thought (an undo): think again
                if problem:
                    table.notices.append(
                        {"seq": table.seq, "text": f"{problem}; greedy played for seat {seat}"}
                    )
                    log.warning("game %s seat %s: %s", table.id, seat, problem)
                table.bot_act(seat, text)
            await self.push(table)

    async def watch_clocks(self) -> None:
        """Every half second: a human seat whose clock has run out gets greedy's move (the seat
        stays theirs, but with an empty bank every later move of theirs goes the same way)."""
        while True:
            await asyncio.sleep(0.5)
            for table in list(self.tables.values()):
                seat = table.out_of_time()
                if seat is None:
                    continue
                seq = table.seq
                text, _ = await self.bots.move(table.state.clone(), seat, "greedy")
                async with self.lock(table.id):
                    if table.seq != seq or table.out_of_time() != seat:
                        continue
                    table.notices.append(
                        {"seq": table.seq, "text": f"seat {seat}'s clock ran out: greedy played {text}"}
                    )
                    table.bot_act(seat, text)
                await self.changed(table)

    async def close(self) -> None:
        if self.clock_task is not None:
            self.clock_task.cancel()
        for task in self.bot_tasks.values():
            task.cancel()
        self.bots.close()
        self.store.close()


def public_content(game: str) -> dict:
    """Static content for drawing (tile costs, slots, help text), per game."""
    if game == "foxglove":
        from ..games.foxglove.content import TILES
        from ..games.foxglove.goods import GOODS

        return {
            "goods": list(GOODS),
            "tiles": {
                t.name + "|" + t.tier: {
                    "name": t.name,
                    "tier": t.tier,
                    "cost": dict(zip(GOODS, t.cost, strict=True)),
                    "slots": t.slots,
                    "accepts": [g for i, g in enumerate(GOODS) if t.accepts >> i & 1],
                    "help": t.help,
                }
                for t in TILES
            },
        }
    return {}


def _error(exc: TableError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=exc.status)


async def _body(request: Request) -> dict:
    try:
        data = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError):
        raise TableError("malformed", "the body must be a JSON object") from None
    if not isinstance(data, dict):
        raise TableError("malformed", "the body must be a JSON object")
    return data


def create_app(
    store_url: str = "acreage-web.db",
    bot_workers: int = 1,
    warm_bots: bool = True,
    on_stop: Callable[[], None] | None = None,
) -> FastAPI:
    """The application. ``store_url``: a SQLite file (default) or ``postgresql://…``;
    ``warm_bots`` starts the bot workers with the server (tests that need no bot turn it off).

    One function, as FastAPI apps are: each route is a short closure over this app's tables,
    store and bot pool (no module-level state, so tests and two servers in one process never
    share a game); the work is in ``tables.py``, ``store.py`` and ``bots.py``."""
    hub_box: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hub = Hub(open_store(store_url), bot_workers)
        hub.load()
        if warm_bots:
            await asyncio.to_thread(hub.bots.warm)
        hub_box["hub"] = hub
        app.state.hub = hub
        for table in hub.tables.values():
            hub.schedule_bot(table)  # bots whose turn it was when the server stopped
        hub.clock_task = asyncio.get_running_loop().create_task(hub.watch_clocks())
        try:
            yield
        finally:
            await hub.close()
            if on_stop is not None:
                on_stop()

    app = FastAPI(title="Acreage", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub() -> Hub:
        return hub_box["hub"]

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError):
        if exc.code == "conflict":
            game_id = request.path_params.get("game_id")
            if game_id:
                hub().reload(game_id)
        return _error(exc)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        hub().table(game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str):
        hub().table(game_id)
        return FileResponse(STATIC / "replay.html")

    # ------------------------------------------------------------------ API
    @app.get("/api/health")
    async def health():
        return {"ok": True, "games": len(hub().tables)}

    @app.get("/api/catalogue")
    async def catalogue():
        out = []
        for info in core.games():
            summary = info.summary()
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "players": summary["players"],
                    "options": summary["options"],
                }
            )
        return {"games": out, "bots": ["greedy", "random", "mcts:ms=1000", "beam:ms=1000"]}

    @app.get("/api/content/{game}")
    async def content(game: str):
        """What a board needs to draw a game's pieces: public, static data (no state)."""
        try:
            info = core.game_info(game)
        except core.AcreageError as exc:
            raise TableError("bad_game", str(exc), 404) from None
        return public_content(info.name)

    @app.get("/api/games")
    async def list_games():
        tables = sorted(hub().tables.values(), key=lambda t: -t.last_move_at)
        return {"games": [t.summary() for t in tables]}

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request):
        data = await _body(request)
        row, tokens = create_row(
            data.get("game"), data.get("players"), data.get("options"), data.get("seats"), data.get("clock")
        )
        return hub().open_game(row, tokens)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, token: str | None = None, since: int = 0):
        table = hub().table(game_id)
        return table.view(table.seat_of(token), max(0, since))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request):
        data = await _body(request)
        h = hub()
        table = h.table(game_id)
        async with h.lock(game_id):
            seat = table.seat_of(data.get("token"))
            if "action" not in data:
                raise TableError("malformed", "give the action: its notation or its id")
            result = table.act(seat, data.get("action"), data.get("seq"), data.get("client_id"))
        await h.changed(table)
        return {"seq": result.seq, "action": result.move}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, request: Request):
        data = await _body(request)
        h = hub()
        table = h.table(game_id)
        async with h.lock(game_id):
            seat = table.seat_of(data.get("token"))
            result = table.undo(seat, data.get("seq"), data.get("client_id"), data.get("count", 1))
        await h.changed(table)
        return {"seq": result.seq, "action": result.move}

    @app.get("/api/games/{game_id}/plan")
    async def plan(game_id: str, token: str | None = None):
        """The game's shortcut for the seat to act (Foxglove: the exact transport plan), for
        that seat only; the page shows it and can play it action by action."""
        table = hub().table(game_id)
        seat = table.seat_of(token)
        if seat is None or seat != table.to_act():
            raise TableError("not_your_turn", "a plan is given to the seat to act", 403)
        state = table.state.clone()
        macros = await asyncio.to_thread(state.macro_actions)
        if not macros:
            return {"name": None, "actions": []}
        name, actions = macros[0]
        return {"name": name, "actions": [str(a) for a in actions]}

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request):
        data = await _body(request)
        h = hub()
        table = h.table(game_id)
        async with h.lock(game_id):
            token = table.join(data.get("seat"))
        await h.changed(table)
        seat = data["seat"]
        return {"seat": seat, "token": token, "link": f"/play/{game_id}#token={token}"}

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, request: Request):
        data = await _body(request)
        h = hub()
        table = h.table(game_id)
        async with h.lock(game_id):
            seat = table.seat_of(data.get("token"))
            if seat is None:
                raise TableError("spectator", "give your seat's token to hand it to a bot", 403)
            table.hand_to_bot(seat, "greedy")
        await h.changed(table)
        return {"seat": seat, "now": "bot:greedy"}

    @app.post("/api/games/{game_id}/rematch", status_code=201)
    async def rematch(game_id: str, request: Request):
        data = await _body(request)
        h = hub()
        old = h.table(game_id)
        if old.seat_of(data.get("token")) is None:
            raise TableError("spectator", "only a player of the game can ask for a rematch", 403)
        seats = ["human" if not is_bot(k) else k for k in old.seats]
        row, tokens = create_row(old.row.game, old.row.players, old.row.options, seats, old.row.clock)
        return h.open_game(row, tokens)

    @app.get("/api/games/{game_id}/replay")
    async def replay_step(game_id: str, step: int = 0):
        """A finished game at one step: the public view, the action that led there and its
        events, and where each round starts (for jumping)."""
        table = hub().table(game_id)
        if not table.state.is_terminal:
            raise TableError("not_over", "replays open once the game is over", 403)
        final = table.state
        total = len(final.history)
        if not 0 <= step <= total:
            raise TableError("malformed", f"step must be from 0 to {total}")
        with recording():
            state = core.replay(final.record(), upto=step)
        events = [dict(e, text=final.describe_event(e)) for e in final.events_for(None) if e["step"] == step]
        marks = [{"step": 0, "label": "the start"}]
        for e in final.events_for(None):
            if e["kind"] in ("round", "year"):
                number = e.get("round", e.get("year"))
                marks.append({"step": e["step"], "label": f"{e['kind']} {number}"})
        marks.append({"step": total, "label": "the end"})
        return {
            "game": final.game_name,
            "title": table.info.title,
            "step": step,
            "total": total,
            "action": final.public_notation(final.history[step - 1]) if step else None,
            "actor": final.history_seats[step - 1] if step else None,
            "observation": state.observation(None),
            "events": events,
            "scores": state.scores(),
            "breakdown": [state.score_breakdown(s) for s in range(state.num_players)],
            "seats": [
                {"seat": s, "kind": "bot" if is_bot(k) else k, "bot": bot_spec(k) if is_bot(k) else None}
                for s, k in enumerate(table.seats)
            ],
            "marks": marks,
        }

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str):
        table = hub().table(game_id)
        if not table.state.is_terminal:
            raise TableError(
                "not_over", "the record (which holds the seed) is shown once the game is over", 403
            )
        return table.state.record()

    # ------------------------------------------------------------------ websocket
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str, token: str | None = None):
        h = hub()
        await ws.accept()
        try:
            table = h.table(game_id)
            seat = table.seat_of(token)
        except TableError as exc:
            await ws.send_json({"type": "error", "error": exc.code, "message": str(exc)})
            await ws.close(code=4000 + exc.status)
            return
        conn = Connection(ws, seat)
        h.sockets.setdefault(game_id, set()).add(conn)
        try:
            first = table.view(seat, 0)
            conn.since = first["event_count"]
            await ws.send_json(first)
            while True:
                try:
                    message = await ws.receive_json()
                except (json.JSONDecodeError, ValueError):
                    await ws.send_json(
                        {"type": "error", "error": "malformed", "message": "send JSON objects"}
                    )
                    continue
                await _on_message(h, h.table(game_id), seat, ws, message)  # the table may be reloaded
        except WebSocketDisconnect:
            pass
        finally:
            h.sockets.get(game_id, set()).discard(conn)

    return app


async def _on_message(h: Hub, table: Table, seat: int | None, ws: WebSocket, message: Any) -> None:
    """One client message: ``action``, ``undo`` or ``ping``; the answer goes to this socket, the
    update to every socket of the table."""
    if not isinstance(message, dict):
        await ws.send_json({"type": "error", "error": "malformed", "message": "send JSON objects"})
        return
    kind = message.get("type")
    client_id = message.get("client_id")
    if kind == "ping":
        await ws.send_json({"type": "pong", "seq": table.seq})
        return
    try:
        async with h.lock(table.id):
            if kind == "action":
                result = table.act(seat, message.get("action"), message.get("seq"), client_id)
            elif kind == "undo":
                result = table.undo(seat, message.get("seq"), client_id, message.get("count", 1))
            else:
                raise TableError("malformed", "a message's type is action, undo or ping")
    except TableError as exc:
        if exc.code == "conflict":
            h.reload(table.id)
        await ws.send_json({"type": "error", "error": exc.code, "message": str(exc), "client_id": client_id})
        return
    await ws.send_json({"type": "ack", "seq": result.seq, "client_id": client_id, "action": result.move})
    await h.changed(table)
