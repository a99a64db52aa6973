#include "output/DepFile.h"

namespace musify {

namespace {

/// Path as a word of a depfile, or an error.
llvm::Expected<std::string> escaped(llvm::StringRef Path) {
  std::string Word;
  for (char C : Path) {
    if (C == '\n' || C == '\r')
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--depfile cannot name '%s': its name holds a line "
                                     "break",
                                     Path.str().c_str());
    if (C == ' ' || C == '#')
      Word += '\\';
    else if (C == '$')
      Word += '$';
    Word += C;
  }
  return Word;
}

} // namespace

llvm::Expected<std::string> depFileText(llvm::ArrayRef<std::string> Targets,
                                        const std::set<std::string> &Deps) {
  std::string Text;
  for (const std::string &Target : Targets) {
    llvm::Expected<std::string> Word = escaped(Target);
    if (!Word)
      return Word.takeError();
    Text += (Text.empty() ? "" : " ") + *Word;
  }
  Text += ":";
  for (const std::string &Dep : Deps) {
    llvm::Expected<std::string> Word = escaped(Dep);
    if (!Word)
      return Word.takeError();
    Text += " \\\n  " + *Word;
  }
  return Text + "\n";
}

} // namespace musify
