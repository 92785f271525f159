#!/usr/bin/env bash
# sweepbox's one entry point for people and CI.
#   ./dev.sh demo   install what is missing, build, run the demo scene, write demo.svg (and demo.png)
#   ./dev.sh test   install what is missing, then build and test with GCC and Clang (warnings
#                   are errors), the double-precision build, ASan+UBSan, and a short fuzz run
# Build trees go to build/<name>. FUZZ_RUNS (default 40000) inputs per fuzz target, seed 1,
# capped at FUZZ_SECONDS (default 120) per target; SWEEPBOX_FUZZ_FLAGS replaces both flags.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake ninja-build g++ clang libclang-rt-14-dev libglm-dev libboost-test-dev
          libbenchmark-dev nlohmann-json3-dev librsvg2-bin libbox2d-dev pkg-config python3)

install_deps() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "dev.sh: installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

jobs=$(nproc)
passed=0
failed=0

# configure NAME [cmake args...]
configure() {
    local name=$1; shift
    cmake -S . -B "build/$name" -G Ninja -DSWEEPBOX_WERROR=ON "$@" >/dev/null
}

# run_ctest NAME: runs ctest in build/NAME and adds its counts to the totals.
run_ctest() {
    local name=$1 log
    log=$(mktemp)
    set +e
    (cd "build/$name" && ctest --output-on-failure -j "$jobs" 2>&1) | tee "$log"
    local rc=${PIPESTATUS[0]}
    set -e
    local line total fails
    line=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$log" | tail -n 1 || true)
    total=$(echo "$line" | sed -E 's/.*out of ([0-9]+).*/\1/')
    fails=$(echo "$line" | sed -E 's/.*passed, ([0-9]+) tests failed.*/\1/')
    if [ -z "$line" ]; then total=0; fails=1; fi
    passed=$((passed + total - fails))
    failed=$((failed + fails))
    rm -f "$log"
    if [ "$rc" -ne 0 ]; then echo "dev.sh: ctest failed in build/$name"; fi
    return 0
}

demo() {
    install_deps
    # No -Werror here: a newer compiler's new warning must not keep anyone from the demo.
    cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DSWEEPBOX_TESTS=OFF \
        -DSWEEPBOX_BENCH=OFF >/dev/null
    cmake --build build/release -j "$jobs"
    if [ -x build/release/apps/sweepbox ] && [ -f scenes/grenade_room.json ]; then
        build/release/apps/sweepbox run scenes/grenade_room.json --svg demo.svg
        command -v rsvg-convert >/dev/null && rsvg-convert -o demo.png demo.svg
        echo "dev.sh: the picture is demo.svg (and demo.png)"
    else
        for e in build/release/examples/*; do [ -x "$e" ] && [ -f "$e" ] && "$e"; done
    fi
}

test_all() {
    install_deps
    local t0=$SECONDS
    echo "== GCC (RelWithDebInfo, warnings as errors)"
    configure gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=g++
    cmake --build build/gcc -j "$jobs"
    run_ctest gcc

    echo "== Clang (RelWithDebInfo, warnings as errors)"
    configure clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DSWEEPBOX_BENCH=OFF
    cmake --build build/clang -j "$jobs"
    run_ctest clang

    echo "== double precision (SWEEPBOX_DOUBLE=ON)"
    configure double -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=g++ -DSWEEPBOX_DOUBLE=ON \
        -DSWEEPBOX_BENCH=OFF -DSWEEPBOX_EXAMPLES=OFF
    cmake --build build/double -j "$jobs"
    run_ctest double

    echo "== AddressSanitizer + UndefinedBehaviorSanitizer (Clang)"
    configure asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DSWEEPBOX_BENCH=OFF \
        -DCMAKE_CXX_FLAGS="-O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
        -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined"
    cmake --build build/asan -j "$jobs"
    run_ctest asan

    if [ -f fuzz/run_fuzzers.sh ]; then
        # CI fuzzes the same inputs every time (fixed seed, fixed number of runs, well inside
        # the time cap), so a run is reproducible and a red CI is a real finding; long hunts
        # with fresh seeds are in fuzz/README.md, and what they find becomes a regression file.
        export SWEEPBOX_FUZZ_FLAGS="${SWEEPBOX_FUZZ_FLAGS:--seed=1 -runs=${FUZZ_RUNS:-40000}}"
        echo "== libFuzzer (Clang), at most ${FUZZ_SECONDS:-120} s per target, flags: $SWEEPBOX_FUZZ_FLAGS"
        configure fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DSWEEPBOX_FUZZ=ON \
            -DSWEEPBOX_BENCH=OFF -DSWEEPBOX_EXAMPLES=OFF -DSWEEPBOX_TESTS=OFF
        cmake --build build/fuzz -j "$jobs"
        if bash fuzz/run_fuzzers.sh "${FUZZ_SECONDS:-120}" build/fuzz; then
            passed=$((passed + 1)); echo "fuzz: no finding"
        else
            failed=$((failed + 1)); echo "fuzz: FINDING (see above)"
        fi
    fi
    echo "dev.sh: whole run took $((SECONDS - t0)) s"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

case "${1:-}" in
    demo) demo ;;
    test) test_all ;;
    *) echo "usage: ./dev.sh demo | test" >&2; exit 2 ;;
esac
