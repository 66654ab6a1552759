"""Turn notices against real receivers: a local SMTP server (aiosmtpd) and a local HTTP server
that records the POSTs it gets and answers what each test asks (500s, a 404, a 429, a redirect,
or nothing for seconds). No web server and no browser: the notifier runs on its own loop."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import logging
import threading
import time
from collections.abc import Callable

import pytest

from acreage.web.inputs import InputError
from acreage.web.notices import (
    NoticeError,
    Notifier,
    RetryPolicy,
    SmtpSettings,
    Subscription,
    TurnNotice,
    check_subscription,
    notice_text,
    retry_after_seconds,
    webhook_body,
)

from .receivers import Receiver

SECRET = "s3cr3t-seat-token-never-sent"
FAST = RetryPolicy(max_attempts=4, base_delay_s=0.05, max_delay_s=1.0, retry_after_cap_s=0.3)


def notice(seq: int = 7, game_id: str = "abc123") -> TurnNotice:
    return TurnNotice.make(
        "http://games.example/", game_id, seq, 1, "Foxglove Farm", "Ada", "choose a tile from the display"
    )


def run_notifier(notifier: Notifier, body: Callable, until: Callable[[], bool], limit_s: float = 5.0) -> None:
    """Start ``notifier`` on a fresh loop, run ``body(notifier)`` (submits), wait until
    ``until()`` holds (or ``limit_s``), close it."""

    async def main() -> None:
        notifier.start()
        body(notifier)
        deadline = time.perf_counter() + limit_s
        while not until() and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        await notifier.close()

    asyncio.run(main())


def hook(receiver: Receiver, path: str = "/hook", flavour: str = "json") -> Subscription:
    return check_subscription("webhook", receiver.url(path), flavour, allow_private=True)


def local_notifier(**kwargs) -> Notifier:
    kwargs.setdefault("policy", FAST)
    kwargs.setdefault("timeout_s", 2.0)
    return Notifier(kwargs.pop("smtp", None), allow_private_hosts=True, **kwargs)


# ---------------------------------------------------------------------- e-mail


def test_email_arrives_with_its_subject_and_no_token(smtp_server):
    port, record = smtp_server()
    settings = SmtpSettings(host="127.0.0.1", port=port, sender="Acreage <turns@games.example>", timeout=5)
    notifier = Notifier(settings, policy=FAST)
    to = check_subscription("email", "ada@example.org")
    run_notifier(notifier, lambda n: n.submit(notice(), [to]), lambda: notifier.counts.sent == 1)

    assert notifier.counts.sent == 1 and notifier.counts.failed == 0
    [(sender, recipients, raw)] = record.messages
    assert sender == "turns@games.example" and recipients == ["ada@example.org"]
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert message["Subject"] == "Your turn in Foxglove Farm (game abc123)"
    assert message["Auto-Submitted"] == "auto-generated"
    body = message.get_body(("plain",)).get_content()
    assert "choose a tile from the display" in body
    assert "http://games.example/play/abc123" in body
    assert "token" not in raw.decode().lower() and SECRET not in raw.decode()


def test_email_logs_in_when_a_user_is_set(smtp_server):
    port, record = smtp_server(with_login=True)
    settings = SmtpSettings(host="127.0.0.1", port=port, sender="turns@games.example", username="ada",
                            password="pw", timeout=5)
    notifier = Notifier(settings, policy=FAST)
    to = check_subscription("email", "ada@example.org")
    run_notifier(notifier, lambda n: n.submit(notice(), [to]), lambda: notifier.counts.sent == 1)
    assert record.logins == ["ada"] and len(record.messages) == 1


def test_a_refused_login_is_not_tried_again(smtp_server):
    port, record = smtp_server(with_login=True)
    settings = SmtpSettings(host="127.0.0.1", port=port, sender="turns@games.example", username="ada",
                            password="wrong", timeout=5)
    notifier = Notifier(settings, policy=FAST)
    to = check_subscription("email", "ada@example.org")
    run_notifier(notifier, lambda n: n.submit(notice(), [to]), lambda: notifier.counts.failed == 1)
    assert notifier.counts.failed == 1 and notifier.counts.retried == 0 and record.messages == []


def test_email_is_skipped_without_smtp_settings():
    notifier = local_notifier()
    assert notifier.submit(notice(), [check_subscription("email", "ada@example.org")]) == 0
    assert notifier.counts.skipped == 1


def test_smtp_settings_come_from_the_environment(caplog):
    with caplog.at_level(logging.INFO, logger="acreage.web.notices"):
        assert SmtpSettings.from_env({}) is None
    assert "e-mail turn notices are off" in caplog.text

    settings = SmtpSettings.from_env({
        "ACREAGE_SMTP_HOST": "mail.example", "ACREAGE_SMTP_FROM": "turns@games.example",
        "ACREAGE_SMTP_USER": "ada", "ACREAGE_SMTP_PASSWORD": "hunter2", "ACREAGE_SMTP_STARTTLS": "true",
    })
    assert settings is not None
    assert (settings.host, settings.port, settings.username) == ("mail.example", 587, "ada")
    assert settings.starttls
    assert settings.password == "hunter2" and "hunter2" not in repr(settings)
    plain = SmtpSettings.from_env({"ACREAGE_SMTP_HOST": "mail.example", "ACREAGE_SMTP_FROM": "a@b.example",
                                   "ACREAGE_SMTP_PORT": "2525"})
    assert plain is not None and (plain.port, plain.starttls, plain.username) == (2525, False, None)

    for bad in ({"ACREAGE_SMTP_PORT": "smtp"}, {"ACREAGE_SMTP_PORT": "70000"},
                {"ACREAGE_SMTP_STARTTLS": "maybe"}, {"ACREAGE_SMTP_FROM": ""},
                {"ACREAGE_SMTP_FROM": "a@b.example\nBcc: c@d.example"}):
        env = {"ACREAGE_SMTP_HOST": "mail.example", "ACREAGE_SMTP_FROM": "a@b.example", **bad}
        with pytest.raises(ValueError, match=next(iter(bad))):
            SmtpSettings.from_env(env)


# ---------------------------------------------------------------------- webhooks


def test_each_flavour_gets_its_body(receiver):
    notifier = local_notifier()
    subs = [hook(receiver, f"/{flavour}", flavour) for flavour in ("json", "discord", "slack")]
    run_notifier(notifier, lambda n: n.submit(notice(), subs), lambda: notifier.counts.sent == 3)

    assert notifier.counts.sent == 3
    for _, _, headers, _ in receiver.posts:
        assert headers["Content-Type"] == "application/json" and headers["User-Agent"] == "acreage-notices"
    [plain] = receiver.bodies("/json")
    assert plain == {
        "game": "Foxglove Farm", "game_id": "abc123", "seat": 1, "player": "Ada",
        "awaited": "choose a tile from the display", "link": "http://games.example/play/abc123",
        "turn_key": "abc123:7:1", "text": notice_text(notice()),
    }
    [discord] = receiver.bodies("/discord")
    assert discord["content"] == notice_text(notice()) and discord["allowed_mentions"] == {"parse": []}
    [slack] = receiver.bodies("/slack")
    assert set(slack) == {"text"} and "http://games.example/play/abc123" in slack["text"]
    assert all(SECRET not in json.dumps(b) and "token" not in json.dumps(b) for b in receiver.bodies())


def test_a_turn_is_told_once(receiver):
    notifier = local_notifier()
    sub = hook(receiver)

    def twice(n: Notifier) -> None:
        assert n.submit(notice(seq=7), [sub]) == 1
        assert n.submit(notice(seq=7), [sub, hook(receiver)]) == 0  # equal subscriptions are one
        assert n.submit(notice(seq=8), [sub]) == 1

    run_notifier(notifier, twice, lambda: notifier.counts.sent == 2)
    # two turns, each once (parallel workers: in either order)
    assert sorted(b["turn_key"] for b in receiver.bodies()) == ["abc123:7:1", "abc123:8:1"]
    assert notifier.counts.duplicate == 2

    again = local_notifier()
    run_notifier(again, lambda n: (n.submit(notice(seq=9), [sub]), n.submit(notice(seq=9), [sub])),
                 lambda: again.counts.sent == 1)
    assert again.counts.duplicate == 1 and len(receiver.bodies()) == 3


def test_failures_are_tried_again_with_backoff(receiver):
    receiver.plan = [(500, {}), (503, {})]
    notifier = local_notifier()
    run_notifier(notifier, lambda n: n.submit(notice(), [hook(receiver)]), lambda: notifier.counts.sent == 1)

    assert len(receiver.posts) == 3 and notifier.counts.sent == 1
    assert notifier.counts.retried == 2 and notifier.counts.failed == 0
    times = [t for t, *_ in receiver.posts]
    first, second = times[1] - times[0], times[2] - times[1]
    assert first >= 0.05 and second >= 0.1  # 0.05 s, then twice as long
    assert second < 1.0


def test_a_receiver_that_keeps_failing_is_given_up(receiver):
    receiver.plan = [(500, {})] * 10
    notifier = local_notifier()
    run_notifier(notifier, lambda n: n.submit(notice(), [hook(receiver)]), lambda: notifier.counts.failed > 0)
    assert len(receiver.posts) == FAST.max_attempts and notifier.counts.retried == FAST.max_attempts - 1


@pytest.mark.parametrize("status, headers", [(404, {}), (400, {}), (302, {"Location": "/elsewhere"})])
def test_a_client_error_or_redirect_is_not_tried_again(receiver, status, headers):
    receiver.plan = [(status, headers)]
    notifier = local_notifier()
    run_notifier(notifier, lambda n: n.submit(notice(), [hook(receiver)]), lambda: notifier.counts.failed > 0)
    assert notifier.counts.failed == 1 and notifier.counts.retried == 0  # a retry is counted when planned
    assert [p for _, p, _, _ in receiver.posts] == ["/hook"]  # the redirect was not followed


def test_429_waits_its_retry_after_within_the_cap(receiver):
    receiver.plan = [(429, {"Retry-After": "5"})]
    notifier = local_notifier()
    run_notifier(notifier, lambda n: n.submit(notice(), [hook(receiver)]), lambda: notifier.counts.sent == 1)
    assert len(receiver.posts) == 2 and notifier.counts.retried == 1
    gap = receiver.posts[1][0] - receiver.posts[0][0]
    assert FAST.retry_after_cap_s <= gap < 2.0  # 5 s asked, the cap (0.3 s) waited


def test_submit_never_waits_for_a_hung_receiver(receiver):
    receiver.hang = threading.Event()
    notifier = local_notifier(policy=RetryPolicy(max_attempts=1), timeout_s=0.5)
    gaps: list[float] = []
    submit_s: list[float] = []

    async def main() -> None:
        notifier.start()
        stop = asyncio.Event()

        async def tick() -> None:
            last = time.perf_counter()
            while not stop.is_set():
                await asyncio.sleep(0.01)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now

        ticker = asyncio.get_running_loop().create_task(tick())
        await asyncio.sleep(0.05)
        for seq in range(3):
            start = time.perf_counter()
            notifier.submit(notice(seq=seq), [hook(receiver)])
            submit_s.append(time.perf_counter() - start)
        deadline = time.perf_counter() + 3
        while notifier.counts.failed < 3 and time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
        stop.set()
        await ticker
        await notifier.close()

    asyncio.run(main())
    assert max(submit_s) < 0.05
    assert notifier.counts.failed == 3 and notifier.counts.sent == 0  # each timed out after 0.5 s
    assert len(gaps) > 20 and max(gaps) < 0.1, max(gaps)  # the loop kept its 10 ms pace


def test_a_full_queue_drops_the_oldest(receiver):
    notifier = local_notifier(queue_size=2)
    sub = hook(receiver)

    def flood(n: Notifier) -> None:
        for seq in (1, 2, 3):
            n.submit(notice(seq=seq), [sub])  # the workers have not run yet: the queue fills

    async def main() -> None:
        flood(notifier)
        assert notifier.counts.dropped == 1 and notifier.stats()["queued"] == 2
        notifier.start()
        while notifier.counts.sent < 2:
            await asyncio.sleep(0.01)
        assert notifier.submit(notice(seq=1), [sub]) == 1  # the dropped turn was never tried
        while notifier.counts.sent < 3:
            await asyncio.sleep(0.01)
        await notifier.close()

    asyncio.run(asyncio.wait_for(main(), 5))
    keys = [b["turn_key"] for b in receiver.bodies()]
    # the two kept are sent by parallel workers (either may land first), the re-queued one last
    assert sorted(keys[:2]) == ["abc123:2:1", "abc123:3:1"] and keys[2] == "abc123:1:1"


def test_a_host_resolving_to_a_private_address_is_not_posted_to(receiver, caplog):
    notifier = Notifier(None, policy=FAST, timeout_s=2.0)  # private hosts not allowed
    sneaky = [Subscription("webhook", f"{scheme}://localhost:{receiver.port}/hook?key=hidden", "json")
              for scheme in ("http", "https")]  # https: checked before the TLS handshake
    with caplog.at_level(logging.INFO, logger="acreage.web.notices"):
        run_notifier(notifier, lambda n: n.submit(notice(), sneaky), lambda: notifier.counts.failed == 2)
    assert notifier.counts.failed == 2 and notifier.counts.retried == 0 and receiver.posts == []
    assert "private address" in caplog.text and "not tried again" in caplog.text
    assert "hidden" not in caplog.text  # log lines name the host, never the URL


def test_submit_never_raises():
    notifier = local_notifier()
    assert notifier.submit(notice(), [object()]) == 0  # type: ignore[list-item]
    assert notifier.submit(notice(), None) == 0  # type: ignore[arg-type]


# ---------------------------------------------------------------------- checks and texts


@pytest.mark.parametrize(
    "kind, target, flavour, code",
    [
        ("sms", "+441234", None, "bad_kind"),
        ("email", "not an address", None, "bad_address"),
        ("email", "ada@", None, "bad_address"),
        ("email", "ada@example.org\r\nBcc: eve@example.org", None, "bad_address"),
        ("email", "a" * 65 + "@example.org", None, "bad_address"),
        ("email", "a@" + "b" * 250 + ".org", None, "too_long"),
        ("email", 42, None, "malformed"),
        ("email", "ada@example.org", "discord", "bad_flavour"),
        ("webhook", "ftp://hooks.example/x", None, "bad_url"),
        ("webhook", "javascript:alert(1)", None, "bad_url"),
        ("webhook", "file:///etc/passwd", None, "bad_url"),
        ("webhook", "https://user:pw@hooks.example/x", None, "credentials_in_url"),
        ("webhook", "https://token@hooks.example/x", None, "credentials_in_url"),
        ("webhook", "https://hooks.example/" + "x" * 2000, None, "too_long"),
        ("webhook", "https://hooks.example:99999/x", None, "bad_url"),
        ("webhook", "https://hooks example/x", None, "bad_url"),
        ("webhook", "https:///nohost", None, "bad_url"),
        ("webhook", "https://hooks.example/x", "teams", "bad_flavour"),
        ("webhook", "http://127.0.0.1:8000/x", None, "private_address"),
        ("webhook", "http://localhost/x", None, "private_address"),
        ("webhook", "http://[::1]/x", None, "private_address"),
        ("webhook", "http://10.1.2.3/x", None, "private_address"),
        ("webhook", "http://169.254.169.254/latest/meta-data", None, "private_address"),
        ("webhook", "http://2130706433/x", None, "bad_url"),
    ],
)
def test_bad_subscriptions_are_refused_by_name(kind, target, flavour, code):
    with pytest.raises(NoticeError) as refused:
        check_subscription(kind, target, flavour)
    assert refused.value.code == code and refused.value.status == 400
    assert isinstance(refused.value, InputError)


def test_good_subscriptions():
    assert check_subscription("email", " ada@example.org ") == Subscription("email", "ada@example.org")
    discord = check_subscription("webhook", "https://discord.com/api/webhooks/1/abc", "discord")
    assert discord.flavour == "discord"
    plain = check_subscription("webhook", "https://hooks.example/x")
    assert plain.flavour == "json" and plain.where() == "json webhook at hooks.example"
    assert "abc" not in check_subscription("webhook", "https://h.example/abc", "slack").where()


def test_a_notice_holds_public_facts_on_one_line():
    awaited = "pick\x00 a tile" + "!" * 600
    n = TurnNotice.make("https://games.example/", "ff00", 3, 0, "Fox\nglove", "", awaited)
    assert n.link == "https://games.example/play/ff00" and n.turn_key == "ff00:3:0"
    assert n.game_title == "Fox glove" and n.player_name == "Seat 1"
    assert len(n.awaited) == 500 and "\x00" not in n.awaited
    for base in ("https://games.example/#token=x", "https://games.example/?token=x", "ftp://games.example",
                 "https://u:p@games.example"):
        with pytest.raises(NoticeError, match="base URL"):
            TurnNotice.make(base, "ff00", 3, 0, "Foxglove Farm", "Ada", "")
    with pytest.raises(NoticeError):
        TurnNotice.make("https://games.example", "../admin", 3, 0, "Foxglove Farm", "Ada", "")


def test_chat_bodies_cannot_mention_everyone():
    n = TurnNotice.make("https://games.example", "ff00", 3, 0, "Foxglove Farm", "<!channel> @everyone", "go")
    assert "<!channel>" not in webhook_body(n, "slack")["text"]
    assert "&lt;!channel&gt;" in webhook_body(n, "slack")["text"]
    assert webhook_body(n, "discord")["allowed_mentions"] == {"parse": []}


def test_retry_policy_and_retry_after():
    policy = RetryPolicy(max_attempts=8, base_delay_s=1.0, max_delay_s=10.0, retry_after_cap_s=30.0)
    assert [policy.delay(a) for a in range(1, 6)] == [1.0, 2.0, 4.0, 8.0, 10.0]
    assert policy.delay(1, retry_after=20.0) == 20.0 and policy.delay(1, retry_after=600.0) == 30.0
    assert retry_after_seconds("3") == 3.0 and retry_after_seconds(None) is None
    assert retry_after_seconds("soon") is None and retry_after_seconds("-5") == 0.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date in the past
