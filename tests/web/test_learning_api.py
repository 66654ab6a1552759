"""Learning in the browser, through the API: the How-to-play content with figures drawn from
real positions, a tutorial table (the script plays the other seats, the learner is guided and
told why another move is refused) and "why can't I?" answered from the engine.

The tutorial and guide here are made from a seeded opening (``tests/learning``), so these tests
check the machinery whatever the shipped files say; the shipped files have their own tests."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")

from acreage.core.guides import parse_guide  # noqa: E402
from acreage.core.tutorials import parse_tutorial  # noqa: E402
from acreage.web import learning, tables  # noqa: E402
from learning.samples import guide_data, tutorial_data  # noqa: E402  (tests/ is on the path)

from .conftest import app_client  # noqa: E402
from .helpers import view  # noqa: E402


@pytest.fixture
def client(tmp_path, monkeypatch):
    tutorial = parse_tutorial("foxglove", tutorial_data())
    guide = parse_guide("foxglove", guide_data())
    monkeypatch.setattr(tables, "load_tutorial", lambda game: tutorial if game == "foxglove" else None)
    monkeypatch.setattr(learning, "load_tutorial", lambda game: tutorial if game == "foxglove" else None)
    monkeypatch.setattr(learning, "load_guide", lambda game: guide if game == "foxglove" else None)
    learning.guide_page.cache_clear()
    with app_client(str(tmp_path / "games.db"), warm_bots=False) as c:
        c.tutorial = tutorial
        yield c
    learning.guide_page.cache_clear()


def wait_for(client, gid, token, check, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        v = view(client, gid, token)
        if check(v):
            return v
        time.sleep(0.05)
    raise AssertionError("the table never reached the expected state")


def test_the_guide_gives_sections_figures_rulings_and_glossary(client):
    page = client.get("/api/learn/foxglove").json()
    assert [s["id"] for s in page["sections"]] == ["goal", "end"]
    figure = page["sections"][0]["figure"]
    assert figure["caption"] == "After four moves."
    # a figure is the update a watcher of the guide's game gets after 4 moves: nothing to click
    assert figure["view"]["type"] == "update" and figure["view"]["you"] == 0
    assert figure["view"]["legal"] == [] and figure["view"]["board"] == "foxglove_board.js"
    assert page["rulings"][0]["reason"] == "R."
    terms = [g["term"] for g in page["glossary"]]
    assert "∞" in terms and len(terms) > 1  # the guide's own, then the presentation's legend
    assert page["tutorial"]["steps"] == client.tutorial.learner_moves
    assert client.get("/learn/foxglove").status_code == 200
    listed = client.get("/api/learn").json()["games"]
    assert [g["game"] for g in listed] == ["foxglove"]


def test_unknown_games_and_games_without_a_guide_are_named_404s(client):
    for path in ("/api/learn/chess", "/learn/chess", "/api/learn/harvest"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"] in ("bad_game", "no_guide"), path
    r = client.post("/api/tutorials/harvest", json={})
    assert r.status_code == 404 and r.json()["error"] == "no_tutorial"


def test_a_tutorial_guides_the_learner_and_refuses_another_move_with_its_reason(client):
    made = client.post("/api/tutorials/foxglove", json={})
    assert made.status_code == 201
    made = made.json()
    gid, token = made["id"], made["tokens"]["0"]
    tutorial = client.tutorial
    assert gid not in [g["id"] for g in client.get("/api/games").json()["games"]]  # unlisted
    for step in range(tutorial.learner_moves):
        v = wait_for(client, gid, token, lambda v: v["tutorial"]["expect"] is not None)
        t = v["tutorial"]
        assert t["step"] == step + 1 and t["steps"] == tutorial.learner_moves and not t["free"]
        assert t["text"].startswith("step at move")
        other = next((a["text"] for a in v["legal"] if a["text"] != t["expect"]), None)
        if other is not None:
            body = {"token": token, "action": other, "seq": v["seq"]}
            r = client.post(f"/api/games/{gid}/actions", json=body)
            assert r.status_code == 422 and r.json()["error"] == "tutorial_move"
            assert t["expect"] in r.json()["message"] and t["text"] in r.json()["message"]
            assert view(client, gid, token)["seq"] == v["seq"]  # nothing changed
        body = {"token": token, "action": t["expect"], "seq": v["seq"]}
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 200, r.text
    v = wait_for(client, gid, token, lambda v: v["tutorial"]["free"])
    assert v["tutorial"]["text"] == "Play on." and len(v["seats"]) == 2
    assert v["seats"][1]["bot"] == "random"


def test_why_explains_a_move_from_the_engine_and_changes_nothing(client):
    made = client.post("/api/tutorials/foxglove", json={}).json()
    gid, token = made["id"], made["tokens"]["0"]
    v = wait_for(client, gid, token, lambda v: v["tutorial"]["expect"] is not None)
    headers = {"Authorization": f"Bearer {token}"}
    answer = client.post(f"/api/games/{gid}/why", json={"action": "upgrade NES 9,9"}, headers=headers).json()
    assert answer["legal"] is False and answer["why"]
    legal_other = next((a["text"] for a in v["legal"] if a["text"] != v["tutorial"]["expect"]), None)
    if legal_other:
        answer = client.post(f"/api/games/{gid}/why", json={"action": legal_other}, headers=headers).json()
        assert answer["legal"] is True and "tutorial asks" in answer["why"]
    watcher = client.post(f"/api/games/{gid}/why", json={"action": "pass"}).json()
    assert watcher["legal"] is False and "spectators" in watcher["why"]
    assert client.post(f"/api/games/{gid}/why", json={}, headers=headers).json()["error"] == "malformed"
    assert view(client, gid, token)["seq"] == v["seq"]
