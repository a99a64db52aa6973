// The prelude, the offset-preserving source rewrites, and the file system view
// that applies them.
#include "frontend/NvccCompat.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

namespace musify {

namespace {

constexpr llvm::StringLiteral Prelude =
#include "NvccCompatPrelude.inc"
    ;

/// The memory-space macros after which nvcc accepts `alignas`.
constexpr llvm::StringLiteral MemorySpaces[] = {"__shared__", "__device__",
                                                "__constant__", "__managed__"};

/// End of the balanced parenthesis group opening at Open, or npos.
size_t closingParen(llvm::StringRef Text, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    if (Text[I] == '(')
      ++Depth;
    else if (Text[I] == ')' && --Depth == 0)
      return I;
    else if (Text[I] == ';' || Text[I] == '{')
      return llvm::StringRef::npos;
  }
  return llvm::StringRef::npos;
}

/// Fields CUDA 13 removed from cudaDeviceProp, which older code still reads.
constexpr llvm::StringLiteral RemovedDevicePropFields[] = {
    "clockRate",
    "deviceOverlap",
    "kernelExecTimeoutEnabled",
    "computeMode",
    "maxTexture1DLinear",
    "memoryClockRate",
    "singleToDoublePrecisionPerfRatio",
    "cooperativeMultiDeviceLaunch"};

/// Whether Text has Word as a whole identifier.
bool hasWord(llvm::StringRef Text, llvm::StringRef Word) {
  for (size_t At = Text.find(Word); At != llvm::StringRef::npos;
       At = Text.find(Word, At + 1))
    if ((At == 0 || !clang::isAsciiIdentifierContinue(Text[At - 1])) &&
        (At + Word.size() == Text.size() ||
         !clang::isAsciiIdentifierContinue(Text[At + Word.size()])))
      return true;
  return false;
}

} // namespace

std::optional<std::string> sdkCompatibleText(llvm::StringRef Text) {
  size_t Struct = Text.find("struct __device_builtin__ cudaDeviceProp\n{");
  if (Struct == llvm::StringRef::npos)
    return std::nullopt;
  size_t Open = Text.find('{', Struct), Close = Text.find("\n};", Open);
  if (Close == llvm::StringRef::npos)
    return std::nullopt;
  std::string Missing;
  for (llvm::StringRef Field : RemovedDevicePropFields)
    if (!hasWord(Text.slice(Open, Close), Field))
      Missing += ("int " + Field + "; ").str();
  if (Missing.empty())
    return std::nullopt;
  // Into the room of the fields' doc comments: the text keeps its size and
  // its lines, as the file system and Clang's source manager expect.
  std::string Out = Text.str();
  size_t Left = 0; // of Missing, written so far
  for (size_t At = Out.find("/**<", Open); At < Close && Left < Missing.size();
       At = Out.find("/**<", At + 1)) {
    size_t End = Out.find("*/", At);
    if (End == std::string::npos || End > Close ||
        Out.substr(At, End - At).find('\n') != std::string::npos)
      continue;
    size_t Room = End + 2 - At;
    // Whole declarations only.
    size_t Take = 0;
    for (size_t Next; (Next = Missing.find("; ", Left + Take)) != std::string::npos &&
                      Next + 2 - Left <= Room;)
      Take = Next + 2 - Left;
    if (!Take)
      continue;
    Out.replace(At, Room, Missing.substr(Left, Take) + std::string(Room - Take, ' '));
    Left += Take;
  }
  if (Left < Missing.size())
    return std::nullopt;
  return Out;
}

namespace {

/// How every Clang AST file (a precompiled header) begins.
constexpr llvm::StringLiteral PrecompiledMagic("CPCH");

/// A file whose text is shown through nvccCompatibleText (user files) or
/// sdkCompatibleText (the SDK's).
class CompatibleFile : public llvm::vfs::File {
public:
  CompatibleFile(std::unique_ptr<llvm::vfs::File> Real, PlainFiles *Plain)
      : Real(std::move(Real)), Plain(Plain) {}

  llvm::ErrorOr<llvm::vfs::Status> status() override { return Real->status(); }
  llvm::ErrorOr<std::string> getName() override { return Real->getName(); }
  std::error_code close() override { return Real->close(); }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto Buffer = Real->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    // A precompiled header (the shared headers) is no source text: it is
    // read as it was written.
    if (!Buffer || (*Buffer)->getBuffer().starts_with(PrecompiledMagic))
      return Buffer;
    // The identity a run's memo of plain files knows it by, if there is one.
    std::optional<llvm::vfs::Status> Status;
    if (Plain)
      if (llvm::ErrorOr<llvm::vfs::Status> Known = Real->status())
        Status = *Known;
    if (Status && Plain->contains(*Status))
      return Buffer;
    std::optional<std::string> Fixed = nvccCompatibleText((*Buffer)->getBuffer());
    if (!Fixed &&
        llvm::StringRef((*Buffer)->getBufferIdentifier()).ends_with("driver_types.h"))
      Fixed = sdkCompatibleText((*Buffer)->getBuffer());
    if (!Fixed) {
      if (Status)
        Plain->insert(*Status);
      return Buffer;
    }
    return llvm::MemoryBuffer::getMemBufferCopy(*Fixed, (*Buffer)->getBufferIdentifier());
  }

private:
  std::unique_ptr<llvm::vfs::File> Real;
  PlainFiles *Plain;
};

class CompatibleView : public llvm::vfs::ProxyFileSystem {
public:
  CompatibleView(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, PlainFiles *Plain)
      : ProxyFileSystem(std::move(Base)), Plain(Plain) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto File = ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    return std::unique_ptr<llvm::vfs::File>(
        std::make_unique<CompatibleFile>(std::move(*File), Plain));
  }

private:
  PlainFiles *Plain;
};

} // namespace

llvm::StringRef nvccCompatPrelude() { return Prelude; }

std::optional<std::string> nvccCompatibleText(llvm::StringRef Text) {
  if (!Text.contains("alignas"))
    return std::nullopt;
  std::optional<std::string> Out;
  for (size_t At = Text.find("alignas"); At != llvm::StringRef::npos;
       At = Text.find("alignas", At + 1)) {
    if (At > 0 && clang::isAsciiIdentifierContinue(Text[At - 1]))
      continue;
    // The memory-space macro just before, separated by blanks only.
    size_t SpaceEnd = At;
    while (SpaceEnd > 0 && (Text[SpaceEnd - 1] == ' ' || Text[SpaceEnd - 1] == '\t'))
      --SpaceEnd;
    const llvm::StringLiteral *Space = nullptr;
    for (const llvm::StringLiteral &S : MemorySpaces)
      if (Text.take_front(SpaceEnd).ends_with(S) &&
          (SpaceEnd == S.size() ||
           !clang::isAsciiIdentifierContinue(Text[SpaceEnd - S.size() - 1])))
        Space = &S;
    size_t Open = Text.find_first_not_of(" \t", At + 7);
    if (!Space || Open == llvm::StringRef::npos || Text[Open] != '(')
      continue;
    size_t Close = closingParen(Text, Open);
    if (Close == llvm::StringRef::npos)
      continue;
    // [Space][blanks][alignas(...)] -> [alignas(...)][blanks][Space]
    size_t Begin = SpaceEnd - Space->size();
    llvm::StringRef Blanks = Text.slice(SpaceEnd, At);
    llvm::StringRef Align = Text.slice(At, Close + 1);
    if (!Out)
      Out = Text.str();
    Out->replace(Begin, Close + 1 - Begin, (Align + Blanks + *Space).str());
  }
  return Out;
}

bool PlainFiles::contains(const llvm::vfs::Status &File) const {
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known.find(File.getUniqueID());
  return It != Known.end() &&
         It->second == std::make_pair(File.getSize(), File.getLastModificationTime());
}

void PlainFiles::insert(const llvm::vfs::Status &File) {
  std::lock_guard<std::mutex> Guard(Lock);
  Known[File.getUniqueID()] = {File.getSize(), File.getLastModificationTime()};
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeNvccCompatibleView(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                       PlainFiles *Plain) {
  return llvm::makeIntrusiveRefCnt<CompatibleView>(std::move(Base), Plain);
}

} // namespace musify
