// main() of every property-test program (deterministic CI, random exploration on demand).
// Without RC_PARAMS the run is fixed: SIMATLAS_PROPERTY_CASES cases (>= 500 in the test command)
// with the committed seed SIMATLAS_PROPERTY_SEED (set by ctest from property_tests/CMakeLists.txt;
// the same on every run, changed only by a commit). scripts/soak sets RC_PARAMS with fresh random
// seeds instead. Either way the RC_PARAMS that reproduces the run is printed (rapidcheck also prints
// the exact "reproduce=" string of a failing case).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#ifndef SIMATLAS_DEFAULT_PROPERTY_SEED
#error "SIMATLAS_DEFAULT_PROPERTY_SEED must be defined by the build (property_tests/CMakeLists.txt)"
#endif

namespace {

// The environment variable's value, or the fallback when it is unset or empty.
std::string EnvOr(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  if (std::getenv("RC_PARAMS") == nullptr) {
    const std::string max_success = EnvOr("SIMATLAS_PROPERTY_CASES", "500");
    const std::string seed =
        EnvOr("SIMATLAS_PROPERTY_SEED", std::to_string(SIMATLAS_DEFAULT_PROPERTY_SEED));
    const std::string params = "max_success=" + max_success + " seed=" + seed;
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
