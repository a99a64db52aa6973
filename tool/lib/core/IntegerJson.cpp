#include "core/IntegerJson.h"

namespace musify {

using json = nlohmann::json;

namespace {

std::optional<std::string> firstFraction(const json &J, const std::string &At) {
  if (J.is_number_float())
    return At.empty() ? "/" : At;
  if (J.is_array()) {
    for (size_t I = 0; I < J.size(); ++I)
      if (auto Found = firstFraction(J[I], At + "/" + std::to_string(I)))
        return Found;
  } else if (J.is_object()) {
    for (const auto &Member : J.items())
      if (auto Found = firstFraction(Member.value(), At + "/" + Member.key()))
        return Found;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> fractionalNumberIn(const json &J) {
  return firstFraction(J, "");
}

json parseIntegerJson(llvm::StringRef Text, std::string *Why) {
  json J = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded()) {
    if (Why)
      *Why = "it is not JSON";
    return J;
  }
  if (std::optional<std::string> At = fractionalNumberIn(J)) {
    if (Why)
      *Why = "the number at " + *At + " is not a whole number";
    return json(json::value_t::discarded);
  }
  return J;
}

} // namespace musify
