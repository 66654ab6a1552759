"""Card and Equipment data: totals, provenance and validation (FG-SET-2, FG-SET-3, FG-SET-7,
FG-BLD-9, FG-EFX-1, FG-WT-6, FG-SILO-4)."""

from __future__ import annotations

from collections import Counter

import pytest

from acreage import ContentError
from acreage.games.fields_of_green import content as ct


def test_four_decks_of_33_cards_of_11_designs_in_3_copies():
    """FG-SET-2: 4 main decks, 11 designs x 3 copies each."""
    counts = ct.deck_counts()
    for deck in ct.MAIN_DECKS:
        designs = [c for c in ct.CARDS if c.deck == deck]
        assert len(designs) == 11
        assert all(c.copies == 3 for c in designs)
        assert counts[deck] == 33
    assert sum(counts[d] for d in ct.MAIN_DECKS) == 132


def test_tower_and_silo_supplies_hold_20_and_14():
    """FG-SET-3, FG-WT-6, FG-SILO-4: 20 Towers, 14 Silos, no cost, VP or ability."""
    assert ct.TOWER.copies == 20 and ct.SILO.copies == 14
    for card in (ct.TOWER, ct.SILO):
        assert card.cost == (0, 0, 0) and card.vp == 0 and not card.effects and not card.has_harvest


def test_thirty_equipment_tiles_in_eleven_kinds():
    """FG-SET-7: 30 tiles, 11 kinds (notes d.4)."""
    assert len(ct.EQUIPMENT) == 11
    assert sum(e.tiles for e in ct.EQUIPMENT) == 30
    assert {e.name for e in ct.EQUIPMENT} >= {"Tractor", "Extended Pipes", "Water Tank Extension"}


def test_subtypes_and_one_ability_per_location():
    """FG-BLD-9, FG-EFX-1: each Location has one type; Plantation/Livestock subtypes; one ability."""
    subtypes = Counter(c.subtype for c in ct.CARDS if c.deck == "plantation")
    assert subtypes == {"cereal": 12 // 3, "fruit": 9 // 3, "vegetable": 12 // 3}
    live = Counter(c.subtype for c in ct.CARDS if c.deck == "livestock")
    assert live == {"dairy": 2, "meat": 3, "poultry": 4, "wool": 2}
    for c in ct.CARDS:
        if c.is_location:
            assert len({e.when for e in c.effects}) == 1, c.name
            if c.deck in ("structure", "building"):
                assert c.subtype == ""


def test_every_field_carries_a_provenance_tag():
    """Every card and tile names the origin of each field (seed / source / inferred)."""
    for c in ct.CARDS:
        assert set(c.provenance) >= set(ct.CARD_PROVENANCE)
        assert all(v in ct.PROVENANCE_TAGS for v in c.provenance.values())
    for e in ct.EQUIPMENT:
        assert all(e.provenance[k] in ct.PROVENANCE_TAGS for k in ct.EQUIPMENT_PROVENANCE)


def test_timing_mix_matches_the_notes():
    """FG-EFX-1 (notes d.1): Structures 6 Immediate / 4 Harvest / 1 End; Buildings 9 End / 2 Harvest."""
    def mix(deck):
        return Counter(c.effects[0].when for c in ct.CARDS if c.deck == deck)
    assert mix("structure") == {"immediate": 6, "harvest": 4, "end": 1}
    assert mix("building") == {"end": 9, "harvest": 2}
    assert mix("plantation") == {"harvest": 11} and mix("livestock") == {"harvest": 11}


BAD = '''
schema = 1
[[cards]]
id = "X"
name = "Broken Field"
deck = "plantation"
subtype = "cereal"
copies = 3
cost = { coins = 2, water = 1 }
vp = 0
effects = []
help = "x"
prov = { copies = "source", subtype = "inferred", cost = "inferred", vp = "inferred", ability = "inferred" }
'''


@pytest.mark.parametrize("patch, words", [
    ((), None),
    (("water = 1", "gold = 1"), ["bad.toml", "Broken Field", "cost", "gold"]),
    (("deck = \"plantation\"", "deck = \"orchard\""), ["Broken Field", "deck"]),
    (("copies = 3", "copies = 0"), ["Broken Field", "copies"]),
    (("ability = \"inferred\"", "ability = \"guess\""), ["Broken Field", "ability"]),
    (("effects = []", "effects = [{ when = \"harvest\", kind = \"gain\", food = 1 }]"),
     ["Broken Field", "harvest_cost"]),
])
def test_a_bad_entry_names_file_card_and_field(tmp_path, patch, words):
    """A broken data entry fails at load with the file, the card and the field named."""
    text = BAD.replace(*patch) if patch else BAD
    path = tmp_path / "bad.toml"
    path.write_text(text + (
        '\n[[cards]]\nid="WT"\nname="Water Tower"\ndeck="tower"\ncopies=20\nvp=0\neffects=[]\nhelp="t"\n'
        'prov = { copies = "source", subtype = "seed", cost = "seed", vp = "seed", ability = "seed" }\n'
        '[[cards]]\nid="SI"\nname="Silo"\ndeck="silo"\ncopies=14\nvp=0\neffects=[]\nhelp="s"\n'
        'prov = { copies = "source", subtype = "seed", cost = "seed", vp = "seed", ability = "seed" }\n'
    ))
    if words is None:
        cards = ct.load_cards(path)
        assert cards[0].cost == (2, 1, 0)
        return
    with pytest.raises(ContentError) as err:
        ct.load_cards(path)
    for w in words:
        assert w in str(err.value)


def test_a_bad_equipment_entry_is_named(tmp_path):
    path = tmp_path / "eq.toml"
    path.write_text('[[equipment]]\nname = "Hover Plough"\ntiles = 2\nfits = "moon"\n'
                    'effects = []\nhelp = "x"\n')
    with pytest.raises(ContentError, match="Hover Plough.*fits"):
        ct.load_equipment(path)
