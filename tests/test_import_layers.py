"""The package's import structure (docs/architecture.md): layers import downwards only, and no
two modules import each other, not even through an import inside a function.

The graph is read from the source (``ast``), so it sees imports that only run later.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "acreage"

#: Each layer and the layers it may import. ``games`` may import ``core`` only (and its own
#: package); the rest sit above.
LAYERS = {
    "core": set(),
    "games": {"core"},
    "agents": {"core", "games"},
    "interop": {"core", "games", "agents"},
    "arena": {"core", "games", "agents"},
    "app": {"core", "games", "agents", "arena", "interop", "web"},
    # the web exports records as OpenSpiel trajectories (interop.match_trace, standard library
    # only); the RL adapters import their libraries only when imported themselves
    "web": {"core", "games", "agents", "interop"},
}

#: Cycles through imports inside functions still to be broken: none. Keep it that way.
KNOWN_CYCLES: set[frozenset[str]] = set()


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports(mods: dict[str, Path], everywhere: bool) -> dict[str, set[str]]:
    """Module → the acreage modules it imports (module level only, or anywhere)."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        tree = ast.parse(path.read_text())
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        nodes = ast.walk(tree) if everywhere else tree.body
        for node in nodes:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [
                    a.name.removeprefix("acreage.") for a in node.names if a.name.startswith("acreage")
                ]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base_parts = package.split(".") if package else []
                    base_parts = base_parts[: len(base_parts) - node.level + 1]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                elif node.module and node.module.startswith("acreage"):
                    base = node.module.removeprefix("acreage").lstrip(".")
                else:
                    continue
                subs = [
                    f"{base}.{a.name}".strip(".") for a in node.names if f"{base}.{a.name}".strip(".") in mods
                ]
                targets = subs if len(subs) == len(node.names) else [base, *subs]
            for target in targets:
                if target in mods and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(frozenset(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_module_level_import_cycles():
    assert cycles(imports(modules(), everywhere=False)) == []


def test_no_new_cycles_through_imports_inside_functions():
    found = set(cycles(imports(modules(), everywhere=True)))
    assert found <= KNOWN_CYCLES, sorted(sorted(c) for c in found - KNOWN_CYCLES)


def test_layers_import_downwards_only():
    graph = imports(modules(), everywhere=True)
    wrong = []
    for name, targets in graph.items():
        layer = name.split(".")[0]
        if layer not in LAYERS:
            continue
        for target in targets:
            other = target.split(".")[0]
            if other in LAYERS and other != layer and other not in LAYERS[layer]:
                wrong.append(f"{name} -> {target}")
            if layer == "games" and other == "games" and name.split(".")[1:2] != target.split(".")[1:2]:
                wrong.append(f"{name} -> {target} (one game imports another)")
    assert wrong == []


def test_a_games_rules_never_import_what_its_bots_know():
    """A game's ``bots`` subpackage (its heuristics, learned value, planner, book) sits above its
    rules: only the package's ``__init__`` (which registers them in ``GameInfo``) and the
    subpackage itself import it, so the rules read the same with every bot removed."""
    graph = imports(modules(), everywhere=True)
    wrong = []
    for name, targets in graph.items():
        parts = name.split(".")
        if parts[0] != "games" or len(parts) < 3 or parts[2] == "bots":
            continue
        wrong += [f"{name} -> {t}" for t in targets if t.split(".")[:3] == ["games", parts[1], "bots"]]
    assert wrong == []
    for game in ("foxglove", "harvest", "fields_of_green"):
        assert f"games.{game}.bots.heuristic" in graph[f"games.{game}"], "the registration imports it"
