// sweepbox for JavaScript, the double build of the library (dist/sweepbox_double.wasm): every
// coordinate, time and size is a double inside, for very large worlds; the API is sweepbox.js's.
import { createApi } from './src/api.js';

const api = await createApi(new URL('./dist/sweepbox_double.wasm', import.meta.url));

export const {
  World, MoveOptions, SweepboxError, Particles, ParticleContacts, CastBatch, MoveBatch, moveParticles, emitSparks, HIT, hitStride,
  MOVE, GROUND, moveStride,
  version, realSize, RESPONSES, ONE_WAYS, TILE_SHAPES, CRUSHES,
  newMoveResult, newCastHit, newGround, newPlatformResult, newEvents,
} = api;
