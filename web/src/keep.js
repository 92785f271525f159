// A game's own filter for casts and queries, `keep(other) => boolean` in the filter object, with
// no call into JavaScript per candidate. The answers are those of the library's casts and queries
// with keep as their filter (CastOptions::filter, docs/contract.md "Moving targets"): a query's
// list and a castAll's lose what keep leaves out; a cast's hit is the plain cast's when keep keeps
// it, else the same cast again with the module's filter leaving out each obstacle of the cast's
// whole list that keep left out. A cast asks its filter only about obstacles it meets, and the
// two filters agree on all of those: the same answer, bit for bit.

import { keepIf } from './values.js';

/** The casts' options (frame times, the list filter) and the keep helpers, added to the calls' k. */
export function addKeep(memory, layout, k) {
  const m = memory, L = layout, x = m.exports;
  const { S, c, hits, writeFilter, check, readCastHits, unlisted } = k;
  const options = m.alloc(L.cast_options.size);
  const keepUnlisted = x.sweepbox_web_keep_unlisted();
  const point = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  // The options of a cast: against motion over frame's [t0, t1] (defaults 0 and 1) unless frame
  // is null; leaving out the obstacles listed at `list` unless it is 0.
  function castOptions(frame, list) {
    const q = L.cast_options, f = m.f64;
    m.i32[(options + q.moving) >> 2] = frame === null ? 0 : 1;
    const t0 = frame === null ? undefined : frame.t0, t1 = frame === null ? undefined : frame.t1;
    if (t0 === undefined) f[(options + q.t0) >> 3] = 0;
    else f[(options + q.t0) >> 3] = t0;
    if (t1 === undefined) f[(options + q.t1) >> 3] = 1;
    else f[(options + q.t1) >> 3] = t1;
    m.u32[(options + q.filter) >> 2] = list === 0 ? 0 : keepUnlisted;
    m.u32[(options + q.filter_context) >> 2] = list;
    return options;
  }

  // Every hit of the cast of `box` (against motion unless frame is null) into out, keep not applied.
  function castAllOf(world, box, dx, dy, filter, frame, where, out) {
    c.putBox(S.box, box);
    for (;;) {
      const f = writeFilter(filter);
      const status = frame === null
        ? x.sweepbox_cast_all(world.ptr, S.box, dx, dy, f, hits.ptr, hits.capacity, S.count)
        : x.sweepbox_cast_all_with(world.ptr, S.box, dx, dy, f, castOptions(frame, 0), hits.ptr, hits.capacity,
          S.count);
      if (readCastHits(world, status, where, out) !== null) return out;
    }
  }

  // The closest hit kept, given the plain cast's answer `out` that keep left out (a ray when
  // `ray`: box is then its origin). One list per call: keep may cast too.
  function castKept(world, ray, box, dx, dy, filter, frame, where, out) {
    const ox = box.minX, oy = box.minY; // (a ray's origin box is shared: keep may cast a ray too)
    const keep = filter.keep, all = castAllOf(world, box, dx, dy, filter, frame, where, []);
    let n = 0;
    for (const h of all) if (!keep(h.other)) all[n++] = h;
    unlisted.reserve(n + 1);
    m.u32[unlisted.ptr >> 2] = n;
    for (let i = 0; i < n; ++i) c.putOther(unlisted.ptr + 4 + i * L.other.size, all[i].other);
    const o = castOptions(frame, unlisted.ptr), f = writeFilter(filter);
    if (!ray) c.putBox(S.box, box);
    const status = ray ? x.sweepbox_cast_ray_with(world.ptr, ox, oy, dx, dy, f, o, S.hit)
                       : x.sweepbox_cast_box_with(world.ptr, S.box, dx, dy, f, o, S.hit);
    check(world, status, where);
    return c.castHit(S.hit, out);
  }

  /** A cast's hit `out` (just read) as keep would have it; the plain hit when there is no keep. */
  k.kept = (world, ray, box, dx, dy, filter, frame, where, out) => {
    if (!filter || filter.keep === undefined || !out.hit || filter.keep(out.other)) return out;
    return castKept(world, ray, box, dx, dy, filter, frame, where, out);
  };
  /** A ray's origin as a box of zero size, for its castAll (filled and used at once). */
  k.pointAt = (x0, y0) => {
    point.minX = point.maxX = x0;
    point.minY = point.maxY = y0;
    return point;
  };
  k.castOptions = castOptions;
  /** castAll, or against motion castAllMoving, with the filter's keep. */
  k.castAllKept = (world, box, dx, dy, filter, frame, where, out) => {
    castAllOf(world, box, dx, dy, filter, frame, where, out);
    return filter && filter.keep !== undefined ? keepIf(out, (h) => filter.keep(h.other)) : out;
  };
  /** A query's list with the filter's keep. */
  k.othersKept = (filter, out) => (filter && filter.keep !== undefined ? keepIf(out, filter.keep) : out);
}
