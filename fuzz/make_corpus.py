#!/usr/bin/env python3
"""Writes the seed corpus of the sweepbox fuzz targets (fuzz/corpus/<target>/).

Each seed is a small hand-built input in the byte layout the decoders read
(fuzz_common.hpp ValueGen, fuzz_sweep.cpp, scenario.hpp), describing a case from the
contract: thin walls, bullets, corners, flush starts, one-way platforms, seams, large
coordinates, huge and tiny deltas. fuzz_scene's seeds are the scene files of scenes/ plus a
few broken ones. Run from anywhere: python3 fuzz/make_corpus.py
"""
import os
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# ---- values (ValueGen::value) ----

def f32(x):
    """Tag 3: the raw bits of a float (any finite value, exact)."""
    return bytes([3]) + struct.pack('<f', x)

def small(n):
    """Tag 0: a small integer in [-128, 127]."""
    return bytes([0, n & 0xff])

def vec(x, y):
    return f32(x) + f32(y)

def box(x0, y0, x1, y1):
    """ValueGen::box: min, then a kind byte (per axis: 0 zero extent, 3 second corner)."""
    kx = 0 if x1 == x0 else 3
    ky = 0 if y1 == y0 else 3
    out = f32(x0) + f32(y0) + bytes([kx | (ky << 2)])
    if kx == 3:
        out += f32(x1)
    if ky == 3:
        out += f32(y1)
    return out

# ---- fuzz_sweep ----

def sweep_seed(a, d, b, faces=None, v=(3.0, -4.0), n=0, restitution=0x8000, friction=0x4000, limit=3):
    out = bytes([limit]) + box(*a) + vec(*d) + box(*b)
    out += bytes([0x80 | faces]) if faces is not None else bytes([0])
    out += vec(*v) + bytes([n]) + struct.pack('<HH', restitution, friction)
    return out

SWEEP = {
    'box-hits-wall': sweep_seed((0, 0, 1, 1), (10, 0), (5, -1, 6, 2)),
    'bullet-thin-wall': sweep_seed((0, 0, 0, 0), (10, 0.5), (5, -1, 5, 1)),
    'thin-vs-thin-crossing': sweep_seed((0, 0, 0, 2), (10, 0), (5, -1, 5, 1)),
    'corner-tie': sweep_seed((0, 0, 1, 1), (2, 2), (2, 2, 3, 3)),
    'corner-larger-x': sweep_seed((0, 0, 1, 1), (4, 2), (3, 2, 4, 3)),
    'flush-moving-in': sweep_seed((0, 0, 1, 1), (1, 0), (1, 0, 2, 1)),
    'flush-moving-along': sweep_seed((0, 0, 1, 1), (0, 5), (1, 0, 2, 1)),
    'passes-corner': sweep_seed((0, 0, 1, 1), (2, -2), (2, -1, 3, 0)),
    'started-inside': sweep_seed((0, 0, 2, 2), (1, 1), (1, 1, 3, 3)),
    'ends-exactly-at-face': sweep_seed((0, 0, 1, 1), (4, 0), (5, 0, 6, 1)),
    'large-coordinates': sweep_seed((1e6, 1e6, 1e6 + 1, 1e6 + 1), (100.25, 0.0625), (1e6 + 50, 1e6 - 3, 1e6 + 51, 1e6 + 3)),
    'beyond-2-24': sweep_seed((16777216, 0, 16777218, 2), (64, 0), (16777250, -4, 16777252, 4)),
    'huge-delta': sweep_seed((0, 0, 1, 1), (1e30, 3), (5e29, -10, 5e29, 10)),
    'tiny-delta': sweep_seed((0, 0, 1, 1), (1e-40, 0), (1, 0, 2, 1)),
    'one-way-top-only': sweep_seed((0, 0, 16, 16), (0, 40), (0, 32, 16, 48), faces=4),
    'seam-corner-faces': sweep_seed((0, 0, 1, 1), (2, 2), (2, 2, 3, 3), faces=1),
    'reflect-normal-x': sweep_seed((0, 0, 1, 1), (1, 1), (5, 5, 6, 6), v=(500, 40), n=3, restitution=65535, friction=0),
}

# ---- scenarios (scenario.hpp decode_scenario) ----

CAT = {1: 0, 2: 1, 4: 2, 3: 3, 0xffffffff: 4, 0: 5, 1 << 31: 6, 6: 7}
MASK = {0xffffffff: 0, 1: 1, 2: 2, 0xfffffffe: 3, 0: 4, 5: 5}
CELL = {64: 0, 1: 1, 16: 2, 0.5: 3, 3: 4, 1000: 5, 7.25: 6, 100000: 7}
TILE_SIZE = {16: 0, 1: 1, 0.1: 2, 3: 3, 1000: 4, 0.7: 5, 0.0625: 6, 64: 7}
RESP = {'ignore': 0, 'touch': 1, 'slide': 2, 'cross': 3, 'bounce': 4, 'table': 5, 'filter': 6}

def scenario(bodies, ops, cell=64, limit=3, tiles=None, oversize=8):
    out = bytes([CELL[cell] | (limit << 3) | (0x20 if tiles else 0), (oversize - 1) % 8])
    if tiles:
        out += vec(*tiles['origin']) + bytes([TILE_SIZE[tiles['size']], tiles['columns'] - 1, tiles['rows'] - 1,
                                             CAT[tiles.get('category', 1)], MASK[tiles.get('mask', 0xffffffff)]])
        writes = tiles['writes']
        out += bytes([len(writes)])
        for kind, col, row, tile in writes:  # kind: 'cell', 'row' (to the right), 'column' (down)
            k = {'cell': 0, 'row': 0x80, 'column': 0x40}[kind] | tile
            out += bytes([k, col, row])
    out += bytes([len(bodies) - 1])
    for b in bodies:
        out += box(*b['box'])
        out += bytes([(1 if b.get('static') else 0) | (CAT[b.get('category', 1)] << 1) | (MASK[b.get('mask', 0xffffffff)] << 4)])
    for op in ops:
        out += op
    return out

def move(body, dx, dy, response='slide', restitution=1.0, friction=0.0, max_iterations=8, velocity=None, seed=0, table=None):
    # The decoder reads the mode as rm % 7 and "has a velocity" as bit 7 of rm.
    rm = RESP[response]
    if velocity is not None:
        rm += 7 * ((128 - rm + 6) // 7)
    out = bytes([0, body, 0]) + vec(dx, dy) + bytes([rm])
    if response == 'table':
        out += bytes(table)
    out += bytes([seed, round(restitution * 255), round(friction * 255), (max_iterations - 1) % 10])
    if velocity is not None:
        out += vec(*velocity)
    return out

def set_tile(col, row, tile):
    return bytes([9, 0, col, row, tile])

def teleport(body, b):
    return bytes([10, body]) + box(*b)

def query(which, point=(0, 0), delta=(0, 0), qbox=(0, 0, 0, 0)):
    return bytes([12, 0, which]) + vec(*point) + vec(*delta) + box(*qbox) + bytes([0, 0])

GRENADE_ROOM = dict(
    bodies=[dict(box=(0, 0, 0, 400), static=True), dict(box=(100, 0, 100, 400), static=True),
            dict(box=(0, 400, 100, 401), static=True), dict(box=(10, 10, 14, 14))],
    ops=[move(3, 500, 40, 'bounce', 0.5, 0.1, 8, (500, 40)), move(3, -900, 300, 'bounce', 1.0, 0.0, 8, (-900, 300)),
         move(3, 0, 1000, 'slide')])
THIN_WALL_1E6 = dict(
    bodies=[dict(box=(1e6 + 10, 1e6 - 5, 1e6 + 11, 1e6 + 5), static=True), dict(box=(1e6 + 20, 1e6 - 5, 1e6 + 20, 1e6 + 5), static=True),
            dict(box=(1e6, 1e6, 1e6, 1e6))],
    ops=[move(2, 100, 0.3, 'touch'), move(2, 100, 0.3, 'cross'), move(2, 1e6, 0, 'slide'), move(2, -1e9, 1, 'bounce')],
    cell=16)
PLATFORMER = dict(
    tiles=dict(origin=(0, 400), size=16, columns=16, rows=4,
               writes=[('row', 0, 3, 1), ('row', 4, 1, 2), ('column', 12, 0, 1), ('cell', 3, 2, 1)]),
    bodies=[dict(box=(10, 350, 22, 374)), dict(box=(100, 380, 101, 381))],
    ops=[move(0, 0, 100, 'slide'), move(0, 200, 0, 'slide'), move(0, 0, -60, 'slide'), move(0, 30, 40, 'slide'),
         set_tile(3, 2, 0), move(0, -150, 90, 'bounce', 0.8, 0.2, 8, (-150, 90)), move(1, 0, 300, 'touch')])
SEAMS = dict(
    bodies=[dict(box=(16 * i, 100, 16 * i + 16, 116), static=True) for i in range(8)] + [dict(box=(0, 84, 12, 100))],
    ops=[move(8, 200, 5, 'slide'), move(8, -300, 0, 'slide'), move(8, 50, 50, 'slide', max_iterations=1)],
    cell=16)
FILTERS = dict(
    bodies=[dict(box=(50, -50, 51, 50), static=True, category=2), dict(box=(80, -50, 80, 50), static=True, category=4),
            dict(box=(0, 0, 4, 4), category=1, mask=5), dict(box=(120, -50, 121, 50), static=True, category=1)],
    ops=[move(2, 200, 1, 'table', table=[2, 3, 4] + [1] * 29), move(2, -400, 0, 'filter', seed=7),
         move(2, 300, 0, 'cross'), move(2, 300, 0, 'ignore')])
HUGE = dict(
    bodies=[dict(box=(5e8, -10, 5e8, 10), static=True), dict(box=(0, 0, 1, 1)), dict(box=(0, 5, 0, 5))],
    ops=[move(1, 1e9, 3, 'slide'), move(2, 1e-40, 1e-40, 'touch'), move(2, 2e9, 0, 'bounce')],
    cell=1)

WORLD = {'grenade-room': GRENADE_ROOM, 'thin-wall-1e6': THIN_WALL_1E6, 'platformer': PLATFORMER,
         'seams': SEAMS, 'filters': FILTERS, 'huge-and-tiny': HUGE}

QUERIES = {}
for name, s in WORLD.items():
    qs = [query(0, (5, 5), (300, 17)), query(1, (0, 0), (200, -3), (1, 1, 5, 5)), query(2, (0, 0), (400, 10), (0, 0, 2, 2)),
          query(3, qbox=(0, 0, 120, 420)), query(4, (100, 200)), query(5, (0, 390), (200, 30)), query(6)]
    QUERIES[name] = scenario(s['bodies'], s['ops'][:1] + qs + s['ops'][1:], s.get('cell', 64), 3, s.get('tiles'))

# Findings re-encoded in this canonical form (raw float bits), so that they decode the same
# whatever SWEEPBOX_FUZZ_AVOID was set to when they were found. Written to regressions/.
SAFETY_NET_CORNER = scenario(
    bodies=[dict(box=(-0.999, -0.999, -0.999, -0.999), static=True, category=6),
            dict(box=(-0.999, -0.999, -0.999, -0.999), static=True, category=6),
            dict(box=(-0.999, -0.999, -0.999, -0.999), static=True, category=1 << 31),
            dict(box=(-7.999, -0.999, -0.999, -0.999), static=True, category=6)],
    ops=[move(3, -0.999, -0.999, 'cross', 1, 1, 2, (-0.999, -0.999), seed=255),
         move(1, 0, 4.001, 'touch', 178 / 255, 141 / 255, 6, seed=51),
         move(3, -0.999, -0.999, 'cross', 1, 1, 6, (-0.999, 0), seed=255),
         move(0, 103, 0, 'filter', 0, 18 / 255, 6, seed=9),
         move(3, 94.001, 94.001, 'bounce', 95 / 255, 95 / 255, 6, seed=95)],
    cell=64, limit=3,
    tiles=dict(origin=(7, 14), size=16, columns=3, rows=8, category=6,
               writes=[('cell', 1, 0, 1), ('cell', 2, 3, 1), ('cell', 0, 7, 1), ('cell', 1, 7, 1)]))

POINT_ON_SEAM = scenario(
    bodies=[dict(box=(7, 7, 7, 7))],
    ops=[move(0, 14, 7, 'touch', 0, 5 / 255, 8),
         move(0, 76, 138, 'filter', 62 / 255, 62 / 255, 3, seed=62)],
    cell=64, limit=3, oversize=6,
    tiles=dict(origin=(7, 7), size=0.1, columns=3, rows=8, category=1 << 31, writes=[('column', 2, 0, 1)]))

SNAP_THROUGH_BOX = scenario(
    bodies=[dict(box=(0, 0, 0, 0)),
            dict(box=(-0.999, -0.999, -0.1111111119389534, -0.999), static=True, category=6),
            dict(box=(-1.999, -0.999, -0.999, 7.001), static=True, category=3)],
    ops=[move(0, -117, -117, 'bounce', 39 / 255, 39 / 255, 10, seed=39)],
    cell=64, limit=3, oversize=1)

# ---- fuzz_slopes (fuzz_slopes.cpp's decoder) ----

SLOPE_SHAPES = ['slope45_ul', 'slope45_ur', 'slope45_dl', 'slope45_dr',
                'shallow_ul_low', 'shallow_ul_high', 'shallow_ur_low', 'shallow_ur_high',
                'shallow_dl_low', 'shallow_dl_high', 'shallow_dr_low', 'shallow_dr_high',
                'steep_ul_low', 'steep_ul_high', 'steep_ur_low', 'steep_ur_high',
                'steep_dl_low', 'steep_dl_high', 'steep_dr_low', 'steep_dr_high']
SLOPE_SIZES = {16: 0, 1: 1, 0.1: 2, 3: 3, 1000: 4, 0.7: 5, 0.0625: 6, 64: 7, '1/3': 8, 7.25: 9, 1e-3: 10}

def shape_code(name):
    """A tile's byte: the slopes in TileShape's order, '.' empty, '#' solid, '=' one way."""
    return {'.': 20, '#': 26, '=': 30}.get(name, None) if name in '.#=' else SLOPE_SHAPES.index(name)

def slope_map(rows, origin=(0, 0), size=16):
    """The map: dims byte, origin, size byte, then a byte per tile, row by row."""
    cols = len(rows[0])
    out = bytes([(len(rows) - 1) * 6 + cols - 1]) + vec(*origin) + bytes([SLOPE_SIZES[size]])
    for row in rows:
        out += bytes(shape_code(t) for t in row)
    return out

def lattice(i, j):
    """A lattice corner (i, j), i and j from -1."""
    return bytes([i + 1, j + 1])

def s_box_lattice(i, j, corner=0, w=1, h=1):
    """Box mode 2: corner `corner` (bit 0 max x, bit 1 max y) at lattice (i, j); sizes by
    size_choice (0: zero, 1: a tile, 2: half, 3: quarter, 4: one unit)."""
    return bytes([2 | (corner << 4)]) + lattice(i, j) + bytes([w, h])

def s_point_lattice(i, j):
    return bytes([1]) + lattice(i, j)

def s_point_on_line(which=2, slope=0):
    """Box mode 3: a point of a slope's line (0: p, 1: q, 2: their middle)."""
    return bytes([3, which, slope])

def s_free_corner(slope=0):
    return bytes([5, slope])

FACTORS = {1: 0, 2: 1, 0.5: 2, 1.5: 3, -1: 4, '1/3': 5, 1e-3: 6, 1e6: 7}

def s_to_lattice(i, j, corner=0, factor=1):
    return bytes([1 | (FACTORS[factor] << 4)]) + lattice(i, j) + bytes([corner])

def s_to_line(which=2, slope=0, corner=0, factor=1):
    return bytes([2 | (FACTORS[factor] << 4), which, slope, corner])

def s_along_line(slope=0, factor=1):
    return bytes([3 | (FACTORS[factor] << 4), slope])

def s_axis(v, y=False):
    return bytes([4 | (0x80 if y else 0)]) + f32(v)

def s_query(box_bytes, motion, faces_mode=1, faces=15, seams=0):
    return box_bytes + motion + bytes([faces_mode, faces, seams])

def slopes_seed(rows, queries, origin=(0, 0), size=16, casts=True, room=None, limit=3):
    """room: (box bytes, [(motion bytes, option byte)]): bit 0 bounce, bits 1-2 restitution
    thirds, bits 3-4 friction thirds."""
    head = limit | (0x10 if casts else 0) | (0x20 if room else 0)
    out = bytes([head]) + slope_map(rows, origin, size) + bytes([len(queries) - 1])
    for q in queries:
        out += q
    if room:
        start, moves = room
        out += start + bytes([len(moves) - 1])
        for motion, opt in moves:
            out += motion + bytes([opt])
    return out

RAMP = [['.', '.', '.', '.'], ['#', 'shallow_ul_low', 'shallow_ul_high', '#']]
SLOPES = {
    'box-slides-onto-shallow-ramp': slopes_seed(
        [['.', '.', '.', '.', '.'], ['#', 'shallow_ul_low', 'shallow_ul_high', '.', '.']],
        [s_query(s_box_lattice(0, 1, corner=2, w=3, h=3), s_axis(40)),
         s_query(s_box_lattice(1, 1, corner=2, w=3, h=3), s_to_lattice(3, 0, corner=3))],
        room=(s_box_lattice(1, 2, corner=2, w=3, h=3), [(s_axis(40), 0), (s_axis(-30, True), 1), (s_axis(-60), 1)])),
    'point-along-diagonal': slopes_seed(
        [['slope45_ul']], [s_query(s_point_lattice(0, 1), s_to_lattice(1, 0)),
                           s_query(s_point_on_line(2, 0), s_along_line(0, -1))]),
    'box-corner-to-line-middle': slopes_seed(
        [['steep_ul_high', '.'], ['steep_ul_low', '.']],
        [s_query(s_box_lattice(2, 0, corner=0, w=2, h=2), s_to_line(2, 0, corner=0, factor=2)),
         s_query(s_box_lattice(-1, 1, corner=1, w=3, h=0), s_axis(100))]),
    'ramps-at-1e6-tile-0.1': slopes_seed(
        [['shallow_ur_high', 'shallow_ur_low', '.'], ['#', '#', '#']],
        [s_query(s_box_lattice(3, 1, corner=3, w=3, h=3), s_axis(-2)),
         s_query(s_point_lattice(0, 0), s_to_lattice(3, 1, factor=1.5))],
        origin=(1e6, -1e6), size=0.1),
    'ceilings-tile-third': slopes_seed(
        [['slope45_dl', 'shallow_dr_high', 'shallow_dr_low'], ['.', '.', '.'], ['steep_dr_low', '.', 'slope45_ur']],
        [s_query(s_free_corner(0), s_axis(-5, True)),
         s_query(s_box_lattice(1, 2, corner=1, w=3, h=3), s_to_line(0, 1, corner=2, factor=1.5)),
         s_query(s_point_on_line(1, 3), s_along_line(3, '1/3'))],
        origin=(-3, 5), size='1/3'),
    'every-shape': slopes_seed(
        [SLOPE_SHAPES[0:5] + ['#'], SLOPE_SHAPES[5:10] + ['.'], SLOPE_SHAPES[10:15] + ['='],
         SLOPE_SHAPES[15:20] + ['.']],
        [s_query(s_box_lattice(-1, -1, corner=0, w=2, h=3), s_to_lattice(6, 4, factor=1.5), faces_mode=0),
         s_query(s_point_lattice(6, 0), s_to_lattice(-1, 4, factor=2), faces_mode=3),
         s_query(s_box_lattice(3, 2, corner=3, w=0, h=4), s_axis(-70), faces_mode=2, faces=5, seams=4),
         s_query(s_point_on_line(2, 7), s_along_line(7, 1e-3))],
        origin=(0.5, -16), size=7.25),
    'grenade-in-a-room-of-ramps': slopes_seed(
        [['.', '.', '.', '.'], ['slope45_ur', '.', '.', 'slope45_ul'], ['#', 'steep_ur_low', 'shallow_ul_low', '#']],
        [s_query(s_box_lattice(1, 1, corner=3, w=3, h=3), s_to_lattice(0, 3, factor=2))],
        room=(s_box_lattice(2, 1, corner=0, w=3, h=3),
              [(s_to_lattice(-1, 4, corner=0, factor=1.5), 1 | (3 << 1)), (s_axis(500, True), 1 | (2 << 1) | (1 << 3)),
               (s_to_lattice(5, 0, corner=1, factor=1e6), 0), (s_along_line(0, -1), 1 | (3 << 1))])),
    'bullet-huge-motion': slopes_seed(
        [['steep_ul_low', 'steep_dl_high', 'slope45_dr']],
        [s_query(s_point_lattice(0, 0), s_to_lattice(3, 1, factor=1e6)),
         s_query(s_point_on_line(0, 1), s_to_line(1, 2, factor=1e6))],
        origin=(16777216, 16777216), size=1),
}

# ---- fuzz_clusters (fuzz_clusters.cpp's decoder) ----

CLUSTER_TILE_SIZES = {16: 0, 1: 1, 0.7: 2, 3.3: 3, 8: 4, 0.5: 5, 24: 6, 1e-3: 7}
CLUSTER_REACH = {8: 0, 0: 1, 1: 2, 2.5: 3, 'inf': 4}
CLUSTER_RESPONSE = {'slide': 0, 'bounce': 1, 'touch': 2, 'cross': 4, 'ignore': 5}

def c_tile(name):
    """A tile's byte: '.' empty, '#' solid, 'v' '^' '<' '>' one way (kinds 2 to 5: down, up, left,
    right), else a slope's name (kinds 6 to 25)."""
    if name in ('.', '#'):
        return 0 if name == '.' else 100
    if name in ('v', '^', '<', '>'):
        return 172 + 'v^<>'.index(name)
    return 200 + SLOPE_SHAPES.index(name)

def c_map(rows, origin=(0, 0), size=16):
    return vec(*origin) + bytes([len(rows[0]) - 1, len(rows) - 1]) + bytes(c_tile(t) for row in rows for t in row)

def c_size(n):
    """size_of: a multiple of a quarter up to 15.75, else any value."""
    if n * 4 == int(n * 4) and n * 4 < 64:
        return bytes([1 + 4 * int(n * 4)])
    return bytes([2]) + f32(n)

def c_flags(category=0, one_way=0):
    """A body's flags byte: category 1 << (byte % 3), one way (1 to 4: down, up, left, right) in
    bits 2 to 4 with bit 7 set."""
    return next(b for b in range(256) if b % 3 == category and (b >> 2) & 7 == one_way
                and bool(b & 0x80) == bool(one_way))

def c_box(x0, y0, x1, y1, category=0, one_way=0):
    return bytes([0]) + box(x0, y0, x1, y1) + bytes([c_flags(category, one_way)])

def c_inside(j, fx, fy, w, h, category=0):
    """Body mode 1: from the point at fractions (fx, fy) of place j, of size w x h."""
    return bytes([1, j, fx, fy]) + c_size(w) + c_size(h) + bytes([c_flags(category)])

def c_mover(j, fx, fy, w, h, delta, reach=8, iters=0, rf=0x0f):
    shape = (2 if w else 0) | (1 if h else 0)
    out = bytes([1, j, fx, fy, shape])
    if shape in (2, 3):
        out += c_size(w)
    if shape in (1, 3):
        out += c_size(h)
    return out + vec(*delta) + bytes([CLUSTER_REACH[reach], iters, rf])

def c_mover_box(b, delta, reach=8, iters=0, rf=0x0f):
    return bytes([0]) + box(*b) + vec(*delta) + bytes([CLUSTER_REACH[reach], iters, rf])

def clusters_seed(bodies, moves, responses=('slide',) * 5, rows=None, origin=(0, 0), size=16):
    head = (1 | (CLUSTER_TILE_SIZES[size] << 1)) if rows else 0
    out = bytes([head]) + (c_map(rows, origin, size) if rows else b'')
    out += bytes([len(bodies)]) + b''.join(bodies)
    out += bytes(CLUSTER_RESPONSE[r] for r in responses)
    return out + bytes([len(moves) - 1]) + b''.join(moves)

CLUSTERS = {
    'issue-39-debris-in-three-blocks': clusters_seed(
        [c_box(428, 1242, 525, 1321), c_box(530, 1279, 613, 1357), c_box(470, 1296, 558, 1388)],
        [c_mover_box((531, 1300, 538, 1306), (-6.98, 4.12)), c_mover_box((531, 1300, 538, 1306), (-6.98, 4.12))],
        responses=('bounce',) * 5),
    'box-deep-in-a-big-block-stays': clusters_seed(
        [c_box(0, 0, 100, 100), c_box(90, 40, 140, 60)],
        [c_mover(0, 80, 100, 2, 2, (3, 1)), c_mover(0, 60, 200, 2, 2, (0, -1), reach=2.5),
         c_mover(1, 10, 128, 6, 6, (-8, 0), reach=1)]),
    'points-and-planks-at-any-distance': clusters_seed(
        [c_box(0, 0, 10, 100), c_box(10, 50, 30, 60), c_box(5, 45, 20, 50.75), c_box(10, 20, 10, 80)],
        [c_mover(2, 85, 230, 0, 0, (0, 5), reach='inf'), c_mover(0, 128, 128, 0, 6, (3, 0), reach='inf'),
         c_mover(0, 200, 128, 6, 0, (0, -2))]),
    'one-way-bodies-around-a-cluster': clusters_seed(
        [c_box(0, 0, 20, 10), c_box(-6, 3, 2, 30), c_box(-4, -10, 24, -2, one_way=1), c_box(20, 0, 30, 10, one_way=3),
         c_box(-1, -40, -1, 40, category=1)],
        [c_mover(0, 60, 120, 2, 2, (1, 1)), c_mover(1, 200, 40, 3, 3, (-2, 0), iters=1)],
        responses=('slide', 'cross', 'bounce', 'slide', 'slide')),
    # Places 0 to 6 are the tiles (row by row, empty ones left out), then the bodies and movers.
    'inside-ramps-and-tiles': clusters_seed(
        [c_inside(0, 128, 64, 20, 8)],
        [c_mover(0, 200, 200, 4, 4, (0, 1)), c_mover(1, 100, 100, 3, 5, (2, -1), reach='inf'),
         c_mover(0, 255, 10, 0, 0, (1, 1), reach='inf'), c_mover(2, 128, 10, 6, 0, (-1, 0))],
        rows=[['.', '.', '.', '.'], ['.', 'slope45_ul', '#', 'shallow_ur_high'], ['#', '#', '#', '#']]),
    'ramps-at-tile-0.7-near-1e6': clusters_seed(
        [c_box(1e6, 1e6, 1e6 + 2, 1e6 + 2)],
        [c_mover(0, 128, 128, 1, 1, (0.25, 0)), c_mover(1, 10, 250, 0.5, 0.25, (-3, 2)),
         c_mover(6, 100, 30, 0.25, 0.25, (0, -1), reach='inf')],
        rows=[['steep_ul_high', '.', '<'], ['steep_ul_low', 'v', '#'], ['#', '#', '#']], origin=(1e6, 1e6), size=0.7),
}

REGRESSIONS = {
    'fuzz_world': {'safety-net-corner-pass-snaps-back': SAFETY_NET_CORNER,
                   'point-on-tile-seam-accelerated-vs-reference': POINT_ON_SEAM,
                   'safety-net-snap-goes-through-box': SNAP_THROUGH_BOX},
    'fuzz_slopes': {'slope-time-cancels-in-numerator-tiny-motion': slopes_seed(
        [['slope45_ul']],
        [bytes([0]) + box(8.000000953674316, 10.999999046325684, 8.000000953674316, 10.999999046325684) +
         bytes([0]) + vec(2.802596928649634e-45, 0) + bytes([0, 15, 0])],
        origin=(1.401298464324817e-45, 3), casts=False),
        'slope-segment-meets-behind-its-start': slopes_seed(
            [['slope45_ul']], [bytes([0]) + box(4, 4, 4, 4) + bytes([0]) + vec(-1, -1) + bytes([0, 15, 0])])},
}

def write(target, seeds, folder='corpus'):
    d = os.path.join(HERE, folder, target)
    os.makedirs(d, exist_ok=True)
    for name, data in seeds.items():
        with open(os.path.join(d, name), 'wb') as f:
            f.write(data)

def level_seeds():
    """fuzz_levels: a format byte (0 TMX, 1 Tiled JSON, 2 LDtk), the level, and after a line
    "--8<--" the text of every file it refers to: the example level and its test variants."""
    cut = b'\n--8<--\n'
    levels, data = os.path.join(ROOT, 'scenes', 'levels'), os.path.join(ROOT, 'tests', 'levels', 'data')

    def read(*parts):
        with open(os.path.join(*parts), 'rb') as f:
            return f.read()
    tsx = read(levels, 'platformer.tsx')
    seeds = {
        'platformer-tmx': b'\0' + read(levels, 'platformer.tmx') + cut + tsx,
        'platformer-tmj': b'\1' + read(levels, 'platformer.tmj') + cut + tsx,
        'platformer-ldtk': b'\2' + read(levels, 'platformer.ldtk'),
        'two-levels-ldtk': b'\2' + read(data, 'two_levels.ldtk'),
        'separate-ldtk': b'\2' + read(data, 'platformer_separate.ldtk') + cut +
                         read(data, 'platformer_separate', '0000-Level_0.ldtkl'),
        'tsj-tmx': b'\0' + read(data, 'platformer_tsj.tmx') + cut + read(data, 'platformer.tsj'),
        'minimal-flips-tmx': b'\0' + b'<map orientation="orthogonal" width="4" height="1" tilewidth="8" '
                             b'tileheight="8"><tileset firstgid="1" name="t" tilecount="2"><tile id="0"><properties>'
                             b'<property name="collision" value="shallow_ul_low"/></properties></tile></tileset>'
                             b'<layer name="L" width="4" height="1"><data encoding="csv">1,2147483649,'
                             b'1073741825,536870913</data></layer></map>',
    }
    seeds['template-tmx'] = (b'\0<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">'
                             b'<objectgroup name="O"><object id="1" name="a" template="t.tx" x="4" y="4"/>'
                             b'<object id="2" name="b" gid="3" x="8" y="8" width="8" height="8"/></objectgroup></map>' +
                             cut + b'<template><object type="Platform" width="16" height="4"><properties>'
                             b'<property name="one_way" value="down"/></properties></object></template>')
    seeds['template-tmj'] = (b'\1{"type": "map", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8, '
                             b'"tileheight": 8, "layers": [{"type": "objectgroup", "name": "O", "objects": [{"id": 1, '
                             b'"template": "t.tj", "x": 4, "y": 4}]}]}' + cut +
                             b'{"type": "template", "object": {"type": "Sensor", "width": 16, "height": 4}}')
    # What the XML reader reads beyond plain elements: a declaration, a DOCTYPE, comments, CDATA,
    # entities and character references in attributes and text.
    seeds['xml-syntax-tmx'] = (b'\0\xef\xbb\xbf<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map [<!ELEMENT map ANY>]>\n'
                               b'<!-- a map --><map orientation=\'orthogonal\' width="2" height="1" tilewidth="8" '
                               b'tileheight="8"><tileset firstgid="1" name="t&amp;&#x74;" tilecount="1"><tile id="0">'
                               b'<properties><property name="collision">s&#111;lid</property></properties></tile>'
                               b'</tileset><layer name="&lt;G&gt;&quot;&apos;" width="2" height="1">'
                               b'<data encoding="csv"><!-- row --><![CDATA[1,\r\n0]]></data></layer>'
                               b'<?tiled pi?></map>\n')
    for name in ['xml_tiles', 'base64', 'base64_zlib', 'base64_gzip', 'base64_zstd', 'embedded', 'infinite',
                 'infinite_zlib', 'offsets']:
        seeds[name.replace('_', '-') + '-tmx'] = b'\0' + read(data, 'platformer_%s.tmx' % name) + cut + tsx
    for name in ['base64_zlib', 'embedded', 'infinite']:
        seeds[name.replace('_', '-') + '-tmj'] = b'\1' + read(data, 'platformer_%s.tmj' % name) + cut + tsx
    return seeds

def main():
    write('fuzz_sweep', SWEEP)
    write('fuzz_world', {n: scenario(s['bodies'], s['ops'], s.get('cell', 64), 3, s.get('tiles')) for n, s in WORLD.items()})
    write('fuzz_queries', QUERIES)
    # fuzz_snapshot: a plan (replay from, churn bits, window, byte to corrupt) before each world
    # scenario: from after op 2, bodies leave and come back after ops 0, 2 and 5 (mod 8), a
    # window of 4, and another plan from the start with every body churning.
    plans = {'': bytes([2, 0b00100101, 3]) + struct.pack('<H', 0x0150),
             '-from-start': bytes([0, 0xff, 7]) + struct.pack('<H', 0x2a07)}
    write('fuzz_snapshot', {n + suffix: plan + scenario(s['bodies'], s['ops'], s.get('cell', 64), 3, s.get('tiles'))
                            for n, s in WORLD.items() for suffix, plan in plans.items()})
    write('fuzz_slopes', SLOPES)
    write('fuzz_clusters', CLUSTERS)
    scenes = {}
    scene_dir = os.path.join(ROOT, 'scenes')
    if os.path.isdir(scene_dir):
        for f in sorted(os.listdir(scene_dir)):
            if f.endswith('.json'):
                with open(os.path.join(scene_dir, f), 'rb') as fh:
                    scenes[f] = fh.read()
    scenes.update({
        'broken-json.json': b'{"bodies": [{"name": "a", "box": [0, 0, 1, 1]}',
        'min-greater-than-max.json': b'{"bodies": [{"name": "a", "box": [5, 0, 1, 1]}], "steps": []}',
        'unknown-body.json': b'{"bodies": [], "steps": [{"op": "move", "body": "nobody", "delta": [1, 0]}]}',
        'minimal.json': b'{"bodies": [{"name": "a", "box": [0, 0, 1, 1]}], "steps": [{"op": "move", "body": "a", "delta": [3, 0]}]}',
    })
    write('fuzz_scene', scenes)
    write('fuzz_levels', level_seeds())
    for target, seeds in REGRESSIONS.items():
        write(target, seeds, 'regressions')

if __name__ == '__main__':
    main()
