// A solver's thread in the browser (see src/platform/browser.rs and src/game/solver/worker.rs). The page sends the game's
// compiled module first: started here, the game finds no window and waits. Each request then
// comes as text, "GENERATION REQUEST"; `work` runs it and every reply goes back as
// "GENERATION REPLY"; an error in the worker comes back as a failed reply.
import init, { work } from "./tessera.js";

let ready = null;
onmessage = async (e) => {
  if (typeof e.data !== "string") {
    ready = init({ module_or_path: e.data.module });
    return;
  }
  const space = e.data.indexOf(" ");
  const generation = e.data.slice(0, space);
  try {
    await ready;
    work(e.data.slice(space + 1), (reply) => postMessage(`${generation} ${reply}`));
  } catch (err) {
    // A module that would not start, or a solver that stopped with an error: said as a
    // failed reply, so the game stops waiting for an answer that cannot come.
    postMessage(`${generation} Failed(${JSON.stringify(String(err))})`);
  }
};
