"""A finished game: step by step for the replay page, and its record (which holds the seed,
so neither opens before the end)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ... import core
from ...core.events import recording
from ...core.presentation import breakdowns, presentation_of
from .. import inputs
from ..requests import hub_of
from ..tables import TableError, bot_spec, is_bot

router = APIRouter()


@router.get("/api/games/{game_id}/replay")
async def replay_step(game_id: str, request: Request, step: int = 0):
    """A finished game at one step: the public view, the action that led there and its
    events, and where each round starts (for jumping)."""
    table = hub_of(request).table(game_id)
    if not table.over:
        raise TableError("not_over", "replays open once the game is over", 403)
    final = table.state
    total = len(final.history)
    step = inputs.whole(step, "step", 0, total)
    with recording():
        state = core.replay(final.record(), upto=step)
    labels = table.labels()
    present = presentation_of(table.info)
    events = present.log_lines([dict(e, text=final.describe_event(e, labels))
                                for e in final.events_for(None) if e["step"] == step], labels)
    marks = [{"step": 0, "label": "the start"}]
    for e in final.events_for(None):
        if e["kind"] in ("round", "year"):
            number = e.get("round", e.get("year"))
            marks.append({"step": e["step"], "label": f"{e['kind']} {number}"})
    marks.append({"step": total, "label": "the end"})
    return {
        "game": final.game_name,
        "title": table.info.title,
        "board": present.board,
        "step": step,
        "total": total,
        "action": final.public_notation(final.history[step - 1]) if step else None,
        "actor": final.history_seats[step - 1] if step else None,
        "observation": state.observation(None),
        "facts": present.facts(state, None),
        "events": events,
        "scores": state.scores(),
        "breakdown": breakdowns(state, present),
        "seats": [
            {"seat": s, "kind": "bot" if is_bot(k) else k, "bot": bot_spec(k) if is_bot(k) else None,
             "name": table.name_of(s)}
            for s, k in enumerate(table.seats)
        ],
        "labels": labels,
        "marks": marks,
    }


@router.get("/api/games/{game_id}/trace")
async def trace(game_id: str, request: Request):
    """The finished game as an OpenSpiel trajectory (``docs/records.md``): the research format of
    OpenSpiel's standard trajectories, with the seat names; like the record, only once over."""
    from ...interop.match_trace import to_match_trace

    table = hub_of(request).table(game_id)
    if not table.over:
        raise TableError("not_over", "the trace (which holds the seed) is shown once the game is over", 403)
    return to_match_trace(table.state, table.labels(), allow_unfinished=table.forfeited is not None)


@router.get("/api/games/{game_id}/record")
async def record(game_id: str, request: Request):
    table = hub_of(request).table(game_id)
    if not table.over:
        raise TableError("not_over", "the record (which holds the seed) is shown once the game is over", 403)
    return table.state.record()
