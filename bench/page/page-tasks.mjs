// The page's longest main-thread task while pasting, stepping and solving all the hardest sample
// (the e2e "page speed" test's phases), over many fresh browsers, for one or more builds side by
// side: the numbers of the README's "Performance" table (`bench/run page`), and an A/B for a change to the page.
//
//   node bench/page/page-tasks.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
//
// Each round serves every DIST on loopback (in turn, the order reversed every other round, so a
// slow spell of the machine does not always land on the same build) and runs one fresh browser
// profile against it. Per run it prints the longest task and the main-thread total of each phase
// (Chromium's trace, every task, not only the long ones); at the end the median and the maximum
// per phase and build. Not part of the test suite: its numbers vary with the machine's load.
//
// The paste comes as soon as the grid shows, as in the e2e test. In a fresh profile the browser
// is still busy then: a trace shows its main thread and the service worker's thread at work
// for about 750 ms after the grid shows (the service worker's install fetches and caches every
// file of the page). On two cores that slows the paste's frame. PASTE_AFTER=1000 pastes a
// second after the grid shows instead, as a person's first paste would at the earliest; the
// other probes that drive these phases (task-anatomy.mjs) read it too.
import { alternateBuilds, median, probeArgs, readSample, traceSpeedPhases } from '../../tests/chromium.mjs';

const { runs, dists } = probeArgs('page-tasks');

const text = await readSample('forum-hardest-1');
const results = await alternateBuilds(dists, runs, (base) => traceSpeedPhases(base, text), (phases) =>
  [...phases].map(([n, p]) => `${n} ${p.longest.toFixed(0)} ms (total ${p.total.toFixed(0)})`).join(', '));
console.log(`\n| build | phase | longest task, median | longest task, max | main-thread total, median |`);
console.log('|---|---|---|---|---|');
for (const [d, list] of results) {
  for (const name of ['paste', 'step', 'solve all']) {
    const got = list.map((m) => m.get(name)).filter(Boolean);
    if (!got.length) continue;
    const longest = got.map((p) => p.longest);
    console.log(`| ${d} | ${name} | ${median(longest).toFixed(0)} ms | ${Math.max(...longest).toFixed(0)} ms | ${median(got.map((p) => p.total)).toFixed(0)} ms |`);
  }
}
