// How the tests drive Chromium: Debian's Chromium launched headless with a profile of its own,
// a paste as the person makes it, and the trace read as phases of main-thread tasks. Shared by
// the e2e tests and the probes in bench/page/.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

/** The browser binary (Debian's Chromium unless `CHROMIUM` says otherwise). */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Headless Chromium with the profile in `dir`, as every test runs it. */
export function launchBrowser(dir) {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Runs `fn(context)` in a fresh headless Chromium whose profile is a new temporary directory
 *  (named from `prefix`), then closes the browser and removes the profile, whatever `fn` does.
 *  Returns what `fn` returns. */
export async function withFreshBrowser(prefix, fn) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const context = await launchBrowser(dir);
  try {
    return await fn(context);
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page's samples (`web/samples/`), which the tests and probes paste. */
const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'samples');

/** The text of the sample `name` (`web/samples/NAME.txt`). */
export function readSample(name) {
  return readFile(join(SAMPLES, `${name}.txt`), 'utf8');
}

/** Pastes `text` on `page`'s body, as Ctrl+V with that text on the clipboard does. */
export function pasteInto(page, text) {
  return page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

/** The trace categories that record every task and the `performance.mark`s. */
const TRACE_CATEGORIES = 'disabled-by-default-devtools.timeline,devtools.timeline,blink.user_timing';

/** The same, with V8's compilation of wasm (for what a task is made of: `tracePhases`'s
 *  `parts` and `lazy`). */
export const TRACE_WITH_WASM = `${TRACE_CATEGORIES},v8.wasm,disabled-by-default-v8.wasm.detailed`;

/** The events inside a task that say what it did (nested ones, such as FunctionCall inside
 *  EventDispatch, are counted apart, so the parts may add up to more than the task). */
export const TASK_PARTS = ['EventDispatch', 'FunctionCall', 'FireAnimationFrame', 'TimerFire',
  'wasm.CompileLazy', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit'];

/** Splits the page's main-thread tasks of a trace (`events`) into phases, each begun by a
 *  `performance.mark('phase:NAME')` in the page. Returns, in phase order, each phase's longest
 *  task, its count of tasks over 50 ms and its total, in ms; and what the longest task was made
 *  of (`parts`: ms per name of `TASK_PARTS` inside it) and V8's lazy compilation of wasm over the
 *  phase (`lazy`, ms; both 0 unless the trace recorded them: `TRACE_WITH_WASM`). */
export function phasesOf(events) {
  // The page's main thread: the renderer main thread that dispatched the most events.
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const dispatches = new Map();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (e.name === 'EventDispatch' && mains.has(k)) dispatches.set(k, (dispatches.get(k) ?? 0) + 1);
  }
  const main = [...dispatches].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const marks = onMain.filter((e) => e.name.startsWith('phase:'))
    .map((e) => [e.ts, e.name.slice(6)]).sort((a, b) => a[0] - b[0]);
  const phaseAt = (ts) => {
    for (let i = marks.length - 1; i >= 0; i--) if (marks[i][0] <= ts) return marks[i][1];
    return undefined;
  };
  const phases = new Map(marks.map(([, n]) => [n, { longest: 0, over50: 0, total: 0, top: null, parts: new Map(), lazy: 0 }]));
  for (const e of onMain) {
    if (e.ph !== 'X') continue;
    const p = phases.get(phaseAt(e.ts));
    if (!p) continue;
    if (e.name === 'wasm.CompileLazy') p.lazy += e.dur / 1000;
    if (e.name !== 'RunTask') continue;
    const ms = e.dur / 1000;
    if (ms > p.longest) [p.longest, p.top] = [ms, e];
    p.total += ms;
    if (ms > 50) p.over50 += 1;
  }
  for (const e of onMain) {
    if (e.ph !== 'X' || !TASK_PARTS.includes(e.name)) continue;
    const p = phases.get(phaseAt(e.ts));
    const top = p?.top;
    if (top && e.ts >= top.ts && e.ts + e.dur <= top.ts + top.dur) {
      p.parts.set(e.name, (p.parts.get(e.name) ?? 0) + e.dur / 1000);
    }
  }
  for (const p of phases.values()) delete p.top;
  return phases;
}

/** Records `page`'s main-thread tasks with Chromium's tracing while `fn` runs: every task
 *  (event handlers, worker messages, timers, rendering frames), not only the long ones the
 *  PerformanceObserver reports. `fn` gets `mark(name)`, which starts a phase (a
 *  `performance.mark` in the page). `categories`: what the trace records (`TRACE_WITH_WASM`
 *  adds wasm compilation). Returns what [`phasesOf`] returns. */
export async function tracePhases(context, page, fn, categories = TRACE_CATEGORIES) {
  const mark = (name) => page.evaluate((n) => performance.mark(`phase:${n}`), name);
  return phasesOf(await traceEvents(context, page, () => fn(mark), categories));
}

/** Every event of Chromium's trace (all processes and threads, `categories`) while `fn` runs
 *  on `page`, as the trace's JSON objects. */
export async function traceEvents(context, page, fn, categories = TRACE_CATEGORIES) {
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await fn();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/** Waits two animation frames in `page`: whatever the last input asked for is drawn. */
export function settleFrames(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The probes' page-speed phases in a fresh browser against `base`, traced with `categories`:
 *  the page loaded, then `text` pasted (at once, or `PASTE_AFTER` ms after the grid appears),
 *  ten steps once the first step is listed, and Solve all until every cell holds a digit.
 *  Returns what `tracePhases` returns. */
export function traceSpeedPhases(base, text, categories = TRACE_CATEGORIES) {
  return withFreshBrowser('deduku-probe-', async (ctx) => {
    const page = await ctx.newPage();
    await page.goto(base);
    await page.waitForSelector('[role=gridcell]');
    await settleFrames(page);
    await new Promise((r) => setTimeout(r, Number(process.env.PASTE_AFTER ?? 0)));
    return await tracePhases(ctx, page, (mark) => runSpeedPhases(page, text, mark), categories);
  });
}

/** The arguments of a probe run as `node bench/page/NAME.mjs RUNS DIST [DIST...]`: the runs and
 *  the build directories; prints the usage and exits when they are missing. */
export function probeArgs(name) {
  const [runsArg, ...dists] = process.argv.slice(2);
  const runs = Number(runsArg);
  if (!(runs > 0) || dists.length === 0) {
    console.error(`usage: node bench/page/${name}.mjs RUNS DIST [DIST...]`);
    process.exit(2);
  }
  return { runs, dists };
}

/** The speed phases themselves, on a loaded `page` inside `tracePhases`. */
async function runSpeedPhases(page, text, mark) {
  await mark('paste');
  await pasteInto(page, text);
  await page.waitForSelector('.step-item');
  await settleFrames(page);
  await mark('step');
  for (let i = 0; i < 10; i++) await page.click('#next');
  await settleFrames(page);
  await mark('solve all');
  await solveAll(page);
  await settleFrames(page);
}

/** Clicks Solve all in `page` and waits until its progress is gone and every cell holds a
 *  digit. */
export async function solveAll(page) {
  await page.click('#solve-all');
  await page.waitForFunction(() => !document.querySelector('#progress')
    && [...document.querySelectorAll('[role=gridcell]')].every((c) => c.dataset.value !== '0'), null, { timeout: 120000 });
}

/** Times every load of `page` to a usable grid: from the navigation's start to the 81 cells in
 *  the page with their handlers (Yew attaches them as it renders), when the grid takes keys and
 *  clicks. Returns a function that waits for the current load's time, in ms; the moment is also
 *  marked in the page's trace as `grid:usable`. */
export async function watchGridLoad(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelectorAll('[role=gridcell]').length === 81) {
        window.__gridAt = performance.now();
        performance.mark('grid:usable');
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () => {
    await page.waitForFunction(() => window.__gridAt);
    return page.evaluate(() => window.__gridAt);
  };
}

/** The median of the finite numbers in `xs` (NaN when there are none). */
export function median(xs) {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** For the probes' A/B runs: `runs` rounds, each serving every build directory of `dists` on
 *  loopback in turn (the order reversed every other round, so a slow spell of the machine does
 *  not always land on the same build) and calling `probe(base)` on it. Prints each result as
 *  `describe(result)`; returns a Map from each build to its results, in round order. */
export async function alternateBuilds(dists, runs, probe, describe) {
  const results = new Map(dists.map((d) => [d, []]));
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? [...dists].reverse() : dists;
    for (const d of order) {
      const server = await startServer(d, 0);
      try {
        const result = await probe(`http://127.0.0.1:${server.address().port}/`);
        results.get(d).push(result);
        console.log(`${d} run ${r + 1}: ${describe(result)}`);
      } finally {
        await new Promise((ok) => server.close(ok));
      }
    }
  }
  return results;
}

/** Opens, as a person would by clicking their names, the closed menus (`<details>`) that hold
 *  the element `sel` on `page`, the outermost first; nothing if it is in none or they are open. */
export async function openMenusFor(page, sel) {
  for (;;) {
    const id = await page.$eval(sel, (el) => {
      let top = null;
      for (let d = el.parentElement?.closest('details:not([open])'); d; d = d.parentElement?.closest('details:not([open])')) top = d;
      return top?.id ?? '';
    });
    if (!id) return;
    await page.click(`#${id} > summary`);
    await page.waitForSelector(`#${id}[open]`);
  }
}

/** The keys the key checks press on a cell whose candidates are `ds` (digits, ascending): a
 *  digit placed, undone, a note toggled, undone and redone, each as
 *  `[what, key, code, shiftKey, ctrlKey]`. */
export function keyRound(ds) {
  return [
    ['place', String(ds[0]), `Digit${ds[0]}`, false, false],
    ['undo', 'z', 'KeyZ', false, true],
    ['note', '%', `Digit${ds[1] ?? ds[0]}`, true, false],
    ['undo', 'z', 'KeyZ', false, true],
    ['redo', 'y', 'KeyY', false, true],
  ];
}

/** Dispatches one key of `keyRound` on cell `i` of `page`; resolves with the page's time from
 *  dispatching it to the grid's DOM changed (Yew renders in a microtask after the handler; the
 *  observer's callback runs after that), or -1 when nothing changed within 3 s. */
export function keyToGrid(page, i, [, key, code, shiftKey, ctrlKey]) {
  return page.evaluate(([i, key, code, shiftKey, ctrlKey]) => new Promise((resolve) => {
    const grid = document.querySelector('[role=grid]');
    const cell = document.querySelector(`[data-cell="${i}"]`);
    let t0 = 0;
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
    obs.observe(grid, { attributes: true, subtree: true, childList: true, characterData: true });
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 3000);
    t0 = performance.now();
    cell.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, bubbles: true, cancelable: true }));
  }), [i, key, code, shiftKey, ctrlKey]);
}

/** An element the page draws last on load: the Share menu's body, which comes after the grid's
 *  first frame (`use_after_first_paint` in web/src/hooks/mod.rs). Waited for, attached (the
 *  menu is closed), before a test or probe uses the page's menus. */
export const DRAWN = '#share-menu .fold-body > *';

/** The slow link of the first-visit probes (bench/page/slow-network.mjs,
 *  first-visit-timeline.mjs, startup-task.mjs): DevTools' slow 4G, 1.6 Mbps down, 750 kbps up,
 *  150 ms round trip, as `Network.emulateNetworkConditions` takes it. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** A new page of `ctx` behind the slow link (`SLOW_4G`, Chromium's emulation; `emulate` false:
 *  a plain page, still with the network domain on), and its DevTools session. */
export async function slowPage(ctx, emulate = true) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  if (emulate) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return { page, cdp };
}
