"""Harvest content: crops, spaces, tiles, characters, farmhouses, buildings, Market tiles,
Gairy tiles and festival cards, loaded from ``data/*.toml``.

Every entry carries a provenance tag per field (``seed`` | ``source`` | ``inferred``). A broken
entry fails at import with a :class:`~acreage.ContentError` naming the file, the entry and the
field. The rules code only reads the frozen records below (HV-SET-3).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.content import check_keys, check_schema, check_total, check_unique, require_schema
from ...core.errors import ContentError

DATA_DIR = Path(__file__).parent / "data"
PROVENANCE_TAGS = ("seed", "source", "inferred")
CROP_NAMES = ("wheat", "strawberry", "blueberry", "pumpkin")
GAIN_KEYS = ("coins", "water", "fertilizer", "fill", "points", "upgrade", "p1_card") + CROP_NAMES
AREAS = ("gs", "fields", "workshop", "tp", "market", "festival")
BUILDING_TYPES = ("action", "sunrise", "passive", "end")
PASSIVES = ("tend_discount", "pumpkin_bonus", "wheat_coin", "berry_bonus", "free_upgrade", "market_discount")
MARKET_EFFECTS = ("gain", "plant_pumpkin", "fields", "workshop", "upgrade_fill", "clear_free",
                  "build_discount", "coin_per_crop", "harvest")
ABILITIES = ("pumpkin_patcher", "berry_keeper", "water_witch", "lumberjack", "architect", "trader",
             "market_regular", "early_riser", "francie", "finn_maisie")
NOVELTY_USES = ("plant", "harvest", "tp", "gs", "workshop", "basket")

#: The keys an entry of each file may hold (anything else is refused as a typo); ``prov`` tables
#: hold the tags named by each loader plus an optional ``note``.
ENTRY_KEYS: dict[str, tuple[str, ...]] = {
    "crops.toml": ("name", "price_coins", "price_per", "plant_fertilizer", "tend_water",
                   "harvest_points", "harvest_fertilizer", "stays", "prov"),
    "spaces.toml": ("name", "area", "actions", "infinite", "prov"),
    "sunrise.toml": ("number", "expansion", "income", "prov"),
    "forest_die.toml": ("face", "gain", "prov"),
    "characters.toml": ("name", "ability", "expansion", "start", "capacity", "help", "prov"),
    "farmhouses.toml": ("name", "sunrise", "forest_points", "end_per_building", "end_per_bush",
                        "prov"),
    "buildings.toml": ("name", "type", "menu", "actions", "income", "on_build", "ability", "value",
                       "end_points", "end_per_fertilizer", "end_per_bush", "end_per_building",
                       "help", "prov"),
    "market.toml": ("number", "cost", "effect", "gain", "value", "prov"),
    "gairy.toml": ("area", "copies", "expansion", "prov"),
    "festival.toml": ("name", "kind", "copies", "use", "prov"),
}
SET_POINTS_KEYS = ("points", "prov")
MARKET_COST_KEYS = ("coins", "fertilizer", "water", "seed")

# Rulebook component counts. HV-SET-3: 10 base sunrise tiles numbered 1-10, 8 characters,
# 8 farmhouses, 18 buildings, 16 Market tiles, 8 Gairy tiles, a six-sided die; HV-FFO-1/2:
# the expansion adds sunrise #11, two characters (HV-CHR-2) and two Gairy tiles (HV-GAI-2);
# HV-PIE-1 and HV-NOV-1: the festival deck; HV-ACT-4 (and the Festival Board's FF-1..FF-3,
# HV-GAI-6): the action spaces.
SUNRISE_BASE = 10
SUNRISE_EXPANSION = (11,)
CHARACTERS_BASE = 8
CHARACTERS_EXPANSION = ("Francie", "Finn & Maisie")
FARMHOUSES_TOTAL = 8
BUILDINGS_TOTAL = 18
MARKET_TOTAL = 16
GAIRY_BASE = {"gs": 2, "fields": 2, "workshop": 2, "tp": 1, "market": 1}
GAIRY_EXPANSION = {"festival": 2}
PIE_COPIES = {"Apple Pie": 5, "Strawberry Pie": 4, "Blueberry Pie": 3, "Pecan Pie": 2, "Pumpkin Pie": 1}
NOVELTY_COPIES = {"Overflowing Cornucopia": 3, "Harvest Garland": 2, "Harvest Hay Ride": 2,
             "Funnel Cake": 3, "Grandpaw's Soil Mix": 3, "Hand-Woven Basket": 2}
SPACE_NAMES = ("GS-3", "GS-2", "GS-inf", "F-3", "F-2", "F-1", "W-3", "W-2", "W-1", "TP-2",
               "TP-inf", "FM-A", "FM-B", "FM-C", "FF-1", "FF-2", "FF-3")


@dataclass(frozen=True, slots=True)
class Gain:
    """A bundle of gains: resources, seeds by crop, points, a bucket fill or upgrade."""

    coins: int = 0
    water: int = 0
    fertilizer: int = 0
    fill: bool = False
    points: int = 0
    upgrade: int = 0
    p1_card: bool = False
    seeds: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class Crop:
    id: int
    name: str
    price_coins: int
    price_per: int
    plant_fertilizer: int
    tend_water: int
    harvest_points: int
    harvest_fertilizer: int
    stays: bool
    provenance: dict = field(default_factory=dict)

    def price(self, n: int) -> int:
        """Coins for ``n`` seeds (HV-GS-3): strawberries are ⌈n/2⌉."""
        return -(-n // self.price_per) * self.price_coins


@dataclass(frozen=True)
class Space:
    id: int
    name: str
    area: str
    actions: int
    infinite: bool
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SunriseTile:
    number: int
    expansion: bool
    income: Gain
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Character:
    id: int
    name: str
    ability: str
    expansion: bool
    start: Gain
    capacity: int
    help: str
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Farmhouse:
    id: int
    name: str
    sunrise: Gain
    forest_points: int
    end_per_building: int
    end_per_bush: int
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Building:
    id: int
    name: str
    type: str
    menu: str = ""
    actions: int = 0
    income: Gain = Gain()
    on_build: Gain = Gain()
    ability: str = ""
    value: int = 0
    end_points: int = 0
    end_per_fertilizer: int = 0
    end_per_bush: int = 0
    end_per_building: int = 0
    help: str = ""
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class MarketTile:
    id: int
    number: int
    cost_coins: int
    cost_fertilizer: int
    cost_water: int
    cost_seed: int
    effect: str
    gain: Gain
    value: int
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GairyTile:
    area: str
    copies: int
    expansion: bool
    provenance: dict = field(default_factory=dict)


@dataclass(frozen=True)
class FestivalCard:
    id: int
    name: str
    kind: str
    copies: int
    use: str
    provenance: dict = field(default_factory=dict)


class _Entry:
    """Typed access to one TOML table, naming file, entry and field in every error."""

    def __init__(self, fname: str, where: str, data: Any, keys: tuple[str, ...] | None = None) -> None:
        self.fname, self.where, self.data = fname, where, data
        if not isinstance(data, dict):
            self.fail("", "expected a table")
        if keys is not None:
            check_keys(data, keys, f"{fname}: {where}")

    def fail(self, key: str, msg: str):
        at = f", field {key!r}" if key else ""
        raise ContentError(f"{self.fname}: {self.where}{at}: {msg}")

    def get(self, key: str, kind: type, default: Any = ..., choices: tuple = ()) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(key, f"is missing; add it ({kind.__name__})")
            return default
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(key, f"should be {kind.__name__}, got {value!r}")
        if kind is int and value < 0:
            self.fail(key, f"must not be negative, got {value}")
        if choices and value not in choices:
            self.fail(key, f"must be one of {', '.join(map(str, choices))}, got {value!r}")
        return value

    def gain(self, key: str) -> Gain:
        raw = self.get(key, dict, {})
        check_keys(raw, GAIN_KEYS, f"{self.fname}: {self.where}, field {key!r}", "gain")
        for k, v in raw.items():
            if k in ("fill", "p1_card"):
                if not isinstance(v, bool):
                    self.fail(key, f"{k} should be true or false, got {v!r}")
            elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                self.fail(key, f"{k} should be a whole number ≥ 0, got {v!r}")
        return Gain(
            coins=raw.get("coins", 0), water=raw.get("water", 0), fertilizer=raw.get("fertilizer", 0),
            fill=raw.get("fill", False), points=raw.get("points", 0), upgrade=raw.get("upgrade", 0),
            p1_card=raw.get("p1_card", False), seeds=tuple(raw.get(c, 0) for c in CROP_NAMES),
        )

    def prov(self, fields: tuple[str, ...]) -> dict:
        prov = self.get("prov", dict)
        check_keys(prov, fields + ("note",), f"{self.fname}: {self.where}, field 'prov'", "tag")
        if not isinstance(prov.get("note", ""), str):
            self.fail("prov", "'note' must be a string")
        for f in fields:
            if f not in prov:
                self.fail("prov", f"has no provenance tag for {f!r}")
            if prov[f] not in PROVENANCE_TAGS:
                tags = ", ".join(PROVENANCE_TAGS)
                self.fail("prov", f"tag for {f!r} must be one of {tags}, got {prov[f]!r}")
        return dict(prov)


def _read(fname: str, text: str | None) -> dict:
    """Parse ``text`` (or the shipped file) and check its ``schema`` marker's value."""
    try:
        data = tomllib.loads(text) if text is not None else tomllib.loads(
            (DATA_DIR / fname).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{fname}: cannot be read: {exc}") from None
    check_schema(data, fname)
    return data


class _Rows(list):
    """A file's entries, with the parsed file kept for the last check (:meth:`done`)."""

    def __init__(self, fname: str, data: dict, entries: list[_Entry]) -> None:
        super().__init__(entries)
        self.fname, self.data = fname, data

    def done(self, value):
        """End of a loader: refuse a file without a ``schema`` marker (reported after the
        entries' own errors, as in every game), then return ``value``."""
        require_schema(self.data, self.fname)
        return value


def _load(fname: str, table: str, text: str | None = None, data: dict | None = None,
          extra: tuple[str, ...] = ()) -> _Rows:
    """The file's ``[[table]]`` entries, each checked for unknown keys (:data:`ENTRY_KEYS`)."""
    if data is None:
        data = _read(fname, text)
    check_keys(data, ("schema", table) + extra, fname, "top-level key")
    rows = data.get(table)
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"{fname}: no [[{table}]] entries")
    out = []
    for i, row in enumerate(rows):
        name = row.get("name", row.get("number", row.get("area", i))) if isinstance(row, dict) else i
        out.append(_Entry(fname, f"{table}[{i}] ({name})", row, ENTRY_KEYS[fname]))
    return _Rows(fname, data, out)


def _unique(fname: str, names: list, what: str = "entry", field: str = "name") -> None:
    check_unique(fname, names, what, field,
                 "merge the two entries (adding up their copies) or rename one" if field == "name"
                 and fname == "festival.toml" else "remove one of the two entries or change its {field}")


def load_crops(text: str | None = None) -> tuple[Crop, ...]:
    rows = _load("crops.toml", "crops", text)
    if len(rows) != len(CROP_NAMES):
        raise ContentError(f"crops.toml: [[crops]]: {len(rows)} entries, but there are "
                           f"{len(CROP_NAMES)} crops (HV-SET-4); list {', '.join(CROP_NAMES)} in that order")
    out = []
    for i, e in enumerate(rows):
        name = e.get("name", str, choices=CROP_NAMES)
        if name != CROP_NAMES[i]:
            e.fail("name", f"crops must be listed in the order {', '.join(CROP_NAMES)}")
        per = e.get("price_per", int)
        if per < 1:
            e.fail("price_per", "must be at least 1")
        out.append(Crop(i, name, e.get("price_coins", int), per, e.get("plant_fertilizer", int),
                        e.get("tend_water", int), e.get("harvest_points", int),
                        e.get("harvest_fertilizer", int),
                        e.get("stays", bool),
                        e.prov(("price_coins", "price_per", "plant_fertilizer", "tend_water",
                                "harvest_points", "harvest_fertilizer", "stays"))))
    return rows.done(tuple(out))


def load_spaces(text: str | None = None) -> tuple[Space, ...]:
    rows = _load("spaces.toml", "spaces", text)
    out = [Space(i, e.get("name", str), e.get("area", str, choices=AREAS), e.get("actions", int),
                 e.get("infinite", bool), e.prov(("area", "actions", "infinite")))
           for i, e in enumerate(rows)]
    _unique("spaces.toml", [s.name for s in out], "space")
    return rows.done(tuple(out))


def load_sunrise(text: str | None = None) -> tuple[SunriseTile, ...]:
    rows = _load("sunrise.toml", "sunrise", text)
    out = []
    for i, e in enumerate(rows):
        n = e.get("number", int)
        if n != i + 1:
            e.fail("number", f"tiles must be numbered 1, 2, … in order (no number twice); "
                             f"expected {i + 1}")
        out.append(SunriseTile(n, e.get("expansion", bool), e.gain("income"), e.prov(("number", "income"))))
    return rows.done(tuple(out))


def load_die(text: str | None = None) -> tuple[Gain, ...]:
    rows = _load("forest_die.toml", "faces", text)
    if len(rows) != 6:
        raise ContentError(f"forest_die.toml: [[faces]]: the die needs 6 faces (HV-SET-3), "
                           f"found {len(rows)}; add or remove [[faces]] entries")
    out = []
    for i, e in enumerate(rows):
        if e.get("face", int) != i + 1:
            e.fail("face", f"faces must be numbered 1–6 in order; expected {i + 1}")
        e.prov(("gain",))
        out.append(e.gain("gain"))
    return rows.done(tuple(out))


def load_characters(text: str | None = None) -> tuple[Character, ...]:
    rows = _load("characters.toml", "characters", text)
    out = []
    for i, e in enumerate(rows):
        cap = e.get("capacity", int)
        if cap and not 3 <= cap <= 6:
            e.fail("capacity", "must be 0 or 3–6")
        out.append(Character(i, e.get("name", str), e.get("ability", str, choices=ABILITIES),
                             e.get("expansion", bool), e.gain("start"), cap, e.get("help", str),
                             e.prov(("ability", "start", "capacity"))))
    _unique("characters.toml", [c.name for c in out], "character")
    _unique("characters.toml", [c.ability for c in out], "character ability", "ability")
    return rows.done(tuple(out))


def load_farmhouses(text: str | None = None) -> tuple[Farmhouse, ...]:
    rows = _load("farmhouses.toml", "farmhouses", text)
    out = [Farmhouse(i, e.get("name", str), e.gain("sunrise"), e.get("forest_points", int),
                     e.get("end_per_building", int), e.get("end_per_bush", int),
                     e.prov(("sunrise", "forest_points", "end_per_building", "end_per_bush")))
           for i, e in enumerate(rows)]
    _unique("farmhouses.toml", [f.name for f in out], "farmhouse")
    return rows.done(tuple(out))


def load_buildings(text: str | None = None) -> tuple[Building, ...]:
    rows = _load("buildings.toml", "buildings", text)
    out = []
    for i, e in enumerate(rows):
        t = e.get("type", str, choices=BUILDING_TYPES)
        menu = e.get("menu", str, "", choices=("", "gs", "fields", "tp", "press"))
        if t == "action" and not menu:
            e.fail("menu", "an action building needs a menu")
        ability = e.get("ability", str, "", choices=("",) + PASSIVES)
        if t == "passive" and not ability:
            e.fail("ability", "a passive building needs an ability")
        out.append(Building(
            i, e.get("name", str), t, menu, e.get("actions", int, 0), e.gain("income"), e.gain("on_build"),
            ability, e.get("value", int, 0), e.get("end_points", int, 0), e.get("end_per_fertilizer", int, 0),
            e.get("end_per_bush", int, 0), e.get("end_per_building", int, 0), e.get("help", str),
            e.prov(("name", "type", "effect"))))
    _unique("buildings.toml", [b.name for b in out], "building")
    return rows.done(tuple(out))


def load_market(text: str | None = None) -> tuple[MarketTile, ...]:
    rows = _load("market.toml", "market", text)
    out = []
    for i, e in enumerate(rows):
        cost = e.get("cost", dict)
        check_keys(cost, MARKET_COST_KEYS, f"market.toml: {e.where}, field 'cost'", "cost")
        for k, v in cost.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                e.fail("cost", f"{k} should be a whole number ≥ 0, got {v!r}")
        eff = e.get("effect", str, choices=MARKET_EFFECTS)
        out.append(MarketTile(i, e.get("number", int), cost.get("coins", 0), cost.get("fertilizer", 0),
                              cost.get("water", 0), cost.get("seed", 0), eff, e.gain("gain"),
                              e.get("value", int, 0), e.prov(("cost", "effect"))))
    _unique("market.toml", [m.number for m in out], "Market tile", "number")
    return rows.done(tuple(out))


def load_gairy(text: str | None = None) -> tuple[GairyTile, ...]:
    rows = _load("gairy.toml", "gairy", text)
    out = tuple(GairyTile(e.get("area", str, choices=AREAS), e.get("copies", int),
                          e.get("expansion", bool), e.prov(("area", "copies")))
                for e in rows)
    for e, t in zip(rows, out, strict=True):
        if t.copies < 1:
            e.fail("copies", "must be at least 1 (remove the entry instead)")
    _unique("gairy.toml", [t.area for t in out], "Gairy tile", "area")
    return rows.done(out)


def load_festival(text: str | None = None) -> tuple[tuple[FestivalCard, ...], tuple[int, ...]]:
    data = _read("festival.toml", text)
    rows = _load("festival.toml", "cards", data=data, extra=("set_points",))
    out = []
    for i, e in enumerate(rows):
        kind = e.get("kind", str, choices=("pie", "novelty"))
        use = e.get("use", str, choices=("",) + NOVELTY_USES)
        if (kind == "novelty") != bool(use):
            e.fail("use", "a novelty needs a use and a pie has none")
        copies = e.get("copies", int)
        if copies < 1:
            e.fail("copies", "must be at least 1 (remove the entry instead)")
        out.append(FestivalCard(i, e.get("name", str), kind, copies, use,
                                e.prov(("name", "copies", "use"))))
    _unique("festival.toml", [c.name for c in out], "festival card")
    sets = data.get("set_points")
    if not isinstance(sets, list) or len(sets) != 1:
        raise ContentError("festival.toml: exactly one [[set_points]] entry is needed")
    e = _Entry("festival.toml", "set_points[0]", sets[0], SET_POINTS_KEYS)
    pts = e.get("points", list)
    npies = sum(1 for c in out if c.kind == "pie")
    if len(pts) != npies or not all(isinstance(p, int) and not isinstance(p, bool) for p in pts):
        e.fail("points", f"needs {npies} whole numbers (one per set size)")
    e.prov(("points",))
    return rows.done((tuple(out), tuple(pts)))


# ----------------------------------------------------------------------------- component counts
def _named_counts(fname: str, what: str, field: str, got: dict[str, int], want: dict[str, int],
                  rule: str) -> None:
    for name, n in want.items():
        if name not in got:
            raise ContentError(f"{fname}: {what} {name!r} is missing ({rule}); add an entry for it")
        check_total(fname, f"{what} {name!r}", field, got[name], n, rule, f"set `{field} = {n}`")
    for name in got:
        if name not in want:
            raise ContentError(f"{fname}: {what} {name!r} is not in the rules ({rule}, which "
                               f"list {', '.join(want)}); rename or remove it")


def check_counts(fname: str, records: Any) -> Any:
    """Check one file's records against the rulebook's component counts; return ``records``.

    ``fname`` is the data file's name (``"market.toml"``) and ``records`` what its loader
    returned. Rules: HV-SET-3 (base totals), HV-FFO-1/2 (expansion sunrise #11, Gairy tiles,
    characters), HV-CHR-2, HV-GAI-2, HV-PIE-1, HV-NOV-1, HV-ACT-4. Files without a count in
    the rules (crops, forest die: checked by their loaders) pass unchanged.
    """
    if fname == "sunrise.toml":
        check_total(fname, "base sunrise tiles", None, sum(1 for t in records if not t.expansion),
                    SUNRISE_BASE, "HV-SET-3",
                    f"number the base tiles 1–{SUNRISE_BASE} with `expansion = false`")
        for t in records:
            if t.expansion != (t.number in SUNRISE_EXPANSION):
                raise ContentError(
                    f"{fname}: sunrise tile #{t.number}, field 'expansion': must be "
                    f"{str(not t.expansion).lower()} (HV-SET-3, HV-FFO-1: tiles 1–{SUNRISE_BASE} "
                    f"are base, #{SUNRISE_EXPANSION[0]} is the Fall Festival's)")
    elif fname == "characters.toml":
        check_total(fname, "base characters", None, sum(1 for c in records if not c.expansion),
                    CHARACTERS_BASE, "HV-SET-3",
                    "add or remove [[characters]] entries with `expansion = false`")
        expansion = tuple(c.name for c in records if c.expansion)
        if sorted(expansion) != sorted(CHARACTERS_EXPANSION):
            raise ContentError(
                f"{fname}: expansion characters, field 'expansion': true on {list(expansion)}, "
                f"but the Fall Festival adds {' and '.join(CHARACTERS_EXPANSION)} (HV-CHR-2, "
                f"HV-FFO-2); set `expansion` on those two only")
    elif fname == "farmhouses.toml":
        check_total(fname, "farmhouses", None, len(records), FARMHOUSES_TOTAL,
                    "HV-SET-3")
    elif fname == "buildings.toml":
        check_total(fname, "buildings", None, len(records), BUILDINGS_TOTAL,
                    "HV-SET-3")
    elif fname == "market.toml":
        check_total(fname, "Market tiles", None, len(records), MARKET_TOTAL,
                    "HV-SET-3")
        numbers = sorted(m.number for m in records)
        if numbers != list(range(1, len(records) + 1)):
            raise ContentError(f"{fname}: Market tiles, field 'number': the tiles must be "
                               f"numbered 1–{len(records)}, got {numbers}")
    elif fname == "gairy.toml":
        got = {t.area: t.copies for t in records if not t.expansion}
        _named_counts(fname, "base Gairy tile", "copies", got, GAIRY_BASE, "HV-SET-3, HV-GAI-2")
        got = {t.area: t.copies for t in records if t.expansion}
        _named_counts(fname, "expansion Gairy tile", "copies", got, GAIRY_EXPANSION,
                      "HV-GAI-2, HV-FFO-2")
    elif fname == "festival.toml":
        cards = records[0]
        _named_counts(fname, "pie", "copies", {c.name: c.copies for c in cards if c.kind == "pie"},
                      PIE_COPIES, "HV-PIE-1")
        _named_counts(fname, "novelty", "copies",
                      {c.name: c.copies for c in cards if c.kind == "novelty"}, NOVELTY_COPIES, "HV-NOV-1")
    elif fname == "spaces.toml":
        names = tuple(s.name for s in records)
        if sorted(names) != sorted(SPACE_NAMES):
            missing = [n for n in SPACE_NAMES if n not in names]
            extra = [n for n in names if n not in SPACE_NAMES]
            raise ContentError(
                f"{fname}: spaces, field 'name': the boards have the spaces "
                f"{', '.join(SPACE_NAMES)} (HV-ACT-4, HV-GAI-6); missing {missing}, not in the "
                f"rules {extra}")
    return records


CROPS = load_crops()
SPACES = check_counts("spaces.toml", load_spaces())
SUNRISE = check_counts("sunrise.toml", load_sunrise())
DIE = load_die()
CHARACTERS = check_counts("characters.toml", load_characters())
FARMHOUSES = check_counts("farmhouses.toml", load_farmhouses())
BUILDINGS = check_counts("buildings.toml", load_buildings())
MARKET = check_counts("market.toml", load_market())
GAIRY = check_counts("gairy.toml", load_gairy())
FESTIVAL, SET_POINTS = check_counts("festival.toml", load_festival())
PIES = tuple(c.id for c in FESTIVAL if c.kind == "pie")
NOVELTIES = tuple(c.id for c in FESTIVAL if c.kind == "novelty")
SPACE_BY_NAME = {s.name.lower(): s for s in SPACES}
BUILDING_BY_NAME = {b.name.lower(): b for b in BUILDINGS}
CHARACTER_BY_NAME = {c.name.lower(): c for c in CHARACTERS}
FARMHOUSE_BY_NAME = {f.name.lower(): f for f in FARMHOUSES}
FESTIVAL_BY_NAME = {c.name.lower(): c for c in FESTIVAL}
CROP_BY_NAME = {c.name: c for c in CROPS}
