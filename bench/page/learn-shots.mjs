// Screenshots of the Learn place, phone and laptop: the list, the X-Wing lesson, a graded
// drill (one strike no X-Wing proves). A probe, not a test: look at them.
// Usage: node bench/page/learn-shots.mjs URL OUTDIR
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DRAWN, withFreshBrowser } from '../../tests/chromium.mjs';

const [url = 'http://127.0.0.1:8080/', out = 'tests/screenshots/learn'] = process.argv.slice(2);
await mkdir(out, { recursive: true });
for (const [w, h] of [[390, 844], [1280, 900]]) {
  await withFreshBrowser('deduku-learn-shots-', async (context) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: w, height: h });
    await page.goto(url);
    await page.waitForSelector(DRAWN, { state: 'attached' });
    await page.click('#learn-open');
    await page.waitForSelector('#learn .learn-item');
    await page.screenshot({ path: join(out, `list-${w}.png`) });
    await page.click('.learn-item[data-technique="x-wing"] .learn-lesson');
    await page.waitForSelector('#learn-example', { timeout: 60000 });
    await page.screenshot({ path: join(out, `lesson-${w}.png`) });
    await page.click('#learn-start-drill');
    await page.waitForSelector('#learn-check:not([disabled])', { timeout: 60000 });
    await page.click('#learn-hint');
    await page.waitForFunction(() => document.querySelector('#learn-hint')?.textContent === 'More hint');
    await page.screenshot({ path: join(out, `drill-hint-${w}.png`) });
    // Strike the first candidate of the first empty cell, then Check.
    const i = await page.$$eval('[role=gridcell]', (cells) => cells.findIndex((c) => !Number(c.dataset.value)));
    const cands = Number(await page.getAttribute(`[data-cell="${i}"]`, 'data-cands'));
    const d = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((x) => cands & (1 << (x - 1)));
    await page.click(`[data-cell="${i}"]`);
    await page.click(`.pad-digit[aria-label="Note ${d}"]`);
    await page.click('#learn-check');
    await page.waitForSelector('#learn-grade', { timeout: 20000 });
    await page.screenshot({ path: join(out, `graded-${w}.png`) });
    console.log(`${w}×${h}: page ${await page.evaluate(() => document.documentElement.scrollHeight)} px tall`);
  });
}
