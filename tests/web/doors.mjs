// The page's doors (issue P1a, item 6): what a phone meets at the edges of the game, each
// answered in the game's words, nothing lost, the page never blank.
//
//   node tests/web/doors.mjs PAGE_DIR UNPLAYABLE_CODE EDGE_CODE SHOTS_DIR
//
// UNPLAYABLE_CODE is a sound share code of a level that does not stand (its stored solution
// does not verify: `tessera share encode tests/data/doors/unplayable.ron`); EDGE_CODE a level
// to ask a hint on. Each door is a page of its own at 390 x 844, touch, without the service
// worker (so that what the network answers is what the test says):
// - `?code=` that is not a code, one too long to be one, one of a level that does not stand:
//   the level list says which, under its code field;
// - the page's storage holding a damaged save, another program's entry and a pack file that
//   does not read: the damaged save is kept aside and said so, the pack named, the other entry
//   left alone;
// - storage full when saving: the menu says the progress could not be saved and why, and what
//   was saved before is still there;
// - a solver's worker that never answers: the hint gives up, saying so, and asking again (with
//   a worker that answers) gives a hint;
// - the module's download cut off halfway: the loading screen says where it stopped and offers
//   to try again, which loads the game.
// Ends with the plain summary line "web: N passed, N failed".

import fs from "node:fs";
import { Play, launch, serve, sleep } from "./page.mjs";

const [pageDir, unplayable, edgeCode, shotsDir] = process.argv.slice(2);
if (!pageDir || !unplayable || !edgeCode || !shotsDir) {
  console.error("usage: node tests/web/doors.mjs PAGE_DIR UNPLAYABLE_CODE EDGE_CODE SHOTS_DIR");
  process.exit(2);
}
fs.mkdirSync(shotsDir, { recursive: true });
const { base, server } = await serve(pageDir);
const browser = await launch();

let passed = 0, failed = 0;
const check = (ok, what) => {
  if (ok) { passed++; console.log(`ok: ${what}`); } else { failed++; console.log(`FAILED: ${what}`); }
  return ok;
};
// Everything the screen says, as one line (from the probe's labels).
const said = (p) => p.labels.flatMap((l) => l.rows.map((r) => r.text)).join(" ").replace(/\s+/g, " ");
const phone = () => browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
  isMobile: true, hasTouch: true, locale: "en-US", serviceWorkers: "block" });

let exit = 0;
try {
  // Share links that do not open a level: the level list, its code field, and why.
  const links = await phone();
  const link = await Play.open(links, "door-code", base, shotsDir, "&code=hello%20world");
  const doors = [
    ["not a code", "hello%20world", "not a Tessera level code"],
    ["too long", `T${"A".repeat(70000)}`, "too long to be a level code"],
    ["of a level that does not stand", unplayable, "cannot be played"],
  ];
  for (const [what, code, words] of doors) {
    await link.goto(`&code=${code}`);
    let p = await link.until(`the refusal of a code ${what}`, (p) => p.state === "LevelSelect" && Array.isArray(p.marks["code-error"]));
    // (The words come with the screen's accessibility tree, a frame or two after its marks.)
    for (const t0 = Date.now(); !said(p).includes(words) && Date.now() - t0 < 15000; await sleep(200)) p = await link.probe();
    check(said(p).includes(words), `a link with a code ${what} opens the level list saying "${words}" (it says: ${said(p).slice(0, 300)})`);
    await link.shot(`code-${what.split(" ").pop()}`);
  }
  await links.close();

  // The page's storage: a damaged save, a pack file that does not read, another program's entry.
  const store = await phone();
  const damaged = await Play.open(store, "door-storage", base, shotsDir, "", () => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("tessera/progress.ron", "(completed: {\"classic/arrow\": (best_ms: 12");
    localStorage.setItem("tessera/levels/mine.ron", "(name: \"Mine\", levels: [ (id: ");
    localStorage.setItem("another-game/save", "level 9");
  }, { rough: false });
  const menu = await damaged.until("the menu with its notices", (p) => p.state === "MainMenu" && said(p).includes("could not be read"));
  const keys = await damaged.page.evaluate(() => Object.keys(localStorage));
  const aside = keys.find((k) => k.startsWith("tessera/progress.ron.corrupt-"));
  check(aside && (await damaged.page.evaluate((k) => localStorage.getItem(k), aside)).includes("best_ms: 12"),
    `a damaged save is kept aside as ${aside}, and the menu says so`);
  check(said(menu).includes("Level pack not loaded") && said(menu).includes("mine.ron"),
    "a pack file in storage that does not read is named on the menu");
  check(keys.includes("another-game/save") && (await damaged.page.evaluate(() => localStorage.getItem("another-game/save"))) === "level 9",
    "another program's entry in the page's storage is left alone");
  await damaged.shot("storage-damaged");
  await store.close();

  // Storage full: every write of the game's refused as a full quota is.
  const full = await phone();
  const saving = await Play.open(full, "door-full", base, shotsDir, "", () => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (window.tesseraFull && key.startsWith("tessera/")) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return set.call(this, key, value);
    };
  });
  await saving.until("the main menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-settings"]));
  await saving.pressUntil("menu-settings", "the settings", (p) => p.state === "Settings" && Array.isArray(p.marks["settings-theme"]));
  const before = await saving.page.evaluate(() => localStorage.getItem("tessera/progress.ron"));
  await saving.page.evaluate(() => { window.tesseraFull = true; });
  await saving.pressUntil("settings-theme", "the themes", (p) => Array.isArray(p.marks["theme-light"]));
  await saving.pressUntil("theme-light", "the theme chosen", (p) => !Array.isArray(p.marks["theme-light"]));
  await saving.pressUntil("settings-back", "the menu", (p) => p.state === "MainMenu");
  const warned = await saving.until("the menu's notice", (p) => said(p).includes("could not be saved"));
  check(said(warned).includes("full?"), `storage full: the menu says the progress could not be saved, and why ("${said(warned).match(/Progress could not[^⚠]*/)?.[0]?.trim()}")`);
  check((await saving.page.evaluate(() => localStorage.getItem("tessera/progress.ron"))) === before,
    "what was saved before the storage filled is still there, whole");
  await saving.shot("storage-full");
  await full.close();

  // A solver's worker that never answers: the hint gives up after its patience, saying so;
  // with a worker that answers, asking again gives a hint. (The page keeps its own build's
  // worker, fetched as it starts: the silent one is put in its place there, then taken away.)
  const mute = await phone();
  const hint = await Play.open(mute, "door-worker", base, shotsDir, `&code=${encodeURIComponent(edgeCode)}`);
  await hint.until("the level", (p) => p.state === "Playing" && p.pieces.length > 0);
  await hint.page.waitForFunction(() => typeof window.tesseraWorkerUrl === "string", null, { timeout: 60000 });
  await hint.page.evaluate(() => {
    window.ownWorkerUrl = window.tesseraWorkerUrl;
    window.tesseraWorkerUrl = URL.createObjectURL(new Blob(["onmessage = () => {};"], { type: "text/javascript" }));
  });
  await hint.closeCards();
  await hint.pressUntil("tool-hint", "the hint asked", (p) => p.hint === "hint-thinking");
  const lost = await hint.until("the hint given up", (p) => p.hint === "hint-lost");
  check(said(lost).includes("gave no answer"), "a worker that never answers: the hint gives up and says so");
  await hint.shot("worker-silent");
  await hint.page.evaluate(() => { window.tesseraWorkerUrl = window.ownWorkerUrl; });
  const answered = (p) => ["hint-fine", "hint-lift", "hint-next", "hint-here", "hint-done"].includes(p?.hint);
  const got = await hint.pressUntil("tool-hint", "a hint", answered).catch(() => null);
  check(answered(got), `asked again, with a worker that answers, the hint comes (${got?.hint})`);
  await mute.close();

  // The module's download cut off halfway, then the network back.
  const cut = await phone();
  server.cut = 0.5;
  const page = await cut.newPage();
  await page.goto(`${base}?probe=1`);
  await page.waitForSelector("#retry:not([hidden])", { timeout: 600000 });
  const words = await page.textContent("#status-text");
  check(/stopped at (4[0-9]|50)%/.test(words), `a download cut off halfway says where it stopped ("${words}") and offers to try again`);
  await page.screenshot({ path: `${shotsDir}/door-download-cut.png` });
  server.cut = 0;
  await page.click("#retry");
  const started = await page
    .waitForFunction(() => window.tesseraProbe && JSON.parse(window.tesseraProbe).state === "MainMenu", null, { timeout: 600000 })
    .then(() => true, () => false);
  check(started, "Try again, with the network back, starts the game");
  await cut.close();
} catch (e) {
  check(false, e.message.slice(0, 600));
  exit = 1;
} finally {
  await browser.close();
  server.close();
}
console.log(`web: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || exit ? 1 : 0);
