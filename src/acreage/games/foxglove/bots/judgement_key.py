"""What a judgement of one seat's position reads, as a key: positions with equal keys get equal
values from the heuristic (``heuristic.evaluate``) and the learned estimate
(``value.estimate_final_score``), so a search may judge each key once.

Why: at 3 and 4 players a tree search judges every seat at each leaf and the rivals at each
new node, and the towns of the seats who did not act are the same in many of those positions
(a determinization reshuffles only the stacks); a payment's options also lead to towns that
other options reach too. About a third of a 4-player search's judging repeats a key
(docs/performance.md).

The key holds the seat's own town (cells, tiles, cubes), its points, trail count and pass, the
round and phase, whether its stage is over, the decisions pending (all of them: a settled
payment reads the one beneath) and the display's top tiles: everything those functions read,
within one game (its options, read too, are the same in every position of a search).
A seat in the middle of its transport stage is judged by playing the stage to its end, which
reads the whole position (the next round's draws among it): that position has no key.
``tests/foxglove/test_judgement_key.py`` checks the promise on positions of searches.
"""

from __future__ import annotations

from ..constants import FINAL, TRANSPORT
from ..frames import Pay


def judgement_key(state, seat: int) -> tuple | None:
    """A hashable key of what judging ``seat`` in ``state`` reads, or None where it reads more.

    One flat tuple of whole numbers, pending records and their classes, each variable part
    after its length: a search makes one for every position it judges, and nested tuples are
    more to allocate and more for the garbage collector to look through."""
    phase = state.phase
    frames = state.frames
    if phase == TRANSPORT and not frames and state.order[state.stage_index] == seat:
        return None  # judged by finishing the stage (``heuristic._evaluate``)
    finished = (phase == TRANSPORT or phase == FINAL) and seat in state.order[:state.stage_index]
    cells = state.cells[seat]
    kinds = state.building_tiles[seat]
    tops = [space[-1] for space in state.display if space]
    return (
        seat, state.round, phase, finished, state.passed[seat], state.points[seat],
        state.trails_laid[seat],
        # Records are named tuples, and two kinds holding the same numbers compare equal (a
        # trail action that laid 1 and a build of tile 1; a new trail and an upgrade of one
        # cell and shape), so each record and each payment's purpose comes with its class.
        len(frames), *frames, *map(type, frames), *[f.purpose.__class__ for f in frames if type(f) is Pay],
        len(cells), *cells, *cells.values(), len(kinds), *kinds, *state.cubes[seat],
        len(tops), *tops,
    )
