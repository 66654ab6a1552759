"""One package per game. Each depends on :mod:`acreage.core` only.

``acreage.games()`` is the registry listing, but importing this subpackage makes Python set
the attribute ``acreage.games`` to the subpackage itself. So that both spellings keep working,
this module is made callable: calling it returns the same list as
:func:`acreage.core.registry.games`.
"""

from __future__ import annotations

import sys
import types


class _CallableGamesPackage(types.ModuleType):
    def __call__(self):
        from ..core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesPackage
