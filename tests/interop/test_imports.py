"""The adapters are optional extras: importing acreage (or acreage.interop) pulls in no RL library."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")


def test_import_acreage_and_interop_stays_light():
    code = (
        "import sys, acreage, acreage.interop\n"
        "acreage.new_game('foxglove', players=2, seed=1)\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_each_adapter_imports_on_its_own_and_exits_cleanly():
    adapters = (("pettingzoo", "pettingzoo"), ("gymnasium", "gymnasium"), ("openspiel", "pyspiel"))
    for module, library in adapters:
        if importlib.util.find_spec(library) is None:
            pytest.skip(f"{library} is not installed (pip install acreage[rl])")
        code = f"import acreage.interop.{module}\n"
        if module == "openspiel":
            code += (
                "import pyspiel\n"
                "g = pyspiel.load_game('acreage_foxglove', {'move_cap': 5, 'seed': 1})\n"
                "s = g.new_initial_state(); s.clone().apply_action(s.legal_actions()[0])\n"
            )
        # A Python game registered with pyspiel must not crash the interpreter at exit.
        subprocess.run([sys.executable, "-c", code], check=True)
