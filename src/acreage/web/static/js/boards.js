// Which drawing module shows which game: one module per game, named after it
// (<game>_board.js). A game without a board of its own gets the generic view (its observation,
// readable); every game keeps the list of legal actions and the box.
import * as generic from "./generic_board.js";

const BOARDS = new Set(["foxglove", "fields_of_green", "harvest"]);

export async function boardFor(game) {
  if (!BOARDS.has(game)) return generic;
  try { return await import(`./${game}_board.js`); } catch (e) { console.warn("board module failed, using the generic view", e); return generic; }
}
