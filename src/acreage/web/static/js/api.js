// Small helpers shared by the pages: JSON requests, tokens kept per game, seat names.

// A seat's token goes in the Authorization header, never in an address (proxies and logs keep
// addresses).
function authHeaders(token) { return token ? { Authorization: `Bearer ${token}` } : {}; }

export async function getJSON(url, token = null) {
  const r = await fetch(url, { headers: authHeaders(token) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

export async function postJSON(url, body, token = null) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...authHeaders(token) }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

// Tokens this browser holds, by game id: {seat: token}. A token is a seat's secret; it lives in
// the URL fragment (never sent to the server in a request line) and in localStorage.
export function tokensFor(gameId) {
  try { return JSON.parse(localStorage.getItem("acreage:tokens:" + gameId) || "{}"); } catch { return {}; }
}

export function saveToken(gameId, seat, token) {
  const all = tokensFor(gameId);
  all[seat] = token;
  localStorage.setItem("acreage:tokens:" + gameId, JSON.stringify(all));
}

// A seat as people say it: its name from the lobby (or "Seat 2"), numbered from 1, with who
// plays it. Names are shown as text (el() appends strings as text nodes), never as markup.
export function seatLabel(view, seat) {
  const s = seat === null || seat === undefined ? null : view.seats[seat];
  if (!s) return "nobody";
  const who = s.kind === "bot" ? "bot " + s.bot.split(":")[0] : (seat === view.you ? "you" : null);
  const name = s.name || `Seat ${seat + 1}`;
  return who ? `${name} (${who})` : name;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}
