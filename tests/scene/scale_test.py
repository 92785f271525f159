#!/usr/bin/env python3
"""The program at scale: a scene of a million bodies, or of a million steps, is read, run and
printed back by `sweepbox format`, and every answer is checked for its place. The guard against
work that grows faster than the scene is the ctest TIMEOUT of the entries scene_scale_bodies and
scene_scale_steps (tests/scene/CMakeLists.txt says why its values are safe both ways); nothing
here reads a clock.

usage: scale_test.py SWEEPBOX MAKE_SCENE WORK_DIR bodies|steps
"""
import os
import subprocess
import sys

SIZES = {"bodies": (1_000_000, 100), "steps": (1_000, 1_000_000)}  # bodies, steps
CYCLE = ["move", "cast_ray", "cast_box", "query_rect", "frames", "teleport", "remove", "add"]


def fail(message):
    print(f"scale_test: {message}", file=sys.stderr)
    sys.exit(1)


def run(args, out_path):
    with open(out_path, "wb") as out:
        p = subprocess.run(args, stdout=out, stderr=subprocess.PIPE)
    if p.returncode != 0 or p.stderr:
        fail(f"{' '.join(args)}: exit {p.returncode}, stderr {p.stderr[:300]!r}")


def main():
    if len(sys.argv) != 5 or sys.argv[4] not in SIZES:
        fail(__doc__.strip().splitlines()[-1])
    sweepbox, make_scene, work, kind = sys.argv[1:]
    bodies, steps = SIZES[kind]
    os.makedirs(work, exist_ok=True)
    scene = os.path.join(work, f"scale_{kind}.json")
    subprocess.run([sys.executable, make_scene, "--bodies", str(bodies), "--steps", str(steps), scene],
                   check=True)

    # run: one line per step, in order, each the answer of its own op.
    lines = os.path.join(work, f"scale_{kind}.jsonl")
    run([sweepbox, "run", scene], lines)
    ops = [CYCLE[k % 8] for k in range(steps)] + ["events", "overlapping_pairs"]
    count = 0
    with open(lines, encoding="utf-8") as f:
        for k, line in enumerate(f):
            if k >= len(ops):
                fail(f"run printed more than {len(ops)} lines")
            head = f'{{"step": {k}, "op": "{ops[k]}", '
            if not line.startswith(head) or not line.endswith("}\n"):
                fail(f"line {k} is {line[:120]!r}, expected it to start with {head!r}")
            count += 1
    if count != len(ops):
        fail(f"run printed {count} lines, expected {len(ops)}")

    # format: the generator writes the canonical form, so it comes back byte for byte.
    formatted = os.path.join(work, f"scale_{kind}.formatted.json")
    run([sweepbox, "format", scene], formatted)
    with open(scene, "rb") as a, open(formatted, "rb") as b:
        if a.read() != b.read():
            fail(f"sweepbox format {scene} is not the scene itself (see {formatted})")
    for path in (scene, lines, formatted):
        os.remove(path)
    print(f"scale_test: {kind}: {bodies} bodies, {steps} steps: {count} lines, format unchanged")


if __name__ == "__main__":
    main()
