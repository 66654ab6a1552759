"""The server's routes, one router per concern; ``server.create_app`` includes them all."""

from . import catalogue, games, learn, notices, pages, players, ratings_pages, replays, sockets

ROUTERS = (
    pages.router, catalogue.router, games.router, learn.router, players.router, notices.router,
    replays.router, sockets.router, ratings_pages.router,
)

__all__ = ["ROUTERS"]
