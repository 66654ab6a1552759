"""What a seat may know of a Foxglove Farm position, and the positions it cannot tell apart.

The only secret is the order of the three face-down stacks (FF-SET-8): everything else is on
the table. ``observe`` is the public view every seat gets; ``determinize`` re-deals the stacks
for a search that must not see them.
"""

from __future__ import annotations

from ...core.rng import Rng
from .constants import FINAL, PHASE_NAMES, TIER_NAMES, TRANSPORT
from .content import TILES
from .explain import describe_decision
from .geometry import shape_name, xy
from .goods import GOODS, NUM_GOODS


def determinize(state, seat: int, rng):
    """Re-shuffle the hidden stack orders (the only secret in Foxglove Farm, FF-SET-8)."""
    c = state.clone()
    source = rng if isinstance(rng, Rng) else Rng.at(rng.getrandbits(64))
    for stack in c.stacks:
        stack.sort()  # forget the true order first, so the result cannot depend on it
        source.permute(stack)
    c.rng = source.spawn()
    return c

def observe(state, seat: int | None) -> dict:
    """Everything public: towns, display, stack sizes, scores and the pending decision."""
    towns = []
    for s in range(state.num_players):
        buildings = []
        for b, tid in enumerate(state.building_tiles[s]):
            base = b * NUM_GOODS
            buildings.append({
                "tile": TILES[tid].name,
                "tier": TILES[tid].tier,
                "cell": list(xy(state.building_cells[s][b])),
                "cubes": {
                    GOODS[g]: state.cubes[s][base + g] for g in range(NUM_GOODS) if state.cubes[s][base + g]
                },
                "slots": TILES[tid].slots,
            })
        trails = [
            {"cell": list(xy(cell)), "shape": shape_name(-code)}
            for cell, code in sorted(state.cells[s].items())
            if code < 0
        ]
        towns.append({"buildings": buildings, "trails": trails})
    return {
        "game": state.game_name,
        "seat": seat,
        "players": state.num_players,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "start_player": state.start_player,
        "scores": state.points[:],
        "passed": state.passed[:],
        "expert": sorted(state.options.get("expert", ())),
        "display": [
            {"area": "C" if i >= state.n_ab else "AB", "tile": TILES[sp[-1]].name if sp else None,
             "tier": TILES[sp[-1]].tier if sp else None, "count": len(sp)}
            for i, sp in enumerate(state.display)
        ],
        "stack_sizes": {TIER_NAMES[i]: len(s) for i, s in enumerate(state.stacks)},
        "removed": [TILES[t].name for t in state.removed],
        "towns": towns,
        "decision": describe_decision(state),
        "moves_left": state.moves_left if state.phase in (TRANSPORT, FINAL) else None,
    }

