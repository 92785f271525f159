// The module's memory as typed arrays, and the C API's structs read and written by the offsets
// the module reports (sweepbox_web_layout), so the package never keeps a second copy of them.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export class Memory {
  constructor(exports) {
    this.exports = exports;
    this.memory = exports.memory;
    this.buffer = null;
    this.grew = true;
    this.refresh();
  }

  /** The module's notice that its memory grew (sweepbox's instantiate calls it). */
  grown() {
    this.grew = true;
  }

  /**
   * Makes the views again when the memory grew (a grown memory has a new buffer): cheap when it
   * did not, so every call that may have allocated in the module calls it.
   */
  refresh() {
    if (!this.grew) return;
    this.grew = false;
    this.buffer = this.memory.buffer;
    this.u8 = new Uint8Array(this.buffer);
    this.i32 = new Int32Array(this.buffer);
    this.u32 = new Uint32Array(this.buffer);
    this.f64 = new Float64Array(this.buffer);
    this.view = new DataView(this.buffer);
  }

  /** Room for `bytes` bytes (8-aligned) that lives until free(); throws when there is none. */
  alloc(bytes) {
    const p = this.exports.malloc(Math.max(8, bytes));
    if (p === 0) throw new Error(`sweepbox: out of WebAssembly memory (${bytes} bytes)`);
    this.refresh();
    this.u8.fill(0, p, p + bytes);
    return p;
  }

  free(p) {
    if (p) this.exports.free(p);
  }

  /** The NUL-terminated UTF-8 text at p. */
  string(p) {
    this.refresh();
    let end = p;
    while (this.u8[end] !== 0) ++end;
    return decoder.decode(this.u8.subarray(p, end));
  }

  /** UTF-8 bytes of `text` in fresh memory with a NUL after them: [pointer, byte length]. */
  putString(text) {
    const bytes = encoder.encode(text);
    const p = this.alloc(bytes.length + 1);
    this.u8.set(bytes, p);
    this.u8[p + bytes.length] = 0;
    return [p, bytes.length];
  }

  // Plain fields by byte address (doubles are 8-aligned and ints 4-aligned in every struct).
  getF64(p) { return this.f64[p >> 3]; }
  setF64(p, v) { this.f64[p >> 3] = v; }
  getI32(p) { return this.i32[p >> 2]; }
  setI32(p, v) { this.i32[p >> 2] = v; }
  getU32(p) { return this.u32[p >> 2]; }
  setU32(p, v) { this.u32[p >> 2] = v; }
}

/** The layout JSON of the module: {struct: {size, field: offset, ...}}. */
export function readLayout(memory) {
  return JSON.parse(memory.string(memory.exports.sweepbox_web_layout()));
}
