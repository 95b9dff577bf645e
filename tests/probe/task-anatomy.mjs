// What the longest main-thread task of each page-speed phase (pasting, stepping and solving all
// the hardest sample, as page-tasks.mjs runs them) is made of: per fresh browser, the task's
// length and the time inside it of the events that say what it did (the input event, script,
// V8 compiling the app's wasm lazily, style, layout, paint, the frame's commit), and how long V8
// spent compiling wasm lazily over the whole phase. The numbers behind 5b3e66f in SPEED.md (a
// click dispatched at the start of a frame, whose layout and paint ran in the same task); not
// part of the test suite.
//
//   node tests/probe/task-anatomy.mjs RUNS DIST [DIST...]     (after `trunk build --release`)
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternateBuilds, median, pasteInto, withFreshBrowser } from '../chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const sample = join(here, '..', '..', 'web', 'samples', 'forum-hardest-1.txt');
const [runsArg, ...dists] = process.argv.slice(2);
const runs = Number(runsArg);
if (!(runs > 0) || dists.length === 0) {
  console.error('usage: node tests/probe/task-anatomy.mjs RUNS DIST [DIST...]');
  process.exit(2);
}

const CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
].join(',');
// The events inside a task that say what it did (nested ones, such as FunctionCall inside
// EventDispatch, are counted apart, so the parts may add up to more than the task).
const PARTS = ['EventDispatch', 'FunctionCall', 'FireAnimationFrame', 'TimerFire', 'wasm.CompileLazy',
  'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit'];
const PHASES = ['paste', 'step', 'solve all'];

/** One fresh browser: per phase, its longest task, the parts inside it and the phase's lazy
 *  compilation, in ms. */
function probe(base, text) {
  return withFreshBrowser('deduku-anatomy-', async (ctx) => {
    const page = await ctx.newPage();
    await page.goto(base);
    await page.waitForSelector('[role=gridcell]');
    const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settle();
    const cdp = await ctx.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const mark = (name) => page.evaluate((n) => performance.mark(`phase:${n}`), name);
    await mark('paste');
    await pasteInto(page, text);
    await page.waitForSelector('.step-item');
    await settle();
    await mark('step');
    for (let i = 0; i < 10; i++) await page.click('#next');
    await settle();
    await mark('solve all');
    await page.click('#solve-all');
    await page.waitForFunction(() => !document.querySelector('#progress')
      && [...document.querySelectorAll('[role=gridcell]')].every((c) => c.dataset.value !== '0'), null, { timeout: 120000 });
    await settle();
    await mark('end');
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    return anatomy(events);
  });
}

/** The phases of a trace (begun by the `phase:` marks) on the page's main thread. */
function anatomy(events) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const marks = events.filter((e) => e.name.startsWith('phase:') && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => [e.name.slice(6), e.ts, `${e.pid}:${e.tid}`]).sort((a, b) => a[1] - b[1]);
  const main = marks[0]?.[2];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur);
  const result = new Map();
  for (let i = 0; i + 1 < marks.length; i++) {
    const [name, from] = marks[i];
    const to = marks[i + 1][1];
    const inPhase = on.filter((e) => e.ts >= from && e.ts < to);
    const top = inPhase.filter((e) => e.name === 'RunTask').sort((a, b) => b.dur - a.dur)[0];
    const parts = new Map();
    if (top) {
      for (const e of inPhase) {
        if (e !== top && PARTS.includes(e.name) && e.ts >= top.ts && e.ts + e.dur <= top.ts + top.dur) {
          parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur / 1000);
        }
      }
    }
    const lazy = inPhase.filter((e) => e.name === 'wasm.CompileLazy').reduce((s, e) => s + e.dur / 1000, 0);
    result.set(name, { longest: top ? top.dur / 1000 : 0, parts, lazy });
  }
  return result;
}

const describe = (r) => PHASES.filter((n) => r.has(n)).map((n) => {
  const p = r.get(n);
  const parts = PARTS.filter((k) => p.parts.has(k)).map((k) => `${k} ${p.parts.get(k).toFixed(1)}`).join(', ');
  return `\n  ${n}: longest ${p.longest.toFixed(1)} ms [${parts}]; lazy compile over the phase ${p.lazy.toFixed(1)} ms`;
}).join('');

const text = await readFile(sample, 'utf8');
const results = await alternateBuilds(dists, runs, (base) => probe(base, text), describe);
console.log('\n| build | phase | longest task, median | inside it, medians (ms) | lazy compile over the phase, median |');
console.log('|---|---|---|---|---|');
for (const [d, list] of results) {
  for (const n of PHASES) {
    const got = list.map((r) => r.get(n)).filter(Boolean);
    if (!got.length) continue;
    const parts = PARTS.map((k) => [k, median(got.map((p) => p.parts.get(k) ?? 0))]).filter(([, ms]) => ms > 0.05)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ');
    console.log(`| ${d} | ${n} | ${median(got.map((p) => p.longest)).toFixed(0)} ms | ${parts} | ${median(got.map((p) => p.lazy)).toFixed(1)} ms |`);
  }
}
