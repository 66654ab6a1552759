// A game's leaderboards (/leaderboard/<game>): one table per player-count group, best first by
// the ordinal (mu − 3σ, a skill the player very probably has), people linked to their profile
// page and bots named by level. A row per rated player; nobody rated yet says so.
import { getJSON, el } from "./api.js";
import { signedIn } from "./account.js";
import { GROUPS, games, num, estimate, scroll } from "./ratings.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = id => document.getElementById(id);

function who(line, me) {
  if (line.kind === "bot") return el("span", { class: "bot-name" }, `bot: ${line.bot}`);
  const link = el("a", { href: `/profile/${line.profile}` }, line.name || "(a profile)");
  return me && me.id === line.profile ? [link, el("span", { class: "muted" }, " (you)")] : link;
}

function board(title, players, me, words) {
  if (!players.length) {
    return el("p", { class: "muted empty", "data-empty": "" },
      `Nobody is rated in ${title} at ${words} yet. A game counts once it is created as rated in the lobby `
      + "and every person's seat is signed in to a profile; bots count as players.");
  }
  return scroll(el("table", { class: "list ratings" },
    el("thead", {}, el("tr", {}, el("th", { class: "num rank" }, "Rank"), el("th", {}, "Player"),
      el("th", { class: "num", title: "mu − 3σ: a skill the player very probably has" }, "Ordinal"),
      el("th", { class: "num", title: "the estimated skill and its uncertainty" }, "mu ± σ"),
      el("th", { class: "num" }, "Games"))),
    el("tbody", {}, ...players.map(line => el("tr", { "data-player": line.player, class: me && me.id === line.profile ? "me" : null },
      el("td", { class: "num" }, String(line.rank)), el("td", {}, who(line, me)),
      el("td", { class: "num", "data-ordinal": line.ordinal }, num(line.ordinal)),
      el("td", { class: "num" }, estimate(line.mu, line.sigma)), el("td", { class: "num" }, String(line.games)))))));
}

async function start() {
  const [all, me] = await Promise.all([games(), signedIn()]);
  const info = all.find(g => g.name === game);
  if (!info) { $("page").replaceChildren(el("p", { class: "error" }, `There is no game ${game}.`)); return; }
  document.title = `${info.title} leaderboards · Acreage`;
  $("where").textContent = "leaderboards";
  const picker = el("nav", { class: "tabs", "aria-label": "Game" }, ...all.map(g =>
    el("a", { href: `/leaderboard/${g.name}`, class: g.name === game ? "current" : null, "aria-current": g.name === game ? "page" : null }, g.title)));
  const out = [el("h1", {}, `${info.title}: leaderboards`), picker,
    el("p", { class: "muted" }, "Ratings are kept per game and per player count. The order is by the ordinal, mu − 3σ: "
      + "it rises as a player wins and as their games make the estimate surer. Everyone starts at mu 25 ± 8.3, an ordinal of 0. ",
    el("a", { href: "/ladder" }, "How strong is each bot level?"))];
  for (const [group, heading] of GROUPS) {
    const counts = group === "2" ? [2] : [3, 4];
    const section = el("section", { class: "panel", "data-group": group }, el("h2", {}, heading));
    if (!counts.some(n => info.players.includes(n))) {
      section.append(el("p", { class: "muted" }, `${info.title} is not played at ${heading.toLowerCase()}.`));
    } else {
      try {
        const answer = await getJSON(`/api/leaderboard/${game}?group=${encodeURIComponent(group)}&limit=100`);
        section.append(board(info.title, answer.players, me, heading.toLowerCase()));
      } catch (e) { section.append(el("p", { class: "error" }, e.message)); }
    }
    out.push(section);
  }
  $("page").replaceChildren(...out);
}

start();
