// World.save and World.restore: a rollback answers bit for bit as the first run did and saves the
// same bytes again; bytes that are not a snapshot of this build and world are refused, the world
// as it was (the double build refuses the float build's snapshot).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SweepboxError, World } from '../sweepbox.js';
import { World as DoubleWorld } from '../double.js';

const box = (minX, minY, maxX, maxY) => ({ minX, minY, maxX, maxY });

function level() {
  const world = new World({ cellSize: 32 });
  world.setTileMap({ columns: 32, rows: 16, tileSize: 16 });
  for (let c = 0; c < 32; ++c) world.setTile(c, 15, 1);
  world.setTileKind(3, { shape: 'slope45_ur' });
  world.setTile(10, 14, 3);
  const movers = [];
  for (let i = 0; i < 12; ++i) movers.push(world.add({ box: box(20 + i * 30, 100 + (i % 3) * 20, 32 + i * 30, 116 + (i % 3) * 20) }));
  world.add({ box: box(200, 150, 260, 160), isStatic: true, oneWay: 'up' });
  world.add({ box: box(300, 180, 340, 240), isSensor: true });
  return { world, movers };
}

// Frames of moves whose answers (boxes, contacts, events) are recorded as text, bit for bit.
function play(world, movers, frames, first) {
  const lines = [];
  for (let f = first; f < first + frames; ++f) {
    movers.forEach((id, i) => {
      const r = world.move(id, ((i * 7 + f * 3) % 11) - 5, 6, { response: i % 2 ? 'slide' : 'bounce', velocity: { x: 1, y: 6 } });
      const b = world.box(id);
      lines.push([b.minX, b.minY, b.maxX, b.maxY, r.contacts.length, r.velocity.x, r.velocity.y].join(' '));
    });
    world.updateEvents();
    lines.push(JSON.stringify(world.events()));
  }
  return lines;
}

test('a restore answers every later frame as the first run did, in both modes', () => {
  const { world, movers } = level();
  play(world, movers, 5, 0);
  for (const mode of ['full', 'movable']) {
    const saved = world.save(mode);
    assert.ok(saved.length > 0);
    const first = play(world, movers, 20, 5);
    const after = world.save(mode);
    world.restore(saved);
    assert.deepEqual(world.save(mode), saved);
    assert.deepEqual(play(world, movers, 20, 5), first);
    assert.deepEqual(world.save(mode), after);
    world.restore(saved);
  }
  // A reused buffer takes the bytes when it is large enough.
  const out = new Uint8Array(1 << 16);
  const into = world.save('full', out);
  assert.equal(into.buffer, out.buffer);
  assert.deepEqual(into, world.save('full'));
  world.destroy();
});

test('a fresh world of the same definition restores the snapshot and answers the same', () => {
  const a = level(), b = level();
  play(a.world, a.movers, 7, 0);
  b.world.restore(a.world.save('full'));
  assert.deepEqual(play(b.world, b.movers, 15, 7), play(a.world, a.movers, 15, 7));
  a.world.destroy();
  b.world.destroy();
});

test('bad bytes are refused with the world unchanged', () => {
  const { world, movers } = level();
  play(world, movers, 3, 0);
  const saved = world.save();
  play(world, movers, 3, 3);
  const now = world.save();
  const cut = saved.subarray(0, saved.length - 5);
  const flipped = saved.slice();
  flipped[4] ^= 0xff;
  for (const bytes of [cut, flipped, new Uint8Array(0)]) {
    assert.throws(() => world.restore(bytes), (e) => e instanceof SweepboxError && e.status === 'bad_argument' && /^sweepbox: restore: /.test(e.message));
    assert.deepEqual(world.save(), now);
  }
  assert.throws(() => world.save('everything'), TypeError);
  const double = new DoubleWorld({ cellSize: 32 });
  assert.throws(() => double.restore(saved), (e) => e instanceof SweepboxError && /precision|real|double|float/i.test(e.message));
  double.destroy();
  world.destroy();
});
