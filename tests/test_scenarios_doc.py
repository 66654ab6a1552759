"""Every example in docs/scenarios.md runs as written: the scenario builders are a public way
to build positions, and their documentation must stay true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_page_has_an_example_per_game():
    assert len(EXAMPLES) == 3


@pytest.mark.parametrize("code", EXAMPLES, ids=["foxglove", "harvest", "fields_of_green"])
def test_each_example_runs(code):
    exec(compile(code, str(DOC), "exec"), {})
