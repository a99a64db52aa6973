// One translation unit: host parse, recovery, device side.
#include "find/UnitParser.h"
#include "core/SourceText.h"
#include "find/DeviceSide.h"
#include "find/ReferenceFinder.h"

#include "clang/Frontend/FrontendAction.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>

namespace musify {

namespace {

/// The front end's error regions as the Find stage's regions.
std::vector<SkippedRegion> regionsOf(std::vector<ErrorRegion> &&Errors) {
  std::vector<SkippedRegion> Regions;
  for (ErrorRegion &R : Errors)
    Regions.push_back({std::move(R.File), R.Begin, R.End});
  return Regions;
}

/// Whether what a host parse skipped for want of device compilation holds
/// names the rule tables know.
bool deviceSkipsCudaNames(const TranslationUnitFindings &Found, const RuleTable &Rules) {
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Texts; // each file read once
  for (const SkippedRegion &R : Found.Skipped) {
    if (!R.DeviceOnly)
      continue;
    auto [It, New] = Texts.try_emplace(R.File);
    // With a NUL after the text, as the raw lexer needs (IncludeScan::linesOf).
    if (New)
      if (auto Buffer = llvm::MemoryBuffer::getFile(R.File, /*IsText=*/false,
                                                    /*RequiresNullTerminator=*/true))
        It->second = std::move(*Buffer);
    if (!It->second)
      continue;
    llvm::StringRef Text = It->second->getBuffer();
    bool Known = false;
    forEachIdentifier(
        Text, R.Begin, std::min<size_t>(R.End, Text.size()),
        [&](const RawIdentifier &Id) { Known = Known || Rules.findIdentifier(Id.Name); });
    if (Known)
      return true;
  }
  return false;
}

/// A device-only parse for Arch, merged into Unit: it finds the names the
/// host skipped by their declarations. One that fails leaves them to the
/// token rewriter.
void parseDeviceSide(llvm::StringRef Path, const CompileCommand *Command,
                     const Frontend &Front, const RuleTable &Rules,
                     const SourceClassifier &Classifier, const std::string &Arch,
                     ParsedUnit &Unit) {
  // A clean host parse tells which bodies hold what it skipped.
  std::optional<DeviceBodies> Bodies;
  if (Unit.Parsed && Unit.Findings.BodiesHoldingSkippedKnown) {
    Bodies.emplace();
    Bodies->Holding.insert(Unit.Findings.BodiesHoldingSkipped.begin(),
                           Unit.Findings.BodiesHoldingSkipped.end());
    for (const SkippedRegion &R : Unit.Findings.Skipped)
      Bodies->Skipped[R.File].push_back({R.Begin, R.End});
  }
  TranslationUnitFindings Device;
  ParseOutcome Outcome = Front.parse(
      Path, SourceLanguage::Cuda,
      [&] {
        Device = {};
        return makeFindReferencesAction(Rules, Classifier, Device);
      },
      Command, CudaSide{/*Device=*/true, Arch, Bodies ? &*Bodies : nullptr});
  Unit.DeviceArchs.push_back(Arch);
  Unit.Absent.insert(Outcome.Absent.begin(), Outcome.Absent.end());
  llvm::append_range(Unit.Crashes, Outcome.Crashes);
  if (!Outcome.Parsed && !Outcome.Recovered)
    return;
  // Device-side errors count only in what the device side alone read.
  std::vector<SkippedRegion> Spoiled =
      subtract(overlap(Unit.Findings.Skipped, regionsOf(std::move(Outcome.ErrorRegions))),
               Device.Skipped);
  mergeDeviceSide(Unit.Findings, Device);
  if (Spoiled.empty())
    return;
  llvm::append_range(Unit.ErrorRegions, std::move(Spoiled));
  Unit.Recovered = true;
  Unit.ErrorCount += Outcome.ErrorCount;
  llvm::append_range(Unit.FirstErrors, Outcome.FirstErrors);
}

/// Whether a CUDA parse of a file whose C++ parse (Cxx, kept) Clang
/// recovered from would have errors too: its first error, in a user's
/// file, is a name nothing declares or an `#error`, and CUDA's headers
/// declare neither that name nor a macro the user's conditionals tested
/// before it (`#ifdef __CUDACC__`); so the CUDA parse reads the same user
/// code up to that error and makes it again. Only a clean CUDA parse would
/// replace the C++ one.
bool failsAsCudaToo(const ParseOutcome &Cxx, const CompileCommand *Command,
                    const Frontend &Front) {
  if (!Cxx.Recovered || (Cxx.FirstUndeclared.empty() && !Cxx.FirstErrorIsDirective))
    return false;
  std::set<std::string> Names = Cxx.UndefinedTested;
  if (!Cxx.FirstUndeclared.empty())
    Names.insert(Cxx.FirstUndeclared);
  return Front.cudaDeclares(Names, Command).empty();
}

} // namespace

ParsedUnit parseTranslationUnit(llvm::StringRef Path,
                                const std::vector<SourceLanguage> &Languages,
                                const CompileCommand *Command, const Frontend &Front,
                                const RuleTable &Rules,
                                const SourceClassifier &Classifier, bool DeviceSide) {
  // A clean parse wins; else the first one Clang recovered from; else the first.
  ParsedUnit Unit;
  std::optional<SourceLanguage> Kept;
  for (SourceLanguage Language : Languages) {
    TranslationUnitFindings Found;
    ParseOutcome Outcome = Front.parse(
        Path, Language,
        [&] {
          Found = {};
          return makeFindReferencesAction(Rules, Classifier, Found);
        },
        Command);
    Unit.Absent.insert(Outcome.Absent.begin(), Outcome.Absent.end());
    llvm::append_range(Unit.Crashes, Outcome.Crashes);
    if (Outcome.Parsed || (Outcome.Recovered && !Unit.Recovered) || !Kept) {
      Unit.Parsed = Outcome.Parsed;
      Unit.Recovered = Outcome.Recovered;
      Unit.ErrorCount = Outcome.ErrorCount;
      Unit.FirstErrors = std::move(Outcome.FirstErrors);
      Unit.ErrorRegions = regionsOf(std::move(Outcome.ErrorRegions));
      Unit.StoodIn = std::move(Outcome.StoodIn);
      Unit.SharedHeader = std::move(Outcome.SharedHeader);
      Unit.NotShared = std::move(Outcome.NotShared);
      Unit.Findings = std::move(Found);
      Kept = Language;
    }
    if (Unit.Parsed)
      break;
    // The C++ parse, tried first, is the one kept so far.
    if (Language == SourceLanguage::Cxx && failsAsCudaToo(Outcome, Command, Front)) {
      Unit.NotTriedAsCuda = Outcome.FirstErrorIsDirective
                                ? "reaches the same #error"
                                : "declares no '" + Outcome.FirstUndeclared + "' either";
      break;
    }
  }
  if (!DeviceSide || Kept != SourceLanguage::Cuda || (!Unit.Parsed && !Unit.Recovered))
    return Unit;
  // The newest architecture first: it compiles every `#ifdef __CUDA_ARCH__`
  // branch and every `#if __CUDA_ARCH__ >= N`, so one parse mostly does. The
  // flags' own (older) one follows only for what it alone compiles
  // (`#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600`).
  std::vector<std::string> Archs = {NewestDeviceArch.str()};
  if (std::string Own = Front.deviceArch(Command); Own != Archs.front())
    Archs.push_back(std::move(Own));
  for (const std::string &Arch : Archs) {
    if (!deviceSkipsCudaNames(Unit.Findings, Rules))
      break;
    parseDeviceSide(Path, Command, Front, Rules, Classifier, Arch, Unit);
  }
  return Unit;
}

} // namespace musify
