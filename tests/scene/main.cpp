// The Boost.Test entry point of the scene test executable; each test_<module>.cpp is one suite.
#define BOOST_TEST_MODULE sweepbox_scene
#include <boost/test/unit_test.hpp>
