"""Each game whose flow is declared (``frames.py`` + ``flow.py``): every decision record has the
step that answers it, every other record runs by itself, the steps live in the rulebook's
chapter modules, and the state inherits no rules (no mixins: a call is an import)."""

from __future__ import annotations

import importlib

import pytest

from acreage.core.state import GameState

DECLARED = ("foxglove", "harvest", "fields_of_green")


@pytest.mark.parametrize("game", DECLARED)
def test_every_record_is_answered_or_runs_by_itself(game):
    frames = importlib.import_module(f"acreage.games.{game}.frames")
    flow = importlib.import_module(f"acreage.games.{game}.flow")
    records = set(frames.BY_KIND.values())
    answered, automatic = set(flow.STEPS), set(flow.AUTOMATIC)
    assert not answered & automatic
    assert answered == set(frames.DECISIONS)
    pauses = records - answered - automatic
    assert {r.__name__ for r in pauses} <= {"Hold"}  # a test's pause, answered by nobody
    assert all(cls.kind in frames.BY_KIND and frames.BY_KIND[cls.kind] is cls for cls in records)


@pytest.mark.parametrize("game", DECLARED)
def test_steps_live_in_the_chapter_modules_not_in_the_state(game):
    flow = importlib.import_module(f"acreage.games.{game}.flow")
    package = f"acreage.games.{game}"
    for record, step in flow.STEPS.items():
        for fn in filter(None, step):  # a step's offers is optional
            module = fn.__module__
            assert module.startswith(package + ".") and module.rsplit(".", 1)[1] not in ("state", "flow"), \
                (record.__name__, fn.__qualname__, module)
    for fn in flow.AUTOMATIC.values():
        assert fn.__module__.rsplit(".", 1)[1] not in ("state", "flow")
    for phase, step in getattr(flow, "PHASE_STEPS", {}).items():  # a phase that is its own decision
        for fn in filter(None, step):
            assert fn.__module__.rsplit(".", 1)[1] not in ("state", "flow"), (phase, fn.__qualname__)


@pytest.mark.parametrize("game", DECLARED)
def test_the_state_inherits_no_rules(game):
    state = importlib.import_module(f"acreage.games.{game}.state")
    cls = next(v for v in vars(state).values() if isinstance(v, type) and issubclass(v, GameState)
               and v is not GameState)
    assert cls.__bases__ == (GameState,)


@pytest.mark.parametrize("game", DECLARED)
def test_records_are_immutable(game):
    frames = importlib.import_module(f"acreage.games.{game}.frames")
    for cls in frames.BY_KIND.values():
        record = cls(*(0 for _ in cls._fields))
        with pytest.raises(AttributeError):
            record.seat = 3  # type: ignore[misc]
