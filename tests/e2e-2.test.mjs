// Shard 2 of 2 of the end-to-end tests (e2e.mjs says why they are split).
process.env.E2E_SHARD = '1/2';
await import('./e2e.mjs');
