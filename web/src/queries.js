// The World's casts, queries, overlapping pairs, batches of casts, the three levels of a move or
// cast laid open (for debug drawing) and events: methods added to the World class of world.js.

import { bodyId, newCastHit, newContactEvent, newOther, newPair, newSensorEvent, sized } from './values.js';
import { TOO_SMALL } from './calls.js';

/** Adds the casts, queries and events to World.prototype, over the calls' shared state k. */
export function addQueries(World, memory, layout, k) {
  const m = memory, L = layout, x = m.exports;
  const {
    S, c, others, pairs, sensorEvents, contactEvents, inspection, writeFilter, batchReady, check, putId, kept,
    pointAt, castAllKept, othersKept,
  } = k;

  // The region queries (0 rect, 1 point, 2 segment) into `out`.
  function queryOthers(world, kind, where, filter, out, ax, ay, bx, by) {
    for (;;) {
      const f = writeFilter(filter);
      const status = kind === 0 ? x.sweepbox_query_rect(world.ptr, S.box, f, others.ptr, others.capacity, S.count)
                   : kind === 1 ? x.sweepbox_query_point(world.ptr, ax, ay, f, others.ptr, others.capacity, S.count)
                   : x.sweepbox_query_segment(world.ptr, ax, ay, bx, by, f, others.ptr, others.capacity, S.count);
      m.refresh();
      const n = m.u32[S.count >> 2];
      if (status === TOO_SMALL) {
        others.reserve(n);
        continue;
      }
      check(world, status, where);
      sized(out, n, newOther);
      for (let i = 0; i < n; ++i) c.other(others.at(i), out[i]);
      return othersKept(filter, out);
    }
  }

  // The batches answer in the module, item by item: a keep function would go unasked.
  function noKeep(filter, where) {
    if (filter && filter.keep !== undefined) throw new TypeError(`sweepbox: ${where}: a batch takes no keep function`);
  }

  function inspect(world, id, box, dx, dy, filter, where) {
    if (box) c.putBox(S.box, box);
    const header = x.sweepbox_web_inspect_header(), part = x.sweepbox_web_inspect_part();
    const candidate = x.sweepbox_web_inspect_candidate();
    for (;;) {
      const status = x.sweepbox_web_inspect(world.ptr, putId(id), S.box, dx, dy, writeFilter(filter),
        inspection.ptr, inspection.capacity, S.count);
      m.refresh();
      const n = m.u32[S.count >> 2];
      if (status === TOO_SMALL) {
        inspection.reserve(n);
        continue;
      }
      check(world, status, where);
      const f = m.f64, b = inspection.ptr >> 3;
      const boxAt = (i) => ({ minX: f[i], minY: f[i + 1], maxX: f[i + 2], maxY: f[i + 3] });
      const out = {
        trip: boxAt(b), axis: f[b + 4] === 0 ? 'x' : 'y', earliest: f[b + 5], step: f[b + 6],
        cells: { x0: f[b + 7], y0: f[b + 8], x1: f[b + 9], y1: f[b + 10] }, cellSize: f[b + 11],
        parts: [], candidates: [],
      };
      let i = b + header;
      for (let k = 0; k < f[b + 12]; ++k, i += part) out.parts.push({ box: boxAt(i), tEnd: f[i + 4], visited: f[i + 5] === 1 });
      for (let k = 0; k < f[b + 13]; ++k, i += candidate) {
        const kind = f[i];
        out.candidates.push({
          other: kind === 1 ? { kind: 'body', body: bodyId(f[i + 1], f[i + 2]), column: 0, row: 0 }
                            : { kind: 'tile', body: 0, column: f[i + 1], row: f[i + 2] },
          box: boxAt(i + 3),
        });
      }
      return out;
    }
  }

  function sensorEventList(world, which, list) {
    const se = L.sensor_event, n = eventList(world, x.sweepbox_sensor_events, sensorEvents, which);
    sized(list, n, newSensorEvent);
    for (let i = 0; i < n; ++i) {
      c.other(sensorEvents.at(i) + se.sensor, list[i].sensor);
      list[i].visitor = c.id(sensorEvents.at(i) + se.visitor);
    }
  }

  function contactEventList(world, which, list) {
    const ce = L.contact_event, n = eventList(world, x.sweepbox_contact_events, contactEvents, which);
    sized(list, n, newContactEvent);
    for (let i = 0; i < n; ++i) {
      list[i].body = c.id(contactEvents.at(i) + ce.body);
      c.other(contactEvents.at(i) + ce.other, list[i].other);
    }
  }

  function eventList(world, fn, array, which) {
    for (;;) {
      const status = fn(world.ptr, which, array.ptr, array.capacity, S.count);
      m.refresh();
      const n = m.u32[S.count >> 2];
      if (status === TOO_SMALL) {
        array.reserve(n);
        continue;
      }
      check(world, status, 'events');
      return n;
    }
  }

  class Queries {
    // ---- casts and queries ----

    /**
     * The closest hit of the segment (x, y) -> (x + dx, y + dy): {hit, time, normal, point, box,
     * other, startedOverlapping, corner, junction}. filter: {category, mask, ignore (an id),
     * bodies, tiles, sensors, keep}; keep(other) => boolean, the game's own rule (keep.js).
     */
    castRay(x0, y0, dx, dy, filter, out = newCastHit()) {
      check(this, x.sweepbox_cast_ray(this.ptr, x0, y0, dx, dy, writeFilter(filter), S.hit), 'castRay');
      return kept(this, true, pointAt(x0, y0), dx, dy, filter, null, 'castRay', c.castHit(S.hit, out));
    }

    /** The closest hit of `box` moved by (dx, dy). */
    castBox(box, dx, dy, filter, out = newCastHit()) {
      c.putBox(S.box, box);
      check(this, x.sweepbox_cast_box(this.ptr, S.box, dx, dy, writeFilter(filter), S.hit), 'castBox');
      return kept(this, false, box, dx, dy, filter, null, 'castBox', c.castHit(S.hit, out));
    }

    /** Every obstacle the moving box meets, each once, in order (piercing shots). */
    castAll(box, dx, dy, filter, out = []) {
      return castAllKept(this, box, dx, dy, filter, null, 'castAll', out);
    }

    /** Everything whose closed box meets the closed rectangle: bodies by id, then tiles. */
    queryRect(rect, filter, out = []) {
      c.putBox(S.box, rect);
      return queryOthers(this, 0, 'queryRect', filter, out, 0, 0, 0, 0);
    }

    /** Everything whose closed box holds the point. */
    queryPoint(px, py, filter, out = []) {
      return queryOthers(this, 1, 'queryPoint', filter, out, px, py, 0, 0);
    }

    /** Everything the closed segment meets, in order along it. */
    querySegment(ax, ay, bx, by, filter, out = []) {
      return queryOthers(this, 2, 'querySegment', filter, out, ax, ay, bx, by);
    }

    /** Every overlapping pair of bodies, each once: {a, b, depth, normal} (a's way out of b). */
    overlappingPairs(out = []) {
      const q = L.pair;
      for (;;) {
        const status = x.sweepbox_overlapping_pairs(this.ptr, pairs.ptr, pairs.capacity, S.count);
        m.refresh();
        const n = m.u32[S.count >> 2];
        if (status === TOO_SMALL) {
          pairs.reserve(n);
          continue;
        }
        check(this, status, 'overlappingPairs');
        sized(out, n, newPair);
        for (let i = 0; i < n; ++i) {
          const p = pairs.at(i), o = out[i];
          o.a = c.id(p + q.a);
          o.b = c.id(p + q.b);
          o.depth = m.f64[(p + q.depth) >> 3];
          c.vec(p + q.normal, o.normal);
        }
        return out;
      }
    }

    /**
     * Batches of rays in typed arrays: ray i from (rays[4i], rays[4i + 1]) by (rays[4i + 2],
     * rays[4i + 3]); answer i in out[hitStride * i ...] (see CastBatch). Prefer a CastBatch,
     * whose arrays live in the module's memory (no copy).
     */
    castRays(batch, filter) {
      noKeep(filter, 'castRays');
      batchReady(batch, 'rays', 'castRays');
      check(this, x.sweepbox_web_cast_rays(this.ptr, batch.inputPtr, batch.count, writeFilter(filter),
        batch.outputPtr), 'castRays');
    }

    /** Box casts of a CastBatch made with 6 numbers an item (min x, min y, max x, max y, dx, dy). */
    castBoxes(batch, filter) {
      noKeep(filter, 'castBoxes');
      batchReady(batch, 'boxes', 'castBoxes');
      check(this, x.sweepbox_web_cast_boxes(this.ptr, batch.inputPtr, batch.count, writeFilter(filter),
        batch.outputPtr), 'castBoxes');
    }

    // ---- the three levels, for debug drawing ----

    /**
     * How a move of body `id` by (dx, dy) finds its contact: {trip (the whole-trip box), axis
     * ('x' or 'y', the primary axis), earliest (the earliest contact time found; above 1: none),
     * step (the sub-boxes' length; 0: none), cells {x0, y0, x1, y1} and cellSize (the trip's grid
     * cells), parts [{box, tEnd, visited}] (the bodies' sub-boxes, when the trip covers more than
     * 16 cells), candidates [{other, box}] (what the walk hands to the exact test)}.
     */
    inspectMove(id, dx, dy) {
      return inspect(this, id, null, dx, dy, undefined, 'inspectMove');
    }

    /** The same for a cast of `box` by (dx, dy) (a ray: a box of zero size). */
    inspectCast(box, dx, dy, filter) {
      return inspect(this, 0, box, dx, dy, filter, 'inspectCast');
    }

    // ---- events ----

    /** Compares who overlaps which sensor and who touches what with the last call (once a frame). */
    updateEvents() {
      check(this, x.sweepbox_update_events(this.ptr), 'updateEvents');
    }

    /**
     * The events of the last updateEvents: {sensorBegin, sensorEnd: [{sensor, visitor}],
     * contactBegin, contactEnd: [{body, other}]}, into `out` when given.
     */
    events(out = { sensorBegin: [], sensorEnd: [], contactBegin: [], contactEnd: [] }) {
      sensorEventList(this, 0, out.sensorBegin);
      sensorEventList(this, 1, out.sensorEnd);
      contactEventList(this, 0, out.contactBegin);
      contactEventList(this, 1, out.contactEnd);
      return out;
    }
  }

  for (const name of Object.getOwnPropertyNames(Queries.prototype)) {
    if (name === 'constructor') continue;
    Object.defineProperty(World.prototype, name, Object.getOwnPropertyDescriptor(Queries.prototype, name));
  }
}
