// Suite `determinism` (contract rule 10): the golden simulation (tests/determinism/
// golden_simulation.cpp: thousands of moves with bounces and slides, casts and queries, over
// bodies and tiles, hashed bit for bit) compared with the golden value in
// tests/data/determinism_hash.txt (determinism_hash_double.txt when real is double). Every build
// that rule 10 covers must print the same hash; tests/determinism/cross_arch.sh also compares
// the aarch64 builds.
//
// To regenerate the golden value after an intended change of results: run
//   sweepbox_tests --run_test=determinism --log_level=message
// and copy the printed hash into the data file (one line of 16 hex digits). When the variable
// SWEEPBOX_DETERMINISM_TRACE names a file, every hashed value is written there too, so two
// builds can be compared with diff.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <type_traits>
#include <boost/test/unit_test.hpp>
#include <sweepbox/config.hpp>
#include "core/wide.hpp"
#include "determinism/golden_simulation.hpp"

namespace {

std::string hex(std::uint64_t h) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::uint64_t run_simulation(long& moves) {
    const char* trace_path = std::getenv("SWEEPBOX_DETERMINISM_TRACE");
    std::FILE* trace = trace_path ? std::fopen(trace_path, "w") : nullptr;
    const std::uint64_t h = sweepbox::determinism::golden_simulation(moves, trace);
    if (trace) std::fclose(trace);
    return h;
}

} // namespace

// Where long double is the x87 format, the double build computes in it natively: the software
// Extended (the same bits elsewhere) only when SWEEPBOX_SOFT_EXTENDED asks for it, to test it.
#if defined(SWEEPBOX_DOUBLE) && defined(__x86_64__) && !defined(SWEEPBOX_SOFT_EXTENDED)
static_assert(std::is_same_v<sweepbox::detail::wide, long double>);
#elif defined(SWEEPBOX_DOUBLE)
static_assert(std::is_same_v<sweepbox::detail::wide, sweepbox::detail::Extended> || sweepbox::detail::native_extended);
#endif

BOOST_AUTO_TEST_SUITE(determinism)

BOOST_AUTO_TEST_CASE(golden_hash) {
    long moves = 0;
    const std::uint64_t h = run_simulation(moves);
#if defined(SWEEPBOX_DOUBLE)
    const std::string file = std::string(SWEEPBOX_TEST_DATA_DIR) + "/determinism_hash_double.txt";
#else
    const std::string file = std::string(SWEEPBOX_TEST_DATA_DIR) + "/determinism_hash.txt";
#endif
    BOOST_TEST_MESSAGE("determinism hash: " << hex(h) << " (" << moves << " moves; golden file " << file << ")");
    BOOST_TEST(moves >= 5000);
    std::ifstream in(file);
    std::string golden;
    BOOST_REQUIRE_MESSAGE(bool(in >> golden), "cannot read the golden hash from " << file << "; computed " << hex(h));
    BOOST_TEST(golden == hex(h), "golden " << golden << " in " << file << ", computed " << hex(h));
}

// The same run twice in one process gives the same hash (no hidden state, no address order).
BOOST_AUTO_TEST_CASE(same_run_same_hash) {
    long m1 = 0, m2 = 0;
    const std::uint64_t a = run_simulation(m1);
    const std::uint64_t b = run_simulation(m2);
    BOOST_TEST(hex(a) == hex(b));
    BOOST_TEST(m1 == m2);
}

BOOST_AUTO_TEST_SUITE_END()
