// The Boost.Test entry point of the core test executable; each test_<module>.cpp is one suite.
#define BOOST_TEST_MODULE sweepbox
#include <boost/test/unit_test.hpp>
