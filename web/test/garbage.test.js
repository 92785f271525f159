// Garbage per frame: bench/garbage_frame.js runs a steady game frame (a crowd of bouncing
// bodies, a character with floor snap, rays, a shot with sparks, a piercing cast, a query,
// particles, events) in a child Node with a young generation large enough that no collection
// runs while it measures. A frame that passes its bodies, rays and particles in batches and
// reuses its results allocates nothing on the JavaScript heap.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

test('a batched frame allocates nothing on the JavaScript heap', (t) => {
  const script = new URL('../bench/garbage_frame.js', import.meta.url).pathname;
  const out = execFileSync(process.execPath,
    ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', script, 'batched'], { encoding: 'utf8' });
  const r = JSON.parse(out);
  t.diagnostic(`bytes a frame of ${r.moves} bodies, rays, particles and events in batches: ${r.batched.toFixed(2)}`);
  // Less than one byte a frame: no object at all in a steady frame (a heap number alone is 12).
  assert.ok(Math.abs(r.batched) < 1, `a batched frame allocates ${r.batched} bytes`);
});
