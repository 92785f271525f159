// A steady game frame through the package, measured for garbage: the bytes the JavaScript heap
// grows by per frame, with a young generation large enough that no collection runs during the
// measure (checked). Two frames: `batched` moves its crowd with a MoveBatch, its rays with a
// CastBatch and its sparks with Particles; `single` makes the same moves one call each
// (World.move, whose double arguments V8 boxes when a call is not inlined). Run by
// garbage.test.js as
//   node --expose-gc --min-semi-space-size=64 --max-semi-space-size=64 test/garbage_frame.js
// and prints {"batched": bytes a frame, "single": bytes a frame, "frames": n} as JSON.
import v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';
import {
  CastBatch, MOVE, MoveBatch, MoveOptions, ParticleContacts, Particles, World, emitSparks, moveParticles, newCastHit, newEvents,
  newGround, newMoveResult, moveStride,
} from '../sweepbox.js';

const world = new World({ cellSize: 32 });
world.setTileMap({ tileSize: 16, columns: 64, rows: 32 });
for (let c = 0; c < 64; ++c) {
  world.setTile(c, 31, 1);
  world.setTile(c, 0, 1);
}
for (let r = 0; r < 32; ++r) {
  world.setTile(0, r, 1);
  world.setTile(63, r, 1);
}
world.setTileKind(3, { shape: 'slope45_ul' });
for (let c = 10; c < 20; ++c) world.setTile(c, 30, 3);
for (let c = 30; c < 40; ++c) world.setTile(c, 20, 2);
world.add({ box: { minX: 400, minY: 300, maxX: 460, maxY: 400 }, isSensor: true }); // water
const movers = [], velocities = [];
for (let i = 0; i < 50; ++i) {
  const x = 40 + (i % 25) * 36, y = 40 + Math.floor(i / 25) * 60;
  movers.push(world.add({ box: { minX: x, minY: y, maxX: x + 8, maxY: y + 8 } }));
  velocities.push({ x: ((i * 37) % 200) - 100, y: 0 });
}
const hero = world.add({ box: { minX: 100, minY: 400, maxX: 112, maxY: 420 } });
const particles = new Particles(500), contacts = new ParticleContacts(1000);
const rays = new CastBatch(100, 'rays');
const result = newMoveResult(), heroResult = newMoveResult(), hit = newCastHit(), ground = newGround();
const events = newEvents(), all = [], found = [], stats = { moved: 0, quiet: 0, resting: 0, touched: 0 };
const bounce = { response: 'bounce', restitution: 0.6, friction: 0.05, velocity: { x: 0, y: 0 } };
const bounceRule = new MoveOptions({ response: 'bounce', restitution: 0.6, friction: 0.05 });
const heroOptions = new MoveOptions();
const frameOptions = { gravity: { x: 0, y: 900 }, dt: 1 / 60, restSpeed: 10 };
const snap = { snap: 4, constantSpeed: true };
const queryBox = { minX: 0, minY: 0, maxX: 200, maxY: 200 }, castBox = { minX: 50, minY: 50, maxX: 58, maxY: 58 };
const bits = { mask: 0xffffffff }; // a filter object without keep
let onFloor = false, frameIndex = 0;
const sparks = { count: 100, seed: 0 };

const crowd = new MoveBatch(movers.length);
for (let i = 0; i < movers.length; ++i) crowd.setBody(i, movers[i]);

// What both frames share: the hero, rays, a shot with sparks, piercing casts, casts against
// motion, a query, the particles and the events.
function rest(k) {
  world.moveAndSnap(hero, k % 240 < 120 ? 2 : -2, 3, heroOptions, onFloor, snap, heroResult);
  onFloor = world.groundState(heroResult, undefined, undefined, ground).onFloor;
  const input = rays.input;
  for (let i = 0; i < 100; ++i) {
    input[4 * i] = 30 + i * 9;
    input[4 * i + 1] = 30;
    input[4 * i + 2] = (i % 7) * 10 - 30;
    input[4 * i + 3] = 500;
  }
  world.castRays(rays);
  world.castRay(20, 200, 900, 13, undefined, hit);
  if (k % 30 === 0 && hit.hit) {
    sparks.seed = k;
    emitSparks(hit, 900, 13, sparks, particles, (k / 30 % 5) * 100);
  }
  world.castAll(castBox, 700, 300, undefined, all);
  world.castRayMoving(20, 200, 900, 13, bits, undefined, hit);
  world.castAllMoving(castBox, 700, 300, bits, undefined, all);
  world.queryRect(queryBox, bits, found);
  moveParticles(world, particles, frameOptions, contacts, stats);
  world.updateEvents();
  world.events(events);
}

// The crowd in one batch: velocities live in the batch's arrays.
function batchedFrame() {
  const k = frameIndex++;
  const input = crowd.input, output = crowd.output;
  for (let i = 0; i < movers.length; ++i) {
    const vx = output[MOVE.vx + moveStride * i], vy = output[MOVE.vy + moveStride * i] + 15;
    input[4 * i] = vx / 60;
    input[4 * i + 1] = vy / 60;
    input[4 * i + 2] = vx;
    input[4 * i + 3] = vy;
  }
  world.moveBodies(crowd, bounceRule);
  rest(k);
}

// The crowd one move at a time.
function singleFrame() {
  const k = frameIndex++;
  for (let i = 0; i < movers.length; ++i) {
    const v = velocities[i];
    v.y += 15;
    bounce.velocity.x = v.x;
    bounce.velocity.y = v.y;
    world.move(movers[i], v.x / 60, v.y / 60, bounce, result);
    v.x = result.velocity.x;
    v.y = result.velocity.y;
  }
  rest(k);
}

// New objects go to the young generation (large ones to their own space): its growth, with no
// collection in between, is what the frames allocated.
const used = () => {
  let n = 0;
  for (const s of v8.getHeapSpaceStatistics()) {
    if (s.space_name === 'new_space' || s.space_name === 'new_large_object_space') n += s.space_used_size;
  }
  return n;
};
// The collections' start times (the observer hears of them a little later than they run).
const collections = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) collections.push(e.startTime); }).observe({ entryTypes: ['gc'] });

async function measure(frame, frames) {
  globalThis.gc();
  for (let i = 0; i < 100; ++i) frame(); // (after a full collection V8 makes some objects anew, once)
  const t0 = performance.now(), before = used();
  for (let i = 0; i < frames; ++i) frame();
  const after = used(), t1 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (collections.some((t) => t >= t0 && t <= t1)) throw new Error('a collection ran during the measure');
  return after - before;
}
// Runs of 1,000, 2,000 and 4,000 frames (each twice, the least kept: a run now and then holds a
// one-off of the JIT's); the garbage of a frame is the difference between the two longest runs
// over 2,000 frames, without the measure's own allocations (the same in every run).
async function bytesPerFrame(frame) {
  for (let i = 0; i < 3000; ++i) frame(); // warm up: the JIT compiles, the pools reach their sizes
  const ns = [1000, 2000, 4000], bytes = [];
  for (const n of ns) bytes.push(Math.min(await measure(frame, n), await measure(frame, n)));
  if (process.env.SWEEPBOX_GARBAGE_RAW) console.error(frame.name, JSON.stringify(bytes));
  return (bytes[2] - bytes[1]) / (ns[2] - ns[1]);
}
// (With the argument `batched`, the batched frame only: the test's case.)
const batched = await bytesPerFrame(batchedFrame);
const single = process.argv[2] === 'batched' ? null : await bytesPerFrame(singleFrame);
console.log(JSON.stringify({ batched, single, moves: movers.length }));
world.destroy();
