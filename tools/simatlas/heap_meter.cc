// The heap meter of heap_meter.h: glibc's allocator with a running count of usable bytes.
#include "tools/simatlas/heap_meter.h"

#include <atomic>
#include <cerrno>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define SIMATLAS_HEAP_METER 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIMATLAS_HEAP_METER 0
#endif
#endif
#ifndef SIMATLAS_HEAP_METER
#define SIMATLAS_HEAP_METER 1
#endif

#if SIMATLAS_HEAP_METER
#include <malloc.h>

namespace {

// Bytes held now and the most held since the last reset (constant-initialised: the loader
// allocates before any constructor runs).
std::atomic<std::int64_t> held{0};
std::atomic<std::int64_t> peak{0};

void Count(void* p) {
  if (!p) return;
  const auto bytes = static_cast<std::int64_t>(malloc_usable_size(p));
  const std::int64_t now = held.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  std::int64_t seen = peak.load(std::memory_order_relaxed);
  while (now > seen && !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {
  }
}

void Uncount(void* p) {
  if (p)
    held.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
}

}  // namespace

// glibc's allocator under its exported names (the replacement protocol of the glibc manual,
// "Replacing malloc": malloc, free, calloc, realloc and the aligned allocators together).
extern "C" {
void* __libc_malloc(std::size_t size);
void __libc_free(void* p);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);

void* malloc(std::size_t size) {
  void* p = __libc_malloc(size);
  Count(p);
  return p;
}

void free(void* p) {
  Uncount(p);
  __libc_free(p);
}

void* calloc(std::size_t n, std::size_t size) {
  void* p = __libc_calloc(n, size);
  Count(p);
  return p;
}

void* realloc(void* p, std::size_t size) {
  const std::int64_t before = p ? static_cast<std::int64_t>(malloc_usable_size(p)) : 0;
  void* q = __libc_realloc(p, size);
  if (q || size == 0) held.fetch_sub(before, std::memory_order_relaxed);
  Count(q);
  return q;
}

void* memalign(std::size_t alignment, std::size_t size) {
  void* p = __libc_memalign(alignment, size);
  Count(p);
  return p;
}

void* aligned_alloc(std::size_t alignment, std::size_t size) { return memalign(alignment, size); }

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
}
#endif

namespace simatlas::tools {

bool HeapMeterAvailable() { return SIMATLAS_HEAP_METER != 0; }

HeapPeak::HeapPeak() {
#if SIMATLAS_HEAP_METER
  start_ = held.load(std::memory_order_relaxed);
  peak.store(start_, std::memory_order_relaxed);
#endif
}

std::optional<std::int64_t> HeapPeak::BytesAbove() const {
#if SIMATLAS_HEAP_METER
  return peak.load(std::memory_order_relaxed) - start_;
#else
  return std::nullopt;
#endif
}

}  // namespace simatlas::tools
