"""Screenshots of each web screen for the docs (docs/img/web-*.png), taken with Chromium.

Starts a server on a temporary store, sets up games through the API (seeded random play to
reach the positions), and photographs the lobby, a Foxglove game at laptop and tablet widths,
the end screen and a replay. Run: ``python tools/web_screenshots.py [--out docs/img]``.
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


def play(url: str, made: dict, moves: int, seed: int = 1) -> None:
    """Random legal moves for the game's human seats, until ``moves`` or the end."""
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
        choice = next(
            (t for t in texts if t.startswith(("build", "place", "pay", "move"))), rng.choice(texts)
        )
        api(url, f"/api/games/{made['id']}/actions", {"token": token, "action": choice, "seq": v["seq"]})


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
            mid = api(
                url,
                "/api/games",
                {
                    "game": "foxglove",
                    "players": 2,
                    "seats": ["human", "human"],
                    "options": {"start_player": 0},
                },
            )
            play(url, mid, 70, seed=4)
            over = api(
                url,
                "/api/games",
                {"game": "foxglove", "players": 1, "seats": ["human"], "options": {"move_cap": 3}},
            )
            play(url, over, 400, seed=2)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), headless=True)
                for name, path, width in (
                    ("lobby", "/", 1280),
                    ("foxglove-game", mid["links"]["0"], 1400),
                    ("foxglove-tablet", mid["links"]["0"], 800),
                    ("end", over["links"]["0"], 1280),
                    ("replay", f"/replay/{over['id']}", 1280),
                ):
                    height = 900 if width >= 1000 else 1100
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(url + path)
                    time.sleep(1.5)
                    if name == "replay":
                        for _ in range(25):
                            page.click("#next")
                            time.sleep(0.05)
                        time.sleep(0.5)
                    page.screenshot(path=str(out / f"web-{name}.png"), full_page=True)
                    page.close()
                    print(f"wrote {out / f'web-{name}.png'}")
                browser.close()
        finally:
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
