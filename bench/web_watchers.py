"""Many spectators on one game: how fast a move reaches its player and every watcher.

A server (``create_app`` + ``serve`` in a subprocess, ``UNLIMITED`` limits, SQLite store in a
temporary folder) hosts a Foxglove Farm game of two humans. ``--spectators`` WebSockets watch
it (opened in batches of ``--batch``; each says hello and waits for its first update); the two
players have a socket each. The players then play ``--moves`` moves, one at a time: the seat to
act sends a random legal action (seeded RNG; ``pass`` or ``done`` only when nothing else is
legal, so games last longer), and the next move goes only once both players and every
spectator have the update of the previous one (or after ``--timeout``: every watcher still
missing it is counted as a failure), plus a pause of ``--interval`` seconds. Should the game
end first, everyone moves to a new game (not measured) and the moves go on there.

Figures:

* **move answer**: from sending an action to its ``ack`` on the mover's socket.
  Goal: p99 < 30 ms.
* **watcher latency**: for every (move, spectator), from sending the action to that spectator
  receiving the update with the new ``seq``; p50, p99 and max over all pairs, and, per move,
  the slowest watcher. Goal: p99 of the per-move slowest watcher < 100 ms (every watcher
  updated within 100 ms), with no spectator missing an update and none closed by the server
  (a socket that falls behind is closed with code 4008).
* server CPU seconds during the moves (``/proc/PID/stat``), and the clients' for comparison.

With the default 60 moves a p99 is the slowest move's figure. ``--json PATH`` also writes the
figures, with every move's action, answer time and slowest watcher.

The clients must not be what is measured: spectators never parse an update, they take its
top-level ``seq`` from the raw text with a regex (the first ``"seq":`` of an update, which the
server writes before the observation; the players' process checks it against the parsed
message) and note ``time.monotonic()`` on receipt. They run in ``--client-procs`` processes
(default 2) besides the main one, which drives the two players; ``time.monotonic`` is one
system-wide clock on Linux, so send and receipt times compare across processes. Every client
offers permessage-deflate as browsers do (``--compression none`` turns it off for the
spectators); the server declines it (``serve`` turns it off: compressing each update once per
socket cost more server time than building the views, 22 against 14 ms a move at 200 sockets).

Machine: a 2-core development machine, where the server, the players' process and the
spectators' processes all share the two cores, so the figures include some of the clients'
time. One, two and three spectator processes gave about the same medians there; two is the
default (the server's work of a broadcast is on one core, the clients' on the other).

Run: ``python bench/web_watchers.py [--spectators 200] [--moves 60] [--client-procs 2]
[--json figures.json]``. Exit code 1 if a goal is missed.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter

GOAL_ACK_P99_MS = 30.0
GOAL_WATCH_P99_MS = 100.0

#: The top-level ``seq`` of an update: the server writes ``type``, ``game_id``, ``game``,
#: ``title`` and then ``seq``, so the first match within the first few hundred characters is it.
UPDATE_PREFIX = '{"type":"update"'
SEQ = re.compile(r'"seq":(\d+)')
SEQ_WITHIN = 400
#: Actions a player takes only when nothing else is legal.
PASSIVE = ("pass", "done")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int) -> subprocess.Popen:
    code = (
        "from acreage.web.server import create_app, serve; from acreage.web.limits import UNLIMITED; "
        f"serve(create_app({db!r}, limits=UNLIMITED), '127.0.0.1', {port})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    for _ in range(300):
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def create(port: int) -> dict:
    body = json.dumps(
        {"game": "foxglove", "players": 2, "seats": ["human", "human"], "options": {"start_player": 0}}
    ).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def update_seq(raw: str | bytes) -> int | None:
    """The top-level ``seq`` of an update's raw text, or ``None`` for any other message."""
    if not isinstance(raw, str) or not raw.startswith(UPDATE_PREFIX):
        return None
    m = SEQ.search(raw, 0, SEQ_WITHIN)
    return int(m.group(1)) if m else None


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))]


# ---------------------------------------------------------------------- spectator processes
def spectator_proc(port: int, count: int, batch: int, compression: str | None, pipe) -> None:
    """A client process: ``count`` spectators; tells the main process over ``pipe`` when all of
    them have seen each ``seq``, and at the end sends every receipt time."""
    try:
        asyncio.run(_spectators(port, count, batch, compression, pipe))
    except KeyboardInterrupt:
        pass


async def _spectators(port: int, count: int, batch: int, compression: str | None, pipe) -> None:
    """Watch with ``count`` sockets the game the main process names, ``("watch", game, gid)``,
    until it names another (the sockets move there) or says ``("stop",)``. Messages to the main
    process: ``("ready", game, live, errors)`` once every socket has its first update,
    ``("seen", game, seq)`` once every live socket has ``seq``, and ``("done", received, closes,
    errors, sizes)`` at the end, where ``received[i][(game, seq)]`` is when spectator ``i`` got
    ``seq`` of ``game``."""
    import websockets

    loop = asyncio.get_running_loop()
    commands: asyncio.Queue = asyncio.Queue()
    loop.add_reader(pipe.fileno(), lambda: commands.put_nowait(pipe.recv()))
    received: list[dict[tuple[int, int], float]] = [{} for _ in range(count)]
    closes: list[tuple[int | None, str]] = []
    errors: list[str] = []
    sizes = [0, 0, 0]  # characters, updates, largest update

    async def open_game(game: int, gid: str):
        url = f"ws://127.0.0.1:{port}/api/games/{gid}/ws"
        arrivals: Counter[int] = Counter()  # seq: live spectators that have it
        st = {"live": 0, "reported": None}
        sockets: list = []
        stopping = asyncio.Event()
        first_error = len(errors)

        def report() -> None:
            while st["reported"] is not None and st["live"] and arrivals[st["reported"] + 1] >= st["live"]:
                st["reported"] += 1
                pipe.send(("seen", game, st["reported"]))

        async def watch(i: int, connected: asyncio.Future) -> None:
            try:
                ws = await websockets.connect(url, compression=compression, ping_interval=None, max_size=None)
            except Exception as exc:
                connected.set_result(False)
                errors.append(f"connect: {type(exc).__name__}: {exc}")
                return
            sockets.append(ws)
            last = None
            try:
                await ws.send('{"type":"hello"}')
                async for raw in ws:
                    t = time.monotonic()
                    seq = update_seq(raw)
                    if seq is None:
                        if not isinstance(raw, str) or '"type":"error"' in raw:
                            errors.append(str(raw)[:200])
                        continue
                    if last is None:
                        last = seq
                        st["live"] += 1
                        if st["reported"] is None:
                            st["reported"] = seq
                        connected.set_result(True)
                        continue
                    sizes[0] += len(raw)
                    sizes[1] += 1
                    sizes[2] = max(sizes[2], len(raw))
                    for k in range(last + 1, seq + 1):  # a skipped seq is known at the later update
                        received[i][(game, k)] = t
                        arrivals[k] += 1
                    last = max(last, seq)
                    report()
            except websockets.ConnectionClosed:
                pass
            except Exception as exc:
                errors.append(f"spectator {i}: {type(exc).__name__}: {exc}")
            finally:
                if not connected.done():
                    connected.set_result(False)
                if not stopping.is_set():  # closed while watching: by the server
                    closes.append((ws.close_code, ws.close_reason or "no close frame"))
                    if last is not None:
                        st["live"] -= 1
                        report()

        tasks = []
        for start in range(0, count, batch):
            futures = [loop.create_future() for _ in range(start, min(count, start + batch))]
            tasks += [loop.create_task(watch(start + j, f)) for j, f in enumerate(futures)]
            await asyncio.gather(*futures)
        pipe.send(("ready", game, st["live"], errors[first_error:]))
        return tasks, sockets, stopping

    command = await commands.get()
    while command[0] == "watch":
        tasks, sockets, stopping = await open_game(command[1], command[2])
        command = await commands.get()
        stopping.set()
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
        await asyncio.gather(*tasks, return_exceptions=True)
    loop.remove_reader(pipe.fileno())
    pipe.send(("done", received, closes, errors, sizes))


# ---------------------------------------------------------------------- players (main process)
class Player:
    """One seat's socket: its latest update, and the time its ``ack`` came for each client_id."""

    def __init__(self, ws, progress: asyncio.Event) -> None:
        self.ws = ws
        self.view: dict | None = None
        self.acks: dict[str, float] = {}
        self.errors: list[dict] = []
        self.progress = progress

    async def read(self) -> None:
        import websockets

        try:
            async for raw in self.ws:
                t = time.monotonic()
                msg = json.loads(raw)
                if msg.get("type") == "update":
                    if update_seq(raw) != msg["seq"]:  # the spectators' shortcut must agree
                        self.errors.append({"error": "the seq regex disagrees", "seq": msg["seq"]})
                    if self.view is None or msg["seq"] >= self.view["seq"]:
                        self.view = msg
                elif msg.get("type") == "ack":
                    self.acks[msg["client_id"]] = t
                elif msg.get("type") == "error":
                    self.errors.append(msg)
                self.progress.set()
        except websockets.ConnectionClosed:
            self.progress.set()


def choose(rng: random.Random, legal: list[dict]) -> str:
    """A random legal action, passing only when nothing else is legal (games last longer)."""
    active = [a for a in legal if a["text"].split()[0] not in PASSIVE]
    return rng.choice(active or legal)["text"]


async def play(
    port: int, pipes: list, moves: int, interval: float, timeout: float, seed: int,
    server_pid: int, child_pids: list[int],
) -> dict:
    """Open the spectators on a new game, then play ``moves`` moves (on as many games as it
    takes), each once everyone has the previous one."""
    import websockets

    loop = asyncio.get_running_loop()
    progress = asyncio.Event()
    seen = [(-1, -1)] * len(pipes)
    ready = [-1] * len(pipes)
    connected: Counter[int] = Counter()
    open_errors: list[str] = []
    done: list = [None] * len(pipes)

    def on_pipe(k: int) -> None:
        msg = pipes[k].recv()
        if msg[0] == "seen":
            seen[k] = max(seen[k], (msg[1], msg[2]))
        elif msg[0] == "ready":
            ready[k] = msg[1]
            connected[msg[1]] += msg[2]
            open_errors.extend(msg[3])
        elif msg[0] == "done":
            done[k] = msg
            loop.remove_reader(pipes[k].fileno())
        progress.set()

    async def until(ok, limit: float) -> bool:
        end = time.monotonic() + limit
        while not ok():
            left = end - time.monotonic()
            if left <= 0:
                return False
            progress.clear()
            if ok():
                return True
            try:
                await asyncio.wait_for(progress.wait(), left)
            except TimeoutError:
                return ok()
        return True

    for k, pipe in enumerate(pipes):
        loop.add_reader(pipe.fileno(), on_pipe, k)
    rng = random.Random(seed)
    sends: dict[tuple[int, int], float] = {}
    acks: dict[tuple[int, int], float] = {}
    actions: dict[tuple[int, int], str] = {}
    stalls = 0
    problems: list[str] = []
    cpu = ccpu = wall = 0.0
    open_s: list[float] = []
    game, n, players, readers = -1, 0, [], []
    everyone: list[Player] = []
    while n < moves:
        # a new game: the spectators move to it (not measured), the players join
        game += 1
        if game > 0:
            for p in players:
                await p.ws.close()
            await asyncio.gather(*readers, return_exceptions=True)
        made = await asyncio.to_thread(create, port)
        t0 = time.monotonic()
        for pipe in pipes:
            pipe.send(("watch", game, made["id"]))
        if not await until(lambda g=game: all(r == g for r in ready), 120):
            raise RuntimeError("the spectators did not get ready in 120 s")
        open_s.append(time.monotonic() - t0)
        url = f"ws://127.0.0.1:{port}/api/games/{made['id']}/ws"
        players = []
        for seat in ("0", "1"):
            ws = await websockets.connect(url, ping_interval=None, max_size=None)
            await ws.send(json.dumps({"type": "hello", "token": made["tokens"][seat]}))
            players.append(Player(ws, progress))
        everyone += players
        readers = [loop.create_task(p.read()) for p in players]
        if not await until(lambda ps=players: all(p.view for p in ps), 10):
            raise RuntimeError("a player got no first update")
        cpu0 = cpu_seconds(server_pid)
        ccpu0 = sum(cpu_seconds(p) for p in child_pids) + time.process_time()
        wall0 = time.monotonic()
        first = n
        while n < moves:
            mover = next((p for p in players if p.view["legal"]), None)
            if mover is None or mover.view["status"] != "playing":
                break
            seq = mover.view["seq"]
            action = choose(rng, mover.view["legal"])
            client_id = f"m{n}"
            sent = time.monotonic()
            sends[(game, seq + 1)] = sent
            actions[(game, seq + 1)] = action
            await mover.ws.send(
                json.dumps({"type": "action", "action": action, "seq": seq, "client_id": client_id})
            )

            def all_seen(target=(game, seq + 1), cid=client_id, acked=mover.acks, ps=players) -> bool:
                return (
                    all(p.view["seq"] >= target[1] for p in ps)
                    and all(s >= target for s in seen)
                    and cid in acked
                )

            if not await until(all_seen, timeout):
                stalls += 1
                problems.append(f"move {n} ({action!r}): not everyone had seq {seq + 1} after {timeout:g} s")
            if client_id in mover.acks:
                acks[(game, seq + 1)] = mover.acks[client_id] - sent
            elif mover.errors:
                problems.append(f"move {n} ({action!r}): {mover.errors[-1]}")
            n += 1
            if interval > 0:
                await asyncio.sleep(interval)
        wall += time.monotonic() - wall0
        cpu += cpu_seconds(server_pid) - cpu0
        ccpu += sum(cpu_seconds(p) for p in child_pids) + time.process_time() - ccpu0
        if n == first:
            raise RuntimeError(f"a new game offers no move: {players[0].view['decision']!r}")
    for pipe in pipes:
        pipe.send(("stop",))
    await until(lambda: all(done), 60)
    for p in players:
        await p.ws.close()
    await asyncio.gather(*readers, return_exceptions=True)
    for p in everyone:
        problems += [f"player error: {e}" for e in p.errors]
    return {
        "sends": sends, "acks": acks, "actions": actions, "stalls": stalls, "problems": problems,
        "done": done,
        "games": game + 1, "connected": dict(connected), "open_errors": open_errors, "open_s": open_s,
        "server_cpu_s": cpu, "client_cpu_s": ccpu, "wall_s": wall,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spectators", type=int, default=200, help="spectator sockets on the game (default 200)")
    ap.add_argument("--moves", type=int, default=60, help="moves to play (default 60)")
    ap.add_argument("--interval", type=float, default=0.2, help="pause between moves, s (default 0.2)")
    ap.add_argument(
        "--timeout", type=float, default=5.0, help="longest wait for a move to reach everyone, s (default 5)"
    )
    ap.add_argument("--batch", type=int, default=20, help="spectators opened at a time (default 20)")
    ap.add_argument("--client-procs", type=int, default=2, help="processes the spectators run in (default 2)")
    ap.add_argument(
        "--compression", choices=["deflate", "none"], default="deflate",
        help="spectators offer permessage-deflate, as browsers do (default), or not",
    )
    ap.add_argument("--seed", type=int, default=1, help="seed of the players' choices (default 1)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures to PATH as JSON")
    args = ap.parse_args(argv)
    n_spec = min(max(args.spectators, 1), 5000)
    moves = min(max(args.moves, 1), 1000)
    procs_n = min(max(args.client_procs, 1), 16, n_spec)
    compression = None if args.compression == "none" else "deflate"
    ctx = mp.get_context("spawn")

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(os.path.join(tmp, "bench.db"), port)
        children = []
        try:
            pipes = []
            for k in range(procs_n):
                share = n_spec // procs_n + (1 if k < n_spec % procs_n else 0)
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(
                    target=spectator_proc,
                    args=(port, share, max(1, args.batch), compression, theirs),
                    daemon=True,
                )
                proc.start()
                children.append(proc)
                pipes.append(mine)
            out = asyncio.run(
                play(port, pipes, moves, max(0.0, args.interval), args.timeout, args.seed,
                     server.pid, [c.pid for c in children])
            )
        finally:
            for proc in children:
                proc.join(timeout=10)
                if proc.is_alive():
                    proc.kill()
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)

    sends = out["sends"]
    watch: list[float] = []
    slowest: list[float] = []
    missing = 0
    closes: list = []
    errors = list(out["open_errors"])
    per_move: dict[tuple[int, int], list[float]] = {s: [] for s in sends}
    sizes = [0, 0, 0]  # characters, updates, largest update received by the spectators
    for msg in out["done"]:
        if msg is None:
            errors.append("a spectator process sent no results")
            continue
        _, received, child_closes, child_errors, (chars, updates, largest) = msg
        sizes[0] += chars
        sizes[1] += updates
        sizes[2] = max(sizes[2], largest)
        closes += child_closes
        errors += [e for e in child_errors if e not in out["open_errors"]]
        for times in received:  # a spectator that never connected misses every move
            for s, sent in sends.items():
                if s in times:
                    per_move[s].append(times[s] - sent)
                else:
                    missing += 1
    for lat in per_move.values():
        watch += lat
        if lat:
            slowest.append(max(lat))
    connected = min(out["connected"].values(), default=0)
    opened_s = out["open_s"][0] if out["open_s"] else 0.0

    played = len(sends)
    wall = out["wall_s"]
    ack_ms = sorted(x * 1000 for x in out["acks"].values())
    watch_ms = sorted(x * 1000 for x in watch)
    slow_ms = sorted(x * 1000 for x in slowest)
    figures: dict = {
        "spectators": n_spec, "connected": connected, "moves": played, "interval_s": args.interval,
        "games": out["games"], "client_procs": procs_n, "compression": args.compression,
        "open_s": round(opened_s, 2),
        "wall_s": round(wall, 2), "server_cpu_s": round(out["server_cpu_s"], 2),
        "client_cpu_s": round(out["client_cpu_s"], 2), "missing_updates": missing,
        "stalled_moves": out["stalls"], "update_chars_mean": sizes[0] // max(1, sizes[1]),
        "update_chars_max": sizes[2], "closed_by_server": [list(c) for c in closes],
        "errors": errors[:20] + out["problems"][:20],
    }
    print(
        f"{connected}/{n_spec} spectators opened in {opened_s:.1f} s ({procs_n} client processes, "
        f"compression {args.compression}); {played} moves on {out['games']} game(s), one every "
        f"≥{args.interval:g} s, {wall:.1f} s"
    )
    print(
        f"server CPU {out['server_cpu_s']:.2f} s during the moves ({100 * out['server_cpu_s'] / wall:.0f} % "
        f"of a core; {1000 * out['server_cpu_s'] / max(1, played):.1f} ms a move); clients "
        f"{out['client_cpu_s']:.2f} s; spectator updates {sizes[0] // max(1, sizes[1])} characters on "
        f"average, {sizes[2]} at most"
    )
    ok = True
    if ack_ms:
        figures["ack_ms"] = {
            "p50": round(statistics.median(ack_ms), 2), "p99": round(percentile(ack_ms, 0.99), 2),
            "max": round(ack_ms[-1], 2),
        }
        met = figures["ack_ms"]["p99"] < GOAL_ACK_P99_MS
        ok &= met
        print(
            f"move answer (ack):      p50 {statistics.median(ack_ms):6.1f} ms   p99 "
            f"{percentile(ack_ms, 0.99):6.1f} ms   max {ack_ms[-1]:6.1f} ms   "
            f"(goal p99 < {GOAL_ACK_P99_MS:.0f} ms: {'met' if met else 'MISSED'})"
        )
    else:
        ok = False
        print("move answer (ack): no move was acknowledged")
    if watch_ms and slow_ms:
        figures["watch_ms"] = {
            "p50": round(statistics.median(watch_ms), 2), "p99": round(percentile(watch_ms, 0.99), 2),
            "max": round(watch_ms[-1], 2),
        }
        figures["slowest_watcher_ms"] = {
            "p50": round(statistics.median(slow_ms), 2), "p99": round(percentile(slow_ms, 0.99), 2),
            "max": round(slow_ms[-1], 2),
        }
        met = percentile(slow_ms, 0.99) < GOAL_WATCH_P99_MS and missing == 0 and not closes
        ok &= met
        print(
            f"watcher latency (all):  p50 {statistics.median(watch_ms):6.1f} ms   p99 "
            f"{percentile(watch_ms, 0.99):6.1f} ms   max {watch_ms[-1]:6.1f} ms   "
            f"({len(watch_ms)} move × spectator pairs)"
        )
        print(
            f"slowest watcher a move: p50 {statistics.median(slow_ms):6.1f} ms   p99 "
            f"{percentile(slow_ms, 0.99):6.1f} ms   max {slow_ms[-1]:6.1f} ms   "
            f"(goal p99 < {GOAL_WATCH_P99_MS:.0f} ms, none missing: {'met' if met else 'MISSED'})"
        )
    else:
        ok = False
        print("watcher latency: no update reached a spectator")
    print(
        f"updates missing {missing}   moves stalled {out['stalls']}   "
        f"spectators closed by the server {len(closes)}"
    )
    for (code, reason), times in Counter(map(tuple, closes)).most_common(5):
        print(f"  closed with code {code} {reason!r}: {times} spectators")
    for line in figures["errors"][:10]:
        print(f"  {line}")
    figures["goals_met"] = ok
    figures["per_move"] = [  # game, seq, action, action → ack, slowest watcher (ms)
        [
            g, seq, out["actions"][(g, seq)],
            round(1000 * out["acks"][(g, seq)], 2) if (g, seq) in out["acks"] else None,
            round(1000 * max(per_move[(g, seq)]), 2) if per_move[(g, seq)] else None,
        ]
        for g, seq in sends
    ]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
