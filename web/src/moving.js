// Moving targets (docs/contract.md, "Moving targets"; include/sweepbox/sweepbox_moving.h): the
// frame's motion of each body and casts that meet each moving body where it was when the cast got
// there. Methods added to the World class of world.js.

import { newBox, newCastHit } from './values.js';

const NONE = Object.freeze({});

/** Adds beginFrame, frameBox and the casts against motion to World.prototype. */
export function addMoving(World, memory, layout, k) {
  const x = memory.exports;
  const { S, c, writeFilter, check, putId, kept, pointAt, castAllKept, castOptions } = k;

  class Moving {
    /** Starts a frame: the moves from now on make each body's motion of the frame. */
    beginFrame() {
      check(this, x.sweepbox_begin_frame(this.ptr), 'beginFrame');
    }

    /** Where body `id` was at frame time t in [0, 1] (its box when it has not moved this frame). */
    frameBox(id, t, out = newBox()) {
      check(this, x.sweepbox_frame_box(this.ptr, putId(id), t, S.box), 'frameBox');
      return c.box(S.box, out);
    }

    /**
     * castRay against the frame's motion: each body that moved since beginFrame is met where it
     * was when the ray got there. frame: {t0 (0), t1 (1)}, the frame times the ray spans. The
     * hit's time is a frame time; its point is where the ray was then.
     */
    castRayMoving(x0, y0, dx, dy, filter, frame = NONE, out = newCastHit()) {
      const o = castOptions(frame, 0);
      check(this, x.sweepbox_cast_ray_with(this.ptr, x0, y0, dx, dy, writeFilter(filter), o, S.hit), 'castRayMoving');
      return kept(this, true, pointAt(x0, y0), dx, dy, filter, frame, 'castRayMoving', c.castHit(S.hit, out));
    }

    /** castBox against the frame's motion (see castRayMoving). */
    castBoxMoving(box, dx, dy, filter, frame = NONE, out = newCastHit()) {
      c.putBox(S.box, box);
      const o = castOptions(frame, 0);
      check(this, x.sweepbox_cast_box_with(this.ptr, S.box, dx, dy, writeFilter(filter), o, S.hit), 'castBoxMoving');
      return kept(this, false, box, dx, dy, filter, frame, 'castBoxMoving', c.castHit(S.hit, out));
    }

    /** castAll against the frame's motion: every body met, each once at its first contact. */
    castAllMoving(box, dx, dy, filter, frame = NONE, out = []) {
      return castAllKept(this, box, dx, dy, filter, frame, 'castAllMoving', out);
    }
  }

  for (const name of Object.getOwnPropertyNames(Moving.prototype)) {
    if (name === 'constructor') continue;
    Object.defineProperty(World.prototype, name, Object.getOwnPropertyDescriptor(Moving.prototype, name));
  }
}
