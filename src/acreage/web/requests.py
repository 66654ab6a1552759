"""What every route needs from a request: its JSON body read within the caps, the seat's
token, the app's hub and limits, named errors as JSON, and the OpenAPI of bodies read by hand."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from . import inputs
from .hub import Hub
from .inputs import MAX_BODY_BYTES, InputError
from .limits import Limits


def hub_of(request) -> Hub:
    """The app's hub (set by the app's lifespan); ``request`` may be a WebSocket."""
    return request.app.state.hub


def limits_of(request) -> Limits:
    return request.app.state.limits


def error_response(exc: InputError) -> JSONResponse:
    headers = {"Retry-After": str(int(exc.retry_after))} if exc.retry_after is not None else None
    return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=exc.status, headers=headers)


async def read_body(request: Request) -> dict:
    """The request's JSON object, read up to the size cap (a body without a declared length is
    counted as it arrives) and parsed with the nesting cap."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise InputError("too_large", f"a body may be at most {MAX_BODY_BYTES} bytes", 413)
        chunks.append(chunk)
    return inputs.json_object(b"".join(chunks))


def token_of(request: Request, data: dict | None = None) -> str | None:
    """The seat token of a request: ``Authorization: Bearer …``, else a ``token`` in the body."""
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise InputError("malformed", "the Authorization header must be 'Bearer <token>'", 401)
        return inputs.token(value.strip())
    return inputs.token(data.get("token")) if data is not None else None


def no_token_in_url(request: Request) -> None:
    if "token" in request.query_params:
        raise InputError(
            "token_in_url",
            "tokens are not taken from the address (proxies and logs keep addresses); "
            "send 'Authorization: Bearer <token>'",
        )


def body_schema(properties: dict, required: list[str] | None = None) -> dict:
    """OpenAPI for a route that reads its JSON body itself (so the checks above run first)."""
    schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


TOKEN = {"type": "string", "maxLength": inputs.MAX_TOKEN_CHARS}
SEQ = {"type": "integer", "minimum": 0}
CLIENT_ID = {"type": "string", "maxLength": inputs.MAX_ID_CHARS}


