// The replaced global allocator of the benchmark programs: every form of operator new and
// delete goes through malloc/free and bumps two relaxed atomic counters.
#include "alloc_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <new>

namespace {
std::atomic<std::uint64_t> g_allocations{0};
std::atomic<std::int64_t> g_live_bytes{0};

void* counted_alloc(std::size_t size, std::size_t align) noexcept {
    if (size == 0) size = 1;
    void* p = nullptr;
    if (align <= alignof(std::max_align_t)) {
        p = std::malloc(size);
    } else {
        const std::size_t rounded = (size + align - 1) / align * align;
        p = std::aligned_alloc(align, rounded);
    }
    if (p != nullptr) {
        g_allocations.fetch_add(1, std::memory_order_relaxed);
        g_live_bytes.fetch_add(std::int64_t(malloc_usable_size(p)), std::memory_order_relaxed);
    }
    return p;
}

void* counted_alloc_or_throw(std::size_t size, std::size_t align) {
    void* p = counted_alloc(size, align);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}

void counted_free(void* p) noexcept {
    if (p == nullptr) return;
    g_live_bytes.fetch_sub(std::int64_t(malloc_usable_size(p)), std::memory_order_relaxed);
    std::free(p);
}

constexpr std::size_t plain = alignof(std::max_align_t);
} // namespace

namespace sweepbox::bench {
std::uint64_t allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
std::int64_t live_heap_bytes() { return g_live_bytes.load(std::memory_order_relaxed); }
} // namespace sweepbox::bench

void* operator new(std::size_t n) { return counted_alloc_or_throw(n, plain); }
void* operator new[](std::size_t n) { return counted_alloc_or_throw(n, plain); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, plain); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, plain); }
void* operator new(std::size_t n, std::align_val_t a) { return counted_alloc_or_throw(n, std::size_t(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_alloc_or_throw(n, std::size_t(a)); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return counted_alloc(n, std::size_t(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return counted_alloc(n, std::size_t(a));
}
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }
