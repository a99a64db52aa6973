#include "model/ReportSpill.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <unistd.h>

namespace musify {

// A new field of Event or HazardRecord must be written and read below.
static_assert(sizeof(Event) == 520 && sizeof(HazardRecord) == 232,
              "encode and decode every field of Event and HazardRecord");

namespace {

/// Event's text fields, in the order they are written and read.
constexpr std::string Event::*EventTexts[] = {&Event::Cuda,
                                              &Event::Replacement,
                                              &Event::Kind,
                                              &Event::Family,
                                              &Event::OldText,
                                              &Event::NewText,
                                              &Event::DroppedArgument,
                                              &Event::VerifiedBy,
                                              &Event::Source,
                                              &Event::CudaStatus,
                                              &Event::CudaVersion,
                                              &Event::NeedsVersion,
                                              &Event::VersionOption,
                                              &Event::Note};

class Encoder {
public:
  Encoder(std::string &Out, llvm::StringRef File) : Out(Out), File(File) {}
  void number(uint64_t N) {
    char Bytes[8];
    llvm::support::endian::write64le(Bytes, N);
    Out.append(Bytes, sizeof(Bytes));
  }
  void text(llvm::StringRef S) {
    number(S.size());
    Out += S;
  }
  // Entries are nearly all in their own file: that path is not repeated.
  void place(const Place &At) {
    bool Own = At.File == File;
    number(Own);
    if (!Own)
      text(At.File);
    number(At.Offset);
    number(At.Line);
    number(At.Column);
  }

private:
  std::string &Out;
  llvm::StringRef File;
};

class Decoder {
public:
  Decoder(llvm::StringRef In, llvm::StringRef File) : In(In), File(File) {}
  bool failed() const { return Failed; }
  uint64_t number() {
    if (In.size() < 8) {
      Failed = true;
      return 0;
    }
    uint64_t N = llvm::support::endian::read64le(In.data());
    In = In.drop_front(8);
    return N;
  }
  unsigned small() { return static_cast<unsigned>(number()); }
  std::string text() {
    uint64_t Size = number();
    if (Size > In.size()) {
      Failed = true;
      return {};
    }
    std::string S = In.take_front(Size).str();
    In = In.drop_front(Size);
    return S;
  }
  Place place() {
    Place At;
    At.File = number() ? File.str() : text();
    At.Offset = small();
    At.Line = small();
    At.Column = small();
    return At;
  }
  bool atEnd() const { return In.empty(); }

private:
  llvm::StringRef In, File;
  bool Failed = false;
};

} // namespace

std::string encodeEntries(const std::vector<Event> &Events,
                          const std::vector<HazardRecord> &Hazards,
                          llvm::StringRef File) {
  std::string Out;
  Encoder E(Out, File);
  E.number(Events.size());
  for (const Event &Ev : Events) {
    E.place(Ev.At);
    for (std::string Event::*Text : EventTexts)
      E.text(Ev.*Text);
    E.number(static_cast<uint64_t>(Ev.Status));
    E.number(static_cast<uint64_t>(Ev.How));
    E.number(static_cast<uint64_t>(Ev.Impact));
    E.number(Ev.NeedsReview);
    E.number(Ev.Disputed);
  }
  E.number(Hazards.size());
  for (const HazardRecord &H : Hazards) {
    E.place(H.At);
    E.number(static_cast<uint64_t>(H.Kind));
    E.text(H.Text);
    E.text(H.Message);
    E.number(H.Defused);
    E.number(H.Instructions.size());
    for (const std::string &I : H.Instructions)
      E.text(I);
    E.text(H.Cause);
    E.place(H.CauseAt);
  }
  return Out;
}

llvm::Expected<ReportEntries> decodeEntries(llvm::StringRef Bytes, llvm::StringRef File) {
  Decoder D(Bytes, File);
  ReportEntries Entries;
  for (uint64_t N = D.number(); N && !D.failed(); --N) {
    Event Ev;
    Ev.At = D.place();
    for (std::string Event::*Text : EventTexts)
      Ev.*Text = D.text();
    Ev.Status = static_cast<EventStatus>(D.number());
    Ev.How = static_cast<Evidence>(D.number());
    Ev.Impact = static_cast<BuildImpact>(D.number());
    Ev.NeedsReview = D.number();
    Ev.Disputed = D.number();
    Entries.Events.push_back(std::move(Ev));
  }
  for (uint64_t N = D.number(); N && !D.failed(); --N) {
    HazardRecord H;
    H.At = D.place();
    H.Kind = static_cast<HazardKind>(D.number());
    H.Text = D.text();
    H.Message = D.text();
    H.Defused = D.number();
    for (uint64_t I = D.number(); I && !D.failed(); --I)
      H.Instructions.push_back(D.text());
    H.Cause = D.text();
    H.CauseAt = D.place();
    Entries.Hazards.push_back(std::move(H));
  }
  if (D.failed() || !D.atEnd())
    return llvm::createStringError("the report entries of '" + File +
                                   "' did not read back whole");
  return Entries;
}

ReportSpill::~ReportSpill() {
  if (FD >= 0)
    ::close(FD);
}

void ReportSpill::spill(FileReport &F) {
  if (F.Spilled || (F.Events.empty() && F.Hazards.empty()))
    return;
  std::string Bytes = encodeEntries(F.Events, F.Hazards, F.Path);
  std::lock_guard<std::mutex> Guard(Lock);
  if (Unusable)
    return;
  if (FD < 0) {
    llvm::SmallString<128> Path;
    if (llvm::sys::fs::createTemporaryFile("musify-report", "entries", FD, Path)) {
      Unusable = true;
      return;
    }
    llvm::sys::fs::remove(Path);
  }
  // Appended at Size: a write cut short (a full disk) leaves what is there
  // whole, and the file's entries stay in memory.
  for (size_t Done = 0; Done < Bytes.size();) {
    ssize_t N = ::pwrite(FD, Bytes.data() + Done, Bytes.size() - Done, Size + Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Unusable = true;
      return;
    }
    Done += N;
  }
  F.Spilled = FileReport::SpilledEntries{Size, Bytes.size()};
  Size += Bytes.size();
  // Their memory goes too (assigning {} would keep it).
  std::vector<Event>().swap(F.Events);
  std::vector<HazardRecord>().swap(F.Hazards);
}

void ReportSpill::withEntries(const FileReport &F,
                              llvm::function_ref<void(const FileReport &)> Fn) const {
  if (!F.Spilled) {
    Fn(F);
    return;
  }
  FileReport Whole = F;
  std::string Failure;
  // Read at an offset, without the file's position: safe from any thread.
  auto Bytes = llvm::MemoryBuffer::getOpenFileSlice(FD, F.Path, F.Spilled->Bytes,
                                                    F.Spilled->Offset);
  if (!Bytes) {
    Failure = "cannot read back the report entries of '" + F.Path +
              "': " + Bytes.getError().message();
  } else {
    llvm::Expected<ReportEntries> Entries = decodeEntries((*Bytes)->getBuffer(), F.Path);
    if (Entries) {
      Whole.Events = std::move(Entries->Events);
      Whole.Hazards = std::move(Entries->Hazards);
    } else {
      Failure = llvm::toString(Entries.takeError());
    }
  }
  if (!Failure.empty()) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (ReadFailure.empty())
      ReadFailure = std::move(Failure);
  }
  Fn(Whole);
}

std::string ReportSpill::readFailure() const {
  std::lock_guard<std::mutex> Guard(Lock);
  return ReadFailure;
}

} // namespace musify
