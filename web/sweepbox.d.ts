// Types of sweepbox for JavaScript (sweepbox.js, double.js): continuous collision of axis-aligned
// boxes for 2D games. x grows right and y grows down (the library does not mind which way y
// points; the defaults that name "up" take (0, -1)).

/** A body handle: index + generation * 2^32, as one number; 0 is the null id. */
export type BodyId = number;

/** A 2D vector. */
export interface Vec2 {
  x: number;
  y: number;
}

/** An axis-aligned box by its corners; zero width or height is legal, min > max is not. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** What a moving body does when it meets an obstacle. */
export type Response = 'ignore' | 'touch' | 'slide' | 'cross' | 'bounce';
/** Which way a one-way body blocks: the direction a mover must move to be blocked. */
export type OneWay = 'none' | 'down' | 'up' | 'left' | 'right';
/** What a platform does at a body it cannot push further. */
export type Crush = 'stop' | 'pass';
/** The shape of a tile kind (docs/scenes.md has the slopes' table). */
export type TileShape =
  | 'empty' | 'solid' | 'one_way_down' | 'one_way_up' | 'one_way_left' | 'one_way_right'
  | 'slope45_ul' | 'slope45_ur' | 'slope45_dl' | 'slope45_dr'
  | 'shallow_ul_low' | 'shallow_ul_high' | 'shallow_ur_low' | 'shallow_ur_high'
  | 'shallow_dl_low' | 'shallow_dl_high' | 'shallow_dr_low' | 'shallow_dr_high'
  | 'steep_ul_low' | 'steep_ul_high' | 'steep_ur_low' | 'steep_ur_high'
  | 'steep_dl_low' | 'steep_dl_high' | 'steep_dr_low' | 'steep_dr_high';
/** How a tile blocks (World.tile). */
export type Tile = 'empty' | 'solid' | 'one_way' | 'slope';

/** What a contact, a hit or a query names: a body, a tile or nothing. */
export interface Other {
  kind: 'none' | 'body' | 'tile';
  /** The body, when kind is 'body' (else 0). */
  body: BodyId;
  /** The tile's column and row, when kind is 'tile' (else 0). */
  column: number;
  row: number;
}

export interface WorldDef {
  /** Side of a broad-phase cell, > 0 (64). */
  cellSize?: number;
  /** Boxes spanning more cells than this (1 to 255) on an axis go to a list (8). */
  oversizeCells?: number;
  /** Reference mode: every call tests every body and tile (false). */
  bruteForce?: boolean;
}

export interface BodyDef {
  box: Box;
  /** Never paired with another static body in overlappingPairs. */
  isStatic?: boolean;
  /** A moving platform (movePlatform). */
  isPlatform?: boolean;
  /** Never blocks; reports who overlaps it (events). */
  isSensor?: boolean;
  /** What the body is, bits (1). */
  category?: number;
  /** What the body interacts with, bits (0xffffffff). */
  mask?: number;
  /** One word for the game: a safe integer or a bigint of up to 64 bits (0). */
  userData?: number | bigint;
  oneWay?: OneWay;
}

export interface BodyInfo {
  box: Box;
  isStatic: boolean;
  isPlatform: boolean;
  isSensor: boolean;
  category: number;
  mask: number;
  /** A number when it is a safe integer, else a bigint. */
  userData: number | bigint;
  oneWay: OneWay;
}

export interface TileMapDef {
  /** World position of the min corner of tile (0, 0) ((0, 0)). */
  origin?: Vec2;
  /** Side of a tile, positive and finite (16). */
  tileSize?: number;
  columns: number;
  rows: number;
  /** Category and mask of the default kinds (1, 0xffffffff). */
  category?: number;
  mask?: number;
}

export interface TileKind {
  shape?: TileShape;
  /** Category and mask bits of the kind's tiles (the map's when left out). */
  category?: number;
  mask?: number;
  /** Never blocks; reports the bodies overlapping it. */
  sensor?: boolean;
}

/** Picks the response for one obstacle; may be called more than once for the same one. */
export type MoveFilter = (self: BodyId, other: Readonly<Other>, world: World) => Response;

/** A move's options as a plain object (read field by field each call). */
export interface MoveOptionsInit {
  /** The response for every obstacle ('slide'). */
  response?: Response;
  /** Bounce: the normal part is scaled by -restitution, in [0, 1] (1). */
  restitution?: number;
  /** Bounce: the tangent part is scaled by 1 - friction, in [0, 1] (0). */
  friction?: number;
  /** At most this many blocking contacts, >= 1 (8). */
  maxIterations?: number;
  /** The body's velocity, changed by the responses (MoveResult.velocity). */
  velocity?: Vec2;
  /** Bounce: slower into the face than this, no bounce; >= 0 (0). */
  restSpeed?: number;
  /** One-way tiles and bodies never block this move. */
  dropThrough?: boolean;
  /** Started inside blocking obstacles: pushed out at most this many times the body's larger side, >= 0 or Infinity (8). */
  pushOutSides?: number;
  /**
   * Moving targets (docs/contract.md, rule T5): meet each body that moved since beginFrame where it
   * was when this move got there; every contact time is then a frame time (false).
   */
  moving?: boolean;
  /** moving: the frame time the move starts at, in [0, 1] (0). */
  t0?: number;
  /** moving: the frame time the move ends at, in [t0, 1] (1). */
  t1?: number;
  /** 32 responses: entry i for obstacles whose lowest category bit is i. */
  categoryResponses?: readonly Response[];
  /** Called per obstacle; its answer wins. An exception it throws fails the move, which then changes nothing. */
  filter?: MoveFilter;
}

export interface Contact {
  other: Other;
  /** Fraction of the move's time at contact, in [0, 1], non-decreasing along the list (a frame time when moving). */
  time: number;
  /** Unit axis vector (or a slope's normal) out of the obstacle. */
  normal: Vec2;
  /** The middle of the segment where the touching faces meet. */
  point: Vec2;
  /** The body's box at contact. */
  box: Box;
  response: Response;
  startedOverlapping: boolean;
  corner: boolean;
  junction: boolean;
  /** startedOverlapping: the minimum translation's depth. */
  depth: number;
  /** startedOverlapping: where the min corner, moved back along the move, would first have touched. */
  sweepBack: Vec2;
}

export interface MoveResult {
  /** The body's box after the move. */
  box: Box;
  /** The options' velocity after every response. */
  velocity: Vec2;
  /** Every contact, in order. */
  contacts: Contact[];
  /** Blocking contacts: every contact but the crosses, the push out included. */
  iterations: number;
  truncated: boolean;
  /** It started inside blocking obstacles and no free place was within reach (pushOutSides). */
  stuck: boolean;
}

export interface SnapRules {
  /** Floor snap: how far down (along -up) a body on a floor is pulled after the move (0). */
  snap?: number;
  /** Away from the floor ((0, -1)). */
  up?: Vec2;
  /** The steepest floor, degrees, in [0, 90) (45). */
  maxFloorAngle?: number;
  /** On a sloped floor, walk at the speed of the move's part across up. */
  constantSpeed?: boolean;
  /** A walk into a slope steeper than maxFloorAngle is dropped. */
  stopOnSteep?: boolean;
}

export interface GroundState {
  onFloor: boolean;
  onWall: boolean;
  onCeiling: boolean;
  floorNormal: Vec2;
  floor: Other;
}

export interface PlatformOptions {
  /** Away from the platform's top face ((0, -1)). */
  up?: Vec2;
  crush?: Crush;
}

export interface PlatformResult {
  box: Box;
  /** The displacement applied to the platform and its riders. */
  moved: Vec2;
  stopped: boolean;
  riders: BodyId[];
  pushed: BodyId[];
  crushed: BodyId[];
}

export interface QueryFilter {
  /** The query's own category (0xffffffff). */
  category?: number;
  /** The categories it sees (0xffffffff). */
  mask?: number;
  /** A body to leave out (the shooter). */
  ignore?: BodyId;
  bodies?: boolean;
  tiles?: boolean;
  /** Also sensor bodies and tiles (false). */
  sensors?: boolean;
  /**
   * The game's own rule (teams, enemies already hit): false leaves `other` out. Casts and queries
   * answer as the library's do with it as their filter, calling it only on what they met (it
   * may be called more than once for one obstacle: answer the same). Not for castRays/castBoxes.
   */
  keep?: (other: Other) => boolean;
}

export interface CastHit {
  /** When false, every other field is meaningless. */
  hit: boolean;
  /** Fraction of the delta at contact; 0 when started overlapping. */
  time: number;
  normal: Vec2;
  /** A ray: origin + time * delta; a box: the middle of the touching faces. */
  point: Vec2;
  /** The cast box at contact (a ray: a point). */
  box: Box;
  other: Other;
  startedOverlapping: boolean;
  corner: boolean;
  junction: boolean;
}

export interface Pair {
  a: BodyId;
  b: BodyId;
  /** The minimum translation moving a out of b. */
  depth: number;
  normal: Vec2;
}

export interface SensorEvent {
  sensor: Other;
  visitor: BodyId;
}

export interface ContactEvent {
  body: BodyId;
  other: Other;
}

export interface Events {
  sensorBegin: SensorEvent[];
  sensorEnd: SensorEvent[];
  contactBegin: ContactEvent[];
  contactEnd: ContactEvent[];
}

/** The frame times a cast against motion spans: 0 <= t0 <= t1 <= 1 (defaults 0 and 1). */
export interface FrameTimes {
  t0?: number;
  t1?: number;
}

/** How a move or cast finds its contact (the three levels of the pipeline), for debug drawing. */
export interface Inspection {
  /** The whole-trip box. */
  trip: Box;
  /** The primary axis (of the larger |delta| component). */
  axis: 'x' | 'y';
  /** The earliest contact time the walk found; above 1 when none. */
  earliest: number;
  /** The sub-boxes' length along the axis; 0 when the trip covers at most 16 grid cells. */
  step: number;
  /** The trip's grid cells. */
  cells: { x0: number; y0: number; x1: number; y1: number };
  cellSize: number;
  /** The bodies' sub-boxes in path order; `visited` up to the one where the walk stops. */
  parts: { box: Box; tEnd: number; visited: boolean }[];
  /** The obstacles the walk hands to the exact test, each once. */
  candidates: { other: Other; box: Box }[];
}

/** A library error: the library's message ("sweepbox: <method>: <problem>"); the world is unchanged. */
export class SweepboxError extends Error {
  readonly status: 'bad_argument' | 'bad_id' | 'too_small' | 'out_of_memory' | 'internal_error';
}

/**
 * A world of boxes. Results go into the `out` object when one is given (make it once with
 * newMoveResult() or newCastHit(), or pass an array): a frame that reuses them allocates nothing.
 */
export class World {
  constructor(def?: WorldDef);
  /** Frees the world's memory (the module's, which JavaScript's collector does not see). */
  destroy(): void;

  add(def: BodyDef): BodyId;
  remove(id: BodyId): void;
  teleport(id: BodyId, box: Box): void;
  isValid(id: BodyId): boolean;
  box(id: BodyId, out?: Box): Box;
  info(id: BodyId): BodyInfo;
  setUserData(id: BodyId, userData: number | bigint): void;
  setFilter(id: BodyId, category: number, mask: number): void;
  setOneWay(id: BodyId, oneWay: OneWay): void;
  readonly bodyCount: number;
  bodyIds(out?: BodyId[]): BodyId[];

  /** The world's state as bytes that are the same on every machine; into `out` when it is large enough. */
  save(mode?: 'full' | 'movable', out?: Uint8Array): Uint8Array;
  /** Puts the world back in a saved state; throws, the world unchanged, on bytes of another build or map. */
  restore(bytes: Uint8Array): void;

  setTileMap(def: TileMapDef): void;
  /** Sets a tile to a kind index, 0 to 255 (by default 0 empty, 1 solid, 2 one-way down). */
  setTile(column: number, row: number, kind: number): void;
  tile(column: number, row: number): Tile;
  setTileKind(index: number, kind: TileKind): void;
  tileKind(index: number): Required<TileKind>;

  move(id: BodyId, dx: number, dy: number, options?: MoveOptionsInit | MoveOptions, out?: MoveResult): MoveResult;
  check(id: BodyId, dx: number, dy: number, options?: MoveOptionsInit | MoveOptions, out?: MoveResult): MoveResult;
  /** The bodies of a MoveBatch moved one after the other (options without a filter). */
  moveBodies(batch: MoveBatch, options?: MoveOptionsInit | MoveOptions, up?: Vec2, maxFloorAngle?: number): void;
  moveAndSnap(id: BodyId, dx: number, dy: number, options: MoveOptionsInit | MoveOptions | undefined, wasOnFloor: boolean,
    rules?: SnapRules, out?: MoveResult): MoveResult;
  groundState(result: MoveResult, up?: Vec2, maxFloorAngle?: number, out?: GroundState): GroundState;
  movePlatform(id: BodyId, dx: number, dy: number, options?: PlatformOptions, out?: PlatformResult): PlatformResult;

  castRay(x: number, y: number, dx: number, dy: number, filter?: QueryFilter, out?: CastHit): CastHit;
  castBox(box: Box, dx: number, dy: number, filter?: QueryFilter, out?: CastHit): CastHit;
  castAll(box: Box, dx: number, dy: number, filter?: QueryFilter, out?: CastHit[]): CastHit[];
  queryRect(rect: Box, filter?: QueryFilter, out?: Other[]): Other[];
  queryPoint(x: number, y: number, filter?: QueryFilter, out?: Other[]): Other[];
  querySegment(ax: number, ay: number, bx: number, by: number, filter?: QueryFilter, out?: Other[]): Other[];
  overlappingPairs(out?: Pair[]): Pair[];
  /** The rays of a CastBatch made with kind 'rays', answers into its output. */
  castRays(batch: CastBatch, filter?: QueryFilter): void;
  /** The box casts of a CastBatch made with kind 'boxes'. */
  castBoxes(batch: CastBatch, filter?: QueryFilter): void;

  /** Starts a frame: the moves from now on make each body's motion of the frame (docs/contract.md, "Moving targets"). */
  beginFrame(): void;
  /** Where a body was at frame time t in [0, 1] (its box when it has not moved this frame). */
  frameBox(id: BodyId, t: number, out?: Box): Box;
  /** castRay meeting each body that moved this frame where it was when the ray got there; the hit's time is a frame time. */
  castRayMoving(x: number, y: number, dx: number, dy: number, filter?: QueryFilter, frame?: FrameTimes, out?: CastHit): CastHit;
  /** castBox against the frame's motion. */
  castBoxMoving(box: Box, dx: number, dy: number, filter?: QueryFilter, frame?: FrameTimes, out?: CastHit): CastHit;
  /** castAll against the frame's motion. */
  castAllMoving(box: Box, dx: number, dy: number, filter?: QueryFilter, frame?: FrameTimes, out?: CastHit[]): CastHit[];

  updateEvents(): void;
  events(out?: Events): Events;

  inspectMove(id: BodyId, dx: number, dy: number): Inspection;
  inspectCast(box: Box, dx: number, dy: number, filter?: QueryFilter): Inspection;
}

/** A move's options kept in the module's memory (no reading of a plain object each call). */
export class MoveOptions {
  constructor(init?: MoveOptionsInit);
  response: Response;
  restitution: number;
  friction: number;
  maxIterations: number;
  restSpeed: number;
  dropThrough: boolean;
  pushOutSides: number;
  moving: boolean;
  t0: number;
  t1: number;
  categoryResponses: readonly Response[] | undefined;
  filter: MoveFilter | null;
  /** The velocity carried through the responses. */
  setVelocity(vx: number, vy: number): void;
  destroy(): void;
}

/**
 * Many bodies' moves at once (World.moveBodies): item i moves its body (setBody) by (input[4i],
 * input[4i + 1]) with velocity (input[4i + 2], input[4i + 3]); its answer is moveStride numbers
 * at output[moveStride * i], at the positions of MOVE. Both arrays live in the module's memory.
 */
export class MoveBatch {
  constructor(capacity: number);
  readonly capacity: number;
  count: number;
  setBody(i: number, id: BodyId): void;
  readonly input: Float64Array;
  readonly output: Float64Array;
  destroy(): void;
}
/** The numbers of one move's answer in a MoveBatch's output. */
export const moveStride: number;
/** Where each number of a move's answer lies (ground: GROUND's bits). */
export const MOVE: Readonly<{
  minX: 0; minY: 1; maxX: 2; maxY: 3; vx: 4; vy: 5; contacts: 6; iterations: 7; truncated: 8; ground: 9;
  stuck: 10;
}>;
/** The bits of MOVE.ground: the ground state of the move's contacts. */
export const GROUND: Readonly<{ floor: 1; wall: 2; ceiling: 4 }>;

/**
 * A batch of particles in the module's memory. Read the arrays through the getters after each
 * call that may grow the memory (a grown memory makes new arrays); keep them within a frame.
 */
export class Particles {
  constructor(capacity: number, perParticle?: { restitution?: boolean; friction?: boolean; category?: boolean; mask?: boolean });
  readonly capacity: number;
  /** How many particles the calls see, 0 to capacity (capacity). */
  count: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Nonzero: the particle moves (1 at first). */
  readonly alive: Uint8Array;
  readonly restitution: Float64Array | null;
  readonly friction: Float64Array | null;
  readonly category: Uint32Array | null;
  readonly mask: Uint32Array | null;
  destroy(): void;
}

export interface ParticleContact {
  particle: number;
  time: number;
  point: Vec2;
  normal: Vec2;
  /** The particle's velocity after this contact's bounce. */
  velocity: Vec2;
  other: Other;
  corner: boolean;
  junction: boolean;
}

/** Room for the contacts of a frame of particles. */
export class ParticleContacts {
  constructor(capacity: number);
  readonly capacity: number;
  /** Written by moveParticles. */
  readonly count: number;
  /** Contacts that did not fit. */
  readonly dropped: number;
  get(i: number, out?: ParticleContact): ParticleContact;
  destroy(): void;
}

export interface ParticleFrame {
  gravity?: Vec2;
  /** Seconds per frame, > 0 (1/60). */
  dt?: number;
  restSpeed?: number;
  maxIterations?: number;
  /** For a batch without its own arrays: restitution (1), friction (0), category (1), mask. */
  restitution?: number;
  friction?: number;
  category?: number;
  mask?: number;
}

export interface ParticleStats {
  moved: number;
  quiet: number;
  resting: number;
  touched: number;
}

/** One frame of a batch against the tiles and static bodies: each a zero-size body's bounce move, bit for bit. */
export function moveParticles(world: World, particles: Particles, frame?: ParticleFrame,
  contacts?: ParticleContacts | null, stats?: ParticleStats): ParticleStats;

export interface SparkCone {
  count?: number;
  /** Full angle of the cone around the reflection, degrees, in [0, 180] (60). */
  spread?: number;
  /** Slowest spark as a fraction of the reflected speed, in [0, 1] (0.5). */
  minSpeed?: number;
  restitution?: number;
  friction?: number;
  seed?: number | bigint;
}

/** Seeds particles [first, first + cone.count) at a cast's hit, thrown along the bullet's reflection. */
export function emitSparks(hit: CastHit, bulletVx: number, bulletVy: number, cone: SparkCone, particles: Particles,
  first?: number): void;

/** Many rays ('rays': x, y, dx, dy) or box casts ('boxes': min x, min y, max x, max y, dx, dy) at once. */
export class CastBatch {
  constructor(capacity: number, kind?: 'rays' | 'boxes');
  readonly capacity: number;
  readonly kind: 'rays' | 'boxes';
  /** Numbers an item of input: 4 or 6. */
  readonly stride: number;
  /** How many items the calls see, 0 to capacity. */
  count: number;
  readonly input: Float64Array;
  /** hitStride numbers a cast, at the positions of HIT. */
  readonly output: Float64Array;
  destroy(): void;
}

/** The numbers of one cast's answer in a CastBatch's output. */
export const hitStride: number;
/** Where each number of a cast's answer lies (otherKind: 0 none, 1 body, 2 tile; a, b: index and generation, or column and row). */
export const HIT: Readonly<{
  hit: 0; time: 1; normalX: 2; normalY: 3; pointX: 4; pointY: 5; minX: 6; minY: 7; maxX: 8; maxY: 9;
  otherKind: 10; a: 11; b: 12; flags: 13;
}>;

/** The library's version, "major.minor.patch". */
export const version: string;
/** 4 for a float build of the library (sweepbox.js), 8 for a double build (double.js). */
export const realSize: 4 | 8;
export const RESPONSES: readonly Response[];
export const ONE_WAYS: readonly OneWay[];
export const TILE_SHAPES: readonly TileShape[];
export const CRUSHES: readonly Crush[];

export function newMoveResult(): MoveResult;
export function newCastHit(): CastHit;
export function newGround(): GroundState;
export function newPlatformResult(): PlatformResult;
export function newEvents(): Events;
