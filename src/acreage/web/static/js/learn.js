// "How to play": a game's guide in words, its figures drawn by the game's own board from real
// positions (update messages the server built), the rulings with their reasons, a glossary of
// every symbol and a reference of every card, tile, space and character. /learn lists the games.
import { getJSON, postJSON, saveToken, el } from "./api.js";
import { boardFor } from "./boards.js";

const game = location.pathname.split("/")[2] || "";
const $ = id => document.getElementById(id);

async function index() {
  const { games } = await getJSON("/api/learn");
  $("where").textContent = "how to play";
  $("guide").replaceChildren(el("h1", {}, "How to play"),
    ...games.map(g => el("section", { class: "panel", "data-game": g.game },
      el("h2", {}, el("a", { href: `/learn/${g.game}` }, g.game_title)), el("p", {}, g.summary),
      g.tutorial ? el("button", { class: "primary", onclick: () => startTutorial(g.game) }, "Start the tutorial") : null)));
}

export async function startTutorial(name) {
  const made = await postJSON(`/api/tutorials/${name}`, {});
  const seat = Object.keys(made.tokens)[0];
  saveToken(made.id, seat, made.tokens[seat]);
  location.href = made.links[seat];
}

// A paragraph of the guide: plain text, with **bold** for the words a newcomer must remember
// (the text is the project's own; it is shown as text nodes, never parsed as markup).
function paragraph(text) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return el("p", {}, ...parts.map((p, k) => k % 2 ? el("b", {}, p) : p));
}

function figure(board, content, fig) {
  const box = el("div", { class: "board figure-board" });
  const holder = el("figure", { class: "figure" }, box, el("figcaption", {}, fig.caption));
  const view = fig.view;
  const labels = view.seats.map((s, k) => s.name || `Seat ${k + 1}`);
  board.draw(box, view, { content, act: () => {}, undo: null, recent: [], labels });
  // a figure is a picture: freeze what was drawn (the board keeps one live drawing at a time)
  box.replaceChildren(...[...box.childNodes].map(n => n.cloneNode(true)));
  return holder;
}

async function guide() {
  let page;
  try { page = await getJSON(`/api/learn/${game}`); } catch (e) { $("guide").replaceChildren(el("p", { class: "error" }, e.message)); return; }
  document.title = `${page.title} · Acreage`;
  $("where").textContent = page.game_title;
  const board = await boardFor(page.board);
  let content = {};
  try { content = await getJSON(`/api/content/${page.game}`); } catch { content = {}; }
  const out = [el("h1", {}, page.title), el("p", { class: "lead" }, page.summary)];
  if (page.tutorial) {
    out.push(el("section", { class: "panel tutorial-offer" }, el("h3", {}, page.tutorial.title),
      el("p", {}, page.tutorial.intro),
      el("button", { class: "primary", id: "start-tutorial", onclick: () => startTutorial(page.game) },
        `Start the tutorial (${page.tutorial.steps} guided moves)`)));
  }
  out.push(el("nav", { class: "panel toc" }, el("b", {}, "Contents: "),
    ...page.sections.map(s => el("a", { href: `#${s.id}` }, s.title)),
    el("a", { href: "#rulings" }, "Rulings"), el("a", { href: "#glossary" }, "Symbols and terms"),
    el("a", { href: "#reference" }, "Every piece")));
  for (const s of page.sections) {
    const sec = el("section", { class: "panel", id: s.id }, el("h2", {}, s.title), ...s.paragraphs.map(paragraph),
      s.rules.length ? el("p", { class: "muted rule-ids" }, "Rules: " + s.rules.join(", ")) : null);
    if (s.figure) sec.append(figure(board, content, s.figure));
    out.push(sec);
  }
  out.push(el("section", { class: "panel", id: "rulings" }, el("h2", {}, "Rulings"),
    el("p", { class: "muted" }, "Where the rulebook leaves a question open, Acreage decided it once; each answer with its reason."),
    ...page.rulings.map(r => el("div", { class: "ruling" }, el("h4", {}, r.question),
      el("p", {}, r.answer), el("p", { class: "muted" }, el("b", {}, "Why: "), r.reason, ` (${r.rule})`)))));
  out.push(el("section", { class: "panel", id: "glossary" }, el("h2", {}, "Symbols and terms"),
    el("dl", { class: "glossary" }, ...page.glossary.flatMap(g => [el("dt", {}, g.term), el("dd", {}, g.meaning)]))));
  const groups = new Map();
  for (const r of page.reference) { if (!groups.has(r.group)) groups.set(r.group, []); groups.get(r.group).push(r); }
  out.push(el("section", { class: "panel", id: "reference" }, el("h2", {}, "Every piece"),
    ...[...groups].map(([g, items]) => el("div", {}, el("h3", {}, g),
      el("dl", { class: "glossary" }, ...items.flatMap(r => [el("dt", { "data-piece": r.name }, r.name), el("dd", {}, r.words)]))))));
  $("guide").replaceChildren(...out);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

if (game) guide(); else index();
