// What every call of a World shares (world.js, queries.js): one scratch block in the module's
// memory for the structs of a call, the growable arrays of answers, the error of a failed call,
// and the writing of filters and options and the reading of a move's answer.

import { Codec, newCastHit, newContact, responseCode, sized } from './values.js';
import { addKeep } from './keep.js';
import { defineMoveOptions } from './move_options.js';

/** The status of a call whose output array is too small. */
export const TOO_SMALL = 3;
const NONE = Object.freeze({});

/** The error every failed call throws: the library's message, and its status. */
export class SweepboxError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'SweepboxError';
    /** "bad_argument", "bad_id", "out_of_memory" or "internal_error". */
    this.status = status;
  }
}

/** A growable array of C structs in the module's memory, for answers of unknown count. */
class StructArray {
  constructor(memory, size, capacity) {
    this.m = memory;
    this.size = size;
    this.capacity = capacity;
    this.ptr = memory.alloc(size * capacity);
  }
  /** Room for at least n (the contents are not kept). */
  reserve(n) {
    if (n <= this.capacity) return;
    let c = this.capacity;
    while (c < n) c *= 2;
    this.m.free(this.ptr);
    this.ptr = this.m.alloc(this.size * c);
    this.capacity = c;
  }
  at(i) {
    return this.ptr + i * this.size;
  }
  free() {
    this.m.free(this.ptr);
    this.ptr = 0;
  }
}


/**
 * The shared state and helpers of one module instance's calls, as one object `k`: the scratch
 * structs (k.S), the arrays, k.optionsPtr (the options struct writeOptions chose: S.options, or a
 * MoveOptions' own), and the functions below.
 */
export function defineCalls(memory, layout, filterStack) {
  const m = memory, L = layout, x = m.exports, c = new Codec(m, L);

  // One scratch block per module for the structs of a call (calls do not overlap, and a filter's
  // nested call is done with them before the outer call reads them again: see move()).
  const S = {};
  {
    const parts = [
      ['id', 8], ['id2', 8], ['box', 32], ['count', 8], ['int', 8], ['options', L.move_options.size],
      ['filter', L.query_filter.size], ['hit', L.cast_hit.size], ['result', L.move_result.size],
      ['ground', L.ground.size], ['bodyDef', L.body_def.size], ['tileMapDef', L.tile_map_def.size],
      ['tileKind', L.tile_kind.size], ['worldDef', L.world_def.size], ['platform', L.platform_result.size],
      ['table', 32 * 4], ['snapRules', L.snap_rules.size],
    ];
    let total = 0;
    for (const [, size] of parts) total += (size + 7) & ~7;
    let p = m.alloc(total);
    for (const [name, size] of parts) {
      S[name] = p;
      p += (size + 7) & ~7;
    }
  }
  const contacts = new StructArray(m, L.contact.size, 64);
  const others = new StructArray(m, L.other.size, 64);
  const hits = new StructArray(m, L.cast_hit.size, 64);
  const unlisted = new StructArray(m, L.other.size, 16); // keep.js: a count, then the obstacles left out
  const pairs = new StructArray(m, L.pair.size, 64);
  const sensorEvents = new StructArray(m, L.sensor_event.size, 64);
  const contactEvents = new StructArray(m, L.contact_event.size, 64);
  const riders = new StructArray(m, 8, 16), pushed = new StructArray(m, 8, 16), crushed = new StructArray(m, 8, 16);
  const ids = new StructArray(m, 8, 64);
  const inspection = new StructArray(m, 8, 1024);
  const snapshotBytes = new StructArray(m, 1, 4096);
  const SNAPSHOT_MODES = { full: 0, movable: 1 };
  const webFilter = x.sweepbox_web_filter();
  const MoveOptions = defineMoveOptions(m, L, webFilter);

  // The status of a call: nothing when OK, else the error with the library's message. The C
  // message is "sweepbox_<function>: <problem>"; the package names its own method instead.
  function fail(status, world, where) {
    const text = m.string(x.sweepbox_last_error(world));
    const problem = text.replace(/^sweepbox_[a-z_]+: /, '');
    const name = m.string(x.sweepbox_status_name(status));
    return new SweepboxError(`sweepbox: ${where}: ${problem}`, name);
  }

  function writeFilter(f) {
    if (!f) return 0;
    const q = L.query_filter, p = S.filter, u = m.u32;
    u[(p + q.category) >> 2] = f.category ?? 0xffffffff;
    u[(p + q.mask) >> 2] = f.mask ?? 0xffffffff;
    c.putId(p + q.ignore, f.ignore ?? 0);
    m.i32[(p + q.bodies) >> 2] = f.bodies === false ? 0 : 1;
    m.i32[(p + q.tiles) >> 2] = f.tiles === false ? 0 : 1;
    m.i32[(p + q.sensors) >> 2] = f.sensors ? 1 : 0;
    return p;
  }

  // The options of a move into S.options; returns the filter function (or null). Each number is
  // stored in its own branch: `x === undefined ? 1 : x` would join a double with a small integer,
  // which V8 boxes (a heap number each call).
  function writeOptions(o, where) {
    const q = L.move_options, p = S.options, f = m.f64, i = m.i32;
    if (o instanceof MoveOptions) {
      k.optionsPtr = o.ptr;
      m.u32[(o.ptr + q.filter_context) >> 2] = filterStack.length;
      return o.filter;
    }
    k.optionsPtr = p;
    if (o === undefined || o === null) o = NONE;
    const response = o.response, iterations = o.maxIterations, restitution = o.restitution, friction = o.friction;
    const restSpeed = o.restSpeed, v = o.velocity, table = o.categoryResponses, filter = o.filter;
    const pushOutSides = o.pushOutSides;
    i[(p + q.response) >> 2] = response === undefined ? 2 : responseCode(response, where);
    i[(p + q.max_iterations) >> 2] = iterations === undefined ? 8 : iterations;
    if (restitution === undefined) f[(p + q.restitution) >> 3] = 1;
    else f[(p + q.restitution) >> 3] = restitution;
    if (friction === undefined) f[(p + q.friction) >> 3] = 0;
    else f[(p + q.friction) >> 3] = friction;
    if (v === undefined) {
      f[(p + q.velocity) >> 3] = 0;
      f[(p + q.velocity + 8) >> 3] = 0;
    } else {
      f[(p + q.velocity) >> 3] = v.x;
      f[(p + q.velocity + 8) >> 3] = v.y;
    }
    if (restSpeed === undefined) f[(p + q.rest_speed) >> 3] = 0;
    else f[(p + q.rest_speed) >> 3] = restSpeed;
    i[(p + q.drop_through) >> 2] = o.dropThrough ? 1 : 0;
    if (pushOutSides === undefined) f[(p + q.push_out_sides) >> 3] = 8;
    else f[(p + q.push_out_sides) >> 3] = pushOutSides;
    const t0 = o.t0, t1 = o.t1;
    i[(p + q.moving) >> 2] = o.moving ? 1 : 0;
    if (t0 === undefined) f[(p + q.t0) >> 3] = 0;
    else f[(p + q.t0) >> 3] = t0;
    if (t1 === undefined) f[(p + q.t1) >> 3] = 1;
    else f[(p + q.t1) >> 3] = t1;
    if (table !== undefined) {
      if (table.length !== 32) throw new TypeError(`sweepbox: ${where}: categoryResponses must hold 32 responses`);
      for (let k = 0; k < 32; ++k) i[(S.table >> 2) + k] = responseCode(table[k], where);
    }
    m.u32[(p + q.category_responses) >> 2] = table === undefined ? 0 : S.table;
    m.u32[(p + q.filter) >> 2] = filter === undefined ? 0 : webFilter;
    m.u32[(p + q.filter_context) >> 2] = filter === undefined ? 0 : filterStack.length;
    return filter === undefined ? null : filter;
  }

  function readMoveResult(out, count) {
    const r = L.move_result;
    c.box(S.result + r.box, out.box);
    c.vec(S.result + r.velocity, out.velocity);
    out.iterations = m.i32[(S.result + r.iterations) >> 2];
    out.truncated = m.i32[(S.result + r.truncated) >> 2] !== 0;
    out.stuck = m.i32[(S.result + r.stuck) >> 2] !== 0;
    sized(out.contacts, count, newContact);
    for (let i = 0; i < count; ++i) c.contact(contacts.at(i), out.contacts[i]);
    return out;
  }

  function batchReady(batch, kind, where) {
    if (batch.kind !== kind) throw new TypeError(`sweepbox: ${where}: the batch holds ${batch.kind}, not ${kind}`);
    if (!(Number.isInteger(batch.count) && batch.count >= 0 && batch.count <= batch.capacity)) {
      throw new RangeError(`sweepbox: ${where}: count ${batch.count} is not in 0 to ${batch.capacity}`);
    }
  }

  function readIds(array, count, list) {
    list.length = count;
    for (let i = 0; i < count; ++i) list[i] = c.id(array.at(i));
    return list;
  }

  // The status of a world's call: nothing when OK, else the error with the library's message.
  function check(world, status, where) {
    m.refresh();
    if (status !== 0) throw fail(status, world.ptr, where);
  }

  // The hits a cast_all call answered with `status` into `out`; null when the list was too small,
  // which grows it for the caller's next try. (No closure per call: casts allocate nothing.)
  function readCastHits(world, status, where, out) {
    m.refresh();
    const n = m.u32[S.count >> 2];
    if (status === TOO_SMALL) {
      hits.reserve(n);
      return null;
    }
    check(world, status, where);
    sized(out, n, newCastHit);
    for (let i = 0; i < n; ++i) c.castHit(hits.at(i), out[i]);
    return out;
  }

  // A body id into the scratch struct, for a call.
  function putId(id) {
    c.putId(S.id, id);
    return S.id;
  }

  const k = {
    S, c, contacts, others, hits, pairs, sensorEvents, contactEvents, riders, pushed, crushed, ids, inspection,
    snapshotBytes, SNAPSHOT_MODES, webFilter, MoveOptions, optionsPtr: 0, fail, writeFilter, writeOptions,
    readMoveResult, batchReady, readIds, check, putId, readCastHits, unlisted,
  };
  addKeep(m, L, k);
  return k;
}
