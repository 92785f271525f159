// detail::Extended (src/core/extended.hpp) against the x87's own long double, bit
// for bit: every operation and conversion the library uses, on random and adversarial operands
// (ties, subnormals of float, double and the extended format, overflow, cancellation, exponent
// gaps of every size, NaNs and infinities). x86-64 only: there long double is the x87 format.
//
//   sweepbox_extended_check [ROUNDS] [SEED]   (ROUNDS of about 40 operations each; default 50000)
//
// Prints the count of each operation checked and every mismatch (up to 20), exits 1 on any.
#include "core/extended.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

static_assert(std::numeric_limits<long double>::digits == 64 && std::numeric_limits<long double>::max_exponent == 16384,
              "the reference is the x87's long double");

using sweepbox::detail::Extended;
using L = long double;

namespace {

// Constant evaluation must work: the library makes constants of its wider type.
constexpr Extended kUnit = Extended(1) / Extended(std::uint64_t(1) << 50);
static_assert(kUnit.sign_exponent() == 16383 - 50 && kUnit.significand() == std::uint64_t(1) << 63);
static_assert(std::numeric_limits<Extended>::digits == std::numeric_limits<L>::digits);

struct Rng { // splitmix64
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % std::uint64_t(n)); }
    bool chance(int one_in) { return below(one_in) == 0; }
};

Extended soft(L v) {
    std::uint64_t m = 0;
    std::uint16_t se = 0;
    std::memcpy(&m, &v, 8);
    std::memcpy(&se, reinterpret_cast<const char*>(&v) + 8, 2);
    return Extended::from_bits(se, m);
}
L hard(Extended v) {
    L r = 0;
    const std::uint64_t m = v.significand();
    const std::uint16_t se = v.sign_exponent();
    std::memcpy(&r, &m, 8);
    std::memcpy(reinterpret_cast<char*>(&r) + 8, &se, 2);
    return r;
}
std::string hex(Extended v) {
    char b[40];
    std::snprintf(b, sizeof b, "%04x:%016" PRIx64, unsigned(v.sign_exponent()), v.significand());
    return b;
}

// A canonical value of the format: mostly finite, exponents across the range or near its edges
// (and near double's and float's), significands with random trailing zeros (exact results and
// ties), now and then zero, infinity or NaN.
Extended operand(Rng& r) {
    const std::uint16_t sign = r.chance(2) ? 0x8000 : 0;
    const int kind = r.below(64);
    if (kind == 0) return Extended::from_bits(sign, 0);
    if (kind == 1) return Extended::from_bits(std::uint16_t(sign | 0x7fff), std::uint64_t(1) << 63);
    if (kind == 2)
        return Extended::from_bits(std::uint16_t(sign | 0x7fff), (std::uint64_t(3) << 62) | (r.next() >> 20));
    std::uint64_t m = r.next() | (std::uint64_t(1) << 63);
    if (r.chance(2)) m &= ~std::uint64_t(0) << r.below(64); // trailing zeros
    if (r.chance(8)) m = (std::uint64_t(1) << 63) | (r.chance(2) ? ~std::uint64_t(0) >> (1 + r.below(63)) : 0);
    int e = 0;
    switch (r.below(8)) {
    case 0: e = 1 + r.below(32766); break;               // anywhere
    case 1: e = r.below(70); break;                      // subnormal or near it (0: subnormal)
    case 2: e = 32766 - r.below(70); break;              // near overflow
    case 3: e = 16383 - 1022 - 70 + r.below(140); break; // double's smallest normals and subnormals
    case 4: e = 16383 + 1023 - 70 + r.below(80); break;  // double's overflow
    case 5: e = 16383 - 126 - 30 + r.below(60); break;   // float's subnormals
    default: e = 16383 - 40 + r.below(80); break;        // ordinary magnitudes, integers
    }
    if (e == 0) m >>= 1 + r.below(63); // a subnormal of the format: the integer bit clear
    return Extended::from_bits(std::uint16_t(sign | e), m);
}

// A second operand related to the first: equal, a few ulps off, shifted by a gap (big or near the
// 64 and 128 bits of the sum's window), or half an ulp (ties); else unrelated.
Extended partner(Rng& r, Extended a) {
    const L x = hard(a);
    switch (r.below(8)) {
    case 0: return soft(x);
    case 1:
        return soft(std::nextafter(std::nextafter(x, r.chance(2) ? 0.0L : INFINITY), r.chance(2) ? 0.0L : INFINITY));
    case 2: { // low bits changed (the integer bit kept as the encoding wants it)
        const std::uint64_t m = a.significand() ^ (r.next() >> (1 + r.below(63)));
        return Extended::from_bits(a.sign_exponent(), m);
    }
    case 3: { // an exponent gap
        const int gaps[] = {1, 2, 62, 63, 64, 65, 66, 127, 128, 129, 130, 200, 5000, 20000};
        const int e = (a.sign_exponent() & 0x7fff) + gaps[r.below(14)] * (r.chance(2) ? 1 : -1);
        const Extended o = operand(r);
        if (e < 1 || e > 32766) return o;
        return Extended::from_bits(std::uint16_t((o.sign_exponent() & 0x8000) | e),
                                   o.significand() | (std::uint64_t(1) << 63));
    }
    case 4: { // half an ulp of a, or a power of two at a's ulp: ties
        const int e = a.sign_exponent() & 0x7fff;
        const int ulp = e - 63 - 1 + r.below(3);
        const std::uint64_t m = r.chance(2) ? std::uint64_t(1) << 63 : (std::uint64_t(3) << 62);
        return ulp > 0 && ulp < 32767 ? Extended::from_bits(std::uint16_t((r.chance(2) ? 0x8000 : 0) | ulp), m)
                                      : operand(r);
    }
    default: return operand(r);
    }
}

double random_double(Rng& r) {
    double d = 0;
    std::uint64_t b = r.next();
    if (r.chance(3))
        b = (b & 0x800fffffffffffffu) | (std::uint64_t(r.below(2) ? r.below(60) : 2047 - r.below(3)) << 52);
    std::memcpy(&d, &b, 8);
    return d;
}
float random_float(Rng& r) {
    float f = 0;
    std::uint32_t b = std::uint32_t(r.next());
    if (r.chance(3)) b = (b & 0x807fffffu) | (std::uint32_t(r.below(2) ? r.below(30) : 255 - r.below(3)) << 23);
    std::memcpy(&f, &b, 4);
    return f;
}

struct Checker {
    long long checks[32] = {};
    const char* names[32] = {};
    long long failures = 0;
    Extended a{}, b{};

    void same(int op, const char* name, Extended want, Extended got) {
        names[op] = name;
        ++checks[op];
        if (want.significand() == got.significand() && want.sign_exponent() == got.sign_exponent()) return;
        if (++failures <= 20)
            std::printf("MISMATCH %s(%s, %s): x87 %s, software %s\n", name, hex(a).c_str(), hex(b).c_str(),
                        hex(want).c_str(), hex(got).c_str());
    }
    template <class T> void same_value(int op, const char* name, T want, T got) {
        names[op] = name;
        ++checks[op];
        if (std::memcmp(&want, &got, sizeof(T)) == 0) return;
        if (++failures <= 20) {
            std::uint64_t w = 0, g = 0;
            std::memcpy(&w, &want, sizeof(T));
            std::memcpy(&g, &got, sizeof(T));
            std::printf("MISMATCH %s(%s, %s): x87 %" PRIx64 ", software %" PRIx64 "\n", name, hex(a).c_str(),
                        hex(b).c_str(), w, g);
        }
    }
};

// The native operations, out of line so the compiler computes them on the x87 at run time.
[[gnu::noinline]] L native_add(L x, L y) { return x + y; }
[[gnu::noinline]] L native_sub(L x, L y) { return x - y; }
[[gnu::noinline]] L native_mul(L x, L y) { return x * y; }
[[gnu::noinline]] L native_div(L x, L y) { return x / y; }
[[gnu::noinline]] double native_round_trip(double v) {
    volatile L wide = v; // (double(L(v)) would be folded to v)
    return double(wide);
}

void binary_checks(Checker& c, Extended a, Extended b) {
    const L x = hard(a), y = hard(b);
    c.a = a;
    c.b = b;
    c.same(0, "add", soft(native_add(x, y)), a + b);
    c.same(1, "sub", soft(native_sub(x, y)), a - b);
    c.same(2, "mul", soft(native_mul(x, y)), a * b);
    c.same(3, "div", soft(native_div(x, y)), a / b);
    c.same_value(12, "compare", (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5,
                 (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5);
}

void round_of_checks(Rng& r, Checker& c) {
    const Extended a = operand(r), b = r.chance(2) ? partner(r, a) : operand(r);
    binary_checks(c, a, b);
    const L x = hard(a);
    c.b = Extended(0);
    c.same(4, "sqrt", soft(std::sqrt(x)), std::sqrt(a));
    c.same(5, "floor", soft(std::floor(x)), std::floor(a));
    c.same(6, "ceil", soft(std::ceil(x)), std::ceil(a));
    c.same(7, "fabs", soft(std::fabs(x)), std::fabs(a));
    c.same(8, "neg", soft(-x), -a);
    const int n = r.chance(2) ? r.below(80) - 40 : r.below(70000) - 35000;
    c.same(9, "ldexp", soft(std::ldexp(x, n)), std::ldexp(a, n));
    c.same_value(10, "to_double", double(x), double(a));
    c.same_value(11, "to_float", float(x), float(a));
    c.same_value(13, "classify", std::isnan(x) | std::isinf(x) << 1 | std::isfinite(x) << 2 | std::signbit(x) << 3,
                 std::isnan(a) | std::isinf(a) << 1 | std::isfinite(a) << 2 | std::signbit(a) << 3);
    // Integers: values in range (the library clamps first) and at the edges of int32 and int64.
    const L k = r.chance(2) ? x : std::ldexp(L(std::int64_t(r.next())), -r.below(64));
    c.a = soft(k);
    if (std::fabs(k) < L(2147483648.0)) c.same_value(14, "to_int32", std::int32_t(k), std::int32_t(soft(k)));
    if (std::fabs(k) < L(9223372036854775807.0)) c.same_value(15, "to_int64", std::int64_t(k), std::int64_t(soft(k)));
    const double d = random_double(r);
    const float f = random_float(r);
    c.a = soft(L(d));
    c.same(16, "from_double", soft(L(d)), Extended(d));
    c.same(17, "from_float", soft(L(f)), Extended(f));
    const std::uint64_t u = r.next() >> r.below(64);
    c.same(18, "from_int32", soft(L(std::int32_t(u))), Extended(std::int32_t(u)));
    c.same(19, "from_int64", soft(L(std::int64_t(u))), Extended(std::int64_t(u)));
    c.same(20, "from_uint64", soft(L(u)), Extended(u));
    // Through the wider type and back: exact, but for a signalling NaN, quieted.
    c.same_value(21, "double_round_trip", native_round_trip(d), double(Extended(d)));
}

void limits_and_edges(Checker& c) {
    using NL = std::numeric_limits<L>;
    using NE = std::numeric_limits<Extended>;
    c.same(22, "limits", soft(NL::min()), NE::min());
    c.same(22, "limits", soft(NL::max()), NE::max());
    c.same(22, "limits", soft(NL::lowest()), NE::lowest());
    c.same(22, "limits", soft(NL::epsilon()), NE::epsilon());
    c.same(22, "limits", soft(NL::round_error()), NE::round_error());
    c.same(22, "limits", soft(NL::infinity()), NE::infinity());
    c.same(22, "limits", soft(NL::quiet_NaN()), NE::quiet_NaN());
    c.same(22, "limits", soft(NL::signaling_NaN()), NE::signaling_NaN());
    c.same(22, "limits", soft(NL::denorm_min()), NE::denorm_min());
    const int traits[][2] = {{NL::digits, NE::digits},
                             {NL::digits10, NE::digits10},
                             {NL::max_digits10, NE::max_digits10},
                             {NL::min_exponent, NE::min_exponent},
                             {NL::max_exponent, NE::max_exponent},
                             {NL::min_exponent10, NE::min_exponent10},
                             {NL::max_exponent10, NE::max_exponent10},
                             {NL::radix, NE::radix},
                             {NL::has_denorm, NE::has_denorm},
                             {NL::round_style, NE::round_style},
                             {NL::is_iec559, NE::is_iec559},
                             {NL::has_infinity, NE::has_infinity},
                             {NL::tinyness_before, NE::tinyness_before},
                             {NL::is_signed, NE::is_signed}};
    for (const auto& t : traits) c.same_value(23, "limit_traits", t[0], t[1]);
    // Every pair of special and edge values (both signs): zeros, infinities, quiet and signalling
    // NaNs (equal significands too), the smallest and largest subnormals and normals, one.
    const std::uint64_t top = std::uint64_t(1) << 63;
    const Extended specials[] = {Extended::from_bits(0, 0),
                                 Extended::from_bits(0x7fff, top),
                                 Extended::from_bits(0x7fff, top | (top >> 1)),
                                 Extended::from_bits(0x7fff, top | (top >> 1) | 5),
                                 Extended::from_bits(0x7fff, top | 5),
                                 Extended::from_bits(0x7fff, top | 9),
                                 Extended::from_bits(0, 1),
                                 Extended::from_bits(0, top - 1),
                                 Extended::from_bits(1, top),
                                 Extended::from_bits(1, ~std::uint64_t(0)),
                                 Extended::from_bits(0x7ffe, ~std::uint64_t(0)),
                                 Extended::from_bits(0x7ffe, top),
                                 Extended(1),
                                 Extended(3)};
    for (const Extended x : specials)
        for (const Extended y : specials)
            for (int signs = 0; signs < 4; ++signs)
                binary_checks(c, (signs & 1) != 0 ? -x : x, (signs & 2) != 0 ? -y : y);
    // Integer edges: in range (truncated), against the x87; out of range and NaN (undefined in
    // C++, the library clamps first), the x87's "integer indefinite", T's minimum.
    const L in_range[] = {2147483647.0L, 2147483647.5L, -2147483648.0L, -2147483648.5L, -0.99L, 0.99L};
    for (const L e : in_range) {
        c.a = soft(e);
        c.same_value(14, "to_int32", std::int32_t(e), std::int32_t(soft(e)));
        c.same_value(15, "to_int64", std::int64_t(e), std::int64_t(soft(e)));
    }
    c.same_value(15, "to_int64", std::int64_t(-9223372036854775807.0L - 1),
                 std::int64_t(soft(-9223372036854775807.0L - 1)));
    const L out_of_range[] = {-2147483649.0L, 2147483648.0L, NL::infinity(), -NL::infinity(), NL::quiet_NaN(), 1e30L};
    for (const L e : out_of_range) {
        c.a = soft(e);
        c.same_value(14, "to_int32", std::numeric_limits<std::int32_t>::min(), std::int32_t(soft(e)));
        if (std::fabs(e) > 1e19L || std::isnan(e))
            c.same_value(15, "to_int64", std::numeric_limits<std::int64_t>::min(), std::int64_t(soft(e)));
    }
    const std::int64_t ints[] = {0, 1, -1, std::numeric_limits<std::int64_t>::min(),
                                 std::numeric_limits<std::int64_t>::max()};
    for (const std::int64_t i : ints) c.same(19, "from_int64", soft(L(i)), Extended(i));
    c.same(20, "from_uint64", soft(L(~std::uint64_t(0))), Extended(~std::uint64_t(0)));
}

} // namespace

int main(int argc, char** argv) {
    const long long rounds = argc > 1 ? std::atoll(argv[1]) : 50000;
    Rng r{argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1};
    Checker c;
    limits_and_edges(c);
    for (long long i = 0; i < rounds; ++i) round_of_checks(r, c);
    long long total = 0;
    for (int op = 0; op < 32; ++op)
        if (c.names[op] != nullptr) {
            std::printf("%-18s %lld\n", c.names[op], c.checks[op]);
            total += c.checks[op];
        }
    std::printf("%lld checks, %lld mismatches\n", total, c.failures);
    return c.failures == 0 ? 0 : 1;
}
