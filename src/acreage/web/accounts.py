"""Player profiles: a name, an optional password, and the browser sessions that act for them.

A **profile** is a name (1–24 printable characters, unique whatever its case) and, if its
owner chose one, a password. The password is kept only as its argon2 hash; a hash made with
older parameters is replaced at the next good login. A profile **without a password** is a
name claimed on one browser: its session cookie is its only key, so clearing the cookies (or
30 days without a visit) loses it for good; a password is what lets its owner log in again
elsewhere.

A **session** is a random token in the cookie ``acreage_session`` (HttpOnly: no script of any
page reads it; SameSite=Lax: another site's page cannot send it with a write; Secure over
https). The store keeps only the token's SHA-256 hash and an expiry, pushed back by a visit
(:func:`visit`, at most once a day); logging out deletes it.

Seat tokens are untouched by all this: a game is played with seat tokens as before, and a
profile is only *linked* to the seat its owner took (:func:`link_seat`), for ratings.

Rates: profiles created per address, and wrong logins per address and per name, are counted
here (the server's :class:`~.limits.Counters` count every request; these count the ones that
cost an argon2 hash or guess a password). Each app keeps its own :class:`Accounts` in
``app.state.accounts``, made on first use, so two apps in one process share nothing.
"""

from __future__ import annotations

import asyncio
import math
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass, field

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from limits import RateLimitItem, parse_many, storage, strategies

from . import accounts_store as db
from . import inputs
from .inputs import InputError
from .requests import hub_of
from .store import Store, StoreConflict, StoreError, hash_token

COOKIE = "acreage_session"
#: Names: as the lobby's seat names (they are shown the same way, as text).
MAX_NAME_CHARS = inputs.MAX_NAME_CHARS
#: Passwords: long enough to mean something, short enough that hashing one is bounded work.
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 128
#: A profile id: 12 hex digits, drawn at random.
PROFILE_ID_CHARS = 12
PROFILE_ID = re.compile(r"[0-9a-f]{1,32}")


@dataclass(frozen=True)
class Profile:
    """A profile as the server uses it: never its password hash."""

    id: str
    name: str
    created: float
    has_password: bool

    def public(self) -> dict:
        """What anyone may see of a profile."""
        return {"id": self.id, "name": self.name, "created": self.created}

    def own(self) -> dict:
        """What its owner sees: also whether a password protects it."""
        return {**self.public(), "has_password": self.has_password}


def _profile(row: db.ProfileRow) -> Profile:
    return Profile(row.id, row.name, row.created, row.has_password)


# ---------------------------------------------------------------------- checks of what is sent
def check_name(value: object) -> tuple[str, str]:
    """A profile name as sent → ``(name, key)``: spaces collapsed, 1–24 printable characters;
    the key (NFKC-folded, case-folded) is what must be unique, so "Ada", "ADA" and "Ａｄａ"
    are one name."""
    if value is None:
        raise InputError("malformed", "give a name (1 to 24 characters)")
    name = " ".join(inputs.text(value, "name", 4 * MAX_NAME_CHARS).split())
    if not name:
        raise InputError("malformed", "name must hold at least one visible character")
    if len(name) > MAX_NAME_CHARS:
        raise InputError("too_long", f"name must be at most {MAX_NAME_CHARS} characters (got {len(name)})")
    if not name.isprintable():
        raise InputError("malformed", "name must hold printable characters only")
    return name, unicodedata.normalize("NFKC", name).casefold()


def check_password(value: object) -> str:
    """A password as sent: 8–128 characters of valid Unicode."""
    if value is None:
        raise InputError("malformed", "give the password")
    password = inputs.text(value, "password", MAX_PASSWORD_CHARS)
    if len(password) < MIN_PASSWORD_CHARS:
        raise InputError("too_short", f"password must be at least {MIN_PASSWORD_CHARS} characters")
    return password


def check_profile_id(value: object) -> str:
    """A profile id from an address: hex digits, else ``not_found`` (as an unknown one)."""
    if not isinstance(value, str) or not PROFILE_ID.fullmatch(value):
        raise InputError("not_found", "there is no such profile (a profile id is up to 32 hex digits)", 404)
    return value


# ---------------------------------------------------------------------- rates
class FailureLimiter:
    """Moving-window counts of failures (``limits``' notation): :meth:`check` refuses once any
    window is full, :meth:`fail` counts one. Unlike a request rate, only failures count, so a
    player who types their password right is never slowed."""

    def __init__(self, spec: str, what: str) -> None:
        self.items: list[RateLimitItem] = parse_many(spec)
        self.what = what
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    def check(self, key: str) -> None:
        for item in self.items:
            if not self._limiter.test(item, key):
                reset, _ = self._limiter.get_window_stats(item, key)
                wait = max(1, math.ceil(reset - time.time()))
                raise InputError(
                    "rate_limited", f"too many {self.what} (at most {item}); try again in {wait} s", 429,
                    retry_after=wait,
                )

    def fail(self, key: str) -> None:
        for item in self.items:
            self._limiter.hit(item, key)

    def hit(self, key: str) -> None:
        """Check, then count (a rate of attempts rather than of failures)."""
        self.check(key)
        self.fail(key)


@dataclass(frozen=True)
class AccountLimits:
    """The rates and lifetimes of profiles and sessions."""

    #: Profiles created, per client address (each costs an argon2 hash and a row).
    creations: str = "5/minute;50/day"
    #: Wrong logins per profile name (guessing one person's password) and per address.
    failures_per_name: str = "5/minute;30/hour"
    failures_per_address: str = "20/minute;200/hour"
    #: Days a session lasts.
    session_days: float = 30.0
    #: Argon2 hashes computed at once (each takes about 64 MiB of memory).
    hashing: int = 2


@dataclass
class Accounts:
    """One app's profile service: its rates, its password hasher, its hashing slots."""

    limits: AccountLimits = field(default_factory=AccountLimits)
    hasher: PasswordHasher = field(default_factory=PasswordHasher)

    def __post_init__(self) -> None:
        self.creations = FailureLimiter(self.limits.creations, "profiles created from this address")
        self.by_name = FailureLimiter(self.limits.failures_per_name, "wrong logins for this name")
        self.by_address = FailureLimiter(self.limits.failures_per_address, "wrong logins from this address")
        self.slots = asyncio.Semaphore(self.limits.hashing)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        """The argon2 hash of ``password``, computed off the event loop, a few at a time."""
        async with self.slots:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; with no stored hash a dummy one is checked,
        so an unknown name takes as long to refuse as a wrong password."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            stored = self._dummy
        async with self.slots:
            return await asyncio.to_thread(_verify, self.hasher, stored, password)


def _verify(hasher: PasswordHasher, stored: str, password: str) -> bool:
    try:
        return hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def accounts_of(request: Request) -> Accounts:
    """The app's :class:`Accounts` (made on first use; a test or the server may set
    ``app.state.accounts`` first to choose its limits)."""
    state = request.app.state
    accounts = getattr(state, "accounts", None)
    if accounts is None:
        accounts = state.accounts = Accounts()
    return accounts


def store_of(request: Request) -> Store:
    return hub_of(request).store


def _store_error() -> InputError:
    return InputError("store_error", "the store refused the write; nothing changed, try again", 503)


# ---------------------------------------------------------------------- profiles and sessions
async def create_profile(
    store: Store, accounts: Accounts, name: object, password: object, address: str
) -> tuple[Profile, str]:
    """Check, then store a new profile and open its first session: ``(profile, token)``.
    Checks go cheapest first; the creation rate is counted only for a request that would
    otherwise be stored (so a typo does not cost a try), and before the hash is computed."""
    name, key = check_name(name)
    secret = None if password is None else check_password(password)
    if db.profile_by_key(store, key) is not None:
        raise InputError("name_taken", f"the name {inputs.quote(name)} is taken", 409)
    accounts.creations.hit(address)
    password_hash = await accounts.hash(secret) if secret is not None else None
    profile = Profile(secrets.token_hex(PROFILE_ID_CHARS // 2), name, time.time(), password_hash is not None)
    try:
        db.insert_profile(store, profile.id, name, key, password_hash, profile.created)
    except StoreConflict:  # another request took the name between the look and the write
        raise InputError("name_taken", f"the name {inputs.quote(name)} is taken", 409) from None
    except StoreError:
        raise _store_error() from None
    return profile, open_session(store, accounts, profile.id)


def open_session(store: Store, accounts: Accounts, profile_id: str) -> str:
    """A new session for the profile; returns its token (stored as its hash only)."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    try:
        expires = now + accounts.limits.session_days * 86400
        db.insert_session(store, hash_token(token), profile_id, expires, now)
    except StoreError:
        raise _store_error() from None
    return token


async def log_in(
    store: Store, accounts: Accounts, name: object, password: object, address: str
) -> tuple[Profile, str]:
    """Check a name and password; a good pair opens a session: ``(profile, token)``. A wrong
    password or an unknown name is ``bad_login`` (the same answer, in the same time) and counts
    against the failure rates of the name and the address, which are checked first."""
    name, key = check_name(name)
    secret = check_password(password)
    accounts.by_address.check(address)
    accounts.by_name.check(key)
    row = db.profile_by_key(store, key)
    if row is not None and not row.has_password:
        raise InputError(
            "no_password", "this profile has no password: it is kept by the browser that made it only", 403
        )
    stored = db.password_hash_of(store, row.id) if row is not None else None
    if row is None or not await accounts.verify(stored, secret):
        accounts.by_address.fail(address)
        accounts.by_name.fail(key)
        raise InputError("bad_login", "no profile has this name and password", 401)
    if stored is not None and accounts.hasher.check_needs_rehash(stored):
        try:
            db.set_password_hash(store, row.id, await accounts.hash(secret))
        except StoreError:
            pass  # the old hash still works; the next login tries again
    return _profile(row), open_session(store, accounts, row.id)


def session_token(request: Request) -> str | None:
    """The session token in the request's cookie, if it has a plausible one."""
    value = request.cookies.get(COOKIE)
    if not value or len(value) > inputs.MAX_TOKEN_CHARS:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value


def profile_of_request(request: Request) -> Profile | None:
    """The profile whose live session the request's cookie holds (``None``: none, expired,
    logged out or unknown): who takes a seat when a game is created or joined."""
    token = session_token(request)
    if token is None:
        return None
    row = db.session_profile(store_of(request), hash_token(token), time.time())
    return _profile(row) if row is not None else None


def visit(request: Request, response: Response) -> Profile | None:
    """The request's profile, its session renewed (at most once a day) to last the full
    session time from now, cookie included: a browser that keeps coming back keeps its
    profile, which matters most to a profile without a password."""
    token = session_token(request)
    if token is None:
        return None
    store, accounts, now = store_of(request), accounts_of(request), time.time()
    found = db.session(store, hash_token(token), now)
    if found is None:
        return None
    row, expires = found
    full = now + accounts.limits.session_days * 86400
    if full - expires > 86400:
        try:
            db.renew_session(store, hash_token(token), full)
        except StoreError:
            return _profile(row)  # renewed at the next visit
        set_session_cookie(response, request, token, accounts)
    return _profile(row)


def end_session(request: Request) -> None:
    """Delete the request's session (if any) from the store."""
    token = session_token(request)
    if token is not None:
        try:
            db.delete_session(store_of(request), hash_token(token))
        except StoreError:
            raise _store_error() from None


def set_session_cookie(response: Response, request: Request, token: str, accounts: Accounts) -> None:
    response.set_cookie(
        COOKIE, token, max_age=int(accounts.limits.session_days * 86400), path="/", httponly=True,
        samesite="lax", secure=request.url.scheme == "https",
    )


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def profile(store: Store, profile_id: str) -> Profile | None:
    row = db.profile_by_id(store, profile_id)
    return _profile(row) if row is not None else None


# ---------------------------------------------------------------------- seats
def link_seat(store: Store, game_id: str, seat: int, profile_id: str) -> bool:
    """Link a seat of a game to the profile that took it (at creation, a join or a rematch's
    claim). Once only: ``True`` if the seat is now (or already was) this profile's, ``False``
    if another profile holds it. A profile may hold one seat of a game only (``False`` for a
    second one), so nobody rates a game against themselves."""
    links = db.seat_links(store, game_id)
    if links.get(seat) == profile_id:
        return True
    if seat in links or profile_id in links.values():
        return False
    try:
        db.insert_seat_link(store, game_id, seat, profile_id)
    except StoreConflict:
        return db.seat_links(store, game_id).get(seat) == profile_id
    return True
