#pragma once
// Internal: std::bit_cast where the standard library has it (the same function, so the same
// code), else one on the compiler's builtin that implements it (the libc++ of Debian's
// Emscripten lacks std::bit_cast).

#include <bit>
#include <type_traits>

namespace sweepbox::detail {

#if defined(__cpp_lib_bit_cast)
using std::bit_cast;
#else
template <class To, class From>
requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>)
    [[nodiscard]] constexpr To bit_cast(const From& from) noexcept {
    return __builtin_bit_cast(To, from);
}
#endif

} // namespace sweepbox::detail
