// Translating nvcc's command-line flags into flags Clang takes for a parse.
#include "inputs/NvccFlags.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace musify {

namespace {

/// nvcc options that take a value, as a separate argument or after `=`,
/// and mean nothing to a parse.
constexpr llvm::StringLiteral DroppedWithValue[] = {
    "-arch",
    "--gpu-architecture",
    "-code",
    "--gpu-code",
    "-gencode",
    "--generate-code",
    "-ccbin",
    "--compiler-bindir",
    "-Xptxas",
    "--ptxas-options",
    "-Xnvlink",
    "--nvlink-options",
    "-Xlinker",
    "--linker-options",
    "-maxrregcount",
    "--maxrregcount",
    "-rdc",
    "--relocatable-device-code",
    "-o",
    "--output-file",
    "-x",
    "--x",
    "-t",
    "--threads",
    "-Xarchive",
    "--archive-options",
    "-split-compile",
    "--split-compile",
    "-MF",
    "-MT",
    "-MQ",
    "--dependency-output",
    "-odir",
    "--output-directory",
    "--diag-suppress",
    "-diag-suppress",
    "--keep-dir",
    "-keep-dir",
    "-arch-ls",
    "--list-gpu-arch",
};

/// nvcc switches without a value that mean nothing to a parse.
constexpr llvm::StringLiteral DroppedSwitches[] = {
    "--expt-relaxed-constexpr",
    "-expt-relaxed-constexpr",
    "--expt-extended-lambda",
    "-expt-extended-lambda",
    "--extended-lambda",
    "-extended-lambda",
    "-dc",
    "--device-c",
    "-dw",
    "--device-w",
    "-c",
    "--compile",
    "-lineinfo",
    "--generate-line-info",
    "-G",
    "--device-debug",
    "-use_fast_math",
    "--use_fast_math",
    "-dlink",
    "--device-link",
    "-cudart",
    "--cudart",
    "-MD",
    "-MMD",
    "-M",
    "-MM",
    "-keep",
    "--keep",
    "-Wno-deprecated-gpu-targets",
    "-restrict",
    "--restrict",
    "-src-in-ptx",
    "--source-in-ptx",
    "-forward-unknown-to-host-compiler",
    "--forward-unknown-to-host-compiler",
};

bool isOneOf(llvm::StringRef Flag, llvm::ArrayRef<llvm::StringLiteral> Set) {
  return llvm::is_contained(Set, Flag);
}

/// The value of a flag: after its `=`, or the next argument.
using ValueReader = llvm::function_ref<std::optional<std::string>()>;

/// Translates one of the nvcc flags that take a value into Out, reading the
/// value with NextValue; false if Name is none of them.
bool translateValuedFlag(llvm::StringRef Name, ValueReader NextValue,
                         std::vector<std::string> &Out) {
  if (Name == "-Xcompiler" || Name == "--compiler-options") {
    if (std::optional<std::string> Host = NextValue()) {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      llvm::StringRef(*Host).split(Parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef P : Parts)
        Out.push_back(P.str());
    }
    return true;
  }
  if (Name == "--std" || Name == "-std") {
    if (std::optional<std::string> Standard = NextValue())
      Out.push_back("-std=" + *Standard);
    return true;
  }
  if (Name == "--default-stream" || Name == "-default-stream") {
    if (NextValue() == std::optional<std::string>("per-thread"))
      Out.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    return true;
  }
  if (Name == "--include-path") {
    if (std::optional<std::string> Dir = NextValue())
      Out.push_back("-I" + *Dir);
    return true;
  }
  if (Name == "--define-macro") {
    if (std::optional<std::string> Macro = NextValue())
      Out.push_back("-D" + *Macro);
    return true;
  }
  if (Name == "--pre-include") {
    if (std::optional<std::string> Header = NextValue()) {
      Out.push_back("-include");
      Out.push_back(*Header);
    }
    return true;
  }
  if (isOneOf(Name, DroppedWithValue)) {
    NextValue();
    return true;
  }
  return false;
}

} // namespace

std::vector<std::string> translateNvccFlags(const std::vector<std::string> &Flags) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef Flag = Flags[I];
    // Not a structured binding: C++17 lambdas cannot capture those.
    std::pair<llvm::StringRef, llvm::StringRef> NameAndValue = Flag.split('=');
    llvm::StringRef Name = NameAndValue.first, Value = NameAndValue.second;
    bool HasValue = Flag.contains('=');
    auto NextValue = [&]() -> std::optional<std::string> {
      if (HasValue)
        return Value.str();
      if (I + 1 < Flags.size())
        return Flags[++I];
      return std::nullopt;
    };

    if (Name == "-isystem" && HasValue) { // CMake's spelling for nvcc
      Out.push_back("-isystem");
      Out.push_back(Value.str());
      continue;
    }
    if (translateValuedFlag(Name, NextValue, Out))
      continue;
    if (isOneOf(Flag, DroppedSwitches) || Flag.starts_with("-Wno-deprecated"))
      continue;
    Out.push_back(Flag.str());
  }
  return Out;
}

} // namespace musify
