#!/usr/bin/env python3
"""No file in src/ or include/ over 500 lines: one topic a file, readable in one sitting.

Usage: check_file_sizes.py SOURCE_DIR. Prints every file over the limit that is not in OVER_LIMIT,
and every file of OVER_LIMIT that is gone or no longer over (remove it from the list, so that it
cannot grow back); exits 1 if there is any.
"""
import pathlib
import sys

from report import report

LIMIT = 500

# Files over the limit until they are split (issue 41); the list only shrinks (now empty: every
# file is under the limit, and a new one over it fails).
OVER_LIMIT: set = set()


def line_count(path: pathlib.Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    problems = []
    over = set()
    for folder in ("src", "include"):
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file():
                continue
            name = path.relative_to(root).as_posix()
            lines = line_count(path)
            if lines <= LIMIT:
                continue
            over.add(name)
            if name not in OVER_LIMIT:
                problems.append(f"{name}: {lines} lines, over {LIMIT}: split it by topic")
    for name in sorted(OVER_LIMIT - over):
        state = "gone" if not (root / name).is_file() else f"{line_count(root / name)} lines"
        problems.append(f"{name}: {state}, no longer over {LIMIT}: remove it from OVER_LIMIT in {sys.argv[0]}")
    return report("check_file_sizes", problems, f"no file in src/ or include/ over {LIMIT} lines but the {len(OVER_LIMIT)} listed")


if __name__ == "__main__":
    sys.exit(main())
