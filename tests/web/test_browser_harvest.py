"""Harvest in a real browser: a whole solo game with the Fall Festival played by clicks on the
board (spaces, cells, cards, tiles, buildings and the visit's buttons) to the end screen with
the verdict against Mayor Gairy; a two-player hot-seat game played by clicks on one page; and
the replay page. Skipped without Chromium on a user's machine; in CI they must run (see
conftest.py). Nothing here clicks the action list under the board (``[data-action]``)."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")
pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the dev extra)")

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from .conftest import Server  # noqa: E402
from .helpers import api, new_page  # noqa: E402

#: Everything the Harvest board lets a player click (see harvest_board.js).
TARGETS = ("[data-choice]", "[data-act]", "[data-die]", "[role=button][data-space]",
           "[role=button][data-building]", "[role=button][data-farm-building]", "[role=button][data-cell]",
           "[role=button][data-card]",
           "[role=button][data-tile]", "[role=button][data-keep]", "[role=button][data-novelty]")

LIST_TARGETS = """(targets) => {
  const out = [];
  const chooser = document.querySelector('[data-chooser]');
  const pool = chooser ? chooser.querySelectorAll('[data-choice]')
    : document.querySelectorAll(targets.join(','));
  for (const node of pool) {
    const attr = [...node.attributes].find(a => a.name.startsWith('data-') && a.name !== 'data-what'
      && a.name !== 'data-held');
    if (attr) out.push([attr.name, attr.value]);
  }
  return out;
}"""


@pytest.fixture
def fast_server(tmp_path):
    """A server without rates: a scripted player clicks faster than any person."""
    srv = Server(str(tmp_path / "harvest.db"), limits="UNLIMITED").start()
    yield srv
    srv.kill()


def _ready(page) -> None:
    page.wait_for_function(
        "(t) => document.querySelector(t.join(',')) || !document.getElementById('end').hidden"
        " || !document.getElementById('cover').hidden",
        arg=list(TARGETS), timeout=30000,
    )


def _choose(options: list[list[str]], rng: random.Random) -> list[str]:
    """A random board target; "done" is picked less often so that visits do something."""
    busy = [o for o in options if not (o[0] == "data-act" and o[1] == "done")]
    if busy and (len(busy) == len(options) or rng.random() < 0.8):
        return rng.choice(busy)
    return rng.choice(options)


def play_on_board(page, rng: random.Random, seconds: float, hotseat: bool = False) -> tuple[Counter, int]:
    """Click board targets until the game ends (or ``seconds`` pass); returns the clicks made
    by kind of target and how often the screen was passed to the other seat."""
    clicks: Counter = Counter()
    passes = 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        _ready(page)
        if page.locator("#end").is_visible():
            return clicks, passes
        if hotseat and page.locator("#cover").is_visible():
            page.click("#cover-ok")
            passes += 1
            page.wait_for_function("() => document.querySelector('.hv-board [data-farms]')")
            continue
        options = page.evaluate(LIST_TARGETS, list(TARGETS))
        if not options:
            continue
        name, value = _choose(options, rng)
        drawn = page.get_attribute(".hv-board", "data-draws")
        target = page.locator(f'.hv-board [{name}="{value}"]').first
        try:
            target.click(timeout=5000)
        except PlaywrightTimeout:  # an update redrew the board meanwhile: look again
            continue
        clicks[name] += 1
        # every click draws the board again: at once (a choice, a chosen building) or with the
        # server's update
        page.wait_for_function(
            "(n) => { const b = document.querySelector('.hv-board');"
            " return !b || b.dataset.draws !== n || !document.getElementById('end').hidden; }",
            arg=drawn, timeout=30000,
        )
    return clicks, passes


def test_a_solo_game_with_the_festival_is_played_on_the_board_to_the_verdict(fast_server, browser):
    made = api(fast_server, "/api/games", {"game": "harvest", "players": 1, "seats": ["human"],
                                           "options": {"fall_festival": True}})
    page = new_page(browser, 1400, 900)
    page.goto(fast_server.url + made["links"]["0"])
    page.wait_for_selector("[data-town]")
    assert page.locator("[data-festival] [data-card]").count() == 3
    assert page.locator("[data-gairy]").count() == 1
    clicks, _ = play_on_board(page, random.Random(5), seconds=80)
    assert page.locator("#end").is_visible(), f"not over after {clicks} clicks"
    # setup cards, sunrise tiles and Town/Festival spaces are always clicked on the way
    assert clicks["data-keep"] == 2 and clicks["data-tile"] >= 4 and clicks["data-space"] >= 12, clicks
    assert "Mayor Gairy" in page.inner_text("[data-verdict]")
    assert page.locator("[data-verdict] ~ [data-solo-tiers] [data-tier]").count() == 4  # HV-GAI-12
    assert page.locator("[data-legend]").count() == 1
    assert page.errors == []
    # the replay of that game draws the same board, step by step
    page.goto(fast_server.url + f"/replay/{made['id']}")
    page.wait_for_function("() => document.getElementById('step').textContent.startsWith('step 0 of')")
    page.wait_for_selector("[data-town]")
    page.click("#next")
    page.wait_for_function("() => document.getElementById('step').textContent.startsWith('step 1 of')")
    page.click("#last")
    page.wait_for_function("() => document.getElementById('next').disabled")
    page.wait_for_selector("[data-farm]")
    assert page.errors == []


def test_two_players_share_one_screen_and_play_on_the_board(fast_server, browser):
    made = api(fast_server, "/api/games", {"game": "harvest", "players": 2, "seats": ["human", "human"],
                                           "options": {"fall_festival": True}})
    gid, tokens = made["id"], made["tokens"]
    page = new_page(browser, 1400, 900)
    page.goto(fast_server.url + "/")
    page.evaluate(
        "([gid, t0, t1]) => { localStorage.setItem('acreage:tokens:' + gid, JSON.stringify({0: t0, 1: t1}));"
        " localStorage.setItem('acreage:hotseat:' + gid, '1'); }",
        [gid, tokens["0"], tokens["1"]],
    )
    page.goto(f"{fast_server.url}/play/{gid}#token={tokens['0']}")
    page.wait_for_selector("[data-town]")
    clicks, passes = play_on_board(page, random.Random(8), seconds=80, hotseat=True)
    assert passes >= 2, "the screen was never passed between the seats"
    v = api(fast_server, f"/api/games/{gid}")
    assert v["status"] == "over", f"not over after {clicks} clicks"
    assert page.locator("#end").is_visible()
    assert "Winner" in page.inner_text("[data-verdict]") or "Shared win" in page.inner_text("[data-verdict]")
    assert page.errors == []
