"""Content loading and validation (HV-SET-3, HV-PIE-1, HV-NOV-1, HV-GAI-2)."""

from __future__ import annotations

import pytest

from acreage import ContentError
from acreage.games.harvest import content as C


def test_base_totals_HV_SET_3():
    """HV-SET-3: 10 base sunrise tiles, 8 characters, 8 farmhouses, 18 buildings, 16 Market tiles."""
    assert sum(1 for t in C.SUNRISE if not t.expansion) == 10
    assert sum(1 for c in C.CHARACTERS if not c.expansion) == 8
    assert len(C.FARMHOUSES) == 8 and len(C.BUILDINGS) == 18 and len(C.MARKET) == 16
    assert len(C.DIE) == 6


def test_festival_and_gairy_counts_HV_PIE_1_HV_NOV_1_HV_GAI_2():
    """HV-PIE-1 / HV-NOV-1: 15 pies (one Pumpkin Pie), 15 novelties; HV-GAI-2: 8 + 2 tiles."""
    pies = {c.name: c.copies for c in C.FESTIVAL if c.kind == "pie"}
    assert sum(pies.values()) == 15 and pies["Pumpkin Pie"] == 1
    assert sum(c.copies for c in C.FESTIVAL if c.kind == "novelty") == 15
    assert sum(t.copies for t in C.GAIRY if not t.expansion) == 8
    assert sum(t.copies for t in C.GAIRY) == 10
    assert C.SET_POINTS == (2, 5, 8, 12, 16)


def test_every_entry_has_provenance_HV_SET_3():
    # Checks HV-SET-3.
    """Every loaded record carries a provenance tag per field."""
    groups = (C.CROPS, C.SPACES, C.SUNRISE, C.CHARACTERS, C.FARMHOUSES, C.BUILDINGS, C.MARKET, C.FESTIVAL)
    for group in groups:
        for entry in group:
            assert entry.provenance and set(entry.provenance.values()) <= set(C.PROVENANCE_TAGS)


def test_bad_entry_named_by_file_entry_field_HV_SET_3():
    # Checks HV-SET-3.
    text = (C.DATA_DIR / "crops.toml").read_text().replace("tend_water = 2", "tend_water = -2")
    with pytest.raises(ContentError, match=r"crops.toml: crops\[3\] \(pumpkin\), field 'tend_water'"):
        C.load_crops(text)
    text = (C.DATA_DIR / "market.toml").read_text()
    bad_prov = text.replace('effect = "inferred" }', 'effect = "guess" }', 1)
    with pytest.raises(ContentError, match=r"market.toml: market\[0\].*'prov'"):
        C.load_market(bad_prov)
