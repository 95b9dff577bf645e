// Where the script time of the first paste goes: Chromium's sampling profiler over the first
// paste of the hardest sample in fresh browsers, from the paste event to two frames after the
// givens show, summed by function (self time) and averaged over the runs. The numbers of bench/NOTES.md
// (the first paste's CPU profile); not part of the test suite.
//
//   node bench/page/paste-profile.mjs RUNS DIST
//
// DIST should be a build whose app keeps its function names, or the wasm shows only as
// `wasm-function[N]`: `bench/names-build.sh DIR` makes one (no wasm-opt, names kept; a
// diagnostic build, not what ships).
import { startServer } from '../../tests/static-server.mjs';
import { pasteInto, readSample, withFreshBrowser } from '../../tests/chromium.mjs';

const [runsArg, dist] = process.argv.slice(2);
const runs = Number(runsArg);
if (!(runs > 0) || !dist) {
  console.error('usage: node bench/page/paste-profile.mjs RUNS DIST');
  process.exit(2);
}

/** One fresh browser: microseconds of self time per function over the first paste. */
function profileOnce(base, text) {
  return withFreshBrowser('deduku-profile-', async (context) => {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector('[role=gridcell]');
    await page.waitForTimeout(800); // the worker up, the load's own work done
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    await pasteInto(page, text);
    await page.waitForFunction(() => document.querySelectorAll('[role=gridcell].given').length > 0, null, { polling: 'raf' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    profile.samples.forEach((id, i) => {
      const { functionName, url } = nodes.get(id).callFrame;
      const name = functionName || `(${url.split('/').pop() || 'anonymous'})`;
      if (name !== '(idle)' && name !== '(program)') self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    return self;
  });
}

const text = await readSample('forum-hardest-1');
const server = await startServer(dist, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const total = new Map();
try {
  for (let r = 0; r < runs; r++) {
    for (const [name, us] of await profileOnce(base, text)) total.set(name, (total.get(name) ?? 0) + us);
  }
} finally {
  await new Promise((ok) => server.close(ok));
}
const ms = (us) => (us / 1000 / runs).toFixed(2);
const all = [...total.values()].reduce((a, b) => a + b, 0);
console.log(`script per first paste: ${ms(all)} ms (mean of ${runs} fresh browsers); self time by function:`);
for (const [name, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${ms(us).padStart(7)} ms  ${name.slice(0, 120)}`);
}
