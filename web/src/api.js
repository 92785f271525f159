// One instance of the package over one module (dist/sweepbox.wasm, or the double build's).

import { defineBatches, GROUND, HIT, MOVE } from './batches.js';
import { Memory, readLayout } from './memory.js';
import {
  Codec, RESPONSES, ONE_WAYS, TILE_SHAPES, CRUSHES, newCastHit, newGround, newMoveResult, newOther, newPlatformResult,
} from './values.js';
import { instantiate, readBytes } from './wasm.js';
import { defineWorld, SweepboxError } from './world.js';

/** Loads the module at `url` and makes the package's classes and functions over it. */
export async function createApi(url) {
  // The move filters in progress, as (filter, world) pairs; errors[depth] keeps the exception a
  // filter threw, for the move to throw once the C API has unwound (and left the world as it was).
  const filterStack = [];
  filterStack.errors = [];
  const filterOthers = [];
  let memory = null, codec = null;
  const sweepbox_web_filter = (context, _world, selfPtr, otherPtr) => {
    const filter = filterStack[context], world = filterStack[context + 1], depth = context;
    try {
      memory.refresh();
      const other = codec.other(otherPtr, filterOthers[depth] ??= newOther());
      const answer = filter(codec.id(selfPtr), other, world);
      const code = RESPONSES.indexOf(answer);
      if (code < 0) throw new TypeError(`sweepbox: move: the filter returned ${JSON.stringify(answer)}, not a response (${RESPONSES.join(', ')})`);
      return code;
    } catch (error) {
      filterStack.errors[depth] = error;
      return 255; // not a response: the C API fails the move, which changes nothing
    }
  };

  const instance = await instantiate(await readBytes(url), { sweepbox_web_filter }, () => memory?.grown());
  memory = new Memory(instance.exports);
  const layout = readLayout(memory);
  codec = new Codec(memory, layout);
  const { World, MoveOptions, fail } = defineWorld(memory, layout, filterStack);
  const batches = defineBatches(memory, layout, fail);
  const x = instance.exports;
  return {
    World,
    MoveOptions,
    SweepboxError,
    ...batches,
    HIT,
    MOVE,
    GROUND,
    /** The library's version, "major.minor.patch". */
    version: memory.string(x.sweepbox_version_string()),
    /** 4 for a float build of the library, 8 for a double build. */
    realSize: x.sweepbox_real_size(),
    RESPONSES, ONE_WAYS, TILE_SHAPES, CRUSHES,
    // Empty results to pass as `out` and reuse (a frame that reuses its results allocates nothing).
    newMoveResult, newCastHit, newGround, newPlatformResult,
    newEvents: () => ({ sensorBegin: [], sensorEnd: [], contactBegin: [], contactEnd: [] }),
  };
}
