#pragma once
/// @file alloc_counter.hpp
/// Counts heap allocations and live heap bytes through a replaced global operator new/delete
/// (alloc_counter.cpp, linked into every benchmark program). Used to prove that steady-state
/// `move`, `cast_*` and `query_*` calls allocate nothing, and to measure memory per body.

#include <cstddef>
#include <cstdint>

namespace sweepbox::bench {

/// Number of successful calls to any global operator new since the program started.
[[nodiscard]] std::uint64_t allocation_count();
/// Bytes currently held by objects from global operator new (malloc_usable_size of each block).
[[nodiscard]] std::int64_t live_heap_bytes();

/// Allocations made between construction and `count()`.
class AllocationScope {
public:
    AllocationScope() : start_(allocation_count()) {}
    /// Allocations since the scope began.
    [[nodiscard]] std::uint64_t count() const { return allocation_count() - start_; }

private:
    std::uint64_t start_;
};

} // namespace sweepbox::bench
