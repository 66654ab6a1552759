"""Harvest's presentation model (see ``core/presentation.py``): every space, tile, card,
building, crop, character and farmhouse in our own words; each legal action's label, group and
``args``; and the facts a player needs beside the observation (what a space still offers, the
actions left in a visit, the solo target and verdict against Mayor Gairy).

The terminal view and the browser board both read this module and only lay out or draw, so
neither re-derives a rule. Everything here reads the public parts of the state, the seat's own
legal actions and the static content: never a deck or stack order, never another seat's
face-down setup card.
"""

from __future__ import annotations

from typing import Any

from ...core.presentation import ActionView, Presentation
from . import rulings as R
from .actions import (
    BUILD,
    BUY,
    CARD,
    CLEAR,
    COIN,
    DIE,
    DONE,
    FERT,
    FILL,
    HARVEST,
    KEEPC,
    KEEPH,
    MARKET,
    NSPACES,
    PAY,
    PAY_WORDS,
    PIECES,
    PLACE,
    PLANT,
    REACT,
    SUNRISE,
    TEND,
    UPGRADE,
    USE,
    cell_name,
)
from .content import (
    BUILDINGS,
    CHARACTERS,
    CROP_NAMES,
    CROPS,
    FARMHOUSES,
    FESTIVAL,
    GAIRY,
    SET_POINTS,
    SPACES,
    Gain,
)
from .content import DIE as DIE_FACES
from .content import (
    MARKET as MARKET_TILES,
)
from .content import (
    SUNRISE as SUNRISE_TILES,
)
from .frames import MarketTile, Visit
from .queries import ability, build_cost, card_at, card_price, seed_price

# ---------------------------------------------------------------- vocabulary

#: Two-letter crop codes, shared by the terminal and the board.
CROP_CODE = {"wheat": "Wh", "strawberry": "St", "blueberry": "Bl", "pumpkin": "Pu"}
AREA_TITLES = {"gs": "General Store", "fields": "Fields", "workshop": "Workshop", "tp": "Trading Post",
               "market": "Farmer's Market", "festival": "Festival"}
PHASE_WORDS = {"setup": "Setup", "sunrise": "Sunrise", "action": "Action", "over": "Game over"}

DECISION_WORDS = {
    "keepc": "keep one of your two characters",
    "keeph": "keep one of your two farmhouses",
    "sunrise": "swap your sunrise tile for one on offer (a lower number acts earlier)",
    "turn": "place a piece on the Town Board, the Festival board or one of your action buildings",
    "visit": "take the actions of the space you visited, one at a time ('done' to stop)",
    "plant": "plant more seeds of this kind, or 'done'",
    "tend": "tend more seeds of this kind, or 'done'",
    "buy": "buy a festival card now, or 'done'",
    "ff3": "take a festival card or the coin",
    "die": "keep one face of the forest die",
    "react": "choose one of your Town spaces to use again",
    "market": "pay for the Market tile's effect, or 'done'",
    "basket": "use a Hand-Woven Basket to get this basket back, or 'done'",
}

#: Our own words for each character ability, keyed by the engine's ability name.
ABILITY_WORDS = {
    "pumpkin_patcher": "Pumpkin seeds are 1 coin cheaper apiece, and each pumpkin you harvest is worth "
                       "1 extra point.",
    "berry_keeper": "Begins with a blueberry seed; every bush you harvest also earns 1 coin.",
    "water_witch": "Begins with a bucket of 5, already full; once each round, filling the bucket is free.",
    "lumberjack": "Clears forests for free and rolls the forest die twice, keeping the face they like.",
    "architect": "Every building is 2 coins cheaper (it never costs less than nothing).",
    "trader": "Trading Post fees drop to 1 seed, 1 fertilizer or 2 water, and once a round TP-2 can be "
              "used even when someone is already there.",
    "market_regular": "Market tiles are 1 coin cheaper, and once a round a Market space can be used even "
                      "when it is taken.",
    "early_riser": "Chooses first at every Sunrise and pockets 1 coin for swapping.",
    "francie": "Festival cards cost Francie nothing.",
    "finn_maisie": "Instead of 3 wheelbarrows, plays 2 pieces, Finn and Maisie (plus the basket). Finn makes "
                   "the visit free of coin costs; Maisie adds one action to the space (and lets the "
                   "Workshop repeat an action kind).",
}

#: Where each character's ability shows on the board (the area or decision it changes).
ABILITY_WHERE = {
    "pumpkin_patcher": ("gs", "fields"), "berry_keeper": ("fields",), "water_witch": ("gs",),
    "lumberjack": ("workshop",), "architect": ("workshop",), "trader": ("tp",), "market_regular": ("market",),
    "early_riser": ("sunrise",), "francie": ("festival",), "finn_maisie": ("pieces",),
}

#: Our own words for the passive building abilities.
PASSIVE_WORDS = {
    "tend_discount": "A Tend action needs {v} water less overall.",
    "pumpkin_bonus": "Each pumpkin you harvest scores {v} more point(s).",
    "wheat_coin": "Each wheat you harvest also brings {v} coin(s).",
    "berry_bonus": "A harvest that includes strawberries or blueberries scores {v} bonus points.",
    "free_upgrade": "Upgrading your bucket costs no coins.",
    "market_discount": "Market tiles cost {v} coin(s) less.",
}

MENU_WORDS = {"press": "re-use one of your Town spaces from this round", "tp": "Trading Post",
              "fields": "Fields", "gs": "General Store"}

NOVELTY_WORDS = {
    "plant": "During a Plant action, once you have planted a seed, discard it to take one more seed of "
             "any crop (you may plant it straight away).",
    "harvest": "Right after a harvest, discard it for 2 water and 4 points.",
    "tp": "On a Trading Post visit, discard it for 2 fertilizer and a full bucket.",
    "gs": "On a General Store visit, discard it for a wheat seed and a blueberry seed.",
    "workshop": f"On a Workshop visit, discard it to let fertilizer cover building costs, worth "
                f"{R.SOIL_MIX_COINS} coins each (coins go first, no change given).",
    "basket": "When you send your basket to the Festival board, discard it to get the basket back at "
              "the end of your turn.",
}

MARKET_EFFECT_WORDS = {
    "plant_pumpkin": "a pumpkin seed, planted at once",
    "fields": "one Fields action",
    "workshop": "one Workshop action",
    "upgrade_fill": "a bucket upgrade and a full bucket",
    "clear_free": "clear one forest for free",
    "build_discount": "build with a discount of {v}",
    "coin_per_crop": "1 coin per crop type ripe on your farm",
    "harvest": "a harvest",
}

SHORT_EFFECTS = {"plant_pumpkin": "plant a pumpkin", "fields": "Fields action",
                 "workshop": "Workshop action", "upgrade_fill": "upgrade+fill",
                 "clear_free": "free clearing", "build_discount": "build ${v} off",
                 "coin_per_crop": "$1/ripe type", "harvest": "harvest"}

#: What each area's menu offers, in a few words (the board prints it on the space).
AREA_OFFERS = {
    "gs": f"seeds · 1 fertilizer · fill bucket ${R.FILL_COST}",
    "fields": "plant · tend · harvest",
    "workshop": f"upgrade ${R.UPGRADE_COST} · clear forest ${R.CLEAR_COST} · build",
    "tp": "any GS, Fields or Workshop action, each for a fee",
    "market": "pay the tile's cost for its effect",
}
FESTIVAL_OFFERS = {
    "FF-1": f"{R.FF1_COINS} coins, then you may buy a card",
    "FF-2": "a harvest, then you may buy a card",
    "FF-3": f"buy a card or take {R.FF3_COINS} coin",
}

AREA_HELP = {
    "general store": ["Buy seeds of one crop per action, take 1 fertilizer, or fill your bucket "
                      f"(${R.FILL_COST}).", "GS-3 and GS-2 give 3 or 2 actions to one piece; GS-∞ gives 1 "
                      "and fits everyone."],
    "fields": ["Plant seeds (some crops need fertilizer), tend seeds to their crop side with water, or "
               "harvest every ripe crop on your farm.", "F-3, F-2 and F-1 give 3, 2 or 1 actions."],
    "workshop": [f"Upgrade your bucket (${R.UPGRADE_COST}), clear a forest (${R.CLEAR_COST}, then roll "
                 "the forest die) or build a building on a free 2×2 block.",
                 "Buildings cost $6, $4 or $2 by row; each kind of action only once per visit."],
    "trading post": ["Any General Store, Fields or Workshop action, but each one first costs 1 seed, "
                     f"{R.TP_PAY_FERTILIZER} fertilizer or {R.TP_PAY_WATER} water.",
                     "TP-2 gives two actions, TP-∞ one and fits everyone."],
    "farmer's market": ["Each space shows the top tile of its stack: pay its cost for its effect.",
                        "One tile from each stack is thrown away at every Sunset."],
    "festival": ["Your basket goes on FF-1 (2 coins, then you may buy a card), FF-2 (a harvest) or FF-3 "
                 "(a card, or 1 coin; it fits everyone).",
                 "Cards cost $3, $2 or $1 from P3, P2, P1; the rest slide toward P1 and refill."],
}
AREA_HELP["market"] = AREA_HELP["farmer's market"]

#: What each symbol of the browser board means.
LEGEND = {
    "space": "a Town or Festival space: its name, how many actions it gives (∞ fits everyone) and "
             "what it offers; a lit border means you may place there",
    "piece": "coloured discs are players' pieces (W wheelbarrow, F Finn, M Maisie, B basket); grey "
             "discs are Mayor Gairy's",
    "cell": "farm cells (row,column from the top left): tree = forest, pale = empty, light crop colour = "
            "seed side (tend it), strong crop colour with ★ = ripe (harvest it); buildings fill 2×2 blocks",
    "crops": "Wh wheat, St strawberry, Bl blueberry bush, Pu pumpkin",
    "money": "$ coins, water: held / bucket size, fert: fertilizer, ★ points on the score track",
    "cards": "festival cards: P3 is the deck's top card; the price sits under each position",
    "sunrise": "#n is a sunrise tile: lower numbers act earlier and win ties",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def space_label(name: str) -> str:
    """A space's name as printed on the board (``GS-inf`` shows ∞)."""
    return name.replace("-inf", "-∞")


def gain_words(g: Gain, empty: str = "nothing") -> str:
    """A bundle of gains as a short list of our own."""
    parts = []
    if g.coins:
        parts.append(plural(g.coins, "coin"))
    if g.water:
        parts.append(f"{g.water} water")
    if g.fill:
        parts.append("a full bucket")
    if g.upgrade:
        parts.append("a bucket upgrade" if g.upgrade == 1 else f"{g.upgrade} bucket upgrades")
    if g.fertilizer:
        parts.append(f"{g.fertilizer} fertilizer")
    for crop, n in zip(CROP_NAMES, g.seeds, strict=True):
        if n:
            parts.append(plural(n, f"{crop} seed"))
    if g.points:
        parts.append(plural(g.points, "point"))
    if g.p1_card:
        parts.append("the P1 festival card free")
    if not parts:
        return empty
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def market_cost_words(tile) -> str:
    parts = []
    if tile.cost_coins:
        parts.append(f"${tile.cost_coins}")
    if tile.cost_fertilizer:
        parts.append(f"{tile.cost_fertilizer} fert")
    if tile.cost_water:
        parts.append(f"{tile.cost_water} water")
    if tile.cost_seed:
        parts.append(f"{tile.cost_seed} seed")
    return " ".join(parts) or "free"


def market_effect_words(tile) -> str:
    if tile.effect == "gain":
        return gain_words(tile.gain)
    return MARKET_EFFECT_WORDS.get(tile.effect, tile.effect).format(v=tile.value)


def market_offer_words(tile) -> str:
    """A Market tile as one phrase: what it costs and what it gives."""
    cost = market_cost_words(tile)
    head = "free" if cost == "free" else f"pay {cost}"
    return f"{head}: {market_effect_words(tile)}"


def short_market_words(tile) -> str:
    if tile.effect != "gain":
        return SHORT_EFFECTS.get(tile.effect, tile.effect).format(v=tile.value)
    g = tile.gain
    parts = [f"${g.coins}" if g.coins else "", "fill" if g.fill else "",
             f"{g.fertilizer} fert" if g.fertilizer else "", f"{g.points} pts" if g.points else ""]
    parts += [f"{n} {CROP_CODE[c]}" for c, n in zip(CROP_NAMES, g.seeds, strict=True) if n]
    return "+".join(p for p in parts if p) or "nothing"


def market_tile(number: int):
    return next((m for m in MARKET_TILES if m.number == number), None)


def building_words(b) -> list[str]:
    """What a building does, in our own words, one sentence a line."""
    out = []
    if b.type == "action":
        if b.menu == "press":
            out.append("Action building: put a piece here to use one of your Town spaces of this round "
                       "a second time (no mouse bonus).")
        else:
            area = MENU_WORDS.get(b.menu, b.menu)
            fee = " (paying the usual Trading Post fee)" if b.menu == "tp" else ""
            out.append(f"Action building: put a piece here for {plural(b.actions, f'{area} action')}"
                       f"{fee}; only you can use it.")
    if b.type == "sunrise":
        out.append(f"Every Sunrise: {gain_words(b.income)}.")
    if b.type == "passive" and b.ability in PASSIVE_WORDS:
        out.append(PASSIVE_WORDS[b.ability].format(v=b.value))
    if b.on_build != Gain():
        out.append(f"As soon as it is built: {gain_words(b.on_build)}.")
    end = []
    if b.end_points:
        end.append(plural(b.end_points, "point"))
    if b.end_per_fertilizer:
        end.append(f"{b.end_per_fertilizer} per fertilizer you still hold")
    if b.end_per_bush:
        end.append(f"{b.end_per_bush} per blueberry bush on your farm")
    if b.end_per_building:
        end.append(f"{b.end_per_building} per building you own (this one too)")
    if end:
        out.append("At the end: " + " plus ".join(end) + ".")
    return out


def crop_words(crop) -> list[str]:
    price = (f"{crop.price_coins} coin{'s' if crop.price_coins != 1 else ''} per seed" if crop.price_per == 1
             else f"{crop.price_coins} coin for every {crop.price_per} seeds (odd counts round up)")
    plant = "no fertilizer" if not crop.plant_fertilizer else f"{crop.plant_fertilizer} fertilizer"
    tend = "no water" if not crop.tend_water else f"{crop.tend_water} water"
    harvest = plural(crop.harvest_points, "point")
    if crop.harvest_fertilizer:
        harvest += f" and {crop.harvest_fertilizer} fertilizer"
    after = ("the bush stays and turns back to its seed side, ready to be tended again" if crop.stays
             else "the tile leaves the farm and the cell is free again")
    return [f"Seeds: {price} at the General Store.",
            f"Planting takes {plant}; tending (turning it to its crop side) takes {tend}.",
            f"Each one harvested scores {harvest}; {after}.",
            "Every harvest also pays 1 coin per different crop type picked."]


def festival_words(card) -> list[str]:
    if card.kind == "pie":
        sets = ", ".join(f"{i + 1} kind{'s' if i else ''}: {p}" for i, p in enumerate(SET_POINTS))
        return [f"A pie: worth points at the end in sets of different pies ({sets}).",
                f"{card.copies} in the deck. Pies are never used up."]
    return [NOVELTY_WORDS.get(card.use, card.use),
            "You cannot use it on the turn you bought it. Kept until the end, it is worth 1 point.",
            f"{card.copies} in the deck."]


def farmhouse_words(f) -> list[str]:
    out = []
    if f.sunrise != Gain():
        out.append(f"Every Sunrise: {gain_words(f.sunrise)}.")
    if f.forest_points:
        out.append(f"Each forest you clear scores {plural(f.forest_points, 'point')}.")
    if f.end_per_building:
        out.append(f"At the end: {f.end_per_building} points per building you own.")
    if f.end_per_bush:
        out.append(f"At the end: {f.end_per_bush} points per blueberry bush on your farm.")
    return out or ["No special effect."]


def space_words(sp) -> str:
    """What a space offers, in a few words: its action count and its area's menu."""
    if sp.area == "festival":
        return FESTIVAL_OFFERS.get(sp.name, "")
    if sp.area == "market":
        return AREA_OFFERS["market"]
    count = plural(sp.actions, "action")
    fits = "; fits everyone" if sp.infinite else ""
    return f"{count}: {AREA_OFFERS[sp.area]}{fits}"


def solo_tiers(fall_festival: bool) -> dict[str, int]:
    """HV-GAI-12: the points each solo tier needs (the expansion raises every tier)."""
    bonus = R.SOLO_EXPANSION_BONUS if fall_festival else 0
    return {name: need + bonus for need, name in R.SOLO_TIERS}


def solo_verdict(score: int, fall_festival: bool) -> str:
    """Where a final solo score stands against Mayor Gairy's tiers (HV-GAI-12)."""
    tiers = solo_tiers(fall_festival)
    reached = [name for name, need in tiers.items() if score >= need]
    if not reached:
        first = next(iter(tiers.items()))
        return f"{score} points: Mayor Gairy wins (no tier; {first[0]} needs {first[1]})"
    return f"{score} points: {reached[-1]} reached against Mayor Gairy"


def _cost_suffix(cost: int) -> str:
    return f" (${cost})" if cost else " (free)"


# ---------------------------------------------------------------- the model

class HarvestPresentation(Presentation):
    """The words and derived facts of the game, for the terminal and the browser."""

    board = "harvest_board.js"

    def rules(self) -> str:
        return RULES

    def content(self) -> dict[str, Any]:
        return {
            "crops": {c.name: {"name": c.name, "code": CROP_CODE[c.name], "words": crop_words(c),
                               "price_coins": c.price_coins, "price_per": c.price_per,
                               "plant_fertilizer": c.plant_fertilizer, "tend_water": c.tend_water,
                               "harvest_points": c.harvest_points} for c in CROPS},
            "areas": {a: {"title": t, "offers": AREA_OFFERS.get(a, "")} for a, t in AREA_TITLES.items()},
            "spaces": {sp.name: {"name": sp.name, "label": space_label(sp.name), "area": sp.area,
                                 "actions": sp.actions, "infinite": sp.infinite, "words": space_words(sp)}
                       for sp in SPACES},
            "festival_cards": {c.name: {"name": c.name, "kind": c.kind, "copies": c.copies,
                                        "words": festival_words(c)} for c in FESTIVAL},
            "card_costs": {f"P{p}": R.CARD_COSTS[p] for p in (3, 2, 1)},
            "pie_set_points": list(SET_POINTS),
            "buildings": {b.name: {"name": b.name, "type": b.type, "words": building_words(b)}
                          for b in BUILDINGS},
            "workshop_row_costs": list(R.ROW_COSTS),
            "market": {str(m.number): {"number": m.number, "cost": market_cost_words(m),
                                       "effect": market_effect_words(m), "short": short_market_words(m)}
                       for m in MARKET_TILES},
            "sunrise": {str(t.number): {"number": t.number, "expansion": t.expansion,
                                        "income": gain_words(t.income)} for t in SUNRISE_TILES},
            "characters": {c.name: {"name": c.name, "expansion": c.expansion,
                                    "words": ABILITY_WORDS.get(c.ability, c.ability),
                                    "where": list(ABILITY_WHERE.get(c.ability, ()))} for c in CHARACTERS},
            "farmhouses": {f.name: {"name": f.name, "words": farmhouse_words(f)} for f in FARMHOUSES},
            "die": {str(i + 1): gain_words(g) for i, g in enumerate(DIE_FACES)},
            "gairy_tiles": {t.area: {"area": t.area, "copies": t.copies, "expansion": t.expansion,
                                     "title": AREA_TITLES.get(t.area, t.area)} for t in GAIRY},
            "solo_tiers": {"base": solo_tiers(False), "fall_festival": solo_tiers(True)},
            "rounds": R.ROUNDS,
            "farm": {"rows": R.ROWS, "cols": R.COLS},
            "max_fertilizer": R.MAX_FERTILIZER,
            "tp_fee": f"1 seed, {R.TP_PAY_FERTILIZER} fertilizer or {R.TP_PAY_WATER} water",
            "decisions": dict(DECISION_WORDS),
            "area_help": {k: list(v) for k, v in AREA_HELP.items()},
            "legend": dict(LEGEND),
        }

    def action_view(self, state, action) -> ActionView:
        """Built from the action's fields; costs from the state's public parts for the seat to act.

        One dispatcher on the action's kind: each branch is short and independent, and one table
        of them reads more easily than twenty small methods."""
        k, a, b = action.kind, action.a, action.b
        s = state.current_player
        if k == KEEPC:
            name = CHARACTERS[a].name
            return ActionView(name, "keep character", {"verb": "keep", "character": name})
        if k == KEEPH:
            name = FARMHOUSES[a].name
            return ActionView(name, "keep farmhouse", {"verb": "keep", "farmhouse": name})
        if k == SUNRISE:
            income = gain_words(SUNRISE_TILES[a - 1].income) if 0 < a <= len(SUNRISE_TILES) else ""
            return ActionView(f"#{a} ({income})", "sunrise tile", {"verb": "sunrise", "tile": a})
        if k == PLACE:
            piece = PIECES[b] or "wheelbarrow"
            if a < NSPACES:
                sp = SPACES[a]
                if sp.area == "festival":
                    piece = "basket"
                args = {"verb": "place", "space": sp.name, "piece": piece}
                label = space_label(sp.name)
                where = "send basket to" if piece == "basket" else "place on"
            else:
                bname = BUILDINGS[a - NSPACES].name
                args = {"verb": "place", "building": bname, "piece": piece}
                label, where = bname, "place on"
            group = f"place {piece.title()} on" if b else where
            return ActionView(label, group, args)
        if k == REACT:
            name = SPACES[a].name
            return ActionView(space_label(name), "use again", {"verb": "reactivate", "space": name})
        if k == FERT:
            return ActionView("take 1 fertilizer", "General Store", {"verb": "fertilizer"})
        if k == FILL:
            price = "free" if s is not None and fill_is_free(state, s) else f"${R.FILL_COST}"
            return ActionView(f"fill the bucket ({price})", "General Store", {"verb": "fill"})
        if k == BUY:
            crop = CROP_NAMES[a]
            cost = seed_price(state, s, a, b) if s is not None else CROPS[a].price(b)
            return ActionView(f"{b} (${cost})", f"buy {crop}", {"verb": "buy", "crop": crop, "count": b,
                                                              "cost": cost})
        if k in (PLANT, TEND):
            verb = "plant" if k == PLANT else "tend"
            crop, cell = CROP_NAMES[a], cell_name(b)
            return ActionView(cell, f"{verb} {crop} on", {"verb": verb, "crop": crop, "cell": cell})
        if k == HARVEST:
            return ActionView("harvest every ripe crop", "Fields", {"verb": "harvest"})
        if k == UPGRADE:
            return ActionView(f"upgrade the bucket (${R.UPGRADE_COST})", "Workshop", {"verb": "upgrade"})
        if k == CLEAR:
            cell = cell_name(a)
            return ActionView(cell, "clear forest", {"verb": "clear", "cell": cell})
        if k == BUILD:
            name, cell = BUILDINGS[a].name, cell_name(b)
            build_args: dict[str, Any] = {"verb": "build", "building": name, "cell": cell}
            cost = self._build_cost(state, s, a)
            if cost is not None:
                build_args["cost"] = cost
            return ActionView(cell, f"build {name} at", build_args)
        if k == PAY:
            word = PAY_WORDS[a]
            return ActionView(word, "pay the fee with", {"verb": "pay", "pay": word})
        if k == CARD:
            pos = f"P{a}"
            cid = card_at(state, a)
            name = FESTIVAL[cid].name if cid >= 0 else ""
            cost = card_price(state, s, a) if s is not None else R.CARD_COSTS[a]  # HV-FRA-1
            return ActionView(f"{pos} {name} (${cost})".replace("  ", " "), "festival card",
                              {"verb": "card", "position": pos, "card": name, "cost": cost})
        if k == COIN:
            return ActionView(f"take {R.FF3_COINS} coin", "festival", {"verb": "coin"})
        if k == USE:
            name = FESTIVAL[a].name
            args = {"verb": "use", "card": name}
            label = name
            if b:
                args["crop"] = CROP_NAMES[b - 1]
                label = f"{name}: a {CROP_NAMES[b - 1]} seed"
            return ActionView(label, "use a novelty", args)
        if k == DIE:
            words = gain_words(DIE_FACES[a - 1]) if 1 <= a <= len(DIE_FACES) else ""
            return ActionView(f"{a} ({words})", "keep die face", {"verb": "die", "die": a})
        if k == MARKET:
            args = {"verb": "market"}
            top = state.frames[-1] if state.frames else None
            if type(top) is MarketTile:
                tile = MARKET_TILES[top.tile]
                args["market"] = tile.number
                space = self._market_space(state, top.tile)
                if space:
                    args["space"] = space
                label = f"#{tile.number}: {market_offer_words(tile)}"
            else:
                label = "pay and take it"
            if a:
                args["crop"] = CROP_NAMES[a - 1]
                label += f" (seed: {CROP_NAMES[a - 1]})"
            return ActionView(label, "market tile", args)
        if k == DONE:
            return ActionView("done", "", {"verb": "done"})
        return ActionView(str(action))

    @staticmethod
    def _build_cost(state, s: int | None, b: int) -> int | None:
        if s is None or b not in state.workshop_slots:
            return None
        top = state.frames[-1] if state.frames else None
        disc = top.discount if type(top) is Visit else 0
        return build_cost(state, s, state.workshop_slots.index(b), disc)

    @staticmethod
    def _market_space(state, tile_id: int) -> str | None:
        markets = [sp for sp in SPACES if sp.area == "market"]
        for sp, st in zip(markets, state.market_stacks, strict=False):
            if st and st[-1] == tile_id:
                return sp.name
        return None

    def facts(self, state, seat: int | None) -> dict[str, Any]:
        """Round and phase in words, what each space still offers, the visit under way, card
        prices for the seat, and (solo) the target and final verdict against Mayor Gairy."""
        acting = state.current_player
        out: dict[str, Any] = {
            "round": state.round, "rounds": R.ROUNDS, "phase": state.phase,
            "phase_words": PHASE_WORDS.get(state.phase, state.phase),
            "round_words": (f"Round {state.round} of {R.ROUNDS}, {PHASE_WORDS.get(state.phase, state.phase)}"
                            if state.phase != "over" else "Game over"),
        }
        top = state.frames[-1] if state.frames else None
        if top is not None and acting is not None:
            out["now"] = DECISION_WORDS.get(top.kind, top.kind)
        spaces = {}
        for sp in SPACES:
            if sp.area == "festival" and not state.fall_festival:
                continue
            occ = list(state.occupants[sp.id])
            open_ = sp.infinite or not occ
            offers = space_words(sp)
            if sp.area == "market":
                stack = state.market_stacks[sp.id - next(x.id for x in SPACES if x.area == "market")]
                if stack:
                    tile = MARKET_TILES[stack[-1]]
                    offers = f"#{tile.number}: {market_offer_words(tile)}"
                else:
                    offers = "no tile left"
            spaces[sp.name] = {"open": open_, "pieces": occ, "offers": offers}
        out["spaces"] = spaces
        if type(top) is Visit:
            where = (SPACES[top.space].name if top.space >= 0
                     else AREA_TITLES.get(top.area, top.area) or "Market tile")
            left = top.actions_left
            fee = " (pay the fee first)" if top.trading_post and not top.fee_paid and left else ""
            out["visit"] = {"seat": top.seat, "space": SPACES[top.space].name if top.space >= 0 else None,
                            "area": top.area, "left": left,
                            "words": f"{space_label(where)}: {plural(left, 'action')} left{fee}"}
        if state.fall_festival:
            # the seat's own prices (Francie pays nothing); a spectator sees the printed ones, so
            # that nobody learns a character still face down
            out["card_costs"] = {f"P{p}": (card_price(state, seat, p) if seat is not None
                                           else R.CARD_COSTS[p]) for p in (3, 2, 1)}
        if state.num_players == 1:
            tiers = solo_tiers(state.fall_festival)
            solo: dict[str, Any] = {
                "tiers": tiers,
                "goal": "beat Mayor Gairy: " + ", ".join(f"{n} {p}" for n, p in tiers.items())
                        + " points by the end of round 4",
            }
            result = state.solo_result()
            if result:
                solo["score"] = result["score"]
                solo["tier"] = result["tier"]
                solo["verdict"] = solo_verdict(result["score"], state.fall_festival)
            out["solo"] = solo
        if state.gairy:
            out["gairy"] = {"wheelbarrows": state.gairy_wheelbarrows, "baskets": state.gairy_baskets,
                            "drawn": [AREA_TITLES.get(a, a) for a in state.gairy_drawn],
                            "left": len(state.gairy_deck)}
        return out

    def score_label(self, key: str) -> str:
        return key

    def reference(self) -> list[dict[str, str]]:
        """Every character, farmhouse, sunrise tile, area, space, crop, die face, building, Market
        tile, festival card and Gairy tile, in the order a player meets them (the deal, the first
        Sunrise, the Town Board, the farm, the Festival board, Mayor Gairy), in the words the board
        and the terminal already use."""
        out: list[dict[str, str]] = []

        def add(group: str, name: str, words: str | list[str]) -> None:
            text = words if isinstance(words, str) else " ".join(words)
            out.append({"group": group, "name": name, "words": text})

        for c in CHARACTERS:
            add("Characters", c.name, ABILITY_WORDS.get(c.ability, c.ability)
                + (" (Fall Festival)" if c.expansion else ""))
        for f in FARMHOUSES:
            add("Farmhouses", f.name, farmhouse_words(f))
        for t in SUNRISE_TILES:
            add("Sunrise tiles", f"#{t.number}", f"Income: {gain_words(t.income)}."
                + (" (Fall Festival)" if t.expansion else ""))
        for title in AREA_TITLES.values():
            add("Areas", title, AREA_HELP[title.lower()])
        for sp in SPACES:
            add("Spaces", space_label(sp.name), f"{AREA_TITLES[sp.area]}: {space_words(sp)}.")
        for crop in CROPS:
            add("Crops", crop.name, crop_words(crop))
        for face, gain in enumerate(DIE_FACES, start=1):
            add("Forest die", f"Face {face}", f"{gain_words(gain)}.")
        for b in BUILDINGS:
            kind = [] if b.type == "action" else [f"{b.type.title()} building."]  # the words name Action ones
            add("Buildings", b.name, kind + building_words(b))
        for m in sorted(MARKET_TILES, key=lambda m: m.number):
            add("Farmer's Market tiles", f"#{m.number}", f"{market_offer_words(m)}.")
        for card in FESTIVAL:
            add("Festival cards: pies" if card.kind == "pie" else "Festival cards: novelties", card.name,
                festival_words(card))
        where = {"market": "the first open Market space (FM-A, then FM-B, then FM-C)",
                 "festival": "FF-1 if open, else FF-2, else FF-3, with his basket; then the cheapest "
                             "festival card on offer is discarded"}
        for g in GAIRY:
            title = AREA_TITLES.get(g.area, g.area)
            spot = where.get(g.area, f"the open {title} space with the highest number (never an ∞ space)")
            add("Mayor Gairy's tiles", title, f"{plural(g.copies, 'tile')} in his deck: he takes {spot}."
                + (" (Fall Festival)" if g.expansion else ""))
        return out


def fill_is_free(state, seat: int) -> bool:
    """The Water Witch's first fill of a round (HV-CHR) and a fill during Finn's visit
    (HV-FNM-2) cost nothing, so the label must not say $1."""
    frame = state.frames[-1] if state.frames else None
    finn = type(frame) is Visit and bool(frame.finn)
    return finn or (ability(state, seat) == "water_witch" and not state.once_used[seat] & 4)


#: The rules in brief, in our own words (the terminal's `rules`, the web's help).
RULES = f"""\
Harvest in brief (our own summary; the engine enforces every detail)

Goal: after {R.ROUNDS} rounds, have the most points from crops, buildings,
coins and (with the Fall Festival) pies and novelties.

Start: a 4x5 farm whose two right-hand columns are forest, {R.START_COINS} coins,
a bucket of {R.START_CAPACITY} water (upgradable to {R.MAX_CAPACITY}), {R.START_FERTILIZER} fertilizer \
(at most {R.MAX_FERTILIZER}),
2 wheat and 2 strawberry seeds. Everyone keeps one of two dealt
characters and one of two farmhouses, and holds a numbered sunrise tile:
the lower the number, the earlier you act.

Each round:
 1. Sunrise - {R.DISPLAY_SIZE} tiles are laid out; in turn order each player must swap
    their tile for one of them. Then everyone collects income from the
    tile, the farmhouse and Sunrise buildings.
 2. Action - in turn order, place one of your {R.WHEELBARROWS} wheelbarrows (or
    your festival basket) per turn until all are placed:
      General Store  seeds, fertilizer, fill the bucket
      Fields         plant, tend (seed side -> crop side), harvest
      Workshop       bucket upgrade, clear a forest, build
      Trading Post   any of those, paying a fee for each
      Farmer's Market  pay a tile's cost for its effect
    Numbered spaces hold one piece; the ∞ spaces hold any number.
    Your own action buildings are spaces only you can use.
 3. Sunset - pieces come home, the Workshop slides down a row and
    refills, each Market stack loses its top tile.

Harvesting scores each ripe crop (wheat 1, strawberry 1, blueberry 4,
pumpkin 6) and pays 1 coin per different crop type. Blueberry bushes stay.

Mayor Gairy: with 1 or 2 players he takes spaces after every round of
turns, drawing area tiles. Solo, beat his tiers (Bronze to Blue Ribbon).

Fall Festival: send your basket to the Festival board for coins, a
harvest or festival cards. Pies score in sets; novelties are one-shot
boosts (1 point if kept).

End: points on the track, plus 1 per coin, buildings, farmhouse, pies
and novelties. Ties go to the lower sunrise tile.

In this program: type a number from the list or the action itself (a
unique start is enough). Cells are row,column, 1,1 top left. 'help <thing>'
explains a crop, building, character, farmhouse or festival card."""


PRESENTATION = HarvestPresentation()
