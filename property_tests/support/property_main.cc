// main() of every property-test program: runs each rapidcheck property with
// SIMATLAS_PROPERTY_CASES cases (>= 500 in the test command) unless the caller set RC_PARAMS,
// and prints the RC_PARAMS that reproduces the run (rapidcheck also prints the exact
// "reproduce=" string of a failing case).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

int main(int argc, char** argv) {
  if (std::getenv("RC_PARAMS") == nullptr) {
    const char* cases = std::getenv("SIMATLAS_PROPERTY_CASES");
    const std::string max_success = cases != nullptr ? cases : "500";
    const unsigned long long seed = std::random_device{}();
    const std::string params = "max_success=" + max_success + " seed=" + std::to_string(seed);
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  std::cout << "property run: RC_PARAMS=\"" << std::getenv("RC_PARAMS")
            << "\" (set RC_PARAMS to this to reproduce)\n";
  ::testing::InitGoogleTest(&argc, argv);
  const int result = RUN_ALL_TESTS();
  if (result != 0) {
    std::cout << "property failure: reproduce with RC_PARAMS=\"" << std::getenv("RC_PARAMS")
              << "\"\n";
  }
  return result;
}
