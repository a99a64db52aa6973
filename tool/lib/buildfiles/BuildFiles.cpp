// Which files are build files, and the migration of one.
#include "buildfiles/BuildFiles.h"

#include "buildfiles/BuildFileEditor.h"
#include "buildfiles/CMakeMigration.h"
#include "buildfiles/MakeMigration.h"
#include "buildfiles/PythonMigration.h"

#include "llvm/Support/Path.h"

namespace musify {

BuildFileMigration migrateBuildFile(llvm::StringRef Path, llvm::StringRef Text,
                                    BuildFileKind Kind, const BuildRules &Rules,
                                    const TargetDescription &Target,
                                    const RenameMap &Renamed,
                                    llvm::StringRef HelpersDir) {
  BuildFileEditor Editor(Path, Text, Rules, Target, Renamed);
  switch (Kind) {
  case BuildFileKind::CMake:
    migrateCMake(Editor, llvm::sys::path::filename(Path) == "CMakeLists.txt", HelpersDir);
    break;
  case BuildFileKind::Makefile:
    migrateMakefile(Editor, HelpersDir);
    break;
  case BuildFileKind::Python:
    migratePython(Editor);
    break;
  }
  return Editor.finish();
}

void migrateBuildFiles(RunState &State, const BuildRules &Rules,
                       const TargetDescription &Target, const RenameMap &Renamed,
                       llvm::StringRef HelpersDir) {
  for (auto &[Path, S] : State.Files) {
    if (!S.is(FileRole::BuildFile) || S.leftOut())
      continue;
    S.Report.How = Analysis::BuildFile;
    BuildFileMigration Migrated =
        migrateBuildFile(Path, RunState::text(S), *buildFileKindOf(Path), Rules, Target,
                         Renamed, HelpersDir);
    S.Edits = std::move(Migrated.Edits);
    llvm::append_range(S.Report.Events, std::move(Migrated.Events));
  }
}

} // namespace musify
