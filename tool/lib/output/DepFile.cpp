// --depfile's text, in the part of Make's syntax that GNU make and Ninja
// read alike.
#include "output/DepFile.h"

#include "core/SourceText.h"

#include "llvm/ADT/StringExtras.h"

namespace musify {

/// Characters GNU make and Ninja (1.11) both read as written in a name.
static bool isPlain(char C) {
  return llvm::isAlnum(C) || llvm::StringRef("/_.-+,%[]@!~{}()").contains(C) ||
         static_cast<unsigned char>(C) >= 0x80;
}

std::string whyNotInDepFile(llvm::StringRef Path) {
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == '\n' || C == '\r')
      return "its name holds a line break";
    // A backslash stays one where a plain character follows it; before an
    // escaped one, or last, the two tools read it differently.
    if (C == '\\' && (I + 1 == Path.size() || !isPlain(Path[I + 1])))
      return "make and Ninja read a backslash before '" + oneLine(Path.substr(I + 1, 1)) +
             "' (or last) differently";
    if (C == ':' && I + 1 == Path.size())
      return "Ninja cannot read a name ending in ':'";
    if (!isPlain(C) && !llvm::StringRef(" #:$\\").contains(C))
      return "make and Ninja cannot both read a name holding '" +
             oneLine(Path.substr(I, 1)) + "'";
  }
  return "";
}

/// Path as a word of a depfile, or an error. The escapes are those both
/// tools read: `\ `, `\#`, `\:` and `$$`.
static llvm::Expected<std::string> escaped(llvm::StringRef Path) {
  if (std::string Why = whyNotInDepFile(Path); !Why.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--depfile cannot name '%s': %s",
                                   oneLine(Path).c_str(), Why.c_str());
  std::string Word;
  for (char C : Path) {
    if (C == ' ' || C == '#' || C == ':')
      Word += '\\';
    else if (C == '$')
      Word += '$';
    Word += C;
  }
  return Word;
}

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
  std::string Empty; // a rule of its own for each, as `gcc -MP` writes
  for (const std::string &Dep : Deps) {
    llvm::Expected<std::string> Word = escaped(Dep);
    if (!Word)
      return Word.takeError();
    Text += " \\\n  " + *Word;
    Empty += *Word + ":\n";
  }
  return Text + "\n" + Empty;
}

} // namespace musify
