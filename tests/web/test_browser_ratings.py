"""Real-browser test of ratings: two profiles, each in a browser of its own, play a rated game
against each other (one creates it with an open seat, the other joins it from the lobby), both
passing every turn to its end; then the leaderboard names both with their new ratings and the
profile page lists the game and plots its point. Skipped without Chromium on a user's machine;
in CI it must run (see conftest.py).

Set ``ACREAGE_SCREENSHOTS`` to a folder to save each page as a person sees it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from .helpers import api, new_page  # noqa: E402

SHOTS = os.environ.get("ACREAGE_SCREENSHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"ratings-{name}.png"), full_page=True)


def sign_up(browser, server, name: str):
    """A fresh browser (its own cookies) that made the profile ``name`` from the header's box."""
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.click("[data-account=open]")
    page.fill("[data-account=name]", name)
    page.click("[data-account=create]")
    page.wait_for_selector("[data-me]")  # the page reloaded, signed in
    assert page.inner_text("#account").startswith(name)
    return page


def prefer(offered):
    for word in ("pass", "done"):
        if word in offered:
            return word
    return offered[0]


def play_out(pages, limit=200):
    """Each page acts when it is its turn (passing where it can) until the game is over on both."""
    def over(p):
        return not p.locator("#end").is_hidden()

    deadline = time.time() + 40
    for _ in range(limit):
        if all(over(p) for p in pages):
            return
        assert time.time() < deadline, "the game did not end"
        acted = False
        for p in pages:
            offered = p.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
            if not offered or over(p):
                continue
            lines = p.evaluate("() => document.querySelectorAll('#log div').length")
            choice = prefer(offered)
            p.click(f'[data-action="{choice}"]')
            p.wait_for_function("n => document.querySelectorAll('#log div').length !== n"
                                " || !document.getElementById('end').hidden", arg=lines, timeout=10000)
            acted = True
        if not acted:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_two_profiles_play_a_rated_game_and_see_it_on_the_leaderboard_and_profile(server, browser):
    ada = sign_up(browser, server, "Ada")
    grace = sign_up(browser, server, "Grace")
    shot(ada, "lobby-signed-in")

    # Ada: a rated Foxglove game, herself in seat 1, seat 2 open to anyone
    ada.select_option("#game", "foxglove")
    ada.select_option("#players", "2")
    ada.select_option("select[data-seat='1']", "open")
    ada.check("#rated")
    assert "every person's seat is signed in" in ada.inner_text("#create")
    ada.click("#create-button")
    ada.wait_for_url("**/play/**")
    game_id = ada.url.split("/play/")[1].split("#")[0]

    # Grace joins it from the lobby
    grace.goto(server.url + "/")
    grace.click(f"tr[data-game='{game_id}'] button:has-text('Join seat 2')")
    grace.wait_for_url("**/play/**")
    assert grace.locator("#account [data-me]").count() == 1  # the header box on the game page too
    play_out([ada, grace])
    shot(grace, "game-over")

    # rated at the end: both on the leaderboard, moved from the starting ordinal 0
    deadline = time.time() + 10
    while len(api(server, "/api/leaderboard/foxglove?group=2")["players"]) < 2:
        assert time.time() < deadline, "the game was not rated"
        time.sleep(0.1)
    ada.goto(server.url + "/leaderboard/foxglove")
    ada.wait_for_selector("section[data-group='2'] table tbody tr")
    table = ada.inner_text("section[data-group='2'] table")
    assert "Ada" in table and "Grace" in table and "(you)" in table
    ordinals = ada.eval_on_selector_all("section[data-group='2'] td[data-ordinal]",
                                        "els => els.map(e => Number(e.dataset.ordinal))")
    assert len(ordinals) == 2 and all(o != 0 for o in ordinals)
    assert ada.locator("section[data-group='3-4'] [data-empty]").count() == 1
    shot(ada, "leaderboard")

    # Ada's profile, from her name in the header: the game, rated, and its point on the plot
    ada.click("#account [data-me]")
    ada.wait_for_selector(f"#games tr[data-game='{game_id}']")
    assert "rated" in ada.inner_text(f"#games tr[data-game='{game_id}']")
    assert ada.locator(f"#games tr[data-game='{game_id}'] a[href='/replay/{game_id}']").count() == 1
    point = ada.locator(f"svg.history circle[data-game-id='{game_id}']")
    assert point.count() == 1
    assert game_id in point.locator("title").text_content()
    assert "Foxglove Farm" in ada.inner_text("#ratings")
    shot(ada, "profile")

    # the other pages as a signed-in player sees them
    ada.goto(server.url + "/notices")
    ada.wait_for_selector("form.add-notice[data-kind='webhook']")
    assert ada.locator("#email-off").count() == 1  # no SMTP on the test server: e-mail is off
    ada.fill("form.add-notice[data-kind='webhook'] input[name=target]", "https://hooks.example.org/acreage")
    ada.select_option("form.add-notice[data-kind='webhook'] select[name=flavour]", "discord")
    ada.click("form.add-notice[data-kind='webhook'] button[type=submit]")
    ada.wait_for_selector("#subscriptions tr[data-subscription]")
    assert "Discord" in ada.inner_text("#subscriptions")
    shot(ada, "notices")
    ada.click("[data-remove]")
    ada.wait_for_selector("#no-subscriptions")
    ada.goto(server.url + "/ladder")
    ada.wait_for_selector("section[data-game] table.ladder")
    shot(ada, "ladder")
    assert ada.errors == [] and grace.errors == []


def test_the_sign_in_box_shows_the_apis_error_and_signs_out(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/notices")
    page.wait_for_selector("#sign-in-note form.sign-in")
    shot(page, "notices-signed-out")
    page.click("[data-account=open]")
    page.fill(".account-drop [data-account=name]", "Nobody")
    page.fill(".account-drop [data-account=password]", "wrong password here")
    page.click(".account-drop [data-account=login]")
    page.wait_for_function("() => document.querySelector('.account-drop [data-account=error]').textContent")
    assert "name and password" in page.inner_text(".account-drop [data-account=error]")
    shot(page, "sign-in-error")
    page.fill("#sign-in-note [data-account=name]", "Lin")
    page.click("#sign-in-note [data-account=create]")
    page.wait_for_selector("form.add-notice")
    page.click("#account button:has-text('Sign out')")
    page.wait_for_selector("[data-account=open]")
    assert page.locator("#account [data-me]").count() == 0
    assert page.errors == []
