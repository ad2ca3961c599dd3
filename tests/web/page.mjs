// The harness the browser's test (play.mjs) and benchmark (benches/web.mjs) share: the page
// served as a static host serves it, Debian's Chromium launched through playwright-core, and
// `Play`, one page of the game: its probe (`?probe=1`: the game publishes where its widgets
// and pieces are in the page's global `tesseraProbe`), touch input through the DevTools
// protocol, and screenshots.

import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

// A guard against a hang (a page that never draws), not a speed limit.
const PATIENCE_MS = 10 * 60 * 1000;

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// Serves `dir` on a free port of 127.0.0.1, as scripts/serve.py does (a file's precompressed
// twin, FILE.br or FILE.gz, brotli- or gzip-encoded, as the browser takes them; each answer's
// encoding is noted in `server.encodings`); resolves to the page's address and the server.
// While `server.offline` is true every request is cut off unanswered, as with no network;
// while `server.cut` is a fraction, the module's download stops after that share of it.
export async function serve(dir) {
  // Wasm with its own type, so it compiles while it downloads.
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
    ".svg": "image/svg+xml", ".png": "image/png", ".webmanifest": "application/manifest+json" };
  const root = path.resolve(dir);
  // (Headers up to 1 MiB: a share link's long code reaches the page, as behind a host that
  // takes long addresses.)
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    if (server.offline) { (server.refused ||= []).push(req.url); return req.socket.destroy(); }
    const name = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
    const file = path.join(root, path.normalize(name));
    if (!file.startsWith(root) || !fs.existsSync(file)) { res.writeHead(404); return res.end(); }
    const type = types[path.extname(file)] || "application/octet-stream";
    const taken = req.headers["accept-encoding"] || "";
    const [twin, encoding] = [[".br", "br"], [".gz", "gzip"]]
      .find(([suffix, encoding]) => taken.includes(encoding) && fs.existsSync(file + suffix)) || [];
    const body = twin ? file + twin : file;
    const size = fs.statSync(body).size;
    (server.encodings ||= []).push(`${name} ${encoding || "identity"}`);
    res.writeHead(200, { "content-type": type, "content-length": size, ...(encoding ? { "content-encoding": encoding } : {}) });
    // A download cut off: the module's first `server.cut` of its bytes, then the connection
    // drops (a phone's network gone halfway).
    if (server.cut && type === "application/wasm") {
      return fs.createReadStream(body, { end: Math.floor(size * server.cut) - 1 })
        .on("end", () => setTimeout(() => req.socket.destroy(), 200)).pipe(res, { end: false });
    }
    fs.createReadStream(body).pipe(res);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { base: `http://127.0.0.1:${server.address().port}/`, server };
}

// Debian's Chromium, headless, drawing WebGL2 in software (SwiftShader).
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
      "--disable-quic", "--disable-background-timer-throttling", "--disable-renderer-backgrounding"],
  });
}

// One page of the game: its probe, touch input and screenshots.
export class Play {
  constructor(page, cdp, name, base, shots) {
    Object.assign(this, { page, cdp, name, base, shots, step: 0 });
  }
  // `init`, a function, runs in the page before the game's scripts (a stand-in device).
  // `rough`: where the page has no save yet, one with the settings' rough edges (one sample a
  // pixel, in which SwiftShader draws a frame in about half the work; nothing here looks at
  // edges); the rest is a first launch's.
  static async open(context, name, base, shots, query = "", init = null, { rough = true } = {}) {
    const page = await context.newPage();
    if (rough) {
      await page.addInitScript(() => {
        if (localStorage.getItem("tessera/progress.ron") === null) {
          localStorage.setItem("tessera/progress.ron", "(settings: (smooth_edges: false))");
        }
      });
    }
    if (init) await page.addInitScript(init);
    page.on("console", (m) => { if (m.type() === "error") console.log(`[${name} console] ${m.text()}`); });
    page.on("pageerror", (e) => console.log(`[${name} page error] ${e.message}`));
    page.on("crash", () => console.log(`[${name}] the page crashed`));
    const play = new Play(page, await context.newCDPSession(page), name, base, shots);
    await play.goto(query);
    return play;
  }
  async goto(query = "") {
    this.started = Date.now();
    await this.page.goto(`${this.base}?probe=1${query}`);
  }
  async probe() {
    const text = await this.page.evaluate(() => window.tesseraProbe || null);
    return text ? JSON.parse(text) : null;
  }
  // Waits until the probe says `what` holds; throws past the patience.
  async until(what, holds) {
    const t0 = Date.now();
    for (;;) {
      const p = await this.probe();
      if (p && holds(p)) return p;
      if (Date.now() - t0 > PATIENCE_MS) throw new Error(`${this.name}: waited too long for ${what}; probe: ${JSON.stringify(p)?.slice(0, 600)}`);
      await sleep(100);
    }
  }
  // The probe once `holds` is true of it, or null when the wait ran out: for a wait whose
  // outcome is itself the check (so the check says no, and the run goes on).
  // Closes the first launch's tutorial card and a family's introduction, which come up a few
  // frames after a level opens: each card seen is tapped where the probe saw it (waiting for a
  // card gone by then would wait forever), until none has been seen for `quiet` milliseconds.
  async closeCards(quiet = 2000) {
    for (let last = Date.now(); Date.now() - last < quiet; await sleep(300)) {
      const marks = (await this.probe()).marks;
      const card = ["tutorial-close", "intro-close"].find((c) => Array.isArray(marks[c]));
      if (!card) continue;
      const [x0, y0, x1, y1] = marks[card];
      await this.tap([(x0 + x1) / 2, (y0 + y1) / 2]);
      last = Date.now();
    }
  }
  // The probe once `holds` is true of it, or null after `ms` milliseconds.
  async within(holds, ms) {
    for (const t0 = Date.now(); Date.now() - t0 < ms; await sleep(100)) {
      const p = await this.probe();
      if (p && holds(p)) return p;
    }
    return null;
  }
  async seen(what, holds) {
    return this.until(what, holds).catch((e) => { console.log(e.message.slice(0, 300)); return null; });
  }
  // The centre of a named widget, once it has stayed in place for a moment (a screen's first
  // frames may still move it: a notice or a scroll to the pack played last).
  async mark(id) {
    let seen = null;
    for (;;) {
      const p = await this.until(`widget ${id}`, (p) => Array.isArray(p.marks[id]));
      const now = JSON.stringify(p.marks[id]);
      if (now === seen) {
        const [x0, y0, x1, y1] = p.marks[id];
        return [(x0 + x1) / 2, (y0 + y1) / 2];
      }
      seen = now;
      await sleep(300);
    }
  }
  async touch(type, points) {
    await this.cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y]) => ({ x, y })) });
  }
  // A finger's events (`[type, points, then wait ms]`), each sent once the wait after the one
  // before is over, without waiting for the page to take it. (Chromium still hands them over
  // one at a time, each once the page has taken the one before: a busy page can see a finger
  // held still for longer than the waits say, which placeEveryPiece allows for.)
  async gesture(steps) {
    const sent = [];
    for (const [type, points, wait] of steps) {
      sent.push(this.touch(type, points));
      await sleep(wait);
    }
    await Promise.all(sent);
  }
  async tap([x, y]) {
    await this.gesture([["touchStart", [[x, y]], 120], ["touchEnd", [], 0]]);
    await sleep(250);
  }
  async press(id) { await this.tap(await this.mark(id)); }
  // Presses a widget until the probe says `what` holds: a tap the page was too busy to see
  // (a frame drawn in software can take longer than the tap) is tapped again, up to 4 times.
  // A tap that took the page somewhere else (a list that moved under the finger: the run of
  // 9b60a63 opened the third pack for the first) leaves the widget gone: `back`, a widget
  // that returns, is pressed first when it is there.
  async pressUntil(id, what, holds, back = null) {
    for (let attempt = 1; ; attempt++) {
      const now = await this.probe();
      if (attempt > 1 && back && now && !Array.isArray(now.marks[id]) && Array.isArray(now.marks[back])) {
        console.log(`${this.name}: ${back} pressed (${id} is gone)`);
        await this.press(back);
      }
      await this.press(id);
      const t0 = Date.now();
      while (Date.now() - t0 < 8000) {
        const p = await this.probe();
        if (p && holds(p)) return p;
        await sleep(100);
      }
      if (attempt === 4) return await this.until(what, holds);
      console.log(`${this.name}: ${id} pressed again (${what} not yet)`);
    }
  }
  // A drag in four moves: each touch event waits for the page to take it, about a frame
  // drawn in software (half a second on two cores), so twelve moves took eight seconds.
  async drag([x0, y0], [x1, y1]) {
    const steps = [["touchStart", [[x0, y0]], 40]];
    for (let k = 1; k <= 4; k++) {
      const t = k / 4;
      steps.push(["touchMove", [[x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]], k < 4 ? 40 : 120]);
    }
    await this.gesture([...steps, ["touchEnd", [], 0]]);
    await sleep(300);
  }
  // (A tap on a widget right after a shot went unseen, four times over: a shot is taken
  // before the page reloads or where the next input is not a widget's.)
  async shot(name) {
    this.step++;
    const file = path.join(this.shots, `${this.name}-${String(this.step).padStart(2, "0")}-${name}.png`);
    await sleep(400);
    return { file, png: await this.page.screenshot({ path: file }) };
  }
  // Share of the screen in strong colour (a piece, a tile, a cube), from a PNG decoded by the
  // page itself.
  async colourful(png) {
    return await this.page.evaluate(async (b64) => {
      const img = new Image();
      img.src = "data:image/png;base64," + b64;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width; c.height = img.height;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let strong = 0;
      const hues = new Set();
      for (let i = 0; i < d.length; i += 4) {
        const [r, gr, b] = [d[i], d[i + 1], d[i + 2]];
        const hi = Math.max(r, gr, b), lo = Math.min(r, gr, b);
        if (hi - lo > 60) {
          strong++;
          // A coarse hue, to count how many colours are drawn.
          const h = hi === r ? ((gr - b) / (hi - lo) + 6) % 6 : hi === gr ? (b - r) / (hi - lo) + 2 : (r - gr) / (hi - lo) + 4;
          hues.add(Math.floor(h * 2));
        }
      }
      return { share: strong / (d.length / 4), hues: hues.size };
    }, png.toString("base64"));
  }
}

