"""Ratings (docs/web-api.md, "Profiles and ratings"): a win moves the winner up and the loser
down, a tie, a 3-player placement, a game rated once, bots rated as players, player-count
groups kept apart, which games are rated, the leaderboard's order, a profile's record
against each bot, a real finished table rated through the hook, and the answers of the API.
The store-level tests run on SQLite and, where PostgreSQL is installed, on PostgreSQL."""

from __future__ import annotations

import secrets
import time

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")
pytest.importorskip("openskill", reason="ratings need openskill (in the web extra)")

from acreage.web import accounts_store as db  # noqa: E402
from acreage.web import ratings  # noqa: E402
from acreage.web.accounts import COOKIE, link_seat  # noqa: E402
from acreage.web.ratings import is_rated, rate_game, rate_result  # noqa: E402
from acreage.web.store import GameRow, PostgresStore, SQLiteStore, StoreConflict  # noqa: E402

from .accounts_helpers import PASSWORD, assert_no_secret, new_profile, players_client  # noqa: E402
from .helpers import act, view  # noqa: E402

TABLES = ("profiles", "sessions", "game_profiles", "ratings", "rating_history", "rated_games", "game_results")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request):
    """A fresh store of each kind (PostgreSQL's tables of profiles and ratings dropped first)."""
    if request.param == "sqlite":
        s = SQLiteStore(":memory:")
    else:
        s = PostgresStore(request.getfixturevalue("postgres_url"))
        s._transaction([(f"DROP TABLE IF EXISTS {t}", ()) for t in TABLES] + [("DELETE FROM games", ())])
    yield s
    s.close()


def profile(store, name: str) -> str:
    pid = secrets.token_hex(6)
    db.insert_profile(store, pid, name, name.casefold(), None, time.time())
    return pid


def finished(store, seats: list[str], placement: list[int], links: dict[int, str], rated: bool = True,
             game: str = "foxglove"):
    """A stored game of ``seats`` with ``links``, finished at ``placement`` and handed to the
    hook: ``(game_id, new ratings or None)``."""
    row = GameRow(secrets.token_hex(6), game, len(seats), {}, 1, list(seats), time.time())
    store.create_game(row, {})
    for seat, pid in links.items():
        assert link_seat(store, row.id, seat, pid)
    return row.id, rate_result(store, row.id, game, seats, placement, rated)


def rating(store, key: str, group: str = "2", game: str = "foxglove") -> db.RatingRow:
    return db.ratings_of(store, game, group, [key])[key]


def pkey(pid: str) -> str:
    return f"profile:{pid}"


# ---------------------------------------------------------------------- which games are rated
def test_which_games_are_rated():
    two = {0: "a", 1: "b"}
    assert is_rated(True, ["human", "human"], two)
    assert not is_rated(False, ["human", "human"], two)  # not created as rated
    assert not is_rated(True, ["human"], {0: "a"})  # solo
    assert not is_rated(True, ["human", "human"], {0: "a"})  # an anonymous human seat
    assert is_rated(True, ["human", "bot:hard"], {0: "a"})  # bots are players
    assert not is_rated(True, ["bot:easy", "bot:hard"], {})  # nobody asked for it
    assert not is_rated(True, ["human", "human"], {0: "a", 1: "a"})  # against oneself
    assert is_rated(True, ["bot:medium", "human"], {0: "a", 1: "b"})  # a player who left stays theirs
    assert is_rated(True, ["human", "human", "bot:easy", "bot:easy"], {0: "a", 1: "b"})
    assert not is_rated(True, ["human"] * 5, {s: str(s) for s in range(5)})  # no group of 5
    assert [ratings.group_of(n) for n in range(1, 6)] == [None, "2", "3-4", "3-4", None]


def test_a_solo_game_or_a_bad_placement_cannot_be_rated(store):
    with pytest.raises(ValueError):
        rate_game(store, "foxglove", 1, [1], ["profile:a"], "g1")
    with pytest.raises(ValueError):
        rate_game(store, "foxglove", 2, [1], ["profile:a", "profile:b"], "g1")
    with pytest.raises(ValueError):
        rate_game(store, "foxglove", 2, [0, 1], ["profile:a", "profile:b"], "g1")
    ada = profile(store, "Ada")
    assert finished(store, ["human"], [1], {0: ada})[1] is None
    assert db.player_ratings(store, pkey(ada)) == []


# ---------------------------------------------------------------------- rating
def test_a_win_moves_the_winner_up_and_the_loser_down(store):
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    gid, new = finished(store, ["human", "human"], [2, 1], {0: ada, 1: grace})
    assert new is not None and set(new) == {pkey(ada), pkey(grace)}
    a, g = rating(store, pkey(ada)), rating(store, pkey(grace))
    assert g.mu > 25 > a.mu and a.games == g.games == 1
    assert a.sigma < 25 / 3 and g.sigma < 25 / 3
    assert new[pkey(grace)]["ordinal"] == pytest.approx(g.mu - 3 * g.sigma)
    (point,) = db.player_history(store, pkey(grace), 10)
    assert point[:4] == ("foxglove", "2", 1, gid) and point[6] == pytest.approx(g.mu - 3 * g.sigma)
    assert db.is_rated_game(store, gid)
    # a second win moves her further
    finished(store, ["human", "human"], [1, 2], {0: grace, 1: ada})
    assert rating(store, pkey(grace)).mu > g.mu and rating(store, pkey(ada)).mu < a.mu
    assert [n for _, _, n, *_ in db.player_history(store, pkey(ada), 10)] == [1, 2]


def test_a_tie_between_equals_moves_neither_mean(store):
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    finished(store, ["human", "human"], [1, 1], {0: ada, 1: grace})
    a, g = rating(store, pkey(ada)), rating(store, pkey(grace))
    assert a.mu == pytest.approx(25) and g.mu == pytest.approx(25) and a.sigma == pytest.approx(g.sigma)
    assert a.sigma < 25 / 3  # something was learnt: they are close


def test_a_three_player_placement(store):
    ada, grace, hedy = profile(store, "Ada"), profile(store, "Grace"), profile(store, "Hedy")
    finished(store, ["human"] * 3, [2, 1, 3], {0: ada, 1: grace, 2: hedy})
    a, g, h = (rating(store, pkey(p), "3-4") for p in (ada, grace, hedy))
    assert g.mu > a.mu > h.mu and g.mu > 25 > h.mu
    assert db.ratings_of(store, "foxglove", "2", [pkey(ada)]) == {}  # the 2-player group is untouched


def test_a_game_is_rated_once(store):
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    gid, _ = finished(store, ["human", "human"], [1, 2], {0: ada, 1: grace})
    before = rating(store, pkey(ada))
    assert rate_result(store, gid, "foxglove", ["human", "human"], [1, 2], True) is None
    assert rate_game(store, "foxglove", 2, [2, 1], [pkey(ada), pkey(grace)], gid) is None
    assert rating(store, pkey(ada)) == before and len(db.player_history(store, pkey(ada), 10)) == 1


def test_a_rating_read_before_another_write_is_computed_again(store, monkeypatch):
    """Two raters that read the same rating: the second one's write collides on the history
    number, nothing of it is written, and it rates again from the new rating."""
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    finished(store, ["human", "human"], [1, 2], {0: ada, 1: grace})
    after_first = rating(store, pkey(ada))
    real, calls = db.ratings_of, []

    def stale_once(*args):
        calls.append(args)
        return {} if len(calls) == 1 else real(*args)  # the first read misses the first game

    monkeypatch.setattr(db, "ratings_of", stale_once)
    gid, new = finished(store, ["human", "human"], [1, 2], {0: ada, 1: grace})
    assert len(calls) == 2 and new is not None
    second = rating(store, pkey(ada))
    assert second.games == 2 and second.mu > after_first.mu
    with pytest.raises(StoreConflict):  # the write as the stale rater made it
        result = db.result_statement("other", "foxglove", [], [], True, 0)
        db.write_ratings(store, "other", "foxglove", "2", result, {}, {pkey(ada): (30.0, 5.0)}, 0.0)
    assert not db.is_rated_game(store, "other")


def test_bots_are_rated_players(store):
    ada = profile(store, "Ada")
    finished(store, ["human", "bot:hard"], [2, 1], {0: ada})
    bot = rating(store, "bot:foxglove:hard")
    assert bot.mu > 25 > rating(store, pkey(ada)).mu and bot.games == 1
    board = ratings.leaderboard(store, "foxglove", "2", 10)
    assert [(line["kind"], line.get("bot")) for line in board] == [("bot", "hard"), ("profile", None)]
    assert board[1]["name"] == "Ada" and board[1]["profile"] == ada


def test_two_seats_of_one_bot_are_one_player(store):
    ada = profile(store, "Ada")
    finished(store, ["human", "bot:medium", "bot:medium"], [1, 2, 3], {0: ada})
    bot = rating(store, "bot:foxglove:medium", "3-4")
    assert bot.games == 1 and bot.mu < 25
    assert len(db.player_history(store, "bot:foxglove:medium", 10)) == 1


def test_groups_and_games_are_kept_apart(store):
    ada, grace, hedy = profile(store, "Ada"), profile(store, "Grace"), profile(store, "Hedy")
    finished(store, ["human", "human"], [1, 2], {0: ada, 1: grace})
    finished(store, ["human", "human", "human"], [3, 1, 2], {0: ada, 1: grace, 2: hedy})
    finished(store, ["human", "human"], [2, 1], {0: ada, 1: grace}, game="harvest")
    assert [(g, grp) for g, grp, _ in db.player_ratings(store, pkey(ada))] == [
        ("foxglove", "2"), ("foxglove", "3-4"), ("harvest", "2")]
    assert rating(store, pkey(ada)).mu > 25 > rating(store, pkey(ada), "3-4").mu
    assert rating(store, pkey(ada), game="harvest").mu < 25
    two = {line["player"] for line in ratings.leaderboard(store, "foxglove", "2", 10)}
    assert two == {pkey(ada), pkey(grace)}  # Hedy played only in the 3-4 group


def test_unrated_games_rate_nothing(store):
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    assert finished(store, ["human", "human"], [1, 2], {0: ada, 1: grace}, rated=False)[1] is None
    assert finished(store, ["human", "human"], [1, 2], {0: ada})[1] is None  # an anonymous seat
    assert db.player_ratings(store, pkey(ada)) == [] and ratings.leaderboard(store, "foxglove", "2", 10) == []
    gid = finished(store, ["human", "human"], [1, 2], {}, rated=True)[0]  # nobody linked: nothing kept
    assert not db.is_rated_game(store, gid)


def test_the_leaderboard_is_ordered_by_ordinal(store):
    people = [profile(store, name) for name in ("Ada", "Grace", "Hedy", "Joan")]
    for winner, loser in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (0, 1)]:
        finished(store, ["human", "human"], [1, 2], {0: people[winner], 1: people[loser]})
    board = ratings.leaderboard(store, "foxglove", "2", 10)
    assert [line["rank"] for line in board] == [1, 2, 3, 4]
    assert [line["name"] for line in board] == ["Ada", "Grace", "Hedy", "Joan"]
    ordinals = [line["ordinal"] for line in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [line["games"] for line in board] == [4, 4, 3, 3]
    for line in board:
        assert line["ordinal"] == pytest.approx(line["mu"] - 3 * line["sigma"], abs=0.002)
    assert [line["name"] for line in ratings.leaderboard(store, "foxglove", "2", 2)] == ["Ada", "Grace"]


def test_a_profile_summary_counts_wins_against_each_bot(store):
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    finished(store, ["human", "bot:easy"], [1, 2], {0: ada})
    finished(store, ["bot:easy", "human"], [1, 2], {1: ada})
    finished(store, ["human", "bot:easy"], [1, 2], {0: ada}, rated=False)  # unrated: still a result
    finished(store, ["human", "bot:hard"], [1, 1], {0: ada})
    finished(store, ["human", "human", "bot:hard"], [2, 1, 3], {0: ada, 1: grace})
    finished(store, ["human", "bot:easy"], [1, 2], {0: grace})  # not Ada's
    summary = ratings.profile_summary(store, ada)
    assert summary is not None
    assert summary["vs_bots"] == [
        {"game": "foxglove", "bot": "easy", "wins": 2, "losses": 1, "draws": 0, "met": 3, "win_rate": 0.667},
        {"game": "foxglove", "bot": "hard", "wins": 1, "losses": 0, "draws": 1, "met": 2, "win_rate": 0.5},
    ]
    assert len(summary["games"]) == 5 and sum(g["rated"] for g in summary["games"]) == 4
    assert {(r["game"], r["group"]) for r in summary["ratings"]} == {("foxglove", "2"), ("foxglove", "3-4")}
    assert len(summary["history"]) == 4
    assert [p["at"] for p in summary["history"]] == sorted(p["at"] for p in summary["history"])
    assert ratings.profile_summary(store, "000000000000") is None


def table_at_end(store, created: list[str], now: list[str], placement: list[int], links: dict[int, str],
                 rated: bool = True):
    """What ``rate_finished`` reads of a finished table (its seats as they are at the end),
    for a game created with ``created`` seats (marked rated at creation when ``rated``)."""
    from types import SimpleNamespace

    row = GameRow(secrets.token_hex(6), "foxglove", len(created), {}, 1, list(created), time.time())
    store.create_game(row, {})
    if rated:
        assert ratings.mark_rated(store, row.id, created)
    for seat, pid in links.items():
        link_seat(store, row.id, seat, pid)
    return SimpleNamespace(id=row.id, row=row, seats=list(now), over=True, ranking=lambda: list(placement))


def test_seats_are_rated_as_they_were_created(store):
    """A linked player who left (their seat now a bot's) is rated for the result; an anonymous
    player who left does not make the game rated; an unmarked game is never rated."""
    ada, grace = profile(store, "Ada"), profile(store, "Grace")
    left = table_at_end(store, ["human", "human"], ["human", "bot:medium"], [1, 2], {0: ada, 1: grace})
    assert set(ratings.rate_finished(store, left) or {}) == {pkey(ada), pkey(grace)}
    assert db.ratings_of(store, "foxglove", "2", ["bot:foxglove:medium"]) == {}
    anonymous = table_at_end(store, ["human", "open"], ["human", "bot:medium"], [1, 2], {0: ada})
    assert ratings.rate_finished(store, anonymous) is None
    unmarked = table_at_end(store, ["human", "human"], ["human", "human"], [1, 2], {0: ada, 1: grace},
                            rated=False)
    assert ratings.rate_finished(store, unmarked) is None
    assert rating(store, pkey(ada)).games == 1
    assert not ratings.mark_rated(store, "solo", ["human"]) and db.rated_request(store, "solo") is None
    assert ratings.mark_rated(store, left.id, ["bot:easy", "bot:easy"])  # a second mark keeps the first
    assert db.rated_request(store, left.id) == ["human", "human"]
    # the unrated games' results are kept: the anonymous leaver is a guest there, not a bot
    results = {gid: keys for gid, _, keys, _ in db.profile_results(store, ada)}
    assert results[anonymous.id] == [pkey(ada), "guest"] and results[unmarked.id] == [pkey(ada), pkey(grace)]
    assert ratings.profile_summary(store, ada)["vs_bots"] == []


def test_a_profile_keeps_a_bounded_number_of_sessions(store):
    ada = profile(store, "Ada")
    for n in range(db.SESSIONS_PER_PROFILE + 5):
        db.insert_session(store, f"hash{n:03}", ada, 1000.0 + n, 10.0)
    kept = {h for (h,) in store._execute("SELECT token_hash FROM sessions")}
    assert kept == {f"hash{n:03}" for n in range(5, db.SESSIONS_PER_PROFILE + 5)}


# ---------------------------------------------------------------------- through the API
@pytest.fixture
def client():
    with players_client() as c:
        yield c


def play_out(client, gid, tokens):
    """Play a game to its end through the API, each seat passing or taking its first choice."""
    for _ in range(200):
        v = view(client, gid)
        if v["status"] == "over":
            return v
        seat = v["to_act"]
        mine = view(client, gid, tokens[str(seat)])
        text = "pass" if any(a["text"] == "pass" for a in mine["legal"]) else mine["legal"][0]["text"]
        assert act(client, gid, tokens[str(seat)], text, mine["seq"]).status_code == 200
    raise AssertionError("the game did not end")


def test_a_finished_table_is_rated_through_the_hook(client):
    """A rated game created by a signed-in player (seat 0 linked to them), the other seat
    linked as a join would: the hub rates it when it ends, once."""
    store = client.app.state.hub.store
    grace = new_profile(client, "Grace", PASSWORD)
    client.cookies.clear()
    ada = new_profile(client, "Ada", PASSWORD)
    made = client.post("/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", "human"],
                                           "rated": True,
                                           "options": {"start_player": 0, "move_cap": 2}}).json()
    gid = made["id"]
    assert made["rated"] is True
    assert db.seat_links(store, gid) == {0: ada["id"]}
    assert link_seat(store, gid, 1, grace["id"])
    table = client.app.state.hub.table(gid)
    assert ratings.rate_finished(store, table) is None  # not over yet: left alone
    final = play_out(client, gid, made["tokens"])
    rated = db.ratings_of(store, "foxglove", "2", [pkey(ada["id"]), pkey(grace["id"])])
    assert set(rated) == {pkey(ada["id"]), pkey(grace["id"])}  # rated by the hub at the end
    assert ratings.rate_finished(store, client.app.state.hub.table(gid)) is None  # once
    board = client.get("/api/leaderboard/foxglove", params={"group": "2"}).json()
    assert board["game"] == "foxglove" and board["group"] == "2"
    assert {line["name"] for line in board["players"]} == {"Ada", "Grace"}
    page = client.get(f"/api/profiles/{ada['id']}").json()
    assert page["games"][0]["id"] == gid and page["games"][0]["rated"] is True
    assert page["history"][0]["game_id"] == gid
    winners = [s for s, place in enumerate(final["ranking"]) if place == 1]
    if winners == [1]:
        assert page["ratings"][0]["mu"] < 25
    assert_no_secret([client.get("/api/leaderboard/foxglove").text,
                      client.get(f"/api/profiles/{ada['id']}").text], store)
    assert COOKIE in client.cookies  # Grace's session, untouched by any of this


def test_leaderboard_inputs_are_checked_by_name(client):
    cases = [
        ("/api/leaderboard/chess", {}, 400, "bad_game"),
        ("/api/leaderboard/" + "x" * 300, {}, 400, "too_long"),
        ("/api/leaderboard/foxglove", {"group": "5"}, 400, "bad_group"),
        ("/api/leaderboard/foxglove", {"group": "x" * 100}, 400, "too_long"),
        ("/api/leaderboard/foxglove", {"limit": 0}, 400, "out_of_range"),
        ("/api/leaderboard/foxglove", {"limit": 10**6}, 400, "out_of_range"),
        ("/api/leaderboard/foxglove", {"limit": "ten"}, 400, "malformed"),
    ]
    for path, params, status, code in cases:
        r = client.get(path, params=params)
        assert r.status_code == status and r.json()["error"] == code, (path, params, r.text)
    r = client.get("/api/leaderboard/harvest", params={"group": "3-4", "limit": 5})
    assert r.status_code == 200 and r.json() == {"game": "harvest", "group": "3-4", "players": []}
