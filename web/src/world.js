// The World class over the C API (include/sweepbox/sweepbox.h) in the module's memory: every call
// writes its arguments into memory the world owns, calls the C function and reads its answer back
// into objects the caller can reuse, so a frame of moves and casts allocates nothing.

import {
  Codec, RESPONSES, TILE_SHAPES, TILES, ONE_WAYS, bodyId, crushCode, newBox, newCastHit, newContact,
  newContactEvent, newGround, newMoveResult, newOther, newPair, newPlatformResult, newSensorEvent,
  oneWayCode, responseCode, shapeCode, sized,
} from './values.js';

const WALK_CONSTANT_SPEED = 1, WALK_STOP_ON_STEEP = 2;
const TOO_SMALL = 3;
// Defaults shared by every call (a default written as a literal would be a new object a call).
const UP = Object.freeze({ x: 0, y: -1 });
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

/** Makes the World class of one module instance. */
export function defineWorld(memory, layout, filterStack) {
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
      ['table', 32 * 4],
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
  const pairs = new StructArray(m, L.pair.size, 64);
  const sensorEvents = new StructArray(m, L.sensor_event.size, 64);
  const contactEvents = new StructArray(m, L.contact_event.size, 64);
  const riders = new StructArray(m, 8, 16), pushed = new StructArray(m, 8, 16), crushed = new StructArray(m, 8, 16);
  const ids = new StructArray(m, 8, 64);
  const inspection = new StructArray(m, 8, 1024);
  const snapshotBytes = new StructArray(m, 1, 4096);
  const SNAPSHOT_MODES = { full: 0, movable: 1 };
  const webFilter = x.sweepbox_web_filter();

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
  let optionsPtr = 0; // the struct writeOptions chose: S.options, or a MoveOptions' own
  function writeOptions(o, where) {
    const q = L.move_options, p = S.options, f = m.f64, i = m.i32;
    if (o instanceof MoveOptions) {
      optionsPtr = o.ptr;
      m.u32[(o.ptr + q.filter_context) >> 2] = filterStack.length;
      return o.filter;
    }
    optionsPtr = p;
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

  /**
   * Move options kept in the module's memory, for moves made every frame: passed to a move, they
   * are used in place (a plain options object is read field by field each call). The fields are
   * those of a plain options object; velocity is set with setVelocity (MoveBatch carries each
   * body's own).
   */
  class MoveOptions {
    constructor(init = NONE) {
      this.ptr = m.alloc(L.move_options.size);
      this.table = 0;
      this.filterFunction = null;
      x.sweepbox_move_options_default(this.ptr);
      m.refresh();
      for (const key of Object.keys(init)) {
        if (key === 'velocity') this.setVelocity(init.velocity.x, init.velocity.y);
        else if (key in MoveOptions.prototype) this[key] = init[key];
        else throw new TypeError(`sweepbox: MoveOptions: unknown option ${key}`);
      }
    }
    #f64(field) { return m.f64[(this.ptr + L.move_options[field]) >> 3]; }
    #setF64(field, v) { m.f64[(this.ptr + L.move_options[field]) >> 3] = v; }
    get response() { return RESPONSES[m.i32[(this.ptr + L.move_options.response) >> 2]]; }
    set response(name) { m.i32[(this.ptr + L.move_options.response) >> 2] = responseCode(name, 'MoveOptions'); }
    get maxIterations() { return m.i32[(this.ptr + L.move_options.max_iterations) >> 2]; }
    set maxIterations(n) { m.i32[(this.ptr + L.move_options.max_iterations) >> 2] = n; }
    get restitution() { return this.#f64('restitution'); }
    set restitution(v) { this.#setF64('restitution', v); }
    get friction() { return this.#f64('friction'); }
    set friction(v) { this.#setF64('friction', v); }
    get restSpeed() { return this.#f64('rest_speed'); }
    set restSpeed(v) { this.#setF64('rest_speed', v); }
    get dropThrough() { return m.i32[(this.ptr + L.move_options.drop_through) >> 2] !== 0; }
    set dropThrough(b) { m.i32[(this.ptr + L.move_options.drop_through) >> 2] = b ? 1 : 0; }
    get pushOutSides() { return this.#f64('push_out_sides'); }
    set pushOutSides(v) { this.#setF64('push_out_sides', v); }
    /** The velocity carried through the responses (MoveResult.velocity). */
    setVelocity(vx, vy) {
      m.f64[(this.ptr + L.move_options.velocity) >> 3] = vx;
      m.f64[(this.ptr + L.move_options.velocity + 8) >> 3] = vy;
    }
    get categoryResponses() {
      if (!this.table) return undefined;
      return Array.from({ length: 32 }, (_, k) => RESPONSES[m.i32[(this.table >> 2) + k]]);
    }
    set categoryResponses(table) {
      if (table === undefined || table === null) {
        m.u32[(this.ptr + L.move_options.category_responses) >> 2] = 0;
        return;
      }
      if (table.length !== 32) throw new TypeError('sweepbox: MoveOptions: categoryResponses must hold 32 responses');
      if (!this.table) this.table = m.alloc(32 * 4);
      for (let k = 0; k < 32; ++k) m.i32[(this.table >> 2) + k] = responseCode(table[k], 'MoveOptions');
      m.u32[(this.ptr + L.move_options.category_responses) >> 2] = this.table;
    }
    get filter() { return this.filterFunction; }
    set filter(f) {
      this.filterFunction = f ?? null;
      m.u32[(this.ptr + L.move_options.filter) >> 2] = f ? webFilter : 0;
    }
    destroy() {
      m.free(this.table);
      m.free(this.ptr);
      this.ptr = this.table = 0;
    }
  }

  class World {
    /**
     * A world of boxes. `def`: {cellSize (64), oversizeCells (8), bruteForce (false)}. Call
     * destroy() when done with it: its memory is the module's, which JavaScript's collector
     * does not see.
     */
    constructor(def = {}) {
      const d = L.world_def, p = S.worldDef;
      x.sweepbox_world_def_default(p);
      m.refresh();
      if (def.cellSize !== undefined) m.f64[(p + d.cell_size) >> 3] = def.cellSize;
      if (def.oversizeCells !== undefined) m.i32[(p + d.oversize_cells) >> 2] = def.oversizeCells;
      if (def.bruteForce !== undefined) m.i32[(p + d.brute_force) >> 2] = def.bruteForce ? 1 : 0;
      const status = x.sweepbox_world_create(p, S.int);
      m.refresh();
      if (status !== 0) throw fail(status, 0, 'World');
      /** The world's address in the module's memory (for the package's own helpers). */
      this.ptr = m.u32[S.int >> 2];
    }

    /** Frees the world's memory; the world may not be used afterwards. */
    destroy() {
      if (this.ptr) x.sweepbox_world_destroy(this.ptr);
      this.ptr = 0;
    }

    #check(status, where) {
      m.refresh();
      if (status !== 0) throw fail(status, this.ptr, where);
    }

    #id(id) {
      c.putId(S.id, id);
      return S.id;
    }

    // ---- bodies ----

    /**
     * Adds a body: {box: {minX, minY, maxX, maxY}, isStatic, isPlatform, isSensor, category (1),
     * mask (0xffffffff), userData (0: a safe integer or a bigint), oneWay ('none')}. Returns its id.
     */
    add(def) {
      const d = L.body_def, p = S.bodyDef;
      x.sweepbox_body_def_default(p);
      m.refresh();
      c.putBox(p + d.box, def.box);
      m.i32[(p + d.is_static) >> 2] = def.isStatic ? 1 : 0;
      m.i32[(p + d.is_platform) >> 2] = def.isPlatform ? 1 : 0;
      m.i32[(p + d.is_sensor) >> 2] = def.isSensor ? 1 : 0;
      if (def.category !== undefined) m.u32[(p + d.category) >> 2] = def.category;
      if (def.mask !== undefined) m.u32[(p + d.mask) >> 2] = def.mask;
      if (def.userData !== undefined) m.view.setBigUint64(p + d.user_data, BigInt(def.userData), true);
      m.i32[(p + d.one_way) >> 2] = def.oneWay === undefined ? 0 : oneWayCode(def.oneWay, 'add');
      this.#check(x.sweepbox_add(this.ptr, p, S.id2), 'add');
      return c.id(S.id2);
    }

    /** Removes a body; its id becomes stale. */
    remove(id) {
      this.#check(x.sweepbox_remove(this.ptr, this.#id(id)), 'remove');
    }

    /** Puts a body at a new box at once (no sweep). */
    teleport(id, box) {
      c.putBox(S.box, box);
      this.#check(x.sweepbox_teleport(this.ptr, this.#id(id), S.box), 'teleport');
    }

    /** True when id names a live body of this world. */
    isValid(id) {
      this.#check(x.sweepbox_is_valid(this.ptr, this.#id(id), S.int), 'isValid');
      return m.i32[S.int >> 2] !== 0;
    }

    /** The body's box (into `out` when given). */
    box(id, out = newBox()) {
      this.#check(x.sweepbox_get_box(this.ptr, this.#id(id), S.box), 'box');
      return c.box(S.box, out);
    }

    /** Everything about a body: {box, isStatic, isPlatform, isSensor, category, mask, userData, oneWay}. */
    info(id) {
      const d = L.body_def, p = S.bodyDef;
      this.#check(x.sweepbox_get_body(this.ptr, this.#id(id), p), 'info');
      const user = m.view.getBigUint64(p + d.user_data, true);
      return {
        box: c.box(p + d.box, newBox()),
        isStatic: m.i32[(p + d.is_static) >> 2] !== 0,
        isPlatform: m.i32[(p + d.is_platform) >> 2] !== 0,
        isSensor: m.i32[(p + d.is_sensor) >> 2] !== 0,
        category: m.u32[(p + d.category) >> 2],
        mask: m.u32[(p + d.mask) >> 2],
        userData: user <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(user) : user,
        oneWay: ONE_WAYS[m.i32[(p + d.one_way) >> 2]],
      };
    }

    /** Changes a body's user data (a safe integer or a bigint of up to 64 bits). */
    setUserData(id, userData) {
      this.#check(x.sweepbox_set_user_data(this.ptr, this.#id(id), BigInt(userData)), 'setUserData');
    }

    /** Changes a body's category and mask. */
    setFilter(id, category, mask) {
      this.#check(x.sweepbox_set_category_mask(this.ptr, this.#id(id), category, mask), 'setFilter');
    }

    /** Makes a body one-way ('down', 'up', 'left', 'right') or solid again ('none'). */
    setOneWay(id, oneWay) {
      this.#check(x.sweepbox_set_one_way(this.ptr, this.#id(id), oneWayCode(oneWay, 'setOneWay')), 'setOneWay');
    }

    /** The number of live bodies. */
    get bodyCount() {
      this.#check(x.sweepbox_body_count(this.ptr, S.count), 'bodyCount');
      return m.u32[S.count >> 2];
    }

    /** The ids of every live body, by index (into `out` when given). */
    bodyIds(out = []) {
      for (;;) {
        const status = x.sweepbox_body_ids(this.ptr, ids.ptr, ids.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          ids.reserve(n);
          continue;
        }
        this.#check(status, 'bodyIds');
        return readIds(ids, n, out);
      }
    }

    // ---- snapshots ----

    /**
     * The world's state as bytes that are the same on every machine (docs/contract.md,
     * "Snapshots"): mode 'full', or 'movable' (the static bodies and the tile map by reference).
     * Into `out` (a Uint8Array) when it is large enough, returning the part written; else new bytes.
     */
    save(mode = 'full', out = undefined) {
      const code = SNAPSHOT_MODES[mode];
      if (code === undefined) throw new TypeError(`sweepbox: save: unknown snapshot mode '${mode}'`);
      for (;;) {
        const status = x.sweepbox_save(this.ptr, code, snapshotBytes.ptr, snapshotBytes.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          snapshotBytes.reserve(n);
          continue;
        }
        this.#check(status, 'save');
        const bytes = out !== undefined && out.length >= n ? out.subarray(0, n) : new Uint8Array(n);
        bytes.set(m.u8.subarray(snapshotBytes.ptr, snapshotBytes.ptr + n));
        return bytes;
      }
    }

    /**
     * Puts the world back in the state `bytes` (from save, on any machine) hold: every later answer
     * is the saved world's. Bytes of another build, map or format throw, the world unchanged.
     */
    restore(bytes) {
      snapshotBytes.reserve(bytes.length);
      m.refresh();
      m.u8.set(bytes, snapshotBytes.ptr);
      this.#check(x.sweepbox_restore(this.ptr, snapshotBytes.ptr, bytes.length), 'restore');
    }

    // ---- tiles ----

    /**
     * Replaces the tile map with an empty one: {origin: {x, y} (0, 0), tileSize (16), columns, rows,
     * category (1), mask (0xffffffff)}.
     */
    setTileMap(def) {
      const d = L.tile_map_def, p = S.tileMapDef;
      x.sweepbox_tile_map_def_default(p);
      m.refresh();
      if (def.origin) c.putVec(p + d.origin, def.origin);
      if (def.tileSize !== undefined) m.f64[(p + d.tile_size) >> 3] = def.tileSize;
      m.i32[(p + d.columns) >> 2] = def.columns ?? 0;
      m.i32[(p + d.rows) >> 2] = def.rows ?? 0;
      if (def.category !== undefined) m.u32[(p + d.category) >> 2] = def.category;
      if (def.mask !== undefined) m.u32[(p + d.mask) >> 2] = def.mask;
      this.#check(x.sweepbox_set_tile_map(this.ptr, p), 'setTileMap');
    }

    /** Sets a tile to a kind index, 0 to 255 (by default 0 empty, 1 solid, 2 one-way down). */
    setTile(column, row, kind) {
      this.#check(x.sweepbox_set_tile(this.ptr, column, row, kind), 'setTile');
    }

    /** How the tile blocks: 'empty', 'solid', 'one_way' or 'slope' ('empty' outside the map). */
    tile(column, row) {
      this.#check(x.sweepbox_get_tile(this.ptr, column, row, S.int), 'tile');
      return TILES[m.i32[S.int >> 2]];
    }

    /** Redefines tile kind `index`: {shape ('empty'), category, mask (the map's), sensor (false)}. */
    setTileKind(index, kind) {
      const d = L.tile_kind, p = S.tileKind;
      this.#check(x.sweepbox_get_tile_kind(this.ptr, index, p), 'setTileKind');
      m.i32[(p + d.shape) >> 2] = kind.shape === undefined ? 0 : shapeCode(kind.shape, 'setTileKind');
      if (kind.category !== undefined) m.u32[(p + d.category) >> 2] = kind.category;
      if (kind.mask !== undefined) m.u32[(p + d.mask) >> 2] = kind.mask;
      m.i32[(p + d.sensor) >> 2] = kind.sensor ? 1 : 0;
      this.#check(x.sweepbox_set_tile_kind(this.ptr, index, p), 'setTileKind');
    }

    /** Tile kind `index`: {shape, category, mask, sensor}. */
    tileKind(index) {
      const d = L.tile_kind, p = S.tileKind;
      this.#check(x.sweepbox_get_tile_kind(this.ptr, index, p), 'tileKind');
      return {
        shape: TILE_SHAPES[m.i32[(p + d.shape) >> 2]],
        category: m.u32[(p + d.category) >> 2],
        mask: m.u32[(p + d.mask) >> 2],
        sensor: m.i32[(p + d.sensor) >> 2] !== 0,
      };
    }

    // ---- movement ----

    // move (0), check (1) and moveAndSnap (2, with #snap's numbers). A filter's nested call
    // (a check) reuses the scratch structs: the C API has read the options before it calls the
    // filter and writes the result after, so each call's structs are its own while it reads them.
    #snap = [0, 0, 0, 0, 0, 0];
    #move(kind, where, id, dx, dy, options, out) {
      const filter = writeOptions(options, where);
      const r = L.move_result, depth = filterStack.length;
      for (;;) {
        m.u32[(S.result + r.contacts) >> 2] = contacts.ptr;
        m.u32[(S.result + r.capacity) >> 2] = contacts.capacity;
        if (filter) filterStack.push(filter, this);
        let status;
        try {
          const w = this.ptr, i = this.#id(id), s = this.#snap;
          status = kind === 0 ? x.sweepbox_move(w, i, dx, dy, optionsPtr, S.result)
                 : kind === 1 ? x.sweepbox_check(w, i, dx, dy, optionsPtr, S.result)
                 : x.sweepbox_move_and_walk(w, i, dx, dy, optionsPtr, s[0], s[1], s[2], s[3], s[4], s[5], S.result);
        } finally {
          if (filter) filterStack.length = depth;
        }
        m.refresh();
        const thrown = filterStack.errors[depth];
        if (thrown !== undefined) {
          filterStack.errors[depth] = undefined;
          throw thrown; // the filter's own exception (the move was not made)
        }
        const count = m.u32[(S.result + r.count) >> 2];
        if (status === TOO_SMALL) {
          contacts.reserve(count); // (the move was undone: the same move again, with room)
          writeOptions(options, where);
          continue;
        }
        if (status !== 0) throw fail(status, this.ptr, where);
        return readMoveResult(out, count);
      }
    }

    /**
     * Moves a body by (dx, dy) against every other body and the tiles. options: {response
     * ('slide'), restitution (1), friction (0), maxIterations (8), velocity {x, y}, restSpeed (0),
     * dropThrough, categoryResponses (32 responses by lowest category bit), filter (self, other,
     * world) => response}. Returns {box, velocity, contacts, iterations, truncated}, into `out`
     * when given (reuse it: the move then allocates nothing).
     */
    move(id, dx, dy, options, out = newMoveResult()) {
      // The usual move (no filter, the contacts fit) calls the module from here: a second call
      // in JavaScript would box its numbers (garbage) where V8 does not inline it.
      if (writeOptions(options, 'move') !== null) return this.#move(0, 'move', id, dx, dy, options, out);
      const r = L.move_result;
      m.u32[(S.result + r.contacts) >> 2] = contacts.ptr;
      m.u32[(S.result + r.capacity) >> 2] = contacts.capacity;
      c.putId(S.id, id);
      const status = x.sweepbox_move(this.ptr, S.id, dx, dy, optionsPtr, S.result);
      m.refresh();
      if (status === TOO_SMALL) return this.#move(0, 'move', id, dx, dy, options, out);
      if (status !== 0) throw fail(status, this.ptr, 'move');
      return readMoveResult(out, m.u32[(S.result + r.count) >> 2]);
    }

    /** The dry run of move: the same answer, the body left where it is. */
    check(id, dx, dy, options, out = newMoveResult()) {
      if (writeOptions(options, 'check') !== null) return this.#move(1, 'check', id, dx, dy, options, out);
      const r = L.move_result;
      m.u32[(S.result + r.contacts) >> 2] = contacts.ptr;
      m.u32[(S.result + r.capacity) >> 2] = contacts.capacity;
      c.putId(S.id, id);
      const status = x.sweepbox_check(this.ptr, S.id, dx, dy, optionsPtr, S.result);
      m.refresh();
      if (status === TOO_SMALL) return this.#move(1, 'check', id, dx, dy, options, out);
      if (status !== 0) throw fail(status, this.ptr, 'check');
      return readMoveResult(out, m.u32[(S.result + r.count) >> 2]);
    }

    /**
     * The character kit's move with floor snap and walking on slopes (move_and_snap): `rules`
     * {snap (0), up {x, y} (0, -1), maxFloorAngle (45), constantSpeed, stopOnSteep}; wasOnFloor:
     * the ground state's onFloor after the body's last move.
     */
    moveAndSnap(id, dx, dy, options, wasOnFloor, rules = NONE, out = newMoveResult()) {
      const up = rules.up ?? UP;
      const s = this.#snap;
      s[0] = wasOnFloor ? 1 : 0;
      s[1] = rules.snap ?? 0;
      s[2] = up.x;
      s[3] = up.y;
      s[4] = rules.maxFloorAngle ?? 45;
      s[5] = (rules.constantSpeed ? WALK_CONSTANT_SPEED : 0) | (rules.stopOnSteep ? WALK_STOP_ON_STEEP : 0);
      return this.#move(2, 'moveAndSnap', id, dx, dy, options, out);
    }

    /**
     * The ground state of a move's contacts: {onFloor, onWall, onCeiling, floorNormal, floor}, a
     * contact being a floor when its normal is within maxFloorAngle degrees of `up`.
     */
    groundState(result, up = UP, maxFloorAngle = 45, out = newGround()) {
      const n = result.contacts.length, r = L.move_result, g = L.ground;
      contacts.reserve(n);
      for (let i = 0; i < n; ++i) c.putContact(contacts.at(i), result.contacts[i]);
      m.u32[(S.result + r.contacts) >> 2] = contacts.ptr;
      m.u32[(S.result + r.capacity) >> 2] = contacts.capacity;
      m.u32[(S.result + r.count) >> 2] = n;
      const status = x.sweepbox_ground_state(S.result, up.x, up.y, maxFloorAngle, S.ground);
      m.refresh();
      if (status !== 0) throw fail(status, 0, 'groundState');
      out.onFloor = m.i32[(S.ground + g.on_floor) >> 2] !== 0;
      out.onWall = m.i32[(S.ground + g.on_wall) >> 2] !== 0;
      out.onCeiling = m.i32[(S.ground + g.on_ceiling) >> 2] !== 0;
      c.vec(S.ground + g.floor_normal, out.floorNormal);
      c.other(S.ground + g.floor, out.floor);
      return out;
    }

    /**
     * Moves a platform body (isPlatform) by (dx, dy), carrying its riders and pushing what is in
     * its way. options: {up {x, y} (0, -1), crush ('stop' or 'pass')}. Returns {box, moved,
     * stopped, riders, pushed, crushed} (ids), into `out` when given.
     */
    movePlatform(id, dx, dy, options = NONE, out = newPlatformResult()) {
      const r = L.platform_result, p = S.platform, up = options.up ?? UP;
      const crush = options.crush === undefined ? 0 : crushCode(options.crush, 'movePlatform');
      for (;;) {
        m.u32[(p + r.riders) >> 2] = riders.ptr;
        m.u32[(p + r.riders_capacity) >> 2] = riders.capacity;
        m.u32[(p + r.pushed) >> 2] = pushed.ptr;
        m.u32[(p + r.pushed_capacity) >> 2] = pushed.capacity;
        m.u32[(p + r.crushed) >> 2] = crushed.ptr;
        m.u32[(p + r.crushed_capacity) >> 2] = crushed.capacity;
        const status = x.sweepbox_move_platform(this.ptr, this.#id(id), dx, dy, up.x, up.y, crush, p);
        m.refresh();
        const nr = m.u32[(p + r.riders_count) >> 2], np = m.u32[(p + r.pushed_count) >> 2];
        const nc = m.u32[(p + r.crushed_count) >> 2];
        if (status === TOO_SMALL) {
          riders.reserve(nr);
          pushed.reserve(np);
          crushed.reserve(nc);
          continue;
        }
        if (status !== 0) throw fail(status, this.ptr, 'movePlatform');
        c.box(p + r.box, out.box);
        c.vec(p + r.moved, out.moved);
        out.stopped = m.i32[(p + r.stopped) >> 2] !== 0;
        readIds(riders, nr, out.riders);
        readIds(pushed, np, out.pushed);
        readIds(crushed, nc, out.crushed);
        return out;
      }
    }

    /**
     * Moves the bodies of a MoveBatch one after the other (as that many move calls, with the
     * options' other fields for every body), writing each one's box, velocity, contact count and
     * ground state (against `up` and maxFloorAngle) into the batch's output.
     */
    moveBodies(batch, options, up = UP, maxFloorAngle = 45) {
      if (!(Number.isInteger(batch.count) && batch.count >= 0 && batch.count <= batch.capacity)) {
        throw new RangeError(`sweepbox: moveBodies: count ${batch.count} is not in 0 to ${batch.capacity}`);
      }
      // The ground rules checked first (the ground state's errors are not the world's).
      m.u32[(S.result + L.move_result.count) >> 2] = 0;
      const g = x.sweepbox_ground_state(S.result, up.x, up.y, maxFloorAngle, S.ground);
      m.refresh();
      if (g !== 0) throw fail(g, 0, 'moveBodies');
      if (writeOptions(options, 'moveBodies')) {
        throw new TypeError('sweepbox: moveBodies: a filter is for single moves (World.move)');
      }
      this.#check(x.sweepbox_web_move_bodies(this.ptr, batch.idsPtr, batch.inputPtr, batch.count, optionsPtr, up.x,
        up.y, maxFloorAngle, batch.outputPtr), 'moveBodies');
    }

    // ---- casts and queries ----

    /**
     * The closest hit of the segment (x, y) -> (x + dx, y + dy): {hit, time, normal, point, box,
     * other, startedOverlapping, corner, junction}. filter: {category, mask, ignore (an id),
     * bodies, tiles, sensors}.
     */
    castRay(x0, y0, dx, dy, filter, out = newCastHit()) {
      this.#check(x.sweepbox_cast_ray(this.ptr, x0, y0, dx, dy, writeFilter(filter), S.hit), 'castRay');
      return c.castHit(S.hit, out);
    }

    /** The closest hit of `box` moved by (dx, dy). */
    castBox(box, dx, dy, filter, out = newCastHit()) {
      c.putBox(S.box, box);
      this.#check(x.sweepbox_cast_box(this.ptr, S.box, dx, dy, writeFilter(filter), S.hit), 'castBox');
      return c.castHit(S.hit, out);
    }

    /** Every obstacle the moving box meets, each once, in order (piercing shots). */
    castAll(box, dx, dy, filter, out = []) {
      c.putBox(S.box, box);
      for (;;) {
        const status = x.sweepbox_cast_all(this.ptr, S.box, dx, dy, writeFilter(filter), hits.ptr, hits.capacity,
          S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          hits.reserve(n);
          continue;
        }
        this.#check(status, 'castAll');
        sized(out, n, newCastHit);
        for (let i = 0; i < n; ++i) c.castHit(hits.at(i), out[i]);
        return out;
      }
    }

    // The region queries (0 rect, 1 point, 2 segment) into `out`.
    #others(kind, where, filter, out, ax, ay, bx, by) {
      for (;;) {
        const f = writeFilter(filter);
        const status = kind === 0 ? x.sweepbox_query_rect(this.ptr, S.box, f, others.ptr, others.capacity, S.count)
                     : kind === 1 ? x.sweepbox_query_point(this.ptr, ax, ay, f, others.ptr, others.capacity, S.count)
                     : x.sweepbox_query_segment(this.ptr, ax, ay, bx, by, f, others.ptr, others.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          others.reserve(n);
          continue;
        }
        this.#check(status, where);
        sized(out, n, newOther);
        for (let i = 0; i < n; ++i) c.other(others.at(i), out[i]);
        return out;
      }
    }

    /** Everything whose closed box meets the closed rectangle: bodies by id, then tiles. */
    queryRect(rect, filter, out = []) {
      c.putBox(S.box, rect);
      return this.#others(0, 'queryRect', filter, out, 0, 0, 0, 0);
    }

    /** Everything whose closed box holds the point. */
    queryPoint(px, py, filter, out = []) {
      return this.#others(1, 'queryPoint', filter, out, px, py, 0, 0);
    }

    /** Everything the closed segment meets, in order along it. */
    querySegment(ax, ay, bx, by, filter, out = []) {
      return this.#others(2, 'querySegment', filter, out, ax, ay, bx, by);
    }

    /** Every overlapping pair of bodies, each once: {a, b, depth, normal} (a's way out of b). */
    overlappingPairs(out = []) {
      const q = L.pair;
      for (;;) {
        const status = x.sweepbox_overlapping_pairs(this.ptr, pairs.ptr, pairs.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          pairs.reserve(n);
          continue;
        }
        this.#check(status, 'overlappingPairs');
        sized(out, n, newPair);
        for (let i = 0; i < n; ++i) {
          const p = pairs.at(i), o = out[i];
          o.a = c.id(p + q.a);
          o.b = c.id(p + q.b);
          o.depth = m.f64[(p + q.depth) >> 3];
          c.vec(p + q.normal, o.normal);
        }
        return out;
      }
    }

    /**
     * Batches of rays in typed arrays: ray i from (rays[4i], rays[4i + 1]) by (rays[4i + 2],
     * rays[4i + 3]); answer i in out[hitStride * i ...] (see CastBatch). Prefer a CastBatch,
     * whose arrays live in the module's memory (no copy).
     */
    castRays(batch, filter) {
      batchReady(batch, 'rays', 'castRays');
      this.#check(x.sweepbox_web_cast_rays(this.ptr, batch.inputPtr, batch.count, writeFilter(filter),
        batch.outputPtr), 'castRays');
    }

    /** Box casts of a CastBatch made with 6 numbers an item (min x, min y, max x, max y, dx, dy). */
    castBoxes(batch, filter) {
      batchReady(batch, 'boxes', 'castBoxes');
      this.#check(x.sweepbox_web_cast_boxes(this.ptr, batch.inputPtr, batch.count, writeFilter(filter),
        batch.outputPtr), 'castBoxes');
    }

    // ---- the three levels, for debug drawing ----

    /**
     * How a move of body `id` by (dx, dy) finds its contact: {trip (the whole-trip box), axis
     * ('x' or 'y', the primary axis), earliest (the earliest contact time found; above 1: none),
     * step (the sub-boxes' length; 0: none), cells {x0, y0, x1, y1} and cellSize (the trip's grid
     * cells), parts [{box, tEnd, visited}] (the bodies' sub-boxes, when the trip covers more than
     * 16 cells), candidates [{other, box}] (what the walk hands to the exact test)}.
     */
    inspectMove(id, dx, dy) {
      return this.#inspect(id, null, dx, dy, undefined, 'inspectMove');
    }

    /** The same for a cast of `box` by (dx, dy) (a ray: a box of zero size). */
    inspectCast(box, dx, dy, filter) {
      return this.#inspect(0, box, dx, dy, filter, 'inspectCast');
    }

    #inspect(id, box, dx, dy, filter, where) {
      if (box) c.putBox(S.box, box);
      const header = x.sweepbox_web_inspect_header(), part = x.sweepbox_web_inspect_part();
      const candidate = x.sweepbox_web_inspect_candidate();
      for (;;) {
        const status = x.sweepbox_web_inspect(this.ptr, this.#id(id), S.box, dx, dy, writeFilter(filter),
          inspection.ptr, inspection.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          inspection.reserve(n);
          continue;
        }
        this.#check(status, where);
        const f = m.f64, b = inspection.ptr >> 3;
        const boxAt = (i) => ({ minX: f[i], minY: f[i + 1], maxX: f[i + 2], maxY: f[i + 3] });
        const out = {
          trip: boxAt(b), axis: f[b + 4] === 0 ? 'x' : 'y', earliest: f[b + 5], step: f[b + 6],
          cells: { x0: f[b + 7], y0: f[b + 8], x1: f[b + 9], y1: f[b + 10] }, cellSize: f[b + 11],
          parts: [], candidates: [],
        };
        let i = b + header;
        for (let k = 0; k < f[b + 12]; ++k, i += part) out.parts.push({ box: boxAt(i), tEnd: f[i + 4], visited: f[i + 5] === 1 });
        for (let k = 0; k < f[b + 13]; ++k, i += candidate) {
          const kind = f[i];
          out.candidates.push({
            other: kind === 1 ? { kind: 'body', body: bodyId(f[i + 1], f[i + 2]), column: 0, row: 0 }
                              : { kind: 'tile', body: 0, column: f[i + 1], row: f[i + 2] },
            box: boxAt(i + 3),
          });
        }
        return out;
      }
    }

    // ---- events ----

    /** Compares who overlaps which sensor and who touches what with the last call (once a frame). */
    updateEvents() {
      this.#check(x.sweepbox_update_events(this.ptr), 'updateEvents');
    }

    /**
     * The events of the last updateEvents: {sensorBegin, sensorEnd: [{sensor, visitor}],
     * contactBegin, contactEnd: [{body, other}]}, into `out` when given.
     */
    events(out = { sensorBegin: [], sensorEnd: [], contactBegin: [], contactEnd: [] }) {
      this.#sensorEvents(0, out.sensorBegin);
      this.#sensorEvents(1, out.sensorEnd);
      this.#contactEvents(0, out.contactBegin);
      this.#contactEvents(1, out.contactEnd);
      return out;
    }

    #sensorEvents(which, list) {
      const se = L.sensor_event, n = this.#eventList(x.sweepbox_sensor_events, sensorEvents, which);
      sized(list, n, newSensorEvent);
      for (let i = 0; i < n; ++i) {
        c.other(sensorEvents.at(i) + se.sensor, list[i].sensor);
        list[i].visitor = c.id(sensorEvents.at(i) + se.visitor);
      }
    }

    #contactEvents(which, list) {
      const ce = L.contact_event, n = this.#eventList(x.sweepbox_contact_events, contactEvents, which);
      sized(list, n, newContactEvent);
      for (let i = 0; i < n; ++i) {
        list[i].body = c.id(contactEvents.at(i) + ce.body);
        c.other(contactEvents.at(i) + ce.other, list[i].other);
      }
    }

    #eventList(fn, array, which) {
      for (;;) {
        const status = fn(this.ptr, which, array.ptr, array.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          array.reserve(n);
          continue;
        }
        this.#check(status, 'events');
        return n;
      }
    }
  }

  return { World, MoveOptions, fail };
}
