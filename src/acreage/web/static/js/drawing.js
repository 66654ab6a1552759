// What every board draws with: SVG elements built like api.js's el(), and the attributes that
// make any element (SVG or HTML) a button for the pointer and the keyboard.
const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// A handler that keeps the click to itself (boards clear their selection on a click elsewhere).
export function stop(fn) { return ev => { ev.stopPropagation(); fn(ev); }; }

// Attributes that make an element a button: pointer, focus, click and Enter/Space.
export function clickable(fn, label) {
  return {
    cursor: "pointer", role: "button", tabindex: 0, "aria-label": label, onclick: stop(fn),
    onkeydown: ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); fn(ev); } },
  };
}
