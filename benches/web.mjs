// Benchmark (not a test) of the web build in headless Chromium (SwiftShader), as a phone:
//
//   node benches/web.mjs PAGE_DIR LEVEL_CODE...
//
// Reports the .wasm's size (and gzipped), the time from opening the page to the first drawn
// menu, and for a hint on each level (opened from its share link): the time to the answer,
// and the longest main-thread task and the longest gap between two drawn frames while it is
// worked out, beside the same measures while a piece is turned with no solver at work. (The
// hint runs in a Web Worker: solver work on the page's thread would show as the difference.)
// Then the page's CPU on still screens, as a phone's battery pays it: the browser's renderer
// and GPU processes (DevTools' SystemInfo.getProcessInfo) over 10 s of a still menu and of a
// still level (the first level code's), opened without the probe, after 10 s to settle.
// benches/web.sh builds the release page and picks the levels.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { Play, launch, serve, sleep } from "../tests/web/page.mjs";

const [pageDir, ...codes] = process.argv.slice(2);
if (!pageDir || codes.length === 0) {
  console.error("usage: node benches/web.mjs PAGE_DIR LEVEL_CODE...");
  process.exit(2);
}
const wasm = fs.readFileSync(path.join(pageDir, "tessera_bg.wasm"));
const mb = (n) => (n / 1e6).toFixed(1);
console.log(`wasm: ${mb(wasm.length)} MB, gzip -9: ${mb(zlib.gzipSync(wasm, { level: 9 }).length)} MB`);

const { base, server } = await serve(pageDir);
const browser = await launch();
const shots = fs.mkdtempSync("/tmp/tessera-bench-");
try {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    isMobile: true, hasTouch: true, locale: "en-US" });
  const play = await Play.open(phone, "bench", base, shots);
  await play.until("the main menu", (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]));
  console.log(`first drawn menu: ${Date.now() - play.started} ms after the page was opened`);

  // Frame gaps and long tasks (over 50 ms) on the page's thread, from now until `stop()`.
  const measure = async (what, act, done) => {
    await play.page.evaluate(() => {
      window.__bench = { gaps: [], tasks: [], last: performance.now(), on: true };
      const b = window.__bench;
      new PerformanceObserver((l) => l.getEntries().forEach((e) => b.tasks.push(e.duration))).observe({ type: "longtask" });
      const tick = (t) => { if (!b.on) return; b.gaps.push(t - b.last); b.last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    await sleep(300);
    const t0 = Date.now();
    await act();
    const end = await play.until(what, done);
    const ms = Date.now() - t0;
    await sleep(500);
    const r = await play.page.evaluate(() => { window.__bench.on = false; return window.__bench; });
    const max = (v) => Math.max(0, ...v).toFixed(0);
    const said = end.hint ? ` (${end.hint})` : "";
    console.log(`  ${what}${said}: ${ms} ms from the tap; longest task ${max(r.tasks)} ms, longest frame gap ${max(r.gaps.slice(1))} ms`);
  };

  // CPU seconds of the renderer and GPU processes so far.
  const system = await browser.newBrowserCDPSession();
  const cpu = async () => {
    const { processInfo } = await system.send("SystemInfo.getProcessInfo");
    return processInfo.filter((p) => p.type === "renderer" || p.type === "GPU").reduce((s, p) => s + p.cpuTime, 0);
  };
  const still = async (what, query) => {
    const page = await phone.newPage();
    // Frames drawn: winit asks the page for an animation frame to draw each one.
    await page.addInitScript(() => {
      const ask = window.requestAnimationFrame.bind(window);
      window.tesseraFrames = 0;
      window.requestAnimationFrame = (f) => { window.tesseraFrames++; return ask(f); };
    });
    await page.goto(`${base}${query}`);
    await sleep(10000);
    const frames = () => page.evaluate(() => window.tesseraFrames);
    const [c0, f0, t0] = [await cpu(), await frames(), Date.now()];
    await sleep(10000);
    const [c1, f1, s] = [await cpu(), await frames(), (Date.now() - t0) / 1000];
    console.log(`still ${what}: ${((100 * (c1 - c0)) / s).toFixed(1)}% of a core (renderer and GPU processes, ` +
      `${s.toFixed(0)} s, no probe), ${((f1 - f0) / s).toFixed(1)} frames a second`);
    await page.close();
  };
  await play.page.goto("about:blank");
  await still("menu", "");
  await still("level", `?code=${codes[0]}`);
  await play.goto();

  for (const code of codes) {
    await play.goto(`&code=${code}`);
    const name = (await play.until("the level open", (p) => p.state === "Playing" && p.pieces.length > 0)).level;
    for (const card of ["tutorial-close", "intro-close"]) {
      if (Array.isArray((await play.probe()).marks[card])) await play.press(card);
    }
    // Where the pieces are once the cards are closed (the tray may move when one goes).
    await sleep(500);
    const p = await play.probe();
    console.log(`${name} (${p.pieces.length} pieces):`);
    const first = p.pieces[0].at;
    // A tap selects the piece; another, after the double tap's window, turns it.
    await play.tap(first);
    await sleep(500);
    await measure("a piece turned, no solver", () => play.tap(first), (q) => q.pieces[0].rot !== p.pieces[0].rot);
    await measure("a hint", () => play.press("tool-hint"), (q) => q.hinted === true);
  }
} finally {
  await browser.close();
  server.close();
}
