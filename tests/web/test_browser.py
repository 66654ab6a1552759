"""Real-browser tests: Chromium (Debian's, through Playwright) against a real server.

A whole Foxglove game against a bot played by clicks, undo, a reconnect after the server was
killed and restarted, hot-seat hiding, invite links with a spectator, and a replay. Skipped
without Chromium on a user's machine; in CI they must run (see conftest.py).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from .conftest import Server  # noqa: E402
from .helpers import api, new_page  # noqa: E402


def wait_for_turn(page, timeout=30000):
    """Until this seat has legal actions (or the game is over)."""
    page.wait_for_function(
        "() => document.querySelector('[data-action]') || !document.getElementById('end').hidden",
        timeout=timeout,
    )


def click_action(page, text):
    page.click(f'[data-action="{text}"]')


def play_by_clicks(page, choose, limit=600):
    """Click legal actions (``choose`` picks one of the offered texts) until the game ends."""
    for _ in range(limit):
        wait_for_turn(page)
        if not page.locator("#end").is_hidden():
            return
        seq_before = page.evaluate("() => document.querySelectorAll('#log div').length")
        offered = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        if not offered:
            continue
        click_action(page, choose(offered))
        page.wait_for_function(
            "([n, t]) => document.querySelectorAll('#log div').length !== n || "
            "![...document.querySelectorAll('[data-action]')].some(e => e.dataset.action === t) || "
            "!document.getElementById('end').hidden",
            arg=[seq_before, choose(offered)],
            timeout=30000,
        )
    raise AssertionError("the game did not end")


def prefer(offered):
    for word in ("pass", "done"):
        if word in offered:
            return word
    return offered[0]


def test_lobby_creates_a_game_against_a_bot_and_it_is_played_to_the_end_by_clicks(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    wait_for_turn(page)
    assert "Seat 1 (you)" in page.inner_text("#scores")  # seats are numbered from 1
    assert page.title().startswith("▶ Your turn")
    play_by_clicks(page, prefer)
    assert "Game over" in page.inner_text("#end")
    assert "points" in page.inner_text("#end-text")
    assert page.errors == []


def test_lobby_offers_every_option_names_seats_and_hides_invite_only_games(server, browser):
    """Solo: the lobby offers the solo setups (and the expert variant), with their meaning; the
    game page names the player and shows the solo goal. An invite-only game is not listed for
    a browser holding no seat in it."""
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#players", "1")
    page.wait_for_selector("select[data-option='solo_setup']")
    setups = page.eval_on_selector_all("select[data-option='solo_setup'] option",
                                       "els => els.map(e => e.textContent)")
    assert setups[:2] == ["1 Random", "2 Bountiful Harvest"] and len(setups) == 6
    assert page.locator("[data-option='expert']").count() == 1
    assert "solo display" in page.inner_text("#game-options")  # each option says what it does
    page.select_option("select[data-option='solo_setup']", label="3 Food Festival")
    page.fill("input[data-name='0']", "<b>Ada</b>")
    page.check("#unlisted")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    wait_for_turn(page)
    assert "<b>Ada</b> (you)" in page.inner_text("#scores")  # a name is text, never markup
    assert "Solo goal" in page.inner_text("#goal") and "Food Festival" not in page.inner_text("#goal")
    game_id = page.url.split("/play/")[1].split("#")[0]
    listed = api(server, "/api/games")["games"]
    assert game_id not in {g["id"] for g in listed}
    other = new_page(browser)
    other.goto(server.url + "/")
    other.wait_for_selector("#games")
    page.goto(server.url + "/")
    page.wait_for_selector(f"tr[data-game='{game_id}']")  # the holder still sees it
    assert other.locator(f"tr[data-game='{game_id}']").count() == 0
    assert page.errors == [] and other.errors == []


def test_a_long_typed_action_is_refused_without_widening_the_page(server, browser):
    """A 5,000-character typed action: the box takes at most 200, the refusal is shown, and the
    page stays as wide as the window."""
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 2, "seats": ["human", "bot:greedy"], "options": {"start_player": 0}},
    )
    page = new_page(browser, 1400, 900)
    page.goto(server.url + made["links"]["0"])
    wait_for_turn(page)
    page.type("#notation", "x" * 300, delay=0)
    assert len(page.input_value("#notation")) == 200
    page.evaluate("() => { document.getElementById('notation').value = 'y'.repeat(5000); }")
    page.press("#notation", "Enter")
    page.wait_for_function("() => document.getElementById('action-error').textContent.length > 0")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1400
    assert page.errors == []


def test_undo_button_takes_back_an_own_step(server, browser):
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 2, "seats": ["human", "bot:greedy"], "options": {"start_player": 0}},
    )
    page = new_page(browser)
    page.goto(server.url + made["links"]["0"])
    wait_for_turn(page)
    click_action(page, "trails")
    page.wait_for_selector('[data-action="done"], [data-action^="trail "]')
    page.wait_for_function("() => !document.getElementById('undo').disabled")
    page.click("#undo")
    page.wait_for_selector('[data-action="trails"]')
    state = api(server, f"/api/games/{made['id']}")
    assert state["seq"] == 2 and state["observation"]["phase"] == "construction"


def test_undo_is_refused_once_the_turn_passed_and_every_log_follows_an_undo(server, browser):
    """Undo as Board Game Arena has it: a seat's own steps of its turn only. Once seat 1 has
    passed the turn, neither page offers Undo; an undo of a payment removes its line from
    the other page's log at once."""
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 2, "seats": ["human", "human"], "options": {"start_player": 0}},
    )
    host, guest = new_page(browser), new_page(browser)
    host.goto(server.url + made["links"]["0"])
    guest.goto(server.url + made["links"]["1"])
    wait_for_turn(host)
    for action in ("trails", "trail ESW 1,1", "pay stone 1,0"):
        host.wait_for_selector(f'[data-action="{action}"]')
        click_action(host, action)
    guest.wait_for_function("() => document.getElementById('log').textContent.includes('paid')")
    host.wait_for_function("() => !document.getElementById('undo').disabled")
    host.click("#undo")
    guest.wait_for_function("() => !document.getElementById('log').textContent.includes('paid')")
    host.wait_for_selector('[data-action="done"], [data-action^="pay "]')
    # finish the turn: pay what is owed, then end the trail action; then it is seat 2's turn
    for _ in range(10):
        offered = host.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
        if not offered:
            break
        pick = next((a for a in offered if a.startswith("pay ")), "done" if "done" in offered else offered[0])
        seq = host.evaluate("() => document.querySelectorAll('#log div').length")
        click_action(host, pick)
        host.wait_for_function("(n) => document.querySelectorAll('#log div').length !== n "
                               "|| !document.querySelector('[data-action]')", arg=seq)
        if pick == "done":
            break
    wait_for_turn(guest)
    assert host.locator("#undo").is_disabled()
    seq = api(server, f"/api/games/{made['id']}")["seq"]
    assert api_status(server, f"/api/games/{made['id']}/undo", {"seq": seq}, made["tokens"]["0"]) == 409
    assert host.errors == [] and guest.errors == []


def api_status(server, path, body, token):
    """The HTTP status of a POST (errors included)."""
    import urllib.error

    try:
        api(server, path, body, token)
    except urllib.error.HTTPError as exc:
        return exc.code
    return 200


def test_the_page_reconnects_after_the_server_is_killed_and_nothing_is_lost(tmp_path, browser):
    first = Server(str(tmp_path / "crash.db")).start()
    again = Server(first.db, port=first.port)
    try:
        made = api(
            first,
            "/api/games",
            {"game": "foxglove", "players": 2, "seats": ["human", "human"], "options": {"start_player": 0}},
        )
        page = new_page(browser)
        page.goto(first.url + made["links"]["0"])
        wait_for_turn(page)
        click_action(page, "trails")
        page.wait_for_selector('[data-action="done"], [data-action^="trail "]')
        first.kill()  # kill -9, right after the acknowledged move
        page.wait_for_function("() => document.getElementById('conn').textContent.includes('reconnecting')")
        again.start()
        page.wait_for_function(
            "() => document.getElementById('conn').textContent === 'connected'", timeout=30000
        )
        assert api(again, f"/api/games/{made['id']}")["seq"] == 1  # the acknowledged move survived
        page.wait_for_selector('[data-action^="trail "], [data-action="done"]')
        assert page.errors == []
    finally:
        first.kill()
        again.kill()


def test_the_lobby_offers_each_game_its_bot_levels_and_seats_the_chosen_one(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "foxglove")
    kinds = page.eval_on_selector_all("select[data-seat='1'] option", "els => els.map(e => e.value)")
    assert [k for k in kinds if k.startswith("bot:")] == ["bot:easy", "bot:medium", "bot:hard"]
    assert page.eval_on_selector("select[data-seat='1']", "e => e.value") == "bot:medium"
    page.select_option("#game", "harvest")
    kinds = page.eval_on_selector_all("select[data-seat='1'] option", "els => els.map(e => e.value)")
    assert [k for k in kinds if k.startswith("bot:")] == ["bot:easy", "bot:medium", "bot:hard"]
    title = page.eval_on_selector("select[data-seat='1'] option[value='bot:hard']", "e => e.title")
    assert "iterations" in title
    page.select_option("select[data-seat='1']", "bot:hard")
    assert "iterations" in page.inner_text("[data-level-help='1']")  # said beside the seat, not on hover
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    game_id = page.url.split("/play/")[1].split("#")[0]
    assert api(server, f"/api/games/{game_id}")["seats"][1]["bot"] == "hard"
    assert page.errors == []


def test_hot_seat_hides_the_screen_between_seats(server, browser):
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "fields_of_green")
    page.select_option("select[data-seat='1']", "hotseat")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    page.wait_for_function(
        "() => document.querySelector('[data-action]') || !document.getElementById('cover').hidden"
    )
    if page.locator("#cover").is_visible():  # seat 1 was drawn to start: take its seat first
        page.click("#cover-ok")
    wait_for_turn(page)
    me = page.inner_text("#where")
    offered = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    click_action(page, offered[0])
    page.wait_for_selector("#cover:not([hidden])", timeout=15000)
    assert "Pass the screen to Seat" in page.inner_text("#cover")
    assert page.inner_text("#board") == ""
    page.click("#cover-ok")
    page.wait_for_function("(me) => document.getElementById('where').textContent !== me", arg=me)
    wait_for_turn(page)
    assert page.locator("#cover").is_hidden()
    assert page.errors == []


def test_invite_link_and_a_spectator_see_the_same_game(server, browser):
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 2, "seats": ["human", "human"], "options": {"start_player": 0}},
    )
    host, guest, watcher = new_page(browser), new_page(browser), new_page(browser)
    host.goto(server.url + made["links"]["0"])
    guest.goto(server.url + made["links"]["1"])
    watcher.goto(server.url + f"/play/{made['id']}")
    wait_for_turn(host)
    click_action(host, "pass")
    wait_for_turn(guest)
    watcher.wait_for_function("() => document.getElementById('log').textContent.includes('passed')")
    assert watcher.locator("#controls").is_hidden()
    assert "watching" in watcher.inner_text("#where")
    assert "you are Seat 2" in guest.inner_text("#where")


def test_a_finished_game_replays_step_by_step(server, browser):
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 1, "seats": ["human"], "options": {"move_cap": 2}},
    )
    token = made["tokens"]["0"]
    seq = 0
    while True:
        v = api(server, f"/api/games/{made['id']}", token=token)
        if v["status"] == "over":
            break
        texts = [a["text"] for a in v["legal"]]
        seq = api(
            server, f"/api/games/{made['id']}/actions", {"token": token, "action": prefer(texts), "seq": seq}
        )["seq"]
    page = new_page(browser)
    page.goto(server.url + f"/replay/{made['id']}")
    page.wait_for_function("() => document.getElementById('step').textContent.startsWith('step 0 of')")
    page.click("#next")
    page.wait_for_function("() => document.getElementById('step').textContent.startsWith('step 1 of')")
    assert page.inner_text("#action")
    page.click("#last")
    page.wait_for_function("() => document.getElementById('next').disabled")
    assert page.errors == []


def test_foxglove_is_played_on_the_board_by_clicking_tiles_cells_cubes_and_shapes(server, browser):
    """Build from the display, place on a highlighted cell, pay by clicking a cube (or the
    suggested payment) and lay a trail by choosing its cell and shape, all through the SVG
    board (transport by clicks: the test after the next)."""
    made = api(
        server,
        "/api/games",
        {"game": "foxglove", "players": 2, "seats": ["human", "bot:greedy"], "options": {"start_player": 0}},
    )
    page = new_page(browser)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("[data-build]")
    page.locator("[data-help]").first.click()  # tile help by tap, for screens without hover
    page.wait_for_selector("[data-help-box]")
    assert "close" in page.inner_text("[data-help-box]")
    tile = page.get_attribute("[data-build]", "data-build")
    page.click(f'[data-build="{tile}"]')
    page.wait_for_selector("[data-cell]")
    page.click('[data-act="change-tile"]')  # a tile chosen can be changed before it is placed
    page.wait_for_selector("[data-build]")
    page.wait_for_function("() => !document.querySelector('[data-cell]')")
    page.click(f'[data-build="{tile}"]')
    page.wait_for_selector("[data-cell]")
    cell = page.get_attribute("[data-cell]", "data-cell")
    page.click(f'[data-cell="{cell}"]')
    # paid by itself (one way to pay) or by a click on a cube
    page.wait_for_function(
        "() => !document.querySelector('[data-cell]') || document.querySelector('[data-cube]')"
    )
    if page.locator("[data-cube]").count():
        page.locator("[data-cube]").first.click()
    page.wait_for_function(  # the name goes in as an argument: a name may hold an apostrophe
        "(t) => document.getElementById('log').textContent.includes('built the ' + t)",
        arg=tile, timeout=20000,
    )
    v = api(server, f"/api/games/{made['id']}", token=made["tokens"]["0"])
    built = [b["tile"] for b in v["observation"]["towns"][0]["buildings"]]
    assert tile in built
    # a trail: the trails button, a cell, a shape, then payment if asked
    wait_for_turn(page)
    if page.locator('[data-act="trails"]').count():
        page.click('[data-act="trails"]')
        page.wait_for_selector("[data-cell]")
        page.locator("[data-cell]").first.click()
        page.wait_for_selector("[data-shape]")
        page.locator("[data-shape]").first.click()
        for _ in range(4):  # a T-junction costs two cubes: pay until the trail stands
            page.wait_for_function(
                "() => document.querySelector('[data-act=\"pay-suggested\"]') || "
                "document.getElementById('log').textContent.includes('built a trail')"
            )
            if "built a trail" in page.inner_text("#log"):
                break
            assert page.locator("[data-paying]").count() == 1  # the trail being paid for, in place
            seq = page.evaluate("() => document.querySelectorAll('#log div').length")
            page.click('[data-act="pay-suggested"]')
            page.wait_for_function("(n) => document.querySelectorAll('#log div').length > n", arg=seq)
        assert "built a trail" in page.inner_text("#log")
    assert page.errors == []


def test_rematch_on_a_hot_seat_screen_claims_every_seat_it_holds(tmp_path, browser):
    """The first click creates the rematch with the asker's seat only; the page then claims
    each other seat this browser holds, so a hot-seat rematch starts at once. (The game is
    played to its end through the API, faster than the default rates allow a person.)"""
    server = Server(str(tmp_path / "rematch.db"), limits="UNLIMITED").start()
    made = api(
        server,
        "/api/games",
        {
            "game": "foxglove",
            "players": 2,
            "seats": ["human", "human"],
            "options": {"start_player": 0, "move_cap": 1},
        },
    )
    gid, tokens = made["id"], made["tokens"]
    rng = random.Random(3)
    for _ in range(3000):
        v = api(server, f"/api/games/{gid}")
        if v["status"] == "over":
            break
        token = tokens[str(v["to_act"])]
        legal = api(server, f"/api/games/{gid}", token=token)["legal"]
        api(
            server,
            f"/api/games/{gid}/actions",
            {"action": rng.choice(legal)["text"], "seq": v["seq"]},
            token=token,
        )
    page = new_page(browser)
    page.goto(server.url + "/")
    page.evaluate(
        "([gid, t0, t1]) => { localStorage.setItem('acreage:tokens:' + gid, JSON.stringify({0: t0, 1: t1}));"
        " localStorage.setItem('acreage:hotseat:' + gid, '1'); }",
        [gid, tokens["0"], tokens["1"]],
    )
    page.goto(f"{server.url}/play/{gid}#token={tokens['0']}")
    page.wait_for_selector("#end:not([hidden])")
    page.click("#rematch")
    page.wait_for_url(lambda url: "/play/" in url and gid not in url)
    new_id = page.url.split("/play/")[1].split("#")[0]
    assert api(server, f"/api/games/{new_id}")["status"] == "playing"
    assert page.errors == []
    server.kill()


@pytest.mark.parametrize("game", ["foxglove", "fields_of_green", "harvest"])
def test_what_the_other_seat_just_did_is_marked_on_the_board(tmp_path, browser, game):
    """Each board marks the last moves of the other seats (a building, a card, a placed piece)
    until this seat moves again. (This seat's moves go through the API, faster than the default
    rates allow a person.)"""
    server = Server(str(tmp_path / "recent.db"), limits="UNLIMITED").start()
    try:
        _other_seat_marked(server, browser, game)
    finally:
        server.kill()


def _marked_within(page, ms: int) -> bool:
    """Whether a recent-move mark shows on the board within ``ms`` milliseconds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector("[data-recent]", timeout=ms)
    except PlaywrightTimeout:
        return False
    return True


def _other_seat_marked(server, browser, game: str) -> None:
    made = api(server, "/api/games", {"game": game, "players": 2, "seats": ["human", "bot:greedy"]})
    token = made["tokens"]["0"]
    page = new_page(browser, 1400, 900)
    page.goto(server.url + made["links"]["0"])
    rng = random.Random(1)
    mine = 0  # the game's seq right after this seat's last move
    for _ in range(200):
        if page.locator("[data-recent]").count():
            break
        v = api(server, f"/api/games/{made['id']}", token=token)
        if v["status"] == "over":
            break
        if v["to_act"] != 0:
            page.wait_for_timeout(100)
            continue
        # The other seat has moved since this seat did: give its mark time to reach the board
        # (a slow render on a loaded machine) before this seat moves on and clears it.
        if v["seq"] > max(mine, 1) and _marked_within(page, 5000):
            break
        action = rng.choice(v["legal"])["text"]
        sent = api(server, f"/api/games/{made['id']}/actions", {"action": action, "seq": v["seq"]}, token)
        mine = sent["seq"]
        page.wait_for_timeout(50)
    assert page.locator("[data-recent]").count() > 0
    assert page.errors == []


#: Actions a policy prefers to reach a town with trails and goods to move.
KEEN = ("build", "place", "pay", "trails", "trail", "move")


def _transport_position():
    """A solo Foxglove position in transport where a building holds two cubes of a good that
    can move: the first such position of seeded games played by a fixed policy."""
    from acreage import new_game
    from acreage.core.presentation import legal_views, presentation_of
    from acreage.core.registry import game_info

    present = presentation_of(game_info("foxglove"))
    for seed in range(1000, 1100):
        state, rng = new_game("foxglove", players=1, seed=seed), random.Random(5)
        for _ in range(600):
            if state.is_terminal:
                break
            shown = legal_views(state, present)
            towns = state.observation(0)["towns"][0]["buildings"]
            heavy = {(g, f"{b['cell'][0]},{b['cell'][1]}")
                     for b in towns for g, k in b["cubes"].items() if k >= 2}
            for where in heavy:  # and, whichever way one cube moves, another can leave from there
                moves = [a["text"] for a in shown if (a["args"].get("good"), a["args"].get("from")) == where]
                if moves and all(_leaves_again(state, present, text, where) for text in moves):
                    return state, present, where
            texts = [a["text"] for a in shown]
            keen = [t for t in texts if t.split(" ")[0] in KEEN]
            state.apply(rng.choice(keen) if keen and rng.random() < 0.9 else rng.choice(texts))
    raise AssertionError("no transport position with a building holding two movable cubes")


def _leaves_again(state, present, text: str, where: tuple) -> bool:
    from acreage.core.presentation import legal_views

    after = state.clone()
    after.apply(text)
    return any((b["args"].get("good"), b["args"].get("from")) == where for b in legal_views(after, present))


def test_foxglove_transport_a_moved_cube_is_not_left_chosen(server, browser):
    """Transport by clicks on the board module itself (fed real views of a real position):
    choose a cube, click its destination; after the update, a click on a cube of the same
    building chooses it afresh (it used to un-choose the cube left chosen: the move was lost)."""
    from acreage.core.presentation import legal_views

    state, present, (good, source) = _transport_position()

    def view(seq: int) -> dict:
        return {"game": "foxglove", "seq": seq, "you": 0, "to_act": 0, "status": "playing",
                "observation": state.observation(0), "legal": legal_views(state, present),
                "facts": present.facts(state, 0), "seats": [{"seat": 0, "kind": "human", "bot": None}]}

    page = new_page(browser, 1400, 900)
    page.goto(server.url + "/api/health")  # any page of the server: the module loads from it
    page.evaluate(
        """async ([view, content]) => {
            window.board = await import('/static/js/foxglove_board.js');
            window.sent = [];
            document.body.innerHTML = '<div id="b"></div>';
            window.ctx = { content, act: t => window.sent.push(t), undo: null, recent: [],
                           labels: ['Seat 1'] };
            window.board.draw(document.getElementById('b'), view, window.ctx);
        }""",
        [view(1), present.content()],
    )
    cube = f'[data-cube="{good} {source}"]'
    page.locator(cube).first.click()
    page.wait_for_selector("[data-dest]")
    page.locator("[data-dest]").first.click()
    sent = page.evaluate("() => window.sent")
    assert len(sent) == 1 and sent[0].startswith(f"move {good} {source}>")
    state.apply(sent[0])
    page.evaluate("(view) => window.board.draw(document.getElementById('b'), view, window.ctx)", view(2))
    assert page.locator("[data-dest]").count() == 0  # nothing is left chosen by the update
    page.locator(cube).first.click()  # chooses the cube again: its destinations light up
    page.wait_for_selector("[data-dest]")
    assert page.errors == []
