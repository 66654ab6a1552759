"""Fields of Green content: cards and Equipment tiles loaded from ``data/*.toml``.

Abilities are data (an effect ``kind`` plus a few numbers) that :mod:`.state` interprets; this
module only validates and freezes them. A broken entry fails at import with the file, the card
and the field named.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.content import (
    MERGE_FIX,
    check_effect_shape,
    check_keys,
    check_schema,
    check_total,
    check_unique,
    require_schema,
)
from ...core.errors import ContentError

DATA_DIR = Path(__file__).parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"
EQUIPMENT_FILE = DATA_DIR / "equipment.toml"

MAIN_DECKS = ("plantation", "livestock", "structure", "building")
DECKS = MAIN_DECKS + ("tower", "silo")
SUBTYPES = {
    "plantation": ("cereal", "fruit", "vegetable"),
    "livestock": ("dairy", "meat", "poultry", "wool"),
    "structure": ("",),
    "building": ("",),
    "tower": ("",),
    "silo": ("",),
}
#: Category names an effect or an Equipment tile may match (FG-EFX-6).
CATEGORIES = MAIN_DECKS + ("cereal", "fruit", "vegetable", "dairy", "meat", "poultry", "wool",
                           "water_tower", "silo")
PROVENANCE_TAGS = ("seed", "source", "inferred")
CARD_PROVENANCE = ("copies", "subtype", "cost", "vp", "ability")
EQUIPMENT_PROVENANCE = ("tiles", "fits", "effects")
RESOURCES = ("coins", "water", "food")
#: The keys each level of the two files may hold (anything else is refused as a typo).
CARDS_FILE_KEYS = ("schema", "cards")
EQUIPMENT_FILE_KEYS = ("schema", "equipment")
CARD_KEYS = ("id", "name", "deck", "subtype", "copies", "cost", "vp", "harvest_cost", "effects",
             "help", "prov")
EQUIPMENT_KEYS = ("name", "tiles", "fits", "effects", "help", "prov")
#: Rulebook component counts: FG-SET-2 (each main deck 11 designs x 3 copies = 33 cards),
#: FG-SET-3 (20 Water Towers, 14 Silos), FG-SET-7 (30 Equipment tiles).
DESIGNS_PER_DECK = 11
COPIES_PER_DESIGN = 3
DECK_TOTALS = {"plantation": 33, "livestock": 33, "structure": 33, "building": 33,
               "tower": 20, "silo": 14}
EQUIPMENT_TOTAL = 30

#: kind -> (allowed timings, required keys, optional keys)
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "gain": (("immediate", "harvest"), (), ("coins", "food", "vp", "equipment")),
    "gain_per": (("immediate", "harvest", "end"), ("resource", "per", "scope", "match"), ("max",)),
    "gain_if_none_adjacent": (("harvest",), ("resource", "amount", "match"), ()),
    "distinct_adjacent": (("end",), ("per", "match"), ()),
    "distinct_subtypes": (("end",), ("per", "decks"), ("max",)),
    "refill_tower": (("immediate",), ("range",), ()),
    "add_water": (("harvest",), ("amount", "range"), ()),
    "sell_food": (("immediate",), ("max", "price"), ()),
}
EQUIPMENT_KINDS: dict[str, tuple[str, ...]] = {
    "harvest_bonus": ("coins", "food", "vp"),
    "cost_cut": ("coins", "water", "food"),
    "tower_capacity": ("value",),
    "tower_range": ("value",),
    "silo_capacity": ("value",),
    "on_install": ("coins", "food", "water"),
    "end_vp": ("vp",),
}


@dataclass(frozen=True, slots=True)
class Effect:
    when: str
    kind: str
    coins: int = 0
    food: int = 0
    vp: int = 0
    equipment: int = 0
    resource: str = ""
    per: int = 0
    amount: int = 0
    scope: str = ""
    match: tuple[str, ...] = ()
    max: int = -1  # -1: no maximum
    range: int = 0
    price: int = 0
    decks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    """A card design. ``id`` is its index in :data:`CARDS`."""

    id: int
    code: str
    name: str
    deck: str
    subtype: str
    copies: int
    cost: tuple[int, int, int]  # coins, water, food
    vp: int
    harvest_cost: tuple[int, int, int] | None  # None: no harvest ability
    food_per_copy: bool
    effects: tuple[Effect, ...]
    help: str
    provenance: dict[str, str] = field(default_factory=dict)

    @property
    def is_location(self) -> bool:
        return self.deck in MAIN_DECKS

    @property
    def has_harvest(self) -> bool:
        return self.harvest_cost is not None

    def effects_at(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)

    @property
    def categories(self) -> frozenset[str]:
        """What this card matches when face up (FG-EFX-6)."""
        if self.deck == "tower":
            return frozenset(("water_tower",))
        if self.deck == "silo":
            return frozenset(("silo",))
        return frozenset((self.deck, self.subtype)) - {""}


@dataclass(frozen=True, slots=True)
class EqEffect:
    kind: str
    coins: int = 0
    water: int = 0
    food: int = 0
    vp: int = 0
    value: int = 0


@dataclass(frozen=True)
class EquipmentKind:
    id: int
    name: str
    tiles: int
    fits: str
    effects: tuple[EqEffect, ...]
    help: str
    provenance: dict[str, str] = field(default_factory=dict)

    def total(self, kind: str, key: str) -> int:
        return sum(getattr(e, key) for e in self.effects if e.kind == kind)


# ----------------------------------------------------------------------------- validation
def _int(raw: dict, key: str, where: str, minimum: int = 0, default: int | None = None) -> int:
    if key not in raw:
        if default is not None:
            return default
        raise ContentError(f"{where}: field {key!r} is missing; add it (a whole number)")
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ContentError(f"{where}: field {key!r} must be a whole number, got {value!r}")
    if value < minimum:
        raise ContentError(f"{where}: field {key!r} must be ≥ {minimum}, got {value}")
    return value


def _resources(raw: Any, where: str, allowed: tuple[str, ...] = RESOURCES) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table like {{ coins = 2, water = 1 }}")
    check_keys(raw, allowed, where, "key")
    return {k: _int(raw, k, where) for k in raw}


def _names(raw: Any, where: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{where}: expected a non-empty list of names")
    for name in raw:
        if name not in allowed:
            raise ContentError(f"{where}: unknown name {name!r}; use {', '.join(allowed)}")
    return tuple(raw)


def _effect(raw: Any, where: str) -> Effect:
    kind, when = check_effect_shape(raw, where, EFFECT_KINDS)
    args: dict[str, Any] = {"when": when, "kind": kind}
    for key in ("coins", "food", "vp", "equipment", "per", "amount", "range", "price"):
        if key in raw:
            args[key] = _int(raw, key, where)
    if "max" in raw:
        args["max"] = _int(raw, "max", where)
    if "resource" in raw:
        if raw["resource"] not in ("coins", "food", "vp"):
            raise ContentError(f"{where}: field 'resource' must be coins, food or vp")
        if raw["resource"] == "vp" and when == "immediate":
            raise ContentError(f"{where}: an Immediate effect cannot score VP")
        args["resource"] = raw["resource"]
    if "scope" in raw:
        if raw["scope"] not in ("adjacent", "farm"):
            raise ContentError(f"{where}: field 'scope' must be adjacent or farm")
        args["scope"] = raw["scope"]
    if "match" in raw:
        args["match"] = _names(raw["match"], f"{where}, field 'match'", CATEGORIES)
    if "decks" in raw:
        args["decks"] = _names(raw["decks"], f"{where}, field 'decks'", MAIN_DECKS)
    return Effect(**args)


def _card(raw: Any, index: int, fname: str) -> Card:
    if not isinstance(raw, dict):
        raise ContentError(f"{fname}: cards[{index}] must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(f"{fname}: cards[{index}] needs a 'name'")
    where = f"{fname}: card {name!r}"
    check_keys(raw, CARD_KEYS, where)
    code = raw.get("id")
    if not isinstance(code, str) or not code:
        raise ContentError(f"{where}: field 'id' must be a short code like 'P01'")
    deck = raw.get("deck")
    if deck not in DECKS:
        raise ContentError(f"{where}: field 'deck' must be one of {', '.join(DECKS)}, got {deck!r}")
    subtype = raw.get("subtype", "")
    if subtype not in SUBTYPES[deck]:
        allowed = ", ".join(repr(s) for s in SUBTYPES[deck])
        raise ContentError(f"{where}: field 'subtype' must be one of {allowed} for a {deck}, got {subtype!r}")
    copies = _int(raw, "copies", where, minimum=1)
    cost = _resources(raw.get("cost", {}), f"{where}, field 'cost'")
    if deck in MAIN_DECKS and cost.get("coins", 0) < 1:
        raise ContentError(f"{where}: field 'cost' must include at least 1 coin")
    vp = _int(raw, "vp", where)
    effects_raw = raw.get("effects")
    if not isinstance(effects_raw, list):
        raise ContentError(f"{where}: field 'effects' must be a list of effect tables")
    effects = tuple(_effect(e, f"{where}, effects[{i}]") for i, e in enumerate(effects_raw))
    harvest_cost = None
    food_per_copy = False
    if "harvest_cost" in raw:
        hc_raw = raw["harvest_cost"]
        if not isinstance(hc_raw, dict):
            raise ContentError(f"{where}: field 'harvest_cost' must be a table")
        hc_raw = dict(hc_raw)
        food_per_copy = hc_raw.pop("food_per_copy", False)
        if not isinstance(food_per_copy, bool):
            raise ContentError(f"{where}: field 'harvest_cost.food_per_copy' must be true or false")
        hc = _resources(hc_raw, f"{where}, field 'harvest_cost'")
        harvest_cost = (hc.get("coins", 0), hc.get("water", 0), hc.get("food", 0))
    has_harvest_effect = any(e.when == "harvest" for e in effects)
    if has_harvest_effect != (harvest_cost is not None):
        raise ContentError(f"{where}: field 'harvest_cost' is needed exactly when an effect is 'harvest'")
    if deck in ("tower", "silo") and (effects or vp or cost):
        raise ContentError(f"{where}: Water Towers and Silos have no cost, VP or ability (FG-WT-6)")
    help_text = raw.get("help", "")
    if not isinstance(help_text, str) or not help_text.strip():
        raise ContentError(f"{where}: field 'help' must explain the card in a sentence")
    prov = raw.get("prov")
    if not isinstance(prov, dict):
        raise ContentError(f"{where}: field 'prov' (provenance table) is required")
    _prov_keys(prov, CARD_PROVENANCE, where)
    for key in CARD_PROVENANCE:
        if prov.get(key) not in PROVENANCE_TAGS:
            raise ContentError(
                f"{where}: provenance of {key!r} must be one of {', '.join(PROVENANCE_TAGS)}, "
                f"got {prov.get(key)!r}"
            )
    return Card(index, code, name.strip(), deck, subtype, copies,
                (cost.get("coins", 0), cost.get("water", 0), cost.get("food", 0)), vp,
                harvest_cost, food_per_copy, effects, help_text.strip(), dict(prov))


def _equipment(raw: Any, index: int, fname: str) -> EquipmentKind:
    if not isinstance(raw, dict):
        raise ContentError(f"{fname}: equipment[{index}] must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(f"{fname}: equipment[{index}] needs a 'name'")
    where = f"{fname}: equipment {name!r}"
    check_keys(raw, EQUIPMENT_KEYS, where)
    tiles = _int(raw, "tiles", where, minimum=1)
    fits = raw.get("fits")
    if fits not in CATEGORIES:
        raise ContentError(f"{where}: field 'fits' must be one of {', '.join(CATEGORIES)}, got {fits!r}")
    effects_raw = raw.get("effects")
    if not isinstance(effects_raw, list) or not effects_raw:
        raise ContentError(f"{where}: field 'effects' must be a non-empty list")
    effects = []
    for i, e in enumerate(effects_raw):
        ew = f"{where}, effects[{i}]"
        if not isinstance(e, dict) or e.get("kind") not in EQUIPMENT_KINDS:
            got = e.get("kind") if isinstance(e, dict) else e
            raise ContentError(f"{ew}: field 'kind': unknown kind {got!r}; "
                               f"kinds are {', '.join(EQUIPMENT_KINDS)}")
        body = {k: v for k, v in e.items() if k != "kind"}
        values = _resources(body, ew, EQUIPMENT_KINDS[e["kind"]])
        effects.append(EqEffect(e["kind"], **values))
    for e in effects:
        if e.kind in ("tower_capacity", "tower_range", "on_install") and e.water and fits != "water_tower":
            raise ContentError(f"{where}: only a Water Tower tile can add Water on install")
        if e.kind in ("tower_capacity", "tower_range") and fits != "water_tower":
            raise ContentError(f"{where}: field 'fits' must be water_tower for {e.kind}")
        if e.kind == "silo_capacity" and fits != "silo":
            raise ContentError(f"{where}: field 'fits' must be silo for silo_capacity")
    help_text = raw.get("help", "")
    if not isinstance(help_text, str) or not help_text.strip():
        raise ContentError(f"{where}: field 'help' must explain the tile")
    prov = raw.get("prov")
    if not isinstance(prov, dict):
        raise ContentError(f"{where}: field 'prov' (provenance table) is required")
    _prov_keys(prov, EQUIPMENT_PROVENANCE, where)
    for key in EQUIPMENT_PROVENANCE:
        if prov.get(key) not in PROVENANCE_TAGS:
            raise ContentError(
                f"{where}: provenance of {key!r} must be one of {', '.join(PROVENANCE_TAGS)}, "
                f"got {prov.get(key)!r}"
            )
    return EquipmentKind(index, name.strip(), tiles, fits, tuple(effects), help_text.strip(), dict(prov))


def _prov_keys(prov: dict, fields: tuple[str, ...], where: str) -> None:
    check_keys(prov, fields + ("note",), f"{where}, field 'prov'")
    if not isinstance(prov.get("note", ""), str):
        raise ContentError(f"{where}, field 'prov': 'note' must be a string")


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{path}: the data file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


def load_cards(path: Path | str = CARDS_FILE) -> tuple[Card, ...]:
    """Load and validate a card file: ``schema``, every key at every level, types, ranges, and
    unique ids and names. The rulebook's deck sizes are :func:`check_card_counts`, run on the
    shipped file at import (a file holding part of the set loads, e.g. in tests)."""
    path = Path(path)
    data = _read(path)
    check_schema(data, path.name)
    check_keys(data, CARDS_FILE_KEYS, path.name, "top-level key")
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{path.name}: expected [[cards]] entries")
    cards = tuple(_card(r, i, path.name) for i, r in enumerate(raw))
    check_unique(path.name, (c.code for c in cards), "card", "id")
    check_unique(path.name, (c.name for c in cards), "card", "name", MERGE_FIX, key=str.lower)
    for deck in ("tower", "silo"):
        if sum(1 for c in cards if c.deck == deck) != 1:
            raise ContentError(f"{path.name}: exactly one card of deck {deck!r} is needed")
    require_schema(data, path.name)
    return cards


def load_equipment(path: Path | str = EQUIPMENT_FILE) -> tuple[EquipmentKind, ...]:
    """Load and validate an Equipment file (as :func:`load_cards`; totals in
    :func:`check_equipment_counts`)."""
    path = Path(path)
    data = _read(path)
    check_schema(data, path.name)
    check_keys(data, EQUIPMENT_FILE_KEYS, path.name, "top-level key")
    raw = data.get("equipment")
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{path.name}: expected [[equipment]] entries")
    kinds = tuple(_equipment(r, i, path.name) for i, r in enumerate(raw))
    check_unique(path.name, (k.name for k in kinds), "Equipment kind", "name", MERGE_FIX,
                 key=str.lower)
    require_schema(data, path.name)
    return kinds


def check_card_counts(cards: tuple[Card, ...], fname: str = CARDS_FILE.name) -> tuple[Card, ...]:
    """FG-SET-2: each main deck is 11 designs x 3 copies = 33 cards; FG-SET-3: 20 Water Towers
    and 14 Silos. Return ``cards``; raise :class:`ContentError` naming the card or deck and the
    field otherwise."""
    for c in cards:
        if c.is_location and c.copies != COPIES_PER_DESIGN:
            raise ContentError(
                f"{fname}: card {c.name!r} ({c.code}): field 'copies' is {c.copies}, but every "
                f"design has {COPIES_PER_DESIGN} copies (FG-SET-2); set `copies = {COPIES_PER_DESIGN}`"
            )
    for deck in MAIN_DECKS:
        designs = sum(1 for c in cards if c.deck == deck)
        if designs != DESIGNS_PER_DECK:
            raise ContentError(
                f"{fname}: deck {deck!r}, field 'deck': {designs} designs name this deck, but it "
                f"has {DESIGNS_PER_DECK} designs (FG-SET-2); add the missing design or move a card "
                "to the deck it belongs to"
            )
    for deck, want in DECK_TOTALS.items():
        got = sum(c.copies for c in cards if c.deck == deck)
        check_total(fname, f"deck {deck!r}", "copies", got, want,
                    "FG-SET-2" if deck in MAIN_DECKS else "FG-SET-3")
    return cards


def check_equipment_counts(kinds: tuple[EquipmentKind, ...],
                           fname: str = EQUIPMENT_FILE.name) -> tuple[EquipmentKind, ...]:
    """FG-SET-7: 30 Equipment tiles in all."""
    check_total(fname, "Equipment tiles", "tiles", sum(k.tiles for k in kinds), EQUIPMENT_TOTAL,
                "FG-SET-7")
    return kinds


CARDS: tuple[Card, ...] = check_card_counts(load_cards())
EQUIPMENT: tuple[EquipmentKind, ...] = check_equipment_counts(load_equipment())
CARD_BY_NAME = {c.name.lower(): c for c in CARDS}
EQ_BY_NAME = {e.name.lower(): e for e in EQUIPMENT}
TOWER = next(c for c in CARDS if c.deck == "tower")
SILO = next(c for c in CARDS if c.deck == "silo")
#: Card ids of each main deck's designs, in file order.
DECK_DESIGNS = {d: tuple(c.id for c in CARDS if c.deck == d) for d in MAIN_DECKS}
DECK_OF = tuple(MAIN_DECKS.index(c.deck) if c.deck in MAIN_DECKS else -1 for c in CARDS)
LOCATION_IDS = tuple(c.id for c in CARDS if c.is_location)


def find_card(name: str) -> Card:
    card = CARD_BY_NAME.get(name.strip().lower())
    if card is None:
        raise KeyError(f"no card called {name!r}")
    return card


def find_equipment(name: str) -> EquipmentKind:
    kind = EQ_BY_NAME.get(name.strip().lower())
    if kind is None:
        raise KeyError(f"no Equipment called {name!r}")
    return kind


def deck_counts(cards: tuple[Card, ...] = CARDS) -> dict[str, int]:
    out = {d: 0 for d in DECKS}
    for c in cards:
        out[c.deck] += c.copies
    return out
