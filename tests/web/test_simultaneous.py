"""A simultaneous secret choice online (Fields of Green, 3–4 players, FG-ACT-2, FG-HID-3):
every seat picks when it likes, in any order; a pick made before the engine asks that seat is
stored, kept hidden and applied in its turn; the table waits for every pick; a seat may take
back its own pick until the reveal; a restart keeps the early picks; each waiting seat's clock
runs."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[web,dev]'")

from .conftest import app_client  # noqa: E402
from .helpers import act, create, view  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.db")


def to_the_first_pick(client, gid, tokens):
    """Play the year's draws (the first legal choice) until every seat is to pick."""
    while True:
        v = view(client, gid)
        if v["choosing"] and len(v["choosing"]) == 3:
            return v
        seat = v["to_act"]
        mine = view(client, gid, tokens[str(seat)])
        assert act(client, gid, tokens[str(seat)], mine["legal"][0]["text"], v["seq"]).status_code == 200


def hidden_parts(v):
    """What a seat's update says apart from the bookkeeping of who has chosen."""
    skip = ("seq", "choosing", "chosen", "clocks", "events", "event_count", "events_from")
    return {k: val for k, val in v.items() if k not in skip}


def test_picks_in_any_order_hidden_until_the_reveal(db):
    with app_client(db) as client:
        made = create(client, game="fields_of_green", players=3, seats=["human"] * 3,
                      options={"first_player": 0}, clock={"bank_s": 3600, "increment_s": 0})
        gid, tokens = made["id"], made["tokens"]
        v = to_the_first_pick(client, gid, tokens)
        time.sleep(0.3)  # every seat thinks a while: each clock runs (they are rounded to 0.1 s)
        first = v["to_act"]
        late = [s for s in range(3) if s != first]
        others = {s: view(client, gid, tokens[str(s)]) for s in range(3)}
        assert all(others[s]["legal"] for s in range(3))  # everyone may pick now
        # a later seat picks first: stored, kept aside, not applied
        pick = others[late[1]]["legal"][0]["text"]
        r = act(client, gid, tokens[str(late[1])], pick, v["seq"])
        assert r.status_code == 200, r.text
        after = {s: view(client, gid, tokens[str(s)]) for s in range(3)}
        assert after[first]["to_act"] == first and after[first]["chosen"] == [late[1]]
        assert sorted(after[first]["choosing"]) == sorted([first, late[0]])
        for s in (first, late[0]):  # the others learn only that a pick was made
            assert hidden_parts(after[s]) == hidden_parts(others[s])
        assert after[late[1]]["legal"] == []  # chosen: nothing more to do until the reveal
        assert after[late[1]]["undoable"] == 1  # the page offers to take it back
        # it may be taken back and made again
        r = client.post(f"/api/games/{gid}/undo",
                        json={"token": tokens[str(late[1])], "seq": after[first]["seq"]})
        assert r.status_code == 200, r.text
        assert view(client, gid, tokens[str(late[1])])["legal"]
        seq = view(client, gid)["seq"]
        assert act(client, gid, tokens[str(late[1])], pick, seq).status_code == 200
        seq += 1
        r = act(client, gid, tokens[str(late[0])], others[late[0]]["legal"][0]["text"], seq)
        assert r.status_code == 200
        seq += 1
        # a refused pick: not one of this seat's cards
        wrong = act(client, gid, tokens[str(first)], "pick Nonexistent Card", seq)
        assert wrong.status_code == 422
        clocks = view(client, gid)["clocks"]
        assert all(c < 3600 for c in clocks)  # every seat's clock ran while it chose
    with app_client(db) as client:  # a restart keeps the early picks
        v = view(client, gid)
        assert v["to_act"] == first and v["chosen"] == sorted(late)
        r = act(client, gid, tokens[str(first)], others[first]["legal"][0]["text"], v["seq"])
        assert r.status_code == 200
        v = view(client, gid)
        assert v["choosing"] is None  # every pick is in: revealed, the picks are resolved in turn
        assert any(e["kind"] == "reveal" for e in v["events"])
