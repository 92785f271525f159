// A global operator new that fails on demand, for test_c_api_vs_cpp's out-of-memory case. It
// replaces the program's, libsweepbox_c's included (the library's calls to operator new resolve
// to the program's), so the library's own allocations can be made to fail. Under AddressSanitizer,
// which brings its own operator new, nothing is replaced and the case is skipped. Kept in its own
// file so that no caller sees malloc and free through inlined new and delete (GCC's
// -Wmismatched-new-delete).
#include <atomic>
#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#    define SWEEPBOX_TEST_SANITIZED 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define SWEEPBOX_TEST_SANITIZED 1
#    endif
#endif

namespace sbt {
namespace {
std::atomic<bool> failing{false};
} // namespace

/// True when operator new is replaced here and fail_allocations works.
bool can_fail_allocations() {
#if defined(SWEEPBOX_TEST_SANITIZED)
    return false;
#else
    return true;
#endif
}

/// While on, every operator new (of the forms replaced here) throws std::bad_alloc.
void fail_allocations(bool on) { failing.store(on, std::memory_order_relaxed); }
} // namespace sbt

#if !defined(SWEEPBOX_TEST_SANITIZED)
void* operator new(std::size_t n) {
    if (sbt::failing.load(std::memory_order_relaxed)) throw std::bad_alloc();
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t /*n*/) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t /*n*/) noexcept { std::free(p); }
#endif
