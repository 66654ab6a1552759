"""One package per game. Each depends on :mod:`acreage.core` only."""
