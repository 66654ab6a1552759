// Which drawing module shows a game: the one its presentation model names (``board`` in the
// update, a module of this folder). A game without a board of its own gets the generic view (its
// observation, readable); every game keeps the list of legal actions and the box.
import * as generic from "./generic_board.js";

export async function boardFor(module) {
  if (!module || !/^[a-z_]+_board\.js$/.test(module)) return generic;
  try { return await import(`./${module}`); } catch (e) { console.warn("board module failed, using the generic view", e); return generic; }
}
