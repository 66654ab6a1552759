"""Every app test saves its games into its own temporary folder, never into the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("ACREAGE_SAVE_DIR", str(tmp_path / "saves"))
