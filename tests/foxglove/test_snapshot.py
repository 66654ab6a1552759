"""Saving and loading positions (``snapshot.py``): a position saved in the middle of a payment
offers the same payments when loaded, and a snapshot naming a tile that does not exist is refused
with the field it is in and the way tiles are written (FF-CON-6)."""

from __future__ import annotations

import random

import pytest

import acreage


def test_a_position_saved_during_a_payment_offers_the_same_payments_when_loaded_FF_CON_6():
    """Saved while a build is being paid for (the decision is which cube pays), a position
    loads with the same choices (a loaded position lists them afresh, not as the payment's
    first step listed them)."""
    rng = random.Random(11)
    for seed in range(40):
        state = acreage.new_game("foxglove", players=2, seed=seed)
        while not state.is_terminal and not (state.frames and state.frames[-1].kind == "pay"):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        want = [str(x) for x in state.legal_actions()]
        assert [str(x) for x in acreage.load_state(state.to_json()).legal_actions()] == want
        return
    pytest.fail("no payment reached in 40 random games")


def test_a_snapshot_naming_an_unknown_tile_says_where_and_how_tiles_are_written():
    """A bad tile reference in a snapshot is refused with the field it is in and the form tile
    references take ("tier:name")."""
    import acreage
    from acreage.core.errors import BadSnapshot

    data = acreage.new_game("foxglove", players=2, seed=1).to_json()
    data["state"]["removed"] = ["A:Nonesuch"]
    with pytest.raises(BadSnapshot) as info:
        acreage.load_state(data)
    assert str(info.value) == ("snapshot field removed: unknown tile 'A:Nonesuch'; tiles are written as "
                               "tier:name, e.g. 'A:Allotment'")
