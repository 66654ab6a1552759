"""The rating pages (docs/web.md, "Pages"): leaderboards, a profile's page, turn notices and the
bot ladder are HTML pages (an unknown game or profile is a named 404, not an empty page), and
``GET /api/ladder`` answers the published ladder file as it is, or an empty ladder that says
why when there is none."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")

from acreage.web.routes import ratings_pages  # noqa: E402

from .conftest import app_client  # noqa: E402

GAMES = ("foxglove", "fields_of_green", "harvest")


@pytest.fixture
def client(tmp_path):
    with app_client(str(tmp_path / "games.db")) as c:
        yield c


def is_page(r, script: str) -> bool:
    return (r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            and f'src="/static/js/{script}.js"' in r.text and 'id="account"' in r.text)


def test_every_rating_page_answers_html(client):
    for game in GAMES:
        assert is_page(client.get(f"/leaderboard/{game}"), "leaderboard"), game
    assert is_page(client.get("/notices"), "notices")
    assert is_page(client.get("/ladder"), "ladder")
    profile = client.post("/api/profiles", json={"name": "Ada"}).json()["profile"]
    assert is_page(client.get(f"/profile/{profile['id']}"), "profile")


def test_leaderboard_index_goes_to_the_first_game(client):
    r = client.get("/leaderboard", follow_redirects=False)
    assert r.status_code in (302, 303, 307) and r.headers["location"] == "/leaderboard/foxglove"
    assert is_page(client.get("/leaderboard"), "leaderboard")


def test_an_unknown_game_or_profile_is_a_named_404(client):
    r = client.get("/leaderboard/chess")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert "chess" in r.json()["message"] and "foxglove" in r.json()["message"]
    assert client.get("/leaderboard/" + "x" * 300).status_code == 400  # too long: refused by name
    for pid in ("0123456789ab", "not-hex", "x" * 100):
        r = client.get(f"/profile/{pid}")
        assert r.status_code == 404 and r.json()["error"] == "not_found", pid


def test_the_pages_that_show_ratings_are_reached_from_the_lobby_and_each_page(client):
    lobby = client.get("/").text
    assert 'href="/leaderboard"' in lobby and 'href="/ladder"' in lobby and 'id="rated"' in lobby
    for path in ("/", "/learn", "/learn/foxglove"):
        page = client.get(path).text
        assert 'id="account"' in page and 'src="/static/js/account.js"' in page, path
    for script in ("account", "leaderboard", "profile", "notices", "ladder", "ratings"):
        r = client.get(f"/static/js/{script}.js")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], script


def test_api_ladder_is_the_published_file(client):
    """The web reads the arena's file by its path (the web layer does not import the arena):
    the same file, the same answer as ``load_ladder``."""
    from acreage.arena import ladder

    assert ratings_pages.LADDER_FILE.resolve() == ladder.LADDER_FILE.resolve()
    published = json.loads(ratings_pages.LADDER_FILE.read_text(encoding="utf-8"))
    assert client.get("/api/ladder").json() == published == ladder.load_ladder()
    assert published["format"] == "acreage-ladder" and set(published["games"]) <= set(GAMES)


def test_api_ladder_without_a_file_is_an_empty_ladder_saying_how_to_make_one(client, tmp_path, monkeypatch):
    monkeypatch.setattr(ratings_pages, "LADDER_FILE", tmp_path / "ladder.json")
    answer = client.get("/api/ladder").json()
    assert answer["games"] == {} and answer["games_total"] == 0 and answer["format"] == "acreage-ladder"
    assert answer["date"] is None and answer["engine_version"] is None
    assert "make ladder" in answer["message"]
    for text in ("{not json", json.dumps({"format": "something else"}), json.dumps([1, 2])):
        (tmp_path / "ladder.json").write_text(text, encoding="utf-8")
        answer = client.get("/api/ladder")
        assert answer.status_code == 200 and answer.json()["games"] == {} and answer.json()["message"]
    ladder = {"format": "acreage-ladder", "version": 1, "engine_version": "9.9", "date": "2027-01-01",
              "games_total": 0, "method": {}, "games": {}}
    (tmp_path / "ladder.json").write_text(json.dumps(ladder), encoding="utf-8")
    assert client.get("/api/ladder").json() == ladder
