// Contract rule 10 through the package: tests/test_determinism.cpp's long simulation, made
// through the JavaScript API on the WebAssembly module (determinism_run.js), must give the native
// builds' golden value (tests/data/determinism_hash.txt; determinism_hash_double.txt for the
// double module). With SWEEPBOX_DETERMINISM_TRACE=FILE, every hashed value is written to FILE.4
// (FILE.8) as hex, one a line, to diff with the byte lines of the C++ test's trace.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { runSimulation } from './determinism_run.js';

const dataDir = new URL('../../tests/data/', import.meta.url);

function run(api) {
  const file = process.env.SWEEPBOX_DETERMINISM_TRACE;
  const r = runSimulation(api, { trace: Boolean(file) });
  if (file) fs.writeFileSync(`${file}.${api.realSize}`, r.trace.join('\n') + '\n');
  return r;
}

function golden(file) {
  return fs.readFileSync(new URL(file, dataDir), 'utf8').trim();
}

test('the float module gives the native golden hash', async () => {
  const api = await import('../sweepbox.js');
  assert.equal(api.realSize, 4);
  const { hash, moves } = run(api);
  assert.ok(moves >= 5000);
  assert.equal(hash, golden('determinism_hash.txt'));
});

// The double module too: its wider type is the x87's 80-bit format in software
// (src/core/extended.hpp), the native x86-64 double build's long double, so the same bits
// (contract rule 10).
test('the double module gives the native double build golden hash', async () => {
  const api = await import('../double.js');
  assert.equal(api.realSize, 8);
  const { hash, moves } = run(api);
  assert.ok(moves >= 5000);
  assert.equal(hash, golden('determinism_hash_double.txt'));
});
