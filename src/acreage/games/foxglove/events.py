"""Foxglove Farm's events (see ``core/events.py``) and how to say them in words.

Foxglove Farm hides only the order of the face-down stacks, so every event is public. Cells are
written as in the notation (``"0,1"``), goods as ``{"wood": 2}``.

=================  ============================================================================
kind               fields (besides ``seat``)
=================  ============================================================================
``setup``          ``start_player``, ``display`` (the tile on top of each space)
``round``          ``round``, ``start_player``: a round begins with production
``produce``        ``tile``, ``cell``, ``gained``, ``lost`` (no free slot), ``to_choose`` (the
                   offer the owner must choose from), ``points``, ``source``
``keep``           ``tile``, ``good``: a cube chosen from an offer that did not fit
``discard``        ``tile``, ``goods``: the rest of such an offer, lost
``phase``          ``phase``: construction, transportation or final stage begins
``pass``           ``forced`` (nothing was affordable)
``pay``            ``good``, ``cell``, ``tile``: one cube paid, and the building it came from;
                   ``auto``: paid by itself (the only way to pay), so no action shows it
``build``          ``tile``, ``cell``: a paid tile stands in the town
``effect``         ``tile``, ``gained``, ``points``, ``source``: an immediate effect of a tile
``choose``         ``tile``, ``good``, ``gained``: the Emporium's choice
``trail``          ``cell``, ``shape``, ``free`` (a Lean-to's free trail) / ``upgrade``: same
``display``        ``revealed`` (tiles drawn face up), ``removed`` (solo: tiles leaving)
``swap``           the A tiles leave the display, B tiles come out (end of round 2)
``stage``          ``phase``: this seat's transportation (or final stage) begins
``move``           ``good``, ``from``, ``to`` (cells), ``by`` (an effect, or absent)
``haul``           ``good``, ``from``, ``to``, ``by``
``process``        ``tile``, ``times``, ``used``, ``made``, ``points``, ``source``
``stage_end``      ``reason``: ``done``, ``stuck`` (no move and nothing to process), ``cap``
``end_effect``     ``tile``, ``points``, ``source``: an end-of-game effect scored
``floor``          ``points``, ``source``: a score that would fall below 0 stays at 0 (FF-END-8)
``game_over``      ``scores``, ``ranking``
=================  ============================================================================

Points events carry ``source``: the tile's name and when it scored (``"Butcher (processing)"``),
which is what the score breakdown lists.
"""

from __future__ import annotations

from ...core.events import seat_name, seat_word
from .goods import GOODS, NUM_GOODS

FLOOR_SOURCE = "score kept at 0 (FF-END-8)"


def goods_dict(vec) -> dict[str, int]:
    """``(2, 0, 1, 0, 0)`` → ``{"wood": 2, "wheat": 1}`` (only what is there)."""
    return {GOODS[g]: vec[g] for g in range(NUM_GOODS) if vec[g]}


def source(tile: str, when: str) -> str:
    return f"{tile} ({when})"


def _goods_words(goods: dict[str, int]) -> str:
    return " + ".join(f"{n} {g}" for g, n in goods.items()) if goods else "nothing"


def _pts(n: int) -> str:
    return f"{n:+d} point{'s' if abs(n) != 1 else ''}"


def describe(event: dict, labels: list[str] | None = None) -> str:
    """One plain sentence for an event (``labels`` names the seats; default "seat N")."""
    who = seat_name(event, labels)
    k = event["kind"]
    if k == "setup":
        starts = seat_word(event["start_player"], labels)
        return f"Setup: {starts} starts; on display: {', '.join(event['display'])}"
    if k == "round":
        starts = seat_word(event["start_player"], labels)
        return f"Round {event['round']} begins (start player: {starts}): production"
    if k == "produce":
        parts = [f"{who}'s {event['tile']} ({event['cell']}) produced {_goods_words(event['gained'])}"]
        if event["lost"]:
            parts.append(f"lost {_goods_words(event['lost'])} for lack of slots")
        if event["to_choose"]:
            parts.append(f"must choose from {_goods_words(event['to_choose'])}")
        if event["points"]:
            parts.append(_pts(event["points"]))
        return ", ".join(parts)
    if k == "keep":
        return f"{who} kept 1 {event['good']} on the {event['tile']}"
    if k == "discard":
        return f"{who}'s {event['tile']} had no room for {_goods_words(event['goods'])}: discarded"
    if k == "phase":
        return f"{event['phase'].capitalize()} begins"
    if k == "pass":
        return f"{who} passed" + (" (nothing affordable)" if event.get("forced") else "")
    if k == "pay":
        how = " (the only way to pay)" if event.get("auto") else ""
        return f"{who} paid 1 {event['good']} from the {event['tile']} ({event['cell']}){how}"
    if k == "build":
        return f"{who} built the {event['tile']} on {event['cell']}"
    if k == "effect":
        bits = []
        if event["gained"]:
            bits.append(_goods_words(event["gained"]))
        if event["points"]:
            bits.append(_pts(event["points"]))
        return f"{who}'s {event['tile']} gave {' and '.join(bits) or 'nothing'}"
    if k == "choose":
        return f"{who} chose {event['good']} for the {event['tile']}: {_goods_words(event['gained'])}"
    if k in ("trail", "upgrade"):
        verb = "built a trail" if k == "trail" else "upgraded a trail to"
        return f"{who} {verb} {event['shape']} on {event['cell']}" + (" (free)" if event.get("free") else "")
    if k == "display":
        bits = []
        if event.get("removed"):
            bits.append(f"removed {', '.join(event['removed'])}")
        if event["revealed"]:
            bits.append(f"revealed {', '.join(event['revealed'])}")
        return "Display: " + ("; ".join(bits) if bits else "no tile left to draw")
    if k == "swap":
        return "The A tiles leave the display; B tiles come out"
    if k == "stage":
        return f"{who}'s {event['phase']}"
    if k in ("move", "haul"):
        by = f" ({event['by']})" if event.get("by") else ""
        return f"{who} moved 1 {event['good']} {event['from']} → {event['to']}{by}"
    if k == "process":
        return (f"{who}'s {event['tile']} processed {event['times']}×: {_goods_words(event['used'])}"
                f" → {_goods_words(event['made']) if event['made'] else 'nothing'}, {_pts(event['points'])}")
    if k == "stage_end":
        why = {"done": "done", "stuck": "no cube can move and nothing can be processed",
               "cap": "the move limit is reached"}[event["reason"]]
        return f"{who}'s turn ends: {why}"
    if k == "end_effect":
        return f"{who}'s {event['tile']} scores at the end: {_pts(event['points'])}"
    if k == "floor":
        return f"{who}'s score cannot fall below 0: {_pts(event['points'])} back"
    if k == "game_over":
        return "Game over: " + ", ".join(f"{seat_word(s, labels)} {p}" for s, p in enumerate(event["scores"]))
    if k == "log_begins":
        return "The log begins here (the position was loaded)"
    return f"{k}: {event}"


def is_news(event: dict) -> bool:
    """Worth a line in a short log: what the actor's own action line does not already say."""
    k = event["kind"]
    if k == "produce":
        return bool(event["gained"] or event["points"] or event["to_choose"])
    if k == "stage_end":
        return event["reason"] != "done"
    if k == "pay":
        return bool(event.get("auto"))
    return k in ("round", "phase", "process", "end_effect", "floor", "effect", "display", "swap",
                 "discard", "choose", "game_over", "log_begins")
