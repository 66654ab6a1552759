// Foxglove Farm's board: a status strip, the display, and every town, drawn as SVG from the
// seat's observation. The board never changes the game: a click only sends one of the legal
// actions' notation through ctx.act, and the server's next update draws the board again.
//
// Clicks on the board, all taken from view.legal:
//   display card                 build <Tile>            (data-build="<Tile>")
//   highlighted cell             place x,y               (data-cell="x,y")
//   highlighted cell → shape     trail/upgrade S x,y     (data-cell, then data-shape="S")
//   highlighted cube             pay <good> x,y          (data-cube="<good> x,y")
//   cube → destination building  move <good> a>b / haul  (data-cube, then data-dest="x,y")
//   buttons under the board      pass, trails, done, …   (data-act="<notation>")
//
// Help on every piece: a hover shows its words (SVG <title>), a tap on a piece that cannot be
// played shows them in a box above the display (data-help-box="<piece>"; a card's "?" is
// data-help="<Tile>"). The pieces: display cards (data-card="<Tile>"), empty spaces and stacks
// (data-space="A/B n" / "C n", data-stack="A"), buildings (data-building="x,y"), trails
// (data-trail="x,y"), empty town cells (data-empty="x,y"), cubes, the start player's marker
// (data-start="<seat>"); the other words come from the content's "pieces".
// "Why can't I?": a click on a card, cell, trail, building or cube that cannot be played now
// asks ctx.why(<notation of the move meant>) (build, place, trail, upgrade, pay, move), and the
// server's explanation is shown; legal targets act as above.
// A tutorial's ctx.highlight (an action's args, or null) outlines what it names: the card, the
// cell, the cube and its destination, or the button (data-lit).
// Parts drawn: data-part="status|display|town|legend", data-town="<seat>", data-paying="x,y"
// (the piece being paid for), data-recent="x,y" (another seat's last move there).
import { el } from "./api.js";
import { svg, stop, clickable } from "./drawing.js";

const GOODS = ["wood", "stone", "wheat", "coal", "sheep"];
const TIER_FILL = { start: "#7f8c6a", A: "#4f8a3c", B: "#3b6ea5", C: "#8c4a86" };
const ROAD_DARK = "#8a6d43", ROAD_LIGHT = "#dcc596";
const CELL = 100;                       // town cell size in SVG units

// ------------------------------------------------------------------ selection (module state)
let last = null;        // {container, view, ctx}: for a local re-draw after a click
let sel = null;         // null | {type: "cell", cell} | {type: "cube", good, cell}
let scrollToChooser = false;  // a trail cell was just chosen: bring its shape buttons into view
let preview = null;     // {layer, cx, cy}: where the chosen trail cell shows the shape under the pointer
let lastSeq = null, lastYou = undefined;

// ------------------------------------------------------------------ small helpers
const title = text => svg("title", {}, text);
const goodFill = g => `fill: var(--${g}, #999)`;
const seatColour = s => `var(--seat${s}, #555)`;
const cellKey = (x, y) => `${x},${y}`;
const parseCell = t => t.split(",").map(Number);

function wrap(text, maxChars) {
  const words = String(text).split(" ");
  const lines = [];
  let cur = "";
  for (const w of words) {
    if (cur && (cur + " " + w).length > maxChars) { lines.push(cur); cur = w; } else cur = cur ? cur + " " + w : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

// Lines of text, each squeezed to its width (widths[i], or the last one) where it would not fit.
function multiline(x, y, lines, lineHeight, attrs, widths = [], charW = 0.6) {
  const fs = Number(attrs["font-size"]) || 12;
  return svg("text", { x, y, ...attrs }, lines.map((l, i) => {
    const room = widths[Math.min(i, widths.length - 1)];
    const squeeze = room && l.length * fs * charW > room;
    return svg("tspan", { x, dy: i ? lineHeight : 0, textLength: squeeze ? room : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null }, l);
  }));
}

function tileInfo(ctx, name, tier) {
  const tiles = (ctx.content && ctx.content.tiles) || {};
  return tiles[`${name}|${tier}`] || Object.values(tiles).find(t => t.name === name) || null;
}

// A tile in the game's own words (its presentation model): what it does, its cost, its slots
// and what it accepts. ``named``: begin with its name (a tooltip; a help box has a heading).
function helpText(info, name, named = true) {
  if (!info) return name;
  const head = named ? `${info.name} (${info.tier}${info.advanced ? "!" : ""})\n` : "";
  const effects = (info.effects || []).join(" ");
  return `${head}${info.help || ""}${effects ? "\n" + effects : ""}\ncost: ${info.cost_words} · slots: ${info.slots} · ${info.accepts_words}`;
}

// The words of a piece that is not a tile (a trail, a cube, a cell, …), from the presentation
// model's content; "" where the content has none.
function pieceWords(ctx, key) {
  return String(((ctx.content && ctx.content.pieces) || {})[key] || "");
}

// The kind of trail a shape is (its words in the content are under this name).
function trailKind(shape) {
  if (shape.length === 3) return "T-junction";
  return shape === "NS" || shape === "EW" ? "straight trail" : "curved trail";
}

// The T-junction an upgrade of ``shape`` would make first (the shape itself for a T): what a
// click on a trail that cannot be upgraded now asks the engine about.
function teeOf(shape) {
  if (shape.length === 3) return shape;
  const extra = [..."NESW"].find(side => !shape.includes(side));
  return [..."NESW"].filter(side => shape.includes(side) || side === extra).join("");
}

// One goods cube; sheep (nearly white) get a dark mark so they never read as an empty slot.
function cubeShape(x, y, sz, good) {
  const g = svg("g", {}, svg("rect", { x, y, width: sz, height: sz, rx: 2, style: `${goodFill(good)}; stroke: #000b`, "stroke-width": 1.2 }));
  if (good === "sheep") g.append(svg("circle", { cx: x + sz / 2, cy: y + sz / 2, r: sz / 5, fill: "#555" }));
  return g;
}

// Road arms from the centre of a cell out to the named sides (N is up on the screen).
function road(cx, cy, half, shape, { width = 22, opacity = 1 } = {}) {
  const ends = { N: [cx, cy - half], E: [cx + half, cy], S: [cx, cy + half], W: [cx - half, cy] };
  const arms = [...shape].filter(ch => ends[ch]);
  const layer = (stroke, w) => arms.map(ch => svg("line", { x1: cx, y1: cy, x2: ends[ch][0], y2: ends[ch][1], stroke, "stroke-width": w }));
  return svg("g", { opacity, "pointer-events": "none" },
    layer(ROAD_DARK, width), svg("circle", { cx, cy, r: width / 2, fill: ROAD_DARK }),
    layer(ROAD_LIGHT, width * 0.62), svg("circle", { cx, cy, r: width * 0.31, fill: ROAD_LIGHT }));
}

// ------------------------------------------------------------------ legal actions, sorted out
// Each action's args (from the game's presentation model) say what it is about: a tile, a cell,
// a shape, a cube's good and cells. Nothing here reads notation.
function sortLegal(legal) {
  const L = { build: new Map(), place: new Set(), placeActions: [], pay: [], cellShapes: new Map(), moves: new Map(), buttons: [] };
  for (const a of legal || []) {
    const g = a.args || {};
    const t = a.text;
    if (g.verb === "build") L.build.set(g.name, t);
    else if (g.verb === "place") { L.place.add(g.cell); L.placeActions.push(a); }
    else if (g.verb === "trail" || g.verb === "upgrade") {
      if (!L.cellShapes.has(g.cell)) L.cellShapes.set(g.cell, []);
      L.cellShapes.get(g.cell).push({ kind: g.verb, shape: g.shape, text: t });
    } else if (g.verb === "pay") L.pay.push({ good: g.good, cell: g.cell, text: t });
    else if (g.verb === "move") addMove(L, g.good, g.from, { dest: g.to, text: t });
    else if (g.verb === "haul") addMove(L, g.good, g.cell, { dest: null, haul: true, text: t });
    else L.buttons.push(a);
  }
  return L;
}
function addMove(L, good, cell, entry) {
  const k = `${good} ${cell}`;
  if (!L.moves.has(k)) L.moves.set(k, []);
  L.moves.get(k).push(entry);
}

// Events that show another seat's own move on its town (not production or payments).
const RECENT_KINDS = new Set(["build", "trail", "upgrade", "move", "haul"]);

// ------------------------------------------------------------------ entry point
export function draw(container, view, ctx) {
  if (view.seq !== lastSeq || view.you !== lastYou) {
    // A new update: a chosen trail cell or cube is forgotten (the trail was built, the cube
    // moved), so the next click on a cube chooses it instead of silently un-choosing it.
    sel = null;
    lastSeq = view.seq; lastYou = view.you;
  }
  last = { container, view, ctx };
  render();
}

function rerender() { if (last) render(); }

// Help for touch screens (no hover there): the "?" of a card, or a tap on any piece that
// cannot be played now, shows the piece's help above the display (brought into view when the
// piece was in a town further down).
let helpFor = null;       // null | {key, head, text}
let scrollToHelp = false;

function showHelp(key, head, text, scroll = false) {
  helpFor = { key, head, text };
  scrollToHelp = scroll;
  rerender();
}

function showTileHelp(ctx, name, tier, scroll = false) {
  const info = tileInfo(ctx, name, tier);
  showHelp(name, `${name} (${tier}${info && info.advanced ? "!" : ""})`, helpText(info, name, false), scroll);
}

function helpBox() {
  if (!helpFor) return null;
  return el("div", { class: "notice", "data-help-box": helpFor.key },
    el("b", {}, `${helpFor.head}: `), helpFor.text, " ",
    el("button", { onclick: stop(() => { helpFor = null; rerender(); }) }, "close"));
}

// "Why can't I?": a click on something that cannot be played now asks the engine why the move
// the player meant is not allowed (only a seat that is deciding; a figure has no ctx.why).
function whyNot(text) {
  const { view, ctx } = last;
  if (ctx.why && view.you !== null && view.you !== undefined && (view.legal || []).length) ctx.why(text);
}

// The tutorial's highlight: does it name this (the action's args hold every key given)?
function isLit(ctx, want) {
  const h = ctx.highlight;
  return Boolean(h) && Object.entries(want).every(([k, v]) => h[k] === v);
}

// The lit outline of a piece the tutorial points at, drawn over it and never in the way of a
// click: the board's lit colour, thicker than a legal target's frame, in a dark dashed ring.
function litBox(x, y, w, h, rx = 8) {
  return svg("g", { "data-lit": "", "pointer-events": "none" },
    svg("rect", { x: x - 6, y: y - 6, width: w + 12, height: h + 12, rx: rx + 3,
      style: "fill: var(--hi); fill-opacity: .15; stroke: var(--ink); stroke-width: 2", "stroke-dasharray": "6 3" }),
    svg("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx, style: "fill: none; stroke: var(--hi); stroke-width: 5" }));
}

function render() {
  const { container, view, ctx } = last;
  const obs = view.observation || {};
  const L = sortLegal(view.legal);
  const mine = view.you !== null && view.you !== undefined;
  // Keep the selection only while it is still legal.
  if (sel && sel.type === "cell" && !L.cellShapes.has(sel.cell)) sel = null;
  if (sel && sel.type === "cube" && !L.moves.has(`${sel.good} ${sel.cell}`)) sel = null;

  const root = el("div", { class: "ff-board", style: "display: flex; flex-direction: column; gap: .6rem;" });
  root.addEventListener("click", () => { if (sel) { sel = null; rerender(); } });
  preview = null;
  root.append(statusStrip(view, obs, ctx));
  const help = helpBox();
  if (help) {
    root.append(help);
    if (scrollToHelp) requestAnimationFrame(() => help.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }
  scrollToHelp = false;
  root.append(displayPart(obs, ctx, L));

  const towns = obs.towns || [];
  const order = towns.map((_, s) => s);
  if (mine && view.you < towns.length) { order.splice(order.indexOf(view.you), 1); order.unshift(view.you); }
  // The towns side by side where there is room: the viewer's own first and full size, with the
  // shape chooser and the buttons under it; the others smaller.
  const row = el("div", { style: "display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; align-items: flex-start;" });
  order.forEach(s => {
    const own = mine && s === view.you;
    const part = townPart(view, obs, ctx, s, own ? L : null, own || !mine ? 1 : 0.75);
    if (own) {
      const col = el("div", { style: "display: flex; flex-direction: column; gap: .5rem; max-width: 100%;" }, part);
      const ch = chooser(L);
      if (ch) col.append(ch);
      if (ch && scrollToChooser) requestAnimationFrame(() => ch.scrollIntoView({ block: "nearest", behavior: "smooth" }));
      scrollToChooser = false;
      const b = buttons(L);
      if (b) col.append(b);
      row.append(col);
    } else row.append(part);
  });
  root.append(row);
  root.append(legend(ctx));
  container.replaceChildren(root);
}

// What every symbol means, in the game's own words (its presentation model's legend).
function legend(ctx) {
  const words = (ctx.content && ctx.content.legend) || {};
  return el("div", { class: "legend", "data-part": "legend" }, ...Object.entries(words).map(([k, v]) => el("span", {}, el("b", {}, k + ": "), v)));
}

// ------------------------------------------------------------------ 1. status strip
function statusStrip(view, obs, ctx) {
  const H = 44;
  const labels = ctx.labels || [];
  const label = s => labels[s] || `seat ${s}`;
  const items = [];
  let x = 8;
  items.push(svg("text", { x, y: 28, "font-size": 17, "font-weight": 700, style: "fill: var(--ink)" }, `Round ${obs.round ?? "?"} of 4`));
  x += 134;
  const phases = ["production", "construction", obs.round === 4 ? "final stage" : "transportation"];
  const over = obs.phase === "game over";
  phases.forEach((p, i) => {
    const on = p === obs.phase;
    const w = p.length * 7.6 + 18;
    items.push(svg("rect", { x, y: 10, width: w, height: 24, rx: 12, style: on ? "fill: var(--hi)" : "fill: #ece6d6", stroke: on ? "#b8922a" : "none" }));
    items.push(svg("text", { x: x + w / 2, y: 27, "text-anchor": "middle", "font-size": 13, "font-weight": on ? 700 : 400, style: on ? "fill: var(--ink)" : "fill: var(--muted)" }, p));
    x += w;
    if (i < 2) { items.push(svg("text", { x: x + 9, y: 27, "text-anchor": "middle", "font-size": 13, style: "fill: var(--muted)" }, "→")); x += 18; }
  });
  if (over) { items.push(svg("text", { x: x + 12, y: 27, "font-size": 14, "font-weight": 700, style: "fill: var(--warn, #b4471f)" }, "game over")); x += 90; }
  x += 18;
  if (obs.start_player !== undefined && obs.start_player !== null) {
    const words = pieceWords(ctx, "start player");
    items.push(svg("g", { "data-start": obs.start_player, ...clickable(() => showHelp("start player", "Start player", words), "about the start player") },
      title(`start player: ${label(obs.start_player)}${words ? "\n" + words : ""}`),
      svg("circle", { cx: x + 6, cy: 22, r: 6, style: `fill: ${seatColour(obs.start_player)}` }),
      svg("text", { x: x + 16, y: 27, "font-size": 13, style: "fill: var(--ink)" }, `start: ${label(obs.start_player)}`)));
    x += 30 + (`start: ${label(obs.start_player)}`).length * 6.6;
  }
  const passed = (obs.passed || []).map((p, s) => (p ? s : null)).filter(s => s !== null);
  if (passed.length && obs.phase === "construction") {
    const t = `passed: ${passed.map(label).join(", ")}`;
    items.push(svg("text", { x, y: 27, "font-size": 13, style: "fill: var(--muted)" }, t));
    x += t.length * 6.6 + 14;
  }
  if (obs.expert && obs.expert.length) {
    const t = `expert transport: ${obs.expert.map(label).join(", ")}`;
    items.push(svg("text", { x, y: 27, "font-size": 13, style: "fill: var(--muted)" }, t));
    x += t.length * 6.6 + 14;
  }

  const width = Math.round(x + 10);
  return svg("svg", { viewBox: `0 0 ${width} ${H}`, width, "data-part": "status", role: "img", "aria-label": `round ${obs.round}, ${obs.phase}` }, items);
}

// ------------------------------------------------------------------ 2. the display
function displayPart(obs, ctx, L) {
  const CW = 112, CH = 118, GAP = 6, LABEL = 76;
  const ab = (obs.display || []).filter(d => d.area === "AB");
  const c = (obs.display || []).filter(d => d.area === "C");
  const stacks = obs.stack_sizes || {};
  const cols = Math.max(ab.length, c.length, 1);
  const W = LABEL + cols * (CW + GAP);
  const H = 2 * (CH + GAP) + 4;
  const rows = [[ab, "A / B", [`A ${stacks.A ?? "–"}`, `B ${stacks.B ?? "–"}`]], [c, "C", [`C ${stacks.C ?? "–"}`]]];
  const parts = [];
  rows.forEach(([spaces, name, stackLines], r) => {
    const y = 2 + r * (CH + GAP);
    parts.push(svg("text", { x: 6, y: y + 26, "font-size": 18, "font-weight": 700, style: "fill: var(--ink)" }, name));
    parts.push(svg("text", { x: 6, y: y + 46, "font-size": 11, style: "fill: var(--muted)" }, "stack"));
    stackLines.forEach((t, i) => {
      const [tier, left] = t.split(" ");
      const words = pieceWords(ctx, "stack");
      const about = `the ${tier} stack: ${left} tiles left`;
      parts.push(svg("g", { "data-stack": tier, ...clickable(() => showHelp(`stack ${tier}`, `The ${tier} stack (${left} left)`, words), `about ${about}`) },
        title(`${about}${words ? "\n" + words : ""}`),
        svg("rect", { x: 6, y: y + 54 + i * 24, width: 58, height: 20, rx: 3, style: "fill: #ece6d6; stroke: var(--line)" }),
        svg("text", { x: 35, y: y + 68 + i * 24, "text-anchor": "middle", "font-size": 12, style: "fill: var(--ink)" }, t)));
    });
    spaces.forEach((d, i) => parts.push(card(LABEL + i * (CW + GAP), y, CW, CH, d, ctx, L, `${name.replace(/ /g, "")} ${i + 1}`)));
  });
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, "data-part": "display" }, parts);
}

function card(x, y, w, h, d, ctx, L, space) {
  if (!d.tile) {
    const words = pieceWords(ctx, "empty space");
    return svg("g", { opacity: 0.55, "data-space": space, ...clickable(() => showHelp(`space ${space}`, `Empty space (${space})`, words), `about the empty space ${space}`) },
      title(`empty space${words ? "\n" + words : ""}`),
      svg("rect", { x: x + 1, y: y + 1, width: w - 2, height: h - 2, rx: 8, fill: "#fff0", "stroke-dasharray": "5 4", style: "stroke: var(--muted)" }),
      svg("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", "font-size": 12, style: "fill: var(--muted)" }, "empty"));
  }
  const info = tileInfo(ctx, d.tile, d.tier);
  const canBuild = L.build.has(d.tile);
  const showHelp = () => showTileHelp(ctx, d.tile, d.tier);
  // a card that cannot be built now: its help, and the engine's reason (cost, turn, phase)
  const g = svg("g", canBuild ? { "data-card": d.tile, "data-build": d.tile, ...clickable(() => ctx.act(L.build.get(d.tile)), L.build.get(d.tile)) }
    : { "data-card": d.tile, ...clickable(() => { showHelp(); whyNot(`build ${d.tile}`); }, `about ${d.tile}`) });
  g.append(title(helpText(info, d.tile) + (canBuild ? "\n— click to build" : "")));
  if (d.count > 1) g.append(svg("rect", { x: x + 5, y: y + 5, width: w - 4, height: h - 4, rx: 8, style: "fill: #e9e3d3; stroke: var(--line)" }));
  g.append(svg("rect", { x: x + 1, y: y + 1, width: w - 4, height: h - 4, rx: 8,
    style: `fill: #fffdf7; stroke: ${canBuild ? "var(--hi)" : "var(--line)"}; stroke-width: ${canBuild ? 4 : 1.5}` }));
  // tier badge and count
  g.append(svg("rect", { x: x + 6, y: y + 6, width: 22, height: 18, rx: 4, fill: TIER_FILL[d.tier] || "#777" }));
  g.append(svg("text", { x: x + 17, y: y + 19, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" },
    (d.tier === "start" ? "S" : d.tier) + (info && info.advanced ? "!" : "")));
  if (d.count > 1) g.append(svg("text", { x: x + w - 10, y: y + 87, "text-anchor": "end", "font-size": 15, "font-weight": 700, style: "fill: var(--ink)" }, `×${d.count}`, title(`${d.count} tiles in this space`)));
  if (info) (info.accepts || []).slice().reverse().forEach((gd, i) => g.append(svg("circle", { cx: x + w - 13 - i * 10, cy: y + 15, r: 4, style: `${goodFill(gd)}; stroke: #0008` })));
  g.append(svg("g", { "data-help": d.tile, ...clickable(showHelp, `about ${d.tile}`) },
    svg("circle", { cx: x + 38, cy: y + 15, r: 8, style: "fill: #fff; stroke: var(--muted)" }),
    svg("text", { x: x + 38, y: y + 19, "text-anchor": "middle", "font-size": 11, "font-weight": 700, style: "fill: var(--muted)" }, "?")));
  const lines = wrap(d.tile, 14).slice(0, 2);
  g.append(multiline(x + 8, y + 43, lines, 15, { "font-size": 13, "font-weight": 700, style: "fill: var(--ink)" }, [w - 18]));
  // cost: small coloured squares with counts
  const cost = info ? GOODS.filter(gd => info.cost && info.cost[gd]).map(gd => [gd, info.cost[gd]]) : [];
  let cx = x + 8;
  const cy = y + 76;
  if (!cost.length && info) g.append(svg("text", { x: cx, y: cy + 11, "font-size": 11, style: "fill: var(--muted)" }, "free"));
  for (const [gd, n] of cost) {
    g.append(svg("g", {}, cubeShape(cx, cy, 13, gd), title(`${n} ${gd}`)));
    g.append(svg("text", { x: cx + 16, y: cy + 11, "font-size": 12, "font-weight": 700, style: "fill: var(--ink)" }, String(n)));
    cx += 28;
  }
  // slots, and the goods it accepts as tiny dots
  if (info) {
    const sy = y + h - 22;
    const n = info.slots || 0;
    const sz = n > 6 ? 8 : 10;
    for (let i = 0; i < n; i++) g.append(svg("rect", { x: x + 8 + i * (sz + 2), y: sy, width: sz, height: sz, rx: 1.5, fill: "none", style: "stroke: var(--muted)" }));
    g.append(svg("text", { x: x + 12 + n * (sz + 2), y: sy + 9, "font-size": 10, style: "fill: var(--muted)" }, n ? (n > 5 ? String(n) : `${n} slot${n > 1 ? "s" : ""}`) : "no slots"));
  }
  if (isLit(ctx, { verb: "build", tile: `${d.tile}|${d.tier}` })) g.append(litBox(x + 1, y + 1, w - 4, h - 4));
  return g;
}

// ------------------------------------------------------------------ 3. the towns
function townPart(view, obs, ctx, seat, L, scale) {
  const town = obs.towns[seat];
  const used = [];
  for (const b of town.buildings) used.push(b.cell);
  for (const t of town.trails) used.push(t.cell);
  if (L) {
    for (const c of L.place) used.push(parseCell(c));
    for (const c of L.cellShapes.keys()) used.push(parseCell(c));
  }
  if (!used.length) used.push([0, 0]);
  const xs = used.map(c => c[0]), ys = used.map(c => c[1]);
  const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
  const LEFT = 30, TOP = 34, BOTTOM = 26;
  const W = LEFT + (x1 - x0 + 1) * CELL + 8, H = TOP + (y1 - y0 + 1) * CELL + BOTTOM;
  const px = x => LEFT + (x - x0) * CELL;
  const py = y => TOP + (y1 - y) * CELL;
  const labels = ctx.labels || [];
  const parts = [];

  // header: seat, score, to act
  const score = (obs.scores || [])[seat];
  parts.push(svg("circle", { cx: LEFT + 8, cy: 16, r: 7, style: `fill: ${seatColour(seat)}` }));
  parts.push(svg("text", { x: LEFT + 22, y: 22, "font-size": 16, "font-weight": 700, style: `fill: ${seatColour(seat)}` },
    `${labels[seat] || `seat ${seat}`}${score !== undefined ? ` · ${score} pts${lapMarker(score)}` : ""}`));
  if (view.to_act === seat && obs.phase !== "game over") {
    parts.push(svg("text", { x: W - 8, y: 22, "text-anchor": "end", "font-size": 13, "font-weight": 700, style: "fill: var(--ink)" }, "▶ to act"));
  }

  // grid, axes; an empty cell tells what a cell is on a tap, and (own town) why nothing may go
  // there now while a tile or a trail is being placed
  const occupied = new Set([...town.buildings, ...town.trails].map(t => cellKey(...t.cell)));
  const cellWords = pieceWords(ctx, "cell");
  const emptyCell = key => ev => {
    if (sel) return;  // a click beside the chosen cube or cell un-chooses it (the board's own handler)
    ev.stopPropagation();
    showHelp(`cell ${key}`, `Empty cell ${key}`, cellWords, true);
    if (L && L.place.size) whyNot(`place ${key}`);
    else if (L && L.cellShapes.size) whyNot(`trail NS ${key}`);
  };
  for (let x = x0; x <= x1; x++) {
    parts.push(svg("text", { x: px(x) + CELL / 2, y: TOP + (y1 - y0 + 1) * CELL + 18, "text-anchor": "middle", "font-size": 13, style: "fill: var(--muted)" }, String(x)));
    for (let y = y0; y <= y1; y++) {
      const key = cellKey(x, y);
      const empty = !occupied.has(key);
      parts.push(svg("rect", { x: px(x), y: py(y), width: CELL, height: CELL, style: "fill: #f1ecdd; stroke: var(--line)", "stroke-width": 1,
        "data-empty": empty ? key : null, onclick: empty ? emptyCell(key) : null }, empty ? title(`empty cell ${key}\n${cellWords}`) : null));
    }
  }
  for (let y = y0; y <= y1; y++) parts.push(svg("text", { x: LEFT - 8, y: py(y) + CELL / 2 + 5, "text-anchor": "end", "font-size": 13, style: "fill: var(--muted)" }, String(y)));
  parts.push(svg("text", { x: 4, y: TOP + (y1 - y0 + 1) * CELL + 18, "font-size": 11, style: "fill: var(--muted)" }, "y╱x"));

  // trails: help on a tap; with a cube chosen, why it cannot go there; in a trail action, why
  // this one cannot be upgraded
  for (const t of town.trails) {
    const [x, y] = t.cell;
    const key = cellKey(x, y), kind = trailKind(t.shape), words = pieceWords(ctx, kind);
    const onTrail = ev => {
      if (L && sel && sel.type === "cube") { ev.stopPropagation(); whyNot(`move ${sel.good} ${sel.cell}>${key}`); return; }
      if (sel) return;
      ev.stopPropagation();
      showHelp(`trail ${key}`, `${kind[0].toUpperCase()}${kind.slice(1)} ${t.shape} at ${key}`, words, true);
      if (L && L.cellShapes.size) whyNot(`upgrade ${teeOf(t.shape)} ${key}`);
    };
    parts.push(svg("g", { "data-trail": key, onclick: onTrail }, title(`${kind} ${t.shape} at ${key}${words ? "\n" + words : ""}`),
      svg("rect", { x: px(x) + 1, y: py(y) + 1, width: CELL - 2, height: CELL - 2, fill: "#e4ddc4" }),
      road(px(x) + CELL / 2, py(y) + CELL / 2, CELL / 2, t.shape)));
  }

  // cells that can be clicked: place, trail, upgrade
  if (L) {
    for (const a of L.placeActions) parts.push(cellTarget(a.args.cell, px, py, "place here", () => last.ctx.act(a.text)));
    for (const [c, options] of L.cellShapes) {
      const chosen = sel && sel.type === "cell" && sel.cell === c;
      const label = options[0].kind === "upgrade" ? "upgrade" : "trail";
      parts.push(cellTarget(c, px, py, label, () => { sel = chosen ? null : { type: "cell", cell: c }; scrollToChooser = !chosen; rerender(); }, chosen, label === "upgrade" ? 0.15 : 0.3));
      if (chosen) {
        const [x, y] = parseCell(c);
        const layer = svg("g", { "pointer-events": "none" });
        preview = { layer, cx: px(x) + CELL / 2, cy: py(y) + CELL / 2 };
        parts.push(layer);
      }
    }
  }

  // buildings
  const hut = town.buildings.find(b => b.tile === "Hauler's Hut");
  const dests = new Map();   // "x,y" → action text, for the chosen cube
  if (L && sel && sel.type === "cube") {
    for (const m of L.moves.get(`${sel.good} ${sel.cell}`) || []) {
      const d = m.haul ? (hut ? cellKey(...hut.cell) : null) : m.dest;
      if (d) dests.set(d, m.text);
    }
  }
  for (const b of town.buildings) parts.push(building(b, seat, px, py, ctx, L, dests));

  // the cell a tutorial step names (a tile's place, a trail, an upgrade): lit in the own town
  const h = ctx.highlight;
  if (L && h && h.cell && ["place", "trail", "upgrade"].includes(h.verb)) {
    const [x, y] = parseCell(h.cell);
    parts.push(litBox(px(x) + 3, py(y) + 3, CELL - 6, CELL - 6, 8));
  }

  // the piece being paid for, drawn in place while its cubes are chosen
  const paying = view.facts && view.facts.paying;
  if (paying && paying.seat === seat && paying.cell) {
    const [x, y] = parseCell(paying.cell);
    const ghost = svg("g", { "data-paying": paying.cell, "pointer-events": "none" },
      svg("rect", { x: px(x) + 3, y: py(y) + 3, width: CELL - 6, height: CELL - 6, rx: 8,
        style: "fill: var(--hi); fill-opacity: .2; stroke: var(--ink); stroke-width: 2", "stroke-dasharray": "6 3" }));
    if (paying.shape) ghost.append(road(px(x) + CELL / 2, py(y) + CELL / 2, CELL / 2, paying.shape, { opacity: 0.6 }));
    else ghost.append(svg("text", { x: px(x) + CELL / 2, y: py(y) + CELL / 2, "text-anchor": "middle", "font-size": 12, "font-weight": 700, style: "fill: var(--ink)" }, paying.name));
    ghost.append(svg("text", { x: px(x) + CELL / 2, y: py(y) + CELL - 10, "text-anchor": "middle", "font-size": 10, style: "fill: var(--ink)" }, `owes ${paying.owed}`));
    parts.push(ghost);
  }

  // what another seat just did here: outlined until this seat moves again
  for (const e of ctx.recent || []) {
    if (e.seat !== seat || !e.cell || e.seat === view.you || !RECENT_KINDS.has(e.kind)) continue;
    const [x, y] = parseCell(e.cell);
    parts.push(svg("rect", { x: px(x) + 1, y: py(y) + 1, width: CELL - 2, height: CELL - 2, rx: 6, "data-recent": e.cell, "pointer-events": "none",
      style: "fill: none; stroke: var(--warn); stroke-width: 3", "stroke-dasharray": "2 3" }, title(`just now: ${e.text}`)));
  }

  // a town never takes more than about half of the window's height, so a laptop screen shows
  // the display and the player's own town together (a big town is drawn smaller, not cut)
  const fit = Math.min(scale, Math.max(0.45, (window.innerHeight * 0.5) / H));
  const width = Math.round(W * fit);
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, width, "data-town": seat, "data-part": "town" }, parts);
}

function cellTarget(c, px, py, label, onclick, chosen = false, fillOpacity = 0.3) {
  const [x, y] = parseCell(c);
  return svg("g", { "data-cell": c, ...clickable(onclick, `${label} ${c}`) },
    title(`${label} ${c}`),
    svg("rect", { x: px(x) + 3, y: py(y) + 3, width: CELL - 6, height: CELL - 6, rx: 6,
      style: `fill: var(--hi); fill-opacity: ${chosen ? 0.35 : fillOpacity}; stroke: ${chosen ? "var(--ink)" : "var(--hi)"}; stroke-width: ${chosen ? 4 : 3}`,
      "stroke-dasharray": chosen ? null : "8 4" }),
    svg("text", { x: px(x) + CELL / 2, y: py(y) + CELL - 10, "text-anchor": "middle", "font-size": 12, style: "fill: var(--ink)", opacity: 0.8 }, label));
}

function building(b, seat, px, py, ctx, L, dests) {
  const [x, y] = b.cell;
  const key = cellKey(x, y);
  const X = px(x) + 4, Y = py(y) + 4, S = CELL - 8;
  const info = tileInfo(ctx, b.tile, b.tier);
  // a tap: the tile's help; with a cube chosen elsewhere, why the cube cannot come here
  const onBuilding = ev => {
    if (L && sel && sel.type === "cube") {
      if (sel.cell === key) return;  // beside the chosen cube: un-chosen by the board's own handler
      ev.stopPropagation();
      whyNot(`move ${sel.good} ${sel.cell}>${key}`);
      return;
    }
    if (sel) return;
    ev.stopPropagation();
    showTileHelp(ctx, b.tile, b.tier, true);
  };
  const g = svg("g", { "data-building": key, onclick: onBuilding });
  const cubeList = GOODS.flatMap(gd => Array(b.cubes && b.cubes[gd] ? b.cubes[gd] : 0).fill(gd));
  for (const [gd, n] of Object.entries(b.cubes || {})) if (!GOODS.includes(gd)) for (let i = 0; i < n; i++) cubeList.push(gd);
  const have = cubeList.length ? GOODS.filter(gd => b.cubes[gd]).map(gd => `${b.cubes[gd]} ${gd}`).join(", ") : "no cubes";
  g.append(title(`${helpText(info, b.tile)}\nat ${key}: ${have}`));
  g.append(svg("rect", { x: X, y: Y, width: S, height: S, rx: 7, style: `fill: #fffdf7; stroke: ${seatColour(seat)}; stroke-width: 3` }));
  // tier letter
  const tier = (b.tier === "start" ? "S" : b.tier) + (info && info.advanced ? "!" : "");
  const tw = tier.length > 1 ? 21 : 15;
  g.append(svg("rect", { x: X + S - 4 - tw, y: Y + 4, width: tw, height: 15, rx: 3, fill: TIER_FILL[b.tier] || "#777" }));
  g.append(svg("text", { x: X + S - 4 - tw / 2, y: Y + 15.5, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, tier));
  const lines = wrap(b.tile, 10).slice(0, 3);
  g.append(multiline(X + 6, Y + 17, lines, 14, { "font-size": 12.5, "font-weight": 700, style: "fill: var(--ink)" }, [S - 15 - tw, S - 12], 0.66));

  // slots and cubes: rows of 4 at the bottom
  const total = Math.max(b.slots || 0, cubeList.length);
  const per = 4, sz = 16, gap = 4;
  const rows = Math.ceil(total / per);
  const baseY = Y + S - 6 - rows * (sz + gap) + gap;
  const pays = new Set(L ? L.pay.filter(p => p.cell === key).map(p => p.good) : []);
  // the cube a tutorial step names (to pay with, or to move or haul from here): lit once
  const h = L ? ctx.highlight : null;
  let litGood = h && ((h.verb === "pay" && h.cell === key) || (h.verb === "move" && h.from === key)
    || (h.verb === "haul" && h.cell === key)) ? h.good : null;
  let litCube = null;
  for (let i = 0; i < total; i++) {
    const cx = X + 6 + (i % per) * (sz + gap), cy = baseY + Math.floor(i / per) * (sz + gap);
    const gd = cubeList[i];
    if (!gd) {
      g.append(svg("rect", { x: cx + 1, y: cy + 1, width: sz - 2, height: sz - 2, rx: 2, fill: "none", "stroke-dasharray": "3 2", style: "stroke: var(--muted)" }));
      continue;
    }
    const cubeKey = `${gd} ${key}`;
    const canPay = pays.has(gd);
    const payText = canPay ? L.pay.find(p => p.cell === key && p.good === gd).text : null;
    const canMove = L && L.moves.has(cubeKey) && !dests.has(key);
    const chosen = sel && sel.type === "cube" && sel.good === gd && sel.cell === key;
    const cube = cubeShape(cx, cy, sz, gd);
    if (canPay || canMove) {
      const act = canPay ? () => last.ctx.act(payText)
        : () => { sel = chosen ? null : { type: "cube", good: gd, cell: key }; rerender(); };
      g.append(svg("g", { "data-cube": cubeKey, ...clickable(act, canPay ? `pay ${gd} ${key}` : `move ${gd} from ${key}`) },
        title(canPay ? `pay ${gd} from ${key}` : `${chosen ? "chosen: " : ""}move ${gd} from ${key}`),
        svg("rect", { x: cx - 3, y: cy - 3, width: sz + 6, height: sz + 6, rx: 4,
          style: `fill: none; stroke: ${chosen ? "var(--ink)" : "var(--hi)"}; stroke-width: ${chosen ? 3.5 : 3}` }),
        cube));
    } else {
      // while paying, a cube that cannot pay says why; otherwise a tap is the building's
      const onCube = L && L.pay.length ? stop(() => whyNot(`pay ${gd} ${key}`)) : null;
      g.append(svg("g", { onclick: onCube }, title(`${gd} on the ${b.tile}\n${pieceWords(ctx, gd)}`), cube));
    }
    if (gd === litGood) { litCube = litBox(cx - 1, cy - 1, sz + 2, sz + 2, 4); litGood = null; }
  }
  if (litCube) g.append(litCube);  // over every cube, so none hides it
  if (!total) g.append(svg("text", { x: X + 6, y: Y + S - 8, "font-size": 10, style: "fill: var(--muted)" }, "no slots"));

  // a destination for the chosen cube: the whole building is the target
  if (dests.has(key)) {
    const text = dests.get(key);
    g.append(svg("rect", { x: X - 2, y: Y - 2, width: S + 4, height: S + 4, rx: 9, "data-dest": key, ...clickable(() => { sel = null; last.ctx.act(text); }, text),
      style: "fill: var(--hi); fill-opacity: .25; stroke: var(--hi); stroke-width: 5" },
      title(text)));
  }
  // the destination a tutorial step names (a move's, or the Hut a haul fills)
  if (h && ((h.verb === "move" && h.to === key) || (h.verb === "haul" && b.tile === "Hauler's Hut"))) g.append(litBox(X, Y, S, S, 9));
  return g;
}

// ------------------------------------------------------------------ 4. shape chooser and buttons
function chooser(L) {
  if (!sel || sel.type !== "cell" || !L.cellShapes.has(sel.cell)) return null;
  const options = L.cellShapes.get(sel.cell);
  const kind = options[0].kind;
  const box = el("div", { class: "ff-chooser", style: "display: flex; flex-wrap: wrap; gap: .35rem; align-items: center;" },
    el("b", {}, `${kind === "upgrade" ? "Upgrade the trail" : "Trail"} on ${sel.cell}:`));
  box.addEventListener("click", ev => ev.stopPropagation());
  for (const o of options) {
    const icon = svg("svg", { viewBox: "0 0 40 40", width: 34, height: 34 },
      svg("rect", { x: 0, y: 0, width: 40, height: 40, fill: "#e4ddc4" }), road(20, 20, 20, o.shape, { width: 10 }));
    const lit = isLit(last.ctx, { verb: o.kind, cell: sel.cell, shape: o.shape });
    const words = pieceWords(last.ctx, trailKind(o.shape));
    const b = el("button", { "data-shape": o.shape, "data-lit": lit ? "" : null, title: `${o.text}${words ? "\n" + words : ""}`,
      style: "display: inline-flex; flex-direction: column; align-items: center; padding: .15rem .3rem; line-height: 1.1;" + (lit ? LIT_BUTTON : ""),
      onclick: () => last.ctx.act(o.text),
      onmouseenter: () => showPreview(o.shape), onfocus: () => showPreview(o.shape),
      onmouseleave: () => showPreview(null), onblur: () => showPreview(null),
    }, icon, el("small", {}, o.shape));
    box.append(b);
  }
  box.append(el("button", { "data-act": "cancel", onclick: () => { sel = null; rerender(); } }, "Cancel"));
  return box;
}

// Draw the shape under the pointer on the chosen cell, without re-drawing the board.
function showPreview(shape) {
  if (!preview) return;
  preview.layer.replaceChildren(...(shape ? [road(preview.cx, preview.cy, CELL / 2, shape, { opacity: 0.85 })] : []));
}

// A button the tutorial points at: the board's lit colour around it.
const LIT_BUTTON = " outline: 4px solid var(--hi); outline-offset: 2px; box-shadow: 0 0 12px 6px var(--hi);";

function buttons(L) {
  const ctx = last.ctx;
  const items = [];
  if (L.placeActions.length && ctx.undo) items.push(el("button", { "data-act": "change-tile", title: "Take back the tile chosen and choose another", onclick: () => ctx.undo() }, "Choose another tile"));
  if (L.pay.length) {
    const lit = isLit(ctx, { verb: "pay", good: L.pay[0].good, cell: L.pay[0].cell });
    items.push(el("button", { "data-act": "pay-suggested", "data-lit": lit ? "" : null, class: "primary", title: L.pay[0].text, style: lit ? LIT_BUTTON : null,
      onclick: () => ctx.act(L.pay[0].text) }, `Pay suggested (${L.pay[0].good} from ${L.pay[0].cell})`));
  }
  for (const a of L.buttons) {
    const good = a.args && a.args.good;
    const swatch = good
      ? el("span", { style: `display: inline-block; width: .8em; height: .8em; margin-right: .3em; border: 1px solid #0007; vertical-align: -.05em; background: var(--${good})` })
      : null;
    const args = a.args || {};
    const lit = isLit(ctx, args) && Object.keys(ctx.highlight).length === Object.keys(args).length;
    items.push(el("button", { "data-act": a.text, "data-lit": lit ? "" : null, title: a.text, style: lit ? LIT_BUTTON : null,
      onclick: () => ctx.act(a.text) }, swatch, a.group ? `${a.group} ${a.label}` : a.label));
  }
  if (!items.length) return null;
  const box = el("div", { class: "ff-buttons", style: "display: flex; flex-wrap: wrap; gap: .35rem; align-items: center;" }, ...items);
  box.addEventListener("click", ev => ev.stopPropagation());
  return box;
}

// The score track's lap marker (FF-END-7): the physical track wraps every 50 points; the
// score itself is the plain number.
function lapMarker(score) {
  for (const t of [150, 100, 50]) if (score >= t) return ` (lap marker ${t}+)`;
  return "";
}
