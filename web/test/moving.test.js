// Moving targets: beginFrame, frameBox and the casts against the frame's motion give the native
// library's answers (scenes/moving_targets.json played through the World, against
// scenes/expected/moving_targets.jsonl, which the native program printed), in the float and the
// double build; bad frame times are refused with the library's message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { SweepboxError, World } from '../sweepbox.js';
import { World as DoubleWorld } from '../double.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const box = (minX, minY, maxX, maxY) => ({ minX, minY, maxX, maxY });
const asBox = (b) => [b.minX, b.minY, b.maxX, b.maxY];

// The scene's world and its frame: the runner runs down across the bullets' line, the pacer along it.
function corridor(WorldClass) {
  const world = new WorldClass({ cellSize: 32 });
  world.add({ box: box(90, -20, 100, 112), isStatic: true });
  const runner = world.add({ box: box(45, 0, 55, 10) });
  const pacer = world.add({ box: box(20, 118, 30, 128) });
  world.beginFrame();
  world.move(runner, 0, 100);
  world.move(pacer, 100, 0);
  return { world, runner, pacer };
}

test('the scene moving_targets.json, played through the World, gives the native lines', () => {
  const lines = fs.readFileSync(path.join(root, 'scenes', 'expected', 'moving_targets.jsonl'), 'utf8')
    .trim().split('\n').map((l) => JSON.parse(l));
  const { world, runner, pacer } = corridor(World);
  const f = Math.fround;
  const same = (hit, line) => {
    assert.equal(hit.hit, true);
    assert.equal(hit.time, f(line.time));
    assert.deepEqual([hit.point.x, hit.point.y], line.point.map(f));
    assert.deepEqual([hit.normal.x, hit.normal.y], line.normal);
    if (line.box) assert.deepEqual(asBox(hit.box), line.box.map(f));
    if (line.other_box) assert.deepEqual(asBox(world.frameBox(hit.other.body, hit.time)), line.other_box.map(f));
  };
  same(world.castRayMoving(0, 50, 100, 0), lines[4]);
  assert.equal(world.castRayMoving(0, 50, 100, 0).other.body, runner);
  same(world.castRayMoving(0, 105, 200, 0), lines[6]);
  same(world.castRayMoving(0, 80, 100, 0, undefined, { t0: 0.5, t1: 1 }), lines[7]);
  const all = world.castAllMoving(box(0, 58, 2, 62), 100, 0);
  assert.equal(all.length, lines[8].hits.length);
  all.forEach((hit, i) => same(hit, lines[8].hits[i]));
  assert.equal(world.castAllMoving(box(0, 118, 10, 128), 100, 0).length, 0);
  const caught = world.castBoxMoving(box(0, 118, 10, 128), 200, 0);
  same(caught, lines[11]);
  assert.equal(caught.other.body, pacer);
  // The plain casts judge the bodies where they ended the frame.
  assert.equal(world.castRay(0, 50, 100, 0).time, f(lines[3].time));
  world.beginFrame();
  same(world.castRayMoving(0, 105, 200, 0), lines[13]);
  // The ferry, a platform, carries its passenger in that frame: both moves are motions.
  const ferry = world.add({ box: box(0, 210, 40, 220), isPlatform: true });
  const passenger = world.add({ box: box(10, 200, 20, 210) });
  world.movePlatform(ferry, 100, 0);
  same(world.castRayMoving(62, 150, 0, 100), lines[15]);
  assert.equal(world.castRayMoving(62, 150, 0, 100).other.body, passenger);
  assert.equal(lines[16].hit, false);
  assert.equal(world.castRay(62, 150, 0, 100).hit, false);
  world.destroy();
});

test('the double build: the same crossing, frameBox, and the bad frame times refused', () => {
  const { world, runner } = corridor(DoubleWorld);
  const hit = world.castRayMoving(0, 50, 100, 0);
  assert.equal(hit.other.body, runner);
  assert.equal(hit.time, 0.45);
  assert.deepEqual(hit.point, { x: 45, y: 50 });
  const was = world.frameBox(runner, hit.time);
  asBox(was).forEach((v, i) => assert.ok(Math.abs(v - [45, 45, 55, 55][i]) < 1e-12, `${v}`));
  assert.deepEqual(world.frameBox(runner, 1), world.box(runner));
  assert.throws(() => world.castRayMoving(0, 50, 100, 0, undefined, { t0: 0.5, t1: 0.25 }),
    (e) => e instanceof SweepboxError && /^sweepbox: castRayMoving: /.test(e.message) && e.status === 'bad_argument');
  assert.throws(() => world.frameBox(runner, 2), SweepboxError);
  world.destroy();
});
