"""``tools/value_levels.py``: lining up the learned value's rounds (FF-only tooling)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from acreage.games.foxglove.constants import CONSTRUCTION, FINAL, TRANSPORT

_PATH = Path(__file__).resolve().parents[2] / "tools" / "value_levels.py"
_spec = importlib.util.spec_from_file_location("value_levels", _PATH)
value_levels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(value_levels)


def _games():
    """Two games whose estimates fall short of the final score by 20 in round 1, 12 in round 2
    (transport: 11) and 4 in rounds 3 and 4: round 2's model sits 7 points below round 3's."""
    rows = [(1, CONSTRUCTION, 40.0), (1, TRANSPORT, 40.0), (2, CONSTRUCTION, 48.0),
            (2, TRANSPORT, 49.0), (3, CONSTRUCTION, 56.0), (3, TRANSPORT, 56.0),
            (4, CONSTRUCTION, 56.0), (4, FINAL, 56.0)]
    return [(1, 1, 60, rows), (2, 2, 60, rows)]


def test_residuals_average_final_minus_estimate_by_round_and_phase():
    res = value_levels.residuals(_games())
    assert res[(1, CONSTRUCTION)] == (20.0, 0.0, 2)
    assert res[(2, TRANSPORT)][0] == pytest.approx(11.0)
    assert res[(4, FINAL)][0] == pytest.approx(4.0)


def test_shifts_make_the_residual_continuous_across_each_rounds_end():
    shifts = value_levels.boundary_shifts(value_levels.residuals(_games()))
    # round 3 ends at 4 and round 4 starts at 4: no shift; round 2 ends at 11 against round 3's
    # 4: +7; round 1 ends at 20 against round 2's start at 12 (+7 once shifted: 5): +15.
    assert shifts == {4: 0.0, 3: pytest.approx(0.0), 2: pytest.approx(7.0), 1: pytest.approx(15.0)}


def test_write_model_adds_the_shifts_to_the_biases_and_says_so(tmp_path):
    model = tmp_path / "model.json"
    model.write_text(json.dumps({"provenance": "fitted.", "features": [],
                                 "rounds": {str(r): {"bias": 1.0, "weights": []} for r in range(1, 5)}}))
    value_levels.write_model(model, {1: 15.0, 2: 7.0, 3: 0.0, 4: 0.0}, "Shifted.")
    data = json.loads(model.read_text())
    assert [data["rounds"][str(r)]["bias"] for r in range(1, 5)] == [16.0, 8.0, 1.0, 1.0]
    assert data["provenance"] == "fitted. Shifted."
