// The Boost.Test entry point of the levels test executable; each test_<topic>.cpp is one suite.
#define BOOST_TEST_MODULE sweepbox_levels
#include <boost/test/unit_test.hpp>
