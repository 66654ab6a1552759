"""Conservation of Harvest's components, for checks over whole games.

The components (sunrise tiles, festival cards, Market tiles, buildings, Mayor Gairy's tiles)
are counted by the snapshot loader's :func:`~.snapshot.check_components`, the one place that
knows where each may be; this adds that resources never go negative, and reports instead of
raising.
"""

from __future__ import annotations

from ...core.errors import BadSnapshot
from .snapshot import check_components


def conservation_errors(state) -> list[str]:
    """What is lost, doubled or negative in ``state`` (empty when all is in order)."""
    errors = []
    try:
        check_components(state)
    except BadSnapshot as exc:
        errors.append(str(exc))
    # Named by their snapshot keys, as check_components names its fields.
    resources = (("coins", state.coins), ("water", state.water), ("fert", state.fertilizer),
                 ("wb", state.wheelbarrows), ("mice", state.mice), ("basket", state.basket))
    for name, values in resources:
        if any(v < 0 for v in values):
            errors.append(f"{name} negative: {values}")
    if any(v < 0 for seeds in state.seeds for v in seeds):
        errors.append(f"seeds negative: {state.seeds}")
    return errors
