// The profile box in every page's header (<span id="account">): "Sign in" (a small form: name,
// optional password; "Sign in" or "New profile"), or, once signed in, the profile's name (to its
// page), "Turn notices" and "Sign out". The session is an HttpOnly cookie: no script here ever
// sees it; /api/me says who this browser is. Importing this module fills #account once.
import { getJSON, postJSON, el } from "./api.js";

let who = null;

// This browser's profile ({id, name, created, has_password}) or null; asked once per page.
export function signedIn() {
  if (!who) who = getJSON("/api/me").then(d => d.profile).catch(() => null);
  return who;
}

async function signOut() {
  await fetch("/api/session", { method: "DELETE", headers: { "Content-Type": "application/json" }, body: "{}" });
  location.reload();
}

// The sign-in form (the header's drop-down and the notices page use it): signs in or makes a
// profile, then reloads the page so that everything on it knows who is there.
export function signInForm() {
  const name = el("input", { name: "name", maxlength: 24, placeholder: "name", autocomplete: "username", required: true, "data-account": "name" });
  const password = el("input", { name: "password", type: "password", maxlength: 128, placeholder: "password (optional)",
    autocomplete: "current-password", "data-account": "password" });
  const error = el("p", { class: "error", "data-account": "error" });
  const form = el("form", { class: "sign-in" },
    el("label", {}, "Name ", name), el("label", {}, "Password ", password),
    el("p", { class: "muted option-help" },
      "A new profile without a password lives in this browser only; with one (8 characters or more) you can sign in anywhere."),
    el("p", { class: "buttons" },
      el("button", { type: "submit", class: "primary", value: "login", "data-account": "login" }, "Sign in"),
      el("button", { type: "submit", value: "create", "data-account": "create" }, "New profile")),
    error);
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    error.textContent = "";
    const create = ev.submitter && ev.submitter.value === "create";
    const body = { name: name.value.trim() };
    if (password.value) body.password = password.value;
    if (!body.name) { error.textContent = "give a name"; return; }
    if (!create && !password.value) {
      error.textContent = "enter the profile's password (a profile made without one can only be used in the browser that made it)";
      return;
    }
    try {
      await postJSON(create ? "/api/profiles" : "/api/session", body);
      location.reload();
    } catch (e) { error.textContent = e.message; }
  });
  return form;
}

export async function accountBox(holder = document.getElementById("account")) {
  if (!holder || holder.dataset.ready) return;
  holder.dataset.ready = "1";
  holder.classList.add("account");
  const profile = await signedIn();
  if (profile) {
    holder.replaceChildren(
      el("a", { href: `/profile/${profile.id}`, "data-me": profile.id, title: "Your profile: ratings, games, record against bots" }, profile.name),
      el("a", { href: "/notices" }, "Turn notices"),
      el("button", { class: "link", type: "button", onclick: signOut }, "Sign out"));
    return;
  }
  const form = signInForm();
  const drop = el("div", { class: "account-drop", hidden: true }, form);
  const toggle = el("button", { class: "link", type: "button", "aria-expanded": "false", "data-account": "open",
    onclick: () => {
      drop.hidden = !drop.hidden;
      toggle.setAttribute("aria-expanded", String(!drop.hidden));
      if (!drop.hidden) form.querySelector("input").focus();
    } }, "Sign in");
  document.addEventListener("keydown", ev => { if (ev.key === "Escape" && !drop.hidden) toggle.click(); });
  holder.replaceChildren(toggle, drop);
}

accountBox();
