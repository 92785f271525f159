// The game's own filter, keep(other), for casts and queries: on random worlds with a frame's
// motion, in the float and the double build, each answer equals the library's with keep as its
// filter, worked out here from the calls without keep as the C++ code defines it
// (src/world/query_callback.cpp, cast_moving.cpp): a cast's plain answer when kept, else the
// first kept entry of its cast_all; against motion, the earlier of that over the still bodies
// and the first kept moving body's hit; castAll's and the queries' lists without what keep leaves
// out; the queries' bodies also against a brute force over every body's box.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { World } from '../sweepbox.js';
import { World as DoubleWorld } from '../double.js';

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const same = (a, b, what) => {
  assert.equal(a.hit, b.hit, what);
  if (a.hit) assert.deepEqual(a, b, what);
};
const closedMeet = (a, b) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

function run(WorldClass, fround, float) {
  const counts = { casts: 0, refiltered: 0, moving: 0, ties: 0 };
  for (let seed = 1; seed <= 40; ++seed) {
    const r = rng(seed), grid = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
    const world = new WorldClass({ cellSize: 32 });
    const ids = [], left = new Set(), moved = new Set();
    for (let i = 0, n = grid(5, 30); i < n; ++i) {
      const x = grid(0, 200), y = grid(0, 200);
      const id = world.add({ box: { minX: x, minY: y, maxX: x + grid(0, 20), maxY: y + grid(0, 20) }, isStatic: r() < 0.2 });
      ids.push(id);
      if (r() < 0.5) left.add(id);
    }
    const keep = (o) => o.kind !== 'body' || !left.has(o.body);
    world.beginFrame();
    for (const id of ids) {
      if (world.info(id).isStatic || r() < 0.3) continue;
      const before = world.box(id);
      world.move(id, grid(-160, 160) / 2, grid(-160, 160) / 2);
      const after = world.box(id);
      if (before.minX !== after.minX || before.minY !== after.minY) moved.add(id);
    }
    const isMoving = (o) => o.kind === 'body' && moved.has(o.body);
    for (let c = 0; c < 150; ++c, ++counts.casts) {
      const x = r() * 240 - 20, y = r() * 240 - 20, dx = r() * 600 - 300, dy = r() * 600 - 300;
      const ray = r() < 0.5;
      const box = ray ? { minX: x, minY: y, maxX: x, maxY: y }
                      : { minX: x, minY: y, maxX: x + grid(0, 8), maxY: y + grid(1, 8) };
      const filter = { keep };
      const cast = (f, frame) => (frame === undefined
        ? (ray ? world.castRay(x, y, dx, dy, f) : world.castBox(box, dx, dy, f))
        : (ray ? world.castRayMoving(x, y, dx, dy, f, frame) : world.castBoxMoving(box, dx, dy, f, frame)));
      // The plain answer when kept by `k`, else the first kept entry of cast_all.
      const castKept = (k) => {
        const plain = cast(undefined);
        if (!plain.hit || k(plain.other)) return plain;
        return world.castAll(box, dx, dy).find((h) => k(h.other)) ?? { ...plain, hit: false };
      };
      const expected = castKept(keep);
      if (cast(undefined).hit && !keep(cast(undefined).other)) ++counts.refiltered;
      same(cast(filter), expected, `seed ${seed} cast ${c}`);
      assert.deepEqual([...world.castAll(box, dx, dy, filter)], world.castAll(box, dx, dy).filter((h) => keep(h.other)));

      // Against motion over [t0, t1]: the still bodies' answer in frame time, or an earlier moving hit.
      let t0 = fround(r()), t1 = fround(r());
      if (t0 > t1) [t0, t1] = [t1, t0];
      const frame = { t0, t1 };
      const still = castKept((o) => !isMoving(o) && keep(o));
      if (still.hit) still.time = fround(t0 + still.time * (t1 - t0));
      const all = world.castAllMoving(box, dx, dy, undefined, frame);
      const first = all.find((h) => isMoving(h.other) && keep(h.other));
      const got = cast(filter, frame);
      assert.deepEqual([...world.castAllMoving(box, dx, dy, filter, frame)], all.filter((h) => keep(h.other)));
      if (float && first && still.hit && first.time === still.time) {
        ++counts.ties; // (in float, C++ compares the moving hit's unrounded time: either may be first)
        assert.ok(got.hit && (got.time === first.time), `seed ${seed} cast ${c}: a tie`);
        continue;
      }
      const want = first && (!still.hit || first.time < still.time) ? first : still;
      if (want === first) ++counts.moving;
      same(got, want, `seed ${seed} moving cast ${c}`);
    }
    // Queries: the plain list without what keep leaves out; its bodies, a brute force's.
    for (let q = 0; q < 30; ++q) {
      const x = grid(-10, 210), y = grid(-10, 210);
      const rect = { minX: x, minY: y, maxX: x + grid(0, 60), maxY: y + grid(0, 60) };
      const kept = world.queryRect(rect, { keep });
      assert.deepEqual([...kept], world.queryRect(rect).filter(keep));
      const brute = ids.filter((id) => !left.has(id) && closedMeet(world.box(id), rect)).sort((a, b) => a - b);
      assert.deepEqual(kept.map((o) => o.body).sort((a, b) => a - b), brute);
      assert.deepEqual([...world.queryPoint(x, y, { keep })], world.queryPoint(x, y).filter(keep));
      assert.deepEqual([...world.querySegment(x, y, rect.maxX, rect.maxY, { keep })],
        world.querySegment(x, y, rect.maxX, rect.maxY).filter(keep));
    }
    world.destroy();
  }
  return counts;
}

test('keep gives the answers of the library with keep as its filter (float build)', (t) => {
  const counts = run(World, Math.fround, true);
  t.diagnostic(JSON.stringify(counts));
  assert.ok(counts.refiltered > 100 && counts.moving > 100, JSON.stringify(counts));
});

test('keep gives the answers of the library with keep as its filter (double build)', (t) => {
  const counts = run(DoubleWorld, (v) => v, false);
  t.diagnostic(JSON.stringify(counts));
  assert.ok(counts.refiltered > 100 && counts.moving > 100, JSON.stringify(counts));
});

test('keep may cast too, and a keep that keeps everything changes nothing', () => {
  const world = new World({ cellSize: 32 });
  const a = world.add({ box: { minX: 10, minY: 0, maxX: 20, maxY: 10 } });
  const b = world.add({ box: { minX: 30, minY: 0, maxX: 40, maxY: 10 } });
  // Leaves out whatever a ray along y 5 from x 0 hits first without keep (a), casting itself.
  const keep = (o) => world.castRay(0, 5, 100, 0).other.body !== o.body;
  const h = world.castRay(0, 5, 100, 0, { keep });
  assert.equal(h.other.body, b);
  assert.equal(h.point.x, 30);
  assert.deepEqual(world.castRay(0, 5, 100, 0, { keep: () => true }), world.castRay(0, 5, 100, 0));
  assert.equal(world.castAll({ minX: 0, minY: 4, maxX: 1, maxY: 6 }, 100, 0, { keep }).length, 1);
  assert.ok(a !== b);
  assert.throws(() => world.castRays(null, { keep }), /castRays: a batch takes no keep function/);
});
