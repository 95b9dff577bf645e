// Drill readiness in the browser, per technique: the time from a click on "Drill" (or "Next
// drill") to the drill on the grid with its Check button, measured on the page as a person
// gets it. Per technique: one cold drill (nothing ready: made while the person waits), then
// READY more drills each asked for after the worker has had IDLE_MS to make the next one ready
// (the pool of one ready drill per technique being learnt). A probe, not a test: its numbers
// vary with the machine's load.
//
//   node bench/page/drill-ready.mjs URL [TIERS=1,2,3] [READY=3] [IDLE_MS=4000]
//
// Prints one line per technique (cold, ready median) and the medians over all.
import { DRAWN, launchBrowser, median } from '../../tests/chromium.mjs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url = 'http://127.0.0.1:8080/', tiersArg = '1,2,3', readyArg = '3', idleArg = '4000'] = process.argv.slice(2);
const tiers = tiersArg.split(',').map(Number);
const ready = Number(readyArg);
const idle = Number(idleArg);
const dir = await mkdtemp(join(tmpdir(), 'deduku-drill-'));
const context = await launchBrowser(dir);
try {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector(DRAWN, { state: 'attached' });
  await page.click('#learn-open');
  await page.waitForSelector('#learn .learn-item');
  // The techniques by tier, in the list's order.
  const items = await page.$$eval('.learn-tier', (sections) => sections.flatMap((s, k) =>
    [...s.querySelectorAll('.learn-item')].map((i) => ({ tier: k + 1, id: i.dataset.technique }))));
  const rows = [];
  /** Clicks `sel` and waits for a new drill: ms from the click to the Check button. */
  async function timeDrill(sel) {
    await page.evaluate(() => { window.__t0 = 0; });
    const t = await page.evaluate((s) => new Promise((resolve) => {
      const t0 = performance.now();
      const old = document.querySelector('#learn-check');
      const obs = new MutationObserver(() => {
        const c = document.querySelector('#learn-check:not([disabled])');
        if (c && c !== old) { obs.disconnect(); resolve(performance.now() - t0); }
      });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true });
      document.querySelector(s).click();
    }), sel);
    return t;
  }
  for (const { tier, id } of items.filter((i) => tiers.includes(i.tier))) {
    await page.click('#learn-list').catch(() => {});
    await page.waitForSelector(`.learn-item[data-technique="${id}"]`);
    let cold;
    try {
      cold = await Promise.race([
        timeDrill(`.learn-item[data-technique="${id}"] .learn-drill`),
        new Promise((_, no) => setTimeout(() => no(new Error('timeout')), 60000)),
      ]);
    } catch {
      rows.push({ tier, id, cold: NaN, ready: [] });
      console.log(`${id} (tier ${tier}): no drill within 60 s`);
      continue;
    }
    const times = [];
    for (let k = 0; k < ready; k++) {
      await page.click('#learn-check');
      await page.waitForSelector('#learn-next', { timeout: 20000 });
      await page.waitForTimeout(idle);
      times.push(await timeDrill('#learn-next'));
    }
    rows.push({ tier, id, cold, ready: times });
    console.log(`${id} (tier ${tier}): cold ${cold.toFixed(0)} ms; ready ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  }
  for (const tier of tiers) {
    const r = rows.filter((x) => x.tier === tier);
    const colds = r.map((x) => x.cold).filter((x) => !Number.isNaN(x));
    const readies = r.flatMap((x) => x.ready);
    console.log(`tier ${tier}: ${r.length} techniques; cold median ${median(colds).toFixed(0)} ms (max ${Math.max(...colds).toFixed(0)}); `
      + `ready median ${median(readies).toFixed(0)} ms (max ${Math.max(...readies).toFixed(0)})`);
  }
} finally {
  await context.close();
  await rm(dir, { recursive: true, force: true });
}
