// A finished game step by step, from its record (the server replays it; the page only draws).
import { getJSON, el } from "./api.js";
import { boardFor } from "./boards.js";

const gameId = location.pathname.split("/").pop();
const $ = id => document.getElementById(id);
let step = 0, total = 0, board = null, content = {};

async function show(k) {
  const data = await getJSON(`/api/games/${gameId}/replay?step=${k}`);
  step = data.step; total = data.total;
  if (!board) {
    board = await boardFor(data.board);
    try { content = await getJSON(`/api/content/${data.game}`); } catch { content = {}; }
    $("title").textContent = `Replay: ${data.title}`;
    $("rounds").replaceChildren(...data.marks.map(m => el("option", { value: m.step }, m.label)));
  }
  $("step").textContent = `step ${step} of ${total}`;
  $("action").textContent = step ? `${data.actor === null ? "" : data.labels[data.actor] + ": "}${data.action}` : "the start";
  const view = { game: data.game, observation: data.observation, facts: data.facts || {}, legal: [], you: null, to_act: data.observation.current_player ?? null, seats: data.seats };
  board.draw($("board"), view, { content, act: () => {}, undo: null, recent: [], labels: data.labels });
  $("scores").replaceChildren(...data.scores.map((p, s) => el("tr", {}, el("td", {}, data.labels[s], el("div", { class: "breakdown" }, Object.entries(data.breakdown[s]).map(([a, b]) => `${a} ${b}`).join(" · "))), el("td", { class: "points" }, String(p)))));
  $("log").replaceChildren(...data.events.map(e => el("div", {}, e.text)));
  $("back").disabled = step === 0; $("first").disabled = step === 0;
  $("next").disabled = step === total; $("last").disabled = step === total;
}

$("first").onclick = () => show(0);
$("back").onclick = () => show(Math.max(0, step - 1));
$("next").onclick = () => show(Math.min(total, step + 1));
$("last").onclick = () => show(total);
$("rounds").onchange = ev => show(Number(ev.target.value));
document.addEventListener("keydown", ev => { if (ev.key === "ArrowRight") $("next").click(); if (ev.key === "ArrowLeft") $("back").click(); });
show(0).catch(e => { $("action").textContent = e.message; });
