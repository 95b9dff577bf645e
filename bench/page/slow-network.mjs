// A first visit and a repeat visit over an emulated slow link (issue 52), for one or more builds
// side by side: Chromium's network emulation (DevTools' Network.emulateNetworkConditions:
// 1.6 Mbps down, 750 kbps up, 150 ms round trip) on the page, against tests/static-server.mjs
// on DIST (precompressed files, validators, Cache-Control), a fresh browser profile each run.
//
//   node bench/page/slow-network.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
//
// PLAIN=1 serves as the old server did (every file whole, uncompressed, no validators).
// LINK=server makes the server itself the slow link instead (the same bandwidth, shared by
// every request, and 150 ms before each response): the browser's emulation slows the page and
// its dedicated worker but not the service worker, whose downloads then cost the page nothing;
// on a real link they share it.
// Prints, per run and then as median and range, from the navigation's start:
// - usable grid: the 81 cells are in the page (Yew attaches their handlers as it renders them),
//   and when the app's wasm had all arrived (the rest is compiling, starting and drawing);
//   then the probe clicks an empty cell and types the solution's digit there (so the verdict
//   stays the same) and prints the time from the key reaching the page to the digit shown, and
//   whether the verdict was still missing then (the grid took the digit before the solver worker
//   had answered). The probe's own round trips to click and type (a few hundred ms on a busy
//   machine) are not counted: a person's key would not wait for them;
// - first verdict: #verdict says "Unique solution" for the puzzle of the day a first visit opens;
// - repeat visit: the same profile reloaded, the service worker in control: the usable grid.
// and, for the first run's first visit, every response of the server by file (status, encoding,
// bytes), to show that no file's body comes twice.
// Not part of the test suite: its numbers vary with the machine's load.
import { SLOW_4G as SLOW, median, probeArgs, slowPage, withFreshBrowser } from '../../tests/chromium.mjs';
import { startServer } from '../../tests/static-server.mjs';

const { runs, dists } = probeArgs('slow-network');
const SERVER_LINK = process.env.LINK === 'server';

/** The first solution of `givens` (81 digits, 0 for empty), by backtracking. */
function solve(givens) {
  const v = [...givens];
  const ok = (i, d) => {
    const r = Math.floor(i / 9), c = i % 9, br = r - (r % 3), bc = c - (c % 3);
    for (let k = 0; k < 9; k++) {
      if (v[r * 9 + k] === d || v[k * 9 + c] === d) return false;
      if (v[(br + Math.floor(k / 3)) * 9 + bc + (k % 3)] === d) return false;
    }
    return true;
  };
  const go = (i) => {
    if (i === 81) return true;
    if (v[i]) return go(i + 1);
    for (let d = 1; d <= 9; d++) {
      if (!ok(i, d)) continue;
      v[i] = d;
      if (go(i + 1)) return true;
    }
    v[i] = 0;
    return false;
  };
  return go(0) ? v : null;
}

/** Waits for the 81 cells, types the solution's digit into the first empty cell and waits until
 *  it shows. Returns the page's times (ms from the navigation's start) of the 81 cells and of
 *  the digit shown, and whether the verdict was still missing then. The cell is clicked by its
 *  coordinates and the key sent at once (Playwright's `click` first waits for the element to be
 *  stable, which here would add a few hundred ms of its own). */
async function usableGrid(page) {
  await page.waitForFunction(() => window.__cellsAt, null, { polling: 'raf', timeout: 60000 });
  const values = await page.$$eval('[role=gridcell]', (cs) => cs.map((c) => Number(c.dataset.value)));
  const solution = solve(values);
  const i = values.findIndex((d) => d === 0);
  if (!solution || i < 0) throw new Error('no empty cell or no solution on the grid');
  const box = await page.locator(`[data-cell="${i}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press(String(solution[i]));
  return page.evaluate(({ i, d }) => new Promise((done) => {
    const check = () => {
      if (document.querySelector(`[data-cell="${i}"]`)?.dataset.value === String(d)) {
        const wasm = performance.getEntriesByType('resource').find((e) => /\/app-[^/]*\.wasm$/.test(e.name));
        done({ cells: window.__cellsAt, at: performance.now(), verdictYet: window.__verdictAt !== undefined, down: window.__downAt, key: window.__keyAt, wasmAt: wasm?.responseEnd ?? NaN });
      } else requestAnimationFrame(check);
    };
    check();
  }), { i, d: solution[i] });
}

/** One run: a fresh profile's first visit and its repeat visit to `base`; `log`: the server's
 *  responses so far. */
function probe(base, log) {
  return withFreshBrowser('deduku-slow-', async (ctx) => {
    const { page } = await slowPage(ctx, !SERVER_LINK);
    await page.addInitScript(() => {
      // The times of the 81 cells and of the first verdict, from the navigation's start.
      new MutationObserver(() => {
        if (window.__cellsAt === undefined && document.querySelectorAll('[role=gridcell]').length === 81) {
          window.__cellsAt = performance.now();
        }
        if (window.__verdictAt === undefined && /Unique solution/.test(document.querySelector('#verdict')?.textContent ?? '')) {
          window.__verdictAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
      // When the probe's click and key reach the page.
      addEventListener('pointerdown', () => { window.__downAt ??= performance.now(); }, true);
      addEventListener('keydown', () => { window.__keyAt ??= performance.now(); }, true);
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...a) {
        window.__registerAt ??= performance.now();
        return register.apply(this, a);
      };
    });
    log.length = 0;
    await page.goto(base, { waitUntil: 'commit' });
    const grid = await usableGrid(page);
    await page.waitForFunction(() => window.__verdictAt, null, { timeout: 60000 });
    const verdict = await page.evaluate(() => window.__verdictAt);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60000 });
    const registerAt = await page.evaluate(() => window.__registerAt);
    const first = [...log];
    await page.reload({ waitUntil: 'commit' });
    const repeat = await usableGrid(page);
    if (process.env.VERBOSE) console.log({ grid, repeat });
    return {
      grid: grid.cells, wasmAt: grid.wasmAt, key: grid.at - grid.key, typedBeforeVerdict: !grid.verdictYet, verdict,
      registerAt, repeat: repeat.cells, repeatKey: repeat.at - repeat.key, first,
    };
  });
}

/** The server's responses by file: "200 br 123456 B, 304" and so on. */
function byFile(entries) {
  const files = new Map();
  for (const e of entries) {
    const list = files.get(e.path) ?? [];
    list.push(e.status === 304 ? '304' : `${e.status} ${e.encoding} ${e.bytes} B`);
    files.set(e.path, list);
  }
  return files;
}

const results = new Map(dists.map((d) => [d, []]));
for (let r = 0; r < runs; r++) {
  const order = r % 2 ? [...dists].reverse() : dists;
  for (const d of order) {
    const log = [];
    const link = SERVER_LINK ? { bytesPerSecond: SLOW.downloadThroughput, latencyMs: SLOW.latency } : null;
    const server = await startServer(d, 0, { plain: !!process.env.PLAIN, link, onResponse: (e) => log.push(e) });
    try {
      const t = await probe(`http://127.0.0.1:${server.address().port}/`, log);
      results.get(d).push(t);
      const bodies = byFile(t.first.filter((e) => e.status === 200));
      const twice = [...bodies].filter(([, l]) => l.length > 1).map(([f]) => f);
      console.log(`${d} run ${r + 1}: usable grid ${t.grid.toFixed(0)} ms (the app's wasm all in at ${t.wasmAt.toFixed(0)} ms; key to digit ${t.key.toFixed(0)} ms, ${t.typedBeforeVerdict ? 'before' : 'after'} the verdict), `
        + `first verdict ${t.verdict.toFixed(0)} ms, service worker registered at ${t.registerAt.toFixed(0)} ms, `
        + `repeat visit ${t.repeat.toFixed(0)} ms (key to digit ${t.repeatKey.toFixed(0)} ms); bodies sent twice: ${twice.length ? twice.join(', ') : 'none'}`);
      if (r === 0) {
        let total = 0;
        for (const [f, l] of byFile(t.first)) {
          console.log(`    ${f.padEnd(36)} ${l.join(', ')}`);
        }
        for (const e of t.first) total += e.bytes;
        console.log(`    total bodies: ${total} B`);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  }
}
const fmt = (xs) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
console.log(`\nslow link: ${SLOW.downloadThroughput * 8 / 1e6} Mbps down, ${SLOW.uploadThroughput * 8 / 1e3} kbps up, ${SLOW.latency} ms RTT, `
  + `${SERVER_LINK ? 'made by the server, shared by every request' : 'Chromium\'s emulation of the page'}; server ${process.env.PLAIN ? 'plain (uncompressed)' : 'compressing'}; ${runs} runs`);
console.log('| build | first visit: usable grid | key to digit | first verdict | repeat visit: usable grid | key to digit |');
console.log('|---|---|---|---|---|---|');
for (const [d, list] of results) {
  const col = (k) => fmt(list.map((t) => t[k]));
  console.log(`| ${d} | ${col('grid')} | ${col('key')} | ${col('verdict')} | ${col('repeat')} | ${col('repeatKey')} |`);
}
console.log('median (fastest–slowest) over the runs, ms from the navigation\'s start');
