// The lobby: create a game (seats: you, invited humans, open seats, bots), list games to
// resume, join, watch or replay.
import { getJSON, postJSON, tokensFor, saveToken, el } from "./api.js";

const PEOPLE = [
  ["you", "You"], ["invite", "Invite a friend (link)"], ["hotseat", "Hot-seat (this screen)"], ["open", "Open seat (anyone joins)"],
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

// Seat kinds: people, then the game's bot levels as the server's catalogue names them (each
// with what to expect of it, in the option's title).
function seatKinds() {
  const levels = gameInfo().levels.map(lv => [`bot:${lv.name}`, `Bot: ${lv.name}`, lv.blurb]);
  return [...PEOPLE, ...levels];
}

function drawSeats() {
  const n = Number(document.getElementById("players").value);
  const box = document.getElementById("seat-kinds");
  box.replaceChildren();
  const kinds = seatKinds();
  const fallback = `bot:${catalogue.default_level}`;
  for (let s = 0; s < n; s++) {
    const choice = s === 0 ? "you" : fallback;
    const select = el("select", { name: "seat" + s, "data-seat": s },
      ...kinds.filter(([k]) => s === 0 || k !== "you").map(([k, label, blurb]) =>
        el("option", { value: k, selected: k === choice || null, title: blurb || null }, label)));
    const name = el("input", { name: "name" + s, "data-name": s, maxlength: 24, placeholder: "name (optional)", size: 14 });
    // What the chosen bot level plays like, beside the seat (a title alone shows only on hover).
    const help = el("span", { class: "muted option-help", "data-level-help": s });
    const explain = () => { help.textContent = (kinds.find(([k]) => k === select.value) || [])[2] || ""; };
    select.addEventListener("change", explain);
    explain();
    box.append(el("div", {}, el("label", {}, `Seat ${s + 1}: `, select), " ", name, " ", help));
  }
  drawOptions(n);
}

// Every option the game offers a lobby, each with its meaning; an option that applies to other
// player counts only (a solo setup) is left out.
function drawOptions(n) {
  const info = gameInfo();
  const opts = document.getElementById("game-options");
  opts.replaceChildren(el("p", { class: "muted" }, info.description || "", " ",
    el("a", { href: `/learn/${info.name}`, "data-learn": info.name }, `How to play ${info.title}`)));
  for (const [name, spec] of Object.entries(info.options)) {
    if (!spec.lobby || (spec.players && !spec.players.includes(n))) continue;
    const words = name.replaceAll("_", " ");
    const help = el("span", { class: "muted option-help" }, spec.help || "");
    let input;
    if (spec.lobby === "bool") {
      input = el("label", {}, el("input", { type: "checkbox", name: "opt:" + name, "data-option": name, checked: spec.default || null }), " " + words);
    } else if (spec.lobby === "choice") {
      input = el("label", {}, words + " ", el("select", { name: "opt:" + name, "data-option": name, "data-kind": "choice" },
        ...spec.labels.map(([v, text]) => el("option", { value: JSON.stringify(v), selected: v === spec.default || null }, text))));
    } else if (spec.lobby === "seat") {
      input = el("label", {}, words + " ", el("select", { name: "opt:" + name, "data-option": name, "data-kind": "seat" },
        el("option", { value: "null" }, "drawn at random"),
        ...[...Array(n).keys()].map(s => el("option", { value: String(s) }, `seat ${s + 1}`))));
    } else if (spec.lobby === "seats") {
      input = el("span", {}, words + ": ", ...[...Array(n).keys()].map(s => el("label", {},
        el("input", { type: "checkbox", name: `opt:${name}:${s}`, "data-option": name, "data-kind": "seats", "data-seat": s }), ` seat ${s + 1} `)));
    } else continue;
    opts.append(el("div", { class: "option" }, input, " ", help));
  }
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "seats") { options[name] = options[name] || []; if (input.checked) options[name].push(Number(input.dataset.seat)); }
    else if (input.type === "checkbox") options[name] = input.checked;
    else options[name] = JSON.parse(input.value);
  }
  return options;
}

async function createGame(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const form = ev.target;
  const n = Number(form.players.value);
  const kinds = [...Array(n).keys()].map(s => form["seat" + s].value);
  const seats = kinds.map(k => (k === "you" || k === "invite" || k === "hotseat") ? "human" : k);
  const options = readOptions(form);
  const names = [...Array(n).keys()].map(s => form["name" + s].value.trim() || null);
  try {
    const body = { game: form.game.value, players: n, seats, options, names, listed: !form.unlisted.checked };
    if (form.rated.checked) body.rated = true;
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
        ...invites.map(s => el("p", {}, `Seat ${s + 1}: `, el("input", { readonly: true, value: location.origin + made.links[s], "data-invite": s }))),
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

// Game ids this browser holds seats in (its invite-only games are listed for it too).
function heldGames() {
  return Object.keys(localStorage).filter(k => k.startsWith("acreage:tokens:")).map(k => k.slice(15)).slice(-50);
}

async function refresh() {
  const held = heldGames();
  const { games } = await getJSON("/api/games" + (held.length ? "?mine=" + encodeURIComponent(held.join(",")) : ""));
  const body = document.querySelector("#games tbody");
  body.replaceChildren(...games.map(g => {
    const mine = tokensFor(g.id);
    const who = (k, s) => (g.names && g.names[s]) ? `${g.names[s]}${k.startsWith("bot:") ? " (" + k.slice(4) + ")" : ""}` : k;
    const seats = g.seats.map((k, s) => `${s + 1}: ${who(k, s)}${mine[s] ? " (you)" : ""}${g.to_act === s && g.status === "playing" ? " ◀" : ""}`).join(" · ");
    const buttons = [];
    const myTurn = g.status === "playing" && mine[g.to_act];
    for (const s of Object.keys(mine)) { buttons.push(el("a", { href: `/play/${g.id}#token=${mine[s]}` }, myTurn && Number(s) === g.to_act ? "Your turn!" : "Resume")); break; }
    g.seats.forEach((k, s) => { if (k === "open") buttons.push(el("button", { onclick: () => join(g.id, s) }, `Join seat ${s + 1}`)); });
    buttons.push(el("a", { href: `/play/${g.id}` }, "Watch"));
    if (g.status === "over") buttons.push(el("a", { href: `/replay/${g.id}` }, "Replay"));
    return el("tr", { "data-game": g.id }, el("td", {}, g.title), el("td", {}, seats),
      el("td", {}, g.status === "playing" ? `playing (seat ${g.to_act + 1} to act)` : g.status, g.listed ? "" : " · invite only"), el("td", {}, String(g.moves)),
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
