"""Screenshots of each web screen for the docs (docs/img/web-*.png), taken with Chromium.

Starts a server on a temporary store, sets up games of every game through the API (seeded
random play to reach the positions), and photographs what one window shows: the lobby, each
game at 1400×900 and at tablet width, Fields of Green's hidden draft, end screens and replays.
Run: ``python tools/web_screenshots.py [--out docs/img]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from conftest import Server, chromium_path  # noqa: E402


def api(url: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


#: Moves that build up a board (so the pictures show full farms and towns).
KEEN = ("build", "place", "pay", "move", "plant", "harvest", "pick")


def play(url: str, made: dict, moves: int, seed: int = 1) -> None:
    """Seeded random legal moves for the game's human seats (preferring ones that build up the
    board), until ``moves`` or the end."""
    rng = random.Random(seed)
    for _ in range(moves):
        v = api(url, f"/api/games/{made['id']}")
        if v["status"] == "over":
            return
        token = made["tokens"].get(str(v["to_act"]))
        if token is None:
            time.sleep(0.2)
            continue
        legal = api(url, f"/api/games/{made['id']}", token=token)["legal"]
        texts = [a["text"] for a in legal]
        keen = [t for t in texts if t.startswith(KEEN)]
        choice = rng.choice(keen) if keen and rng.random() < 0.8 else rng.choice(texts)
        api(url, f"/api/games/{made['id']}/actions", {"token": token, "action": choice, "seq": v["seq"]})


def game(url: str, name: str, players: int, seats: list[str], moves: int, seed: int, **extra) -> dict:
    made = api(url, "/api/games", {"game": name, "players": players, "seats": seats, **extra})
    play(url, made, moves, seed)
    return made


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(str(Path(tmp) / "shots.db"), limits="UNLIMITED").start()
        try:
            url = server.url
            names = {"names": ["Ada", "Brook", "Cyd"]}
            fox = game(url, "foxglove", 2, ["human", "human"], 70, 4, options={"start_player": 0},
                       names=names["names"][:2])
            fox_over = game(url, "foxglove", 1, ["human"], 400, 2, options={"move_cap": 3})
            fields = game(url, "fields_of_green", 2, ["human", "human"], 40, 3, names=names["names"][:2])
            draft = game(url, "fields_of_green", 3, ["human"] * 3, 12, 5, names=names["names"])
            harvest = game(url, "harvest", 2, ["human", "human"], 30, 6, names=names["names"][:2])
            harvest_solo = game(url, "harvest", 1, ["human"], 2000, 7)
            scenes = (
                ("lobby", "/", 1400, 900),
                ("foxglove-game", fox["links"]["0"], 1400, 900),
                ("foxglove-tablet", fox["links"]["0"], 800, 1100),
                ("end", fox_over["links"]["0"], 1400, 900),
                ("replay", f"/replay/{fox_over['id']}", 1400, 900),
                ("fields_of_green-game", fields["links"]["0"], 1400, 900),
                ("fields_of_green-draft", draft["links"]["1"], 1400, 900),
                ("fields_of_green-tablet", fields["links"]["1"], 800, 1100),
                ("harvest-game", harvest["links"]["0"], 1400, 900),
                ("harvest-solo-end", harvest_solo["links"]["0"], 1400, 900),
                ("harvest-replay", f"/replay/{harvest_solo['id']}", 1400, 900),
            )
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), headless=True)
                for name, path, width, height in scenes:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(url + path)
                    time.sleep(1.5)
                    if name.endswith("replay"):
                        for _ in range(25):
                            if page.locator("#next").is_disabled():
                                break
                            page.click("#next")
                            time.sleep(0.05)
                        time.sleep(0.5)
                    # what one window shows: the goal is a whole board without scrolling
                    page.screenshot(path=str(out / f"web-{name}.png"))
                    page.close()
                    print(f"wrote {out / f'web-{name}.png'}")
                browser.close()
        finally:
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
