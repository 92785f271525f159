#pragma once
// Internal: std::bit_cast where the standard library has it, else the compiler's builtin that
// implements it (the libc++ of Debian's Emscripten lacks std::bit_cast); the same bits either way.

#include <bit>
#include <type_traits>

namespace sweepbox::detail {

template <class To, class From>
requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>)
    [[nodiscard]] constexpr To bit_cast(const From& from) noexcept {
#if defined(__cpp_lib_bit_cast)
    return std::bit_cast<To>(from);
#else
    return __builtin_bit_cast(To, from);
#endif
}

} // namespace sweepbox::detail
