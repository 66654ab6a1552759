"""Final ranking keys pulling in different directions (FG-END-10, FG-EX-11, FG-END-9, FG-EDGE-5).

FG-END-10: the highest total wins; ties go to more cards in the farm (Wasteland counts), then to
more coins; still tied, the place is shared. Each case makes an earlier key and a later key
favour different seats. Potato Fields print no VP, so a Wasteland one scores the same as a
face-up one but still counts as a card (FG-EDGE-5); coins score 1 VP per 3 (FG-EX-2), so 6, 7 and
8 coins all give 2 VP and 9 give 3.
"""

from __future__ import annotations

from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.queries import farm_size

from .helpers import game


def farm(s, seat: int, fields: int, coins: int, wasteland: int = 0) -> None:
    """A cleared farm plus ``fields`` Potato Fields (the first ``wasteland`` face down)."""
    sc.clear_farm(s, seat, water=3, food=0)
    for i in range(fields):
        sc.add_card(s, seat, "Potato Field", (i + 2, 0), down=i < wasteland)
    sc.set_stock(s, seat, coins=coins)


def test_more_cards_beat_more_coins_FG_END_10_FG_EX_11():
    """FG-END-10: equal totals; seat 0 has one card more (a Wasteland) but 6 coins against 8, and
    still ranks first: the card count is compared before the coins."""
    s = game(2)
    farm(s, 0, 13, coins=6, wasteland=1)
    farm(s, 1, 12, coins=8)
    assert farm_size(s, 0) == farm_size(s, 1) + 1
    assert s.scores()[0] == s.scores()[1]
    assert s.ranking() == [1, 2]
    assert s.winners() == [0]


def test_higher_total_beats_more_cards_and_coins_FG_END_10():
    """FG-END-10: 12 Fields and 9 coins (3 VP) beat 13 cards, one of them Wasteland, and 8 coins
    (2 VP): one VP more wins although the farm is smaller."""
    s = game(2)
    farm(s, 0, 12, coins=9)
    farm(s, 1, 13, coins=8, wasteland=1)
    assert farm_size(s, 1) == farm_size(s, 0) + 1
    assert s.scores()[0] == s.scores()[1] + 1
    assert s.ranking() == [1, 2]


def test_coins_break_the_last_tie_then_places_are_shared_FG_END_10_FG_END_9():
    """FG-END-10, FG-END-9 for every place: three seats with equal totals and farms; 8, 7 and 7
    coins (all 2 VP). Seat 0 first, seats 1 and 2 share second."""
    s = game(3)
    for seat, coins in enumerate((8, 7, 7)):
        farm(s, seat, 12, coins=coins)
    assert len(set(s.scores())) == 1
    assert s.ranking() == [1, 2, 2]
    assert s.winners() == [0]


def test_fewer_cards_lose_even_with_more_coins_in_lower_places_FG_END_10():
    """FG-END-10 below first place: seat 0 leads by a VP; seats 1 and 2 tie on total, seat 2 with
    one card more (Wasteland) and fewer coins (6 against 8) takes second."""
    s = game(3)
    farm(s, 0, 12, coins=9)
    farm(s, 1, 12, coins=8)
    farm(s, 2, 13, coins=6, wasteland=1)
    assert s.scores()[0] == s.scores()[1] + 1 == s.scores()[2] + 1
    assert s.ranking() == [1, 3, 2]
