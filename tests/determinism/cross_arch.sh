#!/usr/bin/env bash
# Contract rule 10 across compilers and architectures: builds and compares exactly the builds of
# the table in docs/contract.md, rule 10 (its rows that start with "| `build/"):
#   - each build's tree is made if it is missing: a preset of CMakePresets.json (build/NAME), or,
#     for an aarch64 row, a cross build with cmake/aarch64-linux-gnu.cmake, whose programs run
#     under qemu-user; its CMakeCache must say the row's compiler, version, architecture, build
#     type and precision, or the check fails;
#   - sweepbox_determinism (tests/determinism) prints the golden simulation's hash (checked
#     against tests/data) and those of random scenes, and snapshots: the first build of each
#     precision saves them, every other restores those into a fresh world and runs on
#     (--save-snapshots, --check-snapshots); `sweepbox run` runs every scene of scenes/ but
#     those that load an editor's level;
#   - every build's lines must equal the first build's of the same precision, bit for bit.
# Usage: tests/determinism/cross_arch.sh [JOBS]   (outputs in build/cross-arch/)
set -uo pipefail
cd "$(dirname "$0")/../.."
jobs=${1:-$(nproc)}
out=build/cross-arch
rm -rf "$out"
mkdir -p "$out"
qemu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)

rows=$(awk '/^### 10\. Determinism/ { on = 1; next } /^### / { on = 0 } on && /^\| `build\//' docs/contract.md)
if [ -z "$rows" ]; then
    echo "cross_arch: no build rows in docs/contract.md, rule 10" >&2
    exit 1
fi

fail=0
problem() {
    echo "cross_arch: $*" >&2
    fail=1
}

# cache_value DIR NAME: a variable of DIR/CMakeCache.txt.
cache_value() { sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt" | head -n 1; }

# build_tree DIR COMPILER ARCH TYPE PRECISION: configures DIR when it has no cache yet.
build_tree() {
    local dir=$1 compiler=$2 arch=$3 type=$4 precision=$5 cc double=OFF
    [ -f "$dir/CMakeCache.txt" ] && return 0
    if [ "$arch" = x86-64 ]; then
        cmake --preset "${dir#build/}" >/dev/null
        return
    fi
    case $compiler in GCC*) cc=gcc ;; Clang*) cc=clang ;; *) problem "$dir: unknown compiler '$compiler'"; return 1 ;; esac
    [ "$precision" = double ] && double=ON
    cmake -S . -B "$dir" -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
        -DSWEEPBOX_CROSS_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" -DSWEEPBOX_DOUBLE="$double" \
        -DSWEEPBOX_WERROR=ON -DSWEEPBOX_TESTS=OFF -DSWEEPBOX_BENCH=OFF -DSWEEPBOX_EXAMPLES=OFF \
        -DSWEEPBOX_C_API=OFF -DSWEEPBOX_LEVELS=OFF -DSWEEPBOX_INSTALL=OFF -DSWEEPBOX_PROGRAM=ON \
        -DSWEEPBOX_DETERMINISM=ON >/dev/null
}

# check_tree DIR COMPILER ARCH TYPE PRECISION: the tree is what the row says.
check_tree() {
    local dir=$1 compiler=$2 arch=$3 type=$4 precision=$5 id version processor double want_id want_double
    id=$(cache_value "$dir" CMAKE_CXX_COMPILER_ID)
    [ -n "$id" ] || id=$(sed -n 's/^set(CMAKE_CXX_COMPILER_ID "\(.*\)")/\1/p' "$dir"/CMakeFiles/*/CMakeCXXCompiler.cmake | head -n 1)
    version=$(sed -n 's/^set(CMAKE_CXX_COMPILER_VERSION "\([0-9]*\)\..*")/\1/p' "$dir"/CMakeFiles/*/CMakeCXXCompiler.cmake | head -n 1)
    processor=$(sed -n 's/^set(CMAKE_SYSTEM_PROCESSOR "\(.*\)")/\1/p' "$dir"/CMakeFiles/*/CMakeSystem.cmake | head -n 1)
    double=$(cache_value "$dir" SWEEPBOX_DOUBLE)
    case $compiler in GCC*) want_id=GNU ;; Clang*) want_id=Clang ;; *) want_id="?" ;; esac
    [ "$precision" = double ] && want_double=ON || want_double=OFF
    [ "$id $version" = "$want_id ${compiler##* }" ] || problem "$dir: compiler $id $version, the table says $compiler"
    [ "${processor/_/-}" = "$arch" ] || problem "$dir: architecture $processor, the table says $arch"
    [ "$(cache_value "$dir" CMAKE_BUILD_TYPE)" = "$type" ] ||
        problem "$dir: build type $(cache_value "$dir" CMAKE_BUILD_TYPE), the table says $type"
    [ "$double" = "$want_double" ] || problem "$dir: SWEEPBOX_DOUBLE=$double, the table says $precision"
}

first_float="" first_double=""
while IFS='|' read -r _ dir compiler arch type precision _; do
    dir=$(echo "$dir" | tr -d '` ')
    compiler=$(echo "$compiler" | xargs)
    arch=$(echo "$arch" | xargs)
    type=$(echo "$type" | xargs | cut -d' ' -f1)
    precision=$(echo "$precision" | xargs)
    name=${dir#build/}
    t0=$SECONDS
    build_tree "$dir" "$compiler" "$arch" "$type" "$precision" || { problem "$dir: configure failed"; continue; }
    check_tree "$dir" "$compiler" "$arch" "$type" "$precision"
    targets=(sweepbox_determinism)
    [ "$precision" = float ] && targets+=(sweepbox_program)
    if ! cmake --build "$dir" --target "${targets[@]}" -j "$jobs" >"$out/$name.build.log" 2>&1; then
        tail -n 20 "$out/$name.build.log"
        problem "$dir: build failed"
        continue
    fi
    run=()
    [ "$arch" = aarch64 ] && run=("${qemu[@]}")
    golden=tests/data/determinism_hash.txt
    [ "$precision" = double ] && golden=tests/data/determinism_hash_double.txt
    ref=$first_float
    [ "$precision" = double ] && ref=$first_double
    # The first build of a precision saves its snapshots; every other restores those.
    snapshots=(--save-snapshots "$out/snapshots-$precision")
    [ -n "$ref" ] && snapshots=(--check-snapshots "$out/snapshots-$precision")
    mkdir -p "$out/snapshots-$precision"
    "${run[@]}" "$dir/tests/determinism/sweepbox_determinism" --golden "$golden" "${snapshots[@]}" \
        >"$out/$name.txt" 2>"$out/$name.err" || problem "$dir: sweepbox_determinism failed: $(tail -n 3 "$out/$name.err")"
    if [ "$precision" = float ]; then
        for scene in scenes/*.json; do
            # Scenes that load an editor's level need the levels library, which the cross builds
            # leave out (its libraries are the machine's own); natively they have expected outputs.
            grep -q '"level"' "$scene" && continue
            echo "== $scene"
            "${run[@]}" "$dir/apps/sweepbox" run "$scene" || echo "exit $?"
        done >>"$out/$name.txt" 2>&1
    fi
    if [ -z "$ref" ]; then
        if [ "$precision" = double ]; then first_double=$name; else first_float=$name; fi
        verdict="the reference of $precision builds"
    elif cmp -s "$out/$ref.txt" "$out/$name.txt"; then
        verdict="same as $ref"
    else
        diff "$out/$ref.txt" "$out/$name.txt" | head -n 10
        problem "$dir: its lines differ from $ref's ($out/$ref.txt, $out/$name.txt)"
        verdict="DIFFERS from $ref"
    fi
    printf '%-22s %-9s %-8s %-15s %-6s %4d lines  %3d s  %s\n' "$dir" "$compiler" "$arch" "$type" "$precision" \
        "$(wc -l <"$out/$name.txt")" $((SECONDS - t0)) "$verdict"
done <<<"$rows"

if [ "$fail" -ne 0 ]; then
    echo "cross_arch: FAILED"
    exit 1
fi
echo "cross_arch: every build of rule 10 gives the same bits"
