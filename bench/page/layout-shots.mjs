// Screenshots of the page as a person sees it, phone and laptop: the first visit, a hard
// sample after two hints and three steps, the Puzzle and Tools menus open. A probe, not a
// test: look at them. It prints where the grid, the pad and the assistant are, and whether each
// is inside the window, after the steps and with the menus open.
// Usage: [SIZES="390x844 1280x900 1280x640"] node bench/page/layout-shots.mjs URL OUTDIR
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pasteInto, readSample, withFreshBrowser } from '../../tests/chromium.mjs';

const [url = 'http://127.0.0.1:8080/', out = 'tests/screenshots/layout'] = process.argv.slice(2);
await mkdir(out, { recursive: true });
const sizes = (process.env.SIZES || '390x844 1280x900').split(/\s+/).filter(Boolean)
  .map((s) => s.split('x').map(Number));
/** The boxes of the grid, the pad and the assistant, and whether each is inside the window. */
async function where(page, what) {
  const boxes = await page.evaluate(() => ['.grid', '.pad', '.assistant'].map((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return r && { sel, top: Math.round(r.top), bottom: Math.round(r.bottom), in: r.top >= 0 && r.bottom <= innerHeight };
  }));
  console.log(`  ${what}: ${boxes.map((b) => b && `${b.sel} ${b.top}–${b.bottom}${b.in ? '' : ' (not all in view)'}`).join(', ')}`);
}
for (const [w, h] of sizes) {
  await withFreshBrowser('deduku-shots-', async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: w, height: h });
    await page.goto(url);
    await page.waitForSelector('#verdict.good', { timeout: 30000 });
    await page.screenshot({ path: join(out, `first-visit-${w}x${h}.png`) });
    console.log(`${w}×${h}:`);
    await where(page, 'first visit');
    await pasteInto(page, await readSample('top1465-1'));
    await page.waitForFunction(() => !document.querySelector('#progress'), null, { timeout: 60000 });
    await page.click('#hint');
    await page.click('#hint');
    for (let k = 0; k < 3; k++) await page.click('#next');
    await page.screenshot({ path: join(out, `steps-${w}x${h}.png`) });
    await page.screenshot({ path: join(out, `steps-${w}x${h}-full.png`), fullPage: true });
    await where(page, 'after hints and steps');
    // The Puzzle and Tools menus opened by their names, as a person would (the page scrolls to
    // them on a phone; the grid does not move).
    for (const id of ['#puzzle-menu', '#tools-menu']) await page.click(`${id} > summary`);
    await page.screenshot({ path: join(out, `menus-${w}x${h}.png`) });
    await page.screenshot({ path: join(out, `menus-${w}x${h}-full.png`), fullPage: true });
    await where(page, 'menus open');
    console.log(`  page ${await page.evaluate(() => document.documentElement.scrollHeight)} px tall`);
  });
}
