"""Content data checks of every game: broken copies of the real data files must fail with a
:class:`~acreage.ContentError` naming the file, the entry and the field, saying what is wrong
and how to fix it; the shipped data must pass every check.

Rules checked: component counts FF-SET-2, FF-SET-9 (Foxglove); FG-SET-2, FG-SET-3, FG-SET-7
(Fields of Green); HV-SET-3, HV-SET-4, HV-FFO-1, HV-FFO-2, HV-CHR-2, HV-GAI-2, HV-PIE-1,
HV-NOV-1, HV-ACT-4 (Harvest); plus the format checks every data file shares (schema version,
unknown fields at every level, duplicate ids, wrong types), which carry no rule ID of their own.

Each case reads the real file, edits one thing in its text and loads the result: Foxglove and
Fields of Green through a temporary file (their loaders take a path), Harvest as text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from acreage import ContentError
from acreage.games.fields_of_green import content as fg
from acreage.games.foxglove import content as ff
from acreage.games.harvest import content as hv

# ----------------------------------------------------------------------------- text edits


def _edit(text: str, old: str, new: str, after: str = "") -> str:
    """Replace the first ``old`` that follows the marker ``after`` (the start of the file when
    empty); fail loudly if the real data no longer contains it."""
    start = text.index(after) if after else 0
    at = text.index(old, start)
    return text[:at] + new + text[at + len(old):]


def _block(text: str, marker: str, header: str) -> tuple[int, int]:
    """Bounds of the ``header`` entry (``[[tiles]]``) that contains ``marker``."""
    at = text.index(marker)
    start = text.rindex(header, 0, at)
    end = text.find(header, at)
    return start, len(text) if end < 0 else end


def _drop(text: str, marker: str, header: str) -> str:
    start, end = _block(text, marker, header)
    return text[:start] + text[end:]


def _dup(text: str, marker: str, header: str) -> str:
    start, end = _block(text, marker, header)
    return text + "\n" + text[start:end]


def _raises(load, words: list[str]) -> None:
    with pytest.raises(ContentError) as err:
        load()
    msg = str(err.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


# ----------------------------------------------------------------------------- Foxglove

FF_TEXT = ff.DATA_FILE.read_text(encoding="utf-8")
SHEEP = 'name = "Sheepfold"'

#: (case, edit of tiles.toml, the words the message must hold)
FF_CASES = [
    ("schema-version", lambda t: _edit(t, "schema = 1", "schema = 2"),
     ["tiles.toml", "'schema'", "2", "schema 1"]),
    ("schema-missing", lambda t: _edit(t, "schema = 1\n", ""),
     ["tiles.toml", "'schema' is missing", "schema = 1"]),
    ("unknown-top-level", lambda t: _edit(t, "schema = 1\n", "schema = 1\nversion = 3\n"),
     ["tiles.toml", "unknown top-level key 'version'", "remove"]),
    ("unknown-tile-field", lambda t: _edit(t, "cost = {", "cots = {", after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold'", "unknown field 'cots'", "did you mean 'cost'"]),
    ("unknown-provenance-key", lambda t: _edit(t, 'copies = "inferred"', 'copise = "inferred"',
                                               after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold', field 'provenance'", "'copise'", "did you mean 'copies'"]),
    ("unknown-effect-field", lambda t: _edit(t, "goods = { sheep = 2 }", "goods = { sheep = 2 }, pionts = 1",
                                             after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold', effects[0]", "unknown field 'pionts'", "did you mean 'points'"]),
    ("unknown-goods", lambda t: _edit(t, "cost = { wood = 1, stone = 1 }",
                                      "cost = { wood = 1, stone = 1, gold = 1 }", after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold', field 'cost'", "unknown goods 'gold'"]),
    ("cost-as-string", lambda t: _edit(t, "cost = { wood = 1, stone = 1 }", 'cost = "1 wood, 1 stone"',
                                       after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold', field 'cost'", "expected a table"]),
    ("negative-cost", lambda t: _edit(t, "wood = 1", "wood = -1", after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold', field 'cost'", "wood", "≥ 0", "-1"]),
    ("negative-slots", lambda t: _edit(t, "slots = 2", "slots = -2", after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold'", "field 'slots'", "≥ 0"]),
    ("copies-as-string", lambda t: _edit(t, "copies = 1", 'copies = "1"', after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold'", "field 'copies'", "whole number"]),
    ("copies-missing", lambda t: _edit(t, "copies = 1\n", "", after=SHEEP),
     ["tiles.toml", "tile 'Sheepfold'", "field 'copies' is missing"]),
    ("duplicate-tile", lambda t: _dup(t, SHEEP, "[[tiles]]"),
     ["tiles.toml", "tile 'Sheepfold (A)' appears twice", "'name'", "merge the two entries"]),
]


def _ff_load(tmp_path: Path, text: str):
    path = tmp_path / "tiles.toml"
    path.write_text(text, encoding="utf-8")
    return ff.check_tile_counts(ff.load_tiles(path), path.name)


@pytest.mark.parametrize("edit, words", [c[1:] for c in FF_CASES], ids=[c[0] for c in FF_CASES])
def test_foxglove_tiles_file_format_checks(tmp_path, edit, words):
    """Schema, unknown fields at every level, types and duplicate tiles of tiles.toml (FF-SET-5)."""
    _raises(lambda: _ff_load(tmp_path, edit(FF_TEXT)), words)


FF_COUNT_CASES = [
    ("tier-A-FF-SET-2", lambda t: _edit(t, "copies = 1", "copies = 2", after=SHEEP),
     ["tiles.toml", "tier A tiles, field 'copies'", "adds up to 32", "FF-SET-2", "have 31"]),
    ("tier-B-FF-SET-2", lambda t: _edit(t, "copies = ", "copies = 1", after='tier = "B"'),
     ["tiles.toml", "tier B tiles, field 'copies'", "FF-SET-2", "have 35"]),
    ("advanced-FF-SET-2-FF-SET-9", lambda t: _edit(t, "advanced = true", "advanced = false"),
     ["tiles.toml", 'advanced ("!") C tiles', "field 'copies'", "FF-SET-9", "have 10"]),
    ("start-tile-FF-SET-2", lambda t: _edit(t, "copies = 4", "copies = 3", after='name = "Mine"'),
     ["tiles.toml", "starting tile 'Mine', field 'copies'", "adds up to 3", "FF-SET-2", "have 4"]),
]


@pytest.mark.parametrize("edit, words", [c[1:] for c in FF_COUNT_CASES],
                         ids=[c[0] for c in FF_COUNT_CASES])
def test_foxglove_tier_totals_FF_SET_2(tmp_path, edit, words):
    """FF-SET-2 (and FF-SET-9): tier totals 31 A / 35 B / 24 C, ten "!" C tiles, 4 Forests
    and 4 Mines; a file that loads but breaks a total is refused by check_tile_counts."""
    text = edit(FF_TEXT)
    path = tmp_path / "tiles.toml"
    path.write_text(text, encoding="utf-8")
    tiles = ff.load_tiles(path)  # the file itself is well formed
    _raises(lambda: ff.check_tile_counts(tiles, path.name), words)


def test_foxglove_shipped_tiles_pass_every_check_FF_SET_2(tmp_path):
    """FF-SET-2: the shipped tiles.toml passes the format checks and the rulebook totals."""
    tiles = _ff_load(tmp_path, FF_TEXT)
    assert len(tiles) == len(ff.TILES)
    assert ff.check_tile_counts(ff.TILES) is ff.TILES
    assert ff.tier_counts() == {"start": 8, "A": 31, "B": 35, "C": 24}


# ----------------------------------------------------------------------------- Fields of Green

FG_CARDS = fg.CARDS_FILE.read_text(encoding="utf-8")
FG_EQUIPMENT = fg.EQUIPMENT_FILE.read_text(encoding="utf-8")
BARLEY = 'name = "Barley Field"'
TRACTOR = 'name = "Tractor"'

#: (case, file, edit, words)
FG_CASES = [
    ("cards-schema-version", "cards", lambda t: _edit(t, "schema = 1", "schema = 7"),
     ["cards.toml", "'schema' is 7", "schema 1"]),
    ("cards-schema-missing", "cards", lambda t: _edit(t, "schema = 1\n", ""),
     ["cards.toml", "'schema' is missing", "schema = 1"]),
    ("cards-unknown-top-level", "cards", lambda t: _edit(t, "schema = 1\n", "schema = 1\ndecks = 4\n"),
     ["cards.toml", "unknown top-level key 'decks'"]),
    ("card-unknown-field", "cards", lambda t: _edit(t, "cost = {", "cots = {", after=BARLEY),
     ["cards.toml", "card 'Barley Field'", "unknown field 'cots'", "did you mean 'cost'"]),
    ("card-cost-unknown-key", "cards", lambda t: _edit(t, "cost = { coins = 3 }",
                                                        "cost = { coins = 3, gold = 1 }", after=BARLEY),
     ["cards.toml", "card 'Barley Field', field 'cost'", "unknown key 'gold'"]),
    ("card-harvest-cost-unknown-key", "cards",
     lambda t: _edit(t, "harvest_cost = { water = 1 }", "harvest_cost = { watr = 1 }", after=BARLEY),
     ["cards.toml", "card 'Barley Field', field 'harvest_cost'", "unknown key 'watr'", "'water'"]),
    ("card-prov-unknown-key", "cards",
     lambda t: _edit(t, 'copies = "source"', 'copies = "source", cost2 = "seed"', after=BARLEY),
     ["cards.toml", "card 'Barley Field', field 'prov'", "unknown field 'cost2'"]),
    ("card-effect-unknown-field", "cards", lambda t: _edit(t, 'kind = "gain"', 'kind = "gain", fod = 1',
                                                            after=BARLEY),
     ["cards.toml", "card 'Barley Field', effects[0]", "unknown field 'fod'", "did you mean 'food'"]),
    ("card-cost-as-string", "cards", lambda t: _edit(t, "cost = { coins = 3 }", 'cost = "3 coins"',
                                                      after=BARLEY),
     ["cards.toml", "card 'Barley Field', field 'cost'", "expected a table"]),
    ("card-negative-vp", "cards", lambda t: _edit(t, "vp = 0", "vp = -1", after=BARLEY),
     ["cards.toml", "card 'Barley Field'", "field 'vp'", "≥ 0"]),
    ("card-copies-as-string", "cards", lambda t: _edit(t, "copies = 3", 'copies = "3"', after=BARLEY),
     ["cards.toml", "card 'Barley Field'", "field 'copies'", "whole number"]),
    ("card-duplicate-id", "cards", lambda t: _edit(t, 'id = "P03"', 'id = "P02"'),
     ["cards.toml", "card 'P02' appears twice", "'id'"]),
    ("card-duplicate-name", "cards", lambda t: _edit(t, BARLEY, 'name = "Wheat Field"'),
     ["cards.toml", "card 'Wheat Field' appears twice", "'name'", "rename one"]),
    ("equipment-schema-version", "equipment", lambda t: _edit(t, "schema = 1", 'schema = "1"'),
     ["equipment.toml", "'schema' is '1'", "schema 1"]),
    ("equipment-schema-missing", "equipment", lambda t: _edit(t, "schema = 1\n", ""),
     ["equipment.toml", "'schema' is missing"]),
    ("equipment-unknown-top-level", "equipment",
     lambda t: _edit(t, "schema = 1\n", "schema = 1\n[extra]\nx = 1\n"),
     ["equipment.toml", "unknown top-level key 'extra'"]),
    ("equipment-unknown-field", "equipment", lambda t: _edit(t, "tiles = 4", "tiles = 4\ntile = 4",
                                                              after=TRACTOR),
     ["equipment.toml", "equipment 'Tractor'", "unknown field 'tile'", "did you mean 'tiles'"]),
    ("equipment-effect-unknown-key", "equipment", lambda t: _edit(t, "food = 1", "fod = 1", after=TRACTOR),
     ["equipment.toml", "equipment 'Tractor', effects[0]", "unknown key 'fod'", "did you mean 'food'"]),
    ("equipment-prov-unknown-key", "equipment", lambda t: _edit(t, 'tiles = "inferred"', 'tile = "inferred"',
                                                                 after=TRACTOR),
     ["equipment.toml", "equipment 'Tractor', field 'prov'", "unknown field 'tile'"]),
    ("equipment-negative-tiles", "equipment", lambda t: _edit(t, "tiles = 4", "tiles = -4", after=TRACTOR),
     ["equipment.toml", "equipment 'Tractor'", "field 'tiles'", "≥ 1"]),
    ("equipment-duplicate-name", "equipment", lambda t: _dup(t, TRACTOR, "[[equipment]]"),
     ["equipment.toml", "Equipment kind 'Tractor' appears twice", "'name'"]),
]


def _fg_load(tmp_path: Path, which: str, text: str):
    path = tmp_path / f"{which}.toml"
    path.write_text(text, encoding="utf-8")
    if which == "cards":
        return fg.check_card_counts(fg.load_cards(path), path.name)
    return fg.check_equipment_counts(fg.load_equipment(path), path.name)


@pytest.mark.parametrize("which, edit, words", [c[1:] for c in FG_CASES], ids=[c[0] for c in FG_CASES])
def test_fields_of_green_file_format_checks(tmp_path, which, edit, words):
    """Schema, unknown fields at every level, types and duplicate ids/names of cards.toml and
    equipment.toml (FG-SET-2, FG-SET-7: the files that hold the decks and the tiles)."""
    text = edit(FG_CARDS if which == "cards" else FG_EQUIPMENT)
    _raises(lambda: _fg_load(tmp_path, which, text), words)


FG_COUNT_CASES = [
    ("design-copies-FG-SET-2", "cards", lambda t: _edit(t, "copies = 3", "copies = 2", after=BARLEY),
     ["cards.toml", "card 'Barley Field' (P03): field 'copies' is 2", "FG-SET-2", "copies = 3"]),
    ("designs-per-deck-FG-SET-2", "cards", lambda t: _drop(t, 'id = "S01"', "[[cards]]"),
     ["cards.toml", "deck 'structure', field 'deck'", "10 designs", "11 designs", "FG-SET-2"]),
    ("water-towers-FG-SET-3", "cards", lambda t: _edit(t, "copies = 20", "copies = 19"),
     ["cards.toml", "deck 'tower', field 'copies'", "adds up to 19", "FG-SET-3", "have 20"]),
    ("silos-FG-SET-3", "cards", lambda t: _edit(t, "copies = 14", "copies = 15"),
     ["cards.toml", "deck 'silo', field 'copies'", "adds up to 15", "FG-SET-3", "have 14"]),
    ("equipment-tiles-FG-SET-7", "equipment", lambda t: _edit(t, "tiles = 4", "tiles = 3", after=TRACTOR),
     ["equipment.toml", "Equipment tiles, field 'tiles'", "adds up to 29", "FG-SET-7", "have 30"]),
]


@pytest.mark.parametrize("which, edit, words", [c[1:] for c in FG_COUNT_CASES],
                         ids=[c[0] for c in FG_COUNT_CASES])
def test_fields_of_green_deck_totals_FG_SET_2_FG_SET_3_FG_SET_7(tmp_path, which, edit, words):
    """FG-SET-2: 4 main decks of 11 designs x 3 copies; FG-SET-3: 20 Water Towers and 14 Silos;
    FG-SET-7: 30 Equipment tiles. The edited file loads; its totals are refused."""
    path = tmp_path / f"{which}.toml"
    path.write_text(edit(FG_CARDS if which == "cards" else FG_EQUIPMENT), encoding="utf-8")
    if which == "cards":
        cards = fg.load_cards(path)
        _raises(lambda: fg.check_card_counts(cards, path.name), words)
    else:
        kinds = fg.load_equipment(path)
        _raises(lambda: fg.check_equipment_counts(kinds, path.name), words)


def test_fields_of_green_shipped_data_pass_every_check_FG_SET_2_FG_SET_3_FG_SET_7(tmp_path):
    """FG-SET-2, FG-SET-3, FG-SET-7: the shipped files pass the format checks and the totals."""
    assert len(_fg_load(tmp_path, "cards", FG_CARDS)) == len(fg.CARDS)
    assert len(_fg_load(tmp_path, "equipment", FG_EQUIPMENT)) == len(fg.EQUIPMENT)
    assert fg.deck_counts() == fg.DECK_TOTALS


# ----------------------------------------------------------------------------- Harvest

HV_LOADERS = {
    "crops.toml": hv.load_crops, "spaces.toml": hv.load_spaces, "sunrise.toml": hv.load_sunrise,
    "forest_die.toml": hv.load_die, "characters.toml": hv.load_characters,
    "farmhouses.toml": hv.load_farmhouses, "buildings.toml": hv.load_buildings,
    "market.toml": hv.load_market, "gairy.toml": hv.load_gairy, "festival.toml": hv.load_festival,
}
HV_TEXT = {f: (hv.DATA_DIR / f).read_text(encoding="utf-8") for f in HV_LOADERS}


def _hv_load(fname: str, text: str):
    return hv.check_counts(fname, HV_LOADERS[fname](text))


@pytest.mark.parametrize("fname", sorted(HV_LOADERS))
def test_harvest_unknown_schema_version_is_refused_HV_SET_3(fname):
    """HV-SET-3 files: every data file must carry `schema = 1`; another version is refused."""
    text = _edit(HV_TEXT[fname], "schema = 1", "schema = 2")
    _raises(lambda: _hv_load(fname, text), [fname, "'schema' is 2", "schema 1"])


@pytest.mark.parametrize("fname", sorted(HV_LOADERS))
def test_harvest_missing_schema_is_refused_HV_SET_3(fname):
    """HV-SET-3 files: a file without a schema marker is refused, after its entries."""
    text = _edit(HV_TEXT[fname], "schema = 1\n", "")
    _raises(lambda: _hv_load(fname, text), [fname, "'schema' is missing", "schema = 1"])


WELL = 'name = "Well"'
M10 = "number = 10"

#: (case, file, edit, words)
HV_CASES = [
    ("unknown-top-level", "buildings.toml", lambda t: _edit(t, "schema = 1\n", "schema = 1\nbuilding = 1\n"),
     ["buildings.toml", "unknown top-level key 'building'", "did you mean 'buildings'"]),
    ("unknown-entry-field", "buildings.toml", lambda t: _edit(t, "help =", "hepl = 1\nhelp =", after=WELL),
     ["buildings.toml", "buildings[4] (Well)", "unknown field 'hepl'", "did you mean 'help'"]),
    ("unknown-gain-key", "buildings.toml",
     lambda t: _edit(t, "on_build = { upgrade = 1 }", "on_build = { upgrade = 1, value = 2 }", after=WELL),
     ["buildings.toml", "buildings[4] (Well), field 'on_build'", "unknown gain 'value'"]),
    ("unknown-prov-key", "buildings.toml", lambda t: _edit(t, 'effect = "inferred"', 'efect = "inferred"',
                                                            after=WELL),
     ["buildings.toml", "buildings[4] (Well), field 'prov'", "unknown tag 'efect'", "did you mean 'effect'"]),
    ("unknown-market-cost", "market.toml", lambda t: _edit(t, "cost = { coins = 3 }", "cost = { cots = 3 }",
                                                            after=M10),
     ["market.toml", "market[9] (10), field 'cost'", "unknown cost 'cots'", "did you mean 'coins'"]),
    ("unknown-set-points-field", "festival.toml", lambda t: _edit(t, "points = [", "pionts = 1\npoints = ["),
     ["festival.toml", "set_points[0]", "unknown field 'pionts'"]),
    ("cost-as-string", "market.toml", lambda t: _edit(t, "coins = 3", 'coins = "3"', after=M10),
     ["market.toml", "market[9] (10), field 'cost'", "whole number", "'3'"]),
    ("negative-count", "crops.toml", lambda t: _edit(t, "tend_water = 1", "tend_water = -1"),
     ["crops.toml", "crops[0] (wheat), field 'tend_water'", "negative"]),
    ("wrong-type", "gairy.toml", lambda t: _edit(t, "copies = 2", 'copies = "2"'),
     ["gairy.toml", "gairy[0] (gs), field 'copies'", "should be int"]),
    ("zero-copies", "festival.toml", lambda t: _edit(t, "copies = 5", "copies = 0"),
     ["festival.toml", "cards[0] (Apple Pie), field 'copies'", "at least 1"]),
    ("duplicate-building", "buildings.toml", lambda t: _dup(t, WELL, "[[buildings]]"),
     ["buildings.toml", "building 'Well' appears twice", "'name'"]),
    ("duplicate-market-number", "market.toml", lambda t: _edit(t, "number = 11", "number = 10"),
     ["market.toml", "Market tile 10 appears twice", "'number'"]),
    ("duplicate-festival-card", "festival.toml",
     lambda t: _edit(t, 'name = "Pecan Pie"', 'name = "Apple Pie"'),
     ["festival.toml", "festival card 'Apple Pie' appears twice"]),
    ("duplicate-gairy-area", "gairy.toml", lambda t: _edit(t, 'area = "fields"', 'area = "gs"'),
     ["gairy.toml", "Gairy tile 'gs' appears twice", "'area'", "change its area"]),
    ("duplicate-character", "characters.toml", lambda t: _edit(t, 'name = "Berry Keeper"',
                                                                'name = "Pumpkin Patcher"'),
     ["characters.toml", "character 'Pumpkin Patcher' appears twice"]),
    ("duplicate-space", "spaces.toml", lambda t: _edit(t, 'name = "GS-2"', 'name = "GS-3"'),
     ["spaces.toml", "space 'GS-3' appears twice"]),
    ("duplicate-sunrise-number", "sunrise.toml", lambda t: _edit(t, "number = 10", "number = 9"),
     ["sunrise.toml", "sunrise[9] (9), field 'number'", "no number twice", "expected 10"]),
]


@pytest.mark.parametrize("fname, edit, words", [c[1:] for c in HV_CASES], ids=[c[0] for c in HV_CASES])
def test_harvest_file_format_checks_HV_SET_3(fname, edit, words):
    """HV-SET-3 ("checked when the data loads"): unknown fields at every level, types and
    duplicate ids of the Harvest data files."""
    _raises(lambda: _hv_load(fname, edit(HV_TEXT[fname])), words)


HV_COUNT_CASES = [
    ("sunrise-HV-SET-3", "sunrise.toml",
     lambda t: _edit(t, "expansion = false", "expansion = true", after=M10),
     ["sunrise.toml", "base sunrise tiles", "has 9 entries", "HV-SET-3", "have 10"]),
    ("sunrise-11-HV-FFO-1", "sunrise.toml",
     lambda t: _edit(_edit(t, "expansion = false", "expansion = true", after=M10),
                     "expansion = true", "expansion = false", after="number = 11"),
     ["sunrise.toml", "sunrise tile #10, field 'expansion'", "must be false", "HV-FFO-1"]),
    ("characters-HV-SET-3", "characters.toml", lambda t: _edit(t, "expansion = true", "expansion = false"),
     ["characters.toml", "base characters", "has 9 entries", "HV-SET-3", "have 8"]),
    ("expansion-characters-HV-CHR-2", "characters.toml",
     lambda t: _edit(_edit(t, "expansion = false", "expansion = true"),
                     "expansion = true", "expansion = false", after='name = "Francie"'),
     ["characters.toml", "expansion characters, field 'expansion'", "Francie", "HV-CHR-2"]),
    ("farmhouses-HV-SET-3", "farmhouses.toml", lambda t: _drop(t, 'name = "Cozy Cottage"', "[[farmhouses]]"),
     ["farmhouses.toml", "farmhouses: has 7 entries", "HV-SET-3", "have 8"]),
    ("buildings-HV-SET-3", "buildings.toml", lambda t: _drop(t, WELL, "[[buildings]]"),
     ["buildings.toml", "buildings: has 17 entries", "HV-SET-3", "have 18"]),
    ("market-HV-SET-3", "market.toml", lambda t: _drop(t, "number = 16", "[[market]]"),
     ["market.toml", "Market tiles: has 15 entries", "HV-SET-3", "have 16"]),
    ("market-numbers-HV-SET-3", "market.toml", lambda t: _edit(t, "number = 16", "number = 17"),
     ["market.toml", "Market tiles, field 'number'", "1–16"]),
    ("gairy-HV-GAI-2", "gairy.toml", lambda t: _edit(t, "copies = 2", "copies = 3"),
     ["gairy.toml", "base Gairy tile 'gs', field 'copies'", "adds up to 3", "HV-GAI-2", "have 2"]),
    ("gairy-festival-HV-GAI-2", "gairy.toml",
     lambda t: _edit(t, "copies = 2", "copies = 1", after='"festival"'),
     ["gairy.toml", "expansion Gairy tile 'festival', field 'copies'", "HV-GAI-2"]),
    ("pies-HV-PIE-1", "festival.toml", lambda t: _edit(t, "copies = 5", "copies = 4"),
     ["festival.toml", "pie 'Apple Pie', field 'copies'", "adds up to 4", "HV-PIE-1", "have 5"]),
    ("novelties-HV-NOV-1", "festival.toml",
     lambda t: _edit(t, "copies = 3", "copies = 4", after='name = "Funnel Cake"'),
     ["festival.toml", "novelty 'Funnel Cake', field 'copies'", "adds up to 4", "HV-NOV-1", "have 3"]),
    ("novelty-name-HV-NOV-1", "festival.toml",
     lambda t: _edit(t, 'name = "Funnel Cake"', 'name = "Funnel Cakes"'),
     ["festival.toml", "novelty 'Funnel Cake' is missing", "HV-NOV-1"]),
    ("spaces-HV-ACT-4", "spaces.toml", lambda t: _edit(t, 'name = "FF-3"', 'name = "FF-4"'),
     ["spaces.toml", "field 'name'", "HV-ACT-4", "'FF-3'", "'FF-4'"]),
    ("crops-HV-SET-4", "crops.toml", lambda t: _drop(t, 'name = "pumpkin"', "[[crops]]"),
     ["crops.toml", "3 entries", "HV-SET-4", "pumpkin"]),
    ("die-HV-SET-3", "forest_die.toml", lambda t: _drop(t, "face = 6", "[[faces]]"),
     ["forest_die.toml", "6 faces", "HV-SET-3", "found 5"]),
]


@pytest.mark.parametrize("fname, edit, words", [c[1:] for c in HV_COUNT_CASES],
                         ids=[c[0] for c in HV_COUNT_CASES])
def test_harvest_component_counts_HV_SET_3_HV_GAI_2_HV_PIE_1_HV_NOV_1(fname, edit, words):
    """HV-SET-3 (sunrise 10, characters 8, farmhouses 8, buildings 18, Market tiles 16, Gairy 8,
    a six-faced die), HV-SET-4 (four crops), HV-FFO-1/HV-FFO-2/HV-CHR-2 (sunrise #11, Francie,
    Finn & Maisie), HV-GAI-2 (Gairy split), HV-PIE-1 and HV-NOV-1 (festival deck), HV-ACT-4
    (action spaces)."""
    _raises(lambda: _hv_load(fname, edit(HV_TEXT[fname])), words)


@pytest.mark.parametrize("fname", sorted(HV_LOADERS))
def test_harvest_shipped_data_pass_every_check_HV_SET_3(fname):
    """HV-SET-3, HV-GAI-2, HV-PIE-1, HV-NOV-1, HV-ACT-4: each shipped file passes the format
    checks and its rulebook counts."""
    assert _hv_load(fname, HV_TEXT[fname])
    assert _hv_load(fname, None)  # the loader's own read of the shipped file


def test_every_content_error_is_a_value_error():
    """ContentError stays catchable as ValueError (core contract)."""
    assert issubclass(ContentError, ValueError)
