// The package's World: bodies, tiles with kinds and slopes, moves with every response and
// filters, the character kit, platforms, sensors and events, casts and queries, batches, and
// errors (the library's message; the world unchanged). Expected numbers are the C++ library's
// (the README's tour, examples/tile_level.cpp) or are checked against another call of the same
// library (a batch against single casts, check against move).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import {
  CastBatch, HIT, MOVE, MoveBatch, MoveOptions, SweepboxError, World, hitStride, moveStride, newCastHit, newMoveResult,
  realSize, version,
} from '../sweepbox.js';

const box = (minX, minY, maxX, maxY) => ({ minX, minY, maxX, maxY });

test('the module is the float build of this version', () => {
  assert.equal(realSize, 4);
  assert.match(version, /^\d+\.\d+\.\d+$/);
});

test("the README's tour: a bullet, a grenade and a hero", () => {
  const world = new World();
  const wall = world.add({ box: box(100, 0, 100, 400), isStatic: true });
  const hit = world.castRay(0, 10, Math.fround(90000 * Math.fround(1 / 60)), Math.fround(300 * Math.fround(1 / 60)));
  assert.equal(hit.hit, true);
  assert.equal(hit.other.body, wall);
  assert.equal(hit.point.x, 100);
  assert.equal(hit.point.y.toPrecision(6), '10.3333');

  const grenade = world.add({ box: box(0, 0, 4, 4) });
  const r = world.move(grenade, 500, 40, { response: 'bounce', restitution: 0.5, friction: 0.1, velocity: { x: 500, y: 40 } });
  assert.equal(r.contacts.length, 1);
  assert.equal(r.contacts[0].time, Math.fround(0.192));
  assert.deepEqual(r.contacts[0].normal, { x: -1, y: 0 });
  assert.deepEqual(r.velocity, { x: -250, y: 36 });

  const floor = world.add({ box: box(-1000, 200, 1000, 216), isStatic: true });
  const hero = world.add({ box: box(-40, 150, -24, 182) });
  const out = newMoveResult();
  for (let frame = 0; frame < 30; ++frame) world.move(hero, 3, 2, undefined, out);
  assert.equal(world.box(hero).maxY, world.box(floor).minY);
  world.destroy();
});

test('the tile level example prints what examples/tile_level.cpp prints, and passes', () => {
  const out = execFileSync(process.execPath, [new URL('../examples/tile_level.js', import.meta.url).pathname], { encoding: 'utf8' });
  assert.match(out, /hero at x 212\.\.224, bottom 112/);
  assert.match(out, /bullet hits tile \(14, 5\) at \(224, 93\.6000\)/);
  assert.match(out, /the slime stops at x 64/);
});

test('errors carry the library message and leave the world as it was', () => {
  const world = new World();
  const a = world.add({ box: box(0, 0, 10, 10) });
  const b = world.add({ box: box(20, 0, 30, 10), isStatic: true });
  world.remove(b);
  const before = world.box(a);
  const count = world.bodyCount;
  assert.throws(() => world.remove(b), (e) => e instanceof SweepboxError && e.status === 'bad_id' &&
    /^sweepbox: remove: .*stale/.test(e.message));
  assert.throws(() => world.move(a, NaN, 1), (e) => e instanceof SweepboxError && e.status === 'bad_argument' &&
    e.message === 'sweepbox: move: delta has a NaN or infinite component');
  assert.throws(() => world.move(a, 5, 0, { response: 'bounce', restitution: 2 }), (e) =>
    e.status === 'bad_argument' && /restitution/.test(e.message));
  assert.throws(() => world.add({ box: box(5, 0, 1, 1) }), (e) => e.status === 'bad_argument');
  assert.throws(() => world.move(a, 1, 0, { response: 'slyde' }), TypeError);
  assert.throws(() => world.setTile(0, 0, 1), (e) => e.status === 'bad_argument'); // no map yet
  assert.deepEqual(world.box(a), before);
  assert.equal(world.bodyCount, count);
  world.destroy();
});

test('a filter picks the response per obstacle; its exception or a bad answer fails the move, unchanged', () => {
  const world = new World();
  const hero = world.add({ box: box(0, 0, 10, 10) });
  const coin = world.add({ box: box(20, 0, 30, 10), category: 2 });
  const wall = world.add({ box: box(50, 0, 60, 10), isStatic: true });
  const seen = [];
  const filter = (self, other, w) => {
    assert.equal(self, hero);
    assert.equal(w, world);
    seen.push(other.body);
    return other.body === coin ? 'cross' : 'slide';
  };
  const r = world.check(hero, 100, 0, { filter });
  assert.deepEqual(r.contacts.map((c) => [c.other.body, c.response]), [[coin, 'cross'], [wall, 'slide']]);
  assert.equal(r.box.maxX, 50);
  assert.ok(seen.includes(coin) && seen.includes(wall));
  // A check from inside a filter (the C API allows it) sees the world as it is.
  const nested = world.move(hero, 100, 0, {
    filter: (self, other, w) => (w.check(self, 0, 5).contacts.length === 0 && other.body === coin ? 'cross' : 'touch'),
  });
  assert.equal(nested.box.maxX, 50);
  world.teleport(hero, box(0, 0, 10, 10));
  const boom = new Error('boom');
  assert.throws(() => world.move(hero, 100, 0, { filter: () => { throw boom; } }), (e) => e === boom);
  assert.throws(() => world.move(hero, 100, 0, { filter: () => 'sideways' }), TypeError);
  assert.deepEqual(world.box(hero), box(0, 0, 10, 10));
  // A category table: coins (category 2, lowest bit 1) are crossed.
  const table = Array(32).fill('slide');
  table[1] = 'cross';
  assert.equal(world.check(hero, 100, 0, { categoryResponses: table }).box.maxX, 50);
  world.destroy();
});

test('responses: touch stops, cross passes, bounce reflects with restitution and friction', () => {
  const world = new World();
  world.add({ box: box(50, -100, 60, 100), isStatic: true });
  const b = world.add({ box: box(0, 0, 10, 10) });
  assert.equal(world.check(b, 100, 20, { response: 'touch' }).box.maxX, 50);
  assert.equal(world.check(b, 100, 20, { response: 'touch' }).box.minY, 8);
  assert.equal(world.check(b, 100, 20, { response: 'slide' }).box.minY, 20);
  assert.equal(world.check(b, 100, 20, { response: 'cross' }).box.minX, 100);
  const r = world.check(b, 100, 0, { response: 'bounce', restitution: 0.5, velocity: { x: 10, y: 0 } });
  assert.equal(r.box.maxX, 50 - 30);
  assert.deepEqual(r.velocity, { x: -5, y: 0 });
  world.destroy();
});

test('started inside overlapping blocks: out of all at once, or stuck beyond pushOutSides', () => {
  // Issue 39's debris (bump's x, y, w, h): 27 units up is the nearest free place.
  const world = new World();
  const blocks = [[428, 1242, 97, 79], [530, 1279, 83, 78], [470, 1296, 88, 92]].map(([x, y, w, h]) =>
    world.add({ box: box(x, y, x + w, y + h), isStatic: true }));
  const b = world.add({ box: box(531, 1300, 538, 1306) });
  const r = world.check(b, 524.02 - 531, 1304.12 - 1300, { response: 'bounce' });
  assert.equal(r.stuck, false);
  assert.equal(r.contacts[0].startedOverlapping, true);
  assert.equal(r.contacts[0].other.body, blocks[1]);
  assert.deepEqual(r.contacts[0].box, box(531, 1273, 538, 1279));
  assert.deepEqual(r.contacts[0].normal, { x: 0, y: -1 });
  assert.equal(r.iterations, r.contacts.filter((c) => c.response !== 'cross').length);
  for (const k of blocks) {
    const o = world.box(k);
    assert.ok(r.box.maxX <= o.minX || r.box.minX >= o.maxX || r.box.maxY <= o.minY || r.box.minY >= o.maxY);
  }
  const near = world.check(b, -1, 1, { response: 'bounce', pushOutSides: 2 }); // reach 14
  assert.equal(near.stuck, true);
  const options = new MoveOptions({ response: 'bounce' });
  assert.equal(options.pushOutSides, 8);
  options.pushOutSides = 0;
  assert.equal(world.check(b, -1, 1, options).stuck, true);
  options.pushOutSides = Infinity;
  assert.deepEqual(world.check(b, -1, 1, options).contacts[0].box, box(531, 1273, 538, 1279));
  options.destroy();
  world.destroy();
});

test('a MoveBatch answers as single moves do, stuck included', () => {
  const twin = () => {
    const world = new World();
    world.add({ box: box(470, 1296, 558, 1388), isStatic: true });
    world.add({ box: box(530, 1279, 613, 1357), isStatic: true });
    return { world, buried: world.add({ box: box(500, 1340, 507, 1346) }), debris: world.add({ box: box(531, 1300, 538, 1306) }) };
  };
  const a = twin(), b = twin();
  const batch = new MoveBatch(2);
  batch.count = 2;
  batch.setBody(0, a.buried);
  batch.setBody(1, a.debris);
  batch.input.set([1, 0, 60, 0, -7, 4, -420, 240]);
  a.world.moveBodies(batch, { response: 'bounce', pushOutSides: 4 });
  const options = { response: 'bounce', pushOutSides: 4 };
  const single = [b.world.move(b.buried, 1, 0, { ...options, velocity: { x: 60, y: 0 } }),
    b.world.move(b.debris, -7, 4, { ...options, velocity: { x: -420, y: 240 } })];
  assert.equal(moveStride, 11);
  single.forEach((r, i) => {
    const o = batch.output.subarray(moveStride * i, moveStride * (i + 1));
    assert.deepEqual([o[MOVE.minX], o[MOVE.minY], o[MOVE.maxX], o[MOVE.maxY]], [r.box.minX, r.box.minY, r.box.maxX, r.box.maxY]);
    assert.deepEqual([o[MOVE.vx], o[MOVE.vy]], [r.velocity.x, r.velocity.y]);
    assert.equal(o[MOVE.contacts], r.contacts.length);
    assert.equal(o[MOVE.stuck], r.stuck ? 1 : 0);
  });
  assert.equal(single[0].stuck, true); // 37 units from a way out, 28 in reach
  assert.equal(single[1].stuck, false); // out 27 units up
  batch.destroy();
  a.world.destroy();
  b.world.destroy();
});

test('tile kinds and slopes: a ray meets a ramp on its line with the slope normal', () => {
  const world = new World();
  world.setTileMap({ tileSize: 16, columns: 4, rows: 4 });
  world.setTileKind(3, { shape: 'slope45_ul' });
  world.setTile(1, 2, 3);
  assert.equal(world.tile(1, 2), 'slope');
  assert.deepEqual(world.tileKind(3), { shape: 'slope45_ul', category: 1, mask: 0xffffffff, sensor: false });
  const h = world.castRay(20, 0, 0, 64);
  assert.equal(h.hit, true);
  assert.deepEqual([h.other.column, h.other.row], [1, 2]);
  assert.equal(h.point.y, 44); // u + v >= 1 at u = 4/16: v = 12/16 of the cell at y 32
  assert.equal(h.normal.x, Math.fround(-Math.SQRT1_2));
  assert.equal(h.normal.y, Math.fround(-Math.SQRT1_2));
  assert.throws(() => world.setTileKind(300, { shape: 'solid' }), (e) => e.status === 'bad_argument');
  assert.throws(() => world.setTileKind(4, { shape: 'ramp' }), TypeError);
  world.destroy();
});

test('the character kit: floor snap walks down a step, the ground state names the floor', () => {
  const world = new World();
  const floor = world.add({ box: box(0, 100, 50, 110), isStatic: true });
  const low = world.add({ box: box(50, 104, 200, 114), isStatic: true });
  const hero = world.add({ box: box(36, 80, 48, 100) });
  let r = world.move(hero, 0, 5);
  let ground = world.groundState(r);
  assert.equal(ground.onFloor, true);
  assert.equal(ground.floor.body, floor);
  assert.deepEqual(ground.floorNormal, { x: 0, y: -1 });
  r = world.moveAndSnap(hero, 20, 0, undefined, ground.onFloor, { snap: 6 });
  assert.equal(r.box.maxY, 104); // snapped down onto the lower floor
  ground = world.groundState(r);
  assert.equal(ground.onFloor, true);
  assert.equal(ground.floor.body, low);
  world.destroy();
});

test('the character kit: on a ramp, constantSpeed walks 3 units a move and stays on the floor', () => {
  for (const constantSpeed of [false, true]) {
    const world = new World();
    world.setTileMap({ tileSize: 16, columns: 8, rows: 5 });
    world.setTileKind(3, { shape: 'slope45_ul' });
    for (let c = 0; c < 8; ++c) world.setTile(c, 4, 1);
    for (let c = 0; c < 3; ++c) {
      world.setTile(c, 3 - c, 3); // the ramp's line x + y = 64, solid under it
      for (let row = 4 - c; row < 4; ++row) world.setTile(c, row, 1);
    }
    const hero = world.add({ box: box(20, 32, 26, 38) });
    let onFloor = true;
    for (let i = 0; i < 4; ++i) {
      const x = world.box(hero).minX;
      const r = world.moveAndSnap(hero, 3, 1, undefined, onFloor, { snap: 4, constantSpeed });
      onFloor = world.groundState(r).onFloor;
      assert.equal(onFloor, true);
      if (constantSpeed) assert.ok(Math.abs(r.box.minX - x - 3) < 1e-4);
      else assert.ok(r.box.minX - x < 2.5);
    }
    world.destroy();
  }
});

test('setFilter changes what info reports', () => {
  const world = new World();
  const a = world.add({ box: box(0, 0, 10, 10), userData: 7n });
  world.setFilter(a, 8, 0x0f);
  const i = world.info(a);
  assert.equal(i.category, 8);
  assert.equal(i.mask, 0x0f);
  world.destroy();
});

test('a platform carries its rider and pushes what is in its way', () => {
  const world = new World();
  const lift = world.add({ box: box(0, 100, 40, 110), isPlatform: true });
  const rider = world.add({ box: box(10, 80, 20, 100) });
  const crate = world.add({ box: box(50, 95, 60, 105) });
  let r = world.movePlatform(lift, 0, -30);
  assert.deepEqual(r.riders, [rider]);
  assert.deepEqual(world.box(rider), box(10, 50, 20, 70));
  r = world.movePlatform(lift, 15, 0, { crush: 'stop' }, r);
  assert.deepEqual(r.pushed, []);
  world.teleport(crate, box(60, 72, 70, 78));
  r = world.movePlatform(lift, 15, 0, {}, r);
  assert.deepEqual(r.pushed, [crate]);
  assert.equal(world.box(crate).minX, r.box.maxX);
  world.destroy();
});

test('sensors and events: a bullet through water begins and ends in one frame', () => {
  const world = new World();
  const water = world.add({ box: box(40, 0, 60, 100), isSensor: true });
  const bullet = world.add({ box: box(0, 50, 0, 50) });
  world.updateEvents();
  world.move(bullet, 100, 0);
  world.updateEvents();
  const ev = world.events();
  assert.deepEqual(ev.sensorBegin.map((e) => [e.sensor.body, e.visitor]), [[water, bullet]]);
  assert.deepEqual(ev.sensorEnd.map((e) => [e.sensor.body, e.visitor]), [[water, bullet]]);
  assert.equal(world.castRay(0, 50, 100, 0).hit, false);
  assert.equal(world.castRay(0, 50, 100, 0, { sensors: true }).other.body, water);
  world.destroy();
});

test('queries and pairs', () => {
  const world = new World();
  world.setTileMap({ tileSize: 10, columns: 10, rows: 10 });
  world.setTile(3, 3, 1);
  const a = world.add({ box: box(0, 0, 10, 10) });
  const b = world.add({ box: box(5, 5, 15, 15) });
  assert.deepEqual(world.queryPoint(10, 10).map((o) => o.kind === 'body' ? o.body : `${o.column},${o.row}`), [a, b]);
  assert.deepEqual(world.queryRect(box(25, 25, 31, 31)).map((o) => [o.kind, o.column, o.row]), [['tile', 3, 3]]);
  assert.deepEqual(world.querySegment(0, 35, 100, 35, { bodies: false }).map((o) => [o.column, o.row]), [[3, 3]]);
  const pairs = world.overlappingPairs();
  assert.equal(pairs.length, 1);
  assert.deepEqual([pairs[0].a, pairs[0].b, pairs[0].depth], [a, b, 5]);
  const all = world.castAll(box(-20, 6, -18, 8), 200, 0);
  assert.deepEqual(all.map((h) => h.other.body), [a, b]);
  assert.deepEqual(world.bodyIds(), [a, b]);
  world.destroy();
});

test('a batch of rays and box casts answers as the single casts do, bit for bit', () => {
  const world = new World({ cellSize: 32 });
  world.setTileMap({ tileSize: 16, columns: 32, rows: 32 });
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let i = 0; i < 200; ++i) world.setTile(Math.floor(rand() * 32), Math.floor(rand() * 32), 1);
  for (let i = 0; i < 50; ++i) {
    const x = rand() * 500, y = rand() * 500;
    world.add({ box: box(x, y, x + rand() * 20, y + rand() * 20), isStatic: true });
  }
  const n = 2000;
  const rays = new CastBatch(n, 'rays'), boxes = new CastBatch(n, 'boxes');
  const ri = rays.input, bi = boxes.input;
  for (let i = 0; i < n; ++i) {
    const x = rand() * 512, y = rand() * 512, dx = rand() * 400 - 200, dy = rand() * 400 - 200;
    ri.set([x, y, dx, dy], 4 * i);
    bi.set([x, y, x + 8, y + 8, dx, dy], 6 * i);
  }
  world.castRays(rays);
  world.castBoxes(boxes);
  const h = newCastHit();
  let hits = 0;
  for (let i = 0; i < n; ++i) {
    for (const [batch, single] of [[rays, () => world.castRay(ri[4 * i], ri[4 * i + 1], ri[4 * i + 2], ri[4 * i + 3], undefined, h)],
      [boxes, () => world.castBox(box(bi[6 * i], bi[6 * i + 1], bi[6 * i + 2], bi[6 * i + 3]), bi[6 * i + 4], bi[6 * i + 5], undefined, h)]]) {
      single();
      const o = batch.output, k = hitStride * i;
      assert.equal(o[k + HIT.hit], h.hit ? 1 : 0);
      if (!h.hit) continue;
      ++hits;
      assert.deepEqual([o[k + HIT.time], o[k + HIT.normalX], o[k + HIT.normalY], o[k + HIT.pointX], o[k + HIT.pointY],
        o[k + HIT.minX], o[k + HIT.minY], o[k + HIT.maxX], o[k + HIT.maxY]],
      [h.time, h.normal.x, h.normal.y, h.point.x, h.point.y, h.box.minX, h.box.minY, h.box.maxX, h.box.maxY]);
      assert.equal(o[k + HIT.otherKind], h.other.kind === 'body' ? 1 : 2);
    }
  }
  assert.ok(hits > n / 2);
  rays.count = n + 1;
  assert.throws(() => world.castRays(rays), RangeError);
  assert.throws(() => world.castRays(boxes), TypeError);
  rays.destroy();
  boxes.destroy();
  world.destroy();
});

test('inspectMove lays open the three levels of the move check() makes', () => {
  const world = new World({ cellSize: 16 });
  const posts = [];
  for (let i = 0; i < 40; ++i) posts.push(world.add({ box: box(i * 20 + 100, 50, i * 20 + 110, 60), isStatic: true }));
  const g = world.add({ box: box(0, 0, 4, 4) });
  const ins = world.inspectMove(g, 600, 200);
  const first = world.check(g, 600, 200).contacts[0];
  assert.equal(ins.axis, 'x');
  assert.equal(ins.earliest, first.time);
  assert.ok(ins.candidates.some((c) => c.other.body === first.other.body));
  assert.ok(ins.trip.minX <= 0 && ins.trip.maxX >= 604 && ins.trip.maxY >= 204);
  assert.equal(ins.step, 16);
  assert.ok(ins.parts.length >= 600 / 16);
  // The walk reaches the sub-boxes in order and stops: visited ones first, then the others.
  const reached = ins.parts.filter((p) => p.visited).length;
  assert.ok(reached > 0 && reached < ins.parts.length);
  assert.ok(ins.parts.slice(0, reached).every((p) => p.visited));
  // A short trip covers few cells: no sub-boxes, the whole trip in one pass.
  assert.deepEqual(world.inspectMove(g, 3, 0).parts, []);
  world.destroy();
});
