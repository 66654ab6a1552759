"""A signed-in player's turn notices: list, add and remove subscriptions (an e-mail address or a
webhook URL with its flavour). See ``turn_notices`` and ``docs/web.md`` ("Turn notices")."""

from __future__ import annotations

from fastapi import APIRouter, Request

from .. import inputs, turn_notices
from ..accounts import profile_of_request
from ..requests import body_schema, hub_of, read_body

router = APIRouter()

PRIVATE = {"Cache-Control": "no-store"}
SUBSCRIPTION = {
    "kind": {"type": "string", "enum": ["email", "webhook"]},
    "target": {"type": "string", "maxLength": 500},
    "flavour": {"type": ["string", "null"], "enum": ["json", "discord", "slack", None]},
}


def _profile_id(request: Request) -> str:
    profile = profile_of_request(request)
    if profile is None:
        raise inputs.InputError("not_signed_in", "sign in (or make a profile) to keep turn notices", 401)
    return profile.id


@router.get("/api/me/notices")
async def list_notices(request: Request) -> dict:
    hub = hub_of(request)
    subs = turn_notices.subscriptions_of(hub.store, _profile_id(request))
    return {"subscriptions": [turn_notices.public(s) for s in subs],
            "email": hub.notice_settings.smtp is not None}


@router.post("/api/me/notices", status_code=201, openapi_extra=body_schema(SUBSCRIPTION, ["kind", "target"]))
async def add_notice(request: Request) -> dict:
    """Subscribe: ``{"kind": "email", "target": "a@b.org"}`` or ``{"kind": "webhook", "target":
    "https://…", "flavour": "discord"}``; told once per turn, never with a secret."""
    hub = hub_of(request)
    profile_id = _profile_id(request)
    data = await read_body(request)
    sub = turn_notices.subscribe(hub.store, profile_id, data.get("kind"), data.get("target"),
                                 data.get("flavour"), hub.notice_settings.allow_private)
    return {"subscription": turn_notices.public(sub)}


@router.delete("/api/me/notices", openapi_extra=body_schema(SUBSCRIPTION, ["kind", "target"]))
async def remove_notice(request: Request) -> dict:
    hub = hub_of(request)
    profile_id = _profile_id(request)
    data = await read_body(request)
    kind = inputs.text(data.get("kind"), "kind", 20)
    target = inputs.text(data.get("target"), "target", 500)
    if not turn_notices.unsubscribe(hub.store, profile_id, kind, target):
        raise inputs.InputError("not_found", "no such subscription", 404)
    return {"ok": True}
