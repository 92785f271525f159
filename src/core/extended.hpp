#pragma once
// Internal: the x87 extended format (64-bit significand, 15-bit exponent) in integer arithmetic,
// the double build's wider type (detail::wide, core/wide.hpp) where long double is another format
// (IEEE quad on aarch64 and in WebAssembly, double with MSVC). Every operation rounds as the x87
// does (to nearest, ties to even, subnormals and all), so a double build gives the same bits
// everywhere. Only the operations the library uses.

#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace sweepbox::detail {

class Extended;

namespace x87 {
// The pieces, in one namespace so that Extended's members can share them.
inline constexpr int bias = 16383;
inline constexpr std::uint16_t max_field = 0x7fff; // the exponent field of infinities and NaNs
inline constexpr std::uint64_t top = std::uint64_t(1) << 63;
inline constexpr std::uint64_t quiet = std::uint64_t(1) << 62;

/// 128 bits as two halves (the significands of exact sums and products).
struct U128 {
    std::uint64_t hi, lo;
};

/// The full product of two 64-bit numbers.
constexpr U128 mul64(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__) && !defined(SWEEPBOX_EXTENDED_NO_INT128)
    __extension__ typedef unsigned __int128 u128; // NOLINT(modernize-use-using): __extension__ needs a typedef
    const u128 p = u128(a) * b;
    return {std::uint64_t(p >> 64), std::uint64_t(p)};
#else
    const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & 0xffffffffu)};
#endif
}

/// (u1 u0) / v and its remainder, for u1 < v and v's top bit set: long division in 32-bit
/// digits (Knuth's algorithm D), on every target the same steps.
constexpr std::uint64_t div128(std::uint64_t u1, std::uint64_t u0, std::uint64_t v, std::uint64_t& rem) {
    constexpr std::uint64_t b = std::uint64_t(1) << 32;
    const std::uint64_t v1 = v >> 32, v0 = v & 0xffffffffu, n1 = u0 >> 32, n0 = u0 & 0xffffffffu;
    std::uint64_t q1 = u1 / v1, r = u1 - q1 * v1;
    while (q1 >= b || q1 * v0 > b * r + n1) {
        --q1;
        r += v1;
        if (r >= b) break;
    }
    const std::uint64_t u21 = u1 * b + n1 - q1 * v; // the partial remainder, below v
    std::uint64_t q0 = u21 / v1;
    r = u21 - q0 * v1;
    while (q0 >= b || q0 * v0 > b * r + n0) {
        --q0;
        r += v1;
        if (r >= b) break;
    }
    rem = u21 * b + n0 - q0 * v;
    return q1 * b + q0;
}

/// x shifted right by s, any bit shifted out kept as the lowest bit ("jamming": enough to round).
constexpr U128 shift_right_jam(U128 x, int s) {
    if (s <= 0) return x;
    if (s < 64) return {x.hi >> s, (x.hi << (64 - s)) | (x.lo >> s) | std::uint64_t((x.lo << (64 - s)) != 0)};
    if (s < 128) {
        const std::uint64_t lo = s == 64 ? x.hi : x.hi >> (s - 64);
        const std::uint64_t lost = x.lo | (s == 64 ? 0 : x.hi << (128 - s));
        return {0, lo | std::uint64_t(lost != 0)};
    }
    return {0, std::uint64_t((x.hi | x.lo) != 0)};
}

/// x shifted right by s (1 or 2), exactly.
constexpr U128 shift_right(U128 x, int s) { return {x.hi >> s, (x.hi << (64 - s)) | (x.lo >> s)}; }

/// The bits of a float or double as an integer (std::bit_cast, which Emscripten's libc++ lacks).
template <class To, class From> constexpr To bits_of(From v) { return __builtin_bit_cast(To, v); }

/// x / 2^s rounded to nearest, ties to even.
constexpr std::uint64_t shift_right_round(std::uint64_t x, int s) {
    if (s <= 0) return x;
    if (s > 64) return 0;
    if (s == 64) return x > top ? 1 : 0;
    const std::uint64_t q = x >> s, rest = x & ((std::uint64_t(1) << s) - 1), half = std::uint64_t(1) << (s - 1);
    return q + std::uint64_t(rest > half || (rest == half && (q & 1) != 0));
}

/// A finite non-zero value as sig * 2^(exp - 63), sig's top bit set (subnormals normalised).
struct Unpacked {
    bool neg;
    int exp;
    std::uint64_t sig;
};
} // namespace x87

/// A number of the x87 extended format, stored as its 80 bits are: the significand with its
/// explicit integer bit, then the sign and the biased exponent.
class Extended {
    // (First: Clang evaluates a member template in a constant expression only once it is defined.)
    /// Exact: every float and double is a value of this format (a signalling NaN comes out quiet).
    template <class U, int frac, int ieee_bias> static constexpr Extended from_ieee(U bits) {
        constexpr int width = sizeof(U) * 8;
        constexpr int max_e = (1 << (width - 1 - frac)) - 1;
        const std::uint16_t s = std::uint16_t((bits >> (width - 1)) != 0 ? 0x8000 : 0);
        const int e = int((bits >> frac) & U(max_e));
        const std::uint64_t f = std::uint64_t(bits & ((U(1) << frac) - 1)) << (63 - frac);
        if (e == max_e)
            return from_bits(std::uint16_t(s | x87::max_field), f != 0 ? x87::top | x87::quiet | f : x87::top);
        if (e != 0) return from_bits(std::uint16_t(s | (e - ieee_bias + x87::bias)), x87::top | f);
        if (f == 0) return from_bits(s, 0);
        const int z = std::countl_zero(f);
        return from_bits(std::uint16_t(s | (1 - ieee_bias + x87::bias - z)), f << z);
    }

    /// Rounded once to the IEEE format (to nearest, ties to even; subnormals, overflow to infinity).
    template <class U, class F, int frac, int ieee_bias> [[nodiscard]] constexpr F to_ieee() const {
        constexpr int width = sizeof(U) * 8;
        constexpr U max_e = (U(1) << (width - 1 - frac)) - 1;
        const U s = U(sign() ? 1 : 0) << (width - 1);
        if (exponent_field() == x87::max_field) {
            const U payload = U((m_ << 1) >> (64 - frac));
            return x87::bits_of<F>(U(s | (max_e << frac) | (is_nan() ? (U(1) << (frac - 1)) | payload : 0)));
        }
        if (is_zero()) return x87::bits_of<F>(s);
        const x87::Unpacked u = unpack();
        const int e = u.exp + ieee_bias; // the biased exponent, below 1 for a subnormal
        if (e >= int(max_e)) return x87::bits_of<F>(U(s | (max_e << frac)));
        const int shift = 63 - frac + (e < 1 ? 1 - e : 0);
        const U sig = U(x87::shift_right_round(u.sig, shift)); // up to 2^(frac+1): the carry goes on
        const U bits = e < 1 ? sig : U((U(e - 1) << frac) + sig);
        return x87::bits_of<F>(U(s | (bits >= (max_e << frac) ? max_e << frac : bits)));
    }

public:
    constexpr Extended() = default;
    constexpr Extended(double v) : Extended(from_ieee<std::uint64_t, 52, 1023>(x87::bits_of<std::uint64_t>(v))) {}
    constexpr Extended(float v) : Extended(from_ieee<std::uint32_t, 23, 127>(x87::bits_of<std::uint32_t>(v))) {}
    template <std::integral T> constexpr Extended(T v) {
        if constexpr (std::is_signed_v<T>) {
            const bool neg = v < 0;
            *this = from_integer(neg, neg ? 0 - std::uint64_t(v) : std::uint64_t(v)); // the minimum too
        } else {
            *this = from_integer(false, std::uint64_t(v));
        }
    }

    /// The bits: the significand (integer bit included) and sign << 15 | biased exponent.
    static constexpr Extended from_bits(std::uint16_t sign_exponent, std::uint64_t significand) {
        Extended r;
        r.m_ = significand;
        r.se_ = sign_exponent;
        return r;
    }
    [[nodiscard]] constexpr std::uint64_t significand() const { return m_; }
    [[nodiscard]] constexpr std::uint16_t sign_exponent() const { return se_; }

    explicit constexpr operator double() const { return to_ieee<std::uint64_t, double, 52, 1023>(); }
    explicit constexpr operator float() const { return to_ieee<std::uint32_t, float, 23, 127>(); }
    /// Truncated toward zero; NaN, infinities and values out of range give T's minimum (the x87's
    /// "integer indefinite").
    template <std::signed_integral T> explicit constexpr operator T() const {
        using U = std::make_unsigned_t<T>;
        constexpr T indefinite = std::numeric_limits<T>::min();
        if (is_zero()) return 0;
        if (exponent_field() == x87::max_field) return indefinite;
        const x87::Unpacked u = unpack();
        if (u.exp < 0) return 0;
        if (u.exp >= std::numeric_limits<T>::digits) return indefinite; // T's minimum itself too
        const U mag = U(u.sig >> (63 - u.exp));
        return u.neg ? T(U(0) - mag) : T(mag);
    }

    [[nodiscard]] constexpr bool is_nan() const { return exponent_field() == x87::max_field && (m_ << 1) != 0; }
    [[nodiscard]] constexpr bool is_inf() const { return exponent_field() == x87::max_field && (m_ << 1) == 0; }
    [[nodiscard]] constexpr bool is_zero() const { return (se_ & x87::max_field) == 0 && m_ == 0; }
    [[nodiscard]] constexpr bool sign() const { return (se_ >> 15) != 0; }

    constexpr Extended operator-() const { return from_bits(std::uint16_t(se_ ^ 0x8000u), m_); }
    constexpr Extended operator+() const { return *this; }
    friend constexpr Extended operator+(Extended a, Extended b) { return add(a, b, false); }
    friend constexpr Extended operator-(Extended a, Extended b) { return add(a, b, true); }
    friend constexpr Extended operator*(Extended a, Extended b) { return mul(a, b); }
    friend constexpr Extended operator/(Extended a, Extended b) { return div(a, b); }
    constexpr Extended& operator+=(Extended b) { return *this = *this + b; }
    constexpr Extended& operator-=(Extended b) { return *this = *this - b; }
    constexpr Extended& operator*=(Extended b) { return *this = *this * b; }
    constexpr Extended& operator/=(Extended b) { return *this = *this / b; }

    friend constexpr bool operator==(Extended a, Extended b) {
        return !a.is_nan() && !b.is_nan() && ((a.m_ == b.m_ && a.se_ == b.se_) || (a.is_zero() && b.is_zero()));
    }
    friend constexpr bool operator<(Extended a, Extended b) { return less(a, b); }
    friend constexpr bool operator>(Extended a, Extended b) { return less(b, a); }
    friend constexpr bool operator<=(Extended a, Extended b) { return !a.is_nan() && !b.is_nan() && !less(b, a); }
    friend constexpr bool operator>=(Extended a, Extended b) { return !a.is_nan() && !b.is_nan() && !less(a, b); }

    /// The x87's default NaN ("real indefinite"), the answer of an invalid operation.
    static constexpr Extended indefinite() { return from_bits(0xffff, x87::top | x87::quiet); }
    static constexpr Extended infinity(bool neg) { return from_bits(std::uint16_t(neg ? 0xffff : 0x7fff), x87::top); }
    static constexpr Extended zero(bool neg) { return from_bits(std::uint16_t(neg ? 0x8000 : 0), 0); }

    /// floor (up false) or ceil (up true), exactly.
    [[nodiscard]] constexpr Extended to_integer(bool up) const {
        if (is_zero() || exponent_field() == x87::max_field) return *this;
        const x87::Unpacked u = unpack();
        const bool away = u.neg != up; // floor rounds negatives away from zero, ceil positives
        if (u.exp < 0) return away ? Extended(u.neg ? -1 : 1) : zero(u.neg);
        if (u.exp >= 63) return *this;
        const std::uint64_t fraction = (std::uint64_t(1) << (63 - u.exp)) - 1;
        if ((m_ & fraction) == 0) return *this;
        std::uint64_t m = m_ & ~fraction;
        std::uint16_t se = se_;
        if (away) {
            m += fraction + 1;
            if (m == 0) { // carried out of the significand: the next power of two
                m = x87::top;
                ++se;
            }
        }
        return from_bits(se, m);
    }

    /// x * 2^n, rounded once (subnormal or overflowing results).
    [[nodiscard]] constexpr Extended scaled(int n) const {
        if (is_zero() || exponent_field() == x87::max_field) return *this;
        const x87::Unpacked u = unpack();
        n = n < -100000 ? -100000 : (n > 100000 ? 100000 : n);
        return round_pack(u.neg, u.exp + n, {u.sig, 0});
    }

    /// The square root, correctly rounded.
    [[nodiscard]] constexpr Extended root() const {
        if (is_nan()) return quieted(*this);
        if (is_zero()) return *this;
        if (sign()) return indefinite();
        if (is_inf()) return *this;
        const x87::Unpacked u = unpack();
        // An even power of two out, a radicand of 127 or 128 bits in: a root of 64 bits.
        const bool odd = (u.exp & 1) != 0;
        const x87::U128 radicand = odd ? x87::U128{u.sig, 0} : x87::U128{u.sig >> 1, u.sig << 63};
        x87::U128 rest = radicand, res{0, 0}, one{std::uint64_t(1) << 62, 0};
        while ((one.hi | one.lo) != 0) { // digit by digit: res ends as the root, rest as the remainder
            const x87::U128 t = add128(res, one);
            if (rest.hi > t.hi || (rest.hi == t.hi && rest.lo >= t.lo)) {
                rest = sub128(rest, t);
                res = add128(x87::shift_right(res, 1), one);
            } else {
                res = x87::shift_right(res, 1);
            }
            one = x87::shift_right(one, 2);
        }
        // The remainder against the root decides (a root is never halfway between two).
        const bool above_half = rest.hi != 0 || rest.lo > res.lo;
        const std::uint64_t tail = above_half ? (x87::top | 1) : std::uint64_t((rest.hi | rest.lo) != 0);
        return round_pack(false, (u.exp - (odd ? 1 : 0)) / 2, {res.lo, tail});
    }

private:
    std::uint64_t m_;
    std::uint16_t se_;

    [[nodiscard]] constexpr int exponent_field() const { return se_ & x87::max_field; }

    [[nodiscard]] constexpr x87::Unpacked unpack() const {
        const int e = exponent_field();
        if (e != 0) return {sign(), e - x87::bias, m_};
        const int z = std::countl_zero(m_);
        return {sign(), 1 - x87::bias - z, m_ << z};
    }

    static constexpr x87::U128 add128(x87::U128 a, x87::U128 b) {
        const std::uint64_t lo = a.lo + b.lo;
        return {a.hi + b.hi + std::uint64_t(lo < a.lo), lo};
    }
    static constexpr x87::U128 sub128(x87::U128 a, x87::U128 b) {
        return {a.hi - b.hi - std::uint64_t(a.lo < b.lo), a.lo - b.lo};
    }

    static constexpr Extended from_integer(bool neg, std::uint64_t mag) {
        if (mag == 0) return zero(false);
        const int z = std::countl_zero(mag);
        return from_bits(std::uint16_t((neg ? 0x8000 : 0) | (x87::bias + 63 - z)), mag << z);
    }

    /// The value sig * 2^(exp - 127), sig's top bit set, rounded to this format.
    static constexpr Extended round_pack(bool neg, int exp, x87::U128 sig) {
        const std::uint16_t s = neg ? 0x8000 : 0;
        int e = exp + x87::bias;
        if (e >= x87::max_field) return infinity(neg);
        if (e < 1) sig = x87::shift_right_jam(sig, 1 - e); // subnormal: fewer bits to keep
        std::uint64_t m = sig.hi;
        if ((sig.lo & x87::top) != 0 && ((sig.lo << 1) != 0 || (m & 1) != 0)) {
            if (++m == 0) { // rounded up to the next power of two
                m = x87::top;
                if (++e >= x87::max_field) return infinity(neg);
            }
        }
        if (e < 1) e = (m & x87::top) != 0 ? 1 : 0; // a subnormal rounded up to the smallest normal
        return from_bits(std::uint16_t(s | e), m);
    }

    static constexpr Extended quieted(Extended a) { return from_bits(a.se_, a.m_ | x87::quiet); }
    /// The NaN an operation with a NaN operand gives, as the x87 picks it: a quiet one before a
    /// signalling one, else the larger significand; quieted.
    static constexpr Extended nan_of(Extended a, Extended b) {
        if (!a.is_nan()) return quieted(b);
        if (!b.is_nan()) return quieted(a);
        const bool qa = (a.m_ & x87::quiet) != 0, qb = (b.m_ & x87::quiet) != 0;
        if (qa != qb) return qa ? a : b;
        if (a.m_ != b.m_) return quieted(a.m_ > b.m_ ? a : b);
        return quieted(a.sign() ? b : a);
    }

    static constexpr bool less(Extended a, Extended b) {
        if (a.is_nan() || b.is_nan()) return false;
        if (a.sign() != b.sign()) return a.sign() && !(a.is_zero() && b.is_zero());
        // The encoding orders magnitudes: exponent field, then significand.
        const bool a_smaller = a.exponent_field() < b.exponent_field() ||
                               (a.exponent_field() == b.exponent_field() && a.m_ < b.m_);
        const bool same = a.m_ == b.m_ && a.se_ == b.se_;
        return a.sign() ? !a_smaller && !same : a_smaller;
    }

    static constexpr Extended add(Extended a, Extended b, bool subtract) {
        if (a.is_nan() || b.is_nan()) return nan_of(a, b);
        if (subtract) b = -b;
        if (a.exponent_field() == x87::max_field || b.exponent_field() == x87::max_field) {
            if (a.exponent_field() != x87::max_field) return b;
            if (b.exponent_field() != x87::max_field || a.sign() == b.sign()) return a;
            return indefinite(); // inf - inf
        }
        if (b.is_zero()) return a.is_zero() ? zero(a.sign() && b.sign()) : a;
        if (a.is_zero()) return b;
        x87::Unpacked x = a.unpack(), y = b.unpack();
        if (x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig)) {
            const x87::Unpacked t = x;
            x = y;
            y = t;
        }
        const x87::U128 big{x.sig, 0}, small = x87::shift_right_jam({y.sig, 0}, x.exp - y.exp);
        if (x.neg == y.neg) {
            x87::U128 sum = add128(big, small);
            if (sum.hi < big.hi) // carried out of 128 bits
                return round_pack(x.neg, x.exp + 1,
                                  {(sum.hi >> 1) | x87::top, (sum.hi << 63) | (sum.lo >> 1) | (sum.lo & 1)});
            return round_pack(x.neg, x.exp, sum);
        }
        x87::U128 d = sub128(big, small);
        if ((d.hi | d.lo) == 0) return zero(false);
        const int z = d.hi != 0 ? std::countl_zero(d.hi) : 64 + std::countl_zero(d.lo);
        if (z >= 64) d = {d.lo << (z - 64), 0};
        else if (z > 0) d = {(d.hi << z) | (d.lo >> (64 - z)), d.lo << z};
        return round_pack(x.neg, x.exp - z, d);
    }

    static constexpr Extended mul(Extended a, Extended b) {
        if (a.is_nan() || b.is_nan()) return nan_of(a, b);
        const bool neg = a.sign() != b.sign();
        if (a.is_inf() || b.is_inf()) return a.is_zero() || b.is_zero() ? indefinite() : infinity(neg);
        if (a.is_zero() || b.is_zero()) return zero(neg);
        const x87::Unpacked x = a.unpack(), y = b.unpack();
        const x87::U128 p = x87::mul64(x.sig, y.sig); // in [2^126, 2^128)
        if ((p.hi & x87::top) != 0) return round_pack(neg, x.exp + y.exp + 1, p);
        return round_pack(neg, x.exp + y.exp, {(p.hi << 1) | (p.lo >> 63), p.lo << 1});
    }

    static constexpr Extended div(Extended a, Extended b) {
        if (a.is_nan() || b.is_nan()) return nan_of(a, b);
        const bool neg = a.sign() != b.sign();
        if (a.is_inf()) return b.is_inf() ? indefinite() : infinity(neg);
        if (b.is_inf()) return zero(neg);
        if (b.is_zero()) return a.is_zero() ? indefinite() : infinity(neg);
        if (a.is_zero()) return zero(neg);
        const x87::Unpacked x = a.unpack(), y = b.unpack();
        // A quotient of 64 bits: the dividend shifted so that it is below y.sig * 2^64.
        const bool ge = x.sig >= y.sig;
        std::uint64_t rem = 0;
        const std::uint64_t q = ge ? x87::div128(x.sig >> 1, x.sig << 63, y.sig, rem)
                                   : x87::div128(x.sig, 0, y.sig, rem);
        // The rest as the bits after q: above half, exactly half, below half but not 0, or 0.
        const std::uint64_t twice = rem << 1;
        const bool over = (rem & x87::top) != 0 || twice > y.sig;
        const std::uint64_t tail = over ? (x87::top | 1) : (twice == y.sig ? x87::top : std::uint64_t(rem != 0));
        return round_pack(neg, x.exp - y.exp - (ge ? 0 : 1), {q, tail});
    }
};

} // namespace sweepbox::detail

// The functions the library calls on its wider type, for Extended (found as std::fabs and the
// others are for long double; the library calls them qualified).
namespace std {
constexpr sweepbox::detail::Extended fabs(sweepbox::detail::Extended x) {
    return sweepbox::detail::Extended::from_bits(std::uint16_t(x.sign_exponent() & 0x7fff), x.significand());
}
constexpr sweepbox::detail::Extended floor(sweepbox::detail::Extended x) { return x.to_integer(false); }
constexpr sweepbox::detail::Extended ceil(sweepbox::detail::Extended x) { return x.to_integer(true); }
constexpr sweepbox::detail::Extended sqrt(sweepbox::detail::Extended x) { return x.root(); }
constexpr sweepbox::detail::Extended ldexp(sweepbox::detail::Extended x, int n) { return x.scaled(n); }
constexpr bool isnan(sweepbox::detail::Extended x) { return x.is_nan(); }
constexpr bool isinf(sweepbox::detail::Extended x) { return x.is_inf(); }
constexpr bool isfinite(sweepbox::detail::Extended x) { return !x.is_nan() && !x.is_inf(); }
constexpr bool signbit(sweepbox::detail::Extended x) { return x.sign(); }

/// The limits of the x87 extended format, as numeric_limits<long double> gives them on x86-64.
template <> class numeric_limits<sweepbox::detail::Extended> {
    using E = sweepbox::detail::Extended;

public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr bool is_exact = false;
    static constexpr bool has_infinity = true;
    static constexpr bool has_quiet_NaN = true;
    static constexpr bool has_signaling_NaN = true;
    static constexpr float_denorm_style has_denorm = denorm_present;
    static constexpr bool has_denorm_loss = false;
    static constexpr float_round_style round_style = round_to_nearest;
    static constexpr bool is_iec559 = true;
    static constexpr bool is_bounded = true;
    static constexpr bool is_modulo = false;
    static constexpr int digits = 64;
    static constexpr int digits10 = 18;
    static constexpr int max_digits10 = 21;
    static constexpr int radix = 2;
    static constexpr int min_exponent = -16381;
    static constexpr int min_exponent10 = -4931;
    static constexpr int max_exponent = 16384;
    static constexpr int max_exponent10 = 4932;
    static constexpr bool traps = false;
    static constexpr bool tinyness_before = false;
    static constexpr E min() noexcept { return E::from_bits(1, std::uint64_t(1) << 63); }
    static constexpr E max() noexcept { return E::from_bits(0x7ffe, ~std::uint64_t(0)); }
    static constexpr E lowest() noexcept { return E::from_bits(0xfffe, ~std::uint64_t(0)); }
    static constexpr E epsilon() noexcept { return E::from_bits(16383 - 63, std::uint64_t(1) << 63); }
    static constexpr E round_error() noexcept { return E::from_bits(16382, std::uint64_t(1) << 63); }
    static constexpr E infinity() noexcept { return E::from_bits(0x7fff, std::uint64_t(1) << 63); }
    static constexpr E quiet_NaN() noexcept { return E::from_bits(0x7fff, std::uint64_t(3) << 62); }
    static constexpr E signaling_NaN() noexcept { return E::from_bits(0x7fff, std::uint64_t(5) << 61); }
    static constexpr E denorm_min() noexcept { return E::from_bits(0, 1); }
};
} // namespace std
