#!/usr/bin/env python3
"""The layers of src/: a file may include headers of its own folder and of the folders below it.

Usage: check_layers.py SOURCE_DIR. Prints every include that goes up or sideways, every folder of
src/ that is not in LAYERS (a new folder needs its place here), and every source file that the
README's layout table does not name in its folder's row; exits 1 if there is any.
"""
import pathlib
import re
import sys

from report import report

# Bottom to top. Folders on one line are peers: each may use everything below, not each other.
LAYERS = [
    ["core"],  # compiler switches, tolerances, the per-thread pools
    ["geometry"],  # boxes, exact arithmetic, the sweep of two boxes, reflection
    ["tiles"],  # the tile map, its edge tables, slope shapes and their sweeps
    ["broadphase"],  # the bodies' grid, obstacles, filters, tiles as obstacles
    ["walk"],  # the walks along a path: rays, boxes, the three-level walk
    ["narrow"],  # one obstacle's contact, ranking, the junction test
    ["move"],  # the move loop, its responses, rule 7's recovery, the last checks
    ["world"],  # the world's bookkeeping, casts, queries, events
    ["kit"],  # the character kit, platforms, particles
    ["scene", "c_api", "levels"],  # the scene layer and the program's library; the C API; editors' levels
    ["web"],  # the WebAssembly modules' exports for the JavaScript package (web/)
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def unnamed_in_readme(src: pathlib.Path) -> list:
    """Source files missing from their folder's row of the README's layout table."""
    rows = {}
    for line in (src.parent / "README.md").read_text().splitlines():
        match = re.match(r"^\| `src/([a-z_]+)/` \|(.*)\|$", line)
        if match:
            rows[match.group(1)] = match.group(2)
    missing = []
    for path in sorted(src.rglob("*")):
        if not path.is_file() or path.name == "CMakeLists.txt" or path.parent == src:
            continue
        folder = path.relative_to(src).parts[0]
        if folder not in rows:
            missing.append(f"README.md: the layout table has no row for src/{folder}/")
            rows[folder] = ""
        stem, suffix = path.stem, path.suffix
        # A pair may be named once as `name.cpp`/`.hpp`.
        named = f"`{path.name}`" in rows[folder] or (
            suffix == ".hpp" and f"`{stem}.cpp`/`.hpp`" in rows[folder])
        if not named:
            missing.append(f"README.md: the row of src/{folder}/ does not name {path.name}")
    return missing


def main() -> int:
    src = pathlib.Path(sys.argv[1]) / "src"
    rank = {folder: i for i, row in enumerate(LAYERS) for folder in row}
    problems = []
    for folder in sorted(p.name for p in src.iterdir() if p.is_dir()):
        if folder not in rank:
            problems.append(f"src/{folder}/: a folder with no layer (add it to LAYERS in {sys.argv[0]})")
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".cpp", ".hpp", ".h") or path.parent == src:
            if path.suffix in (".cpp", ".hpp", ".h"):
                problems.append(f"{path.relative_to(src.parent)}: a file outside the layer folders")
            continue
        own = path.relative_to(src).parts[0]
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1)
            parts = pathlib.PurePosixPath(target).parts
            if len(parts) == 1:
                continue  # a header of the file's own folder
            other = parts[0]
            if other not in rank:
                problems.append(f"{path.relative_to(src.parent)}:{number}: includes \"{target}\", not a layer")
            elif other != own and rank[other] >= rank.get(own, -1):
                problems.append(
                    f"{path.relative_to(src.parent)}:{number}: {own} includes \"{target}\" of {other}, "
                    f"which is not below it")
    problems += unnamed_in_readme(src)
    return report("check_layers", problems, f"every include of src/ goes down ({len(LAYERS)} layers)")


if __name__ == "__main__":
    sys.exit(main())
