// Which files are build files, and the migration of one.
#include "buildfiles/BuildFiles.h"

#include "buildfiles/BuildFileEditor.h"

#include "llvm/Support/Path.h"

namespace musify {

std::optional<BuildFileKind> buildFileKindOf(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "CMakeLists.txt" || Name.ends_with(".cmake"))
    return BuildFileKind::CMake;
  if (Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
      Name.ends_with(".mk"))
    return BuildFileKind::Makefile;
  return std::nullopt;
}

BuildFileMigration migrateBuildFile(llvm::StringRef Path, llvm::StringRef Text,
                                    BuildFileKind Kind, const BuildRules &Rules,
                                    TargetApi Target, const RenameMap &Renamed) {
  BuildFileEditor Editor(Path, Text, Rules, Target, Renamed);
  if (Kind == BuildFileKind::CMake)
    migrateCMake(Editor, llvm::sys::path::filename(Path) == "CMakeLists.txt");
  else
    migrateMakefile(Editor);
  return Editor.finish();
}

} // namespace musify
