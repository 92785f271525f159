#!/usr/bin/env python3
"""The public headers show no engine room: none pulls in a SIMD header or a detail/ header, names
a friend other than an operator of its own class (the library reaches private parts through a
nested Internals declared in the header and defined in src/), opens a detail namespace or uses a
detail:: name (the wider type of times and cross products is src/core/wide.hpp's).

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
# Any friend but an operator: a class, a struct or a function (operators declared as friends of
# their own class, the comparisons, are part of its interface).
FRIEND = re.compile(r'\bfriend\b(?![^;{]*\boperator\b)')
DETAIL = re.compile(r'\bdetail::|\bnamespace\s+(?:[\w:]*::)?detail\b')
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
            if FRIEND.search(code):
                problems.append(f"include/sweepbox/{name}:{number}: a friend that is not an operator ({line.strip()})")
            if DETAIL.search(code):
                problems.append(f"include/sweepbox/{name}:{number}: a detail namespace or name ({line.strip()})")
    return report("check_public_headers", problems,
                  f"{len(headers)} public headers pull in no SIMD or detail/ header, name no friend but operators, have no detail namespace or name")

if __name__ == "__main__":
    sys.exit(main())
