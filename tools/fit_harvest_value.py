"""Fit a Harvest value on sibling groups, as Foxglove Farm's learned value was fitted.

Why sibling groups: a fit of the heuristic's terms to the final scores of whole greedy games
learns which positions greedy converts into points, not what choosing between two moves is
worth; as MCTS's judge it won 52 % against ``medium`` where the hand weights won 74 % on the
same deals (research/bots-experiments.md, 2026-12-07). Here each datum is a decision:

- 2-player games of ``greedy`` against itself (seeds ``--games``); at a share of the seats'
  real top-level decisions, every option is finished as greedy finishes a turn, and the
  ``--siblings`` options the heuristic rates best are each played to the end by greedy for both
  seats, from the same position and hidden order (the game's own random draws), with the same
  bot seeds. The differences of the seat's final lead within a group measure the options.
- Features of the position each option leads to (the next real choice, as MCTS judges a leaf)
  are the heuristic's terms without their hand weights (``harvest_terms``); the prediction of
  a lead is ``w[round] · (terms(seat) - terms(other))``, fitted to the within-group differences
  by ridge regression pulled toward the hand weights (``HAND``), so the fit starts from the
  shipped heuristic and moves only where the data say so.
- Held-out groups (the last quarter by game seed) report how often two siblings are ordered as
  their leads are, and the regret (the lead the group's best option reached more than the one the
  judge rates best), for the hand weights and the fit.

    .venv/bin/python tools/fit_harvest_value.py --games 7000:160 --out /tmp/hv_fit.json

Needs numpy (in the dev extra).
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from acreage.agents import make_agent
from acreage.agents.base import play_forced
from acreage.agents.simple import complete_turn
from acreage.core.registry import new_game
from acreage.games.harvest.bots import heuristic as H
from acreage.games.harvest.constants import CROP0, SEED0
from acreage.games.harvest.content import BUILDINGS, CROPS
from acreage.games.harvest.frames import Visit

NAMES = ("final_now", "crop_side", "seed_side", "supply", "fertilizer", "water", "buildings", "pieces_now")


def harvest_terms(state, seat: int) -> list[float]:
    """The heuristic's terms for ``seat``, unweighted; inputs and crops count only while the
    seat can still act in the game (as the heuristic's reach of 0 says)."""
    if state.phase == "over":
        return [float(state.total(seat))] + [0.0] * (len(NAMES) - 1)
    now, later = H._pieces_left(state, seat)
    alive = 1.0
    if now == 0 and later == 0:
        alive = 0.0
        if any(type(f) is Visit and f.seat == seat and f.actions_left > 0 for f in state.frames):
            alive = 1.0
    crop = seed = supply = 0.0
    kinds = set()
    for cell in state.farm[seat]:
        if cell >= CROP0:
            c = CROPS[cell - CROP0]
            crop += c.harvest_points + H._FERTILIZER * c.harvest_fertilizer
            kinds.add(c.id)
        elif cell >= SEED0:
            c = CROPS[cell - SEED0]
            seed += c.harvest_points + H._FERTILIZER * c.harvest_fertilizer - H._WATER * c.tend_water
    crop += len(kinds)
    for k, n in enumerate(state.seeds[seat]):
        if n:
            c = CROPS[k]
            supply += n * (c.harvest_points - H._FERTILIZER * c.plant_fertilizer - H._WATER * c.tend_water)
    serving = later + (1 if state.phase != "action" else 0.5 if now else 0)
    acting = sum(1 for b, _ in state.buildings[seat] if BUILDINGS[b].type != "end")
    stock = 1.0 if (later or now) else 0.0  # inputs: only with a placement still to make
    return [float(H._final_now(state, seat)), alive * crop, alive * seed, alive * supply,
            stock * state.fertilizer[seat], stock * state.water[seat], serving * acting, float(now)]


def hand_weights(rnd: int) -> list[float]:
    """The shipped heuristic as weights on ``harvest_terms`` (the round's reach and use)."""
    last = rnd >= 4
    reach = H._REACH_LAST if last else H._REACH_LATER
    use = 0.4 if last else 1.0
    return [1.0, reach[1], reach[2], reach[3], use * H._FERTILIZER, use * H._WATER,
            H._BUILDING_PER_ROUND, 0.0]


HAND = np.array([hand_weights(r) for r in (1, 2, 3, 4)])


def _round(state) -> int:
    return min(4, max(1, state.round))


def _lead(state, seat: int) -> float:
    scores = state.scores()
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))


def _play_to_end(state, seed: int) -> None:
    bots = [make_agent("greedy", game="harvest", players=2) for _ in range(2)]
    for i, b in enumerate(bots):
        b.rng.seed(seed * 7 + i)
    while not state.is_terminal:
        p = state.current_player
        state.apply(bots[p].decide(state, p))


def groups_of_game(args) -> list[dict]:
    """The sibling groups of one greedy game."""
    game_seed, share, siblings = args
    rng = random.Random(game_seed)
    state = new_game("harvest", players=2, seed=game_seed)
    bots = [make_agent("greedy", game="harvest", players=2) for _ in range(2)]
    for i, b in enumerate(bots):
        b.rng.seed(game_seed * 31 + i)
    out = []
    while not state.is_terminal:
        seat = state.current_player
        actions = state.legal_actions()
        if len(actions) > 1 and not state.in_subdecision() and rng.random() < share:
            rated = []
            for a in actions:
                after = state.clone()
                after.apply(a)
                complete_turn(after, seat, H.evaluate, random.Random(0))
                play_forced(after, False)
                rated.append((H.evaluate(after, seat), rng.random(), after))
            rated.sort(key=lambda x: (-x[0], x[1]))
            members = []
            for _v, _r, pos in rated[:siblings]:
                end = pos.clone()
                _play_to_end(end, game_seed)
                other = 1 - seat
                members.append({"round": _round(pos), "mine": harvest_terms(pos, seat),
                                "theirs": harvest_terms(pos, other), "lead": _lead(end, seat)})
            if len({m["lead"] for m in members}) > 1:
                out.append({"game": game_seed, "members": members})
        state.apply(bots[seat].decide(state, seat))
    return out


def design(groups: list[dict]):
    """Rows of within-group-demeaned features (4 rounds × terms) and targets."""
    width = len(NAMES)
    xs, ys = [], []
    for g in groups:
        rows = []
        for m in g["members"]:
            x = np.zeros(4 * width)
            r = m["round"] - 1
            x[r * width:(r + 1) * width] = np.array(m["mine"]) - np.array(m["theirs"])
            rows.append(x)
        rows = np.array(rows)
        leads = np.array([m["lead"] for m in g["members"]])
        xs.append(rows - rows.mean(axis=0))
        ys.append(leads - leads.mean())
    return np.vstack(xs), np.concatenate(ys)


def fit(groups: list[dict], ridge: float) -> np.ndarray:
    """Ridge toward the hand weights, in standardised units."""
    x, y = design(groups)
    start = HAND.reshape(-1)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    xs = x / scale
    s0 = start * scale
    a = xs.T @ xs + ridge * np.eye(xs.shape[1])
    b = xs.T @ (y - xs @ s0)
    return (s0 + np.linalg.solve(a, b)) / scale


def judge(weights: np.ndarray, m: dict) -> float:
    w = weights.reshape(4, len(NAMES))[m["round"] - 1]
    return float(w @ (np.array(m["mine"]) - np.array(m["theirs"])))


def report(groups: list[dict], weights: np.ndarray) -> tuple[float, float]:
    """(share of sibling pairs ordered as their leads, mean regret in points)."""
    agree = pairs = 0
    regret = 0.0
    for g in groups:
        ms = g["members"]
        preds = [judge(weights, m) for m in ms]
        for i in range(len(ms)):
            for j in range(i + 1, len(ms)):
                if ms[i]["lead"] == ms[j]["lead"]:
                    continue
                pairs += 1
                agree += (preds[i] - preds[j]) * (ms[i]["lead"] - ms[j]["lead"]) > 0
        best = max(m["lead"] for m in ms)
        regret += best - ms[max(range(len(ms)), key=lambda i: preds[i])]["lead"]
    return agree / max(1, pairs), regret / max(1, len(groups))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="7000:160", help="first seed:count")
    ap.add_argument("--share", type=float, default=0.2)
    ap.add_argument("--siblings", type=int, default=4)
    ap.add_argument("--ridge", type=float, default=30.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--cache", default="/tmp/hv_groups.pkl")
    ap.add_argument("--out", default=None, help="write the weights as JSON here")
    args = ap.parse_args()
    first, count = (int(x) for x in args.games.split(":"))
    cache = Path(args.cache)
    groups = pickle.loads(cache.read_bytes()) if cache.exists() else []
    have = {g["game"] for g in groups}
    todo = [(s, args.share, args.siblings) for s in range(first, first + count) if s not in have]
    t0 = time.time()
    if todo:
        with Pool(args.workers) as pool:
            for i, gs in enumerate(pool.imap_unordered(groups_of_game, todo)):
                groups += gs
                if i % 10 == 9:
                    cache.write_bytes(pickle.dumps(groups))
                    took = time.time() - t0
                    print(f"{i + 1}/{len(todo)} games, {len(groups)} groups, {took:.0f} s", flush=True)
        cache.write_bytes(pickle.dumps(groups))
    seeds = sorted({g["game"] for g in groups})
    cut = seeds[int(len(seeds) * 0.75)]
    train = [g for g in groups if g["game"] < cut]
    held = [g for g in groups if g["game"] >= cut]
    weights = fit(train, args.ridge)
    print(f"{len(groups)} groups ({len(train)} to fit, {len(held)} held out)")
    for name, w in (("hand", HAND.reshape(-1)), ("fit", weights)):
        acc, reg = report(held, w)
        print(f"{name:5} held out: pairs ordered {acc:.1%}, regret {reg:.2f} points")
    table = weights.reshape(4, len(NAMES))
    for r in range(4):
        print(f"round {r + 1}: " + ", ".join(f"{n} {table[r, i]:+.2f} ({HAND[r, i]:+.2f})"
                                            for i, n in enumerate(NAMES)))
    if args.out:
        full = fit(groups, args.ridge).reshape(4, len(NAMES))
        Path(args.out).write_text(json.dumps({"names": NAMES, "weights": full.tolist()}, indent=1))


if __name__ == "__main__":
    main()
