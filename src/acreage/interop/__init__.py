"""Standard RL interfaces for every registered game: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is an optional extra (``pip install acreage[rl]``) and lives in its own module,
imported only when asked for::

    from acreage.interop.pettingzoo import env          # PettingZoo AEC
    import acreage.interop.gymnasium                    # registers acreage/Foxglove-v0, ...
    import acreage.interop.openspiel                    # registers acreage_foxglove in pyspiel

Importing :mod:`acreage` or this package never imports numpy, PettingZoo, Gymnasium or
OpenSpiel. See ``docs/interop.md`` for rewards and the observation encodings.
"""

from __future__ import annotations

from ._common import REWARDS, final_rewards, render_text, resolve_reward

ADAPTERS = ("pettingzoo", "gymnasium", "openspiel")

__all__ = ["ADAPTERS", "REWARDS", "final_rewards", "render_text", "resolve_reward"]
