// Every screen of the page on a phone held sideways (844 x 390) and on tablets (1024 x 768,
// 768 x 1024), by touch: no widget a finger presses lies outside the screen, as
// tests/slow/phone.rs checks the native layout (a widget below a scroll area's fold is
// scrolled out of view, not off the screen).
//
//   node tests/web/screens.mjs PAGE_DIR LEVEL_CODE SHOTS_DIR
//
// Screens: the menu, the settings, the level packs, a pack's levels, the editor's home, and
// the level of LEVEL_CODE. Shots of the menu and the level at each size go to SHOTS_DIR.
// Ends with the plain summary line "web: N passed, N failed".

import fs from "node:fs";
import { Play, launch, serve, sleep } from "./page.mjs";

const [pageDir, levelCode, shotsDir] = process.argv.slice(2);
if (!pageDir || !levelCode || !shotsDir) {
  console.error("usage: node tests/web/screens.mjs PAGE_DIR LEVEL_CODE SHOTS_DIR");
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

// The widgets a finger presses that lie outside a w x h screen, but for those below a scroll
// area's fold.
function outside(p, w, h) {
  const views = Object.entries(p.marks).filter(([k]) => k.startsWith("scroll:")).map(([, v]) => v);
  const off = (r) => r[0] < -0.5 || r[1] < -0.5 || r[2] > w + 0.5 || r[3] > h + 0.5;
  const folded = (r) => views.some((v) => r[0] >= v[0] - 0.5 && r[2] <= v[2] + 0.5 && r[1] >= v[1] - 0.5 && r[3] > v[3] + 0.5);
  return p.widgets.filter((x) => x.rect && !["Label", "ScrollBar"].includes(x.role) && off(x.rect) && !folded(x.rect))
    .map((x) => `${x.role} "${x.words}" at ${x.rect.map(Math.round)}`)
    .concat(views.filter(off).map((v) => `a scroll area at ${v.map(Math.round)}`));
}

let exit = 0;
try {
  for (const [w, h, name] of [[844, 390, "sideways"], [1024, 768, "tablet"], [768, 1024, "tablet-upright"]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1,
      isMobile: true, hasTouch: true, locale: "en-US", serviceWorkers: "block" });
    const play = await Play.open(context, name, base, shotsDir);
    // A screen once its widgets have stayed put for over a second (a window's first frame
    // places it before it knows its size, and a frame drawn in software takes 300 ms or more):
    // checked for widgets outside.
    const look = async (what, holds) => {
      let p = await play.until(what, holds), seen = "", same = 0;
      for (let k = 0; k < 40 && same < 3; k++) {
        const now = JSON.stringify([p.widgets, p.marks]);
        same = now === seen ? same + 1 : 0;
        seen = now;
        await sleep(400);
        p = await play.probe();
      }
      const out = outside(p, w, h);
      check(out.length === 0 && p.widgets.length > 0,
        `${w} x ${h}: ${what}, ${p.widgets.length} widgets, none outside the screen${out.length ? `: ${out.join("; ")}` : ""}`);
      return p;
    };
    const menu = (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]);
    await look("the menu", menu);
    // One tap on a still screen (no frame drawn for seconds) is taken: the frame it wakes
    // reads the time of the tap, not of the frame before the wait (every tap of the kind went
    // unseen, a tap held, by that clock, for the whole wait).
    const settings = await play.mark("menu-settings");
    await sleep(3000);
    const t0 = Date.now();
    await play.tap(settings);
    const tapped = await play.until("the settings", (p) => p.state !== "MainMenu" || Date.now() - t0 > 8000);
    if (!check(tapped.state === "Settings", `${w} x ${h}: one tap on a still menu opens the settings (${tapped.state})`)) {
      await play.pressUntil("menu-settings", "the settings", (p) => p.state === "Settings");
    }
    await look("the settings", (p) => p.state === "Settings");
    await play.pressUntil("settings-back", "the menu", menu);
    await play.pressUntil("menu-create", "the editor", (p) => p.state !== "MainMenu");
    await look("the editor's home", (p) => p.state !== "MainMenu");
    await play.goto();
    await play.until("the menu", menu);
    await play.pressUntil("menu-play", "the packs", (p) => p.state === "LevelSelect" && Array.isArray(p.marks["pack:classic"]));
    await look("the level packs", (p) => p.state === "LevelSelect");
    await play.pressUntil("pack:classic", "the classic levels", (p) => Object.keys(p.marks).some((k) => k.startsWith("level:classic/")), "back-packs");
    await look("a pack's levels", (p) => Object.keys(p.marks).some((k) => k.startsWith("level:classic/")));
    await play.goto(`&code=${encodeURIComponent(levelCode)}`);
    await play.until("the level", (p) => p.state === "Playing" && p.pieces.length > 0);
    for (const t0 = Date.now(); Date.now() - t0 < 4000; await sleep(300)) {
      const marks = (await play.probe()).marks;
      const card = ["tutorial-close", "intro-close"].find((c) => Array.isArray(marks[c]));
      // (Tapped where the probe saw it: waiting for a card gone by then would wait forever.)
      if (card) await play.tap([(marks[card][0] + marks[card][2]) / 2, (marks[card][1] + marks[card][3]) / 2]);
    }
    await look("a level", (p) => p.state === "Playing");
    await play.shot(`${name}-level`);
    await play.goto();
    await play.until("the menu", menu);
    await play.shot(`${name}-menu`);
    await context.close();
  }
} catch (e) {
  check(false, e.message.slice(0, 600));
  exit = 1;
} finally {
  await browser.close();
  server.close();
}
console.log(`web: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || exit ? 1 : 0);
