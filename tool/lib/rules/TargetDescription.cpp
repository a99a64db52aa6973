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

/// Reads Object[Key], if there, into Out; a value of another type than
/// TypeName is an error of the file Path.
template <typename T>
llvm::Error readKey(const nlohmann::json &Object, const char *Key, T &Out,
                    const char *TypeName, llvm::StringRef Path) {
  if (std::optional<std::string> Bad = readMember(Object, Key, Out, TypeName))
    return tableError(Path, *Bad);
  return llvm::Error::success();
}

/// The keys beside the objects: the target's names, whether it is the
/// default, and the extensions it renames.
llvm::Error readPlainKeys(const nlohmann::json &Json, llvm::StringRef Path,
                          TargetDescription &T) {
  if (llvm::Error E = readKey(Json, "display_name", T.DisplayName, "a string", Path))
    return E;
  if (T.DisplayName.empty())
    return tableError(Path, "\"display_name\" must be a non-empty string");
  if (llvm::Error E = readKey(Json, "description", T.Description, "a string", Path))
    return E;
  if (llvm::Error E = readKey(Json, "default", T.Default, "true or false", Path))
    return E;
  if (llvm::Error E =
          readKey(Json, "cuda_macros_undefined", T.CudaMacrosUndefined, "a string", Path))
    return E;
  return readKey(Json, "renamed_extensions", T.RenamedExtensions,
                 "an object of extensions", Path);
}

/// "launch_function": the call `<<<>>>` launches may become.
llvm::Error readLaunchFunction(const nlohmann::json &Launch, llvm::StringRef Path,
                               TargetDescription &T) {
  if (llvm::Error E = readKey(Launch, "name", T.LaunchFunction, "a string", Path))
    return E;
  if (llvm::Error E = readKey(Launch, "header", T.LaunchHeader, "a string", Path))
    return E;
  if (llvm::Error E =
          readKey(Launch, "dynamic_shared_macro", T.DynamicSharedMacro, "a string", Path))
    return E;
  return readKey(Launch, "kernel_name_macro", T.KernelNameMacro, "a string", Path);
}

/// "versions": how the installed version of a versioned target is found.
llvm::Error readVersions(const nlohmann::json &Versions, llvm::StringRef Path,
                         TargetDescription &T) {
  TargetDescription::Versions V;
  for (auto [Key, Out] : {std::pair{"header", &V.Header},
                          {"major_macro", &V.MajorMacro},
                          {"minor_macro", &V.MinorMacro},
                          {"path_variable", &V.PathVariable},
                          {"dated_by", &V.DatedBy},
                          {"option", &V.Option}})
    if (llvm::Error E = readKey(Versions, Key, *Out, "a string", Path))
      return E;
  if (llvm::Error E = readKey(Versions, "include_folders", V.IncludeFolders,
                              "an array of strings", Path))
    return E;
  T.Versioned = std::move(V);
  return llvm::Error::success();
}

} // namespace

llvm::Expected<TargetDescription> loadTarget(llvm::StringRef RulesDir,
                                             llvm::StringRef Name) {
  std::string Path = descriptionPath(RulesDir, Name);
  llvm::Expected<nlohmann::json> Json = readJsonFile(Path);
  if (!Json)
    return Json.takeError();
  static const char *const Keys[] = {"$schema",
                                     "target",
                                     "display_name",
                                     "description",
                                     "default",
                                     "device_language", // cmake/Musify.cmake's
                                     "renamed_extensions",
                                     "cuda_macros_undefined",
                                     "launch_function",
                                     "versions"};
  if (llvm::Error E = checkTable(*Json, Path, Keys, Name, "a target description"))
    return E;

  TargetDescription T;
  T.Name = Name.str();
  if (llvm::Error E = readPlainKeys(*Json, Path, T))
    return E;
  if (llvm::Error E =
          readObject(*Json, "launch_function",
                     {"name", "kernel_name_macro", "header", "dynamic_shared_macro"},
                     Path, [&](const nlohmann::json &Launch) {
                       return readLaunchFunction(Launch, Path, T);
                     }))
    return E;
  if (llvm::Error E = readObject(*Json, "versions",
                                 {"header", "major_macro", "minor_macro", "path_variable",
                                  "dated_by", "option", "include_folders"},
                                 Path, [&](const nlohmann::json &Versions) {
                                   return readVersions(Versions, Path, T);
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
