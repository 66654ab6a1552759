"""The Foxglove Farm terminal view: town grids, trail glyphs, tile help."""

from __future__ import annotations

import re

import acreage
from acreage.app.foxglove_view import (
    TRAIL_GLYPH,
    FoxgloveView,
    effect_words,
    short_name,
    tile_card,
    town_lines,
)
from acreage.games.foxglove.content import EFFECT_KINDS, TILES
from acreage.games.foxglove.geometry import SHAPES, shape_name

from .helpers import make_console, output_of


def _plain(lines) -> list[str]:
    return [line.plain for line in lines]


def test_every_trail_shape_has_a_box_glyph():
    assert {shape_name(m) for m in SHAPES} == set(TRAIL_GLYPH)


def test_town_grid_shows_buildings_cubes_trails_and_axes():
    town = {
        "buildings": [
            {"tile": "Forest", "tier": "start", "cell": [0, 0], "cubes": {"wood": 3}, "slots": 5},
            {"tile": "Mine", "tier": "start", "cell": [1, 0], "cubes": {"stone": 1}, "slots": 3},
            {"tile": "Sheepfold", "tier": "A", "cell": [0, 2], "cubes": {"sheep": 2}, "slots": 2},
        ],
        "trails": [{"cell": [0, 1], "shape": "NS"}, {"cell": [1, 1], "shape": "NEW"},
                   {"cell": [2, 0], "shape": "NW"}],
    }
    lines = _plain(town_lines(town, ring=False))
    text = "\n".join(lines)
    assert "x=0" in lines[0] and "x=2" in lines[0]
    assert "Forest" in text and "Mine" in text and "Sheepfld" in text
    assert "Wd3 ··" in text and "St1 ··" in text and "Sh2" in text
    assert "│" in text and "┴" in text and "┘" in text
    # North is up: y=2 is drawn above y=0, and the labels sit on the middle line of each row.
    labels = [m.group(1) for line in lines[1:] if (m := re.match(r"\s*(-?\d+) ", line))]
    assert labels == ["2", "1", "0"]
    # The NEW junction at 1,1 reaches west into the NS trail's cell and east to the edge.
    middle = next(line for line in lines if "┴" in line)
    assert "────┴────" in middle


def test_ring_adds_the_cells_next_to_the_town():
    town = {"buildings": [{"tile": "Forest", "tier": "start", "cell": [0, 0], "cubes": {}, "slots": 5}],
            "trails": []}
    small = _plain(town_lines(town, ring=False))
    ringed = _plain(town_lines(town, ring=True))
    # Blank lines above and below a row are left out: the ring rows are one line each.
    assert len(small) == 1 + 2 and len(ringed) == 1 + 1 + 2 + 1
    assert "x=-1" in ringed[0] and "x=1" in ringed[0] and "x=-1" not in small[0]
    assert ringed[1].split() == ["1", "·"] and ringed[-1].split() == ["-1", "·"]


def test_short_names_fit_the_grid():
    for tile in TILES:
        assert 0 < len(short_name(tile.name)) <= 8, tile.name


def test_every_effect_kind_is_put_into_words_and_every_tile_has_a_card():
    seen = set()
    console = make_console()
    for tile in TILES:
        for eff in tile.effects:
            words = effect_words(eff)
            assert not words.startswith(f"{eff.when}: "), (tile.name, eff.kind)
            seen.add(eff.kind)
        console.print(tile_card(tile))
    assert seen == set(EFFECT_KINDS)
    assert "Emporium" in output_of(console)


def test_help_topic_prefixes_and_ambiguity():
    view = FoxgloveView()
    console = make_console()
    console.print(view.help_topic("sheepf"))
    console.print(view.help_topic("Charcoal"))
    console.print(view.help_topic("shed"))
    out = output_of(console)
    assert "Sheepfold" in out and "tier A" in out
    assert out.count("Charcoal Kiln") >= 2
    assert "Several tiles match 'shed'" in out
    assert view.help_topic("no such tile") is None


def test_full_render_of_a_four_player_game_fits_and_names_everyone():
    state = acreage.new_game("foxglove", players=4, seed=3)
    labels = [f"P{s}" for s in range(4)]
    console = make_console()
    console.print(FoxgloveView().render(state, state.current_player, labels, width=120))
    out = output_of(console)
    assert all(f"P{s} · 0 pts" in out for s in range(4))
    assert "A area" in out and "C area" in out and "Stacks: A" in out
    assert max(len(line) for line in out.splitlines()) <= 120


def test_scores_show_lap_markers():
    state = acreage.new_game("foxglove", players=2, seed=1)
    state.points = [57, 103]  # only to draw the score track
    console = make_console()
    console.print(FoxgloveView().render(state, 0, ["A", "B"]))
    out = output_of(console)
    assert "57 (50+)" in out and "103 (100+)" in out
