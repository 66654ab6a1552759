// The bot ladder (/ladder): per game, each bot level's rating with its 95 % interval (a bar per
// row, every bar on one axis), the games it rests on, the pairs that met; the engine version
// and date of the fit and how it was made. No ladder published: says so and how to make one.
import { getJSON, el } from "./api.js";
import "./account.js";
import { svg } from "./drawing.js";
import { num, outerTicks, scroll } from "./ratings.js";

const $ = id => document.getElementById(id);
const BAR_W = 280, BAR_H = 20, PAD = 14;

function interval(p) {
  if (p.low !== null && p.high !== null) return p.low === p.high ? `${num(p.low, 0)} (fixed)` : `${num(p.low, 0)} to ${num(p.high, 0)}`;
  if (p.low !== null) return `at least ${num(p.low, 0)}`;
  return p.high !== null ? `at most ${num(p.high, 0)}` : "–";
}

// The shared axis: every rating and interval end on the page, from 0 (random) up.
function axisOf(data) {
  const values = [0];
  for (const lad of Object.values(data.games)) {
    for (const p of lad.participants) values.push(...[p.rating, p.low, p.high].filter(v => v !== null && v !== undefined));
  }
  const lo0 = Math.min(...values), hi0 = Math.max(...values);
  const marks = outerTicks(lo0, Math.max(hi0, lo0 + 100), 5);
  const lo = marks[0], hi = marks[marks.length - 1];
  return { lo, hi, marks, x: v => PAD + (v - lo) / (hi - lo) * (BAR_W - 2 * PAD) };
}

function axisHeader(axis) {
  return svg("svg", { class: "interval-axis", viewBox: `0 0 ${BAR_W} ${BAR_H}`, width: BAR_W, height: BAR_H, "aria-hidden": "true" },
    svg("line", { x1: PAD, x2: BAR_W - PAD, y1: BAR_H - 2, y2: BAR_H - 2, class: "axis" }),
    ...axis.marks.flatMap(m => [svg("line", { x1: axis.x(m), x2: axis.x(m), y1: BAR_H - 6, y2: BAR_H - 2, class: "axis" }),
      svg("text", { x: axis.x(m), y: BAR_H - 8, "text-anchor": "middle", class: "tick" }, num(m, 0))]));
}

function bar(p, axis) {
  const low = p.low === null ? axis.lo : p.low, high = p.high === null ? axis.hi : p.high;
  return svg("svg", { class: "interval", viewBox: `0 0 ${BAR_W} ${BAR_H}`, width: BAR_W, height: BAR_H, role: "img",
    "aria-label": `rating ${num(p.rating, 0)}, 95 % interval ${interval(p)}` },
  ...axis.marks.map(m => svg("line", { x1: axis.x(m), x2: axis.x(m), y1: 0, y2: BAR_H, class: m === 0 ? "zero" : "grid" })),
  svg("line", { x1: axis.x(low), x2: axis.x(high), y1: BAR_H / 2, y2: BAR_H / 2, class: "span" }),
  svg("line", { x1: axis.x(low), x2: axis.x(low), y1: BAR_H / 2 - 5, y2: BAR_H / 2 + 5, class: "span" }),
  svg("line", { x1: axis.x(high), x2: axis.x(high), y1: BAR_H / 2 - 5, y2: BAR_H / 2 + 5, class: "span" }),
  svg("circle", { cx: axis.x(p.rating), cy: BAR_H / 2, r: 4.5, class: "dot" },
    svg("title", {}, `${p.name}: ${num(p.rating, 0)} (95 % interval ${interval(p)})`)));
}

function levelCell(p) {
  const also = p.names.filter(n => n !== p.name);
  const notes = [];
  if (!p.levels.length) notes.push(p.name === "random" ? "reference: 0 by definition" : "reference bot");
  if (also.length) notes.push(`also ${also.join(", ")}`);
  return el("td", {}, el("b", {}, p.name), notes.length ? el("span", { class: "muted" }, ` (${notes.join("; ")})`) : null,
    el("div", { class: "muted spec" }, p.spec));
}

function gameSection(name, lad, axis) {
  const players = (lad.players || []).join(", ") || "–";
  const rows = lad.participants.map(p => el("tr", { "data-level": p.name },
    levelCell(p), el("td", { class: "num rating" }, num(p.rating, 0)), el("td", { class: "num" }, interval(p)),
    el("td", { class: "bar" }, bar(p, axis)), el("td", { class: "num" }, String(p.games))));
  const section = el("section", { class: "panel", "data-game": name },
    el("h2", {}, lad.title || name),
    el("p", { class: "muted" }, `${lad.games} games at ${players} players (rules version ${lad.rules_version}). `,
      el("a", { href: `/learn/${name}` }, "How to play"), " · ", el("a", { href: `/leaderboard/${name}` }, "Leaderboards")),
    lad.participants.length
      ? scroll(el("table", { class: "list ladder" },
        el("thead", {}, el("tr", {}, el("th", {}, "Level"), el("th", { class: "num" }, "Rating"),
          el("th", { class: "num" }, "95 % interval"), el("th", { class: "bar" }, axisHeader(axis)), el("th", { class: "num" }, "Games"))),
        el("tbody", {}, ...rows)))
      : el("p", { class: "muted empty" }, "No games of this one yet."));
  if (lad.pairs && lad.pairs.length) {
    section.append(el("details", {}, el("summary", {}, "Head to head"),
      scroll(el("table", { class: "list ratings" },
        el("thead", {}, el("tr", {}, el("th", {}, "Pair"), el("th", { class: "num" }, "Games"),
          el("th", { class: "num" }, "Wins / draws / wins"), el("th", { class: "num" }, "Gap (95 % interval)"))),
        el("tbody", {}, ...lad.pairs.map(q => el("tr", {}, el("td", {}, `${q.a} against ${q.b}`),
          el("td", { class: "num" }, String(q.games)), el("td", { class: "num" }, `${q.a_wins} / ${q.draws} / ${q.b_wins}`),
          el("td", { class: "num" }, `${num(q.gap, 0)} (${interval({ low: q.gap_low, high: q.gap_high })})`))))))));
  }
  return section;
}

function method(data) {
  const m = data.method || {};
  const facts = [["Model", m.model], ["Ties", m.ties], ["Prior", m.prior], ["Scale", m.scale], ["Interval", m.interval]]
    .filter(([, v]) => v);
  return el("section", { class: "panel", id: "method" }, el("h2", {}, "How the ladder is made"),
    el("p", {}, "The bots play each other, and every level gets one rating from all of those games at once (a batch fit, not a running score). "
      + "The games are seat-rotated: each deal is played once with every bot in every seat, so no level gains from a lucky deal or a better seat. "
      + "Bots that search play the medium (greedy) bot only, since their games are slow."),
    el("p", {}, "The rating is on an Elo-like scale with the random bot at 0: at two players, a level 400 points above another wins about "
      + "10 games in 11. The 95 % interval comes from fitting again on games drawn at random from the same ones; a wide interval "
      + "means few games. The developers refit the ladder with ", el("code", {}, "make ladder"), " when a bot changes."),
    facts.length ? el("dl", { class: "glossary" }, ...facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])) : null);
}

async function start() {
  let data;
  try { data = await getJSON("/api/ladder"); }
  catch (e) { $("page").replaceChildren(el("h1", {}, "Bot ladder"), el("p", { class: "error" }, e.message)); return; }
  const games = Object.entries(data.games || {});
  const out = [el("h1", {}, "Bot ladder"),
    el("p", { class: "lead" }, "How strong each bot level is, on one scale per game: the rating a level would have if it played the others many times.")];
  if (!games.length) {
    const why = data.message || "no bot ladder has been published";
    out.push(el("section", { class: "panel", id: "no-ladder" }, el("h2", {}, "No bot ladder to show yet"),
      el("p", { class: "muted" }, why.charAt(0).toUpperCase() + why.slice(1) + ".")));
  } else {
    out.push(el("p", { class: "muted", id: "fit" }, `Fitted on ${data.date || "an unknown date"} with engine version ${data.engine_version || "unknown"}, `
      + `over ${data.games_total} games.`));
    const axis = axisOf(data);
    out.push(...games.map(([name, lad]) => gameSection(name, lad, axis)));
  }
  out.push(method(data));
  $("page").replaceChildren(...out);
}

start();
