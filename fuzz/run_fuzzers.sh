#!/usr/bin/env bash
# Runs every libFuzzer target of a SWEEPBOX_FUZZ=ON build for a bounded time, one after the
# other, each on a copy of its checked-in corpus (the repository is never written), with its
# dictionary. Builds nothing. Exits non-zero if any target reports a finding (a property
# violation, a sanitizer report, a crash, a timeout or running out of memory); the inputs
# that failed are copied to $SWEEPBOX_FUZZ_ARTIFACTS (default: ./fuzz-artifacts).
#
# usage: fuzz/run_fuzzers.sh SECONDS_PER_TARGET BUILD_DIR [TARGET...]
#   e.g. cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DSWEEPBOX_FUZZ=ON \
#              -DSWEEPBOX_BENCH=OFF -DSWEEPBOX_EXAMPLES=OFF && cmake --build build-fuzz -j2
#        fuzz/run_fuzzers.sh 45 build-fuzz
# Extra libFuzzer flags can be passed in SWEEPBOX_FUZZ_FLAGS (e.g. "-jobs=1 -rss_limit_mb=4096"),
# and flags for one target in SWEEPBOX_FUZZ_FLAGS_<target>, after those (the last of a flag wins).
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 SECONDS_PER_TARGET BUILD_DIR [TARGET...]" >&2
  exit 2
fi
seconds=$1
build=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_sweep fuzz_world fuzz_rooms fuzz_queries fuzz_scene fuzz_particles fuzz_platforms fuzz_slopes fuzz_levels
           fuzz_clusters fuzz_snapshot fuzz_moving)
fi
artifacts=${SWEEPBOX_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}
mkdir -p "$artifacts"
work=$(mktemp -d "${TMPDIR:-/tmp}/sweepbox-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

status=0
ran=0
for t in "${targets[@]}"; do
  bin="$build/fuzz/$t"
  if [ ! -x "$bin" ]; then
    if [ "$t" = fuzz_scene ] || [ "$t" = fuzz_levels ]; then
      echo "== $t: not built (no scene or levels library), skipped"
      continue
    fi
    echo "== $t: $bin not found (configure with -DSWEEPBOX_FUZZ=ON and build first)" >&2
    status=1
    continue
  fi
  corpus="$work/$t"
  mkdir -p "$corpus" "$work/$t-artifacts"
  if [ -d "$here/corpus/$t" ]; then cp -r "$here/corpus/$t/." "$corpus/"; fi
  if [ -d "$here/regressions/$t" ]; then find "$here/regressions/$t" -maxdepth 1 -type f ! -name "*.md" ! -name ".*" -exec cp {} "$corpus/" \;; fi
  dict=()
  if [ -f "$here/$t.dict" ]; then dict=(-dict="$here/$t.dict"); fi
  own="SWEEPBOX_FUZZ_FLAGS_$t"
  echo "== $t: ${seconds}s"
  # -timeout: one input may take at most 25 s (a hang is a finding);
  # -rss_limit_mb: a leak or runaway allocation is a finding.
  # shellcheck disable=SC2086
  "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 \
    -print_final_stats=1 -artifact_prefix="$work/$t-artifacts/" ${SWEEPBOX_FUZZ_FLAGS:-} ${!own:-} \
    > "$work/$t.log" 2>&1
  rc=$?
  ran=$((ran + 1))
  grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" "$work/$t.log" | sed "s/^/   $t /"
  if [ $rc -ne 0 ] || ls "$work/$t-artifacts/"* > /dev/null 2>&1; then
    echo "== $t: FINDING (exit $rc)" >&2
    grep -E -A12 "PROPERTY VIOLATED|ERROR: (AddressSanitizer|libFuzzer|UndefinedBehaviorSanitizer)|runtime error" "$work/$t.log" | head -40 >&2
    mkdir -p "$artifacts/$t"
    cp "$work/$t-artifacts/"* "$artifacts/$t/" 2>/dev/null
    cp "$work/$t.log" "$artifacts/$t.log"
    echo "   inputs and log copied to $artifacts/; reproduce with: $build/fuzz/${t}_replay <input>" >&2
    status=1
  else
    echo "== $t: no finding"
  fi
done
if [ $ran -eq 0 ]; then
  echo "no fuzz target ran" >&2
  exit 1
fi
exit $status
