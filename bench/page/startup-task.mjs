// The app's start-up task on a first visit over slow 4G (the link of slow-network.mjs): the one
// long main-thread task that compiles (lazily) and runs the app up to the grid's 81 cells, after
// the app's wasm is in. Its thread time (CPU, from Chromium's trace) varies much less with the
// machine's load than the slow-4G times do, so it tells a change of the first render apart
// where slow-network.mjs cannot. A fresh browser profile per run, builds alternating.
//
//   node bench/page/startup-task.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
//
// Prints per run and then, per build, medians of: the cells' time after the wasm's last byte,
// the start-up task's wall and thread time, V8's lazy compilation of wasm inside it (time, and
// how many functions: the same for a build on every run), and the cells' time from the
// navigation's start.
import { TRACE_WITH_WASM, median, probeArgs, slowPage, traceEvents, withFreshBrowser } from '../../tests/chromium.mjs';
import { startServer } from '../../tests/static-server.mjs';

const { runs, dists } = probeArgs('startup-task');
const results = new Map(dists.map((d) => [d, []]));
for (let r = 0; r < runs; r++) {
  for (const dist of (r % 2 ? [...dists].reverse() : dists)) {
    const server = await startServer(dist, 0, {});
    try {
      await withFreshBrowser('deduku-startup-', async (ctx) => {
        const { page } = await slowPage(ctx);
        await page.addInitScript(() => {
          new MutationObserver(() => {
            if (window.__cellsAt === undefined && document.querySelectorAll('[role=gridcell]').length === 81) {
              window.__cellsAt = performance.now();
              performance.mark('cells');
            }
          }).observe(document, { childList: true, subtree: true });
        });
        let t;
        const events = await traceEvents(ctx, page, async () => {
          await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'commit' });
          await page.waitForFunction(() => window.__cellsAt, null, { polling: 'raf', timeout: 60000 });
          t = await page.evaluate(() => {
            const w = performance.getEntriesByType('resource').find((e) => /\/app-[^/]*\.wasm$/.test(e.name));
            return { cells: window.__cellsAt, wasm: w.responseEnd };
          });
        }, TRACE_WITH_WASM);
        // The page's main thread is the one that made the mark; its longest task before the
        // mark is the start-up.
        const mark = events.find((e) => e.name === 'cells');
        const main = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X');
        const task = main.filter((e) => e.name === 'RunTask' && e.ts < mark.ts).sort((a, b) => b.dur - a.dur)[0];
        const compiles = main.filter((e) => e.name === 'wasm.CompileLazy' && e.ts >= task.ts && e.ts < task.ts + task.dur);
        const lazy = compiles.reduce((s, e) => s + e.dur / 1000, 0);
        const row = { afterWasm: t.cells - t.wasm, wall: task.dur / 1000, thread: task.tdur / 1000, lazy, functions: compiles.length, cells: t.cells };
        results.get(dist).push(row);
        console.log(`${dist} run ${r + 1}: ${Object.entries(row).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')} ms`);
      });
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  }
}
console.log(`\nmedians over ${runs} runs, ms`);
console.log('| build | cells after the wasm | start-up task | its thread time | lazy compilation | functions compiled | cells |');
console.log('|---|---|---|---|---|---|---|');
for (const [d, list] of results) {
  const m = (k) => median(list.map((x) => x[k])).toFixed(1);
  console.log(`| ${d} | ${m('afterWasm')} | ${m('wall')} | ${m('thread')} | ${m('lazy')} | ${m('functions')} | ${m('cells')} |`);
}
