// JSON that musify reads back from its own records and rule files holds whole
// numbers only. Reading a fractional or huge number (1e300) as `unsigned` or
// `long long` converts out of range, which is undefined; so such a number is
// refused when the text is parsed, before any field is read.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace musify {

/// Text parsed as JSON, or a discarded value (`is_discarded()`) when it is
/// not JSON or holds a number with a fraction or an exponent. Never throws.
/// Why, when Why is given, says which of the two and where.
nlohmann::json parseIntegerJson(llvm::StringRef Text, std::string *Why = nullptr);

/// Where in J (a JSON pointer) the first number with a fraction or an
/// exponent is, or nullopt when all of J's numbers are whole.
std::optional<std::string> fractionalNumberIn(const nlohmann::json &J);

} // namespace musify
