// Harvest (with the Fall Festival) board: the Town Board, the Festival board with its card
// market, the sunrise tiles, Mayor Gairy's pieces and every farm, drawn from the seat's
// observation, the presentation model's facts and the public content. The board never changes
// the game: a click sends the text of one legal action through ctx.act, and the server's next
// update draws the board again. Targets are lit from each legal action's args, never from its
// notation.
//
// Clickable elements (all taken from view.legal):
//   [data-space="GS-3"]          place a piece / use a space again / pay a Market tile
//   [data-building="Name"]       choose a Workshop building to build (then a lit [data-cell])
//   [data-farm-building="Name"]  place a piece on an own action building
//   [data-cell="r,c"]            plant, tend, clear or build on an own farm cell
//   [data-card="P2"]             buy the festival card at that position
//   [data-tile="7"]              take sunrise tile #7
//   [data-keep="character:X"]    keep a dealt character or farmhouse
//   [data-novelty="Name"]        use a held novelty now
//   [data-die="4"]               keep that forest-die face
//   [data-choice="<text>"]       one of several actions a click left open
//   [data-act="<text>"]          the visit's other actions (seeds, fill, harvest, fee, done…)
//
// Every card, tile, space, building, cell, crop and character shows its help on hover (a title)
// and, when it cannot be played now, on a tap: [data-help-box="<name>"] above the board holds the
// words, and ctx.why(notation) asks the server why the move the tap meant is not allowed (a space
// → "place GS-3", a card → "card P2", a cell → "plant/tend/clear/build …"). [data-help="<name>"]
// marks such a piece ([data-area="gs"] is an area's heading, [data-gairy] Mayor Gairy's panel,
// [data-held="Name"] a held festival card, [data-seeds="wheat"] a seed count). The pieces named
// by a tutorial step's ctx.highlight (an action's args) carry [data-pointed] and the lit style
// with an accent ring.
import { el } from "./api.js";
import { svg, stop, clickable } from "./drawing.js";

const CROPS = ["wheat", "strawberry", "blueberry", "pumpkin"];
const CROP_CODE = { wheat: "Wh", strawberry: "St", blueberry: "Bl", pumpkin: "Pu" };
const CROP_STRONG = { wheat: "#d9a514", strawberry: "#d23c4b", blueberry: "#3b57b8", pumpkin: "#e0731c" };
const CROP_LIGHT = { wheat: "#f6e7a8", strawberry: "#f6c6cb", blueberry: "#c9d3f2", pumpkin: "#f8d2b0" };
const AREA_FILL = { gs: "#eef4e4", fields: "#f3ecd8", workshop: "#ece6f2", tp: "#e4eef4", market: "#f7e9e1", festival: "#fbe9cf" };
const AREA_ORDER = ["gs", "fields", "workshop", "tp", "market"];
const AREA_TITLE = { gs: "General Store", fields: "Fields", workshop: "Workshop", tp: "Trading Post", market: "Farmer's Market", festival: "Festival" };
const GAIRY_COLOUR = "#6b6b6b";
const LIT = "0 0 0 3px var(--hi, #f3c94d)";
const POINT = "0 0 0 3px var(--hi, #f3c94d), 0 0 0 6px var(--accent, #3f7d3a)";
const CELL = 40;

let sel = null;        // null | {building: name}: a Workshop building chosen, waiting for a cell
let choice = null;     // null | {title, acts}: several actions one click left open
let last = null;       // {container, view, ctx}
let lastSeq = null, lastYou = undefined;
let draws = 0;         // how many times the board was drawn (tests wait for a new drawing)
let helpFor = null;    // null | {name, words}: the piece whose help box is open
let point = new Set(); // what the tutorial points at: "space:F-3", "cell:1,1", "act:<text>", …

// ------------------------------------------------------------------ helpers
const seatColour = s => s < 0 ? GAIRY_COLOUR : `var(--seat${s % 4}, #555)`;
const spaceLabel = name => name.replace("-inf", "-∞");
function box(style, attrs = {}, ...children) { return el("div", { style, ...attrs }, ...children); }
function addTo(map, key, a) { if (!map.has(key)) map.set(key, []); map.get(key).push(a); }
const joined = words => Array.isArray(words) ? words.join(" ") : (words || "");

// The style of a piece: pointed at by the tutorial, lit (it can be played now), or neither.
function litStyle(key, acts) {
  if (point.has(key)) return `box-shadow: ${POINT}; cursor: pointer;`;
  return acts ? `box-shadow: ${LIT}; cursor: pointer;` : "";
}
const pointedAttr = key => (point.has(key) ? { "data-pointed": "" } : {});

// Help for touch screens (no hover there): a tap on a piece that cannot be played now shows its
// words in a box above the board and, where the tap meant a move, asks the server why that move
// is not allowed now (the page shows the engine's answer).
function helpable(name, words, meant = null) {
  const show = () => {
    helpFor = { name, words: joined(words) };
    rerender();
    const { view, ctx } = last;
    if (meant && ctx.why && view.you !== null && view.you !== undefined && view.status === "playing") ctx.why(meant);
  };
  // not role=button: only what can be played now is a button (tests and screen readers rely on it)
  return { "data-help": name, cursor: "help", tabindex: 0, "aria-label": `about ${name}`, onclick: stop(show),
    onkeydown: ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); show(); } } };
}

function helpBox() {
  if (!helpFor) return null;
  return box("display: flex; gap: .4rem; align-items: baseline; background: #fff6e0; border: 1px solid var(--hi, #f3c94d); border-radius: 6px; padding: .3rem .5rem;",
    { class: "notice", "data-help-box": helpFor.name },
    el("span", {}, el("b", {}, `${helpFor.name}: `), helpFor.words),
    el("button", { onclick: stop(() => { helpFor = null; rerender(); }) }, "close"));
}

// What the tutorial's highlight (an action's args) names on this board: the pieces it is about,
// and the legal action with exactly those args (its button in the tray or the chooser).
function pointsOf(highlight, legal) {
  const out = new Set();
  if (!highlight || typeof highlight !== "object") return out;
  const h = highlight;
  if (h.space) out.add(`space:${h.space}`);
  if (h.cell) out.add(`cell:${h.cell}`);
  if (h.market !== undefined) out.add(`market:${h.market}`);
  if (h.verb === "build" && h.building) out.add(`building:${h.building}`);
  if (h.verb === "place" && h.building) out.add(`farm-building:${h.building}`);
  if (h.verb === "card" && h.position) out.add(`card:${h.position}`);
  if (h.verb === "sunrise") out.add(`tile:${h.tile}`);
  if (h.verb === "keep") out.add(h.character ? `keep:character:${h.character}` : `keep:farmhouse:${h.farmhouse}`);
  if (h.verb === "use" && h.card) out.add(`novelty:${h.card}`);
  if (h.verb === "die") out.add(`die:${h.die}`);
  const same = (a, b) => { const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]); };
  for (const a of legal || []) if (a.args && same(a.args, h)) out.add(`act:${a.text}`);
  return out;
}

// Sorts the legal actions by what they are about (their args), so the board can light targets.
function sortLegal(legal) {
  const L = { space: new Map(), build: new Map(), farmBuilding: new Map(), cell: new Map(), card: new Map(),
    tile: new Map(), keep: new Map(), novelty: new Map(), die: new Map(), rest: [] };
  for (const a of legal || []) {
    const g = a.args || {};
    if (g.verb === "build") addTo(L.build, g.building, a);
    else if (g.verb === "place" && g.building) addTo(L.farmBuilding, g.building, a);
    else if (g.space && (g.verb === "place" || g.verb === "reactivate" || g.verb === "market")) addTo(L.space, g.space, a);
    else if (g.cell) addTo(L.cell, g.cell, a);
    else if (g.verb === "card") addTo(L.card, g.position, a);
    else if (g.verb === "sunrise") addTo(L.tile, String(g.tile), a);
    else if (g.verb === "keep") addTo(L.keep, g.character ? `character:${g.character}` : `farmhouse:${g.farmhouse}`, a);
    else if (g.verb === "use") addTo(L.novelty, g.card, a);
    else if (g.verb === "die") addTo(L.die, String(g.die), a);
    else L.rest.push(a);
  }
  return L;
}

// One click: play the action when it is the only one, else offer the choice above the board.
function pick(acts, title) {
  if (!acts || !acts.length) return;
  if (acts.length === 1) { choice = null; sel = null; last.ctx.act(acts[0].text); return; }
  choice = { title, acts };
  rerender();
}

function rerender() { if (last) render(); }

// ------------------------------------------------------------------ entry point
export function draw(container, view, ctx) {
  if (view.seq !== lastSeq || view.you !== lastYou) {
    // A new update keeps an open choice only while every action in it is still legal.
    const now = new Set((view.legal || []).map(a => a.text));
    if (view.you !== lastYou || (choice && !choice.acts.every(a => now.has(a.text)))) choice = null;
    if (view.you !== lastYou) { sel = null; helpFor = null; }
    lastSeq = view.seq; lastYou = view.you;
  }
  last = { container, view, ctx };
  render();
}

function render() {
  const { container, view, ctx } = last;
  const obs = view.observation || {};
  if (!obs.seats) { container.replaceChildren(el("span", { class: "muted" }, "…")); return; }
  const content = ctx.content || {};
  const facts = view.facts || {};
  const L = sortLegal(view.legal);
  if (sel && !L.build.has(sel.building)) sel = null;
  point = pointsOf(ctx.highlight, view.legal);
  const root = box("display: flex; flex-direction: column; gap: .5rem; font-size: 13px;",
    { class: "hv-board", "data-seq": view.seq ?? "", "data-draws": ++draws, "data-phase": obs.phase || "" });
  root.addEventListener("click", () => { if (sel || choice) { sel = null; choice = null; rerender(); } });
  root.append(statusStrip(view, obs, facts, content));
  const help = helpBox();
  if (help) root.append(help);
  const over = view.status === "over" || obs.phase === "over";
  if (over) root.append(endBanner(view, obs, facts));
  const setup = setupPart(view, obs, content, L);
  if (setup) root.append(setup);
  const tray = trayPart(view, L, content);
  if (tray) root.append(tray);
  const top = box("display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start;");
  top.append(townPart(view, obs, facts, content, L));
  const side = box("display: flex; flex-direction: column; gap: .5rem; flex: 1 1 240px; min-width: 230px;");
  if (obs.fall_festival) side.append(festivalPart(view, obs, facts, content, L));
  side.append(sunrisePart(obs, content, L));
  if (obs.gairy) side.append(gairyPart(obs, facts));
  top.append(side);
  root.append(top);
  root.append(farmsPart(view, obs, content, L));
  container.replaceChildren(root);
}

// ------------------------------------------------------------------ status, end, setup, tray
function statusStrip(view, obs, facts, content) {
  const phases = ["sunrise", "action", "sunset"];
  const strip = box("display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center;", { "data-status": "" });
  strip.append(el("b", {}, `Round ${obs.round} of ${facts.rounds || content.rounds || 4}`));
  strip.append(el("span", {}, ...phases.map((p, i) => el("span", {
    style: `padding: 0 .35rem; border-radius: 4px; ${obs.phase === p ? "background: var(--hi, #f3c94d); font-weight: 600;" : "color: var(--muted);"}`,
  }, (i ? "→ " : "") + p[0].toUpperCase() + p.slice(1)))));
  if (obs.phase === "setup" || obs.phase === "over") strip.append(el("b", {}, facts.phase_words || obs.phase));
  const order = [...obs.seats.keys()].sort((a, b) => obs.seats[a].sunrise_tile - obs.seats[b].sunrise_tile);
  strip.append(el("span", {}, "Order: ", ...order.map((s, i) => el("span", { style: `color: ${seatColour(s)}; font-weight: 600;` },
    (i ? " → " : "") + `${shortName(view, s)} #${obs.seats[s].sunrise_tile}`))));
  const mine = view.you !== null && view.you !== undefined;
  const myTurn = mine && (view.legal || []).length > 0;
  if (facts.visit) strip.append(el("span", { class: "badge turn", "data-visit": facts.visit.space || facts.visit.area }, facts.visit.words));
  if (myTurn && facts.now) strip.append(el("span", { "data-now": "" }, el("b", {}, "Now: "), facts.now));
  else if (view.status === "playing" && obs.current_player !== null && obs.current_player !== undefined && !myTurn)
    strip.append(el("span", { class: "muted" }, `Waiting for ${shortName(view, obs.current_player)}…`));
  if (facts.solo && !facts.solo.verdict) strip.append(soloLadder(facts.solo));
  return strip;
}

function shortName(view, s) {
  const given = last && last.ctx && last.ctx.labels ? last.ctx.labels[s] : null;
  if (given) return given;
  const seat = (view.seats || [])[s];
  if (!seat) return `seat ${s}`;
  const who = seat.kind === "bot" ? (seat.bot || "bot").split(":")[0] : (s === view.you ? "you" : "player");
  return `seat ${s} (${who})`;
}

// Mayor Gairy's tiers as a ladder: the ones reached are filled (the verdict in words is the
// page's, from the same facts).
function soloLadder(solo, score = null) {
  const tiers = Object.entries(solo.tiers || {});
  return el("span", { "data-solo-tiers": "", style: "display: inline-flex; gap: .25rem; align-items: center; flex-wrap: wrap;" },
    el("span", { class: "muted" }, "Beat Mayor Gairy:"),
    ...tiers.map(([name, need]) => el("span", { title: `${name}: ${need} points`, "data-tier": name,
      style: `font-size: 11px; padding: 0 .3rem; border-radius: 4px; border: 1px solid #c98b2b; ${score !== null && score >= need ? "background: #c98b2b; color: #fff; font-weight: 700;" : ""}` },
      `${name} ${need}`)));
}

function endBanner(view, obs, facts) {
  const lines = [el("b", {}, "Game over. ")];
  if (facts.solo && facts.solo.verdict) {
    const won = facts.solo.tier;
    lines.push(el("span", { "data-verdict": "" }, won ? `${won} reached: you beat Mayor Gairy. ` : "Mayor Gairy wins this time. "),
      soloLadder(facts.solo, facts.solo.score));
  } else if (view.ranking) {
    const winners = view.ranking.map((r, s) => [r, s]).filter(([r]) => r === 1).map(([, s]) => shortName(view, s));
    lines.push(el("span", { "data-verdict": "" }, (winners.length > 1 ? "Shared win: " : "Winner: ") + winners.join(", ")));
  }
  return box("display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; background: #fff3cd; border: 1px solid #e6cf7a; border-radius: 6px; padding: .35rem .6rem; font-size: 14px;", {}, ...lines);
}

function setupPart(view, obs, content, L) {
  if (view.you === null || view.you === undefined) return null;
  const me = obs.seats[view.you];
  if (!me || !(me.dealt_characters || me.dealt_farmhouses)) return null;
  const row = box("display: flex; flex-wrap: wrap; gap: .5rem; align-items: stretch;");
  const card = (kind, name, words) => {
    const acts = L.keep.get(`${kind}:${name}`);
    const chosen = (kind === "character" ? me.character : me.farmhouse) === name;
    const key = `keep:${kind}:${name}`;
    return box(`width: 230px; padding: .4rem; border-radius: 6px; border: 1px solid var(--line); background: ${chosen ? "#e5f2df" : "#fff"};
      ${litStyle(key, acts)}`,
      { "data-keep": `${kind}:${name}`, title: `${name}: ${words}`, ...pointedAttr(key),
        ...(acts ? clickable(() => pick(acts, name), `keep ${name}`) : helpable(name, words, `keep ${kind} ${name}`)) },
      el("div", { class: "muted", style: "font-size: 11px;" }, kind === "character" ? "Character" : "Farmhouse"),
      el("b", {}, name + (chosen ? " ✓" : "")), el("div", { style: "font-size: 12px;" }, words));
  };
  for (const n of me.dealt_characters || []) row.append(card("character", n, (content.characters?.[n] || {}).words || ""));
  for (const n of me.dealt_farmhouses || []) row.append(card("farmhouse", n, ((content.farmhouses?.[n] || {}).words || []).join(" ")));
  return box("", {}, el("b", {}, "Your dealt cards: keep one of each (secret until everyone has chosen)"), row);
}

// The choices left open by a click, and the visit's actions that have no place on the board.
function trayPart(view, L, content) {
  const parts = [];
  if (choice) {
    parts.push(box("display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; background: #fff3cd; padding: .3rem .5rem; border-radius: 6px;",
      { "data-chooser": "" }, el("b", {}, choice.title + ": "),
      ...choice.acts.map(a => el("button", { "data-choice": a.text, title: a.text, ...pointedAttr(`act:${a.text}`),
        style: point.has(`act:${a.text}`) ? `box-shadow: ${POINT};` : null, onclick: stop(() => { choice = null; last.ctx.act(a.text); }) },
        (a.group && !a.group.startsWith("place") ? a.group + " " : "") + a.label)),
      el("button", { onclick: stop(() => { choice = null; rerender(); }) }, "cancel")));
  }
  if (L.die.size) {
    parts.push(box("display: flex; gap: .4rem; align-items: center;", {}, el("b", {}, "Forest die: keep "),
      ...[...L.die].map(([face, acts]) => el("button", { "data-die": face, title: acts[0].label, onclick: stop(() => pick(acts, "die")),
        ...pointedAttr(`die:${face}`), style: "font-size: 16px; min-width: 2.2rem; box-shadow: " + (point.has(`die:${face}`) ? POINT : LIT) }, `⚀⚁⚂⚃⚄⚅`[Number(face) - 1] + " " + ((content.die || {})[face] || "")))));
  }
  if (L.rest.length) {
    const groups = new Map();
    for (const a of L.rest) addTo(groups, a.group || "", a);
    const row = box("display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: center;", { "data-tray": "" });
    for (const [g, acts] of groups) {
      const grp = box("display: flex; flex-wrap: wrap; gap: .25rem; align-items: center;", {}, g ? el("b", { style: "font-size: 12px;" }, g + ":") : null);
      for (const a of acts) {
        const g2 = a.args || {};
        const crop = g2.crop && g2.verb === "buy" ? `border-left: 6px solid ${CROP_STRONG[g2.crop]};` : "";
        const lit = point.has(`act:${a.text}`) ? `box-shadow: ${POINT};` : "";
        grp.append(el("button", { "data-act": a.text, title: a.text, onclick: stop(() => last.ctx.act(a.text)), ...pointedAttr(`act:${a.text}`),
          style: `padding: .1rem .4rem; ${crop} ${g2.verb === "done" ? "font-weight: 600;" : ""} ${lit}` }, a.label || a.text));
      }
      row.append(grp);
    }
    parts.push(row);
  }
  return parts.length ? box("display: flex; flex-direction: column; gap: .35rem;", {}, ...parts) : null;
}

// ------------------------------------------------------------------ pieces
function disc(seat, letter, title) {
  return el("span", { title, style: `display: inline-flex; align-items: center; justify-content: center; width: 18px; height: 18px;
    border-radius: 50%; background: ${seatColour(seat)}; color: #fff; font-size: 10px; font-weight: 700; border: 1px solid #0006;` }, letter);
}

function occupants(view, pieces, festival) {
  return (pieces || []).map(s => disc(s, s < 0 ? "G" : (festival ? "B" : "W"), s < 0 ? "Mayor Gairy" : shortName(view, s)));
}

// ------------------------------------------------------------------ the Town Board
function spaceBox(view, obs, facts, content, L, name, extra) {
  const info = (content.spaces || {})[name] || { label: spaceLabel(name), actions: 0, words: "" };
  const f = (facts.spaces || {})[name] || {};
  const acts = L.space.get(name);
  const pieces = (obs.spaces || {})[name] || [];
  const open = f.open ?? (info.infinite || !pieces.length);
  const visiting = facts.visit && facts.visit.space === name;
  // another seat just placed a piece here: marked until this seat moves again
  const recent = ((last && last.ctx && last.ctx.recent) || []).find(e => e.kind === "place" && e.where === name);
  const key = `space:${name}`;
  const style = `position: relative; flex: 1 1 0; min-width: ${info.area === "festival" ? 64 : 84}px; padding: .2rem .35rem; border-radius: 6px; background: #fffdf7;
    border: 1px solid ${open ? "var(--line)" : "#b9b1a0"}; ${litStyle(key, acts)} ${visiting ? "outline: 2px dashed var(--accent);" : recent ? "outline: 3px dotted var(--warn);" : ""}`;
  const offers = f.offers || info.words;
  const words = `${offers}${open ? "" : " (taken this round)"}`;
  const node = box(style, { "data-space": name, "data-recent": recent ? name : null, title: `${info.label}: ${offers}${recent ? `\njust now: ${recent.text}` : ""}`,
    ...pointedAttr(key), ...(acts ? clickable(() => pick(acts, info.label), `${info.label}`) : helpable(info.label, words, `place ${name}`)) },
    box("display: flex; justify-content: space-between; align-items: baseline; gap: .3rem;", {},
      el("b", {}, info.label), el("span", { class: "muted", style: "font-size: 11px;" }, info.area === "festival" ? "" : (info.infinite ? "∞ " : "") + (info.actions ? `${info.actions}×` : ""))),
    extra || (info.area === "festival" ? el("div", { style: "font-size: 11px; line-height: 1.2; color: var(--muted);" }, info.words) : null),
    box("display: flex; gap: 2px; min-height: 18px; margin-top: 2px;", {}, ...occupants(view, pieces, info.area === "festival"),
      visiting ? el("span", { class: "badge turn", style: "font-size: 11px;" }, `${facts.visit.left} left`) : null));
  return node;
}

function characterChips(view, obs, content, where) {
  const chips = [];
  obs.seats.forEach((info, s) => {
    const c = info.character && (content.characters || {})[info.character];
    if (c && (c.where || []).includes(where))
      chips.push(el("span", { title: `${info.character}: ${c.words}`, "data-power": info.character, ...helpable(info.character, c.words),
        style: `font-size: 10px; border-radius: 4px; padding: 0 .25rem; border: 1px solid ${seatColour(s)}; color: ${seatColour(s)};` }, "★ " + info.character));
  });
  return chips;
}

function townPart(view, obs, facts, content, L) {
  const town = box("flex: 3 1 520px; min-width: 300px; display: flex; flex-direction: column; gap: .3rem; padding: .4rem;"
    + " border: 2px solid #8b7a55; border-radius: 8px; background: #f4efe1;", { "data-town": "" });
  town.append(el("b", {}, "Town Board"));
  const spaces = Object.values(content.spaces || {});
  for (const area of AREA_ORDER) {
    const row = box(`display: flex; gap: .3rem; align-items: stretch; padding: .2rem; border-radius: 6px; background: ${AREA_FILL[area]};`);
    const offers = ((content.areas || {})[area] || {}).offers || "";
    const help = (content.area_help || {})[AREA_TITLE[area].toLowerCase()] || [];
    const head = box("width: 150px; flex: none; display: flex; flex-direction: column; gap: 1px;",
      { "data-area": area, title: `${AREA_TITLE[area]}: ${joined(help)}`, ...helpable(AREA_TITLE[area], help) },
      el("b", { style: "font-size: 12px;" }, AREA_TITLE[area]),
      el("span", { class: "muted", style: "font-size: 10.5px; line-height: 1.15;", "data-offers": area }, area === "tp" ? "any GS, Fields or Workshop action" : offers),
      box("display: flex; flex-wrap: wrap; gap: 2px;", {}, ...characterChips(view, obs, content, area)));
    if (area === "tp") head.append(el("span", { style: "font-size: 10.5px; line-height: 1.15; color: var(--warn);", title: "the fee for each action" }, "fee each: " + (content.tp_fee || "")));
    row.append(head);
    spaces.filter(sp => sp.area === area).forEach((sp, i) => {
      let extra = null;
      if (area === "market") extra = marketTile(obs, content, i);
      row.append(spaceBox(view, obs, facts, content, L, sp.name, extra));
    });
    town.append(row);
    if (area === "workshop") town.append(workshopRow(obs, content, L));
  }
  return town;
}

function marketTile(obs, content, i) {
  const number = (obs.market || [])[i];
  const left = (obs.market_stack_counts || [])[i] ?? 0;
  if (number === null || number === undefined) return el("div", { class: "muted", style: "font-size: 11px;" }, "no tile left");
  const t = (content.market || {})[String(number)] || {};
  const pointed = point.has(`market:${number}`);
  return el("div", { style: `font-size: 11px; line-height: 1.2; ${pointed ? "outline: 2px solid var(--accent); border-radius: 3px;" : ""}`, "data-market": number,
    ...pointedAttr(`market:${number}`), title: `Tile #${number}: pay ${t.cost} for ${t.effect} (${left} in the stack)` },
    el("b", {}, `#${number} `), el("span", { style: "color: var(--warn);" }, t.cost || ""), " → ", t.effect || "",
    el("span", { class: "muted" }, ` (${left})`));
}

// The top-left cell of the first 2×2 block of the viewer's farm with no forest and no building
// (where a build would go), for asking why a building cannot be built now.
function freeBlock(obs, content) {
  const me = obs.seats[last.view.you];
  const rows = (content.farm || {}).rows || 4, cols = (content.farm || {}).cols || 5;
  const blocked = key => !me || ["forest", "building"].includes((me.farm || {})[key]);
  for (let r = 1; r < rows; r++)
    for (let c = 1; c < cols; c++)
      if (![[0, 0], [0, 1], [1, 0], [1, 1]].some(([dr, dc]) => blocked(`${r + dr},${c + dc}`))) return `${r},${c}`;
  return "1,1";
}

function workshopRow(obs, content, L) {
  const costs = content.workshop_row_costs || [6, 4, 2];
  const row = box("display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; padding: .2rem; border-radius: 6px; background: #e6dff0;", { "data-workshop": "" },
    el("span", { style: "width: 96px; font-size: 11px;" }, el("b", {}, "Buildings"), el("span", { class: "muted" }, ` (${obs.building_stack_count} left)`)));
  costs.forEach((cost, r) => {
    const names = (obs.workshop || []).slice(r * 2, r * 2 + 2);
    row.append(el("span", { class: "muted", style: "font-size: 11px;" }, `$${cost}`));
    for (const n of names) {
      if (!n) { row.append(el("span", { class: "muted", style: "width: 70px; font-size: 11px;" }, "—")); continue; }
      const acts = L.build.get(n);
      const chosen = sel && sel.building === n;
      const b = (content.buildings || {})[n] || {};
      const cost2 = acts && acts[0].args.cost !== undefined ? ` $${acts[0].args.cost}` : "";
      const key = `building:${n}`;
      row.append(el("span", {
        "data-building": n, title: `${n} (${b.type || ""}, $${cost}): ${(b.words || []).join(" ")}`, ...pointedAttr(key),
        style: `font-size: 11px; padding: .1rem .3rem; border-radius: 4px; background: #fff; border: 1px solid #a58cc0; ${litStyle(key, acts)} ${chosen ? "outline: 2px solid var(--accent);" : ""}`,
        ...(acts ? clickable(() => { sel = chosen ? null : { building: n }; choice = null; rerender(); }, `build ${n}`)
          : helpable(n, [`${b.type || ""} building, $${cost}:`, ...(b.words || [])], `build ${n} ${freeBlock(obs, content)}`)),
      }, n + cost2));
    }
  });
  if (sel) row.append(el("span", { class: "badge turn", "data-selected": sel.building, style: "font-size: 11px;" }, `now click a lit cell of your farm for ${sel.building}`));
  return row;
}

// ------------------------------------------------------------------ the Festival board
function festivalPart(view, obs, facts, content, L) {
  const fest = obs.festival || {};
  const costs = facts.card_costs || content.card_costs || { P3: 3, P2: 2, P1: 1 };
  const part = box("display: flex; flex-direction: column; gap: .3rem; padding: .4rem; border: 2px solid #c98b2b; border-radius: 8px; background: #fbf1de;", { "data-festival": "" },
    el("b", {}, "Fall Festival"));
  const cards = box("display: flex; gap: .3rem;");
  for (const pos of ["P3", "P2", "P1"]) {
    const name = fest[pos];
    const acts = L.card.get(pos);
    const c = name ? (content.festival_cards || {})[name] || {} : {};
    const key = `card:${pos}`;
    const words = name ? [`${pos} ($${costs[pos]}):`, ...(c.words || [])] : [`no card in ${pos} now: the cards slide toward P1 at the end of the turn.`];
    cards.append(box(`flex: 1 1 0; min-width: 66px; padding: .25rem; border-radius: 6px; background: ${name ? (c.kind === "pie" ? "#fde2c8" : "#e4f0e0") : "#eee"};
      border: 1px solid #c98b2b; font-size: 11px; line-height: 1.2; ${litStyle(key, acts)}`,
      { "data-card": pos, title: name ? `${name}: ${(c.words || []).join(" ")}` : "empty", ...pointedAttr(key),
        ...(acts ? clickable(() => pick(acts, pos), `buy ${pos}`) : helpable(name || pos, words, `card ${pos}`)) },
      box("display: flex; justify-content: space-between;", {}, el("b", {}, pos), el("span", { style: "color: var(--warn); font-weight: 700;" }, `$${costs[pos]}`)),
      el("div", { style: "font-weight: 600;" }, name || "—"), el("div", { class: "muted" }, name ? c.kind : "")));
  }
  part.append(cards);
  part.append(el("div", { class: "muted", style: "font-size: 11px;" }, `deck ${fest.deck_count ?? 0} · discards ${(fest.discard || []).length}`));
  const row = box("display: flex; gap: .3rem;");
  for (const name of ["FF-1", "FF-2", "FF-3"]) row.append(spaceBox(view, obs, facts, content, L, name));
  part.append(row);
  return part;
}

function sunrisePart(obs, content, L) {
  const part = box("display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; padding: .3rem; border-radius: 8px; background: #fdf3d0; border: 1px solid #e0c56e;", { "data-sunrise": "" },
    el("b", { style: "font-size: 12px;" }, "Sunrise tiles"));
  const shown = obs.sunrise_display || [];
  if (!shown.length) part.append(el("span", { class: "muted", style: "font-size: 11px;" }, `none on offer (${obs.sunrise_stack_count} in the stack)`));
  for (const n of shown) {
    const acts = L.tile.get(String(n));
    const t = (content.sunrise || {})[String(n)] || {};
    const key = `tile:${n}`;
    part.append(box(`padding: .15rem .35rem; border-radius: 6px; background: #fff; border: 1px solid #e0c56e; font-size: 11px; ${litStyle(key, acts)}`,
      { "data-tile": n, title: `#${n}: ${t.income || ""}`, ...pointedAttr(key),
        ...(acts ? clickable(() => pick(acts, `#${n}`), `sunrise ${n}`)
          : helpable(`Sunrise tile #${n}`, `income ${t.income || "none"}; the lower the number, the earlier its holder acts.`, `sunrise ${n}`)) },
      el("b", {}, `#${n} `), t.income || ""));
  }
  return part;
}

function gairyPart(obs, facts) {
  const g = obs.gairy;
  const drawn = (facts.gairy && facts.gairy.drawn) || g.drawn || [];
  const words = "he plays in 1- and 2-player games only to block spaces: after each cycle of turns he turns over an area tile and "
    + "takes that area's open space with the highest number (never an ∞ space), gaining nothing. He never scores.";
  return box("display: flex; flex-wrap: wrap; gap: .1rem .3rem; align-items: center; padding: .3rem; border-radius: 8px; background: #ececec; border: 1px solid #bbb; font-size: 11px;",
    { "data-gairy": "", title: `Mayor Gairy: ${words}`, ...helpable("Mayor Gairy", words) },
    disc(-1, "G", "Mayor Gairy"), el("b", {}, "Mayor Gairy"),
    el("span", {}, `${g.wheelbarrows} wheelbarrow${g.wheelbarrows === 1 ? "" : "s"} left` + (obs.fall_festival ? `, ${g.baskets} basket${g.baskets === 1 ? "" : "s"}` : "")),
    el("span", { class: "muted" }, `tiles drawn: ${drawn.join(", ") || "none yet"} (${g.deck_count} face down)`));
}

// ------------------------------------------------------------------ the farms
function farmsPart(view, obs, content, L) {
  const row = box("display: flex; flex-wrap: wrap; gap: .6rem; align-items: flex-start;", { "data-farms": "" });
  const order = [...obs.seats.keys()];
  const mine = view.you !== null && view.you !== undefined && view.you < order.length;
  if (mine) { order.splice(order.indexOf(view.you), 1); order.unshift(view.you); }
  for (const s of order) row.append(farmPart(view, obs, content, s, mine && s === view.you ? L : null));
  row.append(legendPart(content));
  return row;
}

function farmPart(view, obs, content, s, L) {
  const info = obs.seats[s];
  const toAct = obs.current_player === s;
  const rows = (content.farm || {}).rows || 4, cols = (content.farm || {}).cols || 5;
  const W = cols * CELL + 22, H = rows * CELL + 18;
  const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, "data-farm": s, style: "display: block;" });
  for (let c = 1; c <= cols; c++) g.append(svg("text", { x: 20 + (c - 0.5) * CELL, y: 12, "text-anchor": "middle", "font-size": 10, fill: "#7a746a" }, c));
  for (let r = 1; r <= rows; r++) g.append(svg("text", { x: 8, y: 16 + (r - 0.5) * CELL + 4, "text-anchor": "middle", "font-size": 10, fill: "#7a746a" }, r));
  const covered = new Set();
  for (const [, at] of info.buildings || []) {
    const [r, c] = at.split(",").map(Number);
    for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]]) covered.add(`${r + dr},${c + dc}`);
  }
  for (let r = 1; r <= rows; r++) {
    for (let c = 1; c <= cols; c++) {
      const key = `${r},${c}`;
      if (covered.has(key)) continue;
      const what = (info.farm || {})[key] || "empty";
      let acts = L ? L.cell.get(key) : null;
      if (L && sel) acts = (L.build.get(sel.building) || []).filter(a => a.args.cell === key);
      else if (acts) acts = acts.filter(a => a.args.verb !== "build");
      if (acts && !acts.length) acts = null;
      const x = 20 + (c - 1) * CELL, y = 16 + (r - 1) * CELL;
      const [crop, side] = what.split(" ");
      let fill = "#f1ead6", label = "", colour = "#2c2a25";
      if (what === "forest") { fill = "#4f7f3a"; label = ""; }
      else if (CROP_CODE[crop]) { fill = side === "crop" ? CROP_STRONG[crop] : CROP_LIGHT[crop]; label = CROP_CODE[crop] + (side === "crop" ? "★" : ""); colour = side === "crop" ? "#fff" : "#2c2a25"; }
      const pointed = L && point.has(`cell:${key}`);
      const help = cellHelp(what, content);
      const node = svg("g", { "data-cell": L ? key : null, "data-what": what, "data-pointed": pointed ? "" : null, style: acts ? "cursor: pointer;" : null,
        ...(acts ? clickable(() => pick(acts, `cell ${key}`), `cell ${key}`) : helpable(`cell ${key}`, help, L ? cellMeant(key, what, info) : null)) },
        svg("title", {}, `${key}: ${help}`),
        pointed ? svg("rect", { x: x + 0.5, y: y + 0.5, width: CELL - 1, height: CELL - 1, rx: 6, fill: "none", style: "stroke: var(--accent, #3f7d3a);", "stroke-width": 3 }) : null,
        svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill, stroke: acts || pointed ? "#f3c94d" : "#c9bfa5", "stroke-width": acts || pointed ? 4 : 1 }),
        what === "forest" ? tree(x + CELL / 2, y + CELL / 2) : null,
        svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: colour }, label));
      g.append(node);
    }
  }
  for (const [name, at] of info.buildings || []) {
    const [r, c] = at.split(",").map(Number);
    const x = 20 + (c - 1) * CELL, y = 16 + (r - 1) * CELL;
    const b = (content.buildings || {})[name] || {};
    const acts = L ? L.farmBuilding.get(name) : null;
    const words = name.split(" ");
    const pointed = L && point.has(`farm-building:${name}`);
    const meant = L && b.type === "action" ? `place ${name}` : null;
    g.append(svg("g", { "data-farm-building": name, "data-pointed": pointed ? "" : null, style: acts ? "cursor: pointer;" : null,
      ...(acts ? clickable(() => pick(acts, name), `place on ${name}`) : helpable(name, [`${b.type || ""} building:`, ...(b.words || [])], meant)) },
      svg("title", {}, `${name} (${b.type || ""}): ${(b.words || []).join(" ")}`),
      pointed ? svg("rect", { x: x + 0.5, y: y + 0.5, width: 2 * CELL - 1, height: 2 * CELL - 1, rx: 7, fill: "none", style: "stroke: var(--accent, #3f7d3a);", "stroke-width": 3 }) : null,
      svg("rect", { x: x + 2, y: y + 2, width: 2 * CELL - 4, height: 2 * CELL - 4, rx: 6, fill: "#d8c8ea", stroke: acts || pointed ? "#f3c94d" : "#8c6bb1", "stroke-width": acts || pointed ? 4 : 1.5 }),
      svg("text", { x: x + CELL, y: y + CELL - 6 - (words.length - 1) * 6, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#3a2a52" },
        words.map((w, i) => svg("tspan", { x: x + CELL, dy: i ? 13 : 0 }, w))),
      svg("text", { x: x + CELL, y: y + 2 * CELL - 10, "text-anchor": "middle", "font-size": 9, fill: "#5a4a72" }, b.type || "")));
  }
  const pieces = [];
  for (let i = 0; i < info.wheelbarrows; i++) pieces.push(disc(s, "W", "wheelbarrow"));
  if (info.mice & 1) pieces.push(disc(s, "F", "Finn"));
  if (info.mice & 2) pieces.push(disc(s, "M", "Maisie"));
  if (info.basket) pieces.push(disc(s, "B", "basket"));
  const seeds = info.seeds.map((n, i) => el("span", { title: `${n} ${CROPS[i]} seed${n === 1 ? "" : "s"}: ${joined((content.crops?.[CROPS[i]] || {}).words)}`, "data-seeds": CROPS[i],
    ...helpable(`${CROPS[i]} (${n} seed${n === 1 ? "" : "s"} held)`, (content.crops?.[CROPS[i]] || {}).words),
    style: `padding: 0 .25rem; border-radius: 4px; background: ${CROP_LIGHT[CROPS[i]]}; ${n ? "" : "opacity: .45;"}` }, `${CROP_CODE[CROPS[i]]} ${n}`));
  const cards = new Map();
  for (const n of info.festival_cards || []) cards.set(n, (cards.get(n) || 0) + 1);
  const fresh = new Set(info.bought_this_turn || []);
  const cardChips = [...cards].map(([n, k]) => {
    const acts = L ? L.novelty.get(n) : null;
    const c = (content.festival_cards || {})[n] || {};
    const key = `novelty:${n}`;
    const mine = L && c.kind !== "pie" ? `use ${n}` : null;
    return el("span", { "data-novelty": acts ? n : null, "data-held": n, title: `${n}: ${(c.words || []).join(" ")}` + (fresh.has(n) ? " (bought this turn)" : ""),
      style: `font-size: 11px; padding: 0 .3rem; border-radius: 4px; background: ${c.kind === "pie" ? "#fde2c8" : "#e4f0e0"}; ${L ? litStyle(key, acts) : ""}`, ...(L ? pointedAttr(key) : {}),
      ...(acts ? clickable(() => pick(acts, n), `use ${n}`) : helpable(n, c.words, mine)) }, `${k > 1 ? k + "× " : ""}${n}${fresh.has(n) ? " (new)" : ""}`);
  });
  const ch = info.character && (content.characters || {})[info.character];
  const fh = info.farmhouse && (content.farmhouses || {})[info.farmhouse];
  return box(`padding: .35rem; border-radius: 8px; background: #fffdf7; border: 2px solid ${toAct ? "var(--hi, #f3c94d)" : "var(--line)"}; max-width: 100%;`,
    { "data-seat": s },
    box("display: flex; gap: .4rem; align-items: baseline; flex-wrap: wrap;", {},
      el("b", { style: `color: ${seatColour(s)};` }, shortName(view, s)),
      el("span", { style: "font-weight: 700;", title: "points on the score track" }, `★ ${info.score}`),
      el("span", { class: "muted" }, `#${info.sunrise_tile}`)),
    box("display: flex; gap: .5rem; align-items: flex-start; flex-wrap: wrap;", {}, g,
      box("display: flex; flex-direction: column; gap: 3px; font-size: 12px; max-width: 175px;", {},
        box("display: flex; gap: .5rem; flex-wrap: wrap;", {},
          el("span", { title: "coins", style: "font-weight: 700; color: #8a6d0b;" }, `$${info.coins}`),
          el("span", { title: "water / bucket size", style: "color: #2b62a8; font-weight: 600;" }, `water ${info.water}/${info.capacity}`),
          el("span", { title: "fertilizer", style: "color: #6b4a1f; font-weight: 600;" }, `fert ${info.fertilizer}`)),
        box("display: flex; gap: 3px; flex-wrap: wrap;", {}, ...seeds),
        box("display: flex; gap: 2px; flex-wrap: wrap; align-items: center;", { title: "pieces still to place" }, ...(pieces.length ? pieces : [el("span", { class: "muted" }, "all pieces placed")])),
        el("div", { title: ch ? ch.words : "", "data-character": info.character || "", ...(ch ? helpable(info.character, ch.words) : {}) },
          el("b", {}, info.character || "character ?"), ch ? hint() : null),
        el("div", { title: fh ? (fh.words || []).join(" ") : "", "data-farmhouse": info.farmhouse || "", ...(fh ? helpable(info.farmhouse, fh.words) : {}) },
          info.farmhouse || "farmhouse ?", fh ? hint() : null),
        obs.fall_festival ? box("display: flex; gap: 3px; flex-wrap: wrap;", {}, ...(cardChips.length ? cardChips : [el("span", { class: "muted" }, "no festival cards")])) : null)));
}

// What a farm cell holds, in words (its title and its help box).
function cellHelp(what, content) {
  if (what === "empty") return "empty: plant a seed here (Fields), or build over a free 2×2 block (Workshop)";
  if (what === "building") return "under a building";
  if (what === "forest") return "forest: clear it at the Workshop (then roll the forest die); nothing can be planted or built here until then";
  const [crop, side] = what.split(" ");
  const state = side === "crop" ? "ripe (crop side up): the next harvest picks it" : "seed side up: tend it to make it ripe";
  return `${crop}, ${state}. ${joined((content.crops?.[crop] || {}).words)}`;
}

// The move a tap on one of the viewer's own cells means (for "why can't I?").
function cellMeant(key, what, info) {
  if (sel) return `build ${sel.building} ${key}`;
  if (what === "forest") return `clear ${key}`;
  const [crop, side] = what.split(" ");
  if (side === "crop") return "harvest";
  if (side === "seed") return `tend ${crop} ${key}`;
  const held = CROPS.find((_, i) => (info.seeds || [])[i] > 0) || "wheat";
  return `plant ${held} ${key}`;
}

// A "?" mark: the element's title holds the words (hover, or a tap shows them above the board).
function hint() {
  return el("span", { style: "display: inline-block; margin-left: .25rem; width: 14px; height: 14px; line-height: 14px; text-align: center;"
    + " border-radius: 50%; background: #e9e3d3; font-size: 10px; color: var(--muted);" }, "?");
}

// A small tree for a forest cell.
function tree(cx, cy) {
  return svg("g", { "pointer-events": "none" },
    svg("polygon", { points: `${cx},${cy - 13} ${cx - 10},${cy + 5} ${cx + 10},${cy + 5}`, fill: "#2f5e22" }),
    svg("rect", { x: cx - 2, y: cy + 5, width: 4, height: 6, fill: "#6b4a1f" }));
}

// ------------------------------------------------------------------ legend
let legendOpen = false;  // the legend's words stay open across redraws once opened

function legendPart(content) {
  const sw = (bg, text) => el("span", { style: "display: inline-flex; gap: .2rem; align-items: center;" },
    el("span", { style: `display: inline-block; width: 12px; height: 12px; border-radius: 3px; background: ${bg}; border: 1px solid #0003;` }), text);
  const legend = content.legend || {};
  const details = el("details", { open: legendOpen, ontoggle: ev => { legendOpen = ev.target.open; } },
    el("summary", { style: "cursor: pointer;" }, "What every symbol means"),
    el("ul", { style: "margin: .2rem 0; padding-left: 1.1rem;" }, ...Object.values(legend).map(t => el("li", {}, t))));
  return box("flex: 1 1 140px; max-width: 420px; display: flex; flex-direction: column; gap: .25rem; padding: .3rem; border: 1px solid var(--line); border-radius: 8px; font-size: 11px;",
    { "data-legend": "" },
    box("display: flex; flex-wrap: wrap; gap: .2rem .5rem; align-items: center;", {}, el("b", {}, "Legend"),
      sw("#4f7f3a", "forest"), sw("#f1ead6", "empty cell"), sw("#d8c8ea", "building"),
      ...CROPS.map(c => el("span", { style: "display: inline-flex; gap: .3rem;" }, sw(CROP_LIGHT[c], `${CROP_CODE[c]} seed`), sw(CROP_STRONG[c], `${CROP_CODE[c]}★ ripe`))),
      el("span", {}, disc(0, "W", "a player's piece"), " W wheelbarrow, F Finn, M Maisie, B basket"),
      el("span", {}, disc(-1, "G", "Mayor Gairy"), " Mayor Gairy"),
      el("span", { style: `box-shadow: ${LIT}; padding: 0 .3rem; border-radius: 4px;` }, "lit"), "= you may click it",
      el("span", {}, "$ coins · water held/bucket · fert fertilizer · ★ points · #n sunrise tile")),
    details);
}
