// The scene layer's own shortest round-trip formatter (src/scene/real_text.hpp), which the
// WebAssembly build uses where its standard library has no floating-point std::to_chars: the
// same text as std::to_chars for every kind of real (random bit patterns, subnormals, powers of
// two and of ten and their neighbours, integers, the extremes).
#include <boost/test/unit_test.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "scene/real_text.hpp"

using namespace sweepbox;

namespace {

std::string std_text(real v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

using Bits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;

real from_bits(Bits b) {
    real v;
    std::memcpy(&v, &b, sizeof v);
    return v;
}

// Counts the values whose texts differ, reporting the first few.
int differences(const std::vector<real>& values) {
    int bad = 0;
    for (real v : values) {
        if (!std::isfinite(v)) continue;
        const std::string want = std_text(v), got = detail::shortest_text(v);
        if (want != got && ++bad <= 5) BOOST_TEST_MESSAGE("value " << want << ": shortest_text gives " << got);
    }
    return bad;
}

} // namespace

BOOST_AUTO_TEST_SUITE(real_text)

BOOST_AUTO_TEST_CASE(random_bit_patterns_as_to_chars) {
    std::mt19937_64 rng(42);
    std::vector<real> values;
    for (int i = 0; i < 200000; ++i) values.push_back(from_bits(Bits(rng())));
    BOOST_TEST(differences(values) == 0);
}

BOOST_AUTO_TEST_CASE(edges_as_to_chars) {
    std::vector<real> values = {std::numeric_limits<real>::max(),
                                std::numeric_limits<real>::min(),
                                std::numeric_limits<real>::denorm_min(),
                                std::numeric_limits<real>::epsilon(),
                                real(0.1),
                                real(0.2),
                                real(0.3),
                                real(1) / 3,
                                real(100),
                                real(1e5),
                                real(123456),
                                real(1e30),
                                real(-0.5),
                                real(359.68005),
                                real(0.7042338)};
    // Powers of two (the rounding interval is lopsided there) and of ten, with their neighbours.
    for (int e = std::numeric_limits<real>::min_exponent - std::numeric_limits<real>::digits;
         e <= std::numeric_limits<real>::max_exponent; ++e) {
        const real p = std::ldexp(real(1), e);
        values.insert(values.end(), {p, std::nextafter(p, real(0)), std::nextafter(p, real(1e30))});
    }
    for (int e = -45; e <= 38; ++e) {
        const real p = real(std::pow(10.0, e));
        values.insert(values.end(), {p, std::nextafter(p, real(0)), std::nextafter(p, real(1e30))});
    }
    // Integers and halves, the scenes' usual coordinates, and the large integers around 2^24.
    for (int i = -2000; i <= 2000; ++i) values.insert(values.end(), {real(i), real(i) + real(0.5), real(i) / 64});
    for (std::int64_t i = (1 << 24) - 100; i <= (1 << 24) + 1000; ++i) values.push_back(real(i * 1000));
    BOOST_TEST(differences(values) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
