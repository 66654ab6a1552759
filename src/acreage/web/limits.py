"""The server's limits: how much any one client may ask, and how many sockets it may hold.

Rates are the ``limits`` library's notation (``"10/second;400/minute"``: every window must
have room), counted in its moving windows, so a burst and a sustained pace are both bounded.
The defaults are far above real play — a player clicking fast, a test client pacing itself to
a few moves a second — and far below a flood (1,000 moves a second, 500 games in a few
seconds). Bots' moves are the server's own and are never counted.

Who "a client" is depends on what it asks: a move is counted against its seat (its token), a
WebSocket message against its connection, a game creation and every HTTP request against the
address it comes from.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, fields, replace

from limits import RateLimitItem, parse_many, storage, strategies

from .inputs import InputError

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, each configurable (``acreage serve --limit NAME=VALUE``)."""

    #: HTTP requests of any kind, per client address.
    requests: str = "60/second;3000/minute"
    #: Games created, per client address.
    creations: str = "10/10second;200/hour"
    #: Moves and undos sent for one seat (HTTP and WebSocket together).
    moves: str = "10/second;400/minute"
    #: Messages of any kind on one WebSocket (pings included).
    messages: str = "20/second;600/minute"
    #: Refused messages (over the rate above) a socket may send before it is closed.
    refusals: int = 100
    #: Open WebSockets on one game, and from one client address.
    sockets_per_game: int = 300
    sockets_per_client: int = 300
    #: Updates waiting to be sent to one socket; a socket further behind is closed.
    socket_queue: int = 32
    #: Seconds one message may take to go out before its socket is closed as too slow.
    send_timeout_s: float = 10.0
    #: Seconds a WebSocket has to say hello before it is closed.
    hello_timeout_s: float = 10.0
    #: A table without sockets, bot or move for this long leaves memory (it comes back by
    #: replay on its next request).
    idle_s: float = 600.0
    #: Bot budgets at web seats: the most ``ms=`` a seat may ask, the time a seat that states
    #: none gets, and the most ``iterations=``.
    bot_ms: float = 10_000.0
    bot_iterations: int = 100_000
    #: Host names the server answers to (a DNS-rebinding page reaches a loopback server under
    #: its own name); ``*`` answers every name.
    allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS
    #: Origins, besides the server's own, whose pages may write and open WebSockets.
    allowed_origins: tuple[str, ...] = ()
    #: Largest games listing a lobby request returns.
    lobby_max: int = 500

    def with_settings(self, settings: list[str]) -> Limits:
        """A copy with ``NAME=VALUE`` settings applied (``allowed_hosts=a,b``); raises
        ``ValueError`` naming a bad one."""
        known = {f.name: f for f in fields(self)}
        changes: dict = {}
        for setting in settings:
            name, sep, value = setting.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or name not in known:
                raise ValueError(f"--limit {setting!r}: give NAME=VALUE with NAME one of {', '.join(known)}")
            kind = type(getattr(self, name))
            try:
                if kind is tuple:
                    changes[name] = tuple(v.strip() for v in value.split(",") if v.strip())
                elif kind is str:
                    parse_many(value)
                    changes[name] = value
                else:
                    changes[name] = kind(value)
                    if not changes[name] > 0:
                        raise ValueError
            except ValueError:
                raise ValueError(f"--limit {setting!r}: {value!r} is not a valid {name}") from None
        return replace(self, **changes)


#: Limits that never refuse (benchmarks and tests that measure something else).
UNLIMITED = Limits(
    requests="1000000/second", creations="1000000/second", moves="1000000/second",
    messages="1000000/second", refusals=10**9, sockets_per_game=100_000, sockets_per_client=100_000,
)


@dataclass
class RateLimiter:
    """Moving-window counters for one kind of request (``limits``' in-memory storage)."""

    spec: str
    what: str
    items: list[RateLimitItem] = field(init=False)

    def __post_init__(self) -> None:
        self.items = parse_many(self.spec)
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    def hit(self, key: str) -> None:
        """Count one request for ``key``, or raise ``rate_limited`` (nothing counted) with the
        seconds after which the narrowest full window has room again."""
        for item in self.items:
            if not self._limiter.test(item, key):
                reset, _ = self._limiter.get_window_stats(item, key)
                wait = max(0.0, reset - time.time())
                raise InputError(
                    "rate_limited",
                    f"too many {self.what} (at most {item}); try again in {math.ceil(wait)} s",
                    429,
                    retry_after=max(1, math.ceil(wait)),
                )
        for item in self.items:
            self._limiter.hit(item, key)

    def forget(self, key: str) -> None:
        for item in self.items:
            self._limiter.clear(item, key)


class Counters:
    """The server's rate limiters, one per kind of request."""

    def __init__(self, limits: Limits) -> None:
        self.requests = RateLimiter(limits.requests, "requests from this address")
        self.creations = RateLimiter(limits.creations, "games created from this address")
        self.moves = RateLimiter(limits.moves, "moves for this seat")
        self.messages = RateLimiter(limits.messages, "messages on this socket")
