"""Fields of Green's events (see ``core/events.py``) and how to say them in words.

Cards and Equipment tiles are named, cells written as in the notation (``"1,0"``). Private
events carry their secret only for the seats that may know it (FG-HID): a hand drawn with 3–4
players, a pick committed face down, the tiles drawn for an Equipment gain. Everyone else gets
the same event without the secret (``cards``, ``card`` or ``tiles`` left out).

================  =============================================================================
kind              fields (besides ``seat``)
================  =============================================================================
``setup``         ``first_player``
``year``          ``year``, ``first_player``, ``direction`` (``left``/``right``)
``income``        ``coins``, ``food``: year income (food beyond the Silos is lost)
``water``         ``cell``, ``amount``: Water put on a Tower (maintenance or an effect)
``split``         ``split`` (the declared split), ``count``; private: ``cards`` (3–4 players)
``pick``          a card committed face down; private: ``card``
``reveal``        ``picks``: the card each seat revealed (``None``: no pick)
``take``          ``card``: a 2-player pick from the open display
``display``       ``revealed``: 2-player cards turned face up from the pile
``build``         ``card``, ``cell``, ``coins``, ``food``, ``water``: a card built and its cost
``tower``         ``cell``, ``coins`` / ``silo``: ``cell`` / ``restore``: ``card``, ``cell``,
                  ``coins`` / ``market``: ``food``, ``coins``: the other actions (FG-ACT-9)
``discard``       ``card``: the card used for a non-build action goes to the discard pile
``pay_water``     ``cell``, ``amount``: Water paid from a Tower (``auto``: by itself, the only way)
``fill``          ``cell``, ``amount``: Water added by an effect
``sell``          ``food``, ``coins``
``effect``        ``card``, ``when``, ``coins``, ``food``, ``points``, ``source``, ``equipment``
``bonus``         ``tile``, ``card``, ``coins``, ``food``, ``points``, ``source``: an installed
                  tile's harvest bonus
``equipment``     ``count``; private: ``tiles`` (drawn for a gain)
``equip``         ``tile``, ``card`` (``None``: stored), ``cell``: the tile kept
``install``       ``tile``, ``card``, ``cell``: a stored tile installed
``harvest``       ``card``, ``coins``, ``food``, ``water``: a harvest paid
``abandon``       ``card`` / ``wasteland``: ``card`` turned face down
``game_over``     ``scores``, ``ranking``
================  =============================================================================

VP tokens gained during the game are points events (``points``, ``source``); the rest of a score
is read from the farm at any moment (printed VP, coins, food...), see ``FieldsState``.
"""

from __future__ import annotations

from ...core.events import seat_name, seat_word


def source(name: str, when: str) -> str:
    return f"{name} ({when})"


def _money(e: dict) -> str:
    bits = []
    for key, word in (("coins", "coin"), ("food", "food"), ("water", "water")):
        n = e.get(key) or 0
        if n:
            bits.append(f"{n} {word}{'s' if word == 'coin' and n != 1 else ''}")
    return " + ".join(bits) if bits else "nothing"


def _gain(e: dict) -> str:
    bits = []
    if e.get("coins"):
        bits.append(f"{e['coins']:+d} coins")
    if e.get("food"):
        bits.append(f"{e['food']:+d} food")
    if e.get("points"):
        bits.append(f"{e['points']:+d} VP")
    if e.get("equipment"):
        bits.append(f"{e['equipment']} Equipment draw{'s' if e['equipment'] != 1 else ''}")
    return ", ".join(bits) if bits else "nothing"


def describe(event: dict, labels: list[str] | None = None) -> str:
    """One plain sentence for an event (``labels`` names the seats; default "seat N")."""
    who = seat_name(event, labels)
    k = event["kind"]
    if k == "setup":
        return f"Setup: {seat_word(event['first_player'], labels)} is First Player"
    if k == "year":
        return (f"Year {event['year']} begins (First Player: {seat_word(event['first_player'], labels)}, "
                f"hands pass {event['direction']})")
    if k == "income":
        return f"{who} receives {_money(event)}"
    if k == "water":
        return f"{who} puts {event['amount']} Water on the Tower at {event['cell']}"
    if k == "split":
        text = f"{who} draws {event['count']} cards (split {event['split']})"
        if "cards" in event:
            text += ": " + ", ".join(event["cards"])
        return text
    if k == "pick":
        return f"{who} picks {event['card']}" if "card" in event else f"{who} picks a card face down"
    if k == "reveal":
        shown = [f"{seat_word(s, labels)}: {c}" for s, c in enumerate(event["picks"]) if c]
        return "Picks revealed: " + "; ".join(shown)
    if k == "take":
        return f"{who} takes {event['card']}"
    if k == "display":
        return "Display: " + (", ".join(event["revealed"]) or "nothing") + " turned face up"
    if k == "build":
        return f"{who} builds {event['card']} at {event['cell']} for {_money(event)}"
    if k == "tower":
        return f"{who} buys a Water Tower at {event['cell']} for {event['coins']} coins"
    if k == "silo":
        return f"{who} takes a Silo at {event['cell']}"
    if k == "restore":
        return f"{who} restores {event['card']} at {event['cell']} for {event['coins']} coins"
    if k == "market":
        return f"{who} goes to the market: sells {event['food']} food, {event['coins']:+d} coins"
    if k == "discard":
        return f"{who} discards {event['card']}"
    if k == "pay_water":
        return f"{who} pays {event['amount']} Water from the Tower at {event['cell']}"
    if k == "fill":
        return f"{who} adds {event['amount']} Water to the Tower at {event['cell']}"
    if k == "sell":
        return f"{who} sells {event['food']} food for {event['coins']} coins"
    if k == "effect":
        return f"{who}'s {event['card']} ({event['when']}): {_gain(event)}"
    if k == "bonus":
        return f"{who}'s {event['tile']} on {event['card']}: {_gain(event)}"
    if k == "equipment":
        if "tiles" in event:
            return f"{who} draws Equipment: {', '.join(event['tiles'])}"
        return f"{who} draws {event['count']} Equipment tile{'s' if event['count'] != 1 else ''}"
    if k == "equip":
        where = f"on {event['card']} at {event['cell']}" if event["card"] else "in store"
        return f"{who} keeps {event['tile']} {where}"
    if k == "install":
        return f"{who} installs {event['tile']} on {event['card']} at {event['cell']}"
    if k == "harvest":
        return f"{who} harvests {event['card']}, paying {_money(event)}"
    if k == "abandon":
        return f"{who} abandons {event['card']}"
    if k == "wasteland":
        return f"{who}'s {event['card']} turns to Wasteland"
    if k == "game_over":
        return "Game over: " + ", ".join(f"{seat_word(s, labels)} {p}" for s, p in enumerate(event["scores"]))
    if k == "log_begins":
        return "The log begins here (the position was loaded)"
    return f"{k}: {event}"


def is_news(event: dict) -> bool:
    """Worth a line in a short log: what the actor's own action line does not already say."""
    k = event["kind"]
    if k in ("effect", "bonus"):
        return bool(event["coins"] or event["food"] or event["points"] or event.get("equipment"))
    if k in ("pay_water", "water"):
        return bool(event.get("auto"))
    return k in ("year", "income", "split", "reveal", "display", "build", "tower", "silo", "restore",
                 "market", "harvest", "abandon", "wasteland", "equipment", "equip", "game_over",
                 "log_begins")
