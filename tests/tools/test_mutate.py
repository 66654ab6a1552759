"""tools/mutate.py: each game's work folder and its configuration."""

from __future__ import annotations

import configparser
import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "tools" / "mutate.py"
_spec = importlib.util.spec_from_file_location("mutate", _PATH)
mutate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutate)


def test_prepare_writes_the_games_configuration_and_restats_forgets_coverage(tmp_path, monkeypatch):
    monkeypatch.setattr(mutate, "WORK", tmp_path)
    work = mutate.prepare("harvest", fresh=False)
    cfg = configparser.ConfigParser()
    cfg.read(work / "setup.cfg")
    only = cfg["mutmut"]["only_mutate"].split()
    assert {f"src/acreage/games/harvest/{m}" for m in mutate.RULES_MODULES["harvest"]} <= set(only)
    assert (work / "src").resolve() == mutate.ROOT / "src"
    stats = work / "mutants" / "mutmut-stats.json"
    stats.parent.mkdir()
    stats.write_text("{}")
    verdict = work / "mutants" / "kept.meta"
    verdict.write_text("{}")
    mutate.prepare("harvest", fresh=False)
    assert stats.exists()  # kept unless asked
    mutate.prepare("harvest", fresh=False, restats=True)
    assert not stats.exists() and verdict.exists()  # coverage forgotten, verdicts kept
