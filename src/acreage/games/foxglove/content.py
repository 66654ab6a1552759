"""Foxglove Farm tile content: loaded from ``data/tiles.toml`` and validated at import.

Effects are data (``kind`` + a few numbers) interpreted by :mod:`.effects`; this module only
checks and freezes them. A broken data file fails here with the file, the tile and the field
named, so someone correcting a number from the physical game sees at once what is wrong.
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
from .goods import ALL_GOODS_MASK, GOODS, GOODS_INDEX, NUM_GOODS, ZERO

DATA_FILE = Path(__file__).parent / "data" / "tiles.toml"

TIERS = ("start", "A", "B", "C")
TIMINGS = ("immediate", "production", "construction", "transport", "processing", "end")
PROVENANCE_TAGS = ("seed", "source", "inferred")
PROVENANCE_FIELDS = ("copies", "cost", "slots", "accepts", "effects")
#: The keys a file, a ``[[tiles]]`` entry and its ``[tiles.provenance]`` table may hold.
FILE_KEYS = ("schema", "tiles")
TILE_KEYS = ("name", "tier", "advanced", "copies", "cost", "slots", "accepts", "effects", "help",
             "provenance")
PROVENANCE_KEYS = PROVENANCE_FIELDS + ("note",)
#: FF-SET-2: physical tiles per tier (the starting tile is a Forest/Mine domino, one per player,
#: so 4 Forests and 4 Mines), and how many of the C tiles are advanced ("!").
TIER_TOTALS = {"A": 31, "B": 35, "C": 24}
START_COPIES = {"Forest": 4, "Mine": 4}
ADVANCED_TOTAL = 10

#: Effect kind → (allowed timings, required keys, optional keys).
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "gain": (("immediate", "production"), (), ("goods", "points")),
    "gain_one_type": (("immediate",), ("amount",), ()),
    "breed": (("production",), ("goods", "per_pair"), ()),
    "score_held": (("production", "end"), ("goods", "points"), ()),
    "full_bonus": (("end",), ("points",), ()),
    "convert": (("processing",), ("inputs",), ("goods", "points")),
    "convert_distinct": (("processing",), ("count", "points"), ()),
    "haul": (("transport",), ("count",), ()),
    "porter": (("transport",), ("count",), ()),
    "connector": (("transport",), (), ()),
    "free_trail": (("construction",), ("count",), ()),
    "wood_for_stone": (("construction",), ("count",), ()),
    "distinct_types_held": (("end",), ("points",), ()),
    "per_trail": (("end",), ("points",), ()),
    "per_building": (("end",), ("points",), ()),
    "trail_reach": (("end",), ("points",), ()),
    "neighbours_processing": (("end",), ("points",), ()),
}


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a tile. Unused fields keep their zero defaults."""

    when: str
    kind: str
    goods: tuple[int, ...] = ZERO  # gained/produced goods as a 5-vector
    inputs: tuple[int, ...] = ZERO  # convert inputs
    points: int = 0
    count: int = 0
    amount: int = 0
    per_pair: int = 0
    held: int = -1  # goods index counted by score_held/breed; -1 means every cube


@dataclass(frozen=True)
class TileKind:
    """A building design. ``id`` is its index in :data:`TILES` (stable for a content version)."""

    id: int
    name: str
    tier: str
    advanced: bool
    copies: int
    cost: tuple[int, ...]
    slots: int
    accepts: int  # bit mask over goods
    effects: tuple[Effect, ...]
    help: str
    provenance: dict[str, str] = field(default_factory=dict)

    def effects_at(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)

    @property
    def has_processing(self) -> bool:
        return any(e.when == "processing" for e in self.effects)

    def accepts_goods(self, g: int) -> bool:
        return bool(self.accepts >> g & 1)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.tier}{'!' if self.advanced else ''})"


def _goods_vector(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, dict):
        raise ContentError(f"{where}: expected a table of goods counts like {{ wood = 1 }}")
    vec = [0] * NUM_GOODS
    for name, n in value.items():
        if name not in GOODS_INDEX:
            raise ContentError(f"{where}: unknown goods {name!r}; use one of {', '.join(GOODS)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ContentError(f"{where}: count for {name} must be a whole number ≥ 0, got {n!r}")
        vec[GOODS_INDEX[name]] = n
    return tuple(vec)


def _int(entry: dict, key: str, where: str, minimum: int | None = 0) -> int:
    if key not in entry:
        raise ContentError(f"{where}: field {key!r} is missing; add it (a whole number)")
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ContentError(f"{where}: field {key!r} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ContentError(f"{where}: field {key!r} must be ≥ {minimum}, got {value}")
    return value


def _effect(raw: Any, where: str) -> Effect:
    kind, when = check_effect_shape(raw, where, EFFECT_KINDS)
    args: dict[str, Any] = {"when": when, "kind": kind}
    if "goods" in raw:
        if kind in ("breed", "score_held"):
            name = raw["goods"]
            if name != "any" and name not in GOODS_INDEX:
                raise ContentError(f"{where}: field 'goods' must name one goods type or 'any'")
            args["held"] = -1 if name == "any" else GOODS_INDEX[name]
        else:
            args["goods"] = _goods_vector(raw["goods"], f"{where}, field 'goods'")
    if "inputs" in raw:
        args["inputs"] = _goods_vector(raw["inputs"], f"{where}, field 'inputs'")
        if not any(args["inputs"]):
            raise ContentError(f"{where}: a conversion needs at least one input")
    if "points" in raw:
        args["points"] = _int(raw, "points", where, minimum=None)
    for key in ("count", "amount", "per_pair"):
        if key in raw:
            args[key] = _int(raw, key, where, minimum=1)
    if kind == "convert_distinct" and not 2 <= args["count"] <= NUM_GOODS:
        raise ContentError(f"{where}: 'count' of convert_distinct must be 2–5")
    return Effect(**args)


def _tile(raw: Any, index: int, where_file: str) -> TileKind:
    if not isinstance(raw, dict):
        raise ContentError(f"{where_file}: tiles[{index}] must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(f"{where_file}: tiles[{index}] needs a 'name'")
    where = f"{where_file}: tile {name!r}"
    check_keys(raw, TILE_KEYS, where)
    tier = raw.get("tier")
    if tier not in TIERS:
        raise ContentError(f"{where}: field 'tier' must be one of {', '.join(TIERS)}, got {tier!r}")
    advanced = raw.get("advanced", False)
    if not isinstance(advanced, bool):
        raise ContentError(f"{where}: field 'advanced' must be true or false")
    if advanced and tier != "C":
        raise ContentError(f"{where}: only C tiles can be advanced ('!')")
    copies = _int(raw, "copies", where, minimum=1)
    cost = _goods_vector(raw.get("cost", {}), f"{where}, field 'cost'")
    slots = _int(raw, "slots", where)
    accepts_raw = raw.get("accepts")
    if not isinstance(accepts_raw, list):
        raise ContentError(f"{where}: field 'accepts' must be a list of goods, ['any'] or []")
    mask = 0
    for g in accepts_raw:
        if g == "any":
            mask = ALL_GOODS_MASK
        elif g in GOODS_INDEX:
            mask |= 1 << GOODS_INDEX[g]
        else:
            raise ContentError(f"{where}: field 'accepts' names unknown goods {g!r}")
    if slots == 0:
        mask = 0  # a tile with no slots can never be a destination (FF-EFX-4)
    effects_raw = raw.get("effects")
    if not isinstance(effects_raw, list):
        raise ContentError(f"{where}: field 'effects' must be a list of effect tables")
    effects = tuple(_effect(e, f"{where}, effects[{i}]") for i, e in enumerate(effects_raw))
    help_text = raw.get("help", "")
    if not isinstance(help_text, str) or not help_text.strip():
        raise ContentError(f"{where}: field 'help' must explain the tile in a sentence or two")
    prov = raw.get("provenance")
    if not isinstance(prov, dict):
        raise ContentError(f"{where}: a [tiles.provenance] table is required")
    check_keys(prov, PROVENANCE_KEYS, f"{where}, field 'provenance'")
    if not isinstance(prov.get("note", ""), str):
        raise ContentError(f"{where}, field 'provenance': 'note' must be a string")
    for key in PROVENANCE_FIELDS:
        if prov.get(key) not in PROVENANCE_TAGS:
            raise ContentError(
                f"{where}: provenance of {key!r} must be one of {', '.join(PROVENANCE_TAGS)}, "
                f"got {prov.get(key)!r}"
            )
    return TileKind(index, name.strip(), tier, advanced, copies, cost, slots, mask, effects,
                    help_text.strip(), dict(prov))


def load_tiles(path: Path | str = DATA_FILE) -> tuple[TileKind, ...]:
    """Load and validate a tile file; raise :class:`ContentError` naming the bad field.

    Checks the ``schema`` marker, every key at every level (file, tile, provenance, effect),
    types and ranges, and that no tile (name and tier) appears twice. The rulebook's totals are
    :func:`check_tile_counts`, run on the shipped file at import.
    """
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{path}: the tile data file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    check_schema(data, path.name)
    check_keys(data, FILE_KEYS, path.name, "top-level key")
    tiles_raw = data.get("tiles")
    if not isinstance(tiles_raw, list) or not tiles_raw:
        raise ContentError(f"{path}: expected [[tiles]] entries")
    tiles = tuple(_tile(raw, i, path.name) for i, raw in enumerate(tiles_raw))
    # The A and B Charcoal Kilns share a name, so a tile is identified by name and tier.
    check_unique(path.name, (f"{t.name} ({t.tier})" for t in tiles), "tile", "name", MERGE_FIX)
    seen = {(t.name, t.tier) for t in tiles}
    for needed in ("Forest", "Mine"):
        if (needed, "start") not in seen:
            raise ContentError(f"{path.name}: the starting tile {needed!r} (tier 'start') is missing")
    require_schema(data, path.name)
    return tiles


def check_tile_counts(tiles: tuple[TileKind, ...], fname: str = DATA_FILE.name) -> tuple[TileKind, ...]:
    """FF-SET-2: 4 starting tiles (4 Forests and 4 Mines) and 90 building tiles, 31 A, 35 B and
    24 C, ten of the C tiles advanced. Return ``tiles``; raise :class:`ContentError` naming the
    tier (or tile) and the field ``copies`` otherwise."""
    for name, want in START_COPIES.items():
        got = sum(t.copies for t in tiles if t.tier == "start" and t.name == name)
        check_total(fname, f"starting tile {name!r}", "copies", got, want,
                    "FF-SET-2: one starting tile per player, 4 in all", f"set `copies = {want}`")
    for tier, want in TIER_TOTALS.items():
        got = sum(t.copies for t in tiles if t.tier == tier)
        check_total(fname, f"tier {tier} tiles", "copies", got, want, "FF-SET-2")
    got = sum(t.copies for t in tiles if t.advanced)
    check_total(fname, 'advanced ("!") C tiles', "copies", got, ADVANCED_TOTAL, "FF-SET-2, FF-SET-9")
    return tiles


TILES: tuple[TileKind, ...] = check_tile_counts(load_tiles())
TILE_BY_NAME: dict[str, list[TileKind]] = {}
for _t in TILES:
    TILE_BY_NAME.setdefault(_t.name.lower(), []).append(_t)
FOREST = next(t for t in TILES if t.name == "Forest" and t.tier == "start")
MINE = next(t for t in TILES if t.name == "Mine" and t.tier == "start")


def tier_counts(tiles: tuple[TileKind, ...] = TILES) -> dict[str, int]:
    counts = {tier: 0 for tier in TIERS}
    for t in tiles:
        counts[t.tier] += t.copies
    return counts


def find_tile(name: str, tier: str | None = None) -> TileKind:
    """Look a tile up by name (any case); ``tier`` picks between the two Charcoal Kilns."""
    options = TILE_BY_NAME.get(name.strip().lower(), [])
    if tier is not None:
        options = [t for t in options if t.tier == tier]
    if not options:
        raise KeyError(f"no tile called {name!r}")
    return options[0]
