"""Fields of Green's events (events.py) and the score breakdown: every kind is told with exactly its
fields and values over whole random games, a draw's cards only to the seat that drew them, and the
worked examples step by step. Positions are built by hand (``scenario``) and their log starts when
asked for (``record_events``) (FG-YR, FG-MNT, FG-ACT, FG-HRV, FG-EFX, FG-EQ, FG-END)."""

from __future__ import annotations

import random

import pytest

import acreage
from acreage.core.events import EARLIER
from acreage.games.fields_of_green import rulings as R
from acreage.games.fields_of_green import scenario as sc
from acreage.games.fields_of_green.content import CARD_BY_NAME, CARDS
from acreage.games.fields_of_green.events import describe

from .helpers import ex5_farm, game


def told(state, since: int, seat: int | None = None) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "step")} for e in state.events_for(seat, since)]


COMMON = {"i", "step", "kind", "seat"}


FIELDS = {
    "build": {"card", "cell", "coins", "food", "water"},
    "tower": {"cell", "coins"},
    "silo": {"cell"},
    "market": {"food", "coins"},
    "restore": {"card", "cell", "coins"},
    "discard": {"card"},
    "split": {"split", "count"},
    "equipment": {"count"},
    "game_over": {"scores", "ranking"},
    "display": {"revealed"},
    "reveal": {"picks"},
    "wasteland": {"card", "cell"},
}


#: Every kind events.py documents (a misspelt kind would be silently skipped by a reader).
KINDS = {"setup", "year", "income", "water", "split", "pick", "reveal", "take", "display", "build",
         "tower", "silo", "restore", "market", "discard", "pay_water", "fill", "sell", "effect",
         "bonus", "points", "equipment", "equip", "install", "harvest", "abandon", "wasteland",
         "game_over"}


#: What only the drawing seat is told, on top of the public fields.
PRIVATE = {"split": "cards", "equipment": "tiles"}


def _played(seed: int, players: int):
    state = acreage.new_game("fields_of_green", players=players, seed=seed)
    state.record_events()
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


#: Every kind's fields besides the common ones, exactly (``auto`` may be added to the two Water
#: kinds: the engine paid or placed it by itself, the only way it could go).
ALL_FIELDS = {
    **FIELDS, "setup": {"first_player"}, "year": {"year", "first_player", "direction"},
    "income": {"coins", "food"}, "water": {"cell", "amount"}, "pick": set(), "take": {"card"},
    "pay_water": {"cell", "amount"}, "fill": {"cell", "amount"}, "sell": {"food", "coins"},
    "effect": {"card", "when", "coins", "food", "points", "source", "equipment"},
    "bonus": {"tile", "card", "coins", "food", "points", "source"},
    "equip": {"tile", "card", "cell"}, "install": {"tile", "card", "cell"},
    "harvest": {"card", "coins", "food", "water"}, "abandon": {"card"}, "points": {"points", "source"},
}


TABLE_EVENTS = {"setup", "year", "display", "reveal", "game_over"}


def test_ex5_with_one_water_tells_each_payment_and_gain_FG_EX_5_FG_HRV_3_FG_HRV_5_FG_EFX_12():
    """FG-EX-5 (one Water): the Wheat Field pays its Water and gives 2 Food, then the Cows pay
    1 Food and give 4 coins, and the Milking Machine 2 more."""
    s = ex5_farm(water=1)
    sc.goto_harvest(s, 0, year=2)
    s.record_events()
    start = s.event_count
    s.apply("harvest 1,1")
    s.apply("harvest 0,1")
    got = [e for e in told(s, start) if e["seat"] == 0]
    assert got == [
        {"kind": "harvest", "seat": 0, "card": "Wheat Field", "coins": 0, "food": 0, "water": 1},
        {"kind": "pay_water", "seat": 0, "cell": "0,0", "amount": 1, "auto": True},
        {"kind": "effect", "seat": 0, "card": "Wheat Field", "when": "harvest", "equipment": 0,
         "coins": 0, "food": 2, "points": 0, "source": "Wheat Field (harvest)"},
        {"kind": "harvest", "seat": 0, "card": "Dairy Cows", "coins": 0, "food": 1, "water": 0},
        {"kind": "effect", "seat": 0, "card": "Dairy Cows", "when": "harvest", "equipment": 0,
         "coins": 4, "food": 0, "points": 0, "source": "Dairy Cows (harvest)"},
        {"kind": "bonus", "seat": 0, "tile": "Milking Machine", "card": "Dairy Cows", "coins": 2,
         "food": 0, "points": 0, "source": "Milking Machine on Dairy Cows (harvest)"},
    ]
    assert s.food[0] == 1 and s.coins[0] == 11
    assert describe(got[0]) == "seat 0 harvests Wheat Field, paying 1 water"


def test_ex5_without_water_both_cards_turn_to_wasteland_FG_EX_5_FG_HRV_8_FG_HRV_12():
    """FG-EX-5 (no Water): nothing can be paid, so at the end of P's harvest both cards turn
    to Wasteland, and the log says which."""
    s = ex5_farm()
    s.record_events()
    start = s.event_count
    sc.goto_harvest(s, 0, year=2)
    waste = [e for e in told(s, start) if e["kind"] == "wasteland" and e["seat"] == 0]
    assert sorted(e["card"] for e in waste) == ["Dairy Cows", "Wheat Field"]


def test_ex2_end_scoring_breakdown_names_each_item_FG_EX_2_FG_END_3_to_7():
    """FG-EX-2: coins 3 + Food 2 + empty Towers 2 + VP tokens 4 + stored tile 1 = 12, each a
    line of the breakdown; the tokens were set by hand, before any log, so they are one entry."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Silo", (2, 0))
    sc.add_card(s, 0, "Water Tower", (0, 1), water=0)
    sc.add_card(s, 0, "Water Tower", (0, 2), water=2)
    sc.set_stock(s, 0, coins=10, food=5, vp=4, stored=("Tractor",))
    breakdown = s.score_breakdown(0)
    assert breakdown == {
        "empty Water Towers (FG-END-7)": 2,
        f"VP tokens {EARLIER}": 4,
        "stored Equipment (FG-END-5)": 1,
        "coins (1 VP per 3)": 3,
        "food (1 VP per 2)": 2,
    }
    assert sum(breakdown.values()) == s.scores()[0] == 12


def test_ex3_cards_score_by_name_FG_EX_3_FG_END_2_FG_END_4_FG_EDGE_5():
    """FG-EX-3: the Flour Mill's 4 end-game VP and the Weathervane's 2 are lines of their own;
    the Wasteland Geese give no printed VP line."""
    s = game(3)
    sc.clear_farm(s, 0, water=3)
    sc.add_card(s, 0, "Corn Field", (2, 0), down=True)
    sc.add_card(s, 0, "Wheat Field", (1, 1))
    sc.add_card(s, 0, "Flour Mill", (2, 1), equipment=("Weathervane",))
    sc.add_card(s, 0, "Barley Field", (3, 1))
    sc.add_card(s, 0, "Silo", (2, 2))
    sc.add_card(s, 0, "Geese", (0, 1), down=True)
    breakdown = s.score_breakdown(0)
    assert breakdown["Flour Mill (end of game)"] == 4
    assert breakdown["Weathervane (Equipment, end of game)"] == 2
    assert not any(k.startswith("Geese") for k in breakdown)
    assert sum(breakdown.values()) == s.scores()[0]


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4)])
def test_each_action_is_told_with_exactly_its_fields(seed, players):
    state = _played(seed, players)
    seen = set()
    for e in state.events_for(None):
        kind = e["kind"]
        assert kind in KINDS, e
        if kind not in FIELDS:
            continue
        seen.add(kind)
        assert set(e) == COMMON | FIELDS[kind], e
        if kind in ("display", "reveal"):
            assert e["seat"] is None
            continue
        if kind == "wasteland":
            assert type(e["seat"]) is int and e["card"] in {c.name for c in CARD_BY_NAME.values()}
            continue
        if kind == "game_over":
            assert e["seat"] is None
            assert (e["scores"], e["ranking"]) == (state.scores(), state.ranking())
            continue
        if kind in PRIVATE:
            continue
        # An action the seat chose is the step's own; one the engine played for it (the only
        # choice left, e.g. a Market with no Food) is told at the step that led to it.
        assert type(e["seat"]) is int, e
        chosen = e["seat"] == state.history_seats[e["step"] - 1]
        action = state.history[e["step"] - 1] if chosen else None
        if chosen and "cell" in e:
            assert str(action).endswith(" " + e["cell"]), (e, str(action))
        if kind == "build":
            card = CARD_BY_NAME[e["card"].lower()]
            assert (e["coins"], e["water"], e["food"]) == card.cost
        elif kind == "tower":
            assert e["coins"] == R.TOWER_PRICE
        elif kind == "market":
            assert e["coins"] == R.MARKET_COINS + R.MARKET_FOOD_PRICE * e["food"]
            assert action is None or e["food"] == action.a
        elif kind == "restore":
            assert e["coins"] == R.RESTORE_PRICE
    assert {"build", "discard", "split", "tower", "game_over"} <= seen
    assert ("display" if players == 2 else "reveal") in seen


@pytest.mark.parametrize("seed", [1, 2])
def test_a_reveal_names_the_card_each_seat_picked_FG_ACT_3(seed):
    """FG-ACT-3 (3-4 players): the reveal names, per seat, the card it had picked face down
    (which only that seat was told when it picked)."""
    state = _played(seed, 3)
    last_pick: dict[int, str] = {}
    reveals = 0
    for seat in range(3):
        for e in state.events_for(seat):
            if e["kind"] == "pick" and e["seat"] == seat:
                last_pick[seat] = e["card"]
            elif e["kind"] == "reveal":
                if seat == 0:
                    reveals += 1
                assert e["picks"][seat] == last_pick.get(seat), (seat, e)
    assert reveals > 10


@pytest.mark.parametrize(("seed", "players"), [(2, 2), (3, 3)])
def test_the_breakdown_names_each_cards_printed_vp_FG_END_3(seed, players):
    """FG-END-3: each face-up card's printed VP is a line of its own, "<card> (printed VP)",
    summed over the copies in the farm; face-down (Wasteland) cards give none."""
    state = _played(seed, players)
    lines = 0
    for seat in range(players):
        want: dict[str, int] = {}
        for p, cid in enumerate(state.piece_cards[seat]):
            card = CARDS[cid]
            if not state.piece_face_down[seat][p] and card.vp:
                key = f"{card.name} (printed VP)"
                want[key] = want.get(key, 0) + card.vp
        got = {k: v for k, v in state.score_breakdown(seat).items() if k.endswith("(printed VP)")}
        assert got == want
        lines += len(got)
    assert lines > 0  # the games do score printed VP


@pytest.mark.parametrize(("seed", "players", "kind"), [(1, 3, "split"), (0, 2, "equipment")])
def test_a_draw_is_told_in_full_only_to_the_drawer(seed, players, kind):
    """FG-SET-3 / FG-EQP: the others learn how many were drawn, the drawer also which."""
    state = _played(seed, players)
    public = [e for e in state.events_for(None) if e["kind"] == kind]
    assert public
    for e in public:
        drawer = e["seat"]
        mine = next(x for x in state.events_for(drawer) if x["i"] == e["i"])
        assert set(mine) == set(e) | {PRIVATE[kind]}
        assert len(mine[PRIVATE[kind]]) == e["count"]
        for other in range(players):
            if other != drawer:
                assert next(x for x in state.events_for(other) if x["i"] == e["i"]) == e


def test_vp_tokens_are_credited_to_the_card_that_gave_them_FG_EFX_8():
    """VP tokens (FG-EFX-8) appear in each seat's breakdown under the card and moment that gave
    them, for that seat only, and nothing is left to "earlier" when the log covers the game."""
    state = _played(2, 3)  # seats 0 and 2 gain tokens (Winery, Rice Paddy)
    for seat in range(3):
        lines = state.score_breakdown(seat)
        tokens = {k: v for k, v in lines.items() if k.endswith("(harvest)")}
        assert sum(tokens.values()) == state.point_tokens[seat]
        assert not any(k.startswith("VP tokens") for k in lines)
    assert state.point_tokens[0] and state.point_tokens[2]


def test_an_equipment_bonus_of_food_alone_is_told_FG_EFX_12():
    """FG-EFX-12: a Tractor on a Wheat Field adds 1 Food to its harvest; the log tells that
    bonus as its own line, as it does the Milking Machine's coins (FG-EX-5)."""
    s = game(3)
    sc.clear_farm(s, 0, water=1, food=0)
    sc.add_card(s, 0, "Wheat Field", (1, 1), equipment=("Tractor",))
    sc.goto_harvest(s, 0, year=2)
    s.record_events()
    start = s.event_count
    s.apply("harvest 1,1")
    bonuses = [e for e in s.events_for(0, start) if e["kind"] == "bonus"]
    assert [(b["tile"], b["card"], b["coins"], b["food"], b["points"]) for b in bonuses] == [
        ("Tractor", "Wheat Field", 0, 1, 0)]
    assert s.food[0] == 3  # 2 from the field, 1 from the Tractor


def test_an_effect_says_how_many_equipment_draws_it_starts_FG_EQ_1():
    """An effect's ``equipment`` field counts the Equipment gains it sets off (FG-EQ-1); each is
    then told as an ``equipment`` draw of that seat (the stack never runs dry in this game)."""
    state = _played(0, 2)
    effects = [e for e in state.events_for(None) if e["kind"] == "effect"]
    draws = [e for e in state.events_for(None) if e["kind"] == "equipment"]
    assert draws  # a Tool Shed gives one gain, a Machinery Barn two
    assert sum(e["equipment"] for e in effects) == len(draws)
    for d in draws:
        assert any(e["seat"] == d["seat"] and e["equipment"] and e["i"] < d["i"] for e in effects)


def test_the_state_says_its_events_with_the_tables_names():
    """The state's own describe_event/event_is_news are the events module's, with seat labels."""
    state = _played(0, 2)
    build = next(e for e in state.events_for(None) if e["kind"] == "build")
    said = state.describe_event(build, ["Ann", "Bob"])
    assert said.startswith(["Ann", "Bob"][build["seat"]] + " builds " + build["card"])
    assert state.event_is_news(build) is True


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (3, 2), (4, 3)])
def test_every_kind_is_told_with_exactly_its_fields_and_its_values(seed, players):
    """Each event has its kind's fields and no other; table events have no seat, the others the
    seat they concern; a pick from the display, a Water paid, food sold and a tile equipped
    tell what the action chose (FG-2P-2, FG-WT-3, FG-EFX, FG-EQP)."""
    from acreage.games.fields_of_green.content import EQUIPMENT

    state = _played(seed, players)
    tiles = {t.name for t in EQUIPMENT}
    prices = {e.price for c in CARDS for e in c.effects if e.kind == "sell_food"}
    assert len(prices) == 1
    (price,) = prices
    for e in state.events_for(None):
        kind = e["kind"]
        extra = {"auto"} if kind in ("water", "pay_water") and "auto" in e else set()
        assert set(e) == COMMON | ALL_FIELDS[kind] | extra, e
        if extra:
            assert e["auto"] is True, e
        if kind in TABLE_EVENTS:
            assert e["seat"] is None, e
            continue
        assert type(e["seat"]) is int and 0 <= e["seat"] < players, e
        chosen = e["step"] > 0 and e["seat"] == state.history_seats[e["step"] - 1]
        said = str(state.history[e["step"] - 1]) if chosen else None
        # (an event the engine played for the seat, its only choice, is told at the step that
        # led to it: its words are then another action's)
        if kind == "take":
            assert said is None or said == f"pick {e['card']}" or not said.startswith("pick"), (e, said)
        elif kind in ("pay_water", "water"):
            word = "pay" if kind == "pay_water" else "water"
            assert e["amount"] == 1 or extra, e  # one Water per choice; "auto" may pay several
            assert 1 <= e["amount"] <= R.INCOME_WATER, e  # never an empty or a full Tower's 0
            if not extra:
                assert said == f"{word} {e['cell']}", (e, said)
        elif kind == "sell":
            assert e["coins"] == price * e["food"] and type(e["coins"]) is int, e
            assert said is None or said == f"sell {e['food']}" or not said.startswith("sell"), (e, said)
        elif kind in ("equip", "install"):
            assert e["tile"] in tiles, e
            assert (e["card"] is None) == (e["cell"] is None), e
            if chosen and e["cell"] is not None:
                assert said.startswith(f"{kind} {e['tile']} ") and said.endswith(" " + e["cell"]), (e, said)
        elif kind == "harvest":
            assert min(e["coins"], e["food"], e["water"]) >= 0, e
        elif kind == "fill":
            assert e["amount"] > 0, e
        elif kind in ("build", "tower", "silo", "restore") and chosen:
            assert said == f"{kind} {e['cell']}", (e, said)  # FG-ACT-7: the action told is the one taken
        elif kind == "market" and chosen and said.startswith("market"):
            assert said == f"market {e['food']}", (e, said)
        elif kind == "market" and chosen:
            assert said.split()[0] not in ("build", "tower", "silo", "restore"), (e, said)
    # ...and each of those actions is told: no action of the five kinds without its event; a
    # Water paid or placed by choice is told once, as chosen (not "auto")
    told: dict[tuple[int, str], list[tuple]] = {}
    for e in state.events_for(None):
        if "auto" not in e:
            told.setdefault((e["step"], e["kind"]), []).append((e.get("cell"), e.get("amount")))
    for step, action in enumerate(state.history, start=1):
        word, _, cell = str(action).partition(" ")
        if word in ("pay", "water"):
            kind = "pay_water" if word == "pay" else "water"
            assert told.get((step, kind)) == [(cell, 1)], (step, str(action), told.get((step, kind)))
        elif word in ("build", "tower", "silo", "market", "restore"):
            assert (step, word) in told, (step, str(action))


def test_a_fill_is_told_with_the_water_it_added_FG_EFX_10():
    """FG-EFX-10: the Windpump's harvest fills a Tower; the ``fill`` event names the Tower's cell
    and the Water really added (the Tower held 1 before)."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Windpump", (0, 1))
    tower = sc.add_card(s, 0, "Water Tower", (0, 2), water=1)
    sc.add_card(s, 0, "Wheat Field", (-1, 0))
    sc.goto_harvest(s, 0)
    s.record_events()
    s.apply("harvest 0,1")
    told = s.event_count
    s.apply("fill 0,2")
    (event,) = [e for e in s.events_for(None, told) if e["kind"] == "fill"]
    added = s.piece_water[0][tower] - 1
    assert added > 0
    assert {k: v for k, v in event.items() if k not in ("i", "step")} == {
        "kind": "fill", "seat": 0, "cell": "0,2", "amount": added}


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4)])
def test_each_year_and_its_income_are_told_FG_YR_1_FG_YR_3_FG_MNT_1(seed, players):
    """Four years, told in order (FG-YR-1), passing left, right, left, right (FG-YR-3); from
    year 2 on each seat's income is told: the year's coins and at most its Food (the Silos
    may lose some), none in year 1 (FG-MNT-1)."""
    state = _played(seed, players)
    events = state.events_for(None)
    years = [e for e in events if e["kind"] == "year"]
    assert [e["year"] for e in years] == [1, 2, 3, 4]
    assert [e["direction"] for e in years] == ["left", "right", "left", "right"]
    incomes = [e for e in events if e["kind"] == "income"]
    assert len(incomes) == 3 * players
    for e in incomes:
        assert e["coins"] == R.INCOME_COINS and 0 <= e["food"] <= R.INCOME_FOOD, e


def test_water_paid_by_itself_is_told_from_the_towers_that_had_some_FG_HRV_5():
    """A harvest's Water paid without a choice (all the Water in range is needed) is told once
    per Tower it came from: an empty Tower in range gives nothing and is not named."""
    s = game(3)
    sc.clear_farm(s, 0, water=0)
    sc.add_card(s, 0, "Water Tower", (0, 2), water=1)
    sc.add_card(s, 0, "Water Tower", (0, -2), water=0)
    sc.add_card(s, 0, "Wheat Field", (0, 1))
    sc.goto_harvest(s, 0)
    s.record_events()
    told = s.event_count
    field = next(str(a) for a in s.legal_actions() if str(a).startswith("harvest "))
    s.apply(field)
    paid = [(e["cell"], e["amount"], e.get("auto"))
            for e in s.events_for(None, told) if e["kind"] == "pay_water"]
    assert paid == [("0,2", 1, True)]


@pytest.mark.parametrize("seed", [0, 3])
def test_a_two_player_display_event_names_only_the_cards_turned_up_FG_MNT_11_FG_2P_3(seed):
    """With 2 players each year's display opens with 6 cards (FG-MNT-11), then after each pair
    the pile's next 2 are turned up while the pile lasts (FG-2P-3): each event names just the
    cards turned up, each of which is then in the display."""
    state = acreage.new_game("fields_of_green", players=2, seed=seed)
    state.record_events()
    rng = random.Random(seed)
    sizes = []
    while not state.is_terminal:
        told = state.event_count
        state.apply(rng.choice(state.legal_actions()))
        for e in state.events_for(None, told):
            if e["kind"] == "display":
                sizes.append(len(e["revealed"]))
                shown = [CARDS[c].name for c in state.display]
                assert all(name in shown for name in e["revealed"]), (e, shown)
    assert sizes == [R.DISPLAY_2P, R.REVEAL_2P, R.REVEAL_2P, R.REVEAL_2P] * 4
