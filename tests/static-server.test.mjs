// The test server's caching rules, without a browser: Trunk's hashed names are immutable
// whatever the number of hex digits Trunk printed (it drops leading zeros), and the rest is
// revalidated. A 15-digit name once made the end-to-end run fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './static-server.mjs';

test('static server: hashed names are immutable, with 15 or 16 digits; icons and the page are revalidated', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'deduku-server-'));
  const names = {
    'app-cb80bf60fbb34e8_bg.wasm': /immutable/,
    'app-80c53c274186c803.js': /immutable/,
    'style-19f1755fd099182e.css': /immutable/,
    'icon-192.png': /^no-cache$/,
    'worker_bg.wasm': /^no-cache$/,
    'index.html': /^no-cache$/,
  };
  for (const f of Object.keys(names)) await writeFile(join(dir, f), f);
  const server = await startServer(dir, 0);
  try {
    const base = `http://127.0.0.1:${server.address().port}/`;
    for (const [f, want] of Object.entries(names)) {
      const r = await fetch(base + f);
      assert.equal(r.status, 200, f);
      assert.match(r.headers.get('cache-control'), want, f);
      await r.arrayBuffer();
    }
  } finally {
    server.close();
    await rm(dir, { recursive: true });
  }
});
