#!/usr/bin/env python3
"""Writes a big scene for `sweepbox run` and `sweepbox format` (bench/README.md, "Big scenes").

    make_scene.py [--bodies N] [--steps M] [--frames K] [OUT.json]

N bodies of 8x8 on a square grid of pitch 24 (every fourth one static, every 64th a sensor,
every 128th a one-way platform), then M steps that cycle through move, cast_ray, cast_box,
query_rect, frames (K frames each), teleport, remove and add, on bodies near the grid's corner,
so that a step costs the same whatever N is; an `events` and an `overlapping_pairs` step end the
scene. The text is in the canonical form, so `sweepbox format` prints it back unchanged, and the
same arguments give the same bytes.
"""
import argparse
import sys


def grid_box(i, side):
    x, y = 24 * (i % side), 24 * (i // side)
    return f"[{x}, {y}, {x + 8}, {y + 8}]"


def body(i, side):
    kind = ""
    if i % 128 == 127:
        kind = ', "kind": "platform", "one_way": "down"'
    elif i % 64 == 63:
        kind = ', "kind": "sensor"'
    elif i % 4 == 3:
        kind = ', "static": true'
    return f'{{"name": "b{i}", "box": {grid_box(i, side)}{kind}}}'


# Step k of the cycle of 8, as its fields after "op" in the canonical order (docs/scenes.md);
# {b} is a dynamic body's name, {at} a place on the grid's first rows.
CYCLE = [
    'move", "body": "{b}", "delta": [{dx}, {dy}], "velocity": [60, -30]',
    'cast_ray", "from": [{at4}, -20], "delta": [0, 200]',
    'cast_box", "box": [-20, {at2}, -16, {at6}], "delta": [150, 0]',
    'query_rect", "box": [0, 0, {at24}, 40]',
    'frames", "body": "{b}", "count": {frames}, "response": "bounce", "gravity": [0, 100]',
    'teleport", "body": "{b}", "box": {home}',
    'remove", "body": "{b}"',
    'add", "name": "{b}", "box": {home}',
]


def step(k, side, movers, frames):
    m = 4 * (k // 8 % movers)  # a dynamic body: its index is a multiple of 4
    at = 24 * (k % 5)
    fields = CYCLE[k % 8].format(b=f"b{m}", dx=k % 41 - 20, dy=k % 23 - 11, at2=at + 2, at4=at + 4,
                                 at6=at + 6, at24=at + 24, frames=frames, home=grid_box(m, side))
    return '{"op": "' + fields + "}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bodies", type=int, default=10000)
    p.add_argument("--steps", type=int, default=0)
    p.add_argument("--frames", type=int, default=4, help="frames per frames step (default 4)")
    p.add_argument("out", nargs="?", help="output file (default: standard output)")
    a = p.parse_args()
    if a.bodies < 1 or a.steps < 0 or a.frames < 0:
        p.error("--bodies must be at least 1, --steps and --frames at least 0")
    side = 1
    while side * side < a.bodies:
        side += 1
    movers = min(20, (a.bodies + 3) // 4)
    out = open(a.out, "w", encoding="utf-8") if a.out else sys.stdout
    out.write('{\n  "description": "bench/make_scene.py --bodies %d --steps %d --frames %d",\n'
              '  "cell_size": 32,\n  "bodies": [\n    ' % (a.bodies, a.steps, a.frames))
    out.write(",\n    ".join(body(i, side) for i in range(a.bodies)))
    out.write('\n  ],\n  "steps": [\n    ')
    steps = [step(k, side, movers, a.frames) for k in range(a.steps)]
    out.write(",\n    ".join(steps + ['{"op": "events"}', '{"op": "overlapping_pairs"}']))
    out.write("\n  ]\n}\n")


if __name__ == "__main__":
    main()
