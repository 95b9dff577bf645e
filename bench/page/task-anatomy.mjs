// What the longest main-thread task of each page-speed phase (pasting, stepping and solving all
// the hardest sample, as page-tasks.mjs runs them) is made of: per fresh browser, the task's
// length and the time inside it of the events that say what it did (the input event, script,
// V8 compiling the app's wasm lazily, style, layout, paint, the frame's commit), and how long V8
// spent compiling wasm lazily over the whole phase. The numbers behind 5b3e66f in bench/NOTES.md (a
// click dispatched at the start of a frame, whose layout and paint ran in the same task); not
// part of the test suite.
//
//   node bench/page/task-anatomy.mjs RUNS DIST [DIST...]     (after `scripts/trunk.sh build --release`)
import { TASK_PARTS, TRACE_WITH_WASM, alternateBuilds, median, probeArgs, readSample, traceSpeedPhases } from '../../tests/chromium.mjs';

const { runs, dists } = probeArgs('task-anatomy');
const PHASES = ['paste', 'step', 'solve all'];

const partsText = (parts) => TASK_PARTS.filter((k) => parts.get(k) > 0.05)
  .map((k) => `${k} ${parts.get(k).toFixed(1)}`).join(', ');
const describe = (r) => PHASES.filter((n) => r.has(n)).map((n) => {
  const p = r.get(n);
  return `\n  ${n}: longest ${p.longest.toFixed(1)} ms [${partsText(p.parts)}]; lazy compile over the phase ${p.lazy.toFixed(1)} ms`;
}).join('');

const text = await readSample('forum-hardest-1');
const results = await alternateBuilds(dists, runs, (base) => traceSpeedPhases(base, text, TRACE_WITH_WASM), describe);
console.log('\n| build | phase | longest task, median | inside it, medians (ms) | lazy compile over the phase, median |');
console.log('|---|---|---|---|---|');
for (const [d, list] of results) {
  for (const n of PHASES) {
    const got = list.map((r) => r.get(n)).filter(Boolean);
    if (!got.length) continue;
    const parts = new Map(TASK_PARTS.map((k) => [k, median(got.map((p) => p.parts.get(k) ?? 0))]));
    console.log(`| ${d} | ${n} | ${median(got.map((p) => p.longest)).toFixed(0)} ms | ${partsText(parts)} | ${median(got.map((p) => p.lazy)).toFixed(1)} ms |`);
  }
}
