// Fields of Green's board: the year and supplies, every player's stock, the seat's own choice
// (draw split, hand or display, the five actions, harvest, Equipment) and every farm as a grid
// of cards, drawn from the observation, the facts and the game's content (its words). The
// board never changes the game: a click only sends the text of one of view.legal through
// ctx.act, and the server's next update draws it again. Targets are lit from each legal
// action's args (cell, card, split, food, equipment), never from its notation.
//
// Clicks on the board:
//   [data-plus=deck] / [data-minus=deck], then [data-draw]    split p/l/s/b
//   [data-card=Name]                                          pick Name (hand or 2-player display)
//   [data-choose=build|tower|silo|market|restore], [data-cell=x,y] or [data-food=n]
//   [data-cell=x,y] on a lit Tower                            pay / water / fill
//   [data-cell=x,y] on a lit harvest card or [data-pending=x,y], then [data-harvest] or [data-abandon]
//   [data-equipment=Name], then [data-cell=x,y] or [data-store]    keep a drawn tile
//   [data-install=Name], then [data-cell=x,y]                 install a stored tile
//   [data-done], [data-other=i]                               the rest
//
// Help on every piece: a hover shows its words (SVG <title> or HTML title), and a tap on a piece
// that cannot be played now shows them in a box above the board ([data-help-box=name], closed
// by its button). The pieces: cards in a farm ([data-at=x,y] inside [data-farm=seat]), their
// Equipment badges ([data-badge=Name]), cards on the display or in a hand ([data-card=Name], or
// [data-tile=Name] when it cannot be taken), empty cells while placing ([data-empty=x,y]), the
// year track ([data-year=y]), the decks ([data-deck=d]), the supplies ([data-supplies]), the
// players' table headings ([data-head]) and stored tiles ([data-stored=Name]).
// "Why can't I?": a tap on a card, cell or button that cannot be played now also asks
// ctx.why(<notation of the move meant>) (pick, build, tower, silo, restore, market, pay, water,
// fill, harvest, equip, install, split), and the server's explanation is shown; legal targets
// act as above. An action, Market sale, harvest payment or draw that is not possible now is
// shown disabled inside a [data-why] wrapper, which takes the tap instead.
// A tutorial's ctx.highlight (an action's args, or null) outlines what it names with the lit
// colour ([data-lit]): the card to take, the action button and the cell, the Food to sell, the
// Tower to pay from, the card to harvest, the tile and where it goes, the counters to set.
import { el } from "./api.js";
import { svg, stop, clickable } from "./drawing.js";

const DECKS = ["plantation", "livestock", "structure", "building"];
const CW = 100, CH = 124, GAP = 6;           // a card and the gap between cards, in SVG units
const HI = "var(--hi, #f3c94d)";

// ------------------------------------------------------------------ module state
let last = null;        // {container, view, ctx}: for a local re-draw after a selection
let mode = null;        // the chosen action verb while resolving a pick ("build", "tower", …)
let chosen = null;      // a chosen harvest cell, Equipment tile to keep or stored tile to install
let split = null;       // the draw split being set: [p, l, s, b]
let helpFor = null;     // {head, text}: the piece whose help the box shows (a tap, for touch screens)
let lastSeq = null, lastYou;

// Text squeezed into `room` units where it would not fit.
function fitText(x, y, text, room, attrs) {
  const fs = Number(attrs["font-size"]) || 11;
  const squeeze = String(text).length * fs * 0.56 > room;
  return svg("text", { x, y, ...attrs, textLength: squeeze ? room : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null }, text);
}

const verbOf = a => a.args.verb;   // the action's kind word (from the presentation model), its targets in args
const cardInfo = (ctx, name) => ((ctx.content && ctx.content.cards) || {})[name] || null;
const eqInfo = (ctx, name) => ((ctx.content && ctx.content.equipment) || {})[name] || null;
const deckColour = (ctx, deck) => ((ctx.content && ctx.content.colours) || {})[deck] || "#777";
const timingColour = (ctx, when) => ((ctx.content && ctx.content.timing_colours) || {})[when] || "#888";
const cellOf = e => `${e.cell[0]},${e.cell[1]}`;
const eqCode = name => { const w = name.split(" "); return w.length > 1 ? w.map(x => x[0]).join("") : name.slice(0, 2); };
const seatColour = s => `var(--seat${s}, #555)`;

function costText(c) {
  if (!c) return "";
  const parts = [];
  if (c.coins) parts.push(`$${c.coins}`);
  if (c.water) parts.push(`${c.water}W`);
  if (c.food) parts.push(`${c.food}F`);
  return parts.join(" ") || "free";
}
const costList = ([c, w, f]) => costText({ coins: c, water: w, food: f });

// ------------------------------------------------------------------ help, "why can't I?", the tutorial's light
function helpBox() {
  if (!helpFor) return null;
  return el("div", { class: "notice", "data-help-box": helpFor.head, style: "white-space: pre-line; margin: 0" },
    el("b", {}, `${helpFor.head}: `), helpFor.text, " ",
    el("button", { onclick: stop(() => { helpFor = null; rerender(); }) }, "close"));
}

// A tap on a piece that cannot be played: its words in the help box and, when the tap meant a
// move, the engine's reason that move is not allowed now (only for a seat that is deciding; a
// figure of the How to play page has no ctx.why).
function tapHelp(head, text, notation = null) {
  const { view, ctx } = last;
  helpFor = { head, text };
  if (notation && ctx.why && view.you !== null && view.you !== undefined && (view.legal || []).length) ctx.why(notation);
  rerender();
}

// An HTML piece with help: its words on hover (title) and in the box on a tap.
const helpAttrs = (head, text, notation = null) => ({ title: `${head}: ${text}`, ...clickable(() => tapHelp(head, text, notation), `about ${head}`) });

// The tutorial's highlight: does it name this (every key given has the highlight's value)?
function isLit(want) {
  const h = last && last.ctx.highlight;
  return Boolean(h) && Object.entries(want).every(([k, v]) => h[k] === v);
}
const LIT_CSS = `outline: 4px solid ${HI}; outline-offset: 2px; box-shadow: 0 0 6px #0007`;
// A button for a move that is not possible now: disabled, and wrapped so that a tap on it still
// shows its words and asks why (a disabled button gets no click; this one lets it through).
function whyButton(button, head, text, notation) {
  button.disabled = true;
  button.style.pointerEvents = "none";
  return el("span", { "data-why": notation || head, style: "display:inline-block; cursor:help", ...helpAttrs(head, text, notation) }, button);
}

// A button the tutorial points at: marked (its style adds LIT_CSS where it has a style of its own).
const litAttrs = want => (isLit(want) ? { "data-lit": "", style: LIT_CSS } : {});
// The lit outline of an SVG piece the tutorial points at (drawn over it, never in the way of a click).
const litBox = (x, y, w, h) => svg("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: 9, fill: "none", "data-lit": "",
  stroke: HI, "stroke-width": 6, "pointer-events": "none", style: "filter: drop-shadow(0 0 3px #0009)" });

function helpText(info, entry) {
  if (!info) return entry ? entry.card : "";
  const lines = [`${info.name} — ${info.type}`];
  if (DECKS.includes(info.deck)) lines.push(`Build cost: ${info.cost_text}${info.vp ? ` · ${info.vp} VP` : ""}`);
  if (info.harvest_cost) lines.push(`Harvest cost: ${info.harvest_cost_text}`);
  lines.push(...info.immediate, ...info.harvest, ...info.end);
  lines.push(info.help);
  if (entry && entry.equipment && entry.equipment.length) lines.push(`Equipment: ${entry.equipment.join(", ")}`);
  if (entry && !entry.face_up) lines.push("Wasteland: face down, does nothing until restored (action E).");
  return lines.join("\n");
}

const eqWords = (ctx, name) => { const e = eqInfo(ctx, name); return e ? `for a ${e.fits_words}: ${e.help}` : ""; };

// ------------------------------------------------------------------ one card
// A card drawn at (x, y): colour band with its name, build cost and VP, one strip per ability
// (grey when built, green each harvest with its cost, yellow at game end), Equipment badges.
// `entry` is a farm entry (water, equipment, face_up) or null for a card in hand; `opts.tap`
// (optional) is what a click on the card does, `opts.attrs` more attributes of its group.
function cardShape(ctx, name, entry, x, y, opts = {}) {
  const info = cardInfo(ctx, name);
  const deck = info ? info.deck : "";
  const g = svg("g", { transform: `translate(${x},${y})`, ...(opts.attrs || {}), ...(opts.tap ? clickable(opts.tap, `about ${name}`) : {}) },
    svg("title", {}, helpText(info, entry)));
  if (entry && !entry.face_up) {
    g.append(svg("rect", { width: CW, height: CH, rx: 7, fill: "#5b4a3a", stroke: "#3b2f25", "stroke-width": 2 }));
    for (let i = 1; i < 6; i++) g.append(svg("line", { x1: 0, y1: i * CH / 6, x2: CW, y2: i * CH / 6 - 18, stroke: "#6d5a48", "stroke-width": 3 }));
    g.append(fitText(CW / 2, CH / 2 - 4, "Wasteland", CW - 12, { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#f3e3c8" }));
    g.append(fitText(CW / 2, CH / 2 + 14, name, CW - 12, { "text-anchor": "middle", "font-size": 10, fill: "#d8c7aa" }));
    return g;
  }
  const colour = deckColour(ctx, deck);
  g.append(svg("rect", { width: CW, height: CH, rx: 7, fill: "#fffdf7", stroke: colour, "stroke-width": 3 }));
  g.append(svg("rect", { width: CW, height: 20, rx: 6, fill: colour }));
  g.append(fitText(5, 14, name, CW - 10, { "font-size": 12, "font-weight": 700, fill: "#fff" }));
  if (deck === "tower") {
    const water = entry ? entry.water : 3, cap = entry ? entry.capacity : 3;
    for (let i = 0; i < cap; i++) {
      const cx = 16 + i * (Math.min(24, (CW - 24) / Math.max(1, cap - 1)));
      g.append(svg("path", { d: `M${cx},36 q-9,13 0,20 q9,-7 0,-20z`, fill: i < water ? "#2f6db5" : "#fff", stroke: "#2f6db5", "stroke-width": 1.5 }));
    }
    g.append(svg("text", { x: 6, y: 76, "font-size": 12, fill: "#1d4a80", "font-weight": 700 }, `Water ${water}/${cap}`));
    g.append(svg("text", { x: 6, y: 92, "font-size": 11, fill: "#1d4a80" }, `range ${entry ? entry.range : 2}`));
  } else if (deck === "silo") {
    const food = opts.food;
    g.append(svg("text", { x: 6, y: 42, "font-size": 12, fill: "#6b5712", "font-weight": 700 }, food ? `Food ${food}` : "Food store"));
    g.append(svg("text", { x: 6, y: 58, "font-size": 10, fill: "#6b5712" }, "shared by all Silos"));
  } else if (info) {
    g.append(svg("text", { x: 5, y: 35, "font-size": 11, fill: "#2c2a25" }, info.cost_text));
    if (info.vp) {
      g.append(svg("circle", { cx: CW - 13, cy: 31, r: 9, fill: "#c9a227" }));
      g.append(svg("text", { x: CW - 13, y: 35, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#2c2a25" }, info.vp));
    }
    let sy = 42;
    for (const when of ["immediate", "harvest", "end"]) {
      const lines = (info.short || {})[when] || [];
      if (!lines.length) continue;
      const rows = [...lines];
      if (when === "harvest") {
        const paid = opts.harvestCost ? costList(opts.harvestCost) : info.harvest_cost_text;
        rows[0] = `${paid} → ${rows[0]}`;
      }
      const h = 4 + rows.length * 13;
      g.append(svg("rect", { x: 3, y: sy, width: CW - 6, height: h, rx: 4, fill: timingColour(ctx, when), opacity: 0.28 }));
      g.append(svg("rect", { x: 3, y: sy, width: 4, height: h, fill: timingColour(ctx, when) }));
      rows.forEach((r, i) => g.append(fitText(10, sy + 13 + i * 13, r, CW - 16, { "font-size": 10.5, fill: "#2c2a25" })));
      sy += h + 3;
    }
  }
  const eq = (entry && entry.equipment) || [];
  eq.forEach((name, i) => {
    const bx = 4 + i * 34;
    const words = eqWords(ctx, name);
    g.append(svg("g", { "data-badge": name, ...(opts.tap ? clickable(() => tapHelp(name, words), `about ${name}`) : {}) }, svg("title", {}, `${name}: ${words}`),
      svg("rect", { x: bx, y: CH - 20, width: 30, height: 16, rx: 3, fill: "#3d3d3d" }),
      svg("text", { x: bx + 15, y: CH - 8, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, eqCode(name))));
  });
  return g;
}

// A card in a hand or on the display, as a small SVG of its own: `lit` when it can be taken, `hl`
// when the tutorial points at it. One that cannot be taken shows its help on a tap.
function cardTile(ctx, name, attrs = {}, lit = false, hl = false) {
  const s = svg("svg", { viewBox: `-4 -4 ${CW + 8} ${CH + 8}`, width: 80, height: 99, style: "display:block; overflow:visible" },
    lit ? svg("rect", { x: -3, y: -3, width: CW + 6, height: CH + 6, rx: 9, fill: "none", stroke: HI, "stroke-width": 4 }) : null,
    cardShape(ctx, name, null, 0, 0),
    hl ? svg("rect", { x: -3, y: -3, width: CW + 6, height: CH + 6, rx: 9, fill: "none", "data-lit": "", stroke: HI, "stroke-width": 9, "pointer-events": "none" }) : null);
  const help = lit ? {} : { "data-tile": name, ...helpAttrs(name, helpText(cardInfo(ctx, name), null), attrs.notation || null) };
  const { notation: _notation, ...rest } = attrs;
  return el("div", { style: `display:inline-block; ${lit ? "cursor:pointer" : "cursor:help"}; ${hl ? LIT_CSS : ""}`, ...help, ...rest }, s);
}

// ------------------------------------------------------------------ entry point
export function draw(container, view, ctx) {
  if (view.seq !== lastSeq || view.you !== lastYou) {
    mode = null; chosen = null; helpFor = null;
    if (view.you !== lastYou) split = null;
    lastSeq = view.seq; lastYou = view.you;
  }
  last = { container, view, ctx };
  render();
}

function rerender() { if (last) render(); }

function render() {
  const { container, view, ctx } = last;
  const obs = view.observation || {};
  const facts = view.facts || {};
  const legal = view.legal || [];
  const root = el("div", { "data-fog-board": "", "data-seq": view.seq ?? "", "data-sel": `${mode || ""}|${chosen || ""}|${(split || []).join("/")}`, "data-mine": legal.length ? "1" : "0", style: "display:flex; flex-direction:column; gap:.5rem" });
  root.append(statusStrip(view, obs, facts, ctx));
  const help = helpBox();
  if (help) root.append(help);
  root.append(playersTable(view, obs, ctx));
  const panel = choicePanel(view, obs, facts, ctx, legal);
  if (panel) root.append(panel);
  root.append(farmsPart(view, obs, facts, ctx, legal));
  root.append(legendPart(ctx));
  container.replaceChildren(root);
}

// ------------------------------------------------------------------ status: year, decks, first player
function statusStrip(view, obs, facts, ctx) {
  const year = obs.year || 1;
  const n = obs.players || 2;
  const arrow = obs.direction === "clockwise" ? "↻" : "↺";
  const yearWords = y => `year ${y} of 4${y === year ? " (now)" : y < year ? " (over)" : ""}.`
    + (y === year && n > 2 ? ` Hands pass ${obs.direction} ${arrow} this year.` : "");
  const track = el("span", { style: "display:inline-flex; gap:2px" },
    ...[1, 2, 3, 4].map(y => el("span", { "data-year": y, ...helpAttrs(`Y${y}`, yearWords(y)), style: `cursor:help; padding:0 .45rem; border-radius:4px; border:1px solid var(--line); ${y === year ? "background: var(--hi); font-weight:700" : y < year ? "opacity:.55" : ""}` },
      `Y${y}${y === year && n > 2 ? " " + arrow : ""}`)));
  const pass = n === 2 ? "2 players: open display, nothing passes"
    : `hands pass ${obs.direction} ${arrow}` + (facts.give_to !== undefined ? ` (you give to ${ctx.labels[facts.give_to] || "seat " + (facts.give_to + 1)}, get from ${ctx.labels[facts.get_from] || "seat " + (facts.get_from + 1)})` : "");
  const first = obs.first_player;
  const decks = obs.decks || {};
  const deckChips = DECKS.map(d => {
    const name = (ctx.content.decks || {})[d]?.name || d;
    return el("span", { "data-deck": d, ...helpAttrs(name, `${decks[d] ?? "?"} cards left in this face-down deck; a split names how many of your 6 cards come from it.`),
      style: `cursor:help; display:inline-block; padding:0 .4rem; border-radius:4px; color:#fff; background:${deckColour(ctx, d)}` },
    `${((ctx.content.decks || {})[d] || {}).letter || d[0].toUpperCase()} ${decks[d] ?? "?"}`);
  });
  return el("div", { style: "display:flex; flex-wrap:wrap; gap:.4rem .9rem; align-items:center; font-size:.92em" },
    track, el("span", {}, phaseText(obs)), el("span", {}, pass),
    el("span", { style: "cursor:help", ...helpAttrs("★ First Player", (ctx.content.legend || {}).first || "goes first in every step this year") }, "★ First: ", el("b", { style: `color:${seatColour(first)}` }, ctx.labels[first] || `seat ${first}`)),
    el("span", { style: "display:inline-flex; gap:3px; align-items:center" }, "Decks ", ...deckChips),
    el("span", { class: "muted", "data-supplies": "", style: "cursor:help", ...helpAttrs("Supplies", `${obs.water_towers_left} Water Tower cards and ${obs.silos_left} Silo cards left to build (actions B and C), ${obs.equipment_stack} Equipment tiles in the face-down stack, ${(obs.discard || []).length} cards discarded${(obs.discard || []).length ? ": " + obs.discard.join(", ") : ""}.`) },
      `Towers ${obs.water_towers_left} · Silos ${obs.silos_left} · Equipment ${obs.equipment_stack} · discards ${(obs.discard || []).length}`));
}

function phaseText(obs) {
  if (obs.phase === "action") return obs.players === 2 ? `Action phase · pair ${Math.min(obs.turn, 6)} of 6` : `Action phase · turn ${obs.turn} of 6`;
  if (obs.phase === "maintenance") return obs.year > 1 ? "Maintenance: income and draws" : "Maintenance: draws";
  if (obs.phase === "harvest") return "Harvest";
  return obs.phase === "game over" ? "Game over" : obs.phase || "";
}

// ------------------------------------------------------------------ players: stocks, splits, picks
function playersTable(view, obs, ctx) {
  const two = obs.players === 2;
  const l = ctx.content.legend || {};
  const head = [
    ["Player", "★ marks the First Player"], ["Pts", "the score if the game ended now"], ["$", l.$ || "coins"],
    ["Food", `Food held / room in all Silos. ${l.F || ""}`], ["Water", `Water on all Towers / what they hold. ${l.W || ""}`],
    ["VP tok", "VP tokens gained during the game, kept for good"], ["Split", "this year's draw: cards from Plantations/Livestock/Structures/Buildings"],
    two ? ["Last take", "the card taken last from the display"] : ["Hand / pick", "cards in hand, and whether this turn's card is picked (face down until all have picked)"],
    ["Stored", "Equipment tiles kept aside: 1 VP each at the end, or installed later"],
  ];
  const rows = (obs.seats || []).map((info, s) => {
    const towers = info.farm.filter(e => e.water !== undefined);
    const water = `${towers.reduce((a, e) => a + e.water, 0)}/${towers.reduce((a, e) => a + e.capacity, 0)}`;
    let pick = "–";
    if (info.revealed_pick) pick = info.revealed_pick;
    // a pick sent ahead of its seat's turn is held by the server (view.chosen), not yet in the game
    else if (!two && obs.phase === "action") pick = info.committed || (view.chosen || []).includes(s) ? "chosen ✓" : "choosing…";
    const hand = two ? pick : `${info.hand_size ?? 0} cards · ${pick}`;
    const acting = s === obs.current_player;
    return el("tr", { "data-seat": s, style: acting ? "background: #f3c94d55" : "" },
      el("td", {}, el("span", { style: `color:${seatColour(s)}` }, "● "), s === obs.first_player ? "★ " : "", ctx.labels[s] || `seat ${s}`),
      el("td", {}, String((obs.scores || [])[s] ?? "")), el("td", {}, String(info.coins)),
      el("td", {}, `${info.food}/${info.food_capacity}`), el("td", { style: "color:#1d4a80" }, water),
      el("td", {}, String(info.vp_tokens)), el("td", {}, info.split || "–"), el("td", {}, hand),
      el("td", {}, ...(info.stored_equipment.length ? info.stored_equipment.flatMap((name, k) => [k ? ", " : "",
        el("span", { "data-stored": name, style: "cursor:help; text-decoration: underline dotted", ...helpAttrs(name, eqWords(ctx, name)) }, name)]) : ["–"])));
  });
  return el("table", { class: "list", style: "font-size:.88em" },
    el("tr", {}, ...head.map(([h, words]) => el("th", { "data-head": h, style: "cursor:help", ...helpAttrs(h, words) }, h))), ...rows);
}

// ------------------------------------------------------------------ the seat's own choice
function choicePanel(view, obs, facts, ctx, legal) {
  const parts = [];
  const me = view.you;
  // what only this seat sees: its hand, its pick, its Equipment draw (3-4 players)
  if (me !== null && me !== undefined && obs.players > 2) {
    const picks = new Map(legal.filter(a => verbOf(a) === "pick").map(a => [a.args.card, a]));
    if (obs.hand && obs.hand.length) {
      const seen = new Set();
      const tiles = obs.hand.map(name => {
        const a = picks.get(name);
        const first = !seen.has(name);
        seen.add(name);
        if (a && first) return cardTile(ctx, name, { "data-card": name, ...clickable(() => ctx.act(a.text), `pick ${name}`) }, true, isLit({ verb: "pick", card: name }));
        return cardTile(ctx, name, { notation: a ? null : `pick ${name}` });
      });
      parts.push(el("div", {}, el("b", {}, picks.size ? "Your hand: click a card to pick it (hidden until everyone has picked)" : "Your hand"),
        el("div", { style: "display:flex; flex-wrap:wrap; gap:4px" }, ...tiles)));
    }
    if (obs.pick) parts.push(el("div", {}, el("b", {}, "Your pick (hidden until the reveal): "), obs.pick));
  }
  if (obs.players === 2 && obs.display && obs.display.length && obs.phase === "action") {
    const picks = new Map(legal.filter(a => verbOf(a) === "pick").map(a => [a.args.card, a]));
    const seen = new Set();
    const tiles = obs.display.map(name => {
      const a = picks.get(name);
      const first = !seen.has(name);
      seen.add(name);
      if (a && first) return cardTile(ctx, name, { "data-card": name, ...clickable(() => ctx.act(a.text), `take ${name}`) }, true, isLit({ verb: "pick", card: name }));
      return cardTile(ctx, name, { notation: a ? null : `pick ${name}` });
    });
    parts.push(el("div", {}, el("b", {}, picks.size ? "Display: click a card to take it" : "Display"),
      el("span", { class: "muted" }, ` · pile ${obs.pile_size} face down`),
      el("div", { style: "display:flex; flex-wrap:wrap; gap:4px" }, ...tiles)));
  }
  if (legal.length) parts.push(...decisionParts(view, obs, facts, ctx, legal));
  if (!parts.length) return null;
  return el("div", { style: "display:flex; flex-direction:column; gap:.45rem; padding:.45rem; border:1px solid var(--line); border-radius:6px; background:#fffdf2" }, ...parts);
}

function decisionParts(view, obs, facts, ctx, legal) {
  const out = [];
  const kinds = new Set(legal.map(verbOf));
  const handled = new Set(["pick"]);
  const deciding = facts.deciding || {};
  out.push(el("div", { style: "font-weight:600" }, "You: " + (deciding.text || view.decision || "")));
  if (kinds.has("split")) { out.push(splitPart(obs, ctx, legal)); handled.add("split"); }
  const act = ["build", "tower", "silo", "market", "restore"].filter(k => kinds.has(k));
  if (act.length) { out.push(actPart(view, obs, facts, ctx, legal)); act.forEach(k => handled.add(k)); }
  if (kinds.has("pay") || kinds.has("water") || kinds.has("fill")) {
    const words = kinds.has("pay") ? `Click a lit Tower to pay 1 Water${deciding.card ? ` for ${deciding.card}` : ""}${deciding.water ? ` (${deciding.water} to pay)` : ""}.`
      : kinds.has("water") ? `Click a lit Tower to put 1 income Water on it${deciding.water ? ` (${deciding.water} to place)` : ""}.` : "Click a lit Tower to receive the Water.";
    out.push(el("div", {}, words)); ["pay", "water", "fill"].forEach(k => handled.add(k));
  }
  if (kinds.has("sell")) {
    out.push(el("div", {}, "Sell Food: ", ...legal.filter(a => verbOf(a) === "sell").map(a =>
      el("button", { "data-food": a.args.food, ...litAttrs({ verb: "sell", food: a.args.food }), onclick: () => ctx.act(a.text) }, `${a.args.food} Food`))));
    handled.add("sell");
  }
  if (kinds.has("harvest") || kinds.has("abandon")) { out.push(harvestPart(obs, facts, ctx, legal)); handled.add("harvest"); handled.add("abandon"); }
  if (kinds.has("equip")) { out.push(equipPart(obs, ctx, legal)); handled.add("equip"); }
  if (kinds.has("install")) { out.push(installPart(ctx, legal)); handled.add("install"); }
  if (kinds.has("done")) {
    const a = legal.find(x => verbOf(x) === "done");
    out.push(el("div", {}, el("button", { "data-done": "", ...litAttrs({ verb: "done" }), onclick: () => ctx.act(a.text) }, "Done: end the harvest")));
    handled.add("done");
  }
  const rest = legal.map((a, i) => [a, i]).filter(([a]) => !handled.has(verbOf(a)));
  if (rest.length) out.push(el("div", {}, ...rest.map(([a, i]) => el("button", { "data-other": i, onclick: () => ctx.act(a.text) }, `${a.group} ${a.label}`.trim()))));
  return out;
}

// The year's draw: four counters and a Draw button that sends the matching legal split.
function splitPart(obs, ctx, legal) {
  const splits = legal.filter(a => verbOf(a) === "split");
  const key = s => s.join("/");
  const byKey = new Map(splits.map(a => [key(a.args.split), a]));
  if (!split || split.length !== 4) split = (byKey.get("2/2/1/1") || splits[0]).args.split.slice();
  const total = split.reduce((a, b) => a + b, 0);
  const match = byKey.get(key(split));
  const rules = ctx.content.rules || {};
  const need = rules.draw_count || 6;
  // the tutorial's split: the counters still to change are lit, then the Draw button
  const h = ctx.highlight && ctx.highlight.verb === "split" ? ctx.highlight.split : null;
  const counters = DECKS.map((d, i) => {
    const info = (ctx.content.decks || {})[d] || {};
    const set = delta => { split[i] = Math.max(0, split[i] + delta); rerender(); };
    const lit = h && h[i] !== split[i];
    return el("div", { ...(lit ? { "data-lit": "" } : {}), title: lit ? `the tutorial asks for ${h[i]}` : null,
      style: `display:flex; flex-direction:column; align-items:center; gap:2px; padding:.3rem .5rem; border-radius:6px; border:2px solid ${deckColour(ctx, d)}; ${lit ? LIT_CSS : ""}` },
      el("b", { style: `color:${deckColour(ctx, d)}` }, info.name || d),
      el("span", { class: "muted", style: "font-size:.8em" }, `${(obs.decks || {})[d]} left`),
      el("div", { style: "display:flex; gap:4px; align-items:center" },
        el("button", { "data-minus": d, "aria-label": `one less ${d}`, disabled: split[i] <= 0, onclick: () => set(-1) }, "−"),
        el("b", { "data-count": d, style: "min-width:1.2em; text-align:center; font-size:1.2em" }, String(split[i])),
        el("button", { "data-plus": d, "aria-label": `one more ${d}`, disabled: total >= need, onclick: () => set(1) }, "+")));
  });
  const why = match ? `Draw these ${need} cards` : total !== need ? `Choose ${need} cards (${total} now)` : `At least ${rules.min_decks || 3} decks, no more than a deck holds`;
  const draw = el("button", { class: "primary", "data-draw": key(split), disabled: !match, ...(h && key(h) === key(split) ? { "data-lit": "", style: LIT_CSS } : {}),
    onclick: () => match && ctx.act(match.text) }, match ? `Draw ${key(split)}` : why);
  return el("div", { style: "display:flex; flex-wrap:wrap; gap:.5rem; align-items:center" },
    el("div", { style: "flex-basis:100%" }, `Your draw: set how many of your ${need} cards come from each deck, at least ${rules.min_decks || 3} decks (everyone sees the numbers, only you the cards).`),
    ...counters,
    match || total !== need ? draw : whyButton(draw, "Draw", why, `split ${key(split)}`));
}

// The five actions for the revealed pick, with their costs; a chosen one lights its cells.
function actPart(view, obs, facts, ctx, legal) {
  const pick = (facts.deciding || {}).card;
  const info = pick ? cardInfo(ctx, pick) : null;
  const byVerb = v => legal.filter(a => verbOf(a) === v);
  const actions = (ctx.content.actions || []);
  // an action that is not possible now: a tap shows its words and asks why (the move meant:
  // that action on the first free cell beside the farm, or on the first card)
  const mine = (obs.seats || [])[view.you] || { farm: [] };
  const spots = frontier(mine.farm);
  const meant = { build: spots[0], tower: spots[0], silo: spots[0], restore: mine.farm.length ? cellOf(mine.farm[0]) : null };
  const buttons = actions.map(x => {
    const acts = byVerb(x.verb);
    const cost = x.verb === "build" ? (info ? info.cost_text : "its cost") : x.cost;
    const on = mode === x.verb;
    const words = `${x.cost}: ${x.effect}`;
    const button = el("button", { "data-choose": x.verb, title: words, ...litAttrs({ verb: x.verb }),
      style: `text-align:left; ${on ? "background: var(--hi); border-color:#b8951f" : ""} ${isLit({ verb: x.verb }) ? LIT_CSS : ""}`,
      onclick: () => { mode = on ? null : x.verb; chosen = null; rerender(); } },
    el("b", {}, `${x.key} ${x.name}`), el("br"), el("span", { style: "font-size:.8em" }, cost));
    return acts.length ? button : whyButton(button, `${x.key} ${x.name}`, words, meant[x.verb] ? `${x.verb} ${meant[x.verb]}` : null);
  });
  const row = [el("div", { style: "display:flex; flex-wrap:wrap; gap:.35rem" }, ...buttons)];
  if (mode === "market") {
    // every sale the Market offers, the ones not possible now (too little Food) asking why
    const r = ctx.content.rules || {};
    const sales = new Map(byVerb("market").map(a => [a.args.food, a]));
    const most = Math.max(2, ...sales.keys());
    row.push(el("div", {}, "Sell at Market: ", ...[...Array(most + 1).keys()].map(n => {
      const a = sales.get(n);
      const label = a ? a.label : `sell ${n} Food (+$${(r.market_coins || 2) + n * (r.market_food_price || 2)})`;
      if (!a) return whyButton(el("button", {}, label), "Market", `you cannot ${label} now`, `market ${n}`);
      return el("button", { "data-food": n, ...litAttrs({ verb: "market", food: n }), onclick: () => ctx.act(a.text) }, label);
    })));
  } else if (mode === "build" || mode === "tower" || mode === "silo") {
    const x = actions.find(y => y.verb === mode) || {};
    row.push(el("div", { class: "muted" }, `${x.effect || ""} Click a lit cell in your farm.`));
  } else if (mode === "restore") {
    row.push(el("div", { class: "muted" }, "Click a lit Wasteland card in your farm to turn it face up again."));
  } else {
    row.push(el("div", { class: "muted" }, "Choose an action (A–E), then where."));
  }
  return el("div", { style: "display:flex; gap:.6rem; align-items:flex-start; flex-wrap:wrap" },
    pick ? el("div", {}, el("div", { style: "font-size:.85em" }, "Your pick"), cardTile(ctx, pick)) : null,
    el("div", { style: "display:flex; flex-direction:column; gap:.35rem; flex:1; min-width:16rem" }, ...row));
}

function harvestPart(obs, facts, ctx, legal) {
  const cells = new Map();
  for (const a of legal) {
    const v = verbOf(a);
    if (v !== "harvest" && v !== "abandon") continue;
    if (!cells.has(a.args.cell)) cells.set(a.args.cell, { card: a.args.card, cost: a.args.cost });
    cells.get(a.args.cell)[v] = a;
  }
  const lit = cell => isLit({ verb: "harvest", cell }) || isLit({ verb: "abandon", cell });
  const chips = [...cells].map(([cell, c]) => el("button", { "data-pending": cell, title: helpText(cardInfo(ctx, c.card), null), ...(lit(cell) ? { "data-lit": "" } : {}),
    style: `${chosen === cell ? "background: var(--hi);" : ""} ${lit(cell) ? LIT_CSS : ""}`,
    onclick: () => { chosen = cell; mode = null; rerender(); } }, `${c.card} ${cell}: ${costList(c.cost)}`));
  const out = [el("div", {}, "Harvest: resolve each lit card in any order — pay its whole cost, or let it turn to Wasteland. ", ...chips)];
  const c = cells.get(chosen);
  if (c) {
    out.push(el("div", { style: "display:flex; gap:.4rem; align-items:center" }, el("b", {}, `${c.card} (${chosen})`),
      c.harvest ? el("button", { class: "primary", "data-harvest": chosen, ...litAttrs({ verb: "harvest", cell: chosen }), onclick: () => ctx.act(c.harvest.text) }, `Pay ${costList(c.cost)} and harvest`)
        : whyButton(el("button", {}, `Pay ${costList(c.cost)}: not now`), `${c.card} (${chosen})`, `its harvest (${costList(c.cost)}) cannot be paid now`, `harvest ${chosen}`),
      c.abandon ? el("button", { "data-abandon": chosen, ...litAttrs({ verb: "abandon", cell: chosen }), onclick: () => ctx.act(c.abandon.text) }, "Leave unpaid (Wasteland)") : el("span", { class: "muted" }, "free: it always happens")));
  }
  return el("div", {}, ...out);
}

function equipPart(obs, ctx, legal) {
  const offer = obs.equipment_offer || [...new Set(legal.filter(a => verbOf(a) === "equip").map(a => a.args.equipment))];
  const tiles = offer.map(name => {
    const info = eqInfo(ctx, name) || {};
    const on = chosen === name;
    return el("button", { "data-equipment": name, title: `${name}: ${eqWords(ctx, name)}`, ...(isLit({ verb: "equip", equipment: name }) ? { "data-lit": "" } : {}),
      style: `text-align:left; max-width:14rem; ${on ? "background: var(--hi);" : ""} ${isLit({ verb: "equip", equipment: name }) ? LIT_CSS : ""}`,
      onclick: () => { chosen = on ? null : name; rerender(); } },
    el("b", {}, `${name} [${eqCode(name)}]`), el("br"), el("span", { style: "font-size:.82em" }, `for a ${info.fits_words || "?"}: ${info.help || ""}`));
  });
  const out = [el("div", {}, "Equipment drawn: keep one (the rest go under the stack)"), el("div", { style: "display:flex; flex-wrap:wrap; gap:.35rem" }, ...tiles)];
  const store = legal.find(a => verbOf(a) === "equip" && a.args.equipment === chosen && a.args.cell === "store");
  if (chosen) {
    out.push(el("div", {}, el("span", { class: "muted" }, "Click a lit card to install it, or "),
      store ? el("button", { "data-store": chosen, ...litAttrs({ verb: "equip", equipment: chosen, cell: "store" }), onclick: () => ctx.act(store.text) }, "store it (1 VP at the end)") : null));
  }
  return el("div", {}, ...out);
}

function installPart(ctx, legal) {
  const names = [...new Set(legal.filter(a => verbOf(a) === "install").map(a => a.args.equipment))];
  return el("div", {}, "Install a stored tile first (optional): ", ...names.map(name =>
    el("button", { "data-install": name, title: `${name}: ${eqWords(ctx, name)}`, ...(isLit({ verb: "install", equipment: name }) ? { "data-lit": "" } : {}),
      style: `${chosen === name ? "background: var(--hi);" : ""} ${isLit({ verb: "install", equipment: name }) ? LIT_CSS : ""}`,
      onclick: () => { chosen = chosen === name ? null : name; mode = null; rerender(); } }, name)));
}

// ------------------------------------------------------------------ farms
// The empty cells beside a farm's cards (where a card may go), sorted by x, then y.
function frontier(farm) {
  const taken = new Set(farm.map(cellOf));
  const out = new Set();
  for (const e of farm) {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const k = `${e.cell[0] + dx},${e.cell[1] + dy}`;
      if (!taken.has(k)) out.add(k);
    }
  }
  return [...out].map(k => k.split(",").map(Number)).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([x, y]) => `${x},${y}`);
}

// The move a click on a cell of the seat's own farm means now, when it is not a lit target:
// the decision or the action chosen, at that cell (the engine then says why not).
function meantAt(key, legal) {
  const kinds = new Set(legal.map(verbOf));
  if (mode && mode !== "market") return `${mode} ${key}`;
  if (chosen && kinds.has("equip")) return `equip ${chosen} ${key}`;
  if (chosen && kinds.has("install")) return `install ${chosen} ${key}`;
  for (const v of ["pay", "water", "fill", "harvest"]) if (kinds.has(v)) return `${v} ${key}`;
  return null;
}
// The cells of the seat's own farm that a click now answers: cell -> {text, kind}.
function litCells(legal) {
  const lit = new Map();
  for (const a of legal) {
    const v = verbOf(a);
    const cell = a.args && a.args.cell;
    if (!cell || cell === "store") continue;
    if ((v === "build" || v === "tower" || v === "silo" || v === "restore") && v === mode) lit.set(cell, { text: a.text, empty: v !== "restore" });
    else if (v === "pay" || v === "water" || v === "fill") lit.set(cell, { text: a.text });
    else if ((v === "harvest" || v === "abandon") && !lit.has(cell)) lit.set(cell, { select: cell });
    else if ((v === "equip" || v === "install") && a.args.equipment === chosen) lit.set(cell, { text: a.text });
  }
  return lit;
}

function farmsPart(view, obs, facts, ctx, legal) {
  const seats = (obs.seats || []).map((_, s) => s);
  const me = view.you;
  if (me !== null && me !== undefined) seats.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const lit = me !== null && me !== undefined ? litCells(legal) : new Map();
  const width = Math.max(300, (last.container.clientWidth || 960) - 8);
  const narrow = width < 700;
  const others = seats.length - 1;
  // the first farm (the seat's own) gets more room; the others share a column beside it
  const size = i => narrow ? [width - 16, 340] : i === 0 ? [width * 0.56 - 16, 400] : [width * 0.44 - 24, Math.max(130, 420 / others - 34)];
  const boxes = seats.map((s, i) => farmBox(view, obs, facts, ctx, s, s === me ? lit : new Map(), ...size(i)));
  if (narrow) return el("div", { style: "display:flex; flex-direction:column; gap:.5rem" }, ...boxes);
  return el("div", { style: "display:flex; gap:.6rem; align-items:flex-start" }, boxes[0],
    el("div", { style: "display:flex; flex-direction:column; gap:.4rem; min-width:0" }, ...boxes.slice(1)));
}

function farmBox(view, obs, facts, ctx, s, lit, maxW, maxH) {
  const info = obs.seats[s];
  const costs = (facts.harvest_costs || [])[s] || {};
  const cells = new Map(info.farm.map(e => [cellOf(e), e]));
  const mine = s === view.you;
  const legal = mine ? view.legal || [] : [];
  // the tutorial's cell (its action's args) on the seat's own farm, and, while a card is being
  // placed, the empty cells around the farm that are not allowed (a tap asks why)
  const h = ctx.highlight;
  const hlCell = mine && h && h.cell && h.cell !== "store" ? h.cell : null;
  const placing = mine && (mode === "build" || mode === "tower" || mode === "silo");
  const extra = [...lit.keys(), ...(hlCell ? [hlCell] : []), ...(placing ? frontier(info.farm) : [])].filter(k => !cells.has(k));
  const spots = [...cells.keys(), ...extra].map(k => k.split(",").map(Number));
  const xs = spots.map(p => p[0]), ys = spots.map(p => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const W = (x1 - x0 + 1) * (CW + GAP) + GAP, H = (y1 - y0 + 1) * (CH + GAP) + GAP;
  const px = x => GAP + (x - x0) * (CW + GAP), py = y => GAP + (y1 - y) * (CH + GAP);  // y grows upwards
  const scale = Math.min(0.9, maxW / W, maxH / H);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: Math.round(W * scale), height: Math.round(H * scale), "data-farm": s, style: "display:block" });
  const silos = info.farm.filter(e => e.card === "Silo").length;
  for (const e of info.farm) {
    const [x, y] = e.cell;
    const key = cellOf(e);
    const food = e.card === "Silo" ? `${info.food}/${info.food_capacity}` : null;
    const tap = () => tapHelp(`${e.card} (${key})`, helpText(cardInfo(ctx, e.card), e), mine ? meantAt(key, legal) : null);
    root.append(cardShape(ctx, e.card, e, px(x), py(y), { harvestCost: costs[key], food: silos ? food : null, tap, attrs: { "data-at": key } }));
  }
  if (placing) {
    const shown = new Set([...cells.keys(), ...lit.keys()]);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        if (shown.has(key)) continue;
        const words = `an empty cell of your farm, where the chosen action (${mode}) cannot put a card now`;
        root.append(svg("rect", { x: px(x), y: py(y), width: CW, height: CH, rx: 8, "data-empty": key, fill: "#00000008", stroke: "#b9ae95", "stroke-dasharray": "4 6",
          ...clickable(() => tapHelp(`Cell ${key}`, words, `${mode} ${key}`), `cell ${key}`) }, svg("title", {}, `${key}: ${words}`)));
      }
    }
  }
  for (const [key, t] of lit) {
    const [x, y] = key.split(",").map(Number);
    const run = () => {
      if (t.text) { ctx.act(t.text); return; }
      chosen = t.select; mode = null; rerender();
    };
    const empty = !cells.has(key);
    const on = chosen === key;
    root.append(svg("rect", { x: px(x) - 2, y: py(y) - 2, width: CW + 4, height: CH + 4, rx: 8, "data-cell": key,
      fill: empty ? "#f3c94d55" : on ? "#f3c94d66" : "#f3c94d22", stroke: on ? "#b8951f" : HI, "stroke-width": on ? 9 : 7, "stroke-dasharray": empty ? "8 5" : null,
      ...clickable(run, `cell ${key}`) }, svg("title", {}, empty ? `place on ${key}` : `${cells.get(key).card} (${key})`)));
    if (empty) root.append(svg("text", { x: px(x) + CW / 2, y: py(y) + CH / 2 + 5, "text-anchor": "middle", "font-size": 14, fill: "#7a5d00", "pointer-events": "none" }, key));
  }
  if (hlCell) {
    const [x, y] = hlCell.split(",").map(Number);
    root.append(litBox(px(x), py(y), CW, CH));
    if (!cells.has(hlCell) && !lit.has(hlCell)) root.append(svg("text", { x: px(x) + CW / 2, y: py(y) + CH / 2 + 5, "text-anchor": "middle", "font-size": 14, fill: "#7a5d00", "pointer-events": "none" }, hlCell));
  }
  // what another seat just did on its farm (built, restored, equipped...): outlined until this
  // seat moves again
  for (const e of ctx.recent || []) {
    if (e.seat !== s || !e.cell || !cells.has(e.cell)) continue;
    const [x, y] = e.cell.split(",").map(Number);
    root.append(svg("rect", { x: px(x) - 4, y: py(y) - 4, width: CW + 8, height: CH + 8, rx: 9, fill: "none", "data-recent": e.cell,
      stroke: "var(--warn)", "stroke-width": 4, "stroke-dasharray": "3 4", "pointer-events": "none" }, svg("title", {}, `just now: ${e.text}`)));
  }
  const towers = info.farm.filter(e => e.water !== undefined);
  const water = towers.reduce((a, e) => a + e.water, 0);
  const head = el("div", { style: "font-size:.88em; display:flex; gap:.6rem; flex-wrap:wrap" },
    el("b", { style: `color:${seatColour(s)}` }, (s === obs.first_player ? "★ " : "") + (ctx.labels[s] || `seat ${s}`) + (mine ? " — your farm" : "")),
    el("span", {}, `$${info.coins}`), el("span", {}, `Food ${info.food}/${info.food_capacity}`),
    el("span", { style: "color:#1d4a80" }, `Water ${water}`), el("span", {}, `VP tokens ${info.vp_tokens}`),
    el("span", {}, `${(obs.scores || [])[s] ?? 0} pts`));
  return el("div", { style: `border:2px solid ${s === obs.current_player ? "#d8b23a" : "var(--line)"}; border-radius:8px; padding:.3rem; background:#f4f0df; max-width:100%` }, head, root);
}

function legendPart(ctx) {
  const chip = (colour, text) => el("span", { style: "display:inline-flex; align-items:center; gap:3px" },
    el("span", { style: `display:inline-block; width:12px; height:12px; border-radius:3px; background:${colour}` }), text);
  const decks = Object.entries(ctx.content.decks || {}).map(([d, info]) => chip(deckColour(ctx, d), info.name));
  const l = ctx.content.legend || {};
  return el("details", { open: true, style: "font-size:.78em; line-height:1.25" }, el("summary", {}, "Legend"),
    el("div", { style: "display:flex; flex-wrap:wrap; gap:.15rem .7rem; margin-top:.2rem" },
      ...decks, chip(deckColour(ctx, "tower"), "Water Tower"), chip(deckColour(ctx, "silo"), "Silo"),
      chip(timingColour(ctx, "immediate"), l.immediate || "when built"), chip(timingColour(ctx, "harvest"), l.harvest || "each harvest"),
      chip(timingColour(ctx, "end"), l.end || "at game end"), chip("#5b4a3a", l.wasteland || "Wasteland"),
      chip("#3d3d3d", l.equipment || "Equipment"), chip("#f3c94d", "lit: a place or card you can click now"),
      el("span", {}, `$ ${l.$ || "coins"} · W ${l.W || "Water"} · F ${l.F || "Food"} · VP ${l.VP || "points"} · ${l.first || "★ First Player"} · range: ${l.range || ""}`)));
}
