// The World class over the C API (include/sweepbox/sweepbox.h) in the module's memory: every call
// writes its arguments into memory the world owns, calls the C function and reads its answer back
// into objects the caller can reuse, so a frame of moves and casts allocates nothing. Here the
// world, its bodies, snapshots, tiles and moves; its casts, queries and events are queries.js's,
// the casts against the frame's motion moving.js's, what the calls share calls.js's.

import {
  TILE_SHAPES, TILES, ONE_WAYS, crushCode, newBox, newGround, newMoveResult, newPlatformResult,
  oneWayCode, shapeCode,
} from './values.js';
import { TOO_SMALL, defineCalls } from './calls.js';
import { addQueries } from './queries.js';
import { addMoving } from './moving.js';

export { SweepboxError } from './calls.js';

// Defaults shared by every call (a default written as a literal would be a new object a call).
const UP = Object.freeze({ x: 0, y: -1 });
const NONE = Object.freeze({});

/** Makes the World class of one module instance. */
export function defineWorld(memory, layout, filterStack) {
  const m = memory, L = layout, x = m.exports;
  const k = defineCalls(memory, layout, filterStack);
  const {
    S, c, contacts, riders, pushed, crushed, ids, snapshotBytes, SNAPSHOT_MODES, MoveOptions, fail, writeOptions,
    readMoveResult, readIds, check, putId,
  } = k;

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
      check(this, x.sweepbox_add(this.ptr, p, S.id2), 'add');
      return c.id(S.id2);
    }

    /** Removes a body; its id becomes stale. */
    remove(id) {
      check(this, x.sweepbox_remove(this.ptr, putId(id)), 'remove');
    }

    /** Puts a body at a new box at once (no sweep). */
    teleport(id, box) {
      c.putBox(S.box, box);
      check(this, x.sweepbox_teleport(this.ptr, putId(id), S.box), 'teleport');
    }

    /** True when id names a live body of this world. */
    isValid(id) {
      check(this, x.sweepbox_is_valid(this.ptr, putId(id), S.int), 'isValid');
      return m.i32[S.int >> 2] !== 0;
    }

    /** The body's box (into `out` when given). */
    box(id, out = newBox()) {
      check(this, x.sweepbox_get_box(this.ptr, putId(id), S.box), 'box');
      return c.box(S.box, out);
    }

    /** Everything about a body: {box, isStatic, isPlatform, isSensor, category, mask, userData, oneWay}. */
    info(id) {
      const d = L.body_def, p = S.bodyDef;
      check(this, x.sweepbox_get_info(this.ptr, putId(id), p), 'info');
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
      check(this, x.sweepbox_set_user_data(this.ptr, putId(id), BigInt(userData)), 'setUserData');
    }

    /** Changes a body's category and mask. */
    setFilter(id, category, mask) {
      check(this, x.sweepbox_set_filter(this.ptr, putId(id), category, mask), 'setFilter');
    }

    /** Makes a body one-way ('down', 'up', 'left', 'right') or solid again ('none'). */
    setOneWay(id, oneWay) {
      check(this, x.sweepbox_set_one_way(this.ptr, putId(id), oneWayCode(oneWay, 'setOneWay')), 'setOneWay');
    }

    /** The number of live bodies. */
    get bodyCount() {
      check(this, x.sweepbox_body_count(this.ptr, S.count), 'bodyCount');
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
        check(this, status, 'bodyIds');
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
        check(this, status, 'save');
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
      check(this, x.sweepbox_restore(this.ptr, snapshotBytes.ptr, bytes.length), 'restore');
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
      check(this, x.sweepbox_set_tile_map(this.ptr, p), 'setTileMap');
    }

    /** Sets a tile to a kind index, 0 to 255 (by default 0 empty, 1 solid, 2 one-way down). */
    setTile(column, row, kind) {
      check(this, x.sweepbox_set_tile(this.ptr, column, row, kind), 'setTile');
    }

    /** How the tile blocks: 'empty', 'solid', 'one_way' or 'slope' ('empty' outside the map). */
    tile(column, row) {
      check(this, x.sweepbox_get_tile(this.ptr, column, row, S.int), 'tile');
      return TILES[m.i32[S.int >> 2]];
    }

    /** Redefines tile kind `index`: {shape ('empty'), category, mask (the map's), sensor (false)}. */
    setTileKind(index, kind) {
      const d = L.tile_kind, p = S.tileKind;
      check(this, x.sweepbox_get_tile_kind(this.ptr, index, p), 'setTileKind');
      m.i32[(p + d.shape) >> 2] = kind.shape === undefined ? 0 : shapeCode(kind.shape, 'setTileKind');
      if (kind.category !== undefined) m.u32[(p + d.category) >> 2] = kind.category;
      if (kind.mask !== undefined) m.u32[(p + d.mask) >> 2] = kind.mask;
      m.i32[(p + d.sensor) >> 2] = kind.sensor ? 1 : 0;
      check(this, x.sweepbox_set_tile_kind(this.ptr, index, p), 'setTileKind');
    }

    /** Tile kind `index`: {shape, category, mask, sensor}. */
    tileKind(index) {
      const d = L.tile_kind, p = S.tileKind;
      check(this, x.sweepbox_get_tile_kind(this.ptr, index, p), 'tileKind');
      return {
        shape: TILE_SHAPES[m.i32[(p + d.shape) >> 2]],
        category: m.u32[(p + d.category) >> 2],
        mask: m.u32[(p + d.mask) >> 2],
        sensor: m.i32[(p + d.sensor) >> 2] !== 0,
      };
    }

    // ---- movement ----

    // move (0), check (1) and moveAndSnap (2, with the rules in S.snapRules). A filter's nested call
    // (a check) reuses the scratch structs: the C API has read the options before it calls the
    // filter and writes the result after, so each call's structs are its own while it reads them.
    #wasOnFloor = 0;
    #move(kind, where, id, dx, dy, options, out) {
      const filter = writeOptions(options, where);
      const r = L.move_result, depth = filterStack.length;
      for (;;) {
        m.u32[(S.result + r.contacts) >> 2] = contacts.ptr;
        m.u32[(S.result + r.capacity) >> 2] = contacts.capacity;
        if (filter) filterStack.push(filter, this);
        let status;
        try {
          const w = this.ptr, i = putId(id);
          status = kind === 0 ? x.sweepbox_move(w, i, dx, dy, k.optionsPtr, S.result)
                 : kind === 1 ? x.sweepbox_check(w, i, dx, dy, k.optionsPtr, S.result)
                 : x.sweepbox_move_and_snap_rules(w, i, dx, dy, k.optionsPtr, this.#wasOnFloor, S.snapRules, S.result);
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
     * dropThrough, pushOutSides (8), moving with t0 (0) and t1 (1) (the frame's motion seen, rule
     * T5), categoryResponses (32 responses by lowest category bit), filter (self, other, world) =>
     * response}. Returns {box, velocity, contacts, iterations, truncated}, into `out`
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
      const status = x.sweepbox_move(this.ptr, S.id, dx, dy, k.optionsPtr, S.result);
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
      const status = x.sweepbox_check(this.ptr, S.id, dx, dy, k.optionsPtr, S.result);
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
      const up = rules.up ?? UP, r = L.snap_rules, p = S.snapRules, f = m.f64, n = m.i32;
      this.#wasOnFloor = wasOnFloor ? 1 : 0;
      f[(p + r.snap) >> 3] = rules.snap ?? 0;
      f[(p + r.up_x) >> 3] = up.x;
      f[(p + r.up_y) >> 3] = up.y;
      f[(p + r.max_floor_angle) >> 3] = rules.maxFloorAngle ?? 45;
      n[(p + r.constant_speed) >> 2] = rules.constantSpeed ? 1 : 0;
      n[(p + r.stop_on_steep) >> 2] = rules.stopOnSteep ? 1 : 0;
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
        const status = x.sweepbox_move_platform(this.ptr, putId(id), dx, dy, up.x, up.y, crush, p);
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
      check(this, x.sweepbox_web_move_bodies(this.ptr, batch.idsPtr, batch.inputPtr, batch.count, k.optionsPtr, up.x,
        up.y, maxFloorAngle, batch.outputPtr), 'moveBodies');
    }
  }

  addQueries(World, memory, layout, k);
  addMoving(World, memory, layout, k);
  return { World, MoveOptions, fail };
}
