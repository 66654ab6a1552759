// A profile's page (/profile/<id>): its name and since when, its ratings per game and player
// count, a plot of its rating history (the ordinal after each rated game, one line per game and
// player count, drawn as SVG), its games and its record against each bot level.
import { getJSON, el, tokensFor } from "./api.js";
import { signedIn } from "./account.js";
import { svg } from "./drawing.js";
import { titles, groupWords, num, estimate, dateWords, ticks, outerTicks, scroll } from "./ratings.js";

const profileId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = id => document.getElementById(id);
const COLOURS = ["#2f6db5", "#c0392b", "#3f7d3a", "#8e44ad", "#d68910", "#16a085"];

function ratingsTable(ratings, names) {
  if (!ratings.length) return el("p", { class: "muted empty" }, "No rated games yet.");
  return scroll(el("table", { class: "list ratings" },
    el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Players"),
      el("th", { class: "num", title: "mu − 3σ: a skill the player very probably has" }, "Ordinal"),
      el("th", { class: "num" }, "mu ± σ"), el("th", { class: "num" }, "Games"), el("th", {}))),
    el("tbody", {}, ...ratings.map(r => el("tr", { "data-rating": `${r.game}:${r.group}` },
      el("td", {}, names[r.game] || r.game), el("td", {}, groupWords(r.group)),
      el("td", { class: "num" }, num(r.ordinal)), el("td", { class: "num" }, estimate(r.mu, r.sigma)),
      el("td", { class: "num" }, String(r.games)),
      el("td", {}, el("a", { href: `/leaderboard/${r.game}` }, "leaderboard")))))));
}

// The rating history: x is the player's rated games in order (1, 2, …), y the ordinal after
// each; one line per game and player count; every point has a <title> (shown on hover) with
// the game's id and the value. A dashed line marks 0, where everyone starts.
function historyPlot(history, names) {
  if (!history.length) return el("p", { class: "muted empty" }, "The plot starts with the first rated game.");
  const W = 720, H = 260, left = 52, right = 16, top = 14, bottom = 40;
  const n = history.length;
  const values = history.map(h => h.ordinal);
  const yTicks = outerTicks(Math.min(0, ...values), Math.max(1, ...values), 5);
  const lo = yTicks[0], hi = yTicks[yTicks.length - 1];
  const digits = yTicks.length > 1 ? Math.max(0, -Math.floor(Math.log10(yTicks[1] - yTicks[0]) + 1e-9)) : 1;
  const x0 = 0.5, x1 = n + 0.5;
  const X = i => left + (i - x0) / (x1 - x0) * (W - left - right);
  const Y = v => top + (hi - v) / (hi - lo) * (H - top - bottom);
  const xTicks = n <= 10 ? [...Array(n).keys()].map(i => i + 1) : ticks(1, n, 8).filter(t => Number.isInteger(t) && t >= 1);
  const plot = svg("svg", { class: "history", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": "Rating history: the ordinal after each rated game" });
  for (const t of yTicks) {
    plot.append(svg("line", { x1: left, x2: W - right, y1: Y(t), y2: Y(t), class: t === 0 ? "zero" : "grid" }),
      svg("text", { x: left - 6, y: Y(t) + 4, "text-anchor": "end", class: "tick" }, num(t, digits)));
  }
  for (const t of xTicks) {
    plot.append(svg("line", { x1: X(t), x2: X(t), y1: H - bottom, y2: H - bottom + 4, class: "axis" }),
      svg("text", { x: X(t), y: H - bottom + 17, "text-anchor": "middle", class: "tick" }, String(t)));
  }
  plot.append(svg("line", { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: "axis" }),
    svg("line", { x1: left, x2: left, y1: top, y2: H - bottom, class: "axis" }),
    svg("text", { x: (left + W - right) / 2, y: H - 4, "text-anchor": "middle", class: "label" }, "rated games, oldest first"),
    svg("text", { x: 12, y: (top + H - bottom) / 2, "text-anchor": "middle", class: "label",
      transform: `rotate(-90 12 ${(top + H - bottom) / 2})` }, "ordinal (mu − 3σ)"));
  const series = new Map();
  history.forEach((h, i) => {
    const key = `${h.game}:${h.group}`;
    if (!series.has(key)) series.set(key, { game: h.game, group: h.group, points: [] });
    series.get(key).points.push({ ...h, x: i + 1 });
  });
  const legend = [];
  [...series.values()].forEach((s, k) => {
    const colour = COLOURS[k % COLOURS.length];
    const words = `${names[s.game] || s.game}, ${groupWords(s.group)}`;
    const line = s.points.map(p => `${X(p.x).toFixed(1)},${Y(p.ordinal).toFixed(1)}`).join(" ");
    const group = svg("g", { "data-series": `${s.game}:${s.group}` },
      svg("polyline", { points: line, fill: "none", stroke: colour, "stroke-width": 2 }),
      ...s.points.map(p => svg("circle", { cx: X(p.x), cy: Y(p.ordinal), r: 4, fill: colour, "data-game-id": p.game_id, tabindex: 0 },
        svg("title", {}, `${words} · game ${p.game_id} · ordinal ${num(p.ordinal, 2)} (mu ${num(p.mu, 2)} ± ${num(p.sigma, 2)}) · ${dateWords(p.at)}`))));
    plot.append(group);
    legend.push(el("span", {}, el("span", { class: "swatch", style: `background:${colour}` }), words));
  });
  return el("figure", { class: "history-figure" }, plot, el("figcaption", { class: "legend" }, ...legend,
    el("span", {}, el("span", { class: "swatch zero" }), "0: where everyone starts"),
    el("span", {}, "Point at a dot for its game and value.")));
}

// Each game's status, where the lobby knows it (a finished game opens as a replay).
async function statuses(ids) {
  if (!ids.length) return {};
  try {
    const { games } = await getJSON(`/api/games?limit=100&mine=${encodeURIComponent(ids.slice(0, 50).join(","))}`);
    return Object.fromEntries(games.map(g => [g.id, g.status]));
  } catch { return {}; }
}

function gamesTable(games, names, status, rated) {
  if (!games.length) return el("p", { class: "muted empty" }, "No games yet.");
  return scroll(el("table", { class: "list" },
    el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Started"), el("th", {}, "Seat"), el("th", {}, "Rated"), el("th", {}))),
    el("tbody", {}, ...games.map(g => {
      const over = status[g.id] === "over" || rated.has(g.id);
      const mine = Object.keys(tokensFor(g.id)).length > 0;
      const link = over ? el("a", { href: `/replay/${g.id}` }, "Replay")
        : el("a", { href: `/play/${g.id}` }, mine ? "Play" : status[g.id] ? "Watch" : "Open");
      return el("tr", { "data-game": g.id }, el("td", {}, names[g.game] || g.game, el("span", { class: "muted" }, ` · ${g.id}`)),
        el("td", {}, dateWords(g.created)), el("td", {}, `Seat ${g.seat + 1}`), el("td", {}, g.rated ? "rated" : "–"),
        el("td", {}, link));
    }))));
}

function botsTable(lines, names) {
  if (!lines.length) return el("p", { class: "muted empty" }, "No finished games against bots yet.");
  return scroll(el("table", { class: "list ratings" },
    el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Bot"),
      el("th", { class: "num", title: "a better place than the bot's is a win, the same place a draw" }, "Wins / losses / draws"),
      el("th", { class: "num" }, "Win rate"))),
    el("tbody", {}, ...lines.map(b => el("tr", { "data-bot": `${b.game}:${b.bot}` },
      el("td", {}, names[b.game] || b.game), el("td", {}, `bot: ${b.bot}`),
      el("td", { class: "num" }, `${b.wins} / ${b.losses} / ${b.draws}`),
      el("td", { class: "num" }, `${num(100 * b.win_rate, 0)} %`))))));
}

async function start() {
  let page;
  try { page = await getJSON(`/api/profiles/${encodeURIComponent(profileId)}`); }
  catch (e) { $("page").replaceChildren(el("p", { class: "error" }, e.message)); return; }
  const [names, me] = await Promise.all([titles(), signedIn()]);
  const rated = new Set(page.history.map(h => h.game_id));
  const status = await statuses(page.games.map(g => g.id));
  const name = page.profile.name;
  document.title = `${name} · Acreage`;
  $("where").textContent = "profile";
  const own = me && me.id === page.profile.id;
  $("page").replaceChildren(
    el("h1", {}, name),
    el("p", { class: "muted" }, `Playing since ${dateWords(page.profile.created)}.`,
      own ? [" This is your profile. ", el("a", { href: "/notices" }, "Turn notices")] : null),
    el("section", { class: "panel", id: "ratings" }, el("h2", {}, "Ratings"), ratingsTable(page.ratings, names)),
    el("section", { class: "panel", id: "history" }, el("h2", {}, "Rating history"), historyPlot(page.history, names)),
    el("section", { class: "panel", id: "games" }, el("h2", {}, "Games"), gamesTable(page.games, names, status, rated)),
    el("section", { class: "panel", id: "bots" }, el("h2", {}, "Against the bots"),
      el("p", { class: "muted" }, "Every finished game counts, rated or not: a better place than the bot's is a win, the same place a draw."),
      botsTable(page.vs_bots, names)));
}

start();
