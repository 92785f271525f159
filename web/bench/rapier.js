// sweepbox's package against Rapier2D (@dimforge/rapier2d-compat, its official WebAssembly build)
// in Node, side by side in one run, on the workloads of bench/ (bench/README.md): the tile world's
// 100,000 rays and 100,000 8x8 box casts, and the crowd's 100 frames of 1,000 slide moves.
//   node web/bench/rapier.js [--data DIR] [--rounds N]
// DIR defaults to ../shared/bench (the published set), else build/gcc/bench/data. Rapier is
// installed by this script with npm into build/web/rapier (a scratch folder, never committed).
//
// The same shapes and queries: the level's solid tiles and walls as Rapier cuboid colliders (it
// has no tile map), a ray as World.castRay (solid, maxToi 1 over the full displacement), a box
// cast as World.castShape of a cuboid, the crowd's movers as kinematic bodies moved by Rapier's
// KinematicCharacterController (slide, offset 0.01), the frame ending with World.step (which
// updates the tree Rapier's queries use). sweepbox runs each workload through its single calls
// (castRay, castBox, move, a result object reused) and through its batches (CastBatch, MoveBatch).
// Every round runs every row in turn (interleaved), rounds after one warm-up; the figures are
// medians of the rounds' CPU time (process.cpuUsage, all of Node's threads, the collector's too)
// per query, and the wall time beside it. Garbage: the young generation's growth per query in one
// more pass without collection (the script runs itself with a young generation of 128 MB; no
// collection during the pass is checked).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import * as S from '../sweepbox.js';

const RAPIER_VERSION = '0.21.0';
const root = fileURLToPath(new URL('../../', import.meta.url));
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dataDir = path.resolve(option('data', fs.existsSync(path.join(root, '../shared/bench')) ? path.join(root, '../shared/bench')
  : path.join(root, 'build/gcc/bench/data')));
const rounds = Number(option('rounds', 5));

// ---- the workloads ----

const numbers = (file, width) => {
  const text = fs.readFileSync(path.join(dataDir, file), 'utf8').trim().split('\n');
  const out = new Float64Array(text.length * width);
  text.forEach((line, i) => {
    const f = line.split(' ');
    if (f.length !== width) throw new Error(`${file}:${i + 1}: ${width} numbers expected`);
    for (let k = 0; k < width; ++k) out[i * width + k] = Number(f[k]);
  });
  return out;
};
const tiles = fs.readFileSync(path.join(dataDir, 'tile_world/tiles.txt'), 'utf8').trim().split('\n');
const walls = numbers('tile_world/walls.txt', 4);
const rays = numbers('tile_world/rays.txt', 4);
const boxcasts = numbers('tile_world/boxcasts.txt', 6);
const statics = numbers('crowd/statics.txt', 4);
const movers = numbers('crowd/movers.txt', 4);
const deltas = numbers('crowd/deltas.txt', 2);
const nRays = rays.length / 4, nBoxes = boxcasts.length / 6, nMovers = movers.length / 4;
const frames = deltas.length / 2 / nMovers;

// The expected checksums: the published ones of the shared set, else the directory's own.
function expected() {
  const file = path.join(dataDir, 'checksums.txt');
  if (!fs.existsSync(file)) return { rays: [92106, 15590.684983], boxcasts: [82959, 21597.008047] };
  const text = fs.readFileSync(file, 'utf8');
  const get = (name) => text.split('\n').find((l) => l.startsWith(name)).split(/\s+/).slice(1).map(Number);
  return { rays: get('rays'), boxcasts: get('boxcasts') };
}

// ---- Rapier, installed into a scratch folder ----

async function loadRapier() {
  const dir = path.join(root, 'build/web/rapier');
  const entry = path.join(dir, 'node_modules/@dimforge/rapier2d-compat/dist/rapier.mjs');
  if (!fs.existsSync(entry)) {
    fs.mkdirSync(dir, { recursive: true });
    console.log(`installing @dimforge/rapier2d-compat@${RAPIER_VERSION} into ${dir}`);
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error',
      `@dimforge/rapier2d-compat@${RAPIER_VERSION}`], { stdio: 'inherit' });
  }
  const R = (await import(pathToFileURL(entry))).default;
  await R.init();
  return R;
}

// ---- the rows: each a setup (not timed) and a pass over the workload ----

function sweepboxTileWorld() {
  const w = new S.World({ cellSize: 64 });
  w.setTileMap({ tileSize: 16, columns: tiles[0].length, rows: tiles.length });
  tiles.forEach((row, j) => {
    for (let i = 0; i < row.length; ++i) if (row[i] === '#') w.setTile(i, j, 1);
  });
  for (let k = 0; k < walls.length; k += 4) {
    w.add({ box: { minX: walls[k], minY: walls[k + 1], maxX: walls[k + 2], maxY: walls[k + 3] }, isStatic: true });
  }
  return w;
}

function rapierTileWorld(R) {
  const w = new R.World({ x: 0, y: 0 });
  const box = (x0, y0, x1, y1) => w.createCollider(R.ColliderDesc.cuboid((x1 - x0) / 2, (y1 - y0) / 2)
    .setTranslation((x0 + x1) / 2, (y0 + y1) / 2));
  tiles.forEach((row, j) => {
    for (let i = 0; i < row.length; ++i) if (row[i] === '#') box(16 * i, 16 * j, 16 * i + 16, 16 * j + 16);
  });
  for (let k = 0; k < walls.length; k += 4) box(walls[k], walls[k + 1], walls[k + 2], walls[k + 3]);
  w.step(); // builds the tree the queries walk
  return w;
}

function rows(R) {
  const sw = sweepboxTileWorld(), rw = rapierTileWorld(R);
  const hit = S.newCastHit();
  const rayBatch = new S.CastBatch(nRays, 'rays');
  rayBatch.input.set(rays);
  const boxBatch = new S.CastBatch(nBoxes, 'boxes');
  boxBatch.input.set(boxcasts);
  const box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const ray = new R.Ray({ x: 0, y: 0 }, { x: 0, y: 0 });
  const cuboid = new R.Cuboid(4, 4), pos = { x: 0, y: 0 }, vel = { x: 0, y: 0 };
  const sumBatch = (batch, n) => {
    const o = batch.output, k = S.hitStride;
    let hits = 0, sum = 0;
    for (let i = 0; i < n; ++i) {
      if (o[k * i] !== 0) {
        ++hits;
        sum += o[k * i + S.HIT.time];
      }
    }
    return [hits, sum];
  };
  // The crowd, made anew for each pass (its bodies move).
  const sweepboxCrowd = () => {
    const w = new S.World();
    for (let k = 0; k < statics.length; k += 4) {
      w.add({ box: { minX: statics[k], minY: statics[k + 1], maxX: statics[k + 2], maxY: statics[k + 3] }, isStatic: true });
    }
    const ids = [];
    for (let k = 0; k < movers.length; k += 4) {
      ids.push(w.add({ box: { minX: movers[k], minY: movers[k + 1], maxX: movers[k + 2], maxY: movers[k + 3] } }));
    }
    return { w, ids };
  };
  const crowdSum = (w, ids) => ids.reduce((s, id) => {
    const b = w.box(id, box);
    return s + b.minX + b.minY;
  }, 0);
  const result = S.newMoveResult();
  const f = Math.fround;
  const moveBatch = new S.MoveBatch(nMovers);
  const rapierCrowd = () => {
    const w = new R.World({ x: 0, y: 0 });
    for (let k = 0; k < statics.length; k += 4) {
      w.createCollider(R.ColliderDesc.cuboid(8, 8).setTranslation(statics[k] + 8, statics[k + 1] + 8));
    }
    const bodies = [], colliders = [];
    for (let k = 0; k < movers.length; k += 4) {
      const b = w.createRigidBody(R.RigidBodyDesc.kinematicPositionBased().setTranslation(movers[k] + 4, movers[k + 1] + 4));
      bodies.push(b);
      colliders.push(w.createCollider(R.ColliderDesc.cuboid(4, 4), b));
    }
    w.step();
    const controller = w.createCharacterController(0.01);
    return { w, bodies, colliders, controller };
  };
  return [
    {
      workload: 'rays', library: 'sweepbox, castRay', count: nRays, run() {
        let hits = 0, sum = 0;
        for (let k = 0; k < rays.length; k += 4) {
          sw.castRay(rays[k], rays[k + 1], rays[k + 2], rays[k + 3], undefined, hit);
          if (hit.hit) {
            ++hits;
            sum += hit.time;
          }
        }
        return [hits, sum];
      },
    },
    { workload: 'rays', library: 'sweepbox, CastBatch', count: nRays, run() { sw.castRays(rayBatch); return sumBatch(rayBatch, nRays); } },
    {
      workload: 'rays', library: `Rapier2D ${RAPIER_VERSION}`, count: nRays, run() {
        let hits = 0, sum = 0;
        for (let k = 0; k < rays.length; k += 4) {
          ray.origin.x = rays[k];
          ray.origin.y = rays[k + 1];
          ray.dir.x = rays[k + 2];
          ray.dir.y = rays[k + 3];
          const h = rw.castRay(ray, 1, true);
          if (h) {
            ++hits;
            sum += h.timeOfImpact;
          }
        }
        return [hits, sum];
      },
    },
    {
      workload: 'box casts', library: 'sweepbox, castBox', count: nBoxes, run() {
        let hits = 0, sum = 0;
        for (let k = 0; k < boxcasts.length; k += 6) {
          box.minX = boxcasts[k];
          box.minY = boxcasts[k + 1];
          box.maxX = boxcasts[k + 2];
          box.maxY = boxcasts[k + 3];
          sw.castBox(box, boxcasts[k + 4], boxcasts[k + 5], undefined, hit);
          if (hit.hit) {
            ++hits;
            sum += hit.time;
          }
        }
        return [hits, sum];
      },
    },
    { workload: 'box casts', library: 'sweepbox, CastBatch', count: nBoxes, run() { sw.castBoxes(boxBatch); return sumBatch(boxBatch, nBoxes); } },
    {
      workload: 'box casts', library: `Rapier2D ${RAPIER_VERSION}`, count: nBoxes, run() {
        let hits = 0, sum = 0;
        for (let k = 0; k < boxcasts.length; k += 6) {
          pos.x = boxcasts[k] + 4;
          pos.y = boxcasts[k + 1] + 4;
          vel.x = boxcasts[k + 4];
          vel.y = boxcasts[k + 5];
          const h = rw.castShape(pos, 0, vel, cuboid, 0, 1, true);
          if (h) {
            ++hits;
            sum += h.time_of_impact;
          }
        }
        return [hits, sum];
      },
    },
    {
      workload: 'crowd moves', library: 'sweepbox, move', count: frames * nMovers, setup: sweepboxCrowd, run({ w, ids }, n = frames) {
        let d = 0;
        for (let frame = 0; frame < n; ++frame) {
          for (let i = 0; i < ids.length; ++i, d += 2) {
            // As bench/common.cpp's run_crowd: goal = min + delta, moved by goal - min (in float).
            const b = w.box(ids[i], box);
            const gx = f(b.minX + deltas[d]), gy = f(b.minY + deltas[d + 1]);
            w.move(ids[i], f(gx - b.minX), f(gy - b.minY), undefined, result);
          }
        }
        return n === frames ? [crowdSum(w, ids)] : [NaN]; // (the garbage pass leaves the sum out)
      },
      done({ w }) { w.destroy(); },
    },
    {
      workload: 'crowd moves', library: 'sweepbox, MoveBatch', count: frames * nMovers, setup() {
        const c = sweepboxCrowd();
        for (let i = 0; i < c.ids.length; ++i) moveBatch.setBody(i, c.ids[i]);
        const out = moveBatch.output;
        for (let i = 0; i < c.ids.length; ++i) out[S.moveStride * i] = movers[4 * i], out[S.moveStride * i + 1] = movers[4 * i + 1];
        return c;
      }, run({ w, ids }, n = frames) {
        let d = 0;
        const input = moveBatch.input, out = moveBatch.output, k = S.moveStride;
        for (let frame = 0; frame < n; ++frame) {
          for (let i = 0; i < ids.length; ++i, d += 2) {
            const x = out[k * i], y = out[k * i + 1];
            input[4 * i] = f(f(x + deltas[d]) - x);
            input[4 * i + 1] = f(f(y + deltas[d + 1]) - y);
          }
          w.moveBodies(moveBatch);
        }
        return n === frames ? [crowdSum(w, ids)] : [NaN];
      },
      done({ w }) { w.destroy(); },
    },
    {
      workload: 'crowd moves', library: `Rapier2D ${RAPIER_VERSION}`, count: frames * nMovers, setup: rapierCrowd,
      run({ w, bodies, colliders, controller }, n = frames) {
        let d = 0;
        for (let frame = 0; frame < n; ++frame) {
          for (let i = 0; i < bodies.length; ++i, d += 2) {
            vel.x = deltas[d];
            vel.y = deltas[d + 1];
            controller.computeColliderMovement(colliders[i], vel);
            const m = controller.computedMovement(), t = bodies[i].translation();
            pos.x = t.x + m.x;
            pos.y = t.y + m.y;
            bodies[i].setNextKinematicTranslation(pos);
          }
          w.step(); // moves the kinematic bodies and updates the query tree for the next frame
        }
        return n === frames ? [bodies.reduce((s, b) => s + b.translation().x - 4 + b.translation().y - 4, 0)] : [NaN];
      },
      done({ w, controller }) { w.removeCharacterController(controller); w.free(); },
    },
  ];
}

// ---- measuring ----

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1e3; // ns
};
const young = () => v8.getHeapSpaceStatistics()
  .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
  .reduce((n, s) => n + s.space_used_size, 0);
// The collections' start times (the observer hears of them a little later than they run).
const collections = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) collections.push(e.startTime); }).observe({ entryTypes: ['gc'] });
const collectedBetween = (t0, t1) => collections.some((t) => t >= t0 && t <= t1);

function pass(row) {
  const state = row.setup ? row.setup() : undefined;
  const t0 = cpu(), w0 = performance.now();
  const answer = row.run(state);
  const t1 = cpu(), w1 = performance.now();
  row.done?.(state);
  return { ns: (t1 - t0) / row.count, wall: (w1 - w0) * 1e6 / row.count, answer };
}

// The crowd's garbage over its first 5 frames (Rapier's 100 would fill any young generation).
async function garbage(row) {
  const crowdFrames = 5;
  if (row.setup) { // (a call of this length first, so the one measured runs compiled code)
    const warm = row.setup();
    row.run(warm, crowdFrames);
    row.done?.(warm);
  }
  const state = row.setup ? row.setup() : undefined;
  globalThis.gc();
  const t0 = performance.now(), before = young();
  if (row.setup) row.run(state, crowdFrames);
  else row.run(state);
  const after = young(), t1 = performance.now();
  await new Promise((r) => setTimeout(r, 50));
  row.done?.(state);
  const queries = row.setup ? crowdFrames * nMovers : row.count;
  return collectedBetween(t0, t1) ? null : (after - before) / queries;
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function main() {
  const R = await loadRapier();
  const want = expected();
  console.log(`data ${dataDir}: ${nRays} rays, ${nBoxes} box casts, ${frames} frames of ${nMovers} moves; ` +
    `Node ${process.version}; sweepbox ${S.version} (float, WebAssembly); ${rounds} rounds after a warm-up`);
  const all = rows(R);
  const times = all.map(() => []), walls = all.map(() => []);
  const answers = [];
  for (let r = 0; r <= rounds; ++r) {
    all.forEach((row, i) => {
      const p = pass(row);
      if (r > 0) {
        times[i].push(p.ns);
        walls[i].push(p.wall);
      }
      answers[i] = p.answer;
    });
  }
  const bytes = [];
  for (const row of all) bytes.push(await garbage(row));

  // sweepbox's answers are the library's: the published checksums (the crowd: the same in every row).
  const check = (i, [h, s]) => answers[i][0] === h && Math.abs(answers[i][1] - s) < 1e-3;
  const ok = check(0, want.rays) && check(1, want.rays) && check(3, want.boxcasts) && check(4, want.boxcasts) &&
    answers[6][0] === answers[7][0];
  console.log('\n| workload | library | ns a query (median) | wall ns | garbage bytes a query | answers |');
  console.log('|---|---|---|---|---|---|');
  all.forEach((row, i) => {
    const a = answers[i].length === 2 ? `${answers[i][0]} hits, sum ${answers[i][1].toFixed(6)}` : `checksum ${answers[i][0].toFixed(6)}`;
    const g = bytes[i] === null ? 'a collection ran' : bytes[i].toFixed(1);
    console.log(`| ${row.workload} | ${row.library} | ${median(times[i]).toFixed(1)} | ${median(walls[i]).toFixed(1)} | ${g} | ${a} |`);
  });
  console.log(`\nexpected: rays ${want.rays[0]} hits, sum ${want.rays[1]}; box casts ${want.boxcasts[0]} hits, sum ${want.boxcasts[1]}`);
  for (const [name, a, b, c] of [['rays', 0, 1, 2], ['box casts', 3, 4, 5], ['crowd moves', 6, 7, 8]]) {
    const r = median(times[c]);
    console.log(`${name}: Rapier2D / sweepbox = ${(r / median(times[a])).toFixed(2)}x (single calls), ` +
      `${(r / median(times[b])).toFixed(2)}x (batch)`);
  }
  if (!ok) {
    console.log("FAILED: sweepbox's answers are not the expected checksums");
    process.exitCode = 1;
  }
}

// The garbage pass needs a young generation no collection interrupts, and gc(): run again with them.
if (typeof globalThis.gc !== 'function') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128',
    ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} else {
  await main();
}
