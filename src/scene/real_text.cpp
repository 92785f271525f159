// The shortest round-trip text of a real without floating-point std::to_chars (real_text.hpp).
#include "real_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

namespace sweepbox::detail {

namespace {

// A decimal with `digits` significant digits (no sign): digits[0].digits[1..] x 10^exponent.
struct Decimal {
    std::string digits;
    int exponent = 0;
};

// The decimal of |v| correctly rounded to n significant digits (printf's %e rounds exactly).
Decimal rounded(real v, int n) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", n - 1, static_cast<double>(v < 0 ? -v : v));
    Decimal d;
    const char* e = std::strchr(buf, 'e');
    for (const char* p = buf; p < e; ++p)
        if (*p != '.') d.digits += *p;
    d.exponent = std::atoi(e + 1);
    return d;
}

// The neighbour of d one unit in its last digit up or down, with as many digits.
Decimal step(Decimal d, bool up) {
    int i = int(d.digits.size()) - 1;
    if (up) {
        while (i >= 0 && d.digits[std::size_t(i)] == '9') d.digits[std::size_t(i--)] = '0';
        if (i < 0) { // 9.99 -> 10.00: one more power of ten, as many digits
            d.digits.insert(d.digits.begin(), '1');
            d.digits.pop_back();
            ++d.exponent;
        } else {
            ++d.digits[std::size_t(i)];
        }
    } else {
        while (i >= 0 && d.digits[std::size_t(i)] == '0') d.digits[std::size_t(i--)] = '9';
        --d.digits[std::size_t(i)]; // (never all zeros: d is a nonzero rounding of a nonzero v)
        if (d.digits[0] == '0') {   // 1.00 -> 0.99: the power of ten below, one more 9
            d.digits.erase(d.digits.begin());
            d.digits += '9';
            --d.exponent;
        }
    }
    return d;
}

real read_back(const Decimal& d) {
    std::string text = d.digits.substr(0, 1) + "." + d.digits.substr(1) + "e" + std::to_string(d.exponent);
    if constexpr (sizeof(real) == sizeof(float)) return std::strtof(text.c_str(), nullptr);
    else return static_cast<real>(std::strtod(text.c_str(), nullptr));
}

// As printf's %e and %f would write the digits of d (then the shorter one, fixed on a tie). An
// integer in fixed notation is written exactly, as std::to_chars writes it (no zero padding).
std::string notation(const Decimal& d, real magnitude, bool negative) {
    const int n = int(d.digits.size()), e = d.exponent;
    std::string sci = d.digits.substr(0, 1);
    if (n > 1) { // appended in two steps: GCC 12 at -O3 warns (-Wrestrict) on "." + substr
        sci += '.';
        sci.append(d.digits, 1);
    }
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    sci += exp;
    std::string fixed;
    if (e >= n - 1) {
        char whole[64];
        std::snprintf(whole, sizeof whole, "%.0f", static_cast<double>(magnitude));
        fixed = whole;
    } else if (e >= 0) {
        const std::size_t whole = std::size_t(e) + 1; // digits before the point
        fixed = d.digits.substr(0, whole) + "." + d.digits.substr(whole);
    } else {
        fixed = "0." + std::string(std::size_t(-e) - 1, '0') + d.digits;
    }
    const std::string& best = fixed.size() <= sci.size() ? fixed : sci;
    return negative ? "-" + best : best;
}

} // namespace

std::string shortest_text(real v) {
    if (v == 0) return std::signbit(v) ? "-0" : "0";
    const real magnitude = v < 0 ? -v : v;
    for (int n = 1; n <= std::numeric_limits<real>::max_digits10; ++n) {
        // The nearest decimal of n digits; when it does not read back, the only other candidate
        // of n digits is its neighbour on the other side of v (the rest lie farther out).
        const Decimal nearest = rounded(v, n);
        const real back = read_back(nearest);
        if (back == magnitude) return notation(nearest, magnitude, v < 0);
        const Decimal other = step(nearest, back < magnitude);
        if (read_back(other) == magnitude) return notation(other, magnitude, v < 0);
    }
    return notation(rounded(v, std::numeric_limits<real>::max_digits10), magnitude, v < 0); // (not reached)
}

} // namespace sweepbox::detail
