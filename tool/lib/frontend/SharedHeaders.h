// What every CUDA parse with one command line reads before the unit's own
// text, parsed once per run: Clang's CUDA wrapper (and through it the SDK's
// runtime headers and much of the standard library) and musify's prelude,
// as a precompiled header that later parses load instead of parsing again.
#pragma once

#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <string>

namespace musify {

class SharedHeaders {
public:
  SharedHeaders() = default;
  SharedHeaders(const SharedHeaders &) = delete;
  SharedHeaders &operator=(const SharedHeaders &) = delete;
  /// Removes the precompiled headers: they live as long as the run.
  ~SharedHeaders();

  /// Writes the precompiled header to the path it is given; false if it
  /// could not.
  using Builder = std::function<bool(const std::string &Path)>;

  /// The precompiled header of the command line Key, built by Build the
  /// second time Key asks (a command line only one unit has gains nothing);
  /// "" until then, or where it could not be built. Safe to call from
  /// several threads at once: one builds, the others wait for it.
  std::string lookup(const std::string &Key, const Builder &Build);

private:
  struct Entry {
    unsigned Asked = 0;
    std::shared_future<std::string> Path;
  };
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
  std::string Folder; ///< created with the first precompiled header
  unsigned Count = 0; ///< precompiled headers begun
};

} // namespace musify
