// Reading rule table files: the parts every table format shares.
#include "rules/TableReader.h"
#include "core/BoundedRead.h"
#include "core/IntegerJson.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"

namespace musify {

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readTableFile(llvm::StringRef Path) {
  // A rule file that is a device, a FIFO or huge is refused, not read.
  auto Buffer = readBoundedFile(Path, MaxRuleFileBytes, "rule file");
  if (!Buffer)
    return Buffer.takeError();
  return std::move(*Buffer);
}

llvm::Expected<nlohmann::json> readJsonFile(llvm::StringRef Path) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buffer = readTableFile(Path);
  if (!Buffer)
    return Buffer.takeError();
  return parseJson((*Buffer)->getBuffer(), Path);
}

llvm::Error tableError(llvm::StringRef FileName, const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (FileName + ": " + Message).str());
}

llvm::Expected<nlohmann::json> parseJson(llvm::StringRef Text, llvm::StringRef FileName) {
  // Not only syntax errors: a number too large for a double (1E999) is
  // out_of_range. nlohmann's message says where ("at line L, column C").
  try {
    nlohmann::json J = nlohmann::json::parse(Text.begin(), Text.end());
    // Rule files hold whole numbers only; 1e300 read as an integer is undefined.
    if (std::optional<std::string> At = fractionalNumberIn(J))
      return tableError(FileName, "the number at " + *At + " is not a whole number");
    return J;
  } catch (const nlohmann::json::exception &E) {
    return tableError(FileName, llvm::Twine("not valid JSON: ") + E.what());
  }
}

llvm::Error checkTable(const nlohmann::json &Table, llvm::StringRef FileName,
                       llvm::ArrayRef<const char *> Keys, llvm::StringRef ExpectedTarget,
                       llvm::StringRef What) {
  if (!Table.is_object())
    return tableError(FileName, What + " must be a JSON object");
  for (const auto &Member : Table.items())
    if (!llvm::is_contained(Keys, Member.key()))
      return tableError(FileName, "unknown key \"" + Member.key() + "\"");
  if (ExpectedTarget.empty())
    return llvm::Error::success();
  auto Target = Table.find("target");
  std::string Found = Target != Table.end() && Target->is_string()
                          ? Target->get<std::string>()
                          : std::string();
  if (Found != ExpectedTarget)
    return tableError(FileName, "\"target\" is \"" + Found + "\", expected \"" +
                                    ExpectedTarget + "\"");
  return llvm::Error::success();
}

std::string entryWhere(size_t Index) { return "entry " + std::to_string(Index); }

llvm::Error forEachEntry(
    const nlohmann::json &Table, llvm::StringRef FileName,
    llvm::ArrayRef<const char *> EntryKeys,
    llvm::function_ref<llvm::Error(const nlohmann::json &, const std::string &)> Fn) {
  auto Entries = Table.find("entries");
  if (Entries == Table.end() || !Entries->is_array())
    return tableError(FileName, "\"entries\" must be an array");
  // Compared by length first: most keys differ in it.
  llvm::SmallVector<llvm::StringRef, 32> Known(EntryKeys.begin(), EntryKeys.end());
  size_t Index = 0;
  for (const nlohmann::json &Entry : *Entries) {
    std::string Where = entryWhere(Index++);
    if (!Entry.is_object())
      return tableError(FileName, Where + ": must be an object");
    for (const auto &Member : Entry.items())
      if (!llvm::is_contained(Known, llvm::StringRef(Member.key())))
        return tableError(FileName, Where + ": unknown key \"" + Member.key() + "\"");
    if (llvm::Error E = Fn(Entry, Where))
      return E;
  }
  return llvm::Error::success();
}

} // namespace musify
