// The browser's end-to-end test: the web build of Tessera in Debian's Chromium, as a phone
// (390 x 844, touch), driven through the DevTools protocol (playwright-core).
//
//   node tests/web/play.mjs PAGE_DIR EDGE_CODE CUBE_CODE SHOTS_DIR [PIECE_LIST [LATTICE_CODE...]]
//
// It serves PAGE_DIR (what `scripts/web --build-only` wrote) on a port of its own, opens the
// page with `?probe=1` (the game then publishes where its widgets and pieces are in the
// page's global `tesseraProbe`, as the desktop build writes TESSERA_PROBE), and as a player:
// waits for the service worker to cache the page, then goes offline (Chromium's offline
// emulation, the server answering nothing) and plays the rest of the phone's part offline:
// reloads, opens the first classic tangram level, turns and drags every piece with touch
// events until the level is solved, reloads the page and checks the level is still solved (the save in the
// browser's storage, read back by the game); exports the progress (a download), clears the
// page's storage and imports the file back (the page's file chooser): the level is solved
// again; plays a move with a stand-in gamepad (a page script in place of
// navigator.getGamepads()); opens an edge-matching level and a polycube
// level from share links, and a piece list a player owns (PIECE_LIST: `edge generate`'s text)
// from the same parameter, opened as a board played for the score; checks by pixels that their
// tiles and cubes are drawn in colour, and asks each for a hint (worked out in a Web Worker,
// the browser's solver thread).
// At 1280 x 800 it checks a page has no Quit button, and that a new build on the server is
// cached whole and announced, a tap restarting into it.
// Shots of each step at 390 x 844 and of the menu and a level at 1280 x 800 go to SHOTS_DIR.
// Ends with the plain summary line "web: N passed, N failed".

import fs from "node:fs";
import path from "node:path";
import { Play, launch, serve, sleep } from "./page.mjs";

const [pageDir, edgeCode, cubeCode, shotsDir, pieceList, ...latticeCodes] = process.argv.slice(2);
if (!pageDir || !edgeCode || !cubeCode || !shotsDir) {
  console.error("usage: node tests/web/play.mjs PAGE_DIR EDGE_CODE CUBE_CODE SHOTS_DIR [PIECE_LIST [LATTICE_CODE...]]");
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

// Turns, flips and drags every piece of the level on the board to its reference place, by
// touch: a tap selects a piece, a tap on the selected piece turns it a step, a double tap
// mirrors it. A piece not at its place after the drag is turned and dragged again (twice at
// most, said with what the game read): Chromium takes a touch's events one at a time, each
// once the page has taken the one before, so a busy page can see a drag's finger held still
// for half a second before it moves, which the game rightly reads as a long press and turns
// the piece (two CI runs waited ten minutes for such a piece).
async function placeEveryPiece(play) {
  const first = await play.until("a level", (p) => p.state === "Playing" && p.pieces.length > 0);
  const turns = first.turns;
  const me = async (i) => (await play.probe()).pieces[i];
  const turned = (p) => ((p.rot - p.goal_rot) % turns + turns) % turns === 0;
  for (let i = 0; i < first.pieces.length; i++) {
    if ((await me(i)).goal === null) continue;
    const there = (q) => {
      const [a, g] = [q.pieces[i].at, q.pieces[i].goal];
      return Math.abs(a[0] - g[0]) < 3 && Math.abs(a[1] - g[1]) < 3;
    };
    let placed = false, p = null;
    for (let attempt = 1; attempt <= 3 && !placed; attempt++) {
      p = await me(i);
      if (p.flip !== p.goal_flip) {
        // Selected first; then, after more than the double tap's 0.35 s, two taps in a row
        // (the first one's turn is taken back by the second).
        await play.tap(p.at);
        await sleep(500);
        await play.gesture([["touchStart", [p.at], 0], ["touchEnd", [], 90], ["touchStart", [p.at], 0], ["touchEnd", [], 0]]);
        await sleep(500);
        await play.within((q) => q.pieces[i].flip === p.goal_flip, 15000);
      }
      for (let k = 0; k <= turns + 1; k++) {
        p = await me(i);
        if (turned(p)) break;
        await play.tap(p.at);
        await sleep(350);
      }
      p = await me(i);
      if (p.flip !== p.goal_flip || !turned(p)) continue;
      await play.drag(p.at, p.goal);
      placed = (await play.within(there, 15000)) !== null;
      if (!placed) {
        const now = await play.probe();
        const cards = ["tutorial-close", "intro-close"].filter((c) => Array.isArray(now.marks[c]));
        const q = now.pieces[i];
        console.log(`${play.name}: the drag of piece ${i} from ${p.at} to ${p.goal} left it at ${q.at}, turn ${q.rot} ` +
          `(held: ${now.held}, cards: ${cards}); turned and dragged again. The game read: ${JSON.stringify(now.inputs)}`);
        await play.closeCards();
      }
    }
    check(p.flip === p.goal_flip && turned(p), `piece ${i} turned by taps to its place's turn`);
    if (!check(placed, `piece ${i} dragged to its place`)) return;
  }
}

let exit = 0;
try {
  // A phone: 390 x 844, touch, the system in English.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    isMobile: true, hasTouch: true, locale: "en-US" });
  const play = await Play.open(phone, "phone", base, shotsDir);
  await play.until("the main menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  console.log(`the menu is drawn ${Date.now() - play.started} ms after the page was opened`);
  const menu = await play.shot("phone-menu");
  check((await play.colourful(menu.png)).share > 0.001, "the menu is drawn (its cover figure in colour)");

  // Offline: once the service worker has cached the page's files, the network goes (Chromium's
  // offline emulation, and the server cuts off every request) and the rest of the phone's play,
  // from a reload on, runs from the cache.
  await play.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await play.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120000 });
  server.offline = true;
  await phone.setOffline(true);
  // What reached the server while it answered nothing: the browser's own check for a newer
  // sw.js at each navigation aside (it bypasses the page's emulation; offline it fails, and the
  // cached worker goes on), nothing may.
  const asked = () => (server.refused || []).filter((url) => url !== "/sw.js");
  await play.goto();
  await play.until("the main menu, offline", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  check(asked().length === 0,
    `the page opens offline from its cache (the menu in ${Date.now() - play.started} ms; asked of the network: ${JSON.stringify(asked())})`);

  await play.pressUntil("menu-play", "the packs", (p) => p.state === "LevelSelect" && Array.isArray(p.marks["pack:classic"]));
  const grid = await play.pressUntil("pack:classic", "the classic grid",
    (p) => Object.keys(p.marks).some((k) => k.startsWith("level:classic/")), "back-packs");
  const firstCard = Object.keys(grid.marks).filter((k) => k.startsWith("level:classic/"))
    .sort((a, b) => grid.marks[a][1] - grid.marks[b][1] || grid.marks[a][0] - grid.marks[b][0])[0];
  const level = firstCard.slice("level:".length);
  await play.pressUntil(firstCard, `level ${level}`, (p) => p.state === "Playing" && p.level === level);
  // The first launch's tutorial card, which under load came up after the first piece was
  // turned and took its drags (CI waited ten minutes for a piece that never moved).
  await play.closeCards();
  await play.shot("phone-level");
  await placeEveryPiece(play);
  const solved = await play.seen("the level solved", (p) => p.solved === true);
  check(solved?.solved === true, `${level} solved by touch`);
  await play.until("the solved panel", (p) => Array.isArray(p.marks["solved-next"]));
  await play.shot("phone-solved");
  // A screen reader hears the solve: the page's polite live region says it.
  const region = await play.page.evaluate(() => {
    const r = document.getElementById("said");
    return r && { live: r.getAttribute("aria-live"), words: r.textContent };
  });
  check(region?.live === "polite" && /^Solved in \d+:\d\d/.test(region.words || ""),
    `the live region says the solve: ${JSON.stringify(region)}`);

  // The save outlives a reload: the game reads it back from the browser's storage.
  await play.goto();
  const back = await play.until("the menu after a reload", (p) => p.state === "MainMenu");
  check((back.completed || []).includes(level), `after a reload the game still has ${level} solved (its save: ${JSON.stringify(back.completed)})`);

  // Progress carried away and back: Export, in the settings, downloads the progress file; with
  // the page's storage cleared the level is unsolved; Import of that file solves it again.
  const settings = (p) => p.state === "Settings" && Array.isArray(p.marks["progress-export"]);
  // A widget tapped, and again (up to four times, said) while the page's `event` does not
  // come: a tap the page was too busy to see, as pressUntil allows for (a run once lost the
  // export's).
  const pressFor = async (id, event) => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      if (attempt > 1) console.log(`phone: ${id} pressed again (no ${event} yet)`);
      const came = play.page.waitForEvent(event, { timeout: 20000 }).catch(() => null);
      await play.press(id);
      const got = await came;
      if (got) return got;
    }
    throw new Error(`phone: ${id} pressed four times, and no ${event} came`);
  };
  await play.pressUntil("menu-settings", "the settings", settings);
  const got = await pressFor("progress-export", "download");
  const file = path.join(shotsDir, "progress.ron");
  await got.saveAs(file);
  const exported = fs.readFileSync(file, "utf8");
  check(exported.includes('"tessera-progress"') && exported.includes(`"${level}"`),
    `Export progress downloads the progress file (${got.suggestedFilename()}, ${exported.length} bytes)`);
  await play.until("the export said", (p) => Array.isArray(p.marks["progress-said"]));
  await play.shot("phone-exported");
  await play.page.evaluate(() => localStorage.clear());
  await play.goto();
  const cleared = await play.until("the menu, storage cleared", (p) => p.state === "MainMenu");
  check(!(cleared.completed || []).includes(level), "with the page's storage cleared the level is unsolved");
  await play.pressUntil("menu-settings", "the settings", settings);
  await play.pressUntil("progress-import", "the import field", (p) => Array.isArray(p.marks["progress-choose"]));
  await (await pressFor("progress-choose", "filechooser")).setFiles(file);
  const imported = await play.until("the import", (p) => (p.completed || []).includes(level) && Array.isArray(p.marks["progress-said"]));
  check(imported.completed.includes(level), `Import progress reads the file back: ${level} is solved again`);
  await play.shot("phone-imported");
  await play.goto();
  await play.until("the menu after a reload", (p) => p.state === "MainMenu");

  // A gamepad (Bevy reads the page's Gamepad API through gilrs): a page script stands in for
  // navigator.getGamepads() with a standard pad whose buttons and stick the test moves. On the
  // level just played: the right stick's press takes the focus to a piece, West turns it,
  // South picks it up, the left stick carries it and South drops it.
  const pad = await Play.open(phone, "pad", base, shotsDir, "", () => {
    const pad = { id: "Stand-in pad (STANDARD GAMEPAD)", index: 0, connected: true, mapping: "standard", timestamp: 0,
      buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })), axes: [0, 0, 0, 0] };
    window.tesseraPad = pad;
    navigator.getGamepads = () => [pad, null, null, null];
  });
  const button = async (i) => {
    for (const down of [true, false]) {
      await pad.page.evaluate(([i, down]) => Object.assign(window.tesseraPad.buttons[i], { pressed: down, value: +down }), [i, down]);
      await sleep(500);
    }
  };
  const stick = async (x, ms) => {
    await pad.page.evaluate((x) => { window.tesseraPad.axes[0] = x; }, x);
    await sleep(ms);
    await pad.page.evaluate(() => { window.tesseraPad.axes[0] = 0; });
    await sleep(300);
  };
  await pad.until("the main menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  await pad.pressUntil("menu-play", "the packs", (p) => p.state === "LevelSelect" && Array.isArray(p.marks["pack:classic"]));
  await pad.pressUntil("pack:classic", "the classic grid", (p) => Array.isArray(p.marks[firstCard]), "back-packs");
  await pad.pressUntil(firstCard, `level ${level}`, (p) => p.state === "Playing" && p.level === level && p.pieces.length > 0);
  const [STICK_PRESS, WEST, SOUTH] = [11, 2, 0];
  await button(STICK_PRESS);
  const before = (await pad.probe()).pieces;
  await button(WEST);
  const turned = await pad.seen("a piece turned by the pad", (p) => p.pieces.some((q, i) => q.rot !== before[i].rot));
  const which = turned ? turned.pieces.findIndex((q, i) => q.rot !== before[i].rot) : -1;
  if (!check(which >= 0, `a stand-in gamepad turns a piece (piece ${which}: West)`)) throw new Error("no piece turned by the pad");
  // The pad is read once a frame, and a frame drawn in software can outlast a press: a run
  // once waited ten minutes for a carry whose presses the game had not all seen. The whole
  // move is made again (up to three times, said) until the piece has moved.
  const moved = (p) => p && Math.abs(p.pieces[which].at[0] - turned.pieces[which].at[0]) > 10;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) console.log("pad: South, the stick, South again (the piece not carried yet)");
    await button(SOUTH);
    await stick(1, 1200);
    await button(SOUTH);
    const t0 = Date.now();
    while (!moved(await pad.probe()) && Date.now() - t0 < 15000) await sleep(300);
    if (moved(await pad.probe())) break;
  }
  const carried = await pad.seen("a piece carried by the pad", moved);
  check(moved(carried), `a stand-in gamepad carries it (${turned.pieces[which].at.map(Math.round)} -> ${carried?.pieces[which].at.map(Math.round)}: South, the stick, South)`);
  await pad.shot("phone-gamepad");
  await pad.page.close();

  // An edge-matching level and a polycube level, from share links, and a piece list: drawn in
  // colour. (The polycube level's coloured share is its tray of small pieces: 1.9% of the
  // screen.)
  const links = [["edge", edgeCode, 3, 0.02], ["polycube", cubeCode, 2, 0.015]];
  if (pieceList) links.push(["list", pieceList, 3, 0.02]);
  for (const [name, code, hues, share] of links) {
    await play.goto(`&code=${encodeURIComponent(code)}`);
    const p = await play.until(`the ${name} level from its link`, (p) => p.state === "Playing" && p.level && p.level.startsWith("shared/"));
    if (name === "list") check(p.level.startsWith("shared/list-") && p.score && p.score[1] > 0, `a piece list opens as a board played for the score (${p.level}, ${JSON.stringify(p.score)})`);
    // The software renderer may still be filling the level in: look again for a few seconds.
    let seen;
    for (let tries = 0; tries < 8; tries++) {
      await sleep(tries === 0 ? 1500 : 700);
      seen = await play.colourful((await play.shot(`phone-${name}`)).png);
      if (seen.share > share && seen.hues >= hues) break;
    }
    check(seen.share > share && seen.hues >= hues, `the ${name} level ${p.level} is drawn in colour (${(seen.share * 100).toFixed(1)}% of the screen, ${seen.hues} hues)`);
    // A hint: worked out on the solver's own thread (a Web Worker) and shown. The family's
    // introduction card may come up a few frames after the level is drawn (the polycube run
    // that failed had it still up, and no hint, ten minutes on): it is closed first. (Tapped
    // where the probe saw its button, not waited for: a card closed by the tap before may
    // still be in the probe of the frame after, and waiting for its button to come back
    // waited out the ten minutes' patience, the red CI of 13f2bad.)
    await play.closeCards();
    const hinted = await play.pressUntil("tool-hint", `a hint on the ${name} level`, (q) => q.hinted === true);
    check(["hint-fine", "hint-next", "hint-here"].includes(hinted.hint), `a hint on the ${name} level comes back from the solver's thread (${hinted.hint})`);
  }
  // Levels of triangles and hexagons (LATTICE_CODE: a hexiamond and a polyhex level), from
  // their links: every piece turned by taps (sixths of a turn), mirrored by a double tap and
  // dragged to its place, where it snaps onto the cells, until the level is solved.
  for (const code of latticeCodes) {
    await play.goto(`&code=${encodeURIComponent(code)}`);
    const p = await play.until("a level of triangles or hexagons from its link", (p) => p.state === "Playing" && p.level && p.level.startsWith("shared/"));
    check(p.turns === 6, `${p.level} turns in sixths (${p.turns})`);
    await play.closeCards();
    await play.shot(`phone-lattice-${p.level.slice("shared/".length)}`);
    await placeEveryPiece(play);
    const solved = await play.seen(`${p.level} solved`, (q) => q.solved === true);
    check(solved?.solved === true, `${p.level} solved by touch`);
    await play.shot(`phone-lattice-solved-${p.level.slice("shared/".length)}`);
  }
  check(asked().length === 0, `the phone's play offline asked nothing of the network (cut off: ${JSON.stringify(asked())})`);
  await phone.close();
  server.offline = false;

  // A phone whose system speaks Portuguese and asks for a dark look: the first launch takes both
  // (a true first launch, no save at all: the edges as smooth as a player first sees them).
  const pt = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    isMobile: true, hasTouch: true, locale: "pt-BR", colorScheme: "dark" });
  const ptPlay = await Play.open(pt, "phone-pt", base, shotsDir, "", null, { rough: false });
  const ptMenu = await ptPlay.until("the menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  check(ptMenu.language === "pt-BR", `the system's language is taken (${ptMenu.language})`);
  const dark = await ptPlay.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const [r, gr, b] = g.getImageData(4, img.height - 4, 1, 1).data;
    return (r + gr + b) / 3;
  }, (await ptPlay.shot("menu-dark")).png.toString("base64"));
  check(dark < 80, `the system's dark look is taken (the page's corner is ${dark.toFixed(0)} of 255)`);
  await pt.close();

  // A desktop window: 1280 x 800, mouse; the menu and two levels, to look at.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const desk = await Play.open(wide, "desktop", base, shotsDir);
  const deskMenu = await desk.until("the main menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  check(!Array.isArray(deskMenu.marks["menu-quit"]) && Array.isArray(deskMenu.marks["menu-settings"]),
    "a page has no Quit button, even as wide as a desktop (its tab closes it)");
  await desk.shot("wide-menu");
  for (const [name, code] of [["edge", edgeCode], ["polycube", cubeCode]]) {
    await desk.goto(`&code=${code}`);
    await desk.until(`the ${name} level`, (p) => p.state === "Playing");
    await sleep(1500);
    const shot = await desk.shot(`wide-${name}`);
    const seen = await desk.colourful(shot.png);
    check(seen.share > 0.005 && seen.hues >= 3,
      `the ${name} level is drawn in colour at 1280 x 800 (${(seen.share * 100).toFixed(1)}% of the screen, ${seen.hues} hues)`);
  }

  // A new build on the server (here: sw.js with another version, and a mark in the page): the
  // running page keeps its version, the new worker caches its files whole, and the page says
  // an update is ready; a tap on the notice restarts into the new version.
  await desk.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120000 });
  // A linked level's code is taken from the address once opened: a reload does not open (and
  // add) it again.
  check(!desk.page.url().includes("code="), `the address keeps no code once its level is open (${desk.page.url()})`);
  // An unsolved board to keep across the update: the edge level again, a tile carried by the
  // mouse.
  await desk.goto(`&code=${edgeCode}`);
  const dealt = await desk.until("the edge level again", (p) => p.state === "Playing" && p.pieces.length > 0);
  await sleep(1500);
  const [x0, y0] = dealt.pieces[0].at;
  await desk.page.mouse.move(x0, y0);
  await desk.page.mouse.down();
  for (let k = 1; k <= 6; k++) await desk.page.mouse.move(x0 - 25 * k, y0 - 15 * k);
  await desk.page.mouse.up();
  const played = (p) => p.pieces.some((q, i) => Math.hypot(q.at[0] - dealt.pieces[i].at[0], q.at[1] - dealt.pieces[i].at[1]) > 20);
  const carriedTile = await desk.seen("a tile moved by the mouse", played);
  check(carriedTile !== null, "a tile of the edge level moved by the mouse, before the update");
  // A second tab of the game, at its menu, beside the first.
  const other = await Play.open(wide, "desktop-2", base, shotsDir);
  await other.until("the second tab's menu", (p) => p.state === "MainMenu");
  const files = ["sw.js", "index.html"].map((f) => [`${pageDir}/${f}`, fs.readFileSync(`${pageDir}/${f}`, "utf8")]);
  try {
    const [[swPath, sw], [pagePath, html]] = files;
    fs.writeFileSync(swPath, sw.replace(/const VERSION = "([^"]*)"/, 'const VERSION = "$1-next"'));
    fs.writeFileSync(pagePath, html.replace("</body>", "<!-- the next build --></body>"));
    const before = await desk.probe();
    await desk.page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await desk.page.waitForSelector("#update:not([hidden])", { timeout: 120000 });
    const still = await desk.probe();
    check(still.state === before.state && still.level === before.level,
      `while a new version is cached the running game goes on (${still.state} ${still.level})`);
    await desk.shot("wide-update-ready");
    // "Later" holds: the other tab takes the update and restarts, this one goes on as it was.
    await desk.page.click("#update-later");
    await desk.page.evaluate(() => { window.stillThisPage = true; });
    await other.page.waitForSelector("#update:not([hidden])", { timeout: 120000 });
    await other.page.click("#update-now");
    await other.page.waitForFunction(() => document.documentElement.innerHTML.includes("the next build"), null, { timeout: 120000 });
    await sleep(3000);
    const held = await desk.page.evaluate(() => window.stillThisPage === true).catch(() => false);
    const kept = await desk.probe();
    check(held && kept.state === before.state && kept.level === before.level,
      `"Later" holds while another tab takes the update (${held ? "not reloaded" : "reloaded"}, ${kept.state} ${kept.level})`);
    // No mixed build: the tab that held on runs the worker of its own build (fetched whole as
    // it started, a blob), and its hints still come back from it.
    const ownWorker = await desk.page.evaluate(() => String(window.tesseraWorkerUrl || ""));
    const click = async (id) => { const [x, y] = await desk.mark(id); await desk.page.mouse.click(x, y); };
    for (const card of ["tutorial-close", "intro-close"]) {
      if (Array.isArray((await desk.probe()).marks[card])) await click(card);
    }
    await click("tool-hint");
    const hinted = await desk.seen("a hint in the tab that held on",
      (p) => ["hint-fine", "hint-lift", "hint-next", "hint-here", "hint-done"].includes(p.hint));
    check(ownWorker.startsWith("blob:") && hinted !== null,
      `the tab that held on keeps its own build's worker (${ownWorker.slice(0, 5)}...) and its hint comes (${hinted?.hint})`);
    const laid = await desk.probe();
    await desk.page.evaluate(() => { document.getElementById("update").hidden = false; });
    await desk.page.click("#update-now");
    await desk.page.waitForFunction(() => document.documentElement.innerHTML.includes("the next build"), null, { timeout: 120000 });
    const next = await desk.seen("the game in the new version", (p) => p.state === before.state && p.level === before.level);
    check(next?.level === before.level, `a tap on the notice restarts into the new version (${next?.state} ${next?.level})`);
    // Its board as it lay: every piece where it was (the moved tile too), none dealt anew.
    const same = (p) => p.pieces.length === laid.pieces.length && p.pieces.every((q, i) =>
      Math.hypot(q.at[0] - laid.pieces[i].at[0], q.at[1] - laid.pieces[i].at[1]) < 3 && q.rot === laid.pieces[i].rot);
    const resumed = await desk.seen("the board as it lay", (p) => p.state === "Playing" && same(p));
    check(resumed !== null && played(resumed),
      `the unsolved board is kept across the restart (tile 0 at ${resumed?.pieces[0].at.map(Math.round)}, before ${laid.pieces[0].at.map(Math.round)}, dealt at ${dealt.pieces[0].at.map(Math.round)})`);
  } finally {
    for (const [file, text] of files) fs.writeFileSync(file, text);
  }
  await wide.close();
} catch (e) {
  check(false, e.message);
  exit = 1;
} finally {
  await browser.close();
  server.close();
}
console.log(`web: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || exit ? 1 : 0);
