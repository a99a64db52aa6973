// The front end: one Clang compiler instance per translation unit, in CUDA mode,
// against the real CUDA SDK.
#pragma once

#include "frontend/CudaInstallation.h"
#include "frontend/FilePaths.h"
#include "frontend/NvccCompat.h"
#include "frontend/ParseOutcome.h"
#include "frontend/SharedHeaders.h"
#include "inputs/Inputs.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class FileEntryRef;
class FrontendAction;
class SourceManager;
} // namespace clang

namespace musify {

class HoistCheck;
struct HoistedMain;
class IncludeScan;
struct IncludeLine;
struct PchContents;
struct UserFileRead;

/// Headers the front end supplies in memory (the nvcc-compatibility prelude,
/// headers a newer SDK lacks). They live in a folder that exists only in the
/// parse's file system and count as part of the SDK.
constexpr llvm::StringLiteral VirtualIncludeDir = "/__musify__/include";

/// The newest device architecture Clang 19 parses for.
constexpr llvm::StringLiteral NewestDeviceArch = "sm_90";

class Frontend {
public:
  /// IsCudaHeader: whether an #include names a CUDA SDK header. One that
  /// cannot be found stops the parse; any other missing header is stood in
  /// for by an empty file. IsUserFile: whether a file (its real path) is
  /// the user's; a parse builds the bodies of the functions written in
  /// those only, since no other holds a reference.
  Frontend(CudaInstallation Cuda, std::string ResourceDir,
           std::vector<std::string> UserArgs,
           std::function<bool(llvm::StringRef)> IsCudaHeader, IsUserFileFn IsUserFile);
  ~Frontend();
  // UserArgs may be nvcc flags: they are translated (translateNvccFlags).

  /// The Clang command line that parses File as Language; Command, when
  /// given, is the build's own compile command for it (its flags come
  /// before the user's).
  std::vector<std::string> commandLine(llvm::StringRef File, SourceLanguage Language,
                                       const CompileCommand *Command = nullptr,
                                       const CudaSide &Side = {}) const;

  /// A new action for one parse; each call's replaces what the last found.
  using ActionFactory = std::function<std::unique_ptr<clang::FrontendAction>()>;

  /// Parses File, running the action MakeAction makes over it, in Command's
  /// folder when given. Clang's own diagnostics are collected, not printed.
  /// A parse that loaded headers precompiled, and turns out not to be the
  /// same as one that read them in place, is made again without them, with
  /// a new action. Safe to call from several threads at once.
  ParseOutcome parse(llvm::StringRef File, SourceLanguage Language,
                     const ActionFactory &MakeAction,
                     const CompileCommand *Command = nullptr,
                     const CudaSide &Side = {}) const;

  /// From now on, CUDA parses with one command line share what they read
  /// before the unit's own text (SharedHeaders), unless it holds a user's
  /// file; with SdkHeaders, a unit (CUDA or C++) that includes first the
  /// system and SDK headers another unit includes first too loads them
  /// precompiled where that parses the same (HoistedHeader.h). Not
  /// thread-safe: call it before parsing.
  void shareHeaders(bool SdkHeaders);

  /// A file about to be parsed, in the language it is tried in first.
  struct ExpectedParse {
    std::string File;
    SourceLanguage Language;
    const CompileCommand *Command = nullptr; ///< lives as long as the parses
  };
  /// The parses about to be made: the shared headers, and the headers that
  /// at least two of them include first, are then precompiled for the
  /// first parse that can use them rather than the second. Safe to call
  /// from several threads at once, but best before the parses it names.
  void expect(const std::vector<ExpectedParse> &Parses) const;

  /// From now on, parses build the bodies of every function, as a compiler
  /// does: slower, for checking that skipping them changes nothing. Not
  /// thread-safe: call it before parsing.
  void buildAllBodies();

  /// Which of Names a CUDA parse with Command's flags has defined as a
  /// macro, or declared in the global namespace or in std, before the
  /// unit's own text (the CUDA wrapper and the prelude, and what they
  /// include); all of them where that cannot be told. One parse of an
  /// empty unit per command line tells, for the names not asked before.
  /// Safe to call from several threads at once.
  std::set<std::string> cudaDeclares(const std::set<std::string> &Names,
                                     const CompileCommand *Command) const;

  /// The device architecture the flags compile for, the user's and
  /// Command's (the newest of -arch/-gencode/--cuda-gpu-arch, at most
  /// NewestDeviceArch), sm_52 when they name none.
  std::string deviceArch(const CompileCommand *Command) const;

private:
  /// What parses with Args (the file last) share: Command's folder and
  /// Args without the file.
  static std::string sharingKey(const std::vector<std::string> &Args,
                                const CompileCommand *Command);
  /// For the parses of Key that expect() was told of, asks for the
  /// precompiled headers of the headers each includes first (with the
  /// shared headers Base), each parse once; File's headers, where it is one
  /// of them, as they were scanned for that.
  std::optional<std::vector<IncludeLine>> planFor(const std::string &Key,
                                                  llvm::StringRef File,
                                                  const CudaSide &Side,
                                                  const PchContents *Base) const;
  /// The headers File includes that a parse may load precompiled: those
  /// planFor scanned, or hoistable's.
  std::vector<IncludeLine>
  unitHeaders(llvm::StringRef File, const std::vector<std::string> &Args,
              const std::string &Key, const CompileCommand *Command, const CudaSide &Side,
              const PchContents *Base) const;
  /// Whether expect() was told of File's parse with Key.
  bool expected(const std::string &Key, llvm::StringRef File) const;
  /// The keys of the precompiled headers of Headers' first one, two, ...
  static std::vector<std::string> hoistKeys(const std::string &Key,
                                            const std::vector<IncludeLine> &Headers);
  /// One Clang run of Args (the file last), with the main files that the
  /// precompiled header Hoisted loads in its file system, and Check
  /// watching, where given.
  ParseOutcome run(std::vector<std::string> Args,
                   std::unique_ptr<clang::FrontendAction> Action,
                   const CompileCommand *Command, const DeviceBodies *Bodies,
                   const PchContents *Hoisted = nullptr,
                   HoistCheck *Check = nullptr) const;
  /// A parse that may load the headers its unit includes first precompiled:
  /// its command line (Args, with the sharing Key), and the shared headers
  /// Base it loads, if any.
  struct HoistedParse {
    llvm::StringRef File;
    const std::vector<std::string> &Args;
    const std::string &Key;
    const CompileCommand *Command;
    const CudaSide &Side;
    SourceLanguage Language;
    const std::shared_ptr<const PchContents> &Base;
    bool Expected; ///< announced by expect()
  };
  /// P's parse with the headers its unit includes first loaded precompiled,
  /// where it reads the same as without; nothing where it does not, with
  /// why in Refused (NotShared, and the Crashes of the parse that tried).
  std::optional<ParseOutcome> parseHoisted(const HoistedParse &P,
                                           const ActionFactory &MakeAction,
                                           ParseOutcome &Refused) const;
  /// P's parse with Headers' first Index + 1 loaded precompiled (Hoisted),
  /// where it reads the same as without; nothing where it does not, with
  /// why in Refused.
  std::optional<ParseOutcome> parseLoading(const HoistedParse &P,
                                           const ActionFactory &MakeAction,
                                           llvm::ArrayRef<IncludeLine> Headers,
                                           size_t Index, const PchContents &Hoisted,
                                           ParseOutcome &Refused,
                                           std::optional<unsigned> &Where) const;
  /// The system and SDK headers File includes that Base lacks, in turn
  /// (IncludeScan::headers), found in the folders Args (Key's) search.
  std::vector<IncludeLine> hoistable(llvm::StringRef File,
                                     const std::vector<std::string> &Args,
                                     const std::string &Key,
                                     const CompileCommand *Command,
                                     const PchContents *Base) const;
  /// The shared headers of a Language parse; or Hoisted's headers, on top
  /// of Base where given. UserFile, where given, says whether Hoisted's
  /// headers read a user's file, and which of them did.
  bool buildSharedHeaders(PchContents &Into, const CompileCommand *Command,
                          const CudaSide &Side, SourceLanguage Language,
                          const HoistedMain *Hoisted = nullptr,
                          std::shared_ptr<const PchContents> Base = nullptr,
                          UserFileRead *UserFile = nullptr) const;
  /// What builds the precompiled header of a run of Headers, P's; and
  /// notes a header found to read a user's file.
  SharedHeaders::RunBuilder runBuilder(const HoistedParse &P,
                                       const std::vector<IncludeLine> &Headers) const;
  /// Headers up to the first known to read a user's file, and why, if any.
  void cutAtUnfit(const std::string &Key, std::vector<IncludeLine> &Headers,
                  std::string &Why) const;
  /// The first of Headers known to read a user's file with Key's command
  /// line (through a folder the user gave), and that file: no run holding
  /// it is shared.
  size_t firstUnfit(const std::string &Key, llvm::ArrayRef<IncludeLine> Headers,
                    std::string *UserFile = nullptr) const;
  /// Notes that Header reads UserFile with Key's command line.
  void unfit(const std::string &Key, const IncludeLine &Header,
             const std::string &UserFile) const;

  CudaInstallation Cuda;
  std::string ResourceDir;
  std::vector<std::string> UserArgs;
  std::vector<std::string> RawUserArgs; ///< as given, for deviceArch
  std::function<bool(llvm::StringRef)> IsCudaHeader;
  IsUserFileFn IsUserFile;
  bool SkipBodies = true;                ///< outside user files
  std::unique_ptr<SharedHeaders> Shared; ///< null: every parse on its own
  std::unique_ptr<IncludeScan> Scan;     ///< with Shared
  struct Plan;
  std::unique_ptr<Plan> Planned;     ///< with Scan: the parses expect() was told of
  std::unique_ptr<PlainFiles> Plain; ///< what the parses need not scan again
  mutable std::mutex DeclaresLock;
  /// By sharing key, whether a CUDA parse declares each name asked of it.
  mutable std::map<std::string, llvm::StringMap<bool>> Declares;
  mutable std::mutex UnfitLock;
  /// By sharing key, of each header found to read a user's file (as
  /// spelled), that file.
  mutable std::map<std::string, llvm::StringMap<std::string>> Unfit;
};

} // namespace musify
