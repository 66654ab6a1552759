"""Which options of a long sub-decision are worth judging: trail placements and building cells.

Why: a search completes each turn it tries by a greedy look-ahead that judges every option of
each step (``acreage.agents.simple.complete_turn``). One step of a trail action offers about 140
placements (every frontier cell times every shape that keeps the town's trail ends open) and a
building about a dozen cells, each judged at about 100 µs, so laying trails took about half of a
solo search's time. Almost all of those options join nothing. A cheap, purely geometric score
picks the few that can matter; the judge still chooses among them.

How the shortlist was sized (18 greedy solo games, 318 trail steps and 140 placements, every
option judged by the learned value): the best trail by the judge was among the top 12 by this
score in 98 % of the steps (mean loss 0.01 points, never more than 3), and the best cell among
the top 12 in 99 % (top 8: 92 %, mean loss 0.09 points). Played out (greedy:learned=1, 120
solo games, same seeds): every option 64.0, 12 trails and 12 cells 63.9, 12 trails and 8 cells
62.7; 24 trails changed nothing. Fewer than about 12 options of a step are never cut.

It reads only the town's layout, which every seat can see.
"""

from __future__ import annotations

from ..actions import PLACE, TRAIL, Action
from ..frames import Place, Trails
from ..geometry import neighbours, opposite
from ..queries import live_openings
from .trail_distance import layout as _layout

#: Trail placements kept per step; upgrades and "done" are always kept (there are few).
TRAILS_KEPT = 12
#: Building cells kept per placement.
CELLS_KEPT = 12
#: Trail distances beyond this count as this (an unreachable group weighs like a far one).
_FAR = 4


def shortlist(state, actions: list[Action], keep: int | None = None) -> list[Action]:
    """The options of ``state``'s pending sub-decision worth judging, in their original order.

    Trail steps keep every non-placement option and the ``TRAILS_KEPT`` placements that join the
    most groups of buildings, then make the most connections, then lie closest to the groups
    they do not join yet. Placements keep the ``CELLS_KEPT`` cells that touch the most trail
    ends, then lie closest to the town's buildings. Anything else is returned unchanged.
    ``keep``: at most this many placements or cells instead (a cheaper look-ahead).
    """
    frames = state.frames
    if not frames:
        return actions
    kind, seat = type(frames[-1]), frames[-1].seat
    if kind is Trails:
        kept, scorer = TRAILS_KEPT, _trail_scorer
        ranked = [a for a in actions if a.kind == TRAIL]
    elif kind is Place:
        kept, scorer = CELLS_KEPT, _cell_scorer
        ranked = [a for a in actions if a.kind == PLACE]
    else:
        return actions
    if keep is not None:
        kept = keep
    if len(ranked) <= kept:
        return actions
    lay = _layout(state, seat)
    known = lay.prune_scores  # an option's score is a fact of the layout: kept with it
    missing = [a for a in ranked if a not in known]
    if missing:
        score = scorer(state, seat, lay)
        for a in missing:
            known[a] = score(a)
    ranked.sort(key=known.__getitem__, reverse=True)  # stable: ties keep the engine's order
    chosen = set(ranked[:kept])
    return [a for a in actions if a.kind != ranked[0].kind or a in chosen]


def _building_groups(state, seat: int, lay) -> dict[int, int]:
    """Trail-network groups that hold buildings: label -> number of buildings in it."""
    comp = lay.topo.comp
    groups: dict[int, int] = {}
    for cell in state.building_cells[seat]:
        label = comp[cell]
        groups[label] = groups.get(label, 0) + 1
    return groups


def _trail_scorer(state, seat: int, lay):
    cells = state.cells[seat]
    comp = lay.topo.comp
    groups = _building_groups(state, seat, lay)

    def score(action: Action) -> tuple[int, int, int]:
        cell = action.a
        live = live_openings(cells, cell, action.b)
        touched = {comp[nb] for d, nb in neighbours(cell) if live & d}
        connections = live.bit_count()
        joined = sum(1 for label in touched if label in groups)
        far = 0
        for label, n in groups.items():
            if label not in touched:
                far += n * min(lay.dist(cells, label).get(cell, _FAR), _FAR)
        return joined, connections, -far

    return score


def _cell_scorer(state, seat: int, lay):
    cells = state.cells[seat]
    groups = _building_groups(state, seat, lay)

    def score(action: Action) -> tuple[int, int]:
        cell = action.a
        ends = 0
        for d, nb in neighbours(cell):
            code = cells.get(nb)
            if code is not None and code < 0 and (-code) & opposite(d):
                ends += 1
        far = 0
        for label, n in groups.items():
            far += n * min(lay.dist(cells, label).get(cell, _FAR), _FAR)
        return ends, -far

    return score
