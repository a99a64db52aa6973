// What one musify run is asked to do: the command line, parsed.
#pragma once

#include <string>
#include <vector>

namespace musify {

enum class TargetApi { Musa, Hip };

/// The user-facing name of a target ("MUSA", "HIP") and its rule folder ("musa", "hip").
const char *targetDisplayName(TargetApi Target);
const char *targetRuleFolder(TargetApi Target);

enum class OutputMode {
  Stdout,  ///< the single input, migrated, on standard output
  File,    ///< the single input, migrated, to OutputFile
  OutRoot, ///< every input mirrored under OutRoot
  InPlace, ///< every migrated file rewritten where it is
};

struct MigrationOptions {
  TargetApi Target = TargetApi::Musa;
  std::vector<std::string> Inputs;
  OutputMode Output = OutputMode::Stdout;
  std::string OutputFile;
  std::string OutRoot;
  bool Backup = false; ///< with InPlace: keep FILE.orig beside each rewritten file
  std::string ReportFile;
  std::string CudaPath; ///< empty: CUDA_PATH, then /usr/local/cuda
  std::string RulesDir; ///< empty: the installed rules, then the source tree's
  std::vector<std::string> ClangArgs; ///< everything after `--`
  bool HipLaunchKernelGGL = false; ///< HIP: rewrite <<<>>> as hipLaunchKernelGGL
  bool AllowFallback = false; ///< token-only migration of unparsable files is not an error
  bool RewriteStrings = false; ///< also migrate CUDA names inside string literals
  bool Quiet = false;
};

} // namespace musify
