// What V8 compiles of the two wasm modules while a fresh browser loads the page and, at once,
// pastes the hardest sample and computes its path: the baseline compilation of each function
// on its first call (Liftoff, "lazy": on the page's thread for the app, on the worker's
// thread for the worker), the optimising compilation of the functions that get hot (TurboFan,
// "top tier", on compiler threads), and what they cost the page: the paste's longest
// main-thread task and the time from the paste to the whole path listed. On a machine with two
// cores, the compiler threads compete with the page and the worker. For an A/B of build
// changes that move that work: wasm-opt's inlining, the functions' sizes, when the worker
// starts which job. Not part of the test suite.
//
//   node bench/page/wasm-compile.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
import { TRACE_WITH_WASM, alternateBuilds, median, pasteInto, phasesOf, probeArgs, readSample, settleFrames, traceEvents, withFreshBrowser } from '../../tests/chromium.mjs';

const text = await readSample('forum-hardest-1');
const { runs, dists } = probeArgs('wasm-compile');
const KEYS = ['app lazy', 'worker lazy', 'top tier', 'paste longest', 'path listed'];

async function probe(base) {
  return withFreshBrowser('deduku-probe-', async (ctx) => {
    const page = await ctx.newPage();
    let listed = 0;
    const events = await traceEvents(ctx, page, async () => {
      await page.goto(base);
      await page.waitForSelector('[role=gridcell]');
      await settleFrames(page);
      await page.evaluate(() => performance.mark('phase:paste'));
      const pasted = Date.now();
      await pasteInto(page, text);
      await page.waitForFunction(() => document.querySelector('.step-item') && !document.querySelector('#progress'),
        null, { timeout: 120000, polling: 20 });
      listed = Date.now() - pasted;
    }, TRACE_WITH_WASM);
    const thread = (e) => `${e.pid}:${e.tid}`;
    const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [thread(e), e.args.name]));
    const mark = events.find((e) => e.name === 'phase:paste');
    const total = (keep) => events.filter((e) => e.ph === 'X' && keep(e)).reduce((a, e) => a + e.dur / 1000, 0);
    return new Map([
      ['app lazy', total((e) => e.name === 'wasm.CompileLazy' && thread(e) === thread(mark))],
      ['worker lazy', total((e) => e.name === 'wasm.CompileLazy' && names.get(thread(e)) === 'DedicatedWorker thread')],
      ['top tier', total((e) => e.name === 'wasm.TopTierCompilation')],
      ['paste longest', phasesOf(events).get('paste').longest],
      ['path listed', listed],
    ]);
  });
}

const describe = (r) => KEYS.map((k) => `${k} ${r.get(k).toFixed(0)} ms`).join(', ');
const results = await alternateBuilds(dists, runs, probe, describe);
console.log(`\n| build | ${KEYS.map((k) => `${k}, median`).join(' | ')} |`);
console.log(`|---|${KEYS.map(() => '---').join('|')}|`);
for (const [d, list] of results) {
  console.log(`| ${d} | ${KEYS.map((k) => `${median(list.map((r) => r.get(k))).toFixed(0)} ms`).join(' | ')} |`);
}
