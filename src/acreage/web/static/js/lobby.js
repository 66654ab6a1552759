// The lobby: create a game (seats: you, invited humans, open seats, bots), list games to
// resume, join, watch or replay.
import { getJSON, postJSON, tokensFor, saveToken, el } from "./api.js";

const KINDS = [
  ["you", "You"], ["invite", "Invite a friend (link)"], ["hotseat", "Hot-seat (this screen)"], ["open", "Open seat (anyone joins)"],
  ["bot:greedy", "Bot: greedy"], ["bot:random", "Bot: random"], ["bot:mcts:ms=1000", "Bot: MCTS (1 s)"],
];
let catalogue = null;

function gameInfo() { return catalogue.games.find(g => g.name === document.getElementById("game").value); }

function drawPlayers() {
  const info = gameInfo();
  const sel = document.getElementById("players");
  const keep = Number(sel.value) || 2;
  sel.replaceChildren(...info.players.map(n => el("option", { value: n, selected: n === keep || null }, String(n))));
  drawSeats();
}

function drawSeats() {
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seat-kinds");
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const choice = s === 0 ? "you" : "bot:greedy";
    const select = el("select", { name: "seat" + s, "data-seat": s },
      ...KINDS.filter(([k]) => s === 0 || k !== "you").map(([k, label]) => el("option", { value: k, selected: k === choice || null }, label)));
    box.append(el("div", {}, el("label", {}, `Seat ${s}: `, select)));
  }
  const opts = document.getElementById("game-options");
  opts.replaceChildren();
  for (const [name, spec] of Object.entries(gameInfo().options)) {
    if (typeof spec.default === "boolean") {
      opts.append(el("div", {}, el("label", { title: spec.help || "" }, el("input", { type: "checkbox", name: "opt:" + name, checked: spec.default || null }), " " + name.replaceAll("_", " "))));
    }
  }
}

async function createGame(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const form = ev.target;
  const n = Number(form.players.value);
  const kinds = [...Array(n).keys()].map(s => form["seat" + s].value);
  const seats = kinds.map(k => (k === "you" || k === "invite" || k === "hotseat") ? "human" : k);
  const options = {};
  for (const input of form.querySelectorAll("input[type=checkbox]")) options[input.name.slice(4)] = input.checked;
  try {
    const body = { game: form.game.value, players: n, seats, options };
    if (form.clock.value) {
      const [bank, inc] = form.clock.value.split(",").map(Number);
      body.clock = { bank_s: bank, increment_s: inc };
    }
    const made = await postJSON("/api/games", body);
    const mine = kinds.map((k, s) => (k === "you" || k === "hotseat") ? s : null).filter(s => s !== null);
    for (const s of mine) saveToken(made.id, s, made.tokens[s]);
    if (mine.length > 1) localStorage.setItem("acreage:hotseat:" + made.id, "1");
    const invites = kinds.map((k, s) => k === "invite" ? s : null).filter(s => s !== null);
    const box = document.getElementById("invites");
    if (invites.length) {
      box.hidden = false;
      box.replaceChildren(el("h3", {}, "Invite links (send one to each friend)"),
        ...invites.map(s => el("p", {}, `Seat ${s}: `, el("input", { readonly: true, value: location.origin + made.links[s], "data-invite": s }))),
        mine.length ? el("p", {}, el("a", { href: made.links[mine[0]], id: "go" }, "Go to the game")) : el("p", {}, el("a", { href: made.watch }, "Watch the game")));
    } else if (mine.length) {
      location.href = made.links[mine[0]];
      return;
    } else {
      location.href = made.watch;
      return;
    }
    refresh();
  } catch (e) { err.textContent = e.message; }
}

async function join(id, seat) {
  const joined = await postJSON(`/api/games/${id}/join`, { seat });
  saveToken(id, seat, joined.token);
  location.href = joined.link;
}

async function refresh() {
  const { games } = await getJSON("/api/games");
  const body = document.querySelector("#games tbody");
  body.replaceChildren(...games.map(g => {
    const mine = tokensFor(g.id);
    const seats = g.seats.map((k, s) => `${s}: ${k}${mine[s] ? " (you)" : ""}${g.to_act === s && g.status === "playing" ? " ◀" : ""}`).join(" · ");
    const buttons = [];
    const myTurn = g.status === "playing" && mine[g.to_act];
    for (const s of Object.keys(mine)) { buttons.push(el("a", { href: `/play/${g.id}#token=${mine[s]}` }, myTurn && Number(s) === g.to_act ? "Your turn!" : "Resume")); break; }
    g.seats.forEach((k, s) => { if (k === "open") buttons.push(el("button", { onclick: () => join(g.id, s) }, `Join seat ${s}`)); });
    buttons.push(el("a", { href: `/play/${g.id}` }, "Watch"));
    if (g.status === "over") buttons.push(el("a", { href: `/replay/${g.id}` }, "Replay"));
    return el("tr", { "data-game": g.id }, el("td", {}, g.title), el("td", {}, seats),
      el("td", {}, g.status === "playing" ? `playing (seat ${g.to_act} to act)` : g.status), el("td", {}, String(g.moves)),
      el("td", {}, ...buttons.flatMap((b, i) => i ? [" · ", b] : [b])));
  }));
}

async function start() {
  catalogue = await getJSON("/api/catalogue");
  const game = document.getElementById("game");
  game.replaceChildren(...catalogue.games.map(g => el("option", { value: g.name }, g.title)));
  game.addEventListener("change", drawPlayers);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("new-game").addEventListener("submit", createGame);
  drawPlayers();
  refresh();
  setInterval(refresh, 4000);
}

start();
