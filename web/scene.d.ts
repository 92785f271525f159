// Types of sweepbox's scene files in JavaScript (scene.js): the scene layer in WebAssembly.

/** A malformed scene, or a step the world refused: "<file>: <where>: <problem>". */
export class SceneError extends Error {
  /** The file a scene's level needs and was not given (relative to the scene's folder), or ''. */
  readonly missingFile: string;
}

/**
 * The files a scene's `"level"` reads: the level file and the files it refers to (a Tiled
 * tileset, an LDtk level), by their paths relative to the scene's folder.
 */
export type SceneFiles = Record<string, string> | Map<string, string>;

export interface SvgOptions {
  /** Width of the picture in pixels (1000). */
  pixels?: number;
  /** Draw the legend (true). */
  legend?: boolean;
  /** Write body names and step numbers (true). */
  labels?: boolean;
  /** Text above the legend (''). */
  title?: string;
}

export interface SceneState {
  cell_size: number;
  next_step: number;
  tiles?: {
    origin: [number, number];
    size: number;
    columns: number;
    rows: number;
    category: number;
    mask: number;
    kinds: { index: number; shape: string; category: number; mask: number; sensor: boolean }[];
    /** Each tile's kind index, row by row. */
    cells: number[];
  };
  bodies: {
    name: string;
    index: number;
    generation: number;
    box: [number, number, number, number];
    static: boolean;
    platform: boolean;
    sensor: boolean;
    category: number;
    mask: number;
    one_way: 'none' | 'down' | 'up' | 'left' | 'right';
  }[];
}

/** A scene being played, one step at a time. */
export class Scene {
  /** Throws SceneError; a level's files come from `files` (none are read from disk). */
  constructor(text: string, file?: string, files?: SceneFiles);
  readonly stepCount: number;
  readonly nextStep: number;
  /** Runs the next step: its output line, as `sweepbox run` prints it. */
  step(): string;
  runAll(): string[];
  /** The picture of the run so far, as `sweepbox run --svg` draws it. */
  svg(options?: SvgOptions): string;
  state(): SceneState;
  destroy(): void;
}

/** Runs a whole scene: its output lines and its picture (titled `file`). */
export function runScene(text: string, file?: string, svgOptions?: SvgOptions, files?: SceneFiles):
  { lines: string[]; svg: string };

/**
 * Opens a scene, asking `readFile` for each file its level needs (a fetch beside the scene in a
 * page, a read from disk in Node) until it has them all; returns the scene and the files read.
 */
export function openScene(text: string, file?: string, readFile?: ((name: string) => Promise<string>) | null,
  files?: SceneFiles): Promise<{ scene: Scene; files: Map<string, string> }>;
