// MoveOptions: a move's options kept in the module's memory, for moves made every frame.

import { RESPONSES, responseCode } from './values.js';

const NONE = Object.freeze({});

/** Makes the MoveOptions class of one module instance (webFilter: the C filter that calls JavaScript). */
export function defineMoveOptions(memory, layout, webFilter) {
  const m = memory, L = layout, x = m.exports;

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
    /** Moving targets (rule T5): meet each body that moved since beginFrame where it was then. */
    get moving() { return m.i32[(this.ptr + L.move_options.moving) >> 2] !== 0; }
    set moving(b) { m.i32[(this.ptr + L.move_options.moving) >> 2] = b ? 1 : 0; }
    get t0() { return this.#f64('t0'); }
    set t0(v) { this.#setF64('t0', v); }
    get t1() { return this.#f64('t1'); }
    set t1(v) { this.#setF64('t1', v); }
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

  return MoveOptions;
}
