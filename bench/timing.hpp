#pragma once
/// @file timing.hpp
/// What the Google Benchmark programs share: the timed pass over a list of casts (thread CPU
/// time, the allocation check and the hit count check; bench/README.md, "How it is measured")
/// and the end of main.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>

#include "alloc_counter.hpp"
#include "common.hpp"

namespace sweepbox::bench {

/// The hard checks of a timed benchmark: returns false, after SkipWithError, when `ok` is false
/// (`why` says what differs) or the timed passes allocated.
inline bool pass_holds(benchmark::State& state, bool ok, const char* why, std::uint64_t allocations) {
    if (!ok) {
        state.SkipWithError(why);
        return false;
    }
    if (allocations != 0) {
        state.SkipWithError("a steady-state call allocated");
        return false;
    }
    return true;
}

/// Runs cast(q) for every query once per iteration and sets the counters ns_per_query (thread
/// CPU time / queries), allocs_per_query and hits. Returns false, after SkipWithError, when the
/// hits of a pass differ from `expected_hits` or a pass allocated.
template <class Query, class Cast>
bool time_casts(benchmark::State& state, std::span<const Query> queries, std::size_t expected_hits, Cast cast) {
    std::uint64_t allocations = 0;
    std::size_t hits = 0;
    std::int64_t cpu_ns = 0;
    for (auto _ : state) {
        const std::int64_t t0 = thread_cpu_ns();
        const AllocationScope scope;
        std::size_t h = 0;
        real sum = 0;
        for (const Query& q : queries) {
            const CastHit c = cast(q);
            h += c.hit ? 1u : 0u;
            sum += c.hit ? c.time : real(0);
        }
        allocations += scope.count();
        cpu_ns += thread_cpu_ns() - t0;
        benchmark::DoNotOptimize(sum);
        hits = h;
    }
    const double n = double(state.iterations()) * double(queries.size());
    state.counters["ns_per_query"] = double(cpu_ns) / n;
    state.counters["allocs_per_query"] = double(allocations) / n;
    state.counters["hits"] = double(hits);
    return pass_holds(state, hits == expected_hits, "hit count differs from the expected checksum", allocations);
}

/// Runs the registered benchmarks and shuts Google Benchmark down. Returns the program's exit
/// status: 1, after a line naming `program`, when `failed` was set meanwhile (a benchmark's hard
/// check failed), else 0.
inline int run_registered(const char* program, const bool& failed) {
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (failed) {
        std::fprintf(stderr, "%s: FAILED (see the errors above)\n", program);
        return 1;
    }
    return 0;
}

} // namespace sweepbox::bench
