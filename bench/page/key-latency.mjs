// From a key to the grid updated: in a fresh browser per run, davdata-very-hard pasted and its
// path listed, then on 12 empty cells a digit placed, undone, a note toggled, undone and redone
// (60 keys). For each key, the page's own time from dispatching it to the grid's DOM changed
// (Yew renders in a microtask after the handler; a MutationObserver's callback runs after
// that), and the long main-thread tasks (> 50 ms) over the whole run, the worker's answers to
// each change included. Moved here from the end-to-end tests, which only printed it.
//
//   node bench/page/key-latency.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
import { alternateBuilds, keyRound, keyToGrid, median, pasteInto, probeArgs, readSample, settleFrames, withFreshBrowser } from '../../tests/chromium.mjs';

const { runs, dists } = probeArgs('key-latency');
const text = await readSample('davdata-very-hard');

/** One fresh browser against `base`: every key's time (ms) and the long tasks (ms). */
function probe(base) {
  return withFreshBrowser('deduku-keys-', async (ctx) => {
    const page = await ctx.newPage();
    // Open on an empty grid (a stored empty history), not the first visit's puzzle.
    await page.goto(`${base}__blank`);
    await page.evaluate(() => localStorage.setItem('deduku.v2.history', 'v2\n0\n'));
    await page.goto(base);
    await page.waitForSelector('[role=gridcell]');
    await pasteInto(page, text);
    await page.waitForSelector('.step-item');
    await page.waitForFunction(() => !document.querySelector('#progress') && !document.querySelector('#cancel'), null, { timeout: 60000 });
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration)))
        .observe({ type: 'longtask' });
    });
    const values = await page.$$eval('[role=gridcell]', (cs) => cs.map((c) => Number(c.dataset.value)));
    const empties = values.map((v, i) => [v, i]).filter(([v]) => v === 0).map(([, i]) => i).slice(0, 12);
    const times = [];
    for (const i of empties) {
      await page.click(`[data-cell="${i}"]`);
      const mask = Number(await page.getAttribute(`[data-cell="${i}"]`, 'data-cands'));
      const ds = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1)));
      for (const k of keyRound(ds)) {
        const ms = await keyToGrid(page, i, k);
        if (ms < 0) throw new Error(`${k[0]} at cell ${i} did not change the grid`);
        times.push([ms, k[0]]);
        await settleFrames(page);
      }
    }
    // Let the worker's answers (new paths) arrive and render too.
    await page.waitForTimeout(500);
    return { times, long: await page.evaluate(() => window.__longTasks) };
  });
}

const describe = (r) => {
  const sorted = [...r.times].sort((a, b) => b[0] - a[0]);
  return `${r.times.length} keys: worst ${sorted[0][0].toFixed(1)} ms (${sorted[0][1]}), median ${median(r.times.map((t) => t[0])).toFixed(1)} ms; `
    + `long tasks ${r.long.length ? `${r.long.length}, longest ${Math.max(...r.long).toFixed(0)} ms` : 'none'}`;
};
const results = await alternateBuilds(dists, runs, probe, describe);
console.log('\n| build | key to grid updated: median of the runs\' medians | worst of the runs | long tasks (> 50 ms) per run |');
console.log('|---|---|---|---|');
for (const [d, list] of results) {
  const medians = list.map((r) => median(r.times.map((t) => t[0])));
  const worst = Math.max(...list.map((r) => Math.max(...r.times.map((t) => t[0]))));
  console.log(`| ${d} | ${median(medians).toFixed(1)} ms | ${worst.toFixed(1)} ms | ${list.map((r) => r.long.length).join(', ')} |`);
}
