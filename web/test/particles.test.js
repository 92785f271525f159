// Particles through the package: a frame of moveParticles moves each particle exactly as a
// zero-size body's bounce move would (docs/contract.md, P1), bit for bit, here checked against
// World.move of a probe body through the same package; sparks are seeded deterministically.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ParticleContacts, Particles, World, emitSparks, moveParticles, newMoveResult } from '../sweepbox.js';

const f = Math.fround;

function level() {
  const world = new World();
  world.setTileMap({ tileSize: 16, columns: 40, rows: 20 });
  for (let c = 0; c < 40; ++c) world.setTile(c, 19, 1);
  for (let r = 0; r < 20; ++r) {
    world.setTile(0, r, 1);
    world.setTile(39, r, 1);
  }
  world.setTileKind(3, { shape: 'slope45_ur' });
  for (let c = 20; c < 24; ++c) world.setTile(c, 18, 3);
  world.add({ box: { minX: 200, minY: 200, maxX: 210, maxY: 300 }, isStatic: true });
  return world;
}

test('a frame of particles is a zero-size body bouncing, bit for bit', () => {
  const world = level();
  const n = 300;
  const p = new Particles(n);
  let seed = 3;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let i = 0; i < n; ++i) {
    p.x[i] = f(20 + rand() * 580);
    p.y[i] = f(20 + rand() * 260);
    p.vx[i] = f(rand() * 1200 - 600);
    p.vy[i] = f(rand() * 1200 - 600);
  }
  const frame = { gravity: { x: 0, y: 900 }, dt: f(1 / 60), restSpeed: 20, restitution: 0.6, friction: 0.1 };
  const probe = world.add({ box: { minX: 0, minY: 0, maxX: 0, maxY: 0 } });
  const r = newMoveResult();
  const contacts = new ParticleContacts(4096);
  let bounces = 0;
  for (let step = 0; step < 40; ++step) {
    // The expected answer of each particle first, from a probe body's move at its position.
    const want = [];
    for (let i = 0; i < n; ++i) {
      const vx = f(p.vx[i] + f(frame.gravity.x * frame.dt)), vy = f(p.vy[i] + f(frame.gravity.y * frame.dt));
      world.teleport(probe, { minX: p.x[i], minY: p.y[i], maxX: p.x[i], maxY: p.y[i] });
      world.move(probe, f(vx * frame.dt), f(vy * frame.dt), {
        response: 'bounce', restitution: f(0.6), friction: f(0.1), restSpeed: 20, velocity: { x: vx, y: vy },
      }, r);
      want.push([r.box.minX, r.box.minY, r.velocity.x, r.velocity.y, r.contacts.length]);
    }
    world.teleport(probe, { minX: -1000, minY: -1000, maxX: -1000, maxY: -1000 });
    const stats = moveParticles(world, p, frame, contacts);
    assert.equal(stats.moved, n);
    const perParticle = new Array(n).fill(0);
    for (let k = 0; k < contacts.count; ++k) ++perParticle[contacts.get(k).particle];
    for (let i = 0; i < n; ++i) {
      assert.deepEqual([p.x[i], p.y[i], p.vx[i], p.vy[i], perParticle[i]], want[i], `particle ${i}, frame ${step}`);
    }
    bounces += contacts.count;
  }
  assert.ok(bounces > 100, `${bounces} bounces`);
  p.destroy();
  contacts.destroy();
  world.destroy();
});

test('sparks: the same seed gives the same shower, thrown out of the face', () => {
  const world = level();
  const hit = world.castRay(100, 100, 0, 400);
  assert.equal(hit.hit, true);
  const a = new Particles(64), b = new Particles(64);
  emitSparks(hit, 300, 900, { count: 32, spread: 90, seed: 11 }, a, 0);
  emitSparks(hit, 300, 900, { count: 32, spread: 90, seed: 11 }, b, 0);
  for (let i = 0; i < 32; ++i) {
    assert.equal(a.x[i], hit.point.x);
    assert.equal(a.y[i], hit.point.y);
    assert.ok(a.vy[i] < 0, 'out of the floor');
    assert.deepEqual([a.vx[i], a.vy[i]], [b.vx[i], b.vy[i]]);
  }
  emitSparks(hit, 300, 900, { count: 32, spread: 90, seed: 12 }, b, 32);
  assert.notDeepEqual([...a.vx.subarray(0, 32)], [...b.vx.subarray(32, 64)]);
  assert.throws(() => emitSparks(hit, 300, 900, { count: 40 }, a, 32), (e) => e.status === 'bad_argument');
  a.count = 65;
  assert.throws(() => moveParticles(world, a), RangeError);
  a.destroy();
  b.destroy();
  world.destroy();
});

test('the arrays follow the memory when it grows', () => {
  const world = level();
  const small = new Particles(10);
  small.x[3] = 42;
  const before = small.x.buffer;
  const big = new Particles(1 << 21); // 2M particles: the module's memory grows by tens of MB
  assert.notEqual(small.x.buffer, before, 'the memory did not grow');
  assert.equal(small.x[3], 42);
  big.x[big.capacity - 1] = 7;
  assert.equal(big.x[big.capacity - 1], 7);
  assert.equal(world.castRay(100, 100, 0, 400).hit, true);
  big.destroy();
  small.destroy();
  world.destroy();
});
