// What the rating pages (leaderboards, a profile, the bot ladder) share: the games' titles,
// the player-count groups in words, numbers and dates as text.
import { getJSON, el } from "./api.js";

// Ratings are kept apart by player count: a duel and a four-way race are different contests.
export const GROUPS = [["2", "Two players"], ["3-4", "Three or four players"]];

export function groupWords(group) {
  return group === "2" ? "2 players" : group === "3-4" ? "3–4 players" : `${group} players`;
}

// The catalogue's games: [{name, title, players, …}], asked once per page.
let catalogue = null;
export function games() {
  if (!catalogue) catalogue = getJSON("/api/catalogue").then(c => c.games).catch(() => []);
  return catalogue;
}

export async function titles() {
  return Object.fromEntries((await games()).map(g => [g.name, g.title]));
}

// A number with `digits` decimals (a minus sign that reads as one); "–" for none.
export function num(x, digits = 1) {
  if (x === null || x === undefined || Number.isNaN(x)) return "–";
  const text = Number(x).toFixed(digits);
  return (/^-0\.?0*$/.test(text) ? text.slice(1) : text).replace("-", "−");
}

// mu ± sigma, as people write an estimate and its uncertainty.
export function estimate(mu, sigma) { return `${num(mu)} ± ${num(sigma)}`; }

// A date (seconds since 1970, as the API gives it) in words: "7 December 2026".
export function dateWords(seconds) {
  return new Date(seconds * 1000).toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric" });
}

// Round tick values covering [lo, hi]: about `count` of them, at 1, 2 or 5 times a power of 10.
export function ticks(lo, hi, count = 5) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map(m => m * power).find(s => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

// Round ticks from a tick at or below `lo` to one at or above `hi` (an axis that ends on a label).
export function outerTicks(lo, hi, count = 5) {
  const inner = ticks(lo, hi, count);
  if (inner.length < 2) return [Math.floor(lo), Math.ceil(hi) > Math.floor(lo) ? Math.ceil(hi) : Math.floor(lo) + 1];
  const step = inner[1] - inner[0];
  const out = [];
  for (let v = Math.floor(lo / step + 1e-9) * step; v <= Math.ceil(hi / step - 1e-9) * step + step * 1e-9; v += step) {
    out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return out;
}

// A table that scrolls sideways on a narrow screen instead of breaking its words.
export function scroll(table) { return el("div", { class: "scroll" }, table); }
