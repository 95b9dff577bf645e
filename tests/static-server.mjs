// A static file server for the end-to-end tests, the probes and scripts/serve.sh: serves a
// directory on 127.0.0.1 only, as a real host should serve the build:
// - precompressed files: FILE.br or FILE.gz (written beside each built file by
//   scripts/precache.mjs) with Content-Encoding when the request's Accept-Encoding allows it
//   (brotli first), and Vary: Accept-Encoding;
// - validators: a strong ETag per encoding (a hash of the bytes sent) and Last-Modified; a
//   conditional request whose validator matches gets 304 Not Modified without a body;
// - Cache-Control: file names with Trunk's content hash (app-0123456789abcdef.js) are immutable
//   for a year; everything else (index.html, sw.js, worker.js and worker_bg.wasm, the icons and
//   the manifest) is `no-cache`: kept, but revalidated before each use.
// Usage: node static-server.mjs DIR [PORT]   (PORT 0 or absent: any free port)
// Prints "listening <port>" once it accepts connections.
// From a test: startServer(dir, port, { transform(path, body) → body, onResponse(entry) }).
// `transform` serves changed files (the update test serves a new sw.js that way; a transformed
// file is sent uncompressed); `onResponse` hears of every response: { path, status, encoding,
// bytes } (bytes: the body's length, 0 for a 304). `plain: true` serves as the first version of
// this server did (every file whole, no validators, no Cache-Control), for before/after probes.
// `link: { bytesPerSecond, latencyMs }` makes the server a slow link shared by every request,
// the service worker's too (which the browser's own network emulation of a page does not slow):
// each response starts latencyMs after its request, and all bodies share the bandwidth, sent in
// 4 KiB slices one after the other.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** Trunk's content-hashed names (`filehash = true`): a new content gets a new name. Trunk
 * prints its 64-bit hash without leading zeros, so a name may have fewer than 16 digits
 * (app-cb80bf60fbb34e8_bg.wasm had 15); 12 keeps icon-192.png out. */
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.[a-z]+$/;

/** The encodings `header` (an Accept-Encoding) accepts, with a q above 0. */
function accepted(header = '') {
  const out = new Set();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

async function readIfFile(path) {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/** Whether the request's validators match (If-None-Match first, as RFC 9110 says). */
function notModified(req, etag, mtime) {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    return inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  }
  const ims = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(ims) && Math.floor(mtime.getTime() / 1000) * 1000 <= ims;
}

export function startServer(dir, port = 0, { transform = (path, body) => body, onResponse = () => {}, plain = false, link = null } = {}) {
  const root = resolve(dir);
  let linkFreeAt = 0; // when the shared link has sent every slice reserved so far
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, Math.max(0, ms)));
  /** Writes `body` over the slow link: each slice waits for its turn on the shared bandwidth. */
  async function throttled(res, body) {
    const SLICE = 4096;
    for (let i = 0; i < body.length; i += SLICE) {
      const slice = body.subarray(i, i + SLICE);
      const start = Math.max(performance.now(), linkFreeAt);
      linkFreeAt = start + (slice.length / link.bytesPerSecond) * 1000;
      await sleep(linkFreeAt - performance.now());
      res.write(slice);
    }
    res.end();
  }
  const server = createServer(async (req, res) => {
    let path = '';
    const arrived = performance.now();
    const send = async (status, headers, body) => {
      const bytes = status === 304 || req.method === 'HEAD' ? 0 : body.length;
      if (link) await sleep(arrived + link.latencyMs - performance.now());
      res.writeHead(status, headers);
      const sent = req.method === 'HEAD' || status === 304 ? undefined : body;
      if (link && sent) await throttled(res, sent);
      else res.end(sent);
      onResponse({ path, status, encoding: headers['content-encoding'] ?? 'identity', bytes });
    };
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/__blank') {
        // A page of the same origin that does not run the app (the tests clear storage there).
        await send(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
          Buffer.from('<!DOCTYPE html><title>blank</title><link rel="icon" href="data:,">'));
        return;
      }
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside root');
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      const original = await readFile(file);
      let body = transform(path, original);
      if (plain) {
        await send(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }, body);
        return;
      }
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        'last-modified': info.mtime.toUTCString(),
      };
      if (body === original) {
        const ok = accepted(req.headers['accept-encoding']);
        for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']]) {
          const packed = await readIfFile(`${file}${ext}`);
          if (packed === null) continue;
          headers.vary = 'Accept-Encoding';
          if (ok.has(enc) && !headers['content-encoding']) {
            headers['content-encoding'] = enc;
            body = packed;
          }
        }
      }
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${headers['content-encoding'] ? `-${headers['content-encoding']}` : ''}"`;
      headers.etag = etag;
      if ((req.method === 'GET' || req.method === 'HEAD') && notModified(req, etag, info.mtime)) {
        await send(304, headers, null);
        return;
      }
      headers['content-length'] = body.length;
      await send(200, headers, body);
    } catch {
      if (!res.headersSent) await send(404, { 'content-type': 'text/plain' }, Buffer.from('not found')).catch(() => {});
      else res.destroy();
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '0'] = process.argv.slice(2);
  const server = await startServer(dir, Number(port));
  console.log(`listening ${server.address().port}`);
}
