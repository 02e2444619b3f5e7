#pragma once
/// @file
/// The heap a run holds, for `simatlas mujoco solve --json` (solve_peak_bytes): this program
/// replaces malloc, calloc, realloc, free and the aligned allocators with glibc's own
/// (__libc_malloc, …) plus a count of each block's usable size, so Eigen's buffers are counted
/// with everything else. A build whose sanitizer owns malloc (AddressSanitizer) keeps the
/// sanitizer's allocator: the meter is then unavailable and says so.

#include <cstdint>
#include <optional>

namespace simatlas::tools {

/// Whether this build counts the heap (false under AddressSanitizer).
bool HeapMeterAvailable();

/// The peak of the bytes held on the heap after construction, above what was held then: the
/// storage a piece of work allocated at most at once (blocks it freed again included).
class HeapPeak {
 public:
  HeapPeak();
  /// Peak bytes held above the start; nullopt when the meter is unavailable.
  std::optional<std::int64_t> BytesAbove() const;

 private:
  std::int64_t start_ = 0;
};

}  // namespace simatlas::tools
