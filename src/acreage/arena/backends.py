"""Run one batch function over many work items: in this process, a local process pool, or Ray.

Why a module of its own: the arena's games are not the only long batch work. Offline tools
(``tools/fit_oracle_value.py`` labels positions with a search that takes minutes per game) need
the same thing — a bounded number of batches in flight, results handed back as each batch
finishes so they can be saved at once, and the same code on a laptop or a Ray cluster — and
should not copy it.

The batch function takes a list of items and returns a list of results; it and the items must
be picklable (a module-level function; for the pool, importable by a freshly spawned process).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .jobs import ArenaError

BatchFn = Callable[[list], list]
Consume = Callable[[list], None]


def chunks(items: Sequence, size: int) -> Iterator[list]:
    """Consecutive slices of ``items`` of ``size`` (the last may be shorter)."""
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def auto_batch_size(pending: int, slots: int, per_slot: int = 16, cap: int = 200) -> int:
    """About ``per_slot`` batches per worker (load balance, smooth progress), 1–``cap`` items each."""
    return max(1, min(cap, math.ceil(pending / max(1, slots * per_slot))))


def run_batches(
    fn: BatchFn,
    items: Sequence,
    consume: Consume,
    workers: int | None = None,
    ray_address: str | None = None,
    batch_size: int | None = None,
    runtime_env: dict[str, Any] | None = None,
) -> int:
    """Apply ``fn`` to batches of ``items`` and pass each batch's results to ``consume`` as soon
    as that batch finishes (in completion order, not item order). Returns the number of workers
    (Ray: the cluster's CPUs).

    - ``workers == 1`` and no Ray: in this process, in order.
    - otherwise a spawn-started process pool of ``workers`` processes (default: every core),
      so it behaves the same on Linux, macOS and Windows (a calling script needs the usual
      ``if __name__ == "__main__":`` guard).
    - ``ray_address``: Ray tasks. ``"local"`` starts a local instance with ``workers`` CPUs,
      anything else goes to ``ray.init(address=...)`` (``"auto"``, ``"ray://host:10001"``); an
      already initialised Ray is used as it is. ``runtime_env`` is passed to ``ray.init``
      (e.g. ``{"working_dir": ...}`` so the cluster's workers can import a script's modules).

    At most twice as many batches as workers are in flight; when ``consume`` or a batch raises,
    the batches still queued are cancelled.
    """
    if not items:
        return 0
    if ray_address:
        return _run_ray(fn, items, consume, ray_address, workers, batch_size, runtime_env)
    if workers == 1:
        for batch in chunks(items, batch_size or 1):
            consume(fn(batch))
        return 1
    return _run_pool(fn, items, consume, workers or os.cpu_count() or 1, batch_size)


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """Pool worker initializer: end this worker as soon as the process that started it is gone
    (killed with SIGKILL, say, which leaves it no chance to stop its workers), so no worker
    outlives its run as an orphan."""
    import threading
    import time

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="acreage-parent-watch", daemon=True).start()


def _stop_workers(pool) -> None:
    """Terminate a pool's worker processes now (a batch in progress is abandoned)."""
    stop = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if stop is not None:
        stop()
        return
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=5)


def _run_pool(fn: BatchFn, items: Sequence, consume: Consume, workers: int,
              batch_size: int | None) -> int:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    workers = max(1, min(workers, len(items)))
    batches = chunks(items, batch_size or auto_batch_size(len(items), workers))
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_watch_parent,
                               initargs=(os.getpid(),))
    in_flight: set = set()
    finished_all = False
    try:
        for batch in batches:
            in_flight.add(pool.submit(fn, batch))
            if len(in_flight) >= 2 * workers:
                break
        while in_flight:
            finished, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            for fut in finished:
                consume(fut.result())
                nxt = next(batches, None)
                if nxt is not None:
                    in_flight.add(pool.submit(fn, nxt))
        finished_all = True
    finally:
        for fut in in_flight:
            fut.cancel()
        if not finished_all:
            # An error, Ctrl-C or SIGTERM (see ``acreage.arena.cli``): stop the batches still
            # running instead of waiting for them, so no worker is left behind.
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)
    return workers


#: Seconds to wait for a Ray head's port to answer before giving up on it.
CONNECT_TIMEOUT = 5.0


def _host_port(address: str) -> tuple[str, int] | None:
    """``"ray://head:10001"`` / ``"head:6379"`` / ``"[::1]:6379"`` → (host, port); None where the
    address names no port (``"auto"``, which Ray resolves itself)."""
    text = address.strip()
    if "://" in text:
        text = text.split("://", 1)[1]
    text = text.split("/", 1)[0]
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        return None
    host = host.strip("[]")
    return (host or "127.0.0.1"), int(port)


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse a Ray address whose port does not answer within ``timeout`` seconds, naming it.

    ``ray.init`` itself keeps retrying an address that does not answer for minutes; a TCP
    connection is a quick test that something listens there. For a loopback address Ray
    connects to this machine's own IP instead, so that one is tried too."""
    target = _host_port(address)
    if target is None:
        return
    host, port = target
    hosts = [host]
    if host in ("127.0.0.1", "localhost", "::1"):
        try:
            from ray._private.services import resolve_ip_for_localhost

            hosts.append(resolve_ip_for_localhost(host))
        except Exception:  # a private helper: use it where it is, else test the loopback only
            pass
    import socket

    reason = "no answer"
    for h in dict.fromkeys(hosts):
        try:
            with socket.create_connection((h, port), timeout=timeout):
                return
        except TimeoutError:
            reason = f"no answer within {timeout:g} s"
        except OSError as exc:
            reason = exc.strerror or str(exc)
    raise ArenaError(
        f"cannot reach a Ray cluster at {address} ({reason}); start one with 'ray start --head' "
        "or give the head's address, or use --ray local"
    )


def check_ray_address(address: str) -> None:
    """:func:`check_reachable` unless Ray is already initialised here (then it is used as it
    is and the address is not used)."""
    try:
        import ray
    except ImportError:
        raise ArenaError("Ray is not installed; install it with: pip install ray") from None
    if not ray.is_initialized():
        check_reachable(address)


def _run_ray(fn: BatchFn, items: Sequence, consume: Consume, address: str, workers: int | None,
             batch_size: int | None, runtime_env: dict[str, Any] | None) -> int:
    try:
        import ray
    except ImportError:
        raise ArenaError("Ray is not installed; install it with: pip install ray") from None

    started = False
    if not ray.is_initialized():
        extra = {"runtime_env": runtime_env} if runtime_env else {}
        if address == "local":
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=True, **extra)
        else:
            check_reachable(address)
            try:
                ray.init(address=address, **extra)
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
                raise ArenaError(f"cannot connect to the Ray cluster at {address}: {exc}") from None
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch_size or auto_batch_size(len(items), cpus, per_slot=8, cap=500)
        task = ray.remote(num_cpus=1, max_retries=1)(fn)
        batches = chunks(items, size)
        in_flight = []
        for batch in batches:
            in_flight.append(task.remote(batch))
            if len(in_flight) >= 2 * cpus:
                break
        try:
            while in_flight:
                ready, in_flight = ray.wait(in_flight, num_returns=1)
                for ref in ready:
                    consume(ray.get(ref))
                    nxt = next(batches, None)
                    if nxt is not None:
                        in_flight.append(task.remote(nxt))
        finally:
            for ref in in_flight:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
    return cpus
