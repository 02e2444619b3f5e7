#pragma once
/// @file
/// Helpers shared by the libFuzzer targets ("Fuzzing"). A target accepts the
/// outcomes a user may legitimately see — core::InputError (bad input, exit 2) and
/// core::NumericalError (an honest solver failure) — and lets everything else escape, so that
/// any other exception, a crash, a hang or a sanitizer report fails the fuzz run.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/core/numeric.h"

namespace simatlas::fuzz {

/// The input bytes as text.
inline std::string Text(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

/// The input as a JSON document, or nothing if it is not JSON (the file readers turn a syntax
/// error into an InputError before the problem reader is reached).
inline std::optional<nlohmann::json> Document(const uint8_t* data, size_t size) {
  nlohmann::json doc =
      nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return std::nullopt;
  return doc;
}

/// The input read by `read` (a problem reader taking a JSON document), or nothing when the
/// input is not JSON or the reader rejects it with core::InputError: the two outcomes a reader
/// may legitimately have. Anything else escapes and is a finding.
template <class Read>
auto ReadDocument(const uint8_t* data, size_t size, Read read)
    -> std::optional<decltype(read(std::declval<const nlohmann::json&>()))> {
  const std::optional<nlohmann::json> doc = Document(data, size);
  if (!doc) return std::nullopt;
  try {
    return read(*doc);
  } catch (const core::InputError&) {
    return std::nullopt;
  }
}

/// First line and the rest of a text input ("law name\nbody").
inline std::pair<std::string, std::string> SplitFirstLine(const std::string& text) {
  const size_t newline = text.find('\n');
  if (newline == std::string::npos) return {text, ""};
  return {text.substr(0, newline), text.substr(newline + 1)};
}

/// Aborts (a fuzz finding) when a returned result holds NaN or ±∞: the rule is that a
/// solver never returns a non-finite answer silently.
inline void RequireFiniteResult(const char* what, const core::VectorX& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i])) {
      std::fprintf(stderr, "fuzz finding: %s[%ld] = %g returned without an error\n", what,
                   static_cast<long>(i), v[i]);
      std::abort();
    }
  }
}

}  // namespace simatlas::fuzz
