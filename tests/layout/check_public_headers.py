#!/usr/bin/env python3
"""The public headers show no engine room: none pulls in a SIMD header or a detail/ header.

Usage: check_public_headers.py SOURCE_DIR. Follows every #include of include/sweepbox/*.hpp and *.h
as text (an include under #if counts: some build takes it) and prints each public header that
reaches one, with the chain, unless it is in STILL_EXPOSED; a header of STILL_EXPOSED that no
longer reaches one must leave the list. Exits 1 if there is any problem. That each header
compiles alone is the ctest public_headers_compile.
"""
import pathlib
import re
import sys

from report import report

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
SIMD = {"emmintrin.h", "xmmintrin.h", "pmmintrin.h", "tmmintrin.h", "smmintrin.h", "nmmintrin.h",
        "immintrin.h", "x86intrin.h", "arm_neon.h", "wasm_simd128.h"}

# Public headers that still reach the engine room (the spatial grid's cells and the SIMD switch,
# through world.hpp), until they are made opaque (issue 41); the list only shrinks.
STILL_EXPOSED = {
    "character.hpp",
    "levels.hpp",
    "particles.hpp",
    "platforms.hpp",
    "scene.hpp",
    "spatial_grid.hpp",
    "svg.hpp",
    "sweepbox.hpp",
    "world.hpp",
}


def engine_room(include: pathlib.Path, header: str, seen: set) -> list:
    """The chain of includes from `header` (a path under include/) to a forbidden one, or []."""
    if header in seen:
        return []
    seen.add(header)
    path = include / header
    if not path.is_file():
        return []  # a standard or third-party header
    for line in path.read_text().splitlines():
        match = INCLUDE.match(line)
        if not match:
            continue
        target = match.group(1)
        if target.startswith("sweepbox/detail/") or target in SIMD:
            return [header, target]
        chain = engine_room(include, target, seen)
        if chain:
            return [header] + chain
    return []


def main() -> int:
    include = pathlib.Path(sys.argv[1]) / "include"
    problems = []
    headers = sorted(p.name for p in (include / "sweepbox").iterdir() if p.suffix in (".hpp", ".h"))
    for name in headers:
        chain = engine_room(include, f"sweepbox/{name}", set())
        if chain and name not in STILL_EXPOSED:
            problems.append(f"include/sweepbox/{name}: pulls in {chain[-1]} ({' -> '.join(chain)})")
        elif not chain and name in STILL_EXPOSED:
            problems.append(f"include/sweepbox/{name}: no longer pulls in a SIMD or detail/ header: remove it "
                            f"from STILL_EXPOSED in {sys.argv[0]}")
    for name in sorted(STILL_EXPOSED - set(headers)):
        problems.append(f"include/sweepbox/{name}: gone: remove it from STILL_EXPOSED in {sys.argv[0]}")
    clean = len(headers) - len(STILL_EXPOSED)
    return report("check_public_headers", problems, f"{clean} of {len(headers)} public headers pull in no SIMD or "
                  f"detail/ header; {len(STILL_EXPOSED)} listed still do")


if __name__ == "__main__":
    sys.exit(main())
