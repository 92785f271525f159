// The package's values (plain objects of fixed shape, made once and refilled) and their
// conversion to and from the C API's structs in the module's memory.

export const RESPONSES = ['ignore', 'touch', 'slide', 'cross', 'bounce'];
export const ONE_WAYS = ['none', 'down', 'up', 'left', 'right'];
export const CRUSHES = ['stop', 'pass'];
export const OTHER_KINDS = ['none', 'body', 'tile'];
export const TILE_SHAPES = [
  'empty', 'solid', 'one_way_down', 'one_way_up', 'one_way_left', 'one_way_right',
  'slope45_ul', 'slope45_ur', 'slope45_dl', 'slope45_dr',
  'shallow_ul_low', 'shallow_ul_high', 'shallow_ur_low', 'shallow_ur_high',
  'shallow_dl_low', 'shallow_dl_high', 'shallow_dr_low', 'shallow_dr_high',
  'steep_ul_low', 'steep_ul_high', 'steep_ur_low', 'steep_ur_high',
  'steep_dl_low', 'steep_dl_high', 'steep_dr_low', 'steep_dr_high',
];
/** What getTile answers: how the tile blocks. */
export const TILES = ['empty', 'solid', 'one_way', 'slope'];

export const STARTED_OVERLAPPING = 1, CORNER = 2, JUNCTION = 4;

/** A result's three flags from the C API's bits. */
export function readFlags(out, flags) {
  out.startedOverlapping = (flags & STARTED_OVERLAPPING) !== 0;
  out.corner = (flags & CORNER) !== 0;
  out.junction = (flags & JUNCTION) !== 0;
}
/** The C API's bits of a result's flags. */
export const flagsOf = (v) =>
  (v.startedOverlapping ? STARTED_OVERLAPPING : 0) | (v.corner ? CORNER : 0) | (v.junction ? JUNCTION : 0);
const TWO_32 = 4294967296;

function indexOf(names, name, what, where) {
  const i = names.indexOf(name);
  if (i < 0) throw new TypeError(`sweepbox: ${where}: ${JSON.stringify(name)} is not a ${what} (${names.join(', ')})`);
  return i;
}
export const responseCode = (name, where) => indexOf(RESPONSES, name, 'response', where);
export const oneWayCode = (name, where) => indexOf(ONE_WAYS, name, 'one-way direction', where);
export const crushCode = (name, where) => indexOf(CRUSHES, name, 'crush', where);
export const shapeCode = (name, where) => indexOf(TILE_SHAPES, name, 'tile shape', where);

/** A body id as one number: index + generation * 2^32 (0 is the null id). */
export const bodyId = (index, generation) => index + generation * TWO_32;

export const newVec = () => ({ x: 0, y: 0 });
export const newBox = () => ({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
export const newOther = () => ({ kind: 'none', body: 0, column: 0, row: 0 });
export const newContact = () => ({
  other: newOther(), time: 0, normal: newVec(), point: newVec(), box: newBox(), response: 'slide',
  startedOverlapping: false, corner: false, junction: false, depth: 0, sweepBack: newVec(),
});
export const newMoveResult = () => ({ box: newBox(), velocity: newVec(), contacts: [], iterations: 0, truncated: false, stuck: false });
export const newCastHit = () => ({
  hit: false, time: 1, normal: newVec(), point: newVec(), box: newBox(), other: newOther(),
  startedOverlapping: false, corner: false, junction: false,
});
export const newPair = () => ({ a: 0, b: 0, depth: 0, normal: newVec() });
export const newGround = () => ({ onFloor: false, onWall: false, onCeiling: false, floorNormal: newVec(), floor: newOther() });
export const newSensorEvent = () => ({ sensor: newOther(), visitor: 0 });
export const newContactEvent = () => ({ body: 0, other: newOther() });
export const newPlatformResult = () => ({ box: newBox(), moved: newVec(), stopped: false, riders: [], pushed: [], crushed: [] });

const POOL = Symbol('sweepbox pool');

/**
 * Makes `list` hold n entries, refilled by the caller: the entries come from a pool kept on the
 * list (made by `make` once), so a list that shrinks and grows again reuses its objects. It
 * shrinks by pop and starts with room for 15: V8 gives up an array's storage when its length is
 * set lower, or popped down to under half of a room above 15, and the next push makes it anew.
 */
export function sized(list, n, make) {
  let pool = list[POOL];
  if (pool === undefined) {
    pool = list.slice();
    list[POOL] = pool;
    const length = list.length;
    if (length < 15) {
      list.length = 15;
      list.length = length;
    }
  }
  while (pool.length < n) pool.push(make());
  while (list.length > n) list.pop();
  for (let i = list.length; i < n; ++i) list.push(pool[i]);
  return list;
}

/** Keeps the entries of a `sized` list that `pred` keeps, in order; its pool keeps every object. */
export function keepIf(list, pred) {
  const pool = list[POOL];
  let n = 0;
  for (let i = 0; i < list.length; ++i) {
    const item = list[i];
    if (!pred(item)) continue;
    list[i] = list[n];
    list[n] = item;
    if (pool !== undefined) {
      pool[i] = pool[n];
      pool[n] = item;
    }
    ++n;
  }
  while (list.length > n) list.pop();
  return list;
}

/** Reads and writes the C API's structs at byte addresses of the module's memory. */
export class Codec {
  constructor(memory, layout) {
    this.m = memory;
    this.L = layout;
  }

  vec(p, out) {
    const f = this.m.f64;
    out.x = f[p >> 3];
    out.y = f[(p >> 3) + 1];
    return out;
  }
  putVec(p, v) {
    const f = this.m.f64;
    f[p >> 3] = v.x;
    f[(p >> 3) + 1] = v.y;
  }
  box(p, out) {
    const f = this.m.f64, i = p >> 3;
    out.minX = f[i];
    out.minY = f[i + 1];
    out.maxX = f[i + 2];
    out.maxY = f[i + 3];
    return out;
  }
  putBox(p, b) {
    const f = this.m.f64, i = p >> 3;
    f[i] = b.minX;
    f[i + 1] = b.minY;
    f[i + 2] = b.maxX;
    f[i + 3] = b.maxY;
  }
  id(p) {
    const u = this.m.u32;
    return bodyId(u[p >> 2], u[(p >> 2) + 1]);
  }
  putId(p, id) {
    const u = this.m.u32;
    u[p >> 2] = id % TWO_32;
    u[(p >> 2) + 1] = Math.floor(id / TWO_32);
  }
  other(p, out) {
    const o = this.L.other, kind = this.m.i32[(p + o.kind) >> 2];
    out.kind = OTHER_KINDS[kind] ?? 'none';
    // (Stores in branches: `kind === 1 ? id : 0` would join a double with a small integer, which
    // V8 boxes, a heap number each call.)
    if (kind === 1) {
      const u = this.m.u32, b = (p + o.body) >> 2;
      out.body = u[b] + u[b + 1] * TWO_32;
    } else {
      out.body = 0;
    }
    out.column = kind === 2 ? this.m.i32[(p + o.tile) >> 2] : 0;
    out.row = kind === 2 ? this.m.i32[(p + o.tile + 4) >> 2] : 0;
    return out;
  }
  putOther(p, v) {
    const o = this.L.other, kind = OTHER_KINDS.indexOf(v.kind);
    this.m.i32[(p + o.kind) >> 2] = kind < 0 ? 0 : kind;
    this.putId(p + o.body, kind === 1 ? v.body : 0);
    this.m.i32[(p + o.tile) >> 2] = kind === 2 ? v.column : 0;
    this.m.i32[(p + o.tile + 4) >> 2] = kind === 2 ? v.row : 0;
  }
  contact(p, out) {
    const c = this.L.contact, m = this.m;
    this.other(p + c.other, out.other);
    out.response = RESPONSES[m.i32[(p + c.response) >> 2]];
    readFlags(out, m.u32[(p + c.flags) >> 2]);
    out.time = m.f64[(p + c.time) >> 3];
    this.vec(p + c.normal, out.normal);
    this.vec(p + c.point, out.point);
    this.box(p + c.box, out.box);
    out.depth = m.f64[(p + c.depth) >> 3];
    this.vec(p + c.sweep_back, out.sweepBack);
    return out;
  }
  putContact(p, v) {
    const c = this.L.contact, m = this.m;
    this.putOther(p + c.other, v.other);
    m.i32[(p + c.response) >> 2] = RESPONSES.indexOf(v.response);
    m.u32[(p + c.flags) >> 2] = flagsOf(v);
    m.f64[(p + c.time) >> 3] = v.time;
    this.putVec(p + c.normal, v.normal);
    this.putVec(p + c.point, v.point);
    this.putBox(p + c.box, v.box);
    m.f64[(p + c.depth) >> 3] = v.depth;
    this.putVec(p + c.sweep_back, v.sweepBack);
  }
  castHit(p, out) {
    const h = this.L.cast_hit, m = this.m;
    out.hit = m.i32[(p + h.hit) >> 2] !== 0;
    readFlags(out, m.u32[(p + h.flags) >> 2]);
    out.time = m.f64[(p + h.time) >> 3];
    this.vec(p + h.normal, out.normal);
    this.vec(p + h.point, out.point);
    this.box(p + h.box, out.box);
    this.other(p + h.other, out.other);
    return out;
  }
  putCastHit(p, v) {
    const h = this.L.cast_hit, m = this.m;
    m.i32[(p + h.hit) >> 2] = v.hit ? 1 : 0;
    m.u32[(p + h.flags) >> 2] = flagsOf(v);
    m.f64[(p + h.time) >> 3] = v.time;
    this.putVec(p + h.normal, v.normal);
    this.putVec(p + h.point, v.point);
    this.putBox(p + h.box, v.box);
    this.putOther(p + h.other, v.other);
  }
}
