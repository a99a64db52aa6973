// Which files are build files, and the migration of one.
#include "buildfiles/BuildFiles.h"

#include "buildfiles/BuildFileEditor.h"

#include "llvm/Support/Path.h"

namespace musify {

BuildFileMigration migrateBuildFile(llvm::StringRef Path, llvm::StringRef Text,
                                    BuildFileKind Kind, const BuildRules &Rules,
                                    const TargetDescription &Target,
                                    const RenameMap &Renamed) {
  BuildFileEditor Editor(Path, Text, Rules, Target, Renamed);
  switch (Kind) {
  case BuildFileKind::CMake:
    migrateCMake(Editor, llvm::sys::path::filename(Path) == "CMakeLists.txt");
    break;
  case BuildFileKind::Makefile:
    migrateMakefile(Editor);
    break;
  case BuildFileKind::Python:
    migratePython(Editor);
    break;
  }
  return Editor.finish();
}

} // namespace musify
