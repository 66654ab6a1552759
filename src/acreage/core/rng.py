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


def _limits(top: int) -> list[int]:
    """``below(n)``'s rejection bound for each ``n`` up to ``top`` (a draw at or above it is
    drawn again); index 0 unused."""
    return [_TWO64 - _TWO64 % n if n else 0 for n in range(top + 1)]


#: The bounds up to 256, made once: a shuffle needs one per item.
_LIMITS = _limits(256)
#: Below this length ``permute`` shuffles item by item: stretching a key costs more there.
_PERMUTE_MIN = 8
#: ``permute_all``'s byte tables: each place's number (the low byte of a key whose sequence
#: is not all bytes), and the two top bytes of the keys of sequence ``j`` (sign 0, exponent
#: 1023 + j, the mantissa's top four bits 0), little-endian.
_PLACES = bytes(range(256))
_EXPONENTS = tuple(((1023 + j) << 4).to_bytes(2, "little") for j in range(1000))
_unpack = struct.unpack
#: ``struct`` formats of ``n`` little-endian doubles, by ``n``, made on first use.
_DOUBLES: dict[int, struct.Struct] = {}


def _doubles(n: int) -> struct.Struct:
    form = struct.Struct(f"<{n}d")
    if n <= 4096:  # a few decks' length; longer runs are rare enough to compile afresh
        _DOUBLES[n] = form
    return form


def _all_bytes(seqs) -> bytes | None:
    """Every sequence's items as one run of bytes, or None where some item is not an int from
    0 to 255 (a sequence of words is told by its first item, without an exception)."""
    for seq in seqs:
        if seq and type(seq[0]) is not int:
            return None
    try:
        return b"".join(map(bytes, seqs))
    except (ValueError, TypeError):
        return None


def _lows(seqs) -> tuple[list[bytes] | None, list[bool]]:
    """``permute_all``'s low bytes for sequences not all of bytes: a sequence of ints from
    0 to 255 gives its items, any other its places (``None`` if such a sequence is longer
    than 256), and whether each sequence's keys carry places."""
    lows: list[bytes] = []
    placed: list[bool] = []
    for seq in seqs:
        low = _all_bytes((seq,))
        placed.append(low is None)
        if low is None:
            if len(seq) > 256:
                return None, placed
            low = _PLACES[:len(seq)]
        lows.append(low)
    return lows, placed


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
        seeded game depends on it), since a determinization shuffles whole decks. Every step
        of :meth:`shuffle_end`."""
        self.shuffle_end(seq, len(seq))

    def shuffle_end(self, seq: MutableSequence, count: int) -> None:
        """Put ``count`` items drawn uniformly at random, in random order, at the end of
        ``seq``: the first ``count`` steps of :meth:`shuffle`'s Fisher–Yates loop (the rest of
        ``seq`` keeps some order of the other items). Dealing a few hidden cards from a deck
        whose own order is drawn later costs only the cards dealt."""
        state = self.state
        last = len(seq) - 1
        limits = _LIMITS if last + 1 < len(_LIMITS) else _limits(last + 1)
        for i in range(last, max(last - count, 0), -1):
            n = i + 1
            limit = limits[n]
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
        sequence is uniformly shuffled, independently of the others. A determinization
        shuffles its hidden decks with one call instead of one each (the draw and the stretch
        were most of a small shuffle's cost).

        The per-item work stays in C, in one sort: each item's key is a double whose exponent
        is its sequence's number (so the sequences stay apart, in order), whose 40 middle
        mantissa bits are random, and whose low byte is the item itself where every item of
        the sequence is an int from 0 to 255 (a card or tile id), else the item's place.
        Sorting the keys and reading back their low bytes gives every shuffled sequence
        without a Python step per item. Two keys of one sequence share their random bits with
        probability below 1e-8 for a deck of 130; such a tie falls to the low byte's order.
        Long sequences of other things, or over 1,000 sequences, are sorted on whole keys
        (``_permute_keyed``); fewer than eight items in all are shuffled one by one. Items read
        as bytes come back as plain ints (a bool or an ``IntEnum`` member as its number)."""
        sizes = list(map(len, seqs))
        total = sum(sizes)
        if total < _PERMUTE_MIN:  # a few items: shuffled one by one, as ``permute`` does
            for seq in seqs:
                if len(seq) > 1:
                    self.shuffle(seq)
            return
        if len(seqs) > len(_EXPONENTS):
            self._permute_keyed(seqs, total)
            return
        placed: list[bool] | None = None
        low = _all_bytes(seqs)
        if low is None:  # some sequence holds other things than bytes
            lows, placed = _lows(seqs)
            if lows is None:
                self._permute_keyed(seqs, total)
                return
            low = b"".join(lows)
        keys = bytearray(hashlib.shake_128(self.next64().to_bytes(8, "little")).digest(8 * total))
        tops = b"".join(map(bytes.__mul__, _EXPONENTS, sizes))
        keys[6::8] = tops[0::2]
        keys[7::8] = tops[1::2]
        keys[0::8] = low
        doubles = _DOUBLES.get(total) or _doubles(total)
        order = doubles.pack(*sorted(doubles.unpack(keys)))[0::8]
        start = 0
        for i, n in enumerate(sizes):
            if n > 1:
                seq = seqs[i]
                if placed is not None and placed[i]:
                    items = list(seq)
                    seq[:] = [items[j] for j in order[start:start + n]]
                else:
                    seq[:] = order[start:start + n]
            start += n

    def _permute_keyed(self, seqs: tuple[MutableSequence, ...], total: int) -> None:
        """``permute_all`` on whole 64-bit keys, for long sequences of items that are not
        bytes: the items' places are sorted on the keys, one Python step per item."""
        stretched = hashlib.shake_128(self.next64().to_bytes(8, "little")).digest(8 * total)
        keys = _unpack(f"<{total}Q", stretched)
        start = 0
        for seq in seqs:
            n = len(seq)
            if n > 1:
                items = list(seq)
                mine = keys[start:start + n]
                seq[:] = [items[i] for i in sorted(range(n), key=mine.__getitem__)]
            start += n

    @staticmethod
    def at(state: int) -> Rng:
        """A generator at ``state``, a 64-bit integer such as a draw of another generator
        (no seed to read: a search makes one per determinization)."""
        r = Rng.__new__(Rng)
        r.state = state & _MASK
        return r

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this stream once)."""
        return Rng.at(self.next64())

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
