"""A small seeded random number generator held inside a game state.

Why not :mod:`random`? A game state is cloned thousands of times per second by search, and
``random.Random`` carries 2.5 KB of Mersenne-Twister state. SplitMix64 keeps one 64-bit
integer, so cloning it is a single assignment and a snapshot stores one number. The stream is
fully determined by the seed on every platform and Python version.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
#: Below this length ``permute`` shuffles item by item: stretching a key costs more there.
_PERMUTE_MIN = 8


def seed_to_int(seed: Any) -> int:
    """Turn any seed (int, str, bytes or None → 0) into a 64-bit integer, stably."""
    if seed is None:
        return 0
    if isinstance(seed, bool):
        seed = int(seed)
    if isinstance(seed, int):
        return seed & _MASK
    data = seed.encode() if isinstance(seed, str) else bytes(seed)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "little")


class Rng:
    """SplitMix64: tiny state, good statistical quality, trivially cloned."""

    __slots__ = ("state",)

    def __init__(self, seed: Any = 0) -> None:
        self.state = seed_to_int(seed)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        """Fisher–Yates shuffle in place: ``j = below(i + 1)`` for each ``i`` from the end, with
        ``next64`` and ``below`` written out in the loop (the same draws, the same order: every
        seeded game depends on it), since a determinization shuffles whole decks."""
        state = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def permute(self, seq: MutableSequence) -> None:
        """A uniform shuffle in place from one draw: the items are sorted on 64-bit keys that
        SHAKE-128 stretches from that draw, so the per-item work runs in C (about a quarter of
        ``shuffle``'s time on a deck). A different stream from ``shuffle``: for samples nobody
        replays move by move, such as a search's determinizations; a game's own deals keep
        ``shuffle``."""
        n = len(seq)
        if n < _PERMUTE_MIN:
            self.shuffle(seq)
            return
        stretched = hashlib.shake_128(self.next64().to_bytes(8, "little")).digest(8 * n)
        keys = struct.unpack(f"<{n}Q", stretched)
        items = list(seq)
        seq[:] = [items[i] for i in sorted(range(n), key=keys.__getitem__)]

    def permute_all(self, *seqs: MutableSequence) -> None:
        """:meth:`permute` for several sequences at once, from one draw and one stretch: each
        sequence is sorted on its own slice of the keys, so each is uniformly shuffled and
        independent of the others. A determinization shuffles its hidden decks with one call
        instead of one each (the draw and the stretch were most of a small shuffle's cost)."""
        total = 0
        for seq in seqs:
            total += len(seq)
        if total == 0:
            return
        stretched = hashlib.shake_128(self.next64().to_bytes(8, "little")).digest(8 * total)
        keys = struct.unpack(f"<{total}Q", stretched)
        start = 0
        for seq in seqs:
            n = len(seq)
            if n > 1:
                items = list(seq)
                mine = keys[start:start + n]
                seq[:] = [items[i] for i in sorted(range(n), key=mine.__getitem__)]
            start += n

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this stream once)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
