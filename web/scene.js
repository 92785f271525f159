// sweepbox's scene files in JavaScript: the scene layer (scene files, the runner, the SVG
// renderer) compiled to WebAssembly (dist/sweepbox_scene.wasm). A scene run here prints the lines
// `sweepbox run` prints and draws the picture `sweepbox run --svg` draws (docs/scenes.md).
import { Memory } from './src/memory.js';
import { instantiate, readBytes } from './src/wasm.js';

let memory = null;
const instance = await instantiate(await readBytes(new URL('./dist/sweepbox_scene.wasm', import.meta.url)), {},
  () => memory?.grown());
memory = new Memory(instance.exports);
const x = instance.exports;
const decoder = new TextDecoder();

/**
 * A malformed scene or a step the world refused: the scene layer's one-line message. When a
 * scene's level needs a file it was not given, `missingFile` names it (relative to the scene's
 * folder); otherwise it is ''.
 */
export class SceneError extends Error {
  constructor(message, missingFile = '') {
    super(message);
    this.name = 'SceneError';
    this.missingFile = missingFile;
  }
}

// The files handed to the module before an open: {name: text} or a Map.
function giveFiles(files) {
  for (const [name, text] of files instanceof Map ? files : Object.entries(files ?? {})) {
    const [namePtr] = memory.putString(name);
    const [textPtr, size] = memory.putString(text);
    try {
      x.sweepbox_web_scene_file(namePtr, textPtr, size);
    } finally {
      memory.free(namePtr);
      memory.free(textPtr);
    }
  }
}

/** A scene being played, one step at a time. Call destroy() when done. */
export class Scene {
  /**
   * Parses scene text (`file` names it in errors) and builds its world. A scene with an editor's
   * `"level"` reads it, and the files it refers to, from `files`: {path: text} or a Map, paths
   * relative to the scene's folder as the scene names them ("levels/platformer.tmx"). Throws
   * SceneError (its `missingFile` names a file the level needs and `files` lacks).
   */
  constructor(text, file = '<scene>', files = {}) {
    giveFiles(files);
    const [textPtr, size] = memory.putString(text);
    const [filePtr] = memory.putString(file);
    try {
      this.ptr = x.sweepbox_web_scene_open(textPtr, size, filePtr);
    } finally {
      memory.free(textPtr);
      memory.free(filePtr);
    }
    if (!this.ptr) {
      throw new SceneError(memory.string(x.sweepbox_web_scene_open_error()),
        memory.string(x.sweepbox_web_scene_missing_file()));
    }
    /** The number of steps. */
    this.stepCount = x.sweepbox_web_scene_steps(this.ptr);
    /** The index of the next step to run. */
    this.nextStep = 0;
  }

  #text(status) {
    memory.refresh();
    const p = x.sweepbox_web_scene_text(this.ptr), n = x.sweepbox_web_scene_text_size(this.ptr);
    const text = decoder.decode(memory.u8.subarray(p, p + n));
    if (status !== 0) throw new SceneError(text);
    return text;
  }

  /** Runs the next step and returns its output line (JSON, as `sweepbox run` prints it). */
  step() {
    if (this.nextStep >= this.stepCount) throw new SceneError(`the scene has no step ${this.nextStep}`);
    const line = this.#text(x.sweepbox_web_scene_step(this.ptr, this.nextStep));
    ++this.nextStep;
    return line;
  }

  /** Runs every remaining step; their lines. */
  runAll() {
    const lines = [];
    while (this.nextStep < this.stepCount) lines.push(this.step());
    return lines;
  }

  /** The picture of the run so far, an SVG document: {pixels (1000), legend, labels, title}. */
  svg({ pixels = 1000, legend = true, labels = true, title = '' } = {}) {
    const [titlePtr] = memory.putString(title);
    try {
      return this.#text(x.sweepbox_web_scene_svg(this.ptr, pixels, legend ? 1 : 0, labels ? 1 : 0, titlePtr));
    } finally {
      memory.free(titlePtr);
    }
  }

  /**
   * The world now: {cell_size, next_step, tiles: {origin, size, columns, rows, category, mask,
   * kinds: [{index, shape, category, mask, sensor}], cells: [kind, row by row]}, bodies: [{name,
   * index, generation, box, static, platform, sensor, category, mask, one_way}]}; every number
   * exact.
   */
  state() {
    return JSON.parse(this.#text(x.sweepbox_web_scene_state(this.ptr, this.nextStep)));
  }

  destroy() {
    if (this.ptr) x.sweepbox_web_scene_close(this.ptr);
    this.ptr = 0;
  }
}

/**
 * Opens a scene, fetching the files its level needs one by one with `readFile(name)` (async,
 * the file's text; `name` relative to the scene's folder) and adding them to `files`, which it
 * returns with the scene: {scene, files}. In a page, `readFile` is a fetch of the file beside
 * the scene; in Node, a read from disk.
 */
export async function openScene(text, file = '<scene>', readFile = null, files = {}) {
  const given = new Map(files instanceof Map ? files : Object.entries(files));
  for (;;) {
    try {
      return { scene: new Scene(text, file, given), files: given };
    } catch (e) {
      if (!(e instanceof SceneError) || !e.missingFile || !readFile || given.has(e.missingFile)) throw e;
      given.set(e.missingFile, await readFile(e.missingFile));
    }
  }
}

/** Runs a whole scene: its output lines and its picture (`files` as for Scene). */
export function runScene(text, file = '<scene>', svgOptions = {}, files = {}) {
  const scene = new Scene(text, file, files);
  try {
    const lines = scene.runAll();
    return { lines, svg: scene.svg({ title: file, ...svgOptions }) };
  } finally {
    scene.destroy();
  }
}
