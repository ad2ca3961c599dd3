// Benchmark (not a test) of the web build in headless Chromium (SwiftShader), as a phone:
//
//   node benches/web.mjs PAGE_DIR LEVEL_CODE...
//
// Reports the .wasm's size (raw, gzip -9 and brotli: what a phone downloads), then a first
// visit on a 12 Mbps link (Chromium's network emulation: 12 Mbps down, 3 up, 20 ms): the time
// to the loading screen's first paint and to the first drawn menu; the same page opened again
// from the offline cache (the service worker's, the network cut off); and for a hint on each level (opened from its share link): the time to the answer,
// and the longest main-thread task and the longest gap between two drawn frames while it is
// worked out, beside the same measures while a piece is turned with no solver at work. (The
// hint runs in a Web Worker: solver work on the page's thread would show as the difference.)
// Then the page's CPU on still screens, as a phone's battery pays it: the browser's renderer
// and GPU processes (DevTools' SystemInfo.getProcessInfo) over 10 s of a still menu and of a
// still level (the first level code's: in its tutorial, the clock held at 0:00, then with the
// tutorial skipped and the clock running), opened without the probe, after 10 s to settle.
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
const mb = (n) => (n / 1e6).toFixed(2);
// The twins scripts/web --release wrote (else made here, brotli at a quicker quality).
const twin = (suffix, make) => {
  const file = path.join(pageDir, `tessera_bg.wasm${suffix}`);
  return fs.existsSync(file) ? fs.statSync(file).size : make().length;
};
const gz = twin(".gz", () => zlib.gzipSync(wasm, { level: 9 }));
const br = twin(".br", () => zlib.brotliCompressSync(wasm, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
console.log(`wasm: ${mb(wasm.length)} MB, gzip -9: ${mb(gz)} MB, brotli: ${mb(br)} MB`);

const { base, server } = await serve(pageDir);
const browser = await launch();
const shots = fs.mkdtempSync("/tmp/tessera-bench-");
try {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    isMobile: true, hasTouch: true, locale: "en-US" });
  // A first visit on a 12 Mbps link.
  const page = await phone.newPage();
  const cdp = await phone.newCDPSession(page);
  await cdp.send("Network.enable");
  const link = (mbps) => cdp.send("Network.emulateNetworkConditions", { offline: false, latency: mbps ? 20 : 0,
    downloadThroughput: mbps ? (mbps * 1e6) / 8 : -1, uploadThroughput: mbps ? (3 * 1e6) / 8 : -1 });
  await link(12);
  const play = new Play(page, cdp, "bench", base, shots);
  await play.goto();
  const menu = (p) => p.state === "MainMenu" && Array.isArray(p.marks["menu-play"]);
  await play.until("the main menu", menu);
  const firstMenu = Date.now() - play.started;
  const paint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
  const encodings = (server.encodings || []).filter((e) => e.startsWith("tessera_bg.wasm"));
  console.log(`first visit, 12 Mbps: the loading screen painted at ${paint?.toFixed(0)} ms, the first menu drawn ` +
    `${firstMenu} ms after the page was opened (the module sent as: ${encodings.join(", ")})`);
  // Opened again with the network gone: from the service worker's cache.
  await link(0);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 600000 });
  server.offline = true;
  await phone.setOffline(true);
  await play.goto();
  await play.until("the main menu, offline", menu);
  console.log(`opened again offline, from the cache: the first menu drawn ${Date.now() - play.started} ms after the page was opened`);
  await phone.setOffline(false);
  server.offline = false;

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
    const of = (type) => processInfo.filter((p) => p.type === type).reduce((s, p) => s + p.cpuTime, 0);
    return [of("renderer"), of("GPU")];
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
    const share = (i) => (100 * (c1[i] - c0[i])) / s;
    console.log(`still ${what}: ${(share(0) + share(1)).toFixed(1)}% of a core (renderer ${share(0).toFixed(1)}%, ` +
      `GPU ${share(1).toFixed(1)}%; ${s.toFixed(0)} s, no probe), ${((f1 - f0) / s).toFixed(1)} frames a second`);
    await page.close();
  };
  await play.page.goto("about:blank");
  await still("menu", "");
  // A level opened on a first visit teaches its controls: its clock stands at 0:00.
  await still("level, in the tutorial", `?code=${codes[0]}`);
  // The tutorial skipped (the page's storage remembers it): the clock runs, showing seconds.
  await play.goto(`&code=${codes[0]}`);
  await play.until("the level open", (p) => p.state === "Playing" && p.pieces.length > 0);
  await play.press("tutorial-close");
  await sleep(1000);
  await play.page.goto("about:blank");
  await still("level, its clock running", `?code=${codes[0]}`);
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
