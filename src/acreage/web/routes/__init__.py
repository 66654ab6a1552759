"""The server's routes, one router per concern; ``server.create_app`` includes them all."""

from . import catalogue, games, learn, pages, replays, sockets

ROUTERS = (pages.router, catalogue.router, games.router, learn.router, replays.router, sockets.router)

__all__ = ["ROUTERS"]
