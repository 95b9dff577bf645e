// Screenshots of the page as a person sees it, phone and laptop: the first visit, a hard
// sample after two hints and three steps, the Puzzle and Tools menus open. A probe, not a
// test: look at them.
// Usage: node bench/page/layout-shots.mjs URL OUTDIR
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pasteInto, readSample, withFreshBrowser } from '../../tests/chromium.mjs';

const [url = 'http://127.0.0.1:8080/', out = 'tests/screenshots/layout'] = process.argv.slice(2);
await mkdir(out, { recursive: true });
for (const [w, h] of [[390, 844], [1280, 900]]) {
  await withFreshBrowser('deduku-shots-', async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: w, height: h });
    await page.goto(url);
    await page.waitForSelector('#verdict.good', { timeout: 30000 });
    await page.screenshot({ path: join(out, `first-visit-${w}.png`) });
    await pasteInto(page, await readSample('top1465-1'));
    await page.waitForFunction(() => !document.querySelector('#progress'), null, { timeout: 60000 });
    await page.click('#hint');
    await page.click('#hint');
    for (let k = 0; k < 3; k++) await page.click('#next');
    await page.screenshot({ path: join(out, `steps-${w}.png`) });
    await page.screenshot({ path: join(out, `steps-${w}-full.png`), fullPage: true });
    // The Puzzle and Tools menus opened by their names, as a person would (the page scrolls to
    // them on a phone; the grid does not move).
    for (const id of ['#puzzle-menu', '#tools-menu']) await page.click(`${id} > summary`);
    await page.screenshot({ path: join(out, `menus-${w}.png`) });
    await page.screenshot({ path: join(out, `menus-${w}-full.png`), fullPage: true });
    console.log(`${w}×${h}: page ${await page.evaluate(() => document.documentElement.scrollHeight)} px tall`);
  });
}
