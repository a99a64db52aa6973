// Reading rules/<target>/target.json.
#include "rules/TargetDescription.h"
#include "rules/TableReader.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace musify {

namespace {

const char *const DescriptionFile = "target.json";

std::string descriptionPath(llvm::StringRef RulesDir, llvm::StringRef Name) {
  llvm::SmallString<256> Path(RulesDir);
  llvm::sys::path::append(Path, Name, DescriptionFile);
  return Path.str().str();
}

/// Reads Object[Key] (an object with no keys beyond Keys) into Out with Read.
template <typename ReadFn>
llvm::Error readObject(const nlohmann::json &Object, const char *Key,
                       llvm::ArrayRef<const char *> Keys, llvm::StringRef FileName,
                       ReadFn Read) {
  auto It = Object.find(Key);
  if (It == Object.end())
    return llvm::Error::success();
  if (llvm::Error E = checkTable(*It, FileName, Keys, "", std::string("\"") + Key + "\""))
    return E;
  return Read(*It);
}

} // namespace

llvm::Expected<TargetDescription> loadTarget(llvm::StringRef RulesDir,
                                             llvm::StringRef Name) {
  std::string Path = descriptionPath(RulesDir, Name);
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buffer = readTableFile(Path);
  if (!Buffer)
    return Buffer.takeError();
  llvm::Expected<nlohmann::json> Json = parseJson((*Buffer)->getBuffer(), Path);
  if (!Json)
    return Json.takeError();
  static const char *const Keys[] = {"$schema", "target", "display_name", "description",
                                     "default", "renamed_extensions", "launch_function",
                                     "versions"};
  if (llvm::Error E = checkTable(*Json, Path, Keys, Name, "a target description"))
    return E;

  TargetDescription T;
  T.Name = Name.str();
  auto Read = [&](const nlohmann::json &Object, const char *Key, auto &Out,
                  const char *TypeName) -> llvm::Error {
    if (std::optional<std::string> Bad = readMember(Object, Key, Out, TypeName))
      return tableError(Path, *Bad);
    return llvm::Error::success();
  };
  if (llvm::Error E = Read(*Json, "display_name", T.DisplayName, "a string"))
    return E;
  if (T.DisplayName.empty())
    return tableError(Path, "\"display_name\" must be a non-empty string");
  if (llvm::Error E = Read(*Json, "description", T.Description, "a string"))
    return E;
  if (llvm::Error E = Read(*Json, "default", T.Default, "true or false"))
    return E;
  if (llvm::Error E = Read(*Json, "renamed_extensions", T.RenamedExtensions,
                           "an object of extensions"))
    return E;
  if (llvm::Error E = readObject(
          *Json, "launch_function", {"name", "kernel_name_macro"}, Path,
          [&](const nlohmann::json &Launch) -> llvm::Error {
            if (llvm::Error E = Read(Launch, "name", T.LaunchFunction, "a string"))
              return E;
            return Read(Launch, "kernel_name_macro", T.KernelNameMacro, "a string");
          }))
    return E;
  if (llvm::Error E = readObject(
          *Json, "versions",
          {"header", "major_macro", "minor_macro", "path_variable", "dated_by", "option",
           "include_folders"},
          Path, [&](const nlohmann::json &Versions) -> llvm::Error {
            TargetDescription::Versions V;
            for (auto [Key, Out] : {std::pair{"header", &V.Header},
                                    {"major_macro", &V.MajorMacro},
                                    {"minor_macro", &V.MinorMacro},
                                    {"path_variable", &V.PathVariable},
                                    {"dated_by", &V.DatedBy},
                                    {"option", &V.Option}})
              if (llvm::Error E = Read(Versions, Key, *Out, "a string"))
                return E;
            if (llvm::Error E = Read(Versions, "include_folders", V.IncludeFolders,
                                     "an array of strings"))
              return E;
            T.Versioned = std::move(V);
            return llvm::Error::success();
          }))
    return E;
  return T;
}

std::vector<std::string> availableTargets(llvm::StringRef RulesDir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(RulesDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Name = llvm::sys::path::filename(It->path()).str();
    if (llvm::sys::fs::exists(descriptionPath(RulesDir, Name)))
      Names.push_back(Name);
  }
  std::sort(Names.begin(), Names.end());
  return Names;
}

} // namespace musify
