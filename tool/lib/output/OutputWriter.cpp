// Atomic file output.
#include "output/OutputWriter.h"
#include "core/TemporaryNames.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace musify {

std::optional<std::string> whyNotReplaceable(llvm::StringRef Path, bool Writable) {
  llvm::sys::fs::file_status Status;
  // Not followed: a link is refused, whatever it leads to.
  if (llvm::sys::fs::status(Path, Status, /*follow=*/false))
    return std::nullopt; // new
  switch (Status.type()) {
  case llvm::sys::fs::file_type::regular_file:
    break;
  case llvm::sys::fs::file_type::symlink_file:
    return std::string("is a symbolic link; name the file itself or a new one");
  case llvm::sys::fs::file_type::directory_file:
    return std::string("is a folder");
  default:
    return std::string("is not a regular file (a device, a FIFO or a socket)");
  }
  if (Writable && !(Status.permissions() & llvm::sys::fs::owner_write))
    return std::string("is read-only; left as it is (make it writable to replace it)");
  return std::nullopt;
}

std::optional<std::string> whyNotWritableFolder(llvm::StringRef Path) {
  llvm::SmallString<256> Folder(Path);
  llvm::sys::fs::make_absolute(Folder);
  do
    llvm::sys::path::remove_filename(Folder);
  while (!Folder.empty() && !llvm::sys::fs::exists(Folder));
  if (Folder.empty())
    return std::nullopt;
  if (!llvm::sys::fs::is_directory(Folder))
    return "cannot be made: '" + Folder.str().str() + "' is a file, not a folder";
  if (::access(Folder.c_str(), W_OK | X_OK) != 0)
    return "cannot be written: its folder '" + Folder.str().str() +
           "' is read-only to this run; name a file in a folder it may write";
  return std::nullopt;
}

std::optional<std::string> linkBelow(llvm::StringRef Root, llvm::StringRef Path) {
  Root = Root.rtrim('/');
  llvm::StringRef Rest = Path;
  if (!Rest.consume_front(Root) || !Rest.starts_with("/"))
    return std::nullopt;
  llvm::SmallString<256> Walked(Root);
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  llvm::sys::path::parent_path(Rest).split(Parts, '/', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    llvm::sys::path::append(Walked, Part);
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Walked, Status, /*follow=*/false))
      return std::nullopt; // missing: created as a folder
    if (Status.type() == llvm::sys::fs::file_type::symlink_file)
      return Walked.str().str();
  }
  return std::nullopt;
}

/// Whether Path is a file that already holds exactly Content.
static bool holdsAlready(llvm::StringRef Path, llvm::StringRef Content) {
  uint64_t Size = 0;
  if (llvm::sys::fs::file_size(Path, Size) || Size != Content.size())
    return false;
  auto Current = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  return Current && (*Current)->getBuffer() == Content;
}

namespace {

llvm::Error cannotWrite(llvm::StringRef Path, const llvm::Twine &Cause) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "cannot write '%s': %s",
                                 Path.str().c_str(), Cause.str().c_str());
}

/// Path may be replaced (whyNotReplaceable), and its parent folders are
/// there, made as mkdir makes them (the umask decides).
llvm::Error readyToReplace(llvm::StringRef Path) {
  if (std::optional<std::string> Unfit = whyNotReplaceable(Path))
    return cannotWrite(Path, "it " + *Unfit);
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  if (Parent.empty())
    return llvm::Error::success();
  if (std::error_code EC = llvm::sys::fs::create_directories(
          Parent, /*IgnoreExisting=*/true, llvm::sys::fs::all_all))
    return llvm::createStringError(EC, "cannot create folder '%s': %s",
                                   Parent.str().c_str(), EC.message().c_str());
  return llvm::Error::success();
}

/// Path replaced by what Produce writes, with the permissions Perms: a
/// temporary file beside Path, written to the last byte and flushed to the
/// disk before it replaces Path, so that a full disk or any other write error
/// leaves Path as it was.
llvm::Error replaceWith(llvm::StringRef Path,
                        const llvm::ErrorOr<llvm::sys::fs::perms> &Perms,
                        llvm::function_ref<void(llvm::raw_ostream &)> Produce) {
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(temporaryModelFor(Path));
  if (!Temp)
    return cannotWrite(Path, llvm::toString(Temp.takeError()));
  std::error_code WriteError;
  {
    llvm::raw_fd_ostream Out(Temp->FD, /*shouldClose=*/false);
    Produce(Out);
    Out.flush();
    WriteError = Out.error();
    Out.clear_error(); // reported below, not at destruction
  }
  if (!WriteError && ::fsync(Temp->FD) != 0)
    WriteError = std::error_code(errno, std::generic_category());
  if (WriteError) {
    llvm::consumeError(Temp->discard());
    return cannotWrite(Path, WriteError.message());
  }
  if (llvm::Error E = Temp->keep(Path))
    return cannotWrite(Path, llvm::toString(std::move(E)));
  if (Perms)
    llvm::sys::fs::setPermissions(Path, *Perms);
  return llvm::Error::success();
}

} // namespace

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content,
                                llvm::StringRef ModeOf, IfUnchanged Unchanged) {
  if (llvm::Error E = readyToReplace(Path))
    return E;
  llvm::ErrorOr<llvm::sys::fs::perms> Perms =
      llvm::sys::fs::getPermissions(ModeOf.empty() ? Path : ModeOf);
  // A file that already holds Content is not written again: only touched,
  // or kept as it is.
  if (holdsAlready(Path, Content) &&
      (Unchanged == IfUnchanged::Keep ||
       ::utimensat(AT_FDCWD, Path.str().c_str(), nullptr, 0) == 0)) {
    if (Perms)
      llvm::sys::fs::setPermissions(Path, *Perms);
    return llvm::Error::success();
  }
  return replaceWith(Path, Perms, [&](llvm::raw_ostream &Out) { Out << Content; });
}

llvm::Error writeStreamAtomically(llvm::StringRef Path,
                                  llvm::function_ref<void(llvm::raw_ostream &)> Produce) {
  if (llvm::Error E = readyToReplace(Path))
    return E;
  return replaceWith(Path, llvm::sys::fs::getPermissions(Path), Produce);
}

} // namespace musify
