// Where a first visit's time goes over the emulated slow 4G link of slow-network.mjs: for each
// file the page fetched before the grid, when its fetch began, its connection opened and was
// made, its request went, and its first and last bytes came (Resource Timing, medians over the
// runs, ms from the navigation's start), then when the app started (Trunk's
// TrunkApplicationStarted event: the wasm compiled and instantiated, main() run) and when the
// grid's 81 cells were in the page. A fresh browser profile per run.
//
//   node bench/page/first-visit-timeline.mjs RUNS DIST
import { median, probeArgs, slowPage, withFreshBrowser } from '../../tests/chromium.mjs';
import { startServer } from '../../tests/static-server.mjs';

const { runs, dists } = probeArgs('first-visit-timeline');
const rows = new Map();
const add = (k, v) => { if (!rows.has(k)) rows.set(k, []); rows.get(k).push(v); };
for (let r = 0; r < runs; r++) {
  const server = await startServer(dists[0], 0, {});
  try {
    await withFreshBrowser('deduku-timeline-', async (ctx) => {
      const { page } = await slowPage(ctx);
      await page.addInitScript(() => {
        addEventListener('TrunkApplicationStarted', () => { window.__startedAt = performance.now(); });
        new MutationObserver(() => {
          if (window.__cellsAt === undefined && document.querySelectorAll('[role=gridcell]').length === 81) {
            window.__cellsAt = performance.now();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__cellsAt, null, { polling: 'raf', timeout: 60000 });
      const t = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const files = performance.getEntriesByType('resource').map((e) => ({
          name: e.name.replace(/^.*\//, '').replace(/-[0-9a-f]{12,16}(_bg)?\./, '$1.'),
          fetch: e.startTime, connect: e.connectStart, connected: e.connectEnd, start: e.requestStart, first: e.responseStart, end: e.responseEnd, bytes: e.transferSize,
        }));
        return { html: { fetch: nav.startTime, connect: nav.connectStart, connected: nav.connectEnd, start: nav.requestStart, first: nav.responseStart, end: nav.responseEnd }, files, started: window.__startedAt, cells: window.__cellsAt };
      });
      add('index.html', t.html);
      for (const f of t.files) if (f.end < t.cells + 1) add(f.name, f);
      add('app started', { end: t.started });
      add('81 cells', { end: t.cells });
    });
  } finally {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
  }
}
console.log(`first visit over slow 4G (${runs} runs of ${dists[0]}); medians, ms from the navigation's start`);
console.log('| file or moment | fetch | connect | connected | request | first byte | last byte | bytes |');
console.log('|---|---|---|---|---|---|---|---|');
const m = (list, k) => { const xs = list.map((x) => x[k]).filter((x) => x !== undefined && !Number.isNaN(x)); return xs.length ? median(xs).toFixed(0) : ''; };
for (const [k, list] of rows) console.log(`| ${k} | ${m(list, 'fetch')} | ${m(list, 'connect')} | ${m(list, 'connected')} | ${m(list, 'start')} | ${m(list, 'first')} | ${m(list, 'end')} | ${m(list, 'bytes')} |`);
