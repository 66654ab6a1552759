"""The shuffle every game's setup relies on (FF-SET-8, FG-SET-2, FG-SET-7, HV-SET-10..13):
``Rng.shuffle`` must give every arrangement, so every card can end anywhere, itself included.

A classic slip in a Fisher–Yates shuffle is drawing ``j`` from ``range(i)`` instead of
``range(i + 1)`` (Sattolo's algorithm): then no card ever keeps its place, and a stack's order
becomes partly predictable. The counts below are exact for fixed seeds, so these tests are
deterministic; the chi-square bounds are the 0.999 quantiles, far from the values measured.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from acreage.core.rng import Rng, seed_to_int

N = 6
DRAWS = 12_000
#: chi-square 0.999 quantile for 25 degrees of freedom (6 x 6 table of positions, rows and columns
#: fixed).
CHI2_POSITIONS_DF25 = 52.62


def _positions(seed: int) -> list[list[int]]:
    """counts[card][position] over DRAWS shuffles of range(N)."""
    rng = Rng(seed)
    counts = [[0] * N for _ in range(N)]
    for _ in range(DRAWS):
        deck = list(range(N))
        rng.shuffle(deck)
        for pos, card in enumerate(deck):
            counts[card][pos] += 1
    return counts


@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_every_card_can_keep_its_place_and_positions_are_uniform_FF_SET_8_HV_SET_13(seed):
    """FF-SET-8, FG-SET-2, HV-SET-13: each card lands on each position, its own included, about
    DRAWS / N times (chi-square over the whole table)."""
    counts = _positions(seed)
    expected = DRAWS / N
    for card in range(N):
        assert counts[card][card] > 0, f"card {card} never kept its place"
        assert sum(counts[card]) == DRAWS
    for pos in range(N):
        assert sum(counts[card][pos] for card in range(N)) == DRAWS
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi2 < CHI2_POSITIONS_DF25, f"positions far from uniform: chi2 = {chi2:.1f}"
    # no single cell is far off either (5 standard deviations)
    sd = (DRAWS * (1 / N) * (1 - 1 / N)) ** 0.5
    assert all(abs(c - expected) < 5 * sd for row in counts for c in row)


def test_every_permutation_appears_and_they_are_uniform_FG_SET_7_HV_SET_10():
    """FG-SET-7, HV-SET-10: all 120 orders of 5 tiles appear, the identity among them, with a
    chi-square over the 120 counts inside the bound."""
    rng = Rng(7)
    seen: Counter = Counter()
    draws = 24_000
    for _ in range(draws):
        deck = list(range(5))
        rng.shuffle(deck)
        seen[tuple(deck)] += 1
    assert set(seen) == set(itertools.permutations(range(5)))
    assert seen[tuple(range(5))] > 0
    expected = draws / 120
    chi2 = sum((seen[p] - expected) ** 2 / expected for p in itertools.permutations(range(5)))
    # 119 degrees of freedom: the 0.999 quantile is about 173.6
    assert chi2 < 173.6, f"orders far from uniform: chi2 = {chi2:.1f}"


def test_two_cards_swap_half_the_time_HV_SET_13():
    """HV-SET-13: a two-card stack keeps its order about half the time, never always."""
    rng = Rng(11)
    kept = 0
    for _ in range(4000):
        deck = ["a", "b"]
        rng.shuffle(deck)
        kept += deck == ["a", "b"]
    # mean 2000, standard deviation about 31.6: 5 of them either side
    assert 1842 < kept < 2158


def test_shuffle_is_a_permutation_and_seeded_HV_SET_13():
    """HV-SET-13: same seed, same order; different seeds, different orders; nothing lost; the
    short cases (empty, one card) are left alone."""
    base = list(range(40))
    a, b, c = base[:], base[:], base[:]
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    Rng(6).shuffle(c)
    assert a == b and a != c
    assert sorted(a) == base
    empty: list[int] = []
    one = [9]
    Rng(1).shuffle(empty)
    Rng(1).shuffle(one)
    assert empty == [] and one == [9]
    assert seed_to_int("x") == seed_to_int("x") != seed_to_int("y")


def test_below_is_uniform_and_in_range():
    """``below(n)``, which the shuffle draws from, covers ``range(n)`` evenly and rejects n <= 0."""
    rng = Rng(3)
    counts = Counter(rng.below(7) for _ in range(7000))
    assert set(counts) == set(range(7))
    chi2 = sum((counts[k] - 1000) ** 2 / 1000 for k in range(7))
    assert chi2 < 22.46  # 6 degrees of freedom, 0.999 quantile
    assert {Rng(k).below(1) for k in range(20)} == {0}
    with pytest.raises(ValueError):
        rng.below(0)


def test_the_shuffle_draws_as_fisher_yates_over_below_does_FF_SET_8():
    """``shuffle`` writes ``next64`` and ``below`` out for speed: it must make the very same
    arrangement, and leave the stream where, as ``j = below(i + 1)`` from the end, it would
    (seeded games, records and replays depend on it), for every length, short and long."""

    def reference(rng: Rng, seq: list) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = rng.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    for seed in range(200):
        # Lengths across the table of rejection bounds (256) as well as the decks' sizes.
        for length in (0, 1, 2, 3, 7, 30, 120, 255, 256, 257, 300):
            fast, slow = Rng(seed), Rng(seed)
            a, b = list(range(length)), list(range(length))
            fast.shuffle(a)
            reference(slow, b)
            assert a == b and fast.state == slow.state


# --- permute: the determinizations' shuffle ------------------------------------------------
#: chi-square 0.999 quantile for 81 degrees of freedom (10 x 10 table of positions).
CHI2_POSITIONS_DF81 = 126.0


@pytest.mark.parametrize("seed", [0, 7, 2026])
def test_permute_puts_every_item_everywhere_uniformly(seed):
    """``Rng.permute`` (sorting on stretched keys) is a uniform shuffle too: over 10-item decks,
    each item lands on each position about equally often, its own included."""
    n, draws = 10, 10_000
    rng = Rng(seed)
    counts = [[0] * n for _ in range(n)]
    for _ in range(draws):
        deck = list(range(n))
        rng.permute(deck)
        assert sorted(deck) == list(range(n))
        for pos, card in enumerate(deck):
            counts[card][pos] += 1
    expected = draws / n
    assert all(counts[card][card] > 0 for card in range(n))
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi2 < CHI2_POSITIONS_DF81, f"positions far from uniform: chi2 = {chi2:.1f}"


def test_permute_takes_one_draw_and_repeats_from_the_same_state():
    """A long deck costs one draw of the stream (the keys are stretched from it); a short one is
    shuffled item by item, as ``shuffle`` does. Both repeat exactly from the same state."""
    for n in (3, 8, 60):
        a, b = Rng(99), Rng(99)
        deck_a, deck_b = list(range(n)), list(range(n))
        a.permute(deck_a)
        b.permute(deck_b)
        assert deck_a == deck_b and a.state == b.state
        if n >= 8:
            probe = Rng(99)
            probe.next64()
            assert a.state == probe.state  # exactly one draw
        else:
            plain = Rng(99)
            short = list(range(n))
            plain.shuffle(short)
            assert short == deck_a and plain.state == a.state
    words = ["wheat", "sheep", "coal", "wood", "stone", "pie", "cart", "barn", "mill"]
    Rng(5).permute(words)
    assert sorted(words) == sorted(["wheat", "sheep", "coal", "wood", "stone", "pie", "cart", "barn", "mill"])


@pytest.mark.parametrize("seed", [0, 7, 2026])
def test_permute_all_shuffles_each_sequence_uniformly_and_independently(seed):
    """``Rng.permute_all`` (one draw for several sequences): each sequence is a uniform
    shuffle, and where one sequence's first item lands says nothing of the other's."""
    n, draws = 10, 10_000
    rng = Rng(seed)
    counts = [[0] * n for _ in range(n)]
    joint = [[0] * 3 for _ in range(3)]
    for _ in range(draws):
        deck, small, empty = list(range(n)), [0, 1, 2], []
        rng.permute_all(deck, small, empty)
        assert sorted(deck) == list(range(n)) and sorted(small) == [0, 1, 2] and empty == []
        for pos, card in enumerate(deck):
            counts[card][pos] += 1
        joint[deck.index(0) % 3][small[0]] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi2 < CHI2_POSITIONS_DF81, f"positions far from uniform: chi2 = {chi2:.1f}"
    # independence of the two sequences: a 3 x 3 table, chi-square 0.999 quantile (4 df) 18.5
    rows = [sum(r) for r in joint]
    cols = [sum(joint[i][j] for i in range(3)) for j in range(3)]
    chi2 = sum((joint[i][j] - rows[i] * cols[j] / draws) ** 2 / (rows[i] * cols[j] / draws)
               for i in range(3) for j in range(3))
    assert chi2 < 18.5, f"the sequences' shuffles look dependent: chi2 = {chi2:.1f}"


def test_permute_all_takes_one_draw_and_repeats():
    a, b = Rng(3), Rng(3)
    x1, y1, x2, y2 = list(range(20)), list("abcdefg"), list(range(20)), list("abcdefg")
    a.permute_all(x1, y1)
    b.permute_all(x2, y2)
    assert (x1, y1) == (x2, y2)
    probe = Rng(3)
    probe.next64()
    assert a.state == probe.state
    c = Rng(3)
    c.permute_all([], [])
    assert c.state == Rng(3).state  # nothing to shuffle: no draw


def test_permute_all_keeps_every_kind_of_item():
    """``permute_all`` reads a sequence of ints 0-255 through its bytes and any other through
    its items' places: cards, words, ints past a byte and long decks of records all come back
    as the same items (the same objects), each sequence a permutation of itself, repeatably."""
    words = ["wheat", "sheep", "coal", "wood", "stone", "pie", "cart", "barn", "mill"]
    big = [1000 + i for i in range(40)]
    records = [(i, "tile") for i in range(300)]  # over 256 items that are not bytes
    cards = [i % 46 for i in range(100)]
    for seqs in ((cards, words), (big, cards), (records, cards, words), (cards,)):
        before = [list(s) for s in seqs]
        Rng(11).permute_all(*seqs)
        for old, new in zip(before, seqs, strict=True):
            assert sorted(map(repr, new)) == sorted(map(repr, old))
            pairs = zip(sorted(old, key=repr), sorted(new, key=repr), strict=True)
            assert all(type(a) is type(b) for a, b in pairs)
        again = [list(s) for s in before]
        Rng(11).permute_all(*again)
        assert again == [list(s) for s in seqs]
    assert words != ["wheat", "sheep", "coal", "wood", "stone", "pie", "cart", "barn", "mill"]


@pytest.mark.parametrize("seed", [0, 7])
def test_permute_all_of_words_and_large_ints_is_uniform(seed):
    """The places path (words) and the bytes path (small ints) each give every position to
    every item about equally often, in one call."""
    n, draws = 8, 8_000
    rng = Rng(seed)
    words = [[0] * n for _ in range(n)]
    ints = [[0] * n for _ in range(n)]
    for _ in range(draws):
        w, k = [f"w{i}" for i in range(n)], list(range(200, 200 + n))
        rng.permute_all(w, k)
        for pos in range(n):
            words[int(w[pos][1:])][pos] += 1
            ints[k[pos] - 200][pos] += 1
    expected = draws / n
    for counts in (words, ints):
        chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
        assert chi2 < 85.35, f"positions far from uniform: chi2 = {chi2:.1f}"  # 0.999, 49 df


def test_shuffle_end_is_the_first_steps_of_shuffle_and_uniform_on_the_end():
    """``shuffle_end(seq, k)`` makes exactly the first ``k`` steps of ``shuffle``'s loop (so
    the last ``k`` places hold the same items as a full shuffle from the same state would put
    there), and each item reaches each of those places about equally often."""
    for k in (0, 1, 3, 9, 10, 15):
        a, b = Rng(4), Rng(4)
        x, y = list(range(10)), list(range(10))
        a.shuffle_end(x, k)
        b.shuffle(y)
        m = min(k, 10)
        assert sorted(x) == list(range(10))
        if m:
            assert x[10 - m:] == y[10 - m:]
        if m >= 9:
            assert x == y and a.state == b.state
    n, k, draws = 8, 3, 12_000
    rng = Rng(2)
    counts = [[0] * k for _ in range(n)]
    for _ in range(draws):
        deck = list(range(n))
        rng.shuffle_end(deck, k)
        for pos in range(k):
            counts[deck[n - k + pos]][pos] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    # 0.999 quantile, 21 df: each of the 3 places is a draw among 8 items
    assert chi2 < 46.80, f"the dealt end is far from uniform: chi2 = {chi2:.1f}"
