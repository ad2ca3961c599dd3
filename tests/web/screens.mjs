// Every screen of the page on a phone held sideways (844 x 390) and, with
// TESSERA_WEB_SIZES=all, on tablets (1024 x 768, 768 x 1024) and on a phone held upright
// (390 x 844), by touch: every widget a finger presses
// is at least 44 x 44 px, none lies outside the screen (a widget below a scroll area's fold is
// scrolled out of view, not off the screen), and none overlaps another, as tests/slow/phone.rs
// checks the native layout.
//
//   node tests/web/screens.mjs PAGE_DIR SHOTS_DIR LEVEL_CODE...
//
// Screens: the menu, the settings (Import's chooser opens in view), the level packs, a
// pack's levels, the editor's home, and the level of each LEVEL_CODE (sideways, a polycube
// level's view turned by one finger and a piece put in the box). Shots of the menu, the
// settings and each level at each size go to SHOTS_DIR.
// Ends with the plain summary line "web: N passed, N failed".

import fs from "node:fs";
import { Play, launch, serve, sleep } from "./page.mjs";

const [pageDir, shotsDir, ...levelCodes] = process.argv.slice(2);
if (!pageDir || !shotsDir || levelCodes.length === 0) {
  console.error("usage: node tests/web/screens.mjs PAGE_DIR SHOTS_DIR LEVEL_CODE...");
  process.exit(2);
}
fs.mkdirSync(shotsDir, { recursive: true });
const { base, server } = await serve(pageDir);
const browser = await launch();

// A phone held sideways, where only the browser can check what a finger does (the 3D view
// turned by one finger, a piece put in the box by two taps, Import's chooser scrolled into
// view). The layouts of tablets either way up and of a phone held upright are checked by
// tests/slow/phone.rs (the same egui layout, natively, with a coarse pointer) in a fraction of
// the time; TESSERA_WEB_SIZES=all checks them here too.
const SIZES = [[844, 390, "sideways"]].concat(process.env.TESSERA_WEB_SIZES === "all"
  ? [[1024, 768, "tablet"], [768, 1024, "tablet-upright"], [390, 844, "phone"]] : []);

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
  // (Scrolled out of view above the area's top, or below its fold.)
  const folded = (r) => views.some((v) => r[0] >= v[0] - 0.5 && r[2] <= v[2] + 0.5 && (r[3] > v[3] + 0.5 || r[1] < v[1] - 0.5));
  return p.widgets.filter((x) => x.rect && !["Label", "ScrollBar"].includes(x.role) && off(x.rect) && !folded(x.rect))
    .map((x) => `${x.role} "${x.words}" at ${x.rect.map(Math.round)}`)
    .concat(views.filter(off).map((v) => `a scroll area at ${v.map(Math.round)}`));
}

// Widgets a finger presses that are smaller than 44 x 44 px, or that overlap another.
const TOUCH = 44;
function small(p) {
  return pressable(p).filter((x) => x.rect[2] - x.rect[0] < TOUCH - 0.5 || x.rect[3] - x.rect[1] < TOUCH - 0.5)
    .map((x) => `${x.role} "${x.words}" ${Math.round(x.rect[2] - x.rect[0])}x${Math.round(x.rect[3] - x.rect[1])}`);
}
function overlapping(p) {
  const w = pressable(p), out = [];
  for (let i = 0; i < w.length; i++) {
    for (let j = i + 1; j < w.length; j++) {
      const [a, b] = [w[i].rect, w[j].rect];
      const inside = (r, o) => r[0] >= o[0] - 0.5 && r[1] >= o[1] - 0.5 && r[2] <= o[2] + 0.5 && r[3] <= o[3] + 0.5;
      // (A widget within another is its part: a combo box's button, a card's own link.)
      if (Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1
        && !inside(a, b) && !inside(b, a)) out.push(`"${w[i].words}" and "${w[j].words}"`);
    }
  }
  return out;
}
function pressable(p) {
  // Below a scroll area's fold a widget is out of view, not pressed.
  const views = Object.entries(p.marks).filter(([k]) => k.startsWith("scroll:")).map(([, v]) => v);
  const hidden = (r) => views.some((v) => r[0] >= v[0] - 0.5 && r[2] <= v[2] + 0.5 && (r[3] > v[3] + 0.5 || r[1] < v[1] - 0.5));
  return p.widgets.filter((x) => x.rect && x.enabled && !["Label", "ScrollBar"].includes(x.role) && !hidden(x.rect));
}

// Held sideways, a polycube level: its 3D view at least half the screen's height, turned by
// one finger dragged across it, and a tray piece tapped then put in the box by a tap on it.
async function cubeBySideways(play, level, w, h) {
  const v = level.solid;
  check(v[3] - v[1] >= h / 2, `${w} x ${h}: the 3D view is ${Math.round(v[3] - v[1])} px high, at least half the screen`);
  const mid = [(v[0] + v[2]) / 2, (v[1] + v[3]) / 2];
  await play.drag([mid[0] - 60, mid[1]], [mid[0] + 60, mid[1]]);
  const turned = await play.until("the view turned", (p) => Math.abs(p.yaw - level.yaw) > 0.05).catch(() => null);
  check(turned !== null, `${w} x ${h}: one finger across the 3D view turns it`);
  const piece = level.pieces[0].at;
  await play.tap(piece);
  await sleep(600);
  let placed = false;
  for (const [dx, dy] of [[0, 0], [0, 20], [0, -20], [20, 0], [-20, 0]]) {
    await play.tap([mid[0] + dx, mid[1] + dy]);
    placed = (await play.seen("a piece in the box", (p) => p.progress > 0)) !== null;
    if (placed) break;
  }
  check(placed, `${w} x ${h}: a tray piece put in the box by two taps`);
}

let exit = 0;
try {
  for (const [w, h, name] of SIZES) {
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
      const tiny = small(p);
      check(tiny.length === 0, `${w} x ${h}: ${what}, every target at least 44 x 44 px${tiny.length ? `: ${tiny.join("; ")}` : ""}`);
      const over = overlapping(p);
      check(over.length === 0, `${w} x ${h}: ${what}, no targets overlapping${over.length ? `: ${over.join("; ")}` : ""}`);
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
    await play.shot(`${name}-settings`);
    // Import opens its field and its file chooser in view (held sideways they opened below
    // the fold, and the tap seemed to do nothing). A short screen scrolls the settings to
    // Import first, as a finger does.
    for (let k = 0; k < 3; k++) {
      const p = await play.probe();
      const [view, button] = [p.marks["scroll:settings"], p.marks["progress-import"]];
      if (!view || !button || button[3] <= view[3]) break;
      const x = (view[0] + view[2]) / 2;
      await play.drag([x, view[3] - 12], [x, view[1] + 12]);
      await sleep(800);
    }
    await play.pressUntil("progress-import", "the import field", (p) => Array.isArray(p.marks["progress-choose"]));
    const opened = await look("the import field", (p) => Array.isArray(p.marks["progress-choose"]));
    const choose = opened.marks["progress-choose"];
    check(choose[1] >= 0 && choose[3] <= h, `${w} x ${h}: Import's "Choose file" in view at ${choose.map(Math.round)}`);
    const chooser = play.page.waitForEvent("filechooser", { timeout: 8000 }).then(() => true, () => false);
    await play.tap([(choose[0] + choose[2]) / 2, (choose[1] + choose[3]) / 2]);
    check(await chooser, `${w} x ${h}: a tap on "Choose file" opens the file chooser`);
    await play.pressUntil("settings-back", "the menu", menu);
    await play.pressUntil("menu-create", "the editor", (p) => p.state !== "MainMenu");
    await look("the editor's home", (p) => p.state !== "MainMenu");
    await play.goto();
    await play.until("the menu", menu);
    await play.pressUntil("menu-play", "the packs", (p) => p.state === "LevelSelect" && Array.isArray(p.marks["pack:classic"]));
    await look("the level packs", (p) => p.state === "LevelSelect");
    await play.pressUntil("pack:classic", "the classic levels", (p) => Object.keys(p.marks).some((k) => k.startsWith("level:classic/")), "back-packs");
    await look("a pack's levels", (p) => Object.keys(p.marks).some((k) => k.startsWith("level:classic/")));
    for (const [k, levelCode] of levelCodes.entries()) {
      await play.goto(`&code=${encodeURIComponent(levelCode)}`);
      await play.until("the level", (p) => p.state === "Playing" && p.pieces.length > 0);
      await play.closeCards();
      const level = await look(`level ${k + 1}`, (p) => p.state === "Playing");
      await play.shot(`${name}-level-${k + 1}`);
      if (level.solid && name === "sideways") await cubeBySideways(play, level, w, h);
    }
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
