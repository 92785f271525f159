// Moving targets: beginFrame, frameBox and the casts against the frame's motion give the native
// library's answers (scenes/moving_targets.json played through the World, against
// scenes/expected/moving_targets.jsonl, which the native program printed), in the float and the
// double build; bad frame times are refused with the library's message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { MoveOptions, SweepboxError, World } from '../sweepbox.js';
import { MoveOptions as DoubleMoveOptions, World as DoubleWorld } from '../double.js';

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

// Moves against motion (rule T5): the contract's grenade, in both builds; the plain move passes
// behind the runner. (The corridor's wall at x 90 stops what passes.)
for (const [name, WorldClass, MoveOptionsClass, f] of [
  ['float', World, MoveOptions, Math.fround], ['double', DoubleWorld, DoubleMoveOptions, (v) => v]]) {
  test(`the ${name} build: a grenade moved against motion stops against the runner where it was`, () => {
    const { world, runner } = corridor(WorldClass);
    const grenade = world.add({ box: box(0, 49, 2, 51) });
    // The plain move passes behind the runner (at y 100 to 110) to the corridor's wall at x 90.
    const plain = world.check(grenade, 100, 0);
    assert.equal(plain.contacts.length, 1);
    assert.notEqual(plain.contacts[0].other.body, runner);
    assert.deepEqual(asBox(plain.box), [88, 49, 90, 51]);
    const moved = world.check(grenade, 100, 0, { moving: true });
    assert.equal(moved.contacts.length, 1);
    const contact = moved.contacts[0];
    assert.equal(contact.other.body, runner);
    assert.ok(Math.abs(contact.time - 0.43) < 1e-6, `${contact.time}`);
    assert.deepEqual(contact.normal, { x: -1, y: 0 });
    assert.equal(contact.response, 'slide');
    asBox(contact.box).forEach((v, i) => assert.ok(Math.abs(v - [43, 49, 45, 51][i]) < 1e-5, `${v}`));
    asBox(world.frameBox(runner, contact.time)).forEach((v, i) =>
      assert.ok(Math.abs(v - [45, 43, 55, 53][i]) < 1e-5, `${v}`));
    assert.deepEqual(asBox(moved.box), asBox(contact.box));
    // The same through a MoveOptions, with bounce: back with the 57 units left, to x -14.
    const options = new MoveOptionsClass({ moving: true, response: 'bounce' });
    assert.equal(options.moving, true);
    assert.equal(options.t0, 0);
    assert.equal(options.t1, 1);
    const bounced = world.move(grenade, 100, 0, options);
    assert.equal(bounced.contacts[0].time, contact.time);
    assert.ok(Math.abs(bounced.box.minX + 14) < 1e-5, `${bounced.box.minX}`);
    // Over the frame times 0.5 to 1 from y 79: x 43 at 0.715, the runner at y 71.5 to 81.5.
    world.teleport(grenade, box(0, 79, 2, 81));
    const late = world.check(grenade, 100, 0, { moving: true, t0: 0.5, t1: 1 });
    assert.equal(late.contacts.length, 1);
    assert.ok(Math.abs(late.contacts[0].time - 0.715) < 1e-6, `${late.contacts[0].time}`);
    const early = world.check(grenade, 100, 0, { moving: true, t0: 0, t1: 0.5 }); // the runner still above y 50
    assert.deepEqual(early.contacts.map((c) => c.other.body === runner), [false]);
    // Bad frame times are refused, and nothing moves.
    assert.throws(() => world.move(grenade, 100, 0, { moving: true, t0: 0.5, t1: 0.25 }),
      (e) => e instanceof SweepboxError && /^sweepbox: move: /.test(e.message) && e.status === 'bad_argument');
    assert.deepEqual(asBox(world.box(grenade)), [0, 79, 2, 81].map(f));
    options.destroy();
    world.destroy();
  });
}

// With nothing moved since beginFrame a move against motion is the plain move, bit for bit
// (T5: tiles and still bodies are met as without it; t0 = 0, t1 = 1 keep the move's times).
test('random worlds: with no motion in the frame, moving changes no bit of a move', () => {
  let contacts = 0;
  for (const WorldClass of [World, DoubleWorld]) {
    let seed = 7;
    const r = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    const grid = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
    for (let round = 0; round < 20; ++round) {
      const world = new WorldClass({ cellSize: 32 });
      const ids = [];
      for (let i = 0, n = grid(5, 25); i < n; ++i) {
        const x0 = grid(0, 200), y0 = grid(0, 200);
        ids.push(world.add({ box: box(x0, y0, x0 + grid(1, 20), y0 + grid(1, 20)), isStatic: r() < 0.3 }));
      }
      world.beginFrame();
      for (let k = 0; k < 20; ++k) {
        const id = ids[grid(0, ids.length - 1)], dx = grid(-150, 150) + r(), dy = grid(-150, 150) + r();
        const response = ['slide', 'bounce', 'touch', 'cross'][grid(0, 3)];
        const plain = world.check(id, dx, dy, { response });
        const moving = world.check(id, dx, dy, { response, moving: true });
        assert.deepEqual(moving, plain);
        contacts += plain.contacts.length;
      }
      world.destroy();
    }
  }
  assert.ok(contacts > 50, `${contacts} contacts`);
});
