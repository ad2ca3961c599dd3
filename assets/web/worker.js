// A solver's thread in the browser (see src/game/solver/worker.rs). The page sends the game's
// compiled module first: started here, the game finds no window and waits. Each request then
// comes as text, "GENERATION REQUEST"; `work` runs it and every reply goes back as
// "GENERATION REPLY".
import init, { work } from "./tessera.js";

let ready = null;
onmessage = async (e) => {
  if (typeof e.data !== "string") {
    ready = init({ module_or_path: e.data.module });
    return;
  }
  await ready;
  const space = e.data.indexOf(" ");
  const generation = e.data.slice(0, space);
  work(e.data.slice(space + 1), (reply) => postMessage(`${generation} ${reply}`));
};
