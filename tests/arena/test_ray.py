"""The Ray back end with a local Ray instance (skipped only when Ray is not installed)."""

from __future__ import annotations

import pytest

from acreage.arena import Config, load_rows, run_batch, simulate

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray): Ray back end not tested")


def test_ray_local_runs_the_same_batches_and_resumes(tmp_path):
    out = tmp_path / "ray.jsonl"
    agents, options = ["random", "random:seed=5"], {"move_cap": 5}
    # ray_address="local" starts ray.init(num_cpus=workers) and shuts it down afterwards.
    first = simulate("foxglove", 2, agents, 6, out, root_seed=11, options=options, workers=2,
                     ray_address="local", batch_size=2, progress=False)
    assert first["backend"] == "ray" and first["played"] == 6 and first["workers"] == 2
    assert not ray.is_initialized()
    rows = load_rows(out)
    assert sorted(r["id"] for r in rows) == list(range(6))
    cfg = Config.build("foxglove", 2, agents, options, root_seed=11)
    expected = {r["id"]: r for r in run_batch(cfg.jobs(range(6)))}
    for row in rows:
        assert row["scores"] == expected[row["id"]]["scores"]
        assert row["ranking"] == expected[row["id"]]["ranking"]
    # An already initialised Ray is used as it is (and left running).
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        second = simulate("foxglove", 2, agents, 8, out, root_seed=11, options=options,
                          ray_address="local", progress=False)
        assert (second["played"], second["skipped"]) == (2, 6)
        assert ray.is_initialized()
    finally:
        ray.shutdown()
    assert sorted(r["id"] for r in load_rows(out)) == list(range(8))


@pytest.mark.timelimit(30)
@pytest.mark.parametrize("address", ["127.0.0.1:1", "ray://127.0.0.1:1"])
def test_an_unreachable_ray_address_fails_quickly_naming_it(tmp_path, address):
    import time

    from acreage.arena import ArenaError
    from acreage.arena.backends import run_batches

    out = tmp_path / "ray.jsonl"
    start = time.monotonic()
    with pytest.raises(ArenaError, match=f"cannot reach a Ray cluster at {address}"):
        simulate("foxglove", 2, ["random"], 2, out, options={"move_cap": 3}, ray_address=address,
                 progress=False)
    with pytest.raises(ArenaError, match=f"at {address}"):
        run_batches(sorted, [2, 1], print, ray_address=address)
    assert time.monotonic() - start < 20
    assert not out.exists()  # refused before anything was written
    assert not ray.is_initialized()


def test_ray_addresses_split_into_host_and_port():
    from acreage.arena.backends import _host_port

    assert _host_port("head:6379") == ("head", 6379)
    assert _host_port("ray://head.example:10001") == ("head.example", 10001)
    assert _host_port("[::1]:6379") == ("::1", 6379)
    assert _host_port("auto") is None and _host_port("ray://head") is None
