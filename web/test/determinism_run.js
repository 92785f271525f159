// tests/test_determinism.cpp's simulation through the package, for the Node test
// (determinism.test.js) and the browser test (browser.js runs it in Chromium): thousands of moves
// with bounces and slides, casts and queries, over bodies and tiles, doors opening, hashed with
// FNV-1a over the same bytes as the C++ test. The inputs come from the same generator
// (std::mt19937 and ref::Rng's hand-written distributions, tests/reference_world.cpp), and every
// computation the C++ test makes in `real` is made here rounded the same way.

/** std::mt19937 (its output is fixed by the C++ standard). */
class Mt19937 {
  constructor(seed) {
    this.mt = new Uint32Array(624);
    this.mt[0] = seed >>> 0;
    for (let i = 1; i < 624; ++i) {
      const prev = this.mt[i - 1] ^ (this.mt[i - 1] >>> 30);
      this.mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = 624;
  }
  next() {
    if (this.index >= 624) {
      const mt = this.mt;
      for (let k = 0; k < 624; ++k) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        let v = mt[(k + 397) % 624] ^ (y >>> 1);
        if (y & 1) v ^= 0x9908b0df;
        mt[k] = v >>> 0;
      }
      this.index = 0;
    }
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

/** ref::Rng of tests/reference_world.cpp; `real` rounds a double to the library's number. */
class Rng {
  constructor(seed, real) {
    this.gen = new Mt19937(seed);
    this.real = real;
  }
  uniformInt(lo, hi) {
    const range = hi - lo + 1;
    const limit = Math.floor(4294967296 / range) * range;
    for (;;) {
      const v = this.gen.next();
      if (v < limit) return lo + (v % range);
    }
  }
  unit() {
    const hi = this.gen.next() >>> 5;
    const lo = this.gen.next() >>> 6;
    return (hi * 67108864 + lo) * (1 / 9007199254740992);
  }
  uniform(lo, hi) {
    return this.real(lo + (hi - lo) * this.unit());
  }
  chance(p) {
    return this.unit() < p;
  }
}

/** FNV-1a, 64 bits, over the bytes of each value (reals in the library's size, integers in 8). */
class Fnv {
  constructor(realSize) {
    this.h = 14695981039346656037n;
    this.realSize = realSize;
    this.view = new DataView(new ArrayBuffer(8));
    this.trace = null; // when an array: every hashed value as hex bytes, as the C++ test's trace
  }
  bytes(n) {
    let line = '';
    for (let i = 0; i < n; ++i) {
      const b = this.view.getUint8(i);
      this.h ^= BigInt(b);
      this.h = BigInt.asUintN(64, this.h * 1099511628211n);
      if (this.trace) line += b.toString(16).padStart(2, '0');
    }
    if (this.trace) this.trace.push(line);
  }
  r(v) {
    if (this.realSize === 4) this.view.setFloat32(0, v, true);
    else this.view.setFloat64(0, v, true);
    this.bytes(this.realSize);
  }
  i(v) {
    this.view.setBigInt64(0, BigInt(v), true);
    this.bytes(8);
  }
  v(p) {
    this.r(p.x);
    this.r(p.y);
  }
  box(b) {
    this.r(b.minX);
    this.r(b.minY);
    this.r(b.maxX);
    this.r(b.maxY);
  }
  other(o) {
    const kind = { none: 0, body: 1, tile: 2 }[o.kind];
    this.i(kind);
    if (kind === 1) {
      this.i(o.body % 4294967296);
      this.i(Math.floor(o.body / 4294967296));
    } else if (kind === 2) {
      this.i(o.column);
      this.i(o.row);
    }
  }
  move(m) {
    this.box(m.box);
    this.v(m.velocity);
    this.i(m.iterations);
    this.i(m.truncated ? 1 : 0);
    this.i(m.contacts.length);
    for (const c of m.contacts) {
      this.other(c.other);
      this.r(c.time);
      this.v(c.normal);
      this.v(c.point);
      this.box(c.box);
      this.i(['ignore', 'touch', 'slide', 'cross', 'bounce'].indexOf(c.response));
      this.i(c.startedOverlapping ? 1 : 0);
      this.i(c.corner ? 1 : 0);
      this.i(c.junction ? 1 : 0);
      if (c.startedOverlapping) {
        this.r(c.depth);
        this.v(c.sweepBack);
      }
    }
  }
  cast(c) {
    this.i(c.hit ? 1 : 0);
    if (!c.hit) return;
    this.r(c.time);
    this.v(c.normal);
    this.v(c.point);
    this.box(c.box);
    this.other(c.other);
    this.i(c.startedOverlapping ? 1 : 0);
    this.i(c.corner ? 1 : 0);
    this.i(c.junction ? 1 : 0);
  }
}

/**
 * run_simulation of tests/test_determinism.cpp through the package `api` (sweepbox.js or
 * double.js): {hash (16 hex digits), moves, trace (the hashed values as hex, when `trace`)}.
 */
export function runSimulation(api, { trace = false } = {}) {
  const real = api.realSize === 4 ? Math.fround : (v) => v;
  const f = new Fnv(api.realSize);
  if (trace) f.trace = [];
  const rng = new Rng(20261122, real);
  const w = new api.World({ cellSize: 32 });
  w.setTileMap({ origin: { x: -256, y: -256 }, tileSize: 16, columns: 32, rows: 32 });
  for (let c = 0; c < 32; ++c) {
    w.setTile(c, 0, 1);
    w.setTile(c, 31, 1);
    w.setTile(0, c, 1);
    w.setTile(31, c, 1);
  }
  for (let k = 0; k < 40; ++k) {
    const row = rng.uniformInt(4, 28), col = rng.uniformInt(2, 24), len = rng.uniformInt(2, 6);
    for (let c = col; c < col + len; ++c) w.setTile(c, row, rng.chance(0.3) ? 2 : 1);
  }
  for (let k = 0; k < 30; ++k) {
    const x = rng.uniform(-230, 220), y = rng.uniform(-230, 220);
    let box;
    if (rng.chance(0.3)) {
      box = { minX: x, minY: y, maxX: x, maxY: real(y + rng.uniform(5, 60)) };
    } else {
      const maxX = real(x + rng.uniform(1, 20));
      box = { minX: x, minY: y, maxX, maxY: real(y + rng.uniform(1, 20)) };
    }
    w.add({ box, isStatic: true, category: 2 });
  }
  const movers = [], kinds = [], velocity = [];
  for (let k = 0; k < 60; ++k) {
    const kind = k % 3;
    const s = kind === 2 ? 0 : rng.uniform(2, 12);
    const x = rng.uniform(-220, 200), y = rng.uniform(-220, 200);
    movers.push(w.add({
      box: { minX: x, minY: y, maxX: real(x + s), maxY: real(y + s) },
      category: kind === 2 ? 8 : 4,
      mask: kind === 2 ? ~8 >>> 0 : 0xffffffff,
    }));
    kinds.push(kind);
    const vx = rng.uniform(-400, 400);
    velocity.push({ x: vx, y: rng.uniform(-400, 400) });
  }
  const dt = real(1.0 / 60);
  const gravityY = real(600 * dt);
  const r = api.newMoveResult(), hit = api.newCastHit();
  const hits = [], found = [], pairs = [];
  let moves = 0;
  const o = { response: 'slide', restitution: 1, friction: 0, velocity: { x: 0, y: 0 } };
  for (let step = 0; step < 120; ++step) {
    for (let k = 0; k < movers.length; ++k) {
      const v = velocity[k];
      if (kinds[k] !== 2) {
        v.x = real(v.x + 0);
        v.y = real(v.y + gravityY);
      }
      o.velocity.x = v.x;
      o.velocity.y = v.y;
      if (kinds[k] === 0) {
        o.response = 'bounce';
        o.restitution = real(0.7);
        o.friction = real(0.05);
      } else {
        o.response = kinds[k] === 1 ? 'slide' : step % 2 ? 'bounce' : 'cross';
        o.restitution = 1;
        o.friction = 0;
      }
      w.move(movers[k], real(v.x * dt), real(v.y * dt), o, r);
      v.x = r.velocity.x;
      v.y = r.velocity.y;
      f.move(r);
      ++moves;
    }
    for (let q = 0; q < 25; ++q) {
      const fx = rng.uniform(-240, 240);
      const fy = rng.uniform(-240, 240);
      const dx = rng.uniform(-600, 600);
      const dy = rng.uniform(-600, 600);
      f.cast(w.castRay(fx, fy, dx, dy, undefined, hit));
      const b = { minX: fx, minY: fy, maxX: real(fx + 8), maxY: real(fy + 8) };
      f.cast(w.castBox(b, dx, dy, undefined, hit));
      w.castAll(b, dx, dy, undefined, hits);
      f.i(hits.length);
      for (const h of hits) f.cast(h);
      w.queryRect({ minX: fx, minY: fy, maxX: real(fx + 40), maxY: real(fy + 40) }, undefined, found);
      for (const other of found) f.other(other);
      w.querySegment(fx, fy, real(fx + dx), real(fy + dy), undefined, found);
      for (const other of found) f.other(other);
    }
    if (step % 10 === 5) {
      const column = rng.uniformInt(1, 30), row = rng.uniformInt(1, 30);
      w.setTile(column, row, rng.uniformInt(0, 2));
    }
    w.overlappingPairs(pairs);
    for (const p of pairs) {
      f.i(p.a % 4294967296);
      f.i(p.b % 4294967296);
      f.r(p.depth);
      f.v(p.normal);
    }
  }
  w.destroy();
  return { hash: f.h.toString(16).padStart(16, '0'), moves, trace: f.trace };
}
