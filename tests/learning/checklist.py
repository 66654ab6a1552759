"""The rules checklists (``shared/rules/<game>.md``, beside the repository) as the teaching
tests read them: each rule ID with its text, the rules the checklist decides itself, and the
rules a game's guide and tutorial name. A missing checklist skips, and fails in CI."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

from acreage.core.guides import load_guide
from acreage.core.tutorials import load_tutorial

SHARED_RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
RULE_START = re.compile(r"^- `([A-Z]{2}-[A-Z0-9]+-\d+[a-z]?)` — ")


def path(game: str) -> Path:
    return SHARED_RULES / f"{game}.md"


@cache
def _text(game: str) -> str | None:
    return path(game).read_text(encoding="utf-8") if path(game).is_file() else None


def rules(game: str) -> dict[str, str]:
    """Rule ID -> its text (a rule may run over several lines, up to the next rule or heading;
    the worked examples after the rules are not rules)."""
    text = _text(game)
    if text is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the rules checklist is missing: {path(game)} (CI=true needs it)")
        pytest.skip(f"the rules checklist is not here ({path(game)}); it lies beside the repository")
    out: dict[str, str] = {}
    current = None
    for line in text.split("## Worked examples")[0].splitlines():
        match = RULE_START.match(line)
        if match:
            current = match.group(1)
            out[current] = line
        elif line.startswith("#"):
            current = None
        elif current is not None:
            out[current] += "\n" + line
    return out


def decided(game: str) -> set[str]:
    """The rules the checklist settles itself or by the notes' reading (``[decided…]`` tags)."""
    return {rule for rule, text in rules(game).items() if "[decided" in text}


def named_rules(game: str) -> set[str]:
    """Every rule ID the game's guide (sections and rulings) and tutorial (steps) name."""
    guide, tutorial = load_guide(game), load_tutorial(game)
    named = {r for s in guide.sections for r in s.rules} | {r.rule for r in guide.rulings}
    return named | {r for step in tutorial.steps.values() for r in step.rules}
