"""Foxglove Farm as numbers: the observation tensor for RL, and a bound on game length.

Everything here reads only what the observing seat may see — the towns, the display, the
scores, the stack *sizes* and the pending decision, all of which are public in Foxglove Farm.
The order of the face-down stacks (the game's only secret, FF-SET-8) is never read, so a state
and any :meth:`~acreage.games.foxglove.state.FoxgloveState.determinize` copy of it encode to
the same vector. Pure Python on purpose: the core must not need numpy.

Layout (one flat vector; :func:`layout` gives every segment's offset and shape)
==============================================================================

Every feature lies in ``[0, 1]``. Counts are divided by a stated scale and clipped at 1.
Seats are *relative*: town 0 is the observing seat, town ``k`` is seat ``(seat + k) % n``.

``towns`` — ``n`` blocks, own town first, each a grid then a summary:

* ``grid``: a ``WINDOW × WINDOW`` (13 × 13) window of the town centred on the Forest (x and y
  from −6 to 6), row-major with row 0 = north (y = 6) and column 0 = west (x = −6), and
  ``CELL_CHANNELS`` (18) channels per cell:

  ====  ======================================================================
  0     a building stands here
  1     a trail lies here
  2–5   the trail opens N, E, S, W (0 for buildings and empty cells)
  6     building tile id, embedding-friendly: ``(tile id + 1) / NUM_KINDS``
        (0 = no building; multiply by ``NUM_KINDS`` and subtract 1 to recover the id)
  7     the building's slots / ``MAX_SLOTS`` (8)
  8–12  cubes of wood, stone, wheat, coal, sheep on it / its slots
  13–17 the building accepts wood, stone, wheat, coal, sheep (1 or 0)
  ====  ======================================================================

  Tiles outside the window are not drawn in the grid; they still count in the summary
  (``kinds``, cube totals, building and trail counts) and in the ``outside_*`` features, so
  nothing in a town is invisible. The town grid itself is unbounded (FF-SET-6); in practice
  towns stay well inside the window.

* ``summary`` (``TOWN_FEATURES`` values):

  ====  ======================================================================
  0     score / 200 (clipped)
  1     has passed this construction phase
  2     is the start player of this round
  3     plays the expert transport variant
  4     buildings / ``MAX_BUILDINGS`` (48)
  5     trails / 48 (clipped)
  6     free trails left this round (Lean-to) / 4 (clipped)
  7     stone-for-wood substitutions left this round (Mason's Lodge) / 4 (clipped)
  8–12  cubes of each goods type in the whole town / 20 (clipped)
  13    free slots in the whole town / 40 (clipped)
  14    buildings outside the window / 8 (clipped)
  15    trails outside the window / 8 (clipped)
  16    cubes outside the window / 20 (clipped)
  17…   per tile kind (``NUM_KINDS`` values, in ``TILES`` order): copies in this town / 2
  ====  ======================================================================

``round`` (4): one-hot of round 1–4.  ``phase`` (5): one-hot over ``PHASE_NAMES``.
``actor`` (n): one-hot of the seat to act, relative to the observer (all 0 once the game is over).

``decision`` (10): one-hot of what is being decided — construction turn, trail action, place a
tile, pay, keep production, choose a goods type, start-of-transport effects, transport, final
stage, game over.

``details`` (``DETAIL_FEATURES`` = 22) about that decision:

====  ======================================================================
0–6   pay: still owed wood, stone, wheat, coal, sheep, "wood or stone", and Mason's Lodge
      substitutions still usable — each / 4 (clipped)
7–9   pay: what the payment is for — a building, a trail, an upgrade (one-hot)
10–14 keep: the offered goods per type / 8 (clipped)
15    keep: free slots to fill / 8 (clipped)
16    choose: cubes to gain / 8 (clipped)
17    trail action: trails and upgrades made so far in it / 8 (clipped)
18    start of transport: an effect is being used (1) or not yet chosen (0)
19    start of transport: uses left of that effect / 4 (clipped)
20    transport / final stage: moves left / the move cap
21    the decision belongs to the observing seat
====  ======================================================================

``pending_tile`` (``NUM_KINDS``): one-hot of the tile being placed or paid for.

``display`` (one block per display space, ``AB_SPACES[n] + 4`` spaces, A/B area first): a
one-hot of the visible tile kind (``NUM_KINDS`` values) and the number of copies stacked there
/ 4 (clipped). An empty space is all zero.

``stacks`` (3): tiles left in the A, B, C stacks / the tier's full stack size. Sizes only —
never their order or which tile is where.

``removed`` (``NUM_KINDS``): solo games: tiles removed from the display, per kind / 2 (clipped).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .constants import CONSTRUCTION, FINAL, OVER, TRANSPORT
from .content import TILES
from .geometry import E, N, S, W, cell_of
from .goods import NUM_GOODS
from .rulings import AB_SPACES, C_SPACES, DEFAULT_MOVE_CAP, MAX_BUILDINGS

WINDOW_RADIUS = 6
WINDOW = 2 * WINDOW_RADIUS + 1
NUM_KINDS = len(TILES)
MAX_SLOTS = max(t.slots for t in TILES)
CELL_CHANNELS = 18
TOWN_FEATURES = 17 + NUM_KINDS
DETAIL_FEATURES = 22
NUM_DECISIONS = 10
DECISION_NAMES = (
    "construction turn", "trail action", "place", "pay", "keep", "choose",
    "start of transport", "transport", "final stage", "game over",
)
(_D_TURN, _D_TRAILS, _D_PLACE, _D_PAY, _D_KEEP, _D_CHOOSE,
 _D_TSTART, _D_TRANSPORT, _D_FINAL, _D_OVER) = range(NUM_DECISIONS)
_FRAME_DECISION = {
    "trails": _D_TRAILS, "place": _D_PLACE, "pay": _D_PAY, "keep": _D_KEEP,
    "choose": _D_CHOOSE, "tstart": _D_TSTART,
}
_PAY_FOR = {"build": 0, "trail": 1, "upgrade": 2}

_MAX_COPIES = max(t.copies for t in TILES if t.tier != "start")
_TIER_TOTAL = tuple(max(1, sum(t.copies for t in TILES if t.tier == tier)) for tier in ("A", "B", "C"))

# Window index of every cell inside the window (cells outside are absent).
_WIN_INDEX: dict[int, int] = {
    cell_of(x, y): (WINDOW_RADIUS - y) * WINDOW + (x + WINDOW_RADIUS)
    for y in range(-WINDOW_RADIUS, WINDOW_RADIUS + 1)
    for x in range(-WINDOW_RADIUS, WINDOW_RADIUS + 1)
}
# Per tile: (id scalar, slots / MAX_SLOTS, 1/slots or 0, accepts bits).
_TILE_FEAT = tuple(
    (
        (t.id + 1) / NUM_KINDS,
        t.slots / MAX_SLOTS,
        1.0 / t.slots if t.slots else 0.0,
        tuple(float(t.accepts >> g & 1) for g in range(NUM_GOODS)),
    )
    for t in TILES
)
_SLOTS = tuple(t.slots for t in TILES)
_OPEN_BITS = ((2, N), (3, E), (4, S), (5, W))


def _clip(value: float) -> float:
    return value if value < 1.0 else 1.0


@cache
def layout(num_players: int) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """Every segment of the vector as ``(name, offset, shape)``, in order (see the module doc)."""
    segments: list[tuple[str, tuple[int, ...]]] = []
    for k in range(num_players):
        segments.append((f"town{k}_grid", (WINDOW, WINDOW, CELL_CHANNELS)))
        segments.append((f"town{k}_summary", (TOWN_FEATURES,)))
    spaces = AB_SPACES[num_players] + C_SPACES
    segments += [
        ("round", (4,)),
        ("phase", (5,)),
        ("actor", (num_players,)),
        ("decision", (NUM_DECISIONS,)),
        ("details", (DETAIL_FEATURES,)),
        ("pending_tile", (NUM_KINDS,)),
        ("display", (spaces, NUM_KINDS + 1)),
        ("stacks", (3,)),
        ("removed", (NUM_KINDS,)),
    ]
    out = []
    offset = 0
    for name, shp in segments:
        out.append((name, offset, shp))
        size = 1
        for d in shp:
            size *= d
        offset += size
    out.append(("end", offset, ()))
    return tuple(out)


@cache
def _offsets(num_players: int) -> dict[str, int]:
    return {name: offset for name, offset, _ in layout(num_players)}


def shape(num_players: int) -> tuple[int, ...]:
    """Shape of :func:`encode`'s vector for this player count (flat)."""
    return (_offsets(num_players)["end"],)


def _encode_town(out: list[float], base: int, state, s: int) -> None:
    cells = state.cells[s]
    kinds = state.building_tiles[s]
    cubes = state.cubes[s]
    summary = base + WINDOW * WINDOW * CELL_CHANNELS
    out_b = out_t = out_c = 0
    totals = [0, 0, 0, 0, 0]
    free = 0
    for cell, code in cells.items():
        w = _WIN_INDEX.get(cell, -1)
        if code >= 0:
            tid = kinds[code]
            cb = code * NUM_GOODS
            load = cubes[cb] + cubes[cb + 1] + cubes[cb + 2] + cubes[cb + 3] + cubes[cb + 4]
            for g in range(NUM_GOODS):
                totals[g] += cubes[cb + g]
            free += _SLOTS[tid] - load
            out[summary + 17 + tid] += 1.0 / _MAX_COPIES
            if w < 0:
                out_b += 1
                out_c += load
                continue
            i = base + w * CELL_CHANNELS
            ident, slots, inv, accepts = _TILE_FEAT[tid]
            out[i] = 1.0
            out[i + 6] = ident
            out[i + 7] = slots
            if load:
                for g in range(NUM_GOODS):
                    if cubes[cb + g]:
                        out[i + 8 + g] = cubes[cb + g] * inv
            out[i + 13: i + 18] = accepts
        else:
            if w < 0:
                out_t += 1
                continue
            i = base + w * CELL_CHANNELS
            mask = -code
            out[i + 1] = 1.0
            for ch, bit in _OPEN_BITS:
                if mask & bit:
                    out[i + ch] = 1.0
    for tid in set(kinds):
        if out[summary + 17 + tid] > 1.0:
            out[summary + 17 + tid] = 1.0
    o = summary
    out[o] = _clip(state.points[s] / 200)
    out[o + 1] = 1.0 if state.passed[s] else 0.0
    out[o + 2] = 1.0 if state.start_player == s else 0.0
    out[o + 3] = 1.0 if s in state.options.get("expert", ()) else 0.0
    out[o + 4] = len(kinds) / MAX_BUILDINGS
    out[o + 5] = _clip(state.trails_laid[s] / 48)
    out[o + 6] = _clip(state.free_trails[s] / 4)
    out[o + 7] = _clip(state.wood_for_stone_left[s] / 4)
    for g in range(NUM_GOODS):
        out[o + 8 + g] = _clip(totals[g] / 20)
    out[o + 13] = _clip(free / 40)
    out[o + 14] = _clip(out_b / 8)
    out[o + 15] = _clip(out_t / 8)
    out[o + 16] = _clip(out_c / 20)


def encode(state, seat: int) -> list[float]:
    """The observation vector of ``state`` as ``seat`` sees it (see the module doc)."""
    n = state.num_players
    off = _offsets(n)
    out = [0.0] * off["end"]
    town_size = WINDOW * WINDOW * CELL_CHANNELS + TOWN_FEATURES
    for k in range(n):
        _encode_town(out, k * town_size, state, (seat + k) % n)

    rnd = state.round
    if 1 <= rnd <= 4:
        out[off["round"] + rnd - 1] = 1.0
    out[off["phase"] + state.phase] = 1.0
    actor = state.current_player
    if actor is not None:
        out[off["actor"] + (actor - seat) % n] = 1.0

    frames = state.frames
    top = frames[-1] if frames else None
    if state.phase == OVER:
        decision = _D_OVER
    elif top is not None:
        decision = _FRAME_DECISION.get(top.kind, _D_TURN)
    elif state.phase == CONSTRUCTION:
        decision = _D_TURN
    elif state.phase == TRANSPORT:
        decision = _D_TRANSPORT
    else:
        decision = _D_FINAL
    out[off["decision"] + decision] = 1.0

    d = off["details"]
    pending = -1
    if top is not None:  # the details of a decision under way
        if decision == _D_PAY:
            rem = top.owed
            for i in range(7):
                out[d + i] = _clip(rem[i] / 4)
            then = top.purpose
            out[d + 7 + _PAY_FOR[then.kind]] = 1.0
            if then.kind == "build":
                pending = then.tile
        elif decision == _D_PLACE:
            pending = top.tile
        elif decision == _D_KEEP:
            vec = top.goods
            for g in range(NUM_GOODS):
                out[d + 10 + g] = _clip(vec[g] / 8)
            out[d + 15] = _clip(top.free / 8)
        elif decision == _D_CHOOSE:
            out[d + 16] = _clip(top.amount / 8)
        elif decision == _D_TRAILS:
            out[d + 17] = _clip(top.laid / 8)
        elif decision == _D_TSTART:
            out[d + 18] = 1.0 if top.active >= 0 else 0.0
            out[d + 19] = _clip(top.left / 4)
    if state.phase in (TRANSPORT, FINAL):
        cap = state.options.get("move_cap", DEFAULT_MOVE_CAP)
        out[d + 20] = _clip(max(state.moves_left, 0) / cap)
    if actor is not None and actor == seat:
        out[d + 21] = 1.0
    if pending >= 0:
        out[off["pending_tile"] + pending] = 1.0

    o = off["display"]
    stride = NUM_KINDS + 1
    for i, sp in enumerate(state.display):
        if sp:
            b = o + i * stride
            out[b + sp[-1]] = 1.0
            out[b + NUM_KINDS] = _clip(len(sp) / 4)
    o = off["stacks"]
    for t, stack in enumerate(state.stacks):
        out[o + t] = _clip(len(stack) / _TIER_TOTAL[t])
    o = off["removed"]
    for tid in state.removed:
        out[o + tid] += 1.0 / _MAX_COPIES
    for tid in set(state.removed):
        out[o + tid] = _clip(out[o + tid])
    return out


# ---------------------------------------------------------------------------- game length
def _content_bounds() -> dict[str, int]:
    """Per-game totals over every tile that could ever be built (all tiers, advanced included)."""
    buildable = [t for t in TILES if t.tier != "start"]
    start_slots = sum(t.slots for t in TILES if t.tier == "start")
    imm_cubes = 0
    for t in buildable:
        gained = 0
        for e in t.effects:
            if e.when == "immediate" and e.kind == "gain":
                gained += sum(e.goods)
            elif e.when == "immediate" and e.kind == "gain_one_type":
                gained += e.amount
        imm_cubes += t.copies * min(t.slots, gained)
    return {
        "copies": sum(t.copies for t in buildable),
        "slots": sum(t.copies * t.slots for t in buildable),
        "start_slots": start_slots,
        "imm_cubes": imm_cubes,
        "free_trails": sum(
            t.copies * e.count for t in buildable for e in t.effects if e.kind == "free_trail"
        ),
        # Each start-of-transport effect: its uses plus one "done" to end it early.
        "tstart": sum(
            t.copies * (e.count + 1) for t in TILES for e in t.effects if e.kind in ("haul", "porter")
        ),
        "max_cost": max(sum(t.cost) for t in buildable),
    }


_BOUNDS = _content_bounds()


def max_game_length(num_players: int, options: dict[str, Any]) -> int:
    """A true upper bound on the number of recorded actions in one game.

    Derivation (every count is over the whole game, all seats together; automatic steps are
    not recorded, so counting every possible decision over-counts safely):

    * **Cubes.** Cubes enter towns only by production (once per round, never past a town's
      free slots, so at most the total capacity ``cap`` of all towns per round) and by a new
      building's immediate gain (at most its slots, once per tile copy). Processing never
      makes more cubes than it spends and moves only relocate them. So at most
      ``C = 4·cap + imm`` cubes ever exist, with ``cap = n·(Forest + Mine slots) +`` the slots
      of every tile copy.
    * **Construction.** ``pass`` ≤ 1 per seat per round (4n). ``build`` and ``place`` ≤ one
      per tile copy (B), ``choose`` ≤ B. Every ``pay`` and every ``keep`` moves one cube
      out of or into a town: each ≤ C. Every ``trail``/``upgrade`` either spends ≥ 1 cube or
      uses a Lean-to free trail (≤ 4 × the free trails of all copies): steps ≤ C + 4F. A trail
      action holds ≥ 1 step, so ``trails`` ≤ steps and its ``done`` ≤ steps.
    * **Transport.** 4n stages (rounds 1–3 transport, round 4 final stage). Each stage: at
      most ``move_cap`` moves, one ``done``, and the start-of-transport effects (each of its
      uses plus a ``done``, plus one ``done`` declining them). In the final stage ``process``
      is offered only when a conversion can run, and a ``process`` runs every conversion
      until its inputs are gone (every tile has at most one processing effect), so another
      ``process`` needs a cube move first: ≤ moves + effects + 1.
    """
    n = num_players
    cap_moves = int(options.get("move_cap", DEFAULT_MOVE_CAP))
    b = _BOUNDS
    builds = min(b["copies"], n * (MAX_BUILDINGS - 2))
    capacity = n * b["start_slots"] + b["slots"]
    cubes = 4 * capacity + b["imm_cubes"]
    steps = cubes + 4 * b["free_trails"]
    construction = 4 * n + 3 * builds + 2 * cubes + 3 * steps
    tstart = b["tstart"] + 1
    stage = tstart + cap_moves + 1
    transport = 3 * n * stage + n * (stage + cap_moves + tstart + 1)
    return construction + transport


def processing_effects_per_tile() -> int:
    """Most processing effects on one tile (the game-length bound above assumes at most 1)."""
    return max(sum(1 for e in t.effects if e.when == "processing") for t in TILES)

