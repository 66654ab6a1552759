"""The ``acreage`` console script: runs the command line, or says which extra it needs.

The engine installs with no dependencies; the command line needs the ``app`` extra (Typer and
Rich). A plain ``pip install acreage`` still gets an ``acreage`` script, so this module imports
nothing but the standard library and turns a missing extra into one line saying how to add it,
rather than a traceback.
"""

from __future__ import annotations

import sys

#: The modules the command line imports, and the extra that brings each.
NEEDED = {"typer": "app", "rich": "app", "click": "app", "fastapi": "web", "uvicorn": "web",
          "starlette": "web", "websockets": "web"}


def main() -> None:
    """Console entry point (``acreage``)."""
    try:
        from .cli import app
    except ModuleNotFoundError as exc:
        top = (exc.name or "").split(".")[0]
        if top not in NEEDED:
            raise
        print(
            f"acreage: the command line needs the '{NEEDED[top]}' extra ({top} is not installed); "
            f"install it with: pip install 'acreage[{NEEDED[top]}]'",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
