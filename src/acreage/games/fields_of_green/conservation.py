"""Conservation of Fields of Green's components, for checks over whole games.

The snapshot loader already refuses a position in which a card is lost or doubled, a supply
count disagrees with the farms or an Equipment tile is duplicated; the same count is offered
here as a function that reports instead of raising.
"""

from __future__ import annotations

from ...core.errors import BadSnapshot
from .snapshot import _check_counts


def conservation_errors(state) -> list[str]:
    """What is lost or doubled in ``state`` (empty when every component is in one place)."""
    try:
        _check_counts(state)
    except BadSnapshot as exc:
        return [str(exc)]
    return []
