// Which drawing module shows which game. A game without a board of its own gets the generic
// view (its observation, readable); every game keeps the list of legal actions and the box.
import * as generic from "./generic_board.js";

const modules = { foxglove: () => import("./foxglove_board.js") };

export async function boardFor(game) {
  const load = modules[game];
  if (!load) return generic;
  try { return await load(); } catch (e) { console.warn("board module failed, using the generic view", e); return generic; }
}
