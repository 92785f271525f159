#!/bin/sh
# Instructions per query of each workload, counted by callgrind (repeatable on a shared
# machine, unlike wall-clock time). Usage: bench/callgrind.sh BUILD_DIR [COUNT] [DATA_DIR]
# DATA_DIR defaults to the workloads the build generated, BUILD_DIR/bench/data (the counts in
# bench/README.md say which data they were measured on). Writes BUILD_DIR/callgrind.<workload>.out
# (open with callgrind_annotate --auto=yes; build with -DCMAKE_CXX_FLAGS=-g for per-line counts)
# and prints one line per workload. The hills' workloads (rays_hills, boxcasts_hills, moves_hills)
# come from DATA_DIR/hills when it exists, else from BUILD_DIR/bench/data/hills.
set -eu
build=${1:?usage: callgrind.sh BUILD_DIR [COUNT] [DATA_DIR]}
count=${2:-20000}
data=${3:-$build/bench/data}
profile="$build/bench/sweepbox_profile"
[ -x "$profile" ] || { echo "callgrind.sh: $profile not built" >&2; exit 2; }
[ -d "$data/tile_world" ] || { echo "callgrind.sh: no workloads in $data" >&2; exit 2; }
hills=$data
[ -d "$hills/hills" ] || hills=$build/bench/data
for w in rays_tile_map boxcasts_tile_map rays_bodies boxcasts_bodies crowd rays_hills boxcasts_hills moves_hills; do
  out="$build/callgrind.$w.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*run_workload*' \
    "$profile" "$w" --count "$count" --data "$data" --hills "$hills" >/dev/null 2>"$out.log"
  ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out")
  n=$count
  [ "$w" = crowd ] && n=100000 # one pass: 100 frames x 1,000 moves
  echo "$w: $ir instructions / $n = $((ir / n)) per query"
done
