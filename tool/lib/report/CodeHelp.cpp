// The diagnostic codes' help texts, shared by every view that explains them.
#include "report/CodeHelp.h"

namespace musify {

namespace {

constexpr CodeHelp Codes[] = {
    {"unsupported", "warning", "A CUDA name the target has no equivalent for",
     "The name is left as written and the file will not build for the target "
     "until it is replaced by hand; the note says why the target lacks it."},
    {"unknown", "warning", "A CUDA name the rule tables do not know",
     "The name is declared by the CUDA SDK (or a library the tables describe) but "
     "no table names it: it is left as written. Add a rule (--rules) if the target "
     "has a counterpart."},
    {"review", "warning", "A migration a person must check",
     "The name was migrated, but the result depends on something musify cannot "
     "verify (an architecture number, an install folder, an overload)."},
    {"disputed", "warning", "A migration whose sources disagree",
     "The rule tables' sources disagree on the target name; the note names the "
     "alternative. Check that the migrated name is the one the target declares."},
    {"dropped-argument", "warning", "A call that lost an argument",
     "The target's function does not take one of CUDA's arguments; dropping it "
     "changes nothing only for the values the note lists."},
    {"arch-comparison", "warning", "A translated architecture comparison",
     "A comparison of the CUDA architecture macro was translated through the "
     "threshold map; check the branch it now takes."},
    {"deprecated", "warning", "A name CUDA deprecated",
     "CUDA deprecated the name; it was migrated, or kept, as the message says."},
    {"removed", "warning", "A name CUDA removed",
     "CUDA removed the name; code that uses it does not build with a recent SDK."},
    {"inline-asm", "warning", "Inline PTX assembly",
     "PTX does not run on the target: rewrite the assembly with the target's "
     "intrinsics."},
    {"device-launch", "warning", "A kernel launched from device code",
     "Dynamic parallelism: the target may not support launches from device code."},
    {"warp-size", "warning", "Code that assumes a 32-lane warp",
     "The target's warps have another width; the constant or mask must follow "
     "the target's warp size. A constant that comes from a definition (a macro, "
     "a constexpr variable or function) is reported once, at the definition, with "
     "its uses as related locations."},
    {"vector-operator", "warning", "An operator the target's vector types define too",
     "The target's vector types define this operator as a member: the user's one "
     "makes every use ambiguous. It is guarded out for the target."},
    {"initialised-vla", "error", "An initialised variable-length array",
     "nvcc accepts int a[n] = {0}; (a GNU extension); the target's compiler "
     "rejects it. Declare the array without an initialiser and fill it with a "
     "loop, or give it a constant size."},
    {"conflict", "error", "Two parses want different edits of one place",
     "Two translation units see this header differently (other macros or flags); "
     "neither edit was applied. Migrate this place by hand."},
    {"no-semantics", "warning", "A file migrated without semantic analysis",
     "No parse covered the file (or parts of it): its names were migrated by "
     "spelling. Give musify the flags the file is built with."},
    {"build-blocker", "error", "The migrated file will not build",
     "Something the migration left (an unsupported or unknown name that the "
     "parse compiled) stops the file from building for the target."},
};

} // namespace

llvm::ArrayRef<CodeHelp> codeHelps() { return Codes; }

const CodeHelp *codeHelp(llvm::StringRef Code) {
  for (const CodeHelp &C : Codes)
    if (Code == C.Code)
      return &C;
  return nullptr;
}

} // namespace musify
