"""Turn notices for games over days, wired to the tables: who subscribed to what, and telling
the seat to act when a table changes.

A profile keeps a few subscriptions (e-mail addresses, webhook URLs); when a table changes and
a seat linked to a profile is asked to decide, every subscription of that profile is handed to
the :class:`~.notices.Notifier`, which sends each once per turn off the event loop (a failure is
retried later and never holds up the move). A notice says only what every watcher sees: the
game, whose turn, the public decision line and the game's link without any token.
"""

from __future__ import annotations

import logging
import os
import time
import weakref
from dataclasses import dataclass

from . import accounts_store
from .notices import NoticeError, Notifier, SmtpSettings, Subscription, TurnNotice, check_subscription
from .store import Store
from .tables import Table, is_bot

log = logging.getLogger("acreage.web")

#: How many subscriptions one profile may keep.
MAX_PER_PROFILE = 5

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS notice_subscriptions (
        profile_id TEXT NOT NULL, kind TEXT NOT NULL, target TEXT NOT NULL, flavour TEXT,
        created DOUBLE PRECISION NOT NULL, PRIMARY KEY (profile_id, kind, target))""",
)


@dataclass(frozen=True)
class NoticeSettings:
    """The operator's settings: the address players reach the server by (for links), whether
    webhooks may go to private addresses (a server on a home network), and SMTP."""

    base_url: str = "http://127.0.0.1:8000"
    allow_private: bool = False
    smtp: SmtpSettings | None = None

    @classmethod
    def from_env(cls) -> NoticeSettings:
        """``ACREAGE_BASE_URL``, ``ACREAGE_NOTICES_ALLOW_PRIVATE=1`` and ``ACREAGE_SMTP_*``."""
        return cls(os.environ.get("ACREAGE_BASE_URL", cls.base_url).rstrip("/"),
                   os.environ.get("ACREAGE_NOTICES_ALLOW_PRIVATE") == "1", SmtpSettings.from_env())


#: Stores whose subscription table exists already.
_READY: weakref.WeakSet[Store] = weakref.WeakSet()


def _ready(store: Store) -> None:
    if store in _READY:
        return
    accounts_store.ensure_schema(store)
    for statement in SCHEMA:
        store._execute(statement)
    _READY.add(store)


def subscriptions_of(store: Store, profile_id: str) -> list[Subscription]:
    _ready(store)
    rows = store._execute(store._q(
        "SELECT kind, target, flavour FROM notice_subscriptions WHERE profile_id = ? ORDER BY created"),
        (profile_id,))
    return [Subscription(kind, target, flavour) for kind, target, flavour in rows]


def subscribe(store: Store, profile_id: str, kind: object, target: object, flavour: object,
              allow_private: bool) -> Subscription:
    """Add a checked subscription (named errors for a bad one, a repeat or too many)."""
    sub = check_subscription(kind, target, flavour, allow_private=allow_private)
    have = subscriptions_of(store, profile_id)
    if any(h.kind == sub.kind and h.target == sub.target for h in have):
        raise NoticeError("already_subscribed", "this address is subscribed already", 409)
    if len(have) >= MAX_PER_PROFILE:
        raise NoticeError("too_many", f"a profile keeps at most {MAX_PER_PROFILE} subscriptions", 409)
    store._transaction([(store._q(
        "INSERT INTO notice_subscriptions (profile_id, kind, target, flavour, created) "
        "VALUES (?, ?, ?, ?, ?)"),
        (profile_id, sub.kind, sub.target, sub.flavour, time.time()))])
    return sub


def unsubscribe(store: Store, profile_id: str, kind: str, target: str) -> bool:
    before = len(subscriptions_of(store, profile_id))
    store._transaction([(store._q(
        "DELETE FROM notice_subscriptions WHERE profile_id = ? AND kind = ? AND target = ?"),
        (profile_id, kind, target))])
    return len(subscriptions_of(store, profile_id)) < before


def public(sub: Subscription) -> dict:
    return {"kind": sub.kind, "target": sub.target, "flavour": sub.flavour}


def tell_turn(notifier: Notifier, settings: NoticeSettings, store: Store, table: Table) -> int:
    """Hand the notifier a notice for each seat now asked to decide whose profile subscribed;
    returns how many were queued (the notifier drops a turn it was told already)."""
    if table.status != "playing" or table.tutorial is not None:
        return 0
    seats = [s for s in table.deciding() if not is_bot(table.seats[s])]
    if not seats:
        return 0
    links = accounts_store.seat_links(store, table.id)
    queued = 0
    for seat in seats:
        profile_id = links.get(seat)
        if profile_id is None:
            continue
        subs = subscriptions_of(store, profile_id)
        if not subs:
            continue
        profile = accounts_store.profile_by_id(store, profile_id)
        name = profile.name if profile is not None else table.labels()[seat]
        notice = TurnNotice.make(settings.base_url, table.id, table.seq, seat, table.info.title,
                                 name, table.decision())
        queued += notifier.submit(notice, subs)
    return queued
