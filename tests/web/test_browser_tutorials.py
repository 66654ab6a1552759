"""A newcomer learns each game in a real browser: from the lobby to the game's How to play
page, into its tutorial, through every guided step by clicking what the tutorial points at
(a wrong click is refused with the tutorial's reason), then on to the end of the game against
the tutorial's bots. Skipped without Chromium on a user's machine; in CI they must run."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from acreage.core.tutorials import load_tutorial  # noqa: E402

from .helpers import new_page  # noqa: E402

GAMES = ["foxglove", "fields_of_green", "harvest"]

#: After a click: the log grew, the clicked action is gone, the game ended, or a refusal shows.
MOVED_ON = (
    "([n, t]) => document.querySelectorAll('#log div').length !== n || "
    "![...document.querySelectorAll('#actions [data-action]')].some(e => e.dataset.action === t) || "
    "!document.getElementById('end').hidden || document.getElementById('action-error').textContent"
)


def finish_by_clicks(page, limit=800):
    """Play on freely, preferring to pass or finish a step, until the game is over."""
    for _ in range(limit):
        page.wait_for_function(
            "() => document.querySelector('#actions [data-action]') || "
            "!document.getElementById('end').hidden", timeout=60000)
        if not page.locator("#end").is_hidden():
            return
        offered = page.eval_on_selector_all("#actions [data-action]", "els => els.map(e => e.dataset.action)")
        if not offered:
            continue
        choice = next((w for w in ("pass", "done") if w in offered), offered[-1])
        seq = page.evaluate("() => document.querySelectorAll('#log div').length")
        page.click(f'#actions [data-action="{choice}"]')
        try:
            page.wait_for_function(MOVED_ON, arg=[seq, choice], timeout=60000)
        except Exception as exc:
            error = page.inner_text("#action-error")
            raise AssertionError(f"clicked {choice!r} of {offered}: error {error!r}, "
                                 f"decision {page.inner_text('#decision')!r}") from exc
        error = page.inner_text("#action-error")
        if "try again" in error:  # faster than a person clicks: the seat's move rate says wait
            page.wait_for_timeout(1100)
        elif error:
            raise AssertionError(f"clicked {choice!r} of {offered}: refused: {error}")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_completes_the_tutorial_by_clicking_and_finishes_the_game(server, browser, game):
    tutorial = load_tutorial(game)
    assert tutorial is not None, f"{game} ships a tutorial"
    page = new_page(browser)
    page.goto(server.url + "/")  # the lobby links each game's How to play page
    page.wait_for_selector("[data-learn]")
    page.select_option("#game", game)
    page.click(f'[data-learn="{game}"]')
    page.wait_for_url(f"**/learn/{game}")
    page.wait_for_selector("#start-tutorial")
    assert page.locator("section.panel h2").count() >= 5  # the guide's sections are there
    assert page.locator(".figure svg, .figure .board *").count() > 0  # figures drawn by the board
    page.click("#start-tutorial")
    page.wait_for_selector("#tutorial:not([hidden])")
    refused = False
    for step in range(1, tutorial.learner_moves + 1):
        page.wait_for_function(
            "s => document.getElementById('tutorial-step').textContent.includes(`step ${s} of`) && "
            "document.querySelector('#actions button[data-expected]')", arg=step, timeout=60000)
        text = page.inner_text("[data-tutorial-text]")
        assert text.strip(), f"step {step} says something"
        if not refused:  # once: another move is refused with the tutorial's reason, nothing changes
            other = page.eval_on_selector_all(
                "#actions button[data-action]:not([data-expected])", "els => els.map(e => e.dataset.action)")
            if other:
                page.click(f'#actions button[data-action="{other[0]}"]')
                page.wait_for_function("() => document.getElementById('action-error').textContent.length > 0")
                assert "The tutorial asks for" in page.inner_text("#action-error")
                refused = True
        page.click("#actions button[data-expected]")
    assert refused
    page.wait_for_function(
        "() => document.getElementById('tutorial-step').textContent.includes('play on freely')",
        timeout=60000)
    assert tutorial.outro[:40] in page.inner_text("#tutorial-text")
    finish_by_clicks(page)
    assert "points" in page.inner_text("#end-text")
    assert page.errors == []
