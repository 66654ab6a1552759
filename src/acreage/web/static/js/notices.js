// Turn notices (/notices): a signed-in player's subscriptions (an e-mail address, a webhook URL
// with its flavour), each with a remove button, and a form to add one. E-mail is offered only
// where the server's operator set up a mail server. Not signed in: a note and the sign-in form.
import { getJSON, postJSON, el } from "./api.js";
import { signedIn, signInForm } from "./account.js";

const $ = id => document.getElementById(id);
const FLAVOURS = [["json", "Plain JSON (any receiver)"], ["discord", "Discord"], ["slack", "Slack"]];
const flavourWords = f => (FLAVOURS.find(([k]) => k === f) || [f, f || "plain JSON"])[1];

async function remove(sub) {
  const r = await fetch("/api/me/notices", { method: "DELETE", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ kind: sub.kind, target: sub.target }) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
}

function explanation() {
  return el("section", { class: "panel" }, el("h2", {}, "What a turn notice is"),
    el("p", {}, "In a game played over days you need not keep the page open: Acreage tells you when it is your turn, "
      + "once per turn, by e-mail, by a webhook (a chat channel on Discord or Slack, or any program), or both."),
    el("p", {}, "A notice says which game it is, whose turn it is, what is awaited (for example \"choose a tile from the display\") "
      + "and a link to the game. It never holds a secret: the link opens the game as your browser knows it, "
      + "since your seat's key stays in your browser. Anyone who reads the channel can see the message, so it carries nothing more."),
    el("p", { class: "muted" }, "Notices come for the games whose seat you took while signed in."));
}

function list(subs, redraw) {
  if (!subs.length) return el("p", { class: "muted empty", id: "no-subscriptions" }, "No turn notices yet: add one below.");
  return el("table", { class: "list", id: "subscriptions" },
    el("thead", {}, el("tr", {}, el("th", {}, "By"), el("th", {}, "To"), el("th", {}, "Format"), el("th", {}))),
    el("tbody", {}, ...subs.map(sub => {
      const error = el("span", { class: "error" });
      return el("tr", { "data-subscription": `${sub.kind}:${sub.target}` },
        el("td", {}, sub.kind === "email" ? "E-mail" : "Webhook"), el("td", { class: "target" }, sub.target),
        el("td", {}, sub.kind === "email" ? "plain text" : flavourWords(sub.flavour)),
        el("td", {}, el("button", { type: "button", "data-remove": sub.target, onclick: async () => {
          try { await remove(sub); redraw(); } catch (e) { error.textContent = e.message; }
        } }, "Remove"), " ", error));
    })));
}

function addForm(kind, email, redraw) {
  const error = el("span", { class: "error" });
  const target = kind === "email"
    ? el("input", { type: "email", name: "target", maxlength: 254, size: 32, placeholder: "you@example.org", required: true, disabled: !email || null })
    : el("input", { type: "url", name: "target", maxlength: 2000, size: 44, placeholder: "https://discord.com/api/webhooks/…", required: true });
  const flavour = kind === "webhook"
    ? el("label", {}, "Format ", el("select", { name: "flavour" }, ...FLAVOURS.map(([k, words]) => el("option", { value: k }, words))))
    : null;
  const form = el("form", { class: "add-notice", "data-kind": kind },
    el("h3", {}, kind === "email" ? "By e-mail" : "By webhook"),
    kind === "email" && !email
      ? el("p", { class: "muted", id: "email-off" }, "E-mail notices are off on this server: its operator has set up no mail server. A webhook still works.")
      : el("p", { class: "muted" }, kind === "email"
        ? "A plain-text e-mail whose subject names the game."
        : "A POST of JSON to the URL: paste a Discord channel's or a Slack incoming webhook's URL, or any https address of your own."),
    el("p", {}, el("label", {}, kind === "email" ? "Address " : "URL ", target), " ", flavour, " ",
      el("button", { type: "submit", class: "primary", disabled: (kind === "email" && !email) || null }, "Add"), " ", error));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    error.textContent = "";
    const body = { kind, target: target.value.trim() };
    if (flavour) body.flavour = form.flavour.value;
    try { await postJSON("/api/me/notices", body); redraw(); } catch (e) { error.textContent = e.message; }
  });
  return form;
}

async function draw() {
  const me = await signedIn();
  if (!me) {
    $("page").replaceChildren(el("h1", {}, "Turn notices"),
      el("section", { class: "panel", id: "sign-in-note" },
        el("p", {}, "Turn notices belong to a profile: sign in, or make a profile, to keep them."), signInForm()),
      explanation());
    return;
  }
  let answer;
  try { answer = await getJSON("/api/me/notices"); }
  catch (e) { $("page").replaceChildren(el("h1", {}, "Turn notices"), el("p", { class: "error" }, e.message)); return; }
  $("page").replaceChildren(el("h1", {}, "Turn notices"),
    el("p", { class: "muted" }, `Signed in as ${me.name}.`),
    el("section", { class: "panel" }, el("h2", {}, "Your notices"), list(answer.subscriptions, draw)),
    el("section", { class: "panel", id: "add" }, el("h2", {}, "Add a notice"),
      addForm("email", answer.email, draw), addForm("webhook", answer.email, draw)),
    explanation());
}

draw();
