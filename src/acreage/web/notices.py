"""Turn notices: telling a player by e-mail or webhook that a game played over days awaits them.

A notice carries public facts only — the game's title and id, the seat's label, the public
decision line and a link to ``/play/<id>`` — never a seat's token: an e-mail or a chat channel
is read by more eyes than the player's, and is kept for years. The player's browser already
holds its token (local storage), so the bare link resumes the seat there.

Sending must never slow a move. :meth:`Notifier.submit` only puts jobs on a bounded queue and
returns; worker tasks deliver them, and the blocking network calls (``smtplib``,
``urllib.request``) run in the notifier's own small thread pool, each within a time limit, so
neither the event loop nor the server's default executor ever waits on a mail server or a
webhook that hangs. A failure is tried again later (exponential backoff) by putting the job
back on the queue when its delay is up: a retry never holds a worker while it waits.

Each (turn, subscription) pair is delivered at most once: the notifier remembers the last
pairs it accepted, so the hub may submit a turn's notice at every change of the table.

Webhook URLs are given by players, so the server refuses to post to its own network: a URL
naming a loopback, private or link-local address is refused when subscribing, and the address
a host name resolves to is checked again after connecting (a name may point anywhere).
Redirects are never followed, and the URL itself is never logged (Discord's and Slack's hold
the channel's secret): log lines name its host only.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import http.client
import ipaddress
import json
import logging
import os
import re
import smtplib
import socket
import ssl
import time
import urllib.error
import urllib.request
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from functools import partial
from typing import Any, Literal
from urllib.parse import urlsplit

from .inputs import InputError, quote, text

log = logging.getLogger("acreage.web.notices")

Kind = Literal["email", "webhook"]
Flavour = Literal["json", "discord", "slack"]
KINDS: tuple[Kind, ...] = ("email", "webhook")
FLAVOURS: tuple[Flavour, ...] = ("json", "discord", "slack")

#: The longest e-mail address (RFC 5321's path limit) and local part accepted.
MAX_EMAIL_CHARS = 254
MAX_LOCAL_CHARS = 64
#: The longest webhook URL accepted (Discord's and Slack's are under 200 characters).
MAX_URL_CHARS = 2000
#: Bounds of a notice's public text: longer text is cut (it comes from the server's own data).
MAX_TITLE_CHARS = 100
MAX_PLAYER_CHARS = 100
MAX_AWAITED_CHARS = 500
#: The most subscriptions one submit takes (a profile holds a few); more are ignored, logged.
MAX_SUBSCRIPTIONS = 10
USER_AGENT = "acreage-notices"

GAME_ID = re.compile(r"[0-9a-f]{1,32}")
EMAIL = re.compile(
    r"(?P<local>[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*)"
    r"@(?P<domain>(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})"
)
HOST_NAME = re.compile(r"(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_-]{1,63}\.?")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off", "")


class NoticeError(InputError):
    """A subscription or notice the server refuses; ``code`` names the reason (``bad_kind``,
    ``bad_address``, ``bad_url``, ``credentials_in_url``, ``private_address``,
    ``bad_flavour``, ``too_long``, ``malformed``, ``bad_game``, ``bad_base_url``)."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(code, message, status)


# ---------------------------------------------------------------------- what is sent


def _text(value: Any, name: str, max_chars: int) -> str:
    """``value`` as bounded text (:func:`.inputs.text`), refused as a :class:`NoticeError`."""
    try:
        return text(value, name, max_chars)
    except InputError as exc:
        raise NoticeError(exc.code, str(exc)) from None


def _one_line(value: str, limit: int) -> str:
    """``value`` on one line of printable characters, cut to ``limit`` (a subject header or a
    chat line must not be split or carry control characters)."""
    line = "".join(ch if ch.isprintable() else " " for ch in " ".join(str(value).split()))
    line = " ".join(line.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def check_base_url(base_url: str) -> str:
    """The server's public address as links start with: http(s), a host, no credentials,
    query or fragment (anything there would travel into every notice), no trailing slash."""
    base = _text(base_url, "base_url", MAX_URL_CHARS).strip()
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NoticeError("bad_base_url", f"the base URL must be http(s)://host…, not {quote(base)}")
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
        raise NoticeError("bad_base_url", "the base URL must hold no credentials, query or fragment")
    return base.rstrip("/")


def play_link(base_url: str, game_id: str) -> str:
    """The game's page for everyone, ``<base>/play/<id>``: no token (the player's browser keeps
    its own)."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise NoticeError("bad_game", "a game id is up to 32 hex digits")
    return f"{check_base_url(base_url)}/play/{game_id}"


@dataclass(frozen=True)
class TurnNotice:
    """One turn to tell of, public facts only. ``turn_key`` names the turn (``id:seq:seat``):
    two notices with the same key are the same notice, delivered once per subscription."""

    game_id: str
    game_title: str
    seat: int
    player_name: str
    awaited: str
    link: str
    turn_key: str

    @classmethod
    def make(
        cls, base_url: str, game_id: str, seq: int, seat: int, game_title: str, player_name: str, awaited: str
    ) -> TurnNotice:
        """The notice of seat ``seat``'s turn at move ``seq``; its texts on one line, bounded."""
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise NoticeError("malformed", "seq must be a whole number")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 100:
            raise NoticeError("malformed", "seat must be a whole number from 0 to 99")
        return cls(
            game_id=game_id,
            game_title=_one_line(game_title, MAX_TITLE_CHARS),
            seat=seat,
            player_name=_one_line(player_name, MAX_PLAYER_CHARS) or f"Seat {seat + 1}",
            awaited=_one_line(awaited, MAX_AWAITED_CHARS),
            link=play_link(base_url, game_id),
            turn_key=f"{game_id}:{seq}:{seat}",
        )


def notice_text(notice: TurnNotice) -> str:
    """The sentence every body carries: who, which game, what is awaited, where to play."""
    awaited = f": {notice.awaited.rstrip('.')}." if notice.awaited else "."
    return (
        f"{notice.player_name}, it is your turn in {notice.game_title} (game {notice.game_id})"
        f"{awaited} Play: {notice.link}"
    )


def email_subject(notice: TurnNotice) -> str:
    return f"Your turn in {notice.game_title} (game {notice.game_id})"


def email_body(notice: TurnNotice) -> str:
    """The plain-text e-mail: the sentence, then the facts one a line."""
    return "\n".join([
        notice_text(notice),
        "",
        f"Game: {notice.game_title} (game {notice.game_id})",
        f"Your seat: {notice.player_name}",
        f"Awaited: {notice.awaited or 'your move'}",
        f"Open the game: {notice.link}",
        "",
        "Open it in the browser you play this game in: it remembers your seat.",
        "You get this message because you asked to be told when it is your turn.",
        "",
    ])


def _slack_escape(value: str) -> str:
    """Slack reads ``<…>`` as links and mentions (``<!channel>``): text from players is escaped."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_body(notice: TurnNotice, flavour: Flavour) -> dict[str, Any]:
    """What a webhook receives. Discord's body allows no mentions (a player named "@everyone"
    must not ping a channel); Slack's text is escaped for the same reason."""
    if flavour == "discord":
        return {"content": notice_text(notice)[:2000], "allowed_mentions": {"parse": []}}
    if flavour == "slack":
        return {"text": _slack_escape(notice_text(notice))}
    return {
        "game": notice.game_title,
        "game_id": notice.game_id,
        "seat": notice.seat,
        "player": notice.player_name,
        "awaited": notice.awaited,
        "link": notice.link,
        "turn_key": notice.turn_key,
        "text": notice_text(notice),
    }


# ---------------------------------------------------------------------- subscriptions


@dataclass(frozen=True)
class Subscription:
    """Where one player wants to be told: an e-mail address, or a webhook URL with the shape
    of body its receiver reads (``flavour``; ``None`` for e-mail)."""

    kind: Kind
    target: str
    flavour: Flavour | None = None

    def where(self) -> str:
        """What log lines name: the kind and host only (a webhook URL holds its secret)."""
        if self.kind == "email":
            return "e-mail to @" + self.target.rpartition("@")[2]
        return f"{self.flavour} webhook at {urlsplit(self.target).hostname or '?'}"


def _is_private_host(host: str) -> bool:
    """Whether ``host`` names this machine or a private network by itself (a literal address
    or ``localhost``); names resolving there are caught when connecting."""
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    return not _is_public(address)


def _is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def _check_email(target: str) -> str:
    address = _text(target, "address", MAX_EMAIL_CHARS).strip()
    match = EMAIL.fullmatch(address)
    if match is None:
        raise NoticeError("bad_address", f"{quote(address)} is not an e-mail address (name@domain.example)")
    if len(match.group("local")) > MAX_LOCAL_CHARS:
        raise NoticeError("bad_address", f"an address's name part is at most {MAX_LOCAL_CHARS} characters")
    return address


def _check_url(target: str, allow_private: bool) -> str:
    url = _text(target, "url", MAX_URL_CHARS).strip()
    if not url.isprintable() or " " in url:
        raise NoticeError("bad_url", "a webhook URL holds no spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https"):
        raise NoticeError("bad_url", f"a webhook URL starts with https:// or http://, not {quote(url)}")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise NoticeError("credentials_in_url", "a webhook URL must hold no user name or password")
    host = parts.hostname or ""
    try:
        parts.port  # noqa: B018 — raises ValueError for a port that is not a number in range
    except ValueError:
        raise NoticeError("bad_url", "the webhook URL's port is not a number from 1 to 65535") from None
    literal = host.startswith("[") or ":" in host or re.fullmatch(r"[0-9.]+", host) is not None
    if not host or not (literal or HOST_NAME.fullmatch(host)):
        raise NoticeError("bad_url", f"the webhook URL names no valid host: {quote(url)}")
    if literal and not _is_literal_address(host):
        raise NoticeError("bad_url", f"the webhook URL's address is not valid: {quote(host)}")
    if not allow_private and _is_private_host(host):
        raise NoticeError("private_address", "a webhook URL must name a public host, not a private one")
    return url


def _is_literal_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return False
    return True


def check_subscription(
    kind: Any, target: Any, flavour: Any = None, *, allow_private: bool = False
) -> Subscription:
    """A subscription as a player asked for it, checked: a known kind, an e-mail address of
    the usual form or an http(s) URL without credentials, bounded lengths, a known flavour
    (webhooks only; ``json`` when none is given). ``allow_private`` accepts loopback and
    private hosts (tests, or a server whose receivers are on its own network)."""
    if kind not in KINDS:
        raise NoticeError("bad_kind", f"kind must be one of {', '.join(KINDS)}, not {quote(kind)}")
    if kind == "email":
        if flavour not in (None, ""):
            raise NoticeError("bad_flavour", "an e-mail subscription has no flavour")
        return Subscription("email", _check_email(target))
    if flavour in (None, ""):
        flavour = "json"
    if flavour not in FLAVOURS:
        raise NoticeError("bad_flavour", f"flavour is one of {', '.join(FLAVOURS)}, not {quote(flavour)}")
    return Subscription("webhook", _check_url(target, allow_private), flavour)


# ---------------------------------------------------------------------- settings


@dataclass(frozen=True)
class SmtpSettings:
    """The operator's mail server. The password is never shown (``repr``) nor logged."""

    host: str
    port: int = 25
    sender: str = ""
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    starttls: bool = False
    timeout: float = 10.0

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> SmtpSettings | None:
        """The settings in ``ACREAGE_SMTP_*`` (``os.environ`` by default); ``None`` without a
        host (e-mail notices are then off, which is logged). A bad value raises ``ValueError``
        naming its variable: a server should not start half-configured."""
        env = dict(os.environ if env is None else env)
        host = env.get("ACREAGE_SMTP_HOST", "").strip()
        if not host:
            log.info("e-mail turn notices are off (ACREAGE_SMTP_HOST is not set)")
            return None
        starttls_text = env.get("ACREAGE_SMTP_STARTTLS", "").strip().lower()
        if starttls_text not in TRUE_WORDS + FALSE_WORDS:
            raise ValueError(f"ACREAGE_SMTP_STARTTLS must be true or false, not {starttls_text!r}")
        default_port = "587" if starttls_text in TRUE_WORDS else "25"  # submission, or plain relay
        port_text = env.get("ACREAGE_SMTP_PORT", "").strip() or default_port
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(f"ACREAGE_SMTP_PORT must be a port number, not {port_text!r}")
        sender = env.get("ACREAGE_SMTP_FROM", "").strip()
        if not sender.isprintable() or not EMAIL.fullmatch(sender.rpartition("<")[2].rstrip(">")):
            raise ValueError(f"ACREAGE_SMTP_FROM must be the sender's e-mail address, not {sender!r}")
        settings = cls(
            host=host,
            port=int(port_text),
            sender=sender,
            username=env.get("ACREAGE_SMTP_USER") or None,
            password=env.get("ACREAGE_SMTP_PASSWORD") or None,
            starttls=starttls_text in TRUE_WORDS,
        )
        if settings.username and not settings.starttls:
            log.warning("ACREAGE_SMTP_USER is set without ACREAGE_SMTP_STARTTLS: the password goes in clear")
        log.info("e-mail turn notices go through %s:%d", host, settings.port)
        return settings


@dataclass(frozen=True)
class RetryPolicy:
    """When a failed delivery is tried again: after ``base_delay_s``, then twice as long each
    time up to ``max_delay_s``, ``max_attempts`` tries in all. A 429's ``Retry-After`` is
    honoured up to ``retry_after_cap_s``."""

    max_attempts: int = 5
    base_delay_s: float = 1.0
    max_delay_s: float = 60.0
    retry_after_cap_s: float = 300.0

    def delay(self, attempts: int, retry_after: float | None = None) -> float:
        """The wait after the ``attempts``-th failed try."""
        backoff = min(self.max_delay_s, self.base_delay_s * 2 ** (attempts - 1))
        if retry_after is None:
            return backoff
        return max(backoff, min(retry_after, self.retry_after_cap_s))


# ---------------------------------------------------------------------- delivery (in threads)


class DeliveryError(Exception):
    """A delivery that failed; ``permanent`` ones are not tried again, ``retry_after`` is the
    receiver's asked delay (seconds)."""

    def __init__(self, message: str, permanent: bool = False, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.permanent = permanent
        self.retry_after = retry_after


def email_message(sender: str, to: str, notice: TurnNotice) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = email_subject(notice)
    message["From"] = sender
    message["To"] = to
    message["Date"] = email.utils.formatdate(localtime=False)
    message["Message-ID"] = email.utils.make_msgid(domain=sender.rpartition("@")[2].rstrip(">") or None)
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-replies to a notice
    message.set_content(email_body(notice))
    return message


def send_email(settings: SmtpSettings, to: str, notice: TurnNotice) -> None:
    """Hand one notice to the operator's mail server (blocking: run it in a thread)."""
    message = email_message(settings.sender, to, notice)
    try:
        with smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout) as smtp:
            if settings.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if settings.username:
                smtp.login(settings.username, settings.password or "")
            smtp.send_message(message)
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        raise DeliveryError(f"recipient refused ({codes})", permanent=all(c >= 500 for c in codes)) from None
    except smtplib.SMTPResponseException as exc:  # sender refused, login refused, data refused
        raise DeliveryError(f"mail server said {exc.smtp_code}", permanent=exc.smtp_code >= 500) from None
    except smtplib.SMTPNotSupportedError as exc:
        raise DeliveryError(f"mail server cannot: {exc}", permanent=True) from None
    except (OSError, smtplib.SMTPException) as exc:
        raise DeliveryError(f"mail server unreachable ({type(exc).__name__}: {exc})") from None


class _PrivatePeer(OSError):
    """A webhook's host resolved to this server's own network."""


def _refuse_private_peer(sock: socket.socket) -> None:
    peer = sock.getpeername()[0]
    if not _is_public(ipaddress.ip_address(str(peer).split("%")[0])):
        sock.close()
        raise _PrivatePeer(f"the host resolves to a private address ({peer})")


class _GuardedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection that checks where it landed before anything is sent."""

    def connect(self) -> None:
        super().connect()
        _refuse_private_peer(self.sock)


class _GuardedHTTPSConnection(http.client.HTTPSConnection, _GuardedHTTPConnection):
    """The same over TLS. ``HTTPSConnection.connect`` calls the next class's ``connect`` (the
    check above) for the TCP connection before it starts TLS, so the peer is checked first."""


class _GuardedHTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_GuardedHTTPConnection, req)


class _GuardedHTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(context=self._tls)

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_GuardedHTTPSConnection, req, context=self._tls)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are not followed: a 3xx answer is a failure (a receiver that moved is
    resubscribed by its owner, and a redirect must not lead the server elsewhere)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _opener(allow_private: bool) -> urllib.request.OpenerDirector:
    """No proxies (a webhook goes straight to its host, whose address is checked), no
    redirects, and unless ``allow_private`` no connection to a private address."""
    handlers: list[Any] = [urllib.request.ProxyHandler({}), _NoRedirect]
    if not allow_private:
        handlers += [_GuardedHTTPHandler, _GuardedHTTPSHandler()]
    return urllib.request.build_opener(*handlers)


def retry_after_seconds(value: str | None) -> float | None:
    """``Retry-After`` as seconds: a number of seconds or an HTTP date (``None``: absent or
    unreadable)."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - time.time()
    return max(0.0, seconds) if seconds == seconds else None  # NaN is unreadable


def post_webhook(url: str, body: dict[str, Any], timeout: float, allow_private: bool = False) -> None:
    """POST ``body`` as JSON to ``url`` (blocking: run it in a thread). 2xx is success; 429 and
    5xx are tried again later; any other answer is permanent."""
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        url, data=data, method="POST",
        headers={"Content-Type": "application/json", "User-Agent": USER_AGENT},
    )
    try:
        with _opener(allow_private).open(request, timeout=timeout):
            pass  # the status is the answer; its body is not read (a slow one would hold the thread)
    except urllib.error.HTTPError as exc:
        with contextlib.closing(exc):
            if exc.code == 429:
                raise DeliveryError("429 too many requests", retry_after=retry_after_seconds(
                    exc.headers.get("Retry-After") if exc.headers else None)) from None
            raise DeliveryError(f"answered {exc.code}", permanent=not 500 <= exc.code < 600) from None
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, _PrivatePeer):
            raise DeliveryError(str(exc.reason), permanent=True) from None
        raise DeliveryError(f"unreachable ({exc.reason})") from None
    except (OSError, http.client.HTTPException) as exc:  # timeouts, resets, bad status lines
        raise DeliveryError(f"unreachable ({type(exc).__name__}: {exc})") from None


# ---------------------------------------------------------------------- the notifier


@dataclass
class Counts:
    """What the notifier has done since it started (for tests and the health answer)."""

    sent: int = 0
    failed: int = 0
    retried: int = 0
    dropped: int = 0
    duplicate: int = 0
    skipped: int = 0


@dataclass
class _Job:
    notice: TurnNotice
    subscription: Subscription
    attempts: int = 0


class Notifier:
    """Delivers turn notices in the background. ``submit`` queues (never waits, never raises);
    ``start`` starts the workers on the running loop, ``close`` stops them.

    Overflow: when ``queue_size`` jobs wait, the **oldest** waiting job is dropped (logged,
    counted in ``dropped``): the notice that waited longest is the likeliest to be about a turn
    already played. Retries waiting for their delay are capped at ``queue_size`` too; past it a
    failure is given up at once.

    Once per turn: the last ``remember`` (turn_key, subscription) pairs accepted are kept; a
    pair seen again is not queued (``duplicate``). A pair whose job was dropped from the queue
    before its first try is forgotten (a later submit may queue it again); a pair tried and
    given up stays remembered, so a broken receiver is not tried again at every change of
    its table.
    """

    def __init__(
        self,
        smtp: SmtpSettings | None,
        *,
        policy: RetryPolicy | None = None,
        workers: int = 4,
        queue_size: int = 1000,
        timeout_s: float = 10.0,
        remember: int = 10_000,
        allow_private_hosts: bool = False,
    ) -> None:
        self.smtp = smtp
        self.policy = policy or RetryPolicy()
        self.timeout_s = timeout_s
        self.allow_private_hosts = allow_private_hosts
        self.counts = Counts()
        self._workers = workers
        self._queue_size = queue_size
        self._queue: asyncio.Queue[_Job] = asyncio.Queue(maxsize=queue_size)
        self._remember = remember
        self._seen: OrderedDict[tuple[str, Subscription], None] = OrderedDict()
        self._waiting: set[asyncio.TimerHandle] = set()
        self._tasks: list[asyncio.Task] = []
        self._pool: ThreadPoolExecutor | None = None
        self._closed = False

    # -------------------------------------------------------------- life
    def start(self) -> None:
        """Start the workers on the running loop, and the threads they send through (a pool of
        the notifier's own: a hung receiver cannot take the server's default executor)."""
        if self._tasks or self._closed:
            return
        # twice the workers: a send that timed out keeps its thread until its socket's own
        # timeout, and the next job should not wait behind it
        self._pool = ThreadPoolExecutor(max_workers=2 * self._workers, thread_name_prefix="acreage-notices")
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._work(), name=f"notices-{i}") for i in range(self._workers)]

    async def close(self) -> None:
        """Stop at once: waiting retries and queued jobs are abandoned, workers cancelled; a
        send under way in a thread ends by its own socket timeout."""
        self._closed = True
        for handle in self._waiting:
            handle.cancel()
        self._waiting.clear()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks = []
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def stats(self) -> dict[str, int]:
        """The counts plus what waits now (queued, retries waiting for their delay)."""
        return {**vars(self.counts), "queued": self._queue.qsize(), "waiting": len(self._waiting)}

    # -------------------------------------------------------------- queueing
    def submit(self, notice: TurnNotice, subscriptions: Iterable[Subscription]) -> int:
        """Queue ``notice`` for each subscription not told of this turn yet; returns how many
        were queued. Never waits and never raises: a move's request calls this (on the loop's
        thread; the queue is the loop's). Before ``start`` jobs wait in the queue."""
        queued = 0
        try:
            for n, subscription in enumerate(subscriptions):
                if n >= MAX_SUBSCRIPTIONS:
                    log.warning("game %s: only %d subscriptions are told", notice.game_id, MAX_SUBSCRIPTIONS)
                    break
                queued += self._accept(notice, subscription)
        except Exception:  # a notice must never fail a move
            log.exception("turn notice for game %s not queued", getattr(notice, "game_id", "?"))
        return queued

    def _accept(self, notice: TurnNotice, subscription: Subscription) -> int:
        if self._closed:
            self.counts.dropped += 1
            return 0
        if subscription.kind == "email" and self.smtp is None:
            self.counts.skipped += 1
            return 0
        key = (notice.turn_key, subscription)
        if key in self._seen:
            self.counts.duplicate += 1
            return 0
        self._seen[key] = None
        while len(self._seen) > self._remember:
            self._seen.popitem(last=False)
        self._enqueue(_Job(notice, subscription))
        return 1

    def _enqueue(self, job: _Job) -> None:
        """Put ``job`` at the back of the queue, dropping the oldest waiting job if it is full."""
        if self._queue.full():
            old = self._queue.get_nowait()
            if old.attempts == 0:  # never tried: its turn may be queued again
                self._seen.pop((old.notice.turn_key, old.subscription), None)
            self.counts.dropped += 1
            log.warning("turn notice queue full: dropped the oldest (%s, %s)", old.notice.turn_key,
                        old.subscription.where())
        self._queue.put_nowait(job)

    def _retry_later(self, job: _Job, delay: float) -> None:
        def due() -> None:
            self._waiting.discard(handle)
            if not self._closed:
                self._enqueue(job)

        handle = asyncio.get_running_loop().call_later(delay, due)
        self._waiting.add(handle)

    # -------------------------------------------------------------- delivering
    async def _work(self) -> None:
        while True:
            job = await self._queue.get()
            try:
                await self._attempt(job)
            except asyncio.CancelledError:
                raise
            except Exception:  # a worker outlives any one job's trouble
                log.exception("turn notice %s: unexpected failure", job.notice.turn_key)
                self.counts.failed += 1

    async def _attempt(self, job: _Job) -> None:
        """One try of ``job``: sent, given up, or scheduled again after its backoff."""
        job.attempts += 1
        try:
            async with asyncio.timeout(self.timeout_s):
                await asyncio.get_running_loop().run_in_executor(self._pool, self._sender(job))
        except DeliveryError as exc:
            self._failed(job, exc)
            return
        except TimeoutError:
            self._failed(job, DeliveryError(f"no answer in {self.timeout_s} s"))
            return
        self.counts.sent += 1
        log.debug("turn notice %s sent (%s)", job.notice.turn_key, job.subscription.where())

    def _sender(self, job: _Job) -> partial[None]:
        """The blocking call that delivers ``job``, for a thread."""
        sub = job.subscription
        if sub.kind == "email":
            assert self.smtp is not None  # e-mail jobs are only accepted with settings
            return partial(send_email, self.smtp, sub.target, job.notice)
        body = webhook_body(job.notice, sub.flavour or "json")
        return partial(post_webhook, sub.target, body, self.timeout_s, self.allow_private_hosts)

    def _failed(self, job: _Job, error: DeliveryError) -> None:
        where = f"turn notice {job.notice.turn_key} ({job.subscription.where()})"
        if error.permanent or job.attempts >= self.policy.max_attempts:
            self.counts.failed += 1
            why = "not tried again" if error.permanent else f"given up after {job.attempts} tries"
            log.warning("%s failed: %s; %s", where, error, why)
            return
        if len(self._waiting) >= self._queue_size:
            self.counts.failed += 1
            log.warning("%s failed: %s; given up (too many retries waiting)", where, error)
            return
        delay = self.policy.delay(job.attempts, error.retry_after)
        self.counts.retried += 1
        log.info("%s failed: %s; trying again in %.1f s", where, error, delay)
        self._retry_later(job, delay)
