// What every rule table file shares, whatever it describes: JSON parsing, the
// table's keys and target, its entries, and messages that name the file.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace musify {

/// The file at Path, or an error that names it and the cause.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readTableFile(llvm::StringRef Path);

/// The JSON document in the file at Path; errors name the file.
llvm::Expected<nlohmann::json> readJsonFile(llvm::StringRef Path);

/// "FILE: MESSAGE".
llvm::Error tableError(llvm::StringRef FileName, const llvm::Twine &Message);

/// The JSON document in Text; FileName is only for the message.
llvm::Expected<nlohmann::json> parseJson(llvm::StringRef Text, llvm::StringRef FileName);

/// Table must be an object with no keys beyond Keys, and, when ExpectedTarget
/// is not empty, a "target" equal to it. What names the table in the message
/// ("a rule table").
llvm::Error checkTable(const nlohmann::json &Table, llvm::StringRef FileName,
                       llvm::ArrayRef<const char *> Keys, llvm::StringRef ExpectedTarget,
                       llvm::StringRef What);

/// Reads Object's optional member Key into Out. A member of another type
/// is an error, returned as its message ("\"Key\" must be TypeName").
template <typename T>
std::optional<std::string> readMember(const nlohmann::json &Object, llvm::StringRef Key,
                                      T &Out, const char *TypeName) {
  // By length and bytes: a `const char *` key is measured at every comparison.
  auto It = Object.find(std::string_view(Key.data(), Key.size()));
  if (It == Object.end())
    return std::nullopt;
  try {
    Out = It->template get<T>();
  } catch (const nlohmann::json::exception &) {
    return "\"" + Key.str() + "\" must be " + TypeName;
  }
  // A table's text ends up in messages, one line each: a line break in a
  // note could forge a diagnostic of its own.
  if constexpr (std::is_same_v<T, std::string>)
    if (llvm::any_of(Out, [](char C) {
          return static_cast<unsigned char>(C) < 0x20 || C == 0x7f;
        }))
      return "\"" + Key.str() + "\" holds a control character (a line break?); " +
             "a rule's text is one line";
  return std::nullopt;
}

/// "entry 3": how messages name the entry of that index.
std::string entryWhere(size_t Index);

/// Calls Fn for each member of Table's "entries" array, each an object with no
/// keys beyond EntryKeys; Where (entryWhere) is for Fn's messages.
llvm::Error forEachEntry(
    const nlohmann::json &Table, llvm::StringRef FileName,
    llvm::ArrayRef<const char *> EntryKeys,
    llvm::function_ref<llvm::Error(const nlohmann::json &Entry, const std::string &Where)>
        Fn);

} // namespace musify
