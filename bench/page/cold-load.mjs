// Cold load to a usable grid, over many fresh browsers, for one or more builds side by side: the
// e2e "cold load" test's measure (from the navigation's start to the 81 cells in the page), with
// where the time goes: the app wasm's arrival (its resource timing) and the longest main-thread
// task up to the grid (Chromium's trace; on a cold load it is the app's first render).
//
//   node bench/page/cold-load.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
//
// Each round serves every DIST on loopback in turn (the order reversed every other round, so a
// slow spell of the machine does not always land on the same build). THROTTLE=N slows the page's
// main thread N times (Chromium's CPU throttling), so that its own work outweighs the machine's
// noise in an A/B. Not part of the test suite: its numbers vary with the machine's load.
import { alternateBuilds, median, probeArgs, watchGridLoad, withFreshBrowser } from '../../tests/chromium.mjs';

const { runs, dists } = probeArgs('cold-load');

/** One fresh browser against `base`: the grid's time, the app wasm's arrival and the longest
 *  main-thread task before the grid, in ms from the navigation's start. */
function probe(base) {
  return withFreshBrowser('deduku-cold-', async (ctx) => {
    const page = await ctx.newPage();
    await page.goto('about:blank');
    const usable = await watchGridLoad(page);
    const cdp = await ctx.newCDPSession(page);
    if (process.env.THROTTLE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.THROTTLE) });
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', {
      categories: 'disabled-by-default-devtools.timeline,devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await page.goto(base);
    const grid = await usable();
    const wasm = await page.evaluate(() =>
      performance.getEntriesByType('resource').find((e) => /app-.*\.wasm$/.test(e.name))?.responseEnd ?? NaN);
    await cdp.send('Tracing.end');
    await complete;
    // The page's main thread is the one that marked the grid.
    const mark = events.find((e) => e.name === 'grid:usable');
    let longest = NaN;
    if (mark) {
      longest = Math.max(...events.filter((e) => e.name === 'RunTask' && e.ph === 'X'
        && e.pid === mark.pid && e.tid === mark.tid && e.ts < mark.ts).map((e) => e.dur / 1000));
    }
    return { grid, wasm, longest };
  });
}

const results = await alternateBuilds(dists, runs, probe, (t) =>
  `grid ${t.grid.toFixed(0)} ms, app wasm in ${t.wasm.toFixed(0)} ms, longest task ${t.longest.toFixed(0)} ms`);
console.log('\n| build | grid, median | grid, max | over 500 ms | app wasm in, median | longest task before the grid, median |');
console.log('|---|---|---|---|---|---|');
for (const [d, list] of results) {
  const grid = list.map((t) => t.grid);
  console.log(`| ${d} | ${median(grid).toFixed(0)} ms | ${Math.max(...grid).toFixed(0)} ms | ${grid.filter((g) => g > 500).length} of ${grid.length} | ${median(list.map((t) => t.wasm)).toFixed(0)} ms | ${median(list.map((t) => t.longest)).toFixed(0)} ms |`);
}
