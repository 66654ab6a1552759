"""Nothing hidden reaches a browser: every message a seat gets is the same whatever the parts it
cannot see are (re-sampled with ``determinize``), and no message, page or script carries the
seed. Played through the API for every game, with every seat a human."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install -e '.[dev]'")

from .conftest import app_client  # noqa: E402

SEAT_FIELDS = ("observation", "legal", "facts", "plan", "scores", "breakdown", "decision", "undoable",
               "to_act", "status", "choosing", "chosen")


def keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from keys(v)


@pytest.mark.parametrize("game,players", [("foxglove", 2), ("fields_of_green", 3), ("harvest", 2)])
def test_messages_depend_only_on_what_the_seat_may_see(tmp_path, game, players):
    with app_client(str(tmp_path / "g.db")) as client:
        made = client.post(
            "/api/games", json={"game": game, "players": players, "seats": ["human"] * players}
        ).json()
        gid, tokens = made["id"], {int(s): t for s, t in made["tokens"].items()}
        table = client.app.state.hub.tables[gid]
        seed = str(table.row.seed)
        rng = random.Random(3)
        checked = 0
        for _ in range(60):
            for seat, token in tokens.items():
                message = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
                text = json.dumps(message)
                assert seed not in text and "seed" not in set(keys(message))
                real = table.state
                other = real.determinize(seat, random.Random(rng.random()))
                other._events = real._events  # the same past, told the same way
                table.state = other
                try:
                    again = table.view(seat)
                finally:
                    table.state = real
                for field in SEAT_FIELDS:
                    assert again[field] == message[field], (game, seat, field)
                checked += 1
            v = client.get(f"/api/games/{gid}").json()
            if v["status"] == "over":
                break
            seat = v["to_act"]
            bearer = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/games/{gid}", headers=bearer).json()["legal"]
            client.post(
                f"/api/games/{gid}/actions",
                json={"token": tokens[seat], "action": rng.choice(legal)["text"], "seq": v["seq"]},
            )
        assert checked >= 60
        for page in ("/", f"/play/{gid}", f"/replay/{gid}", "/static/js/game.js", "/static/js/api.js"):
            assert seed not in client.get(page).text
