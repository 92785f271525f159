#!/usr/bin/env bash
# sweepbox's one entry point for people and CI. The builds are the presets of CMakePresets.json
# (build trees in build/<preset>): this script only chooses which ones to run, and times them.
#   ./dev.sh demo [--json] install what is missing, build the `demo` preset, run the demo scene,
#                          print a line a step (--json: every contact, as JSON Lines), write
#                          demo.jsonl, demo.svg (and demo.png)
#   ./dev.sh test          what CI runs (.ci/run): install what is missing, then these steps, each
#                          one timed, going on after a failed one:
#                            gcc     configure, build, ctest (GCC, warnings are errors)
#                            clang   the same with Clang
#                            double  the same with SWEEPBOX_DOUBLE=ON (GCC)
#                            asan    the same with ASan + UBSan (Clang)
#                            cross-arch  contract rule 10 across compilers and architectures
#                                    (tests/determinism/cross_arch.sh): builds for aarch64 with GCC
#                                    and Clang, runs them under qemu-user and compares their answers
#                                    with the x86-64 builds' above, bit for bit
#                            fuzz    every libFuzzer target (Clang), seed 1, FUZZ_RUNS inputs
#                            bench checksums      bench/check_checksums.sh on build/gcc's data
#                            published checksums  the same on ../shared/bench, when it exists
#                            lint    clang-format and clang-tidy (as `./dev.sh lint`)
#                            web     ./dev.sh web, the package's Node tests (web/test, against the
#                                    native sweepbox program of build/gcc), and the playground in
#                                    headless Chromium (web/test/browser.js, screenshots in
#                                    build/web/screenshots)
#                          then a table of the steps with their times, "P passed, F failed", and a
#                          non-zero exit if any step failed.
#   ./dev.sh test --quick  for day-to-day work: gcc, a short fuzz run (FUZZ_RUNS default 2000; the
#                          fuzz preset is Clang's libFuzzer build), the bench checksums; no clang,
#                          double or asan preset, no lint
#   ./dev.sh lint          clang-format --dry-run --Werror over the C and C++ files of src,
#                          include, tests, bench, apps, examples and fuzz; clang-tidy (.clang-tidy)
#                          over src/ (the core, the scene layer, the C API) and include/ with the
#                          clang preset's compile_commands.json
#   ./dev.sh format        clang-format -i over those same files (rewrites them in place)
#   ./dev.sh web           the web package: the WebAssembly modules (the web and web-double presets,
#                          Emscripten) staged into web/dist with the scenes and their level files;
#                          then `cd web && python3 -m http.server` serves web/playground/
# Fuzzing: FUZZ_RUNS (default 40000, --quick 2000) inputs per target, seed 1, each target capped
# at FUZZ_SECONDS (default 120); SWEEPBOX_FUZZ_FLAGS replaces "-seed=1 -runs=N".
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake ninja-build g++ clang libclang-rt-14-dev clang-format-14 clang-tidy-14 libglm-dev
          libboost-test-dev libbenchmark-dev nlohmann-json3-dev librsvg2-bin libbox2d-dev pkg-config python3
          luajit lua-busted zlib1g-dev libzstd-dev love xvfb xauth emscripten nodejs chromium
          g++-aarch64-linux-gnu qemu-user)

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
clang_format=clang-format-14 # pinned: another version formats some lines differently
clang_tidy=clang-tidy-14

# ---- steps: each one prints a header, its time when done, and goes into the final table

step_names=()
step_results=()
step_seconds=()
step_notes=()
step_note="" # a step function may leave a note for the table (e.g. the ctest count)
step_total=0 # number of steps of this run, for the headers
step_index=0

# step NAME FUNCTION [ARGS...]: runs FUNCTION ARGS as one step. FUNCTION fails by returning
# non-zero; errexit is off inside it (it runs in a condition), so it checks each command itself.
step() {
    local name=$1; shift
    step_index=$((step_index + 1))
    echo
    echo "==== [$step_index/$step_total] $name ($(date +%H:%M:%S))"
    step_note=""
    local t0=$SECONDS result=passed
    "$@" || result=FAILED
    local dt=$((SECONDS - t0))
    echo "step $name: $dt s ($result)"
    step_names+=("$name"); step_results+=("$result"); step_seconds+=("$dt"); step_notes+=("$step_note")
}

# skip NAME REASON: a step that did not run (it counts neither as passed nor as failed).
skip() {
    step_index=$((step_index + 1))
    echo
    echo "==== [$step_index/$step_total] $1"
    echo "$1: $2, skipped"
    step_names+=("$1"); step_results+=(skipped); step_seconds+=(0); step_notes+=("$2")
}

summary() {
    local total=$1 passed=0 failed=0 i
    echo
    echo "==== summary"
    printf '%-22s %-8s %6s  %s\n' step result time ""
    for i in "${!step_names[@]}"; do
        printf '%-22s %-8s %4s s  %s\n' "${step_names[$i]}" "${step_results[$i]}" "${step_seconds[$i]}" \
            "${step_notes[$i]}"
        case ${step_results[$i]} in
            passed) passed=$((passed + 1)) ;;
            FAILED) failed=$((failed + 1)) ;;
        esac
    done
    printf '%-22s %-8s %4s s  (%d min %d s)\n' total "" "$total" $((total / 60)) $((total % 60))
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# preset NAME: configure, build and test one preset of CMakePresets.json (build/NAME).
preset() {
    local name=$1 log rc
    cmake --preset "$name" >/dev/null || return 1
    cmake --build --preset "$name" -j "$jobs" || return 1
    log=$(mktemp)
    ctest --preset "$name" -j "$jobs" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    step_note=$(grep -Eo "[0-9]+ tests failed out of [0-9]+" "$log" | tail -n 1 |
        sed -E 's/([0-9]+) tests failed out of ([0-9]+)/\2 tests, \1 failed/' || true)
    rm -f "$log"
    return "$rc"
}

# fuzz RUNS: builds the fuzz preset and runs every target with fuzz/run_fuzzers.sh, printing the
# time each target took (the script itself prints only the cap).
fuzz() {
    local cap=${FUZZ_SECONDS:-120} t0=$SECONDS line rc
    # CI fuzzes the same inputs every time (fixed seed, fixed number of runs, well inside the
    # time cap), so a run is reproducible and a red CI is a real finding; long hunts with fresh
    # seeds are in fuzz/README.md, and what they find becomes a regression file.
    local flags=${SWEEPBOX_FUZZ_FLAGS:--seed=1 -runs=$1}
    # fuzz_clusters' inputs are slow (about 350 a second under the sanitizers): a few seconds.
    local clusters_runs=$(($1 < 2000 ? $1 : 2000))
    export SWEEPBOX_FUZZ_FLAGS_fuzz_clusters=${SWEEPBOX_FUZZ_FLAGS_fuzz_clusters:--runs=$clusters_runs}
    cmake --preset fuzz >/dev/null || return 1
    cmake --build --preset fuzz -j "$jobs" || return 1
    echo "flags: $flags; each target capped at $cap s"
    SWEEPBOX_FUZZ_FLAGS=$flags bash fuzz/run_fuzzers.sh "$cap" build/fuzz 2>&1 |
        while IFS= read -r line; do
            case $line in
                "== "*": ${cap}s") t0=$SECONDS; echo "${line%: *}: running" ;;
                "== "*": no finding" | "== "*": FINDING"*) echo "$line, $((SECONDS - t0)) s" ;;
                *) echo "$line" ;;
            esac
        done
    rc=${PIPESTATUS[0]}
    step_note="flags $flags"
    return "$rc"
}

# checksums DATA_DIR: the benchmark workloads' answers of build/gcc against the checksums in DATA_DIR.
checksums() {
    bash bench/check_checksums.sh build/gcc "$1"
}

# The project's C and C++ files, for clang-format.
cpp_files() {
    find src include tests bench apps examples fuzz -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.c' \) |
        LC_ALL=C sort
}

lint() {
    local rc=0 f n out bad=0 files=()
    mapfile -t files < <(cpp_files)
    echo "-- $clang_format --dry-run --Werror (.clang-format) over ${#files[@]} files"
    for f in "${files[@]}"; do
        if ! out=$("$clang_format" --dry-run --Werror "$f" 2>&1); then
            n=$(grep -c ": error: code should be clang-formatted" <<<"$out" || true)
            if [ "$n" -eq 0 ]; then echo "$out" | head -n 3; fi # not a format finding: show it
            echo "   $f ($n places)"
            bad=$((bad + 1))
        fi
    done
    if [ "$bad" -ne 0 ]; then
        echo "clang-format: $bad of ${#files[@]} files are not formatted (./dev.sh format rewrites them)"
        rc=1
    else
        echo "clang-format: all ${#files[@]} files formatted"
    fi

    # clang-tidy reads the compile commands of the clang preset (GCC's flags can confuse it);
    # configuring is enough, nothing needs to be built.
    local tus=()
    mapfile -t tus < <(find src -name '*.cpp' | LC_ALL=C sort)
    echo "-- $clang_tidy (.clang-tidy) over ${#tus[@]} files of src/ and the headers of src/ and include/"
    cmake --preset clang >/dev/null || return 1
    out=$(mktemp -d)
    # One clang-tidy per file, $jobs at a time, each into its own log (the outputs do not mix).
    # shellcheck disable=SC2016 # the sh -c script expands its own arguments
    printf '%s\n' "${tus[@]}" | xargs -P "$jobs" -I{} sh -c \
        '"$0" -p build/clang --quiet --warnings-as-errors="*" "$1" >"$2/$(echo "$1" | tr / _).log" 2>&1 ||
             echo "$1" >>"$2/failed"' "$clang_tidy" {} "$out"
    # Each finding once (one in a header comes from every file that includes it), with its notes.
    cat "$out"/*.log | grep -v -E "^[0-9]+ (warnings?|errors?)( and [0-9]+ errors?)? (generated|treated as errors)\.?$" |
        awk 'BEGIN { show = 1 } /^[^ ].*:[0-9]+:[0-9]+: (warning|error): / { show = !seen[$0]++ } show' || true
    local findings
    findings=$(cat "$out"/*.log | grep -E "^[^ ].*: (warning|error): .*\[[a-z-]+.*\]$" | sort -u | wc -l)
    if [ -f "$out/failed" ]; then
        echo "clang-tidy: $findings findings (in $(wc -l <"$out/failed") of ${#tus[@]} files)"
        rc=1
    else
        echo "clang-tidy: no finding"
    fi
    rm -rf "$out"
    step_note="clang-format: $bad files to format; clang-tidy: $findings findings"
    return "$rc"
}

format() {
    local files=()
    mapfile -t files < <(cpp_files)
    "$clang_format" -i "${files[@]}"
    echo "dev.sh: formatted ${#files[@]} files with $clang_format (.clang-format)"
}

# The web package's modules (src/web) into web/dist, with the scenes the playground lists. The
# optimizer of Debian's Emscripten finds its JavaScript modules (acorn) through NODE_PATH.
web_build() {
    export NODE_PATH=/usr/share/nodejs
    cmake --preset web >/dev/null || return 1
    cmake --build --preset web -j "$jobs" || return 1
    cmake --preset web-double >/dev/null || return 1
    cmake --build --preset web-double --target sweepbox_wasm -j "$jobs" || return 1
    rm -rf web/dist
    mkdir -p web/dist/scenes
    cp build/web/src/web/sweepbox.wasm build/web/src/web/sweepbox_scene.wasm web/dist/ || return 1
    cp build/web-double/src/web/sweepbox.wasm web/dist/sweepbox_double.wasm || return 1
    # Every scene, and the editor levels beside them (scenes/levels), which the playground
    # fetches as a scene's "level" asks for them.
    python3 -c 'import json, pathlib, shutil
scenes = [(f, json.loads(f.read_text())) for f in sorted(pathlib.Path("scenes").glob("*.json"))]
for f, _ in scenes: shutil.copy(f, "web/dist/scenes/")
pathlib.Path("web/dist/scenes/levels").mkdir()
for f in sorted(pathlib.Path("scenes/levels").iterdir()):
    if f.suffix != ".py": shutil.copy(f, "web/dist/scenes/levels/")
print(json.dumps([{"file": f.name, "description": s.get("description", "")} for f, s in scenes], indent=1))' \
        >web/dist/scenes/index.json || return 1
    ls -l web/dist
}

web() {
    install_deps
    web_build || exit 1
    echo "dev.sh: the package is web/ (modules in web/dist); the playground: cd web && python3 -m http.server,"
    echo "        then http://localhost:8000/playground/"
}

# The web step of ./dev.sh test: the package built, the Node tests (the scenes against the native
# program of build/gcc, built here when the gcc step has not), the playground in headless Chromium.
web_test() {
    local rc=0
    web_build || return 1
    if [ ! -x build/gcc/apps/sweepbox ]; then
        cmake --preset gcc >/dev/null && cmake --build --preset gcc --target sweepbox_program -j "$jobs" || return 1
    fi
    (cd web && node --test test/*.test.js) || rc=1
    node web/test/browser.js build/web/screenshots || rc=1
    step_note="screenshots in build/web/screenshots"
    return "$rc"
}

# One line a step of `sweepbox run`'s JSON Lines: what moved, how many contacts, where it ended.
demo_summary() {
    local script
    script=$(cat <<'PY'
import json, sys
for line in sys.stdin:
    s = json.loads(line)
    what = "step %d: %s %s" % (s["step"], s["op"], s.get("body", ""))
    if "frames" in s:
        what += ", %d frames" % s["frames"]
    n = len(s.get("contacts", [])) + s.get("contacts_omitted", 0)
    what += ", %d contact%s" % (n, "" if n == 1 else "s")
    if "box" in s:
        what += ", ends at [%s]" % ", ".join("%g" % v for v in s["box"])
    if "velocity" in s:
        what += " moving at (%s)" % ", ".join("%g" % v for v in s["velocity"])
    if s.get("on_floor"):
        what += ", on the floor"
    if s.get("stuck"):
        what += ", stuck (started inside, no way out in reach)"
    print("  " + what)
PY
)
    python3 -c "$script"
}

demo() {
    install_deps
    # The demo preset: no -Werror, so that a newer compiler's new warning keeps no one from the demo.
    cmake --preset demo >/dev/null
    cmake --build --preset demo -j "$jobs"
    if [ -x build/demo/apps/sweepbox ] && [ -f scenes/grenade_room.json ]; then
        build/demo/apps/sweepbox run scenes/grenade_room.json --svg demo.svg > demo.jsonl || return 1
        command -v rsvg-convert >/dev/null && rsvg-convert -o demo.png demo.svg
        # A few readable lines; the whole answer (every contact) is demo.jsonl, `--json` prints it.
        if [ "${1:-}" = --json ]; then cat demo.jsonl; else demo_summary < demo.jsonl; fi
        echo "dev.sh: the picture is demo.svg (and demo.png); every step's answer is in demo.jsonl"
    else
        for e in build/demo/examples/*; do [ -x "$e" ] && [ -f "$e" ] && "$e"; done
    fi
}

test_all() {
    local quick=$1
    install_deps
    local t0=$SECONDS
    if [ "$quick" = 1 ]; then
        step_total=4
        step gcc preset gcc
        step fuzz fuzz "${FUZZ_RUNS:-2000}"
    else
        step_total=10
        step gcc preset gcc
        step clang preset clang
        step double preset double
        step asan preset asan
        step cross-arch bash tests/determinism/cross_arch.sh "$jobs"
        step fuzz fuzz "${FUZZ_RUNS:-40000}"
    fi
    # The benchmark workloads' answers: the data the gcc build generates, then the published data.
    step "bench checksums" checksums build/gcc/bench/data
    if [ -d ../shared/bench ]; then
        step "published checksums" checksums ../shared/bench
    else
        skip "published checksums" "../shared/bench not present"
    fi
    [ "$quick" = 1 ] || step lint lint
    [ "$quick" = 1 ] || step web web_test
    summary $((SECONDS - t0))
}

case "${1:-}" in
    demo) shift; demo "$@" ;;
    test)
        case "${2:-}" in
            "") test_all 0 ;;
            --quick) test_all 1 ;;
            *) echo "usage: ./dev.sh test [--quick]" >&2; exit 2 ;;
        esac
        ;;
    lint)
        install_deps
        step_total=1
        t0=$SECONDS
        step lint lint
        summary $((SECONDS - t0))
        ;;
    format) install_deps; format ;;
    web) web ;;
    *) echo "usage: ./dev.sh demo | test [--quick] | lint | format | web" >&2; exit 2 ;;
esac
