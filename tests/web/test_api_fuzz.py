"""Property-based fuzzing of every HTTP endpoint from the server's own OpenAPI schema.

Schemathesis generates requests for each operation: valid ones from the schema (bodies are
described there even though the routes read them themselves, so the size, nesting and type
checks run first) and invalid ones (wrong types, missing fields, bytes that are not JSON,
unknown methods). Whatever it sends, the answer must never be a 5xx: every bad input is a
named 4xx. The game ids are a real game's (to reach the tables' own checks), asked with a
seat's token in the header or with whatever the body carries, or generated.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="pip install -e '.[dev]' (schemathesis)")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from acreage.web.limits import LOOPBACK_HOSTS, UNLIMITED  # noqa: E402
from acreage.web.server import create_app  # noqa: E402

_DB = str(Path(tempfile.mkdtemp(prefix="acreage-fuzz-")) / "games.db")
_LIMITS = replace(UNLIMITED, allowed_hosts=(*LOOPBACK_HOSTS, "testserver"))
app = create_app(_DB, warm_bots=False, limits=_LIMITS)

with TestClient(app) as _client:  # a game to aim at, stored before the schema is loaded
    _made = _client.post(
        "/api/games", json={"game": "foxglove", "players": 2, "seats": ["human", "human"]}
    ).json()
GAME_ID, TOKEN = _made["id"], _made["tokens"]["0"]

aimed = schemathesis.openapi.from_asgi("/openapi.json", app)
aimed.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
aimed.config.update(parameters={"path.game_id": GAME_ID})

seated = schemathesis.openapi.from_asgi("/openapi.json", app).include(path_regex=r"\{game_id\}")
seated.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
seated.config.update(parameters={"path.game_id": GAME_ID}, headers={"Authorization": f"Bearer {TOKEN}"})

free = schemathesis.openapi.from_asgi("/openapi.json", app)
free.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])


@aimed.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_to_a_real_game_gets_a_server_error(case):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) >= {"error", "message"} and len(response.text) < 2000, response.text[:300]


@seated.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_of_a_seated_player_gets_a_server_error(case):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])


@free.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_generated_request_gets_a_server_error(case):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
