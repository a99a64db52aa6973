// Bounded reads of data files: regular files only, up to a size.
#include "core/BoundedRead.h"

#include "llvm/Support/Errno.h"
#include "llvm/Support/Format.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace musify {

namespace {

std::string sizeText(uint64_t Bytes) {
  if (Bytes >= (uint64_t(1) << 30) && Bytes % (uint64_t(1) << 30) == 0)
    return std::to_string(Bytes >> 30) + " GiB";
  return std::to_string(Bytes >> 20) + " MiB";
}

} // namespace

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readBoundedFile(llvm::StringRef Path, uint64_t Limit, llvm::StringRef What) {
  auto Refuse = [&](std::error_code EC, const llvm::Twine &Why) {
    return llvm::createStringError(EC, ("cannot read " + Path + ": " + Why).str());
  };
  // Non-blocking: opening a FIFO for reading would wait for a writer.
  std::string Name = Path.str();
  int FD = ::open(Name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0) {
    std::error_code EC(errno, std::generic_category());
    return Refuse(EC, EC.message());
  }
  struct stat Status;
  if (::fstat(FD, &Status) != 0) {
    std::error_code EC(errno, std::generic_category());
    ::close(FD);
    return Refuse(EC, EC.message());
  }
  if (!S_ISREG(Status.st_mode)) {
    ::close(FD);
    return Refuse(std::make_error_code(std::errc::invalid_argument),
                  "the " + What + " is not a regular file");
  }
  uint64_t Size = static_cast<uint64_t>(Status.st_size);
  if (Size > Limit) {
    ::close(FD);
    return Refuse(std::make_error_code(std::errc::file_too_large),
                  "it holds " + std::to_string(Size) + " bytes, more than the " +
                      sizeText(Limit) + " musify reads of a " + What);
  }
  // Exactly the size seen (a file that grows while it is read is cut
  // there), with a NUL after it, as Clang's raw lexer needs.
  auto Buffer = llvm::MemoryBuffer::getOpenFile(FD, Path, Size,
                                                /*RequiresNullTerminator=*/true);
  ::close(FD);
  if (!Buffer)
    return Refuse(Buffer.getError(), Buffer.getError().message());
  return std::move(*Buffer);
}

} // namespace musify
