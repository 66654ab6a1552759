// The game page: one WebSocket to the server, which is the only authority. The page never
// changes the game itself: it sends an action (with the seq it last saw and a message id) and
// draws the update the server pushes back. A dropped connection is re-opened; a message that
// was not acknowledged is sent again with the same id, and the server applies it once.
import { getJSON, postJSON, tokensFor, saveToken, seatLabel, el } from "./api.js";
import { boardFor } from "./boards.js";

const gameId = location.pathname.split("/").pop();
const hashToken = new URLSearchParams(location.hash.slice(1)).get("token");
let token = hashToken;
let view = null;
let board = null;
let content = {};
let ws = null;
let pending = null;        // {client_id, message} not yet acknowledged
let retry = 500;
let shownEvents = 0;
let allEvents = [];         // every event shown in the log, for "what the others just did"
const hotseat = localStorage.getItem("acreage:hotseat:" + gameId) === "1";
const $ = id => document.getElementById(id);

function clientId() { return (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)); }

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/api/games/${gameId}/ws`);
  ws.onopen = () => {
    // the first message says who this socket is (no token: a spectator)
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    $("conn").textContent = token ? "connected" : "watching"; retry = 500;
    if (pending) ws.send(JSON.stringify(pending.message));
  };
  ws.onmessage = ev => onMessage(JSON.parse(ev.data));
  ws.onclose = () => { $("conn").textContent = "reconnecting…"; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
}

function send(message) {
  message.client_id = clientId();
  message.seq = view.seq;
  pending = { client_id: message.client_id, message };
  $("action-error").textContent = "";
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

export function act(text) { $("why").hidden = true; send({ type: "action", action: text }); }

// "Why can't I?": a board asks when a player clicks something that cannot be played now; the
// engine's explanation (or the tutorial's reason) is shown, and nothing changes.
async function why(text) {
  try {
    const answer = await postJSON(`/api/games/${gameId}/why`, { action: text }, token);
    $("why").replaceChildren(el("b", {}, answer.legal ? "Note: " : "Why not: "), answer.why);
  } catch (e) { $("why").replaceChildren(el("b", {}, "Why not: "), e.message); }
  $("why").hidden = false;
}
function undo() { send({ type: "undo", count: 1 }); }

// The other seats' events since this seat's own last one: what a board marks as "just now".
function recentByOthers() {
  let k = allEvents.length;
  while (k > 0 && allEvents[k - 1].seat !== view.you) k--;
  return allEvents.slice(k).filter(e => e.seat !== null && e.seat !== undefined && e.seat !== view.you);
}

function onMessage(msg) {
  if (msg.type === "rematch") { offerRematch(); return; }
  if (msg.type === "ack") { if (pending && pending.client_id === msg.client_id) pending = null; return; }
  if (msg.type === "error") {
    if (pending && pending.client_id === msg.client_id) pending = null;
    $("action-error").textContent = msg.message;
    if (msg.error === "bad_token") { $("conn").textContent = "this link's seat is unknown"; }
    if (msg.error === "rate_limited") { $("action-error").textContent = `${msg.message}`; }
    return;
  }
  if (msg.type !== "update") return;
  // a whole log (a new seat's view, or after an undo took back lines already shown): afresh
  if (msg.events_from === 0 || (view && msg.you !== view.you)) { shownEvents = 0; allEvents = []; $("log").replaceChildren(); }
  view = msg;
  render();
}

function renderActions() {
  const box = $("actions");
  const legal = view.legal || [];
  $("controls").hidden = view.you === null || view.you === undefined || view.status === "over";
  const groups = new Map();
  // the game's presentation model groups and labels each action (no notation is parsed here)
  for (const a of legal) { const g = a.group || ""; if (!groups.has(g)) groups.set(g, []); groups.get(g).push(a); }
  box.replaceChildren(...[...groups].map(([g, acts]) => el("div", { class: "group" }, g ? el("b", {}, g) : null,
    ...acts.map(a => el("button", { "data-action": a.text, title: a.text, onclick: () => act(a.text) }, a.label || a.text)))));
  if (!legal.length) {
    const why = view.status === "waiting" ? "Waiting for every seat to be taken."
      : view.status === "over" ? "The game is over." : `Waiting for ${seatLabel(view, view.to_act)}…`;
    box.replaceChildren(el("span", { class: "muted" }, why));
  }
  $("notation-list").replaceChildren(...legal.map(a => el("option", { value: a.text })));
  $("notation").disabled = !legal.length;
  $("undo").disabled = !(view.undoable > 0);
  $("plan").hidden = !view.plan;
  if ($("plan").hidden) $("plan-box").hidden = true;
  $("leave").hidden = view.status !== "playing" || view.seats[view.you]?.kind !== "human";
}

// A tutorial's guidance: the step's words, the move it asks for lit in the list (and on the
// board, through the highlight it passes), the others' moves announced, the outro at the end.
function renderTutorial() {
  const t = view.tutorial;
  $("tutorial").hidden = !t;
  if (!t) { $("tutorial-hint").hidden = true; return; }
  $("tutorial-title").textContent = t.title;
  $("tutorial-step").textContent = t.free ? "guided part over: play on freely" : `step ${t.step} of ${t.steps}`;
  const parts = [];
  if (t.intro) parts.push(el("p", { class: "intro" }, t.intro));
  parts.push(el("p", { "data-tutorial-text": "" }, t.text));
  if (!t.free && t.waiting) parts.push(el("p", { class: "muted" }, "The other players are moving…"));
  if (t.rules && t.rules.length) parts.push(el("p", { class: "muted rule-ids" }, "Rules: " + t.rules.join(", ")));
  $("tutorial-text").replaceChildren(...parts);
  // the same step beside the actions, where the learner's eyes are when the board is long
  const hint = $("tutorial-hint");
  hint.hidden = t.free || !t.expect;
  if (!hint.hidden) hint.replaceChildren(el("b", {}, `Tutorial, step ${t.step} of ${t.steps}: `), t.text);
  for (const b of document.querySelectorAll("#actions button")) {
    const wanted = t.expect && b.dataset.action === t.expect;
    b.classList.toggle("expected", Boolean(wanted));
    if (wanted) b.setAttribute("data-expected", ""); else b.removeAttribute("data-expected");
  }
}

// When the seat to act has run out of time, the other players choose: a bot plays that seat
// from now on, or the game ends with that seat last.
function renderTimeoutOffer() {
  const offer = view.timeout;
  $("timeout-offer").hidden = !offer;
  if (!offer) return;
  const who = seatLabel(view, offer.seat);
  const choose = async choice => {
    try { await postJSON(`/api/games/${gameId}/timeout`, { choice, seq: view.seq }, token); } catch (e) { $("action-error").textContent = e.message; }
  };
  $("timeout-offer").replaceChildren(el("b", {}, `${who}'s clock has run out. `),
    el("button", { "data-timeout": "bot", onclick: () => choose("bot") }, "Let a bot play their seat"), " ",
    el("button", { "data-timeout": "end", onclick: () => choose("end") }, `End the game (${who} ranks last)`));
}

function clockText(seconds) {
  const t = Math.max(0, Math.round(seconds));
  const d = Math.floor(t / 86400), h = Math.floor(t % 86400 / 3600), m = Math.floor(t % 3600 / 60), sec = t % 60;
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${String(m).padStart(2, "0")}m`;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

let clockStarted = 0;
function tickClocks() {
  if (!view || !view.clocks) return;
  for (const node of document.querySelectorAll("[data-clock]")) {
    const s = Number(node.dataset.clock);
    const running = s === view.to_act && view.status === "playing" ? (Date.now() - clockStarted) / 1000 : 0;
    node.textContent = "⏱ " + clockText(view.clocks[s] - running);
  }
}
setInterval(tickClocks, 1000);

function renderScores() {
  clockStarted = Date.now();
  const rows = view.scores.map((points, s) => {
    const parts = Object.entries(view.breakdown[s]).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
    return el("tr", { class: s === view.to_act ? "turn" : "" },
      el("td", {}, el("span", { class: "seat-dot", style: `color: var(--seat${s})` }, "● "), seatLabel(view, s), s === view.to_act && view.status === "playing" ? el("span", { class: "badge turn" }, " to act") : null,
        view.clocks ? el("span", { class: "badge", "data-clock": s }, "⏱ " + clockText(view.clocks[s])) : null,
        el("div", { class: "breakdown" }, parts.map(([k, v]) => `${k} ${v}`).join(" · ") || "no points yet")),
      el("td", { class: "points" }, String(points)));
  });
  $("scores").replaceChildren(...rows);
}

// A solo game's goal while it lasts and its verdict at the end (from the game's facts).
function renderGoal() {
  const solo = view.facts && view.facts.solo;
  $("goal").hidden = !solo;
  if (solo) $("goal").textContent = solo.verdict ? `Solo result: ${solo.verdict}` : `Solo goal: ${solo.goal}`;
}

function renderLog() {
  const log = $("log");
  for (const e of view.events) {
    if (e.i < shownEvents) continue;
    shownEvents = e.i + 1;
    allEvents.push(e);
    log.append(el("div", { class: e.kind === "round" || e.kind === "year" ? "step" : "" }, e.text));
  }
  log.scrollTop = log.scrollHeight;
  $("notices").replaceChildren(...(view.notices || []).map(n => el("div", { class: "notice" }, n.text)));
}

function renderEnd() {
  const over = view.status === "over";
  $("end").hidden = !over;
  if (!over) return;
  const order = view.scores.map((p, s) => s).sort((a, b) => view.ranking[a] - view.ranking[b]);
  $("end-text").replaceChildren(...order.map(s => el("p", {}, el("b", {}, `${view.ranking[s]}. ${seatLabel(view, s)}: ${view.scores[s]} points`),
    el("br"), el("span", { class: "breakdown" }, Object.entries(view.breakdown[s]).map(([k, v]) => `${k} ${v}`).join(" · ")))));
  $("replay-link").href = `/replay/${gameId}`;
  $("record-link").href = `/api/games/${gameId}/record`;
  $("trace-link").href = `/api/games/${gameId}/trace`;
}

function maybeCover() {
  // Hot-seat: when the turn passes to another seat of this screen, hide everything until the
  // next player says they are ready, then look through that seat's eyes.
  if (!hotseat || view.status !== "playing") return;
  const mine = tokensFor(gameId);
  const next = view.to_act;
  if (next === view.you || !mine[next]) return;
  $("cover-text").textContent = `Pass the screen to ${seatLabel(view, next)}`;
  $("cover").hidden = false;
  $("board").replaceChildren();
  $("actions").replaceChildren();
  $("cover-ok").onclick = () => {
    $("cover").hidden = true;
    token = mine[next];
    history.replaceState(null, "", `#token=${token}`);
    ws.onclose = null; ws.close(); connect();
  };
}

async function render() {
  const myTurn = view.status === "playing" && (view.legal || []).length > 0;
  document.title = (myTurn ? "▶ Your turn · " : view.status === "over" ? "Game over · " : "") + `${view.title} · Acreage`;
  $("where").textContent = view.you === null ? "watching" : `you are ${seatLabel(view, view.you)}`;
  renderGoal();
  $("title").textContent = view.title;
  $("status").textContent = view.status;
  $("decision").textContent = view.decision;
  renderScores();
  renderLog();
  renderEnd();
  renderActions();
  renderTimeoutOffer();
  renderTutorial();
  $("learn-link").href = `/learn/${view.game}`;
  if (!board) { board = await boardFor(view.board); try { content = await getJSON(`/api/content/${view.game}`); } catch { content = {}; } }
  board.draw($("board"), view, { content, act, undo, why, highlight: view.tutorial?.highlight || null,
    recent: recentByOthers(), labels: view.seats.map((_, s) => seatLabel(view, s)) });
  maybeCover();
}

async function showPlan() {
  const box = $("plan-box");
  box.hidden = false;
  box.replaceChildren(el("span", { class: "muted" }, "Planning…"));
  try {
    const plan = await getJSON(`/api/games/${gameId}/plan`, token);
    if (!plan.actions.length) { box.replaceChildren(el("span", { class: "muted" }, "No plan is offered here.")); return; }
    box.replaceChildren(el("p", {}, el("b", {}, `Best ${plan.name}: `), plan.actions.join(", ")),
      el("button", { class: "primary", id: "play-plan", onclick: () => playPlan(plan.actions) }, "Play this plan"));
  } catch (e) { box.replaceChildren(el("span", { class: "error" }, e.message)); }
}

async function playPlan(actions) {
  // one action at a time, each sent once the update for the previous one has arrived
  $("plan-box").hidden = true;
  for (const text of actions) {
    const seq = view.seq;
    act(text);
    await new Promise(resolve => { const t = setInterval(() => { if (view.seq > seq || !pending) { clearInterval(t); resolve(); } }, 50); });
    if (view.seq === seq) return;  // refused: the error is shown
  }
}

$("plan").addEventListener("click", showPlan);
$("leave").addEventListener("click", async () => {
  if (!confirm("Leave the game? A bot (the medium level) will play your seat from now on.")) return;
  try { await postJSON(`/api/games/${gameId}/leave`, {}, token); } catch (e) { $("action-error").textContent = e.message; }
});
$("notation-form").addEventListener("submit", ev => { ev.preventDefault(); const t = $("notation").value.trim(); if (t) { act(t); $("notation").value = ""; } });
$("undo").addEventListener("click", undo);
// A rematch gives each player only their own seat: the first to ask creates it, the others
// are offered it (pushed to their page) and claim their seat the same way. On a hot-seat
// screen every seat this browser holds is claimed.
async function rematch() {
  const mine = tokensFor(gameId);
  const seats = Object.keys(mine).filter(s => s !== "last").map(Number);
  const order = [view.you, ...seats.filter(s => s !== view.you)];
  let made = null;
  for (const s of order) {
    if (!mine[s]) continue;
    try {
      const claimed = await postJSON(`/api/games/${gameId}/rematch`, {}, mine[s]);
      saveToken(claimed.id, s, claimed.token);
      if (!made || s === view.you) made = claimed;
    } catch (e) { if (!made) { $("action-error").textContent = e.message; } }
  }
  if (!made) return;
  if (hotseat) localStorage.setItem("acreage:hotseat:" + made.id, "1");
  location.href = made.link;
}

function offerRematch() {
  $("end").hidden = false;
  $("rematch").textContent = "Join the rematch";
  $("rematch-offer").textContent = "Another player asked for a rematch.";
}

$("rematch").addEventListener("click", rematch);

if (hashToken) saveToken(gameId, "last", hashToken);
// A signed-in player's seat (one come by an invite link included) belongs to their profile;
// without a profile the server says so and nothing changes.
if (token) postJSON(`/api/games/${gameId}/sign`, {}, token).catch(() => {});
connect();
