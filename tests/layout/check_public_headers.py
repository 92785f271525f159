#!/usr/bin/env python3
"""The public headers show no engine room: none pulls in a SIMD header or a detail/ header, names
a class as its friend (the library reaches private parts through a nested Internals declared in
the header and defined in src/), or uses a detail:: name (config.hpp and extended.hpp define the
library's wider type there).

Usage: check_public_headers.py SOURCE_DIR. Follows every #include of include/sweepbox/*.hpp and *.h
as text (an include under #if counts: some build takes it) and prints each public header that
reaches one, with the chain, and any header under include/sweepbox/detail/ (the implementation's
headers live in src/). Exits 1 if there is any. That each header compiles alone is the ctest
public_headers_compile.
"""
import pathlib
import re
import sys

from report import report

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
# A friend class or struct (friend operators, defined with their class, are part of its interface).
FRIEND_CLASS = re.compile(r'\bfriend\s+(?:struct|class)\b|\bfriend\s+[\w:]+\s*;')
DETAIL_USE = re.compile(r'\bdetail::')
WIDE_TYPE = {"config.hpp", "extended.hpp"}
SIMD = {"emmintrin.h", "xmmintrin.h", "pmmintrin.h", "tmmintrin.h", "smmintrin.h", "nmmintrin.h",
        "immintrin.h", "x86intrin.h", "arm_neon.h", "wasm_simd128.h"}


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
    problems += [f"{p.relative_to(include.parent)}: an implementation header among the public ones (move it to src/)"
                 for p in sorted((include / "sweepbox" / "detail").glob("*"))]
    for name in headers:
        chain = engine_room(include, f"sweepbox/{name}", set())
        if chain:
            problems.append(f"include/sweepbox/{name}: pulls in {chain[-1]} ({' -> '.join(chain)})")
        for number, line in enumerate((include / "sweepbox" / name).read_text().splitlines(), 1):
            code = line.split("//")[0]
            if FRIEND_CLASS.search(code):
                problems.append(f"include/sweepbox/{name}:{number}: a friend class ({line.strip()})")
            if name not in WIDE_TYPE and DETAIL_USE.search(code):
                problems.append(f"include/sweepbox/{name}:{number}: a detail:: name ({line.strip()})")
    return report("check_public_headers", problems,
                  f"{len(headers)} public headers pull in no SIMD or detail/ header, name no friend class, use no detail::")

if __name__ == "__main__":
    sys.exit(main())
