// A static file server for the end-to-end tests: serves a directory on 127.0.0.1 only.
// Usage: node static-server.mjs DIR [PORT]   (PORT 0 or absent: any free port)
// Prints "listening <port>" once it accepts connections.
// From a test: startServer(dir, port, { transform(path, body) → body }) serves changed files
// (the update test serves a new sw.js that way).
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

export function startServer(dir, port = 0, { transform = (path, body) => body } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/__blank') {
        // A page of the same origin that does not run the app (the tests clear storage there).
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!DOCTYPE html><title>blank</title><link rel="icon" href="data:,">');
        return;
      }
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = transform(path, await readFile(file));
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
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
