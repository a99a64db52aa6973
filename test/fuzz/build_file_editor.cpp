// Whole build-file migrations of arbitrary text, as a CMakeLists.txt, a
// *.cmake file, a Makefile, a setup.py and a Python module of model code,
// for both targets: the edits are in order, do not overlap and lie inside the
// text; every event too.
#include "FuzzSupport.h"
#include "buildfiles/BuildFiles.h"
#include "python/PythonModel.h"

using namespace musify;

static void check(llvm::StringRef Path, llvm::StringRef Target, llvm::StringRef Text,
                  const BuildFileMigration &M);

static void migrateAs(llvm::StringRef Path, BuildFileKind Kind, llvm::StringRef Target,
                      llvm::StringRef Text) {
  static const RenameMap Renamed = {{"/p/src/a.cu", "/p/src/a.mu"}};
  check(Path, Target, Text,
        migrateBuildFile(Path, Text, Kind, fuzz::shippedRules(Target).buildRules(),
                         fuzz::shippedTarget(Target), Renamed));
}

static void migrateModule(llvm::StringRef Target, llvm::StringRef Text, bool AllStrings) {
  PythonRun Run;
  Run.RewriteStrings = AllStrings;
  check("/p/model.py", Target, Text,
        migratePythonModule("/p/model.py", Text, fuzz::shippedRules(Target).buildRules(),
                            fuzz::shippedTarget(Target), Run));
}

static void check(llvm::StringRef Path, llvm::StringRef Target, llvm::StringRef Text,
                  const BuildFileMigration &M) {
  EditSet Edits;
  unsigned End = 0;
  for (const Edit &E : M.Edits.edits()) {
    bool Apart =
        E.Offset >= End && E.Offset <= Text.size() && E.Length <= Text.size() - E.Offset;
    if (!Apart)
      llvm::errs() << Path << ", " << Target << ": an edit at " << E.Offset << " of "
                   << E.Length << " bytes, after one that ends at " << End << ", in "
                   << Text.size() << " bytes\n";
    fuzz::require(Apart, "edits in order, apart, inside the text");
    End = E.Offset + E.Length;
    fuzz::require(Edits.add(E) == EditSet::AddResult::Added, "edits merge");
  }
  Edits.apply(Text);
  for (const Event &E : M.Events)
    fuzz::require(E.At.Offset <= Text.size(), "events inside the text");
}

// NOLINTNEXTLINE(readability-identifier-naming): libFuzzer names it
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::textOf(Data, Size);
  for (llvm::StringRef Target : {"musa", "hip"}) {
    migrateAs("/p/CMakeLists.txt", BuildFileKind::CMake, Target, Text);
    migrateAs("/p/cmake/cuda.cmake", BuildFileKind::CMake, Target, Text);
    migrateAs("/p/Makefile", BuildFileKind::Makefile, Target, Text);
    migrateAs("/p/setup.py", BuildFileKind::Python, Target, Text);
    migrateModule(Target, Text, /*AllStrings=*/false);
    migrateModule(Target, Text, /*AllStrings=*/true);
  }
  return 0;
}
