"""What a judgement of one seat's position reads, as a key: positions with equal keys get equal
values from the heuristic (``heuristic.evaluate``) and the learned estimate
(``value.estimate_final_score``), so a search may judge each key once.

Why: at 3 and 4 players a tree search judges every seat at each leaf and the rivals at each
new node, and the towns of the seats who did not act are the same in many of those positions
(a determinization reshuffles only the stacks); a payment's options also lead to towns that
other options reach too. More than half of a 4-player search's judging repeats a key
(docs/performance.md).

The key holds the seat's own town (cells, tiles, cubes), its points, trail count and pass, the
round and phase, whether its stage is over, the decisions pending (all of them: a settled
payment reads the one beneath) and the best rates the display offers for wheat, coal and sheep
(``heuristic.display_rates``, all a judgement reads of the display: after a build the refill
draws another tile in each determinization, mostly one that changes no best rate): everything
those functions read, within one game (its options, read too, are the same in every position
of a search).
A seat in the middle of its transport stage is judged by playing the stage to its end, which
reads the whole position (the next round's draws among it): that position has no key.
``tests/foxglove/bots/test_judgement_key.py`` checks the promise on positions of searches.
"""

from __future__ import annotations

from ..constants import FINAL, TRANSPORT
from ..frames import Pay, TransportStart
from .heuristic import display_rates


def judgement_key(state, seat: int) -> tuple | None:
    """A hashable key of what judging ``seat`` in ``state`` reads, or None where it reads more.

    One flat tuple of whole numbers, classes and the payment owed, each variable part after its
    length or a tag: a search makes one for every position it judges, and nested tuples are
    more to allocate and more for the garbage collector to look through."""
    phase = state.phase
    frames = state.frames
    if phase == TRANSPORT and not frames and state.order[state.stage_index] == seat:
        return None  # judged by finishing the stage (``heuristic._evaluate``)
    finished = (phase == TRANSPORT or phase == FINAL) and seat in state.order[:state.stage_index]
    cells = state.cells[seat]
    kinds = state.building_tiles[seat]
    return (
        seat, state.round, phase, finished, state.passed[seat], state.points[seat],
        state.trails_laid[seat], *_pending(frames, seat),
        len(cells), *cells, *cells.values(), len(kinds), *kinds, *state.cubes[seat],
        *display_rates(state),
    )


def _pending(frames: list, seat: int) -> tuple:
    """What a judgement reads of the pending records: a payment of the seat's under way (what
    is still owed and what for, and whether a transport start waits beneath it: the position
    is judged with the payment settled), else only whether anything is pending and whether it
    is a transport start (which hauling can still answer). Which tile waits for its cell, or how
    many trails a trail action has laid, it does not read."""
    if not frames:
        return (0,)
    top = frames[-1]
    if type(top) is Pay and top.seat == seat:
        purpose = top.purpose
        below = len(frames) > 1 and type(frames[-2]) is TransportStart
        # A purpose is a named tuple: a new trail and an upgrade of one cell and shape compare
        # equal as tuples, so its class comes with it.
        return (2, *top.owed, purpose.__class__, *purpose, below)
    return (1, type(top) is TransportStart)
