"""Words for the seat to act (explain.py): the decision line names no hidden card or tile, and reads
the same, for any viewer, in every determinized copy (FG-HID-2, FG-HID-3, FG-HID-6)."""

from __future__ import annotations

import pytest

from acreage.core.rng import Rng
from acreage.games.fields_of_green.content import CARDS, EQUIPMENT

from .helpers import SEEDS, walk


@pytest.mark.parametrize("players", [2, 3, 4])
def test_describe_decision_names_nothing_hidden(players):
    """FG-HID-2, FG-HID-3, FG-HID-6: the decision line (for any viewer, or none, as the app shows
    it) is the same in every determinized copy, and while picks are hidden or an Equipment
    draw is pending it names no card or tile."""
    names = [c.name for c in CARDS] + [e.name for e in EQUIPMENT]
    for s, rng in walk(players, SEEDS[players][0] + 100, every=2):
        if s.is_terminal:
            break
        top = s.frames[-1]
        text = s.describe_decision()
        if top.kind in ("commit", "equip", "split", "water", "take"):
            assert not any(n in text for n in names), text
        for viewer in range(players):
            d = s.determinize(viewer, Rng(rng.randrange(1 << 30)))
            assert d.describe_decision(viewer) == s.describe_decision(viewer)
            assert d.describe_decision() == text
