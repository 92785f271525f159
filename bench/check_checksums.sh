#!/bin/sh
# Checks sweepbox's answers on one workload directory, timing nothing: bench_tile_world compares
# every ray and box cast (tile map and bodies worlds) with the exact reference and with the
# directory's expected checksums (its checksums.txt, or the published ones of the shared set,
# which has none); bench_crowd runs the 100 frames in the grid world and in the brute-force
# reference world and compares every final box; bench_hills checks the hills' rays and box casts
# (DATA_DIR/hills, else the generated BUILD_DIR/bench/data/hills) against their exact checksums,
# and the first 2,000 queries of every kind on both maps against the brute-force world. Exits 1
# on any mismatch, 2 when something is missing. Usage: bench/check_checksums.sh BUILD_DIR [DATA_DIR]
# DATA_DIR defaults to the workloads the build generated, BUILD_DIR/bench/data. BUILD_DIR needs
# -DSWEEPBOX_BENCH=ON (the default at top level) and Google Benchmark; any build type works.
set -eu
usage="usage: check_checksums.sh BUILD_DIR [DATA_DIR]"
build=${1:?$usage}
data=${2:-$build/bench/data}
for p in bench_tile_world bench_crowd bench_hills; do
  if [ ! -x "$build/bench/$p" ]; then
    echo "check_checksums.sh: $build/bench/$p not built (cmake --build $build --target $p;" \
         "needs -DSWEEPBOX_BENCH=ON and libbenchmark-dev)" >&2
    exit 2
  fi
done
if [ ! -d "$data/tile_world" ] || [ ! -d "$data/crowd" ]; then
  echo "check_checksums.sh: no workloads in $data (cmake --build $build --target sweepbox_bench_workloads" \
       "generates them in $build/bench/data)" >&2
  exit 2
fi
status=0
"$build/bench/bench_tile_world" --data "$data" --check-only || status=1
"$build/bench/bench_crowd" --data "$data" --check-reference --check-only || status=1
"$build/bench/bench_hills" --data "$data" --check-reference --check-only || status=1
if [ "$status" -ne 0 ]; then
  echo "check_checksums.sh: MISMATCH on $data (see above)" >&2
  exit 1
fi
echo "check_checksums.sh: every answer on $data matches"
