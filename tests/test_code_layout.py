"""Layout rules a reader relies on (docs/architecture.md): a function longer than 80 lines says
at its top why it is one function ("One function: ...", "One dispatcher ...")."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "acreage"
LONG = 80
REASON = re.compile(r"\bOne (function|dispatcher)\b")


def _top_comments(source: str, node: ast.AST) -> str:
    """The comments between a function's signature and its first statement after the docstring."""
    body = node.body[1:] if ast.get_docstring(node) else node.body
    start, end = node.lineno, body[0].lineno if body else node.end_lineno
    lines = source.splitlines()[start - 1:end]
    tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
    try:
        return " ".join(t.string for t in tokens if t.type == tokenize.COMMENT)
    except tokenize.TokenError:
        return ""


def test_long_functions_say_why_they_are_one():
    missing = []
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.end_lineno - node.lineno + 1 > LONG:
                    said = (ast.get_docstring(node) or "") + " " + _top_comments(source, node)
                    if not REASON.search(said):
                        missing.append(f"{path.relative_to(SRC)}:{node.lineno} {node.name}")
    assert not missing, "long functions without a reason at their top: " + ", ".join(missing)


def test_no_test_module_imports_another():
    """Helpers shared by a folder's tests live in its ``helpers.py`` (or the game's public
    scenario builder), never in a test module: a test file can then move, split or be renamed
    without breaking another."""
    tests = Path(__file__).resolve().parent
    found = []
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.rsplit(".", 1)[-1]]
            elif isinstance(node, ast.Import):
                names = [a.name.rsplit(".", 1)[-1] for a in node.names]
            else:
                continue
            found += [f"{path.relative_to(tests)} imports {n}" for n in names if n.startswith("test_")]
    assert found == []


#: The files every game package has, with the same job in each (docs/architecture.md, "Where
#: each kind of code goes").
SHARED_SHAPE = (
    "__init__.py", "actions.py", "codec.py", "constants.py", "content.py", "conservation.py", "rulings.py",
    "frames.py", "flow.py", "queries.py", "scoring.py", "state.py", "explain.py", "events.py", "hidden.py",
    "snapshot.py", "scenario.py", "encoding.py", "present.py", "bots/__init__.py", "bots/heuristic.py",
)


def test_every_game_package_has_the_same_shape():
    games = SRC / "games"
    for game in ("foxglove", "harvest", "fields_of_green"):
        missing = [name for name in SHARED_SHAPE if not (games / game / name).is_file()]
        assert missing == [], f"{game} lacks {missing}"
        assert not list((games / game).glob("rules_*.py")), f"{game} still has phase mixins"
