"""Harvest's events (see ``core/events.py``) and how to say them in words.

Private events carry their secret only for the seat that may know it: the two characters and
two farmhouses dealt to a seat, and the one it keeps, stay face down until every seat has chosen
(HV-SET-8); then ``reveal`` shows all of them. Everything else is public. Cells are written as
in the notation (``"r2c3"``-style names from ``actions.cell_name``).

===============  ===============================================================================
kind             fields (besides ``seat``)
===============  ===============================================================================
``deal``         private: ``characters``, ``farmhouses`` (the two of each dealt)
``keep``         private: ``what`` (``character``/``farmhouse``), ``name``
``reveal``       ``characters``, ``farmhouses``: what every seat kept
``round``        ``round``, ``display`` (the Sunrise tiles on offer)
``sunrise``      ``took``, ``left``: a Sunrise tile swapped
``gain``         ``why``, ``coins``, ``water``, ``capacity``, ``fertilizer``, ``seeds``, ``points``,
                 ``source``: any gain of resources or points, and why (income, a die, a card...)
``place``        ``where``, ``piece`` (wheelbarrow, Finn, Maisie, basket)
``gairy``        ``area``, ``where``, ``discarded``: Mayor Gairy's tile and where his piece went
``action``       ``what`` (fertilizer, fill, buy, plant, tend, upgrade, clear, build), ``crop``,
                 ``cell``, ``count``, ``coins``, ``water``, ``building``: one menu action done
``harvest``      ``crops`` (how many of each crop), ``points``, ``coins``: a harvest of the farm
``points``       ``points``, ``source``: points scored outside a gain (a crop harvested, the
                 farmhouse's forest bonus, a berry bonus)
``card``         ``card``, ``position``, ``coins``: a festival card taken
``novelty``      ``card``: a novelty spent
``market``       ``tile``, ``coins``: a Market tile used
``pay``          ``coins``, ``fertilizer``: a cost paid (Soil Mix pays the rest in fertilizer)
``sunset``       ``round``: the round ends
``game_over``    ``scores``, ``ranking``
===============  ===============================================================================
"""

from __future__ import annotations

from ...core.events import seat_name, seat_word

SEED_NAMES = ("wheat", "strawberry", "blueberry", "pumpkin")
#: Mayor Gairy's tile areas as the board names them.
AREA_NAMES = {"gs": "General Store", "fields": "Fields", "workshop": "Workshop", "tp": "Trading Post",
              "market": "Farmer's Market", "festival": "Festival board"}


def _gains(e: dict) -> str:
    bits = []
    if e.get("coins"):
        bits.append(f"{e['coins']:+d} coins")
    if e.get("water"):
        bits.append(f"{e['water']:+d} water")
    if e.get("capacity"):
        bits.append(f"{e['capacity']:+d} bucket")
    if e.get("fertilizer"):
        bits.append(f"{e['fertilizer']:+d} fertilizer")
    for name, n in (e.get("seeds") or {}).items():
        bits.append(f"{n:+d} {name} seed{'s' if abs(n) != 1 else ''}")
    if e.get("points"):
        bits.append(f"{e['points']:+d} points")
    return ", ".join(bits) if bits else "nothing"


def describe(event: dict, labels: list[str] | None = None) -> str:
    """One plain sentence for an event (``labels`` names the seats; default "seat N")."""
    who = seat_name(event, labels)
    k = event["kind"]
    if k == "deal":
        if "characters" in event:
            return (f"{who} is dealt {' and '.join(event['characters'])}, and the farmhouses "
                    f"{' and '.join(event['farmhouses'])}")
        return f"{who} is dealt two characters and two farmhouses"
    if k == "keep":
        if "name" in event:
            return f"{who} keeps {event['name']}"
        return f"{who} keeps a {event['what']} face down"
    if k == "reveal":
        pairs = zip(event["characters"], event["farmhouses"], strict=True)
        return "Revealed: " + "; ".join(f"{seat_word(s, labels)}: {c}, {h}" for s, (c, h) in enumerate(pairs))
    if k == "round":
        return f"Round {event['round']}: Sunrise tiles on offer {', '.join(map(str, event['display']))}"
    if k == "sunrise":
        return f"{who} takes Sunrise tile {event['took']} and leaves {event['left']}"
    if k == "gain":
        return f"{who} gains {_gains(event)} ({event['why']})"
    if k == "place":
        return f"{who} places a {event['piece']} on {event['where']}"
    if k == "gairy":
        area = AREA_NAMES.get(event["area"], event["area"])
        if event["where"] is None:
            return f"Mayor Gairy draws a {area} tile: no room for him there, he draws again"
        text = f"Mayor Gairy draws a {area} tile and takes {event['where']}"
        if event.get("discarded"):
            text += f", discarding {event['discarded']}"
        return text
    if k == "action":
        what = event["what"]
        bits = [what]
        if event.get("count"):
            bits.append(str(event["count"]))
        if event.get("crop"):
            bits.append(event["crop"])
        if event.get("building"):
            bits.append(event["building"])
        if event.get("cell"):
            bits.append(f"at {event['cell']}")
        paid = []
        if event.get("coins"):
            paid.append(f"{event['coins']} coins")
        if event.get("water"):
            paid.append(f"{event['water']} water")
        return f"{who}: {' '.join(bits)}" + (f" (paid {', '.join(paid)})" if paid else "")
    if k == "harvest":
        crops = ", ".join(f"{n} {c}" for c, n in event["crops"].items()) or "nothing"
        return f"{who} harvests {crops}: {event['points']:+d} points, {event['coins']:+d} coins"
    if k == "points":
        return f"{who} scores {event['points']:+d} ({event['source']})"
    if k == "card":
        price = f" for {event['coins']} coins" if event["coins"] else " for free"
        return f"{who} takes {event['card']} from P{event['position']}{price}"
    if k == "novelty":
        return f"{who} uses {event['card']}"
    if k == "market":
        fee = f" for {event['coins']} coins" if event["coins"] else ""
        return f"{who} uses Market tile {event['tile']}{fee}"
    if k == "pay":
        fert = f" and {event['fertilizer']} fertilizer" if event["fertilizer"] else ""
        return f"{who} pays {event['coins']} coins{fert}"
    if k == "sunset":
        return f"Sunset: round {event['round']} ends"
    if k == "game_over":
        return "Game over: " + ", ".join(f"{seat_word(s, labels)} {p}" for s, p in enumerate(event["scores"]))
    if k == "log_begins":
        return "The log begins here (the position was loaded)"
    return f"{k}: {event}"


def is_news(event: dict) -> bool:
    """Worth a line in a short log: what the actor's own action line does not already say."""
    return event["kind"] in ("deal", "reveal", "round", "gain", "gairy", "harvest", "points", "card",
                             "market", "pay", "sunset", "game_over", "log_begins")
