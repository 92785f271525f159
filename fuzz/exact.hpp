#pragma once
/// @file exact.hpp
/// Exact arithmetic on `real` inputs for the fuzz targets' reference answers.
///
/// Every finite float is a dyadic rational m * 2^e with e >= -149 (double: -1074), so
/// x * 2^149 is an integer of at most 128 + 149 = 277 bits. Differences of two such integers
/// need 278 bits and products of two differences 556; a slope's times are fractions of sums of
/// two such products (558 bits), and comparing two of them by cross-multiplication needs 1117:
/// a fixed 2048-bit integer holds every quantity below exactly (double builds use an unbounded
/// integer). Times are kept as fractions num / den with den > 0 and compared by
/// cross-multiplication, never rounded.

#include <cmath>
#include <cstdint>
#include <limits>
#include <boost/multiprecision/cpp_int.hpp>
#include <sweepbox/geometry.hpp>

namespace sweepbox::fuzz {

#if defined(SWEEPBOX_DOUBLE)
using Big = boost::multiprecision::cpp_int;
#else
using Big = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    2048, 2048, boost::multiprecision::signed_magnitude, boost::multiprecision::unchecked, void>>;
#endif

/// The power of two that makes every finite `real` an integer (149 for float, 1074 for double).
inline constexpr int exact_shift = -(std::numeric_limits<real>::min_exponent - std::numeric_limits<real>::digits);

/// x * 2^exact_shift, exactly, as an integer. x must be finite.
inline Big to_big(real x) {
    if (x == 0) return Big(0);
    int e = 0;
    const long double frac = std::frexp(static_cast<long double>(x), &e); // |frac| in [0.5, 1)
    // |x| = m * 2^(e - 64) with m a 64-bit integer (exact: long double has a 64-bit mantissa
    // and real at most 53 bits).
    const long double scaled = std::ldexp(std::fabs(frac), 64);
    const auto m = static_cast<std::uint64_t>(scaled);
    Big r(m);
    const int shift = e - 64 + exact_shift;
    if (shift >= 0) r <<= shift;
    else r >>= -shift; // exact: x * 2^exact_shift is an integer, so the low bits are zero
    return x < 0 ? Big(-r) : r;
}

/// The sign of a Big (-1, 0, +1).
inline int sign(const Big& v) { return v.sign(); }

/// A fraction num / den with den > 0.
struct Frac {
    Big num{0};
    Big den{1};
};

/// num / den with the sign moved into the numerator (den must be non-zero).
inline Frac frac(Big num, Big den) {
    if (sign(den) < 0) return {Big(-num), Big(-den)};
    return {std::move(num), std::move(den)};
}

/// Sign of a - b.
inline int compare(const Frac& a, const Frac& b) {
    const Big l = a.num * b.den;
    const Big r = b.num * a.den;
    return l < r ? -1 : (l > r ? 1 : 0);
}
/// Sign of a - n (n an integer).
inline int compare(const Frac& a, int n) {
    const Big r = a.den * n;
    return a.num < r ? -1 : (a.num > r ? 1 : 0);
}

/// An approximation of a fraction, for messages only.
inline long double approx(const Frac& f) { return f.num.convert_to<long double>() / f.den.convert_to<long double>(); }

} // namespace sweepbox::fuzz
