// Turning references into edits and report events.
#include "decide/Decider.h"

namespace musify {

const char *eventStatusName(EventStatus Status) {
  switch (Status) {
  case EventStatus::Migrated:
    return "migrated";
  case EventStatus::MigratedWithoutSemantics:
    return "migrated-without-semantics";
  case EventStatus::Kept:
    return "kept";
  case EventStatus::Unsupported:
    return "unsupported";
  case EventStatus::Unknown:
    return "unknown";
  }
  return "?";
}

const char *evidenceName(Evidence How) {
  switch (How) {
  case Evidence::Declaration:
    return "declaration";
  case Evidence::Macro:
    return "macro";
  case Evidence::Include:
    return "include";
  case Evidence::MacroTest:
    return "macro-test";
  case Evidence::SkippedRegion:
    return "skipped-region";
  case Evidence::Fallback:
    return "token-fallback";
  }
  return "?";
}

std::string Decider::unsupportedMarker() const {
  return std::string("/* musify: unsupported on ") + targetDisplayName(Target) +
         " */ ";
}

Decision Decider::unsupported(Event E, const Reference &Ref,
                              llvm::StringRef FileText) const {
  E.Status = EventStatus::Unsupported;
  E.Replacement = Ref.Name;
  Decision D{std::move(E), {}};
  // Mark the name in the output, once: migrating migrated code adds nothing.
  std::string Marker = unsupportedMarker();
  // A pasted name has no text of its own to mark.
  if (!Ref.TokenPasted && !FileText.take_front(Ref.At.Offset).ends_with(Marker))
    D.Edits.push_back({Ref.At.Offset, 0, std::move(Marker)});
  return D;
}

Decision Decider::decide(const Reference &Ref, llvm::StringRef FileText) const {
  Event E;
  E.At = Ref.At;
  E.Cuda = Ref.ruleName();
  E.Replacement = E.Cuda;
  E.Kind = ruleKindName(Ref.Kind);
  E.How = Ref.How;

  const Rule *R = Rules.find(Ref.ruleName(), Ref.Kind);
  if (!R) {
    E.Status = EventStatus::Unknown;
    E.Note = std::string("not in the ") + targetDisplayName(Target) + " rule tables";
    if (!Ref.DeclaredIn.empty())
      E.Note += "; declared in " + Ref.DeclaredIn;
    return {std::move(E), {}};
  }
  E.Family = R->Family;
  E.Note = R->Note;
  if (R->Status == RuleStatus::Deprecated || R->Status == RuleStatus::Removed) {
    E.CudaStatus = ruleStatusName(R->Status);
    E.CudaVersion =
        R->Status == RuleStatus::Removed ? R->CudaRemoved : R->CudaDeprecated;
  }

  if (Ref.TokenPasted) {
    E.Note = "the name is built by token pasting (##) in a macro: rewrite the "
             "macro by hand";
    return unsupported(std::move(E), Ref, FileText);
  }
  if (!R->hasTarget())
    return unsupported(std::move(E), Ref, FileText);

  bool Semantic = isSemantic(Ref.How);
  E.Replacement = R->Target;
  // Only the name's own token is written: `thrust::cuda` -> `thrust::musa`
  // edits `cuda`, the qualifier around it stays as written.
  llvm::StringRef Written = R->Target;
  if (Ref.Kind != RuleKind::Header)
    Written = Written.rsplit("::").second.empty() ? Written
                                                  : Written.rsplit("::").second;
  if (Written == Ref.Name) {
    E.Status = EventStatus::Kept;
    return {std::move(E), {}};
  }
  E.Status = Semantic ? EventStatus::Migrated : EventStatus::MigratedWithoutSemantics;
  std::string Text = Written.str();
  if (Ref.Kind == RuleKind::Header) {
    // Keep the delimiters as written: `"cuda.h"` stays a quoted include.
    llvm::StringRef Delimited = FileText.substr(Ref.At.Offset, Ref.Length);
    Text = Delimited.front() + R->Target + Delimited.back();
  }
  return {std::move(E), {{Ref.At.Offset, Ref.Length, std::move(Text)}}};
}

Decision Decider::decide(const KernelLaunch &L) const {
  Event E;
  E.At = L.At;
  E.Cuda = L.Kernel.empty() ? "<<<>>>" : L.Kernel + "<<<>>>";
  E.Replacement = E.Cuda;
  E.Kind = "launch";
  E.Family = "launch";
  E.Status = EventStatus::Kept;
  if (Target != TargetApi::Hip || !HipLaunchKernelGGL)
    return {std::move(E), {}};
  if (!L.Rewritable) {
    E.Status = EventStatus::Unsupported;
    E.Note = "the launch is written through a macro; it stays a <<<>>> launch";
    return {std::move(E), {}};
  }

  // kernel<<<g, b, s, q>>>(args) -> hipLaunchKernelGGL(kernel, dim3(g), dim3(b),
  // s, q, args). Only the punctuation between the pieces changes, so edits
  // inside the pieces (renamed arguments) still apply.
  E.Status = EventStatus::Migrated;
  E.Replacement = "hipLaunchKernelGGL";
  Decision D{std::move(E), {}};
  auto Replace = [&](unsigned From, unsigned To, std::string Text) {
    D.Edits.push_back({From, To - From, std::move(Text)});
  };
  const auto &C = L.Config;
  std::string Head = "hipLaunchKernelGGL(";
  if (L.CalleeHasComma) {
    Head += "HIP_KERNEL_NAME(";
    D.Edits.push_back({L.CalleeEnd, 0, ")"});
  }
  D.Edits.push_back({L.CalleeBegin, 0, Head});
  Replace(L.CalleeEnd, C[0].first, ", dim3(");
  Replace(C[0].second, C[1].first, "), dim3(");
  std::string ArgsLead = L.ArgCount ? ", " : "";
  switch (C.size()) {
  case 2:
    Replace(C[1].second, L.ArgsOpen + 1, "), 0, 0" + ArgsLead);
    break;
  case 3:
    Replace(C[1].second, C[2].first, "), ");
    Replace(C[2].second, L.ArgsOpen + 1, ", 0" + ArgsLead);
    break;
  default:
    Replace(C[1].second, C[2].first, "), ");
    Replace(C[2].second, C[3].first, ", ");
    Replace(C[3].second, L.ArgsOpen + 1, ArgsLead);
    break;
  }
  return D;
}

} // namespace musify
