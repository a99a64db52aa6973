#include "inputs/ReadAlone.h"

#include "core/SourceText.h"
#include "inputs/NvccFlags.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>

namespace musify {
namespace {

/// A file of no source role larger than this is data, not a header.
constexpr uint64_t MaxOtherFileBytes = 1 << 20;

/// Whether Flags include a file in every unit they compile. nvcc's flags are
/// translated first: `--pre-include` is `-include`, `--include-path` is -I.
bool includesByFlag(const std::vector<std::string> &Flags) {
  for (llvm::StringRef Flag : translateNvccFlags(Flags))
    if (Flag.starts_with("-include") || Flag.starts_with("-imacros") ||
        Flag == "--include" || Flag.starts_with("--include=") || Flag == "--imacros" ||
        Flag.starts_with("--imacros="))
      return true;
  return false;
}

/// Whether F may hold #include directives: a source, or a small file of
/// another kind (`.inc`, `.ipp`, ...).
bool mayInclude(const InputFile &F) {
  if (F.Role == FileRole::TranslationUnit || F.Role == FileRole::Header)
    return true;
  uint64_t Size = 0;
  return F.Role == FileRole::Other && !llvm::sys::fs::file_size(F.Path, Size) &&
         Size <= MaxOtherFileBytes;
}

} // namespace

std::set<std::string> unitsReadAlone(const InputSet &Inputs,
                                     const std::vector<std::string> &ClangArgs) {
  if (includesByFlag(ClangArgs))
    return {};
  std::set<std::string> Named; // file names #include directives name
  std::map<std::string, unsigned> Listed;
  for (const InputFile &F : Inputs.Files) {
    if (F.Command && includesByFlag(F.Command->Flags))
      return {};
    if (F.Role == FileRole::TranslationUnit && !F.LeftOut)
      ++Listed[F.Path];
    if (!mayInclude(F))
      continue;
    // Clang's lexer reads the NUL after a text: a file of whole pages
    // mapped as it is has none.
    auto Buffer = llvm::MemoryBuffer::getFile(F.Path);
    if (Buffer && !forEachIncludedName((*Buffer)->getBuffer(), [&](llvm::StringRef Name) {
          Named.insert(llvm::sys::path::filename(Name).str());
        }))
      return {};
  }
  for (const InputSet::Link &L : Inputs.Links)
    if (Named.count(llvm::sys::path::filename(L.Path).str()))
      Named.insert(llvm::sys::path::filename(L.Target).str());
  std::set<std::string> Alone;
  for (const auto &[Path, Times] : Listed)
    if (Times == 1 && !Named.count(llvm::sys::path::filename(Path).str()))
      Alone.insert(Path);
  return Alone;
}

} // namespace musify
