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

    def __init__(self, fname: str, where: str, data: Any) -> None:
        self.fname, self.where, self.data = fname, where, data
        if not isinstance(data, dict):
            self.fail("", "expected a table")

    def fail(self, key: str, msg: str):
        at = f", field {key!r}" if key else ""
        raise ContentError(f"{self.fname}: {self.where}{at}: {msg}")

    def get(self, key: str, kind: type, default: Any = ..., choices: tuple = ()) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(key, "is missing")
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
        bad = sorted(set(raw) - set(GAIN_KEYS) - {"value"})
        if bad:
            self.fail(key, f"unknown gain {bad[0]!r}; known: {', '.join(GAIN_KEYS)}")
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
        for f in fields:
            if f not in prov:
                self.fail("prov", f"has no provenance tag for {f!r}")
            if prov[f] not in PROVENANCE_TAGS:
                tags = ", ".join(PROVENANCE_TAGS)
                self.fail("prov", f"tag for {f!r} must be one of {tags}, got {prov[f]!r}")
        return dict(prov)


def _load(fname: str, table: str, text: str | None = None) -> list[_Entry]:
    path = DATA_DIR / fname
    try:
        data = tomllib.loads(text) if text is not None else tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{fname}: cannot be read: {exc}") from None
    if data.get("schema") != 1:
        raise ContentError(f"{fname}: field 'schema' must be 1")
    rows = data.get(table)
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"{fname}: no [[{table}]] entries")
    out = []
    for i, row in enumerate(rows):
        name = row.get("name", row.get("number", row.get("area", i))) if isinstance(row, dict) else i
        out.append(_Entry(fname, f"{table}[{i}] ({name})", row))
    return out


def _unique(fname: str, names: list) -> None:
    seen = set()
    for n in names:
        if n in seen:
            raise ContentError(f"{fname}: entry {n!r} appears twice")
        seen.add(n)


def load_crops(text: str | None = None) -> tuple[Crop, ...]:
    out = []
    for i, e in enumerate(_load("crops.toml", "crops", text)):
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
    return tuple(out)


def load_spaces(text: str | None = None) -> tuple[Space, ...]:
    out = [Space(i, e.get("name", str), e.get("area", str, choices=AREAS), e.get("actions", int),
                 e.get("infinite", bool), e.prov(("area", "actions", "infinite")))
           for i, e in enumerate(_load("spaces.toml", "spaces", text))]
    _unique("spaces.toml", [s.name for s in out])
    return tuple(out)


def load_sunrise(text: str | None = None) -> tuple[SunriseTile, ...]:
    out = []
    for i, e in enumerate(_load("sunrise.toml", "sunrise", text)):
        n = e.get("number", int)
        if n != i + 1:
            e.fail("number", f"tiles must be numbered 1, 2, … in order; expected {i + 1}")
        out.append(SunriseTile(n, e.get("expansion", bool), e.gain("income"), e.prov(("number", "income"))))
    return tuple(out)


def load_die(text: str | None = None) -> tuple[Gain, ...]:
    entries = _load("forest_die.toml", "faces", text)
    if len(entries) != 6:
        raise ContentError(f"forest_die.toml: the die needs 6 faces, found {len(entries)}")
    out = []
    for i, e in enumerate(entries):
        if e.get("face", int) != i + 1:
            e.fail("face", f"expected {i + 1}")
        e.prov(("gain",))
        out.append(e.gain("gain"))
    return tuple(out)


def load_characters(text: str | None = None) -> tuple[Character, ...]:
    out = []
    for i, e in enumerate(_load("characters.toml", "characters", text)):
        cap = e.get("capacity", int)
        if cap and not 3 <= cap <= 6:
            e.fail("capacity", "must be 0 or 3–6")
        out.append(Character(i, e.get("name", str), e.get("ability", str, choices=ABILITIES),
                             e.get("expansion", bool), e.gain("start"), cap, e.get("help", str),
                             e.prov(("ability", "start", "capacity"))))
    _unique("characters.toml", [c.name for c in out])
    return tuple(out)


def load_farmhouses(text: str | None = None) -> tuple[Farmhouse, ...]:
    out = [Farmhouse(i, e.get("name", str), e.gain("sunrise"), e.get("forest_points", int),
                     e.get("end_per_building", int), e.get("end_per_bush", int),
                     e.prov(("sunrise", "forest_points", "end_per_building", "end_per_bush")))
           for i, e in enumerate(_load("farmhouses.toml", "farmhouses", text))]
    _unique("farmhouses.toml", [f.name for f in out])
    return tuple(out)


def load_buildings(text: str | None = None) -> tuple[Building, ...]:
    out = []
    for i, e in enumerate(_load("buildings.toml", "buildings", text)):
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
    _unique("buildings.toml", [b.name for b in out])
    return tuple(out)


def load_market(text: str | None = None) -> tuple[MarketTile, ...]:
    out = []
    for i, e in enumerate(_load("market.toml", "market", text)):
        cost = e.get("cost", dict)
        bad = sorted(set(cost) - {"coins", "fertilizer", "water", "seed"})
        if bad:
            e.fail("cost", f"unknown cost {bad[0]!r}")
        for k, v in cost.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                e.fail("cost", f"{k} should be a whole number ≥ 0, got {v!r}")
        eff = e.get("effect", str, choices=MARKET_EFFECTS)
        out.append(MarketTile(i, e.get("number", int), cost.get("coins", 0), cost.get("fertilizer", 0),
                              cost.get("water", 0), cost.get("seed", 0), eff, e.gain("gain"),
                              e.get("value", int, 0), e.prov(("cost", "effect"))))
    _unique("market.toml", [m.number for m in out])
    return tuple(out)


def load_gairy(text: str | None = None) -> tuple[GairyTile, ...]:
    return tuple(GairyTile(e.get("area", str, choices=AREAS[:5] + ("festival",)), e.get("copies", int),
                           e.get("expansion", bool), e.prov(("area", "copies")))
                 for e in _load("gairy.toml", "gairy", text))


def load_festival(text: str | None = None) -> tuple[tuple[FestivalCard, ...], tuple[int, ...]]:
    out = []
    for i, e in enumerate(_load("festival.toml", "cards", text)):
        kind = e.get("kind", str, choices=("pie", "novelty"))
        use = e.get("use", str, choices=("",) + NOVELTY_USES)
        if (kind == "novelty") != bool(use):
            e.fail("use", "a novelty needs a use and a pie has none")
        out.append(FestivalCard(i, e.get("name", str), kind, e.get("copies", int), use,
                                e.prov(("name", "copies", "use"))))
    _unique("festival.toml", [c.name for c in out])
    raw = tomllib.loads(text) if text is not None else tomllib.loads((DATA_DIR / "festival.toml").read_text())
    sets = raw.get("set_points")
    if not isinstance(sets, list) or len(sets) != 1:
        raise ContentError("festival.toml: exactly one [[set_points]] entry is needed")
    e = _Entry("festival.toml", "set_points[0]", sets[0])
    pts = e.get("points", list)
    npies = sum(1 for c in out if c.kind == "pie")
    if len(pts) != npies or not all(isinstance(p, int) and not isinstance(p, bool) for p in pts):
        e.fail("points", f"needs {npies} whole numbers (one per set size)")
    e.prov(("points",))
    return tuple(out), tuple(pts)


CROPS = load_crops()
SPACES = load_spaces()
SUNRISE = load_sunrise()
DIE = load_die()
CHARACTERS = load_characters()
FARMHOUSES = load_farmhouses()
BUILDINGS = load_buildings()
MARKET = load_market()
GAIRY = load_gairy()
FESTIVAL, SET_POINTS = load_festival()
PIES = tuple(c.id for c in FESTIVAL if c.kind == "pie")
NOVELTIES = tuple(c.id for c in FESTIVAL if c.kind == "novelty")
SPACE_BY_NAME = {s.name.lower(): s for s in SPACES}
BUILDING_BY_NAME = {b.name.lower(): b for b in BUILDINGS}
CHARACTER_BY_NAME = {c.name.lower(): c for c in CHARACTERS}
FARMHOUSE_BY_NAME = {f.name.lower(): f for f in FARMHOUSES}
FESTIVAL_BY_NAME = {c.name.lower(): c for c in FESTIVAL}
CROP_BY_NAME = {c.name: c for c in CROPS}


def _check_totals() -> None:
    """HV-SET-3: base totals."""
    base_sunrise = sum(1 for t in SUNRISE if not t.expansion)
    checks = (("sunrise.toml", base_sunrise, 10),
              ("characters.toml", sum(1 for c in CHARACTERS if not c.expansion), 8),
              ("farmhouses.toml", len(FARMHOUSES), 8), ("buildings.toml", len(BUILDINGS), 18),
              ("market.toml", len(MARKET), 16),
              ("gairy.toml", sum(t.copies for t in GAIRY if not t.expansion), 8),
              ("festival.toml", sum(c.copies for c in FESTIVAL), 30))
    for fname, got, want in checks:
        if got != want:
            raise ContentError(f"{fname}: the base game needs {want} entries, found {got}")


_check_totals()
