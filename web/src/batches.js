// Batches in typed arrays that live in the module's memory, so the C API reads and writes them
// in place: particles (move_particles, emit_sparks) and many rays or box casts at once.

import { CORNER, Codec, JUNCTION, newOther, newVec } from './values.js';

/** The position of each number of a cast's answer in a CastBatch's output (hitStride a cast). */
export const HIT = Object.freeze({
  hit: 0, time: 1, normalX: 2, normalY: 3, pointX: 4, pointY: 5, minX: 6, minY: 7, maxX: 8, maxY: 9,
  otherKind: 10, a: 11, b: 12, flags: 13,
});

/** The position of each number of a move's answer in a MoveBatch's output (moveStride a move). */
export const MOVE = Object.freeze({
  minX: 0, minY: 1, maxX: 2, maxY: 3, vx: 4, vy: 5, contacts: 6, iterations: 7, truncated: 8, ground: 9,
  stuck: 10,
});
/** The bits of MOVE.ground. */
export const GROUND = Object.freeze({ floor: 1, wall: 2, ceiling: 4 });

/** Makes the batch classes of one module instance. */
export function defineBatches(memory, layout, fail) {
  const m = memory, L = layout, x = m.exports, c = new Codec(m, L);
  const hitStride = x.sweepbox_web_hit_stride();
  const moveStride = x.sweepbox_web_move_stride();
  const frameStruct = m.alloc(L.particle_frame.size);
  const resultStruct = m.alloc(L.particle_result.size);
  const coneStruct = m.alloc(L.spark_cone.size);
  const hitStruct = m.alloc(L.cast_hit.size);

  // A typed array over `count` items at p, made again only when the memory grew.
  class View {
    constructor(Type, p, count) {
      this.Type = Type;
      this.p = p;
      this.count = count;
      this.buffer = null;
      this.array = null;
    }
    get() {
      m.refresh();
      if (this.buffer !== m.buffer) {
        this.buffer = m.buffer;
        this.array = new this.Type(m.buffer, this.p, this.count);
      }
      return this.array;
    }
  }

  /**
   * A batch of particles whose arrays live in the module's memory: x, y, vx, vy (Float64Array),
   * alive (Uint8Array, 1 by default), and when asked for, restitution and friction (Float64Array),
   * category and mask (Uint32Array) per particle. Read the arrays through the getters after each
   * call that may grow the memory (a grown memory has new arrays); keep them within a frame.
   */
  class Particles {
    constructor(capacity, perParticle = {}) {
      if (!(Number.isInteger(capacity) && capacity >= 0)) {
        throw new TypeError(`sweepbox: Particles: capacity ${capacity} is not a count`);
      }
      this.capacity = capacity;
      const n = Math.max(1, capacity);
      this.struct = m.alloc(L.particles.size);
      const arrays = [];
      const array = (Type, size) => {
        const p = m.alloc(size * n);
        arrays.push(p);
        return new View(Type, p, capacity);
      };
      this.views = {
        x: array(Float64Array, 8), y: array(Float64Array, 8), vx: array(Float64Array, 8), vy: array(Float64Array, 8),
        alive: array(Uint8Array, 1),
        restitution: perParticle.restitution ? array(Float64Array, 8) : null,
        friction: perParticle.friction ? array(Float64Array, 8) : null,
        category: perParticle.category ? array(Uint32Array, 4) : null,
        mask: perParticle.mask ? array(Uint32Array, 4) : null,
      };
      this.arrays = arrays;
      this.views.alive.get().fill(1);
      const q = L.particles, s = this.struct, v = this.views;
      m.u32[(s + q.x) >> 2] = v.x.p;
      m.u32[(s + q.y) >> 2] = v.y.p;
      m.u32[(s + q.vx) >> 2] = v.vx.p;
      m.u32[(s + q.vy) >> 2] = v.vy.p;
      m.u32[(s + q.alive) >> 2] = v.alive.p;
      m.u32[(s + q.restitution) >> 2] = v.restitution ? v.restitution.p : 0;
      m.u32[(s + q.friction) >> 2] = v.friction ? v.friction.p : 0;
      m.u32[(s + q.category) >> 2] = v.category ? v.category.p : 0;
      m.u32[(s + q.mask) >> 2] = v.mask ? v.mask.p : 0;
      /** How many particles the calls see (0 to capacity). */
      this.count = capacity;
    }
    get x() { return this.views.x.get(); }
    get y() { return this.views.y.get(); }
    get vx() { return this.views.vx.get(); }
    get vy() { return this.views.vy.get(); }
    get alive() { return this.views.alive.get(); }
    get restitution() { return this.views.restitution?.get() ?? null; }
    get friction() { return this.views.friction?.get() ?? null; }
    get category() { return this.views.category?.get() ?? null; }
    get mask() { return this.views.mask?.get() ?? null; }

    /** The C struct with the current count (for the package's calls). */
    ready(where) {
      if (!(Number.isInteger(this.count) && this.count >= 0 && this.count <= this.capacity)) {
        throw new RangeError(`sweepbox: ${where}: count ${this.count} is not in 0 to ${this.capacity}`);
      }
      if (!this.struct) throw new Error(`sweepbox: ${where}: the batch was destroyed`);
      m.u32[(this.struct + L.particles.count) >> 2] = this.count;
      return this.struct;
    }

    /** Frees the batch's memory. */
    destroy() {
      for (const p of this.arrays) m.free(p);
      m.free(this.struct);
      this.arrays = [];
      this.struct = 0;
    }
  }

  /**
   * Room for the contacts of a frame of particles (moveParticles writes up to `capacity`, in
   * particle order, and counts the others in `dropped`). Read one with get(i, out).
   */
  class ParticleContacts {
    constructor(capacity) {
      this.capacity = capacity;
      this.ptr = m.alloc(L.particle_contact.size * Math.max(1, capacity));
      this.count = 0;
      this.dropped = 0;
    }
    /** Contact i: {particle, time, point, normal, velocity, other, corner, junction}. */
    get(i, out = { particle: 0, time: 0, point: newVec(), normal: newVec(), velocity: newVec(), other: newOther(),
      corner: false, junction: false }) {
      if (!(i >= 0 && i < this.count)) throw new RangeError(`sweepbox: ParticleContacts.get: ${i} is not below ${this.count}`);
      m.refresh();
      const q = L.particle_contact, p = this.ptr + i * q.size;
      out.particle = m.u32[(p + q.particle) >> 2];
      const flags = m.u32[(p + q.flags) >> 2];
      out.corner = (flags & CORNER) !== 0;
      out.junction = (flags & JUNCTION) !== 0;
      out.time = m.f64[(p + q.time) >> 3];
      c.vec(p + q.point, out.point);
      c.vec(p + q.normal, out.normal);
      c.vec(p + q.velocity, out.velocity);
      c.other(p + q.other, out.other);
      return out;
    }
    destroy() {
      m.free(this.ptr);
      this.ptr = 0;
    }
  }

  /**
   * One frame of a batch against the tiles and static bodies of `world`: velocity += gravity *
   * dt, then a bounce move by velocity * dt, each as a zero-size body's move would (the same
   * bits). frame: {gravity {x, y}, dt (1/60), restSpeed, maxIterations (8), restitution (1),
   * friction (0), category (1), mask} (the last four for a batch without its own arrays).
   * Returns {moved, quiet, resting, touched}, into `stats` when given.
   */
  function moveParticles(world, particles, frame = {}, contacts = null,
    stats = { moved: 0, quiet: 0, resting: 0, touched: 0 }) {
    const f = L.particle_frame, p = frameStruct;
    x.sweepbox_particle_frame_default(p);
    m.refresh();
    if (frame.gravity) c.putVec(p + f.gravity, frame.gravity);
    if (frame.dt !== undefined) m.f64[(p + f.dt) >> 3] = frame.dt;
    if (frame.restSpeed !== undefined) m.f64[(p + f.rest_speed) >> 3] = frame.restSpeed;
    if (frame.maxIterations !== undefined) m.i32[(p + f.max_iterations) >> 2] = frame.maxIterations;
    if (frame.restitution !== undefined) m.f64[(p + f.restitution) >> 3] = frame.restitution;
    if (frame.friction !== undefined) m.f64[(p + f.friction) >> 3] = frame.friction;
    if (frame.category !== undefined) m.u32[(p + f.category) >> 2] = frame.category;
    if (frame.mask !== undefined) m.u32[(p + f.mask) >> 2] = frame.mask;
    const r = L.particle_result, q = resultStruct;
    m.u32[(q + r.contacts) >> 2] = contacts ? contacts.ptr : 0;
    m.u32[(q + r.capacity) >> 2] = contacts ? contacts.capacity : 0;
    const status = x.sweepbox_move_particles(world.ptr, particles.ready('moveParticles'), p, q);
    m.refresh();
    if (status !== 0) throw fail(status, world.ptr, 'moveParticles');
    if (contacts) {
      contacts.count = m.u32[(q + r.count) >> 2];
      contacts.dropped = m.u32[(q + r.dropped) >> 2];
    }
    stats.moved = m.u32[(q + r.moved) >> 2];
    stats.quiet = m.u32[(q + r.quiet) >> 2];
    stats.resting = m.u32[(q + r.resting) >> 2];
    stats.touched = m.u32[(q + r.touched) >> 2];
    return stats;
  }

  /**
   * Seeds particles [first, first + cone.count) at a cast's hit: position hit.point, velocity the
   * bullet's reflected about hit.normal, turned within the cone. cone: {count (16), spread (60
   * degrees), minSpeed (0.5), restitution (1), friction (0), seed (0)}.
   */
  function emitSparks(hit, bulletVx, bulletVy, cone, particles, first = 0) {
    const k = L.spark_cone, p = coneStruct;
    x.sweepbox_spark_cone_default(p);
    m.refresh();
    if (cone.count !== undefined) m.u32[(p + k.count) >> 2] = cone.count;
    if (cone.spread !== undefined) m.f64[(p + k.spread) >> 3] = cone.spread;
    if (cone.minSpeed !== undefined) m.f64[(p + k.min_speed) >> 3] = cone.minSpeed;
    if (cone.restitution !== undefined) m.f64[(p + k.restitution) >> 3] = cone.restitution;
    if (cone.friction !== undefined) m.f64[(p + k.friction) >> 3] = cone.friction;
    const seed = cone.seed;
    if (typeof seed === 'bigint') {
      m.view.setBigUint64(p + k.seed, seed, true);
    } else if (seed !== undefined) { // (a number in halves: a BigInt would be garbage each call)
      if (!(Number.isSafeInteger(seed) && seed >= 0)) throw new RangeError(`sweepbox: emitSparks: seed ${seed} is not a safe integer >= 0`);
      m.u32[(p + k.seed) >> 2] = seed % 4294967296;
      m.u32[(p + k.seed + 4) >> 2] = Math.floor(seed / 4294967296);
    }
    c.putCastHit(hitStruct, hit);
    const status = x.sweepbox_emit_sparks(hitStruct, bulletVx, bulletVy, p, particles.ready('emitSparks'), first);
    m.refresh();
    if (status !== 0) throw fail(status, 0, 'emitSparks');
  }

  /**
   * Many casts at once (World.castRays, World.castBoxes): `input` holds 4 numbers a ray (x, y,
   * dx, dy) or 6 a box (min x, min y, max x, max y, dx, dy); `output` hitStride numbers a cast,
   * at the positions HIT names. Both live in the module's memory: read them through the getters.
   */
  class CastBatch {
    constructor(capacity, kind = 'rays') {
      if (kind !== 'rays' && kind !== 'boxes') throw new TypeError(`sweepbox: CastBatch: kind ${kind} is not rays or boxes`);
      this.capacity = capacity;
      this.kind = kind;
      this.stride = kind === 'rays' ? 4 : 6;
      const n = Math.max(1, capacity);
      this.inputPtr = m.alloc(8 * this.stride * n);
      this.outputPtr = m.alloc(8 * hitStride * n);
      this.inputView = new View(Float64Array, this.inputPtr, this.stride * capacity);
      this.outputView = new View(Float64Array, this.outputPtr, hitStride * capacity);
      this.count = capacity;
    }
    get input() { return this.inputView.get(); }
    get output() { return this.outputView.get(); }
    destroy() {
      m.free(this.inputPtr);
      m.free(this.outputPtr);
      this.inputPtr = this.outputPtr = 0;
    }
  }

  /**
   * Many bodies' moves at once (World.moveBodies): body i (set with setBody(i, id)) moves by
   * (input[4i], input[4i + 1]) with velocity (input[4i + 2], input[4i + 3]); its answer is
   * moveStride numbers at output[moveStride * i], at the positions MOVE names. The arrays live in
   * the module's memory: read them through the getters.
   */
  class MoveBatch {
    constructor(capacity) {
      this.capacity = capacity;
      const n = Math.max(1, capacity);
      this.idsPtr = m.alloc(8 * n);
      this.inputPtr = m.alloc(8 * 4 * n);
      this.outputPtr = m.alloc(8 * moveStride * n);
      this.idsView = new View(Uint32Array, this.idsPtr, 2 * capacity);
      this.inputView = new View(Float64Array, this.inputPtr, 4 * capacity);
      this.outputView = new View(Float64Array, this.outputPtr, moveStride * capacity);
      this.count = capacity;
    }
    /** Sets item i's body. */
    setBody(i, id) {
      const ids = this.idsView.get();
      ids[2 * i] = id % 4294967296;
      ids[2 * i + 1] = Math.floor(id / 4294967296);
    }
    get input() { return this.inputView.get(); }
    get output() { return this.outputView.get(); }
    destroy() {
      m.free(this.idsPtr);
      m.free(this.inputPtr);
      m.free(this.outputPtr);
      this.idsPtr = this.inputPtr = this.outputPtr = 0;
    }
  }

  return { Particles, ParticleContacts, CastBatch, MoveBatch, moveParticles, emitSparks, hitStride, moveStride };
}
