// The fallback board: the seat's observation as readable text. Games get their own boards.
import { el } from "./api.js";

export function draw(container, view) {
  container.replaceChildren(el("pre", { class: "obs" }, JSON.stringify(view.observation, null, 1)));
}
