// sweepbox for JavaScript: continuous collision of axis-aligned boxes for 2D games, the C++
// library compiled to WebAssembly (dist/sweepbox.wasm, a float build). The module is loaded when
// this file is imported (top-level await), in Node 20 and in browsers, with no bundler.
import { createApi } from './src/api.js';

const api = await createApi(new URL('./dist/sweepbox.wasm', import.meta.url));

export const {
  World, MoveOptions, SweepboxError, Particles, ParticleContacts, CastBatch, MoveBatch, moveParticles, emitSparks, HIT, hitStride,
  MOVE, GROUND, moveStride,
  version, realSize, RESPONSES, ONE_WAYS, TILE_SHAPES, CRUSHES,
  newMoveResult, newCastHit, newGround, newPlatformResult, newEvents,
} = api;
