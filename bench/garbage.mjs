// Writes the batch-rating stress file of issue 55 to stdout: 3,000 lines of mixed input, the
// same every time (a seeded generator), as a person's messy file would hold it:
// - empty grids (each "multiple solutions"; 4 s each before issue 55);
// - lines of random characters and lengths, and 81 random digits (mostly clashes);
// - top1465 puzzles with 3 to 6 clues removed (several solutions) and as they are (real
//   ratings, fast);
// - with HARD=1, also forum-hardest-1106 puzzles with one clue removed: many keep one
//   solution and are real ratings of the hardest kind (about 0.4 s each on one core).
//
//   node bench/garbage.mjs CORPORA_DIR > garbage.txt        (HARD=1 for the hard mix)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '../shared/data/corpora';
const hard = process.env.HARD === '1';
const lines = (f) => readFileSync(join(dir, f), 'utf8').split('\n')
  .map((l) => l.trim().slice(0, 81)).filter((l) => /^[0-9.]{81}$/.test(l));
const top = lines('top1465.txt');
const hardest = hard ? lines('forum-hardest-1106.txt') : [];

let s = 55;
const rand = () => { // mulberry32
  s = (s + 0x6d2b79f5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const without = (p, n) => {
  const v = [...p];
  const clues = v.map((c, i) => (c !== '.' && c !== '0' ? i : -1)).filter((i) => i >= 0);
  for (let k = 0; k < n && clues.length; k++) v[clues.splice(Math.floor(rand() * clues.length), 1)[0]] = '.';
  return v.join('');
};
const CHARS = 'abcxyz0123456789.-*#|+ ';
const kinds = [
  () => '.'.repeat(81),
  () => Array.from({ length: Math.floor(rand() * 120) }, () => pick(CHARS)).join(''),
  () => Array.from({ length: 81 }, () => String(Math.floor(rand() * 10))).join(''),
  () => without(pick(top), 3 + Math.floor(rand() * 4)),
  () => pick(top),
  ...(hard ? [() => without(pick(hardest), 1)] : []),
];
const out = [];
for (let i = 0; i < 3000; i++) out.push(pick(kinds)());
process.stdout.write(out.join('\n') + '\n');
