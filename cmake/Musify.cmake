# Musify.cmake: migrate a target's CUDA sources with musify at build time.
#
#   find_package(Musify REQUIRED)
#   musify_migrate(<name>
#     TARGET_API <target>
#     SOURCES <file>...
#     [HEADERS <file>...]
#     [INCLUDE_DIRECTORIES <dir>...]
#     [EXECUTABLE | STATIC | SHARED | OBJECT | NONE]
#     [DEVICE_LANGUAGE <HIP|CUDA|NONE>]
#     [FLAGS <flag>...]
#     [RULES <file>...]
#     [MUSIFY_ARGS <arg>...]
#     [OUTPUT_DIR <dir>]
#     [QUIET])
#
# The sources stay CUDA. At build time one musify run migrates the files of
# SOURCES and HEADERS (relative paths are relative to CMAKE_CURRENT_SOURCE_DIR;
# the files must exist at configure time) into OUTPUT_DIR (default
# ${CMAKE_CURRENT_BINARY_DIR}/musify/<name>), keeping their paths relative to
# their common folder, and writes the JSON report to OUTPUT_DIR/report.json.
# The run is repeated when a listed file, a header the sources include (listed
# or not: the run writes a depfile of what it read, and of where it looked for
# a header it did not find), the musify executable, a rule table of TARGET_API
# or a RULES file changes. A header deleted while a source includes it fails
# the step (its earlier migration would be built). A migrated file whose text
# did not change keeps its time, so an edit recompiles only what it changed.
# List in HEADERS the headers of your own that the sources include, so that the
# migrated copies are known to the build before the first run.
#
# EXECUTABLE, STATIC, SHARED, OBJECT: also create the target <name> from the
# migrated files. Its include directories (PRIVATE for an executable, PUBLIC for
# a library) are, for each INCLUDE_DIRECTORIES entry inside the inputs' common
# folder, its migrated counterpart, then the original (for headers that needed
# no migration and were not listed); entries outside that folder are used as
# they are. NONE (the default) only migrates. Either way the custom target
# <name>_migrate runs the migration (part of `all` for NONE).
#
# The created target compiles migrated host sources (.cpp .cc .cxx .c) as C++/C
# and migrated device sources (.cu) in DEVICE_LANGUAGE: by default the target's
# own ("device_language" in its rules/<target>/target.json: HIP for hip, CUDA
# for musa, which is MUSA code on NVIDIA through the portability layer: link
# Musify::runtime) when the project enabled that language, otherwise NONE: they are listed
# in the target but not compiled, and the project compiles
# ${<name>_MIGRATED_DEVICE_SOURCES} itself (with hipcc or mcc).
#
# FLAGS go to musify after `--`, i.e. to Clang (nvcc flags are translated),
# after -I<dir> for each INCLUDE_DIRECTORIES entry. RULES adds rule files
# (--rules). MUSIFY_ARGS are further musify options (--hip-launch-kernel-ggl,
# --allow-fallback, --cuda-path=DIR, --rewrite-strings). QUIET passes --quiet.
#
# Set in the caller's scope, and as properties MUSIFY_<WHAT> of <name>_migrate
# (MUSIFY_MIGRATED_SOURCES, ...):
#   <name>_MIGRATED_SOURCES         every migrated file: sources and headers
#   <name>_MIGRATED_DEVICE_SOURCES  the migrated .cu files
#   <name>_MIGRATED_HOST_SOURCES    the migrated .cpp .cc .cxx .c files
#   <name>_MIGRATED_HEADERS         the migrated headers
#   <name>_MIGRATED_INCLUDE_DIRS    the include directories described above
#   <name>_MIGRATION_DIR            OUTPUT_DIR
#   <name>_MIGRATION_REPORT         OUTPUT_DIR/report.json
#
# MUSIFY_<TARGET>_HELPERS_DIR (musify's helper headers for the target, set by
# MusifyConfig.cmake: MUSIFY_HIP_HELPERS_DIR, MUSIFY_MUSA_HELPERS_DIR) is one of
# the include directories, where it is set.
#
# Which musify: MUSIFY_EXECUTABLE (set by MusifyConfig.cmake; otherwise give
# -DMUSIFY_EXECUTABLE=... or have musify on PATH). Its rule tables:
# MUSIFY_RULES_DIR, passed as --rules-dir when set; otherwise those beside the
# executable (share/musify/rules). The targets are the folders of the rules
# with a target.json: TARGET_API names one.

if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "Musify.cmake needs CMake 3.20 or newer (this is ${CMAKE_VERSION})")
endif()
include_guard(GLOBAL)
# Functions keep the policies of their definition: 3.20's, whatever the caller's.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)

# The folder musify mirrors its inputs from: the deepest folder that contains
# every folder of ARGN (real paths, as musify resolves them).
function(_musify_common_folder out)
  list(GET ARGN 0 common)
  foreach(dir IN LISTS ARGN)
    while(TRUE)
      cmake_path(IS_PREFIX common "${dir}" NORMALIZE inside)
      cmake_path(GET common PARENT_PATH parent)
      if(inside OR parent STREQUAL common)
        break()
      endif()
      set(common "${parent}")
    endwhile()
  endforeach()
  set(${out} "${common}" PARENT_SCOPE)
endfunction()

# FATAL_ERROR naming the call; ARGN is joined without separators.
macro(_musify_fail)
  string(CONCAT _musify_why ${ARGN})
  message(FATAL_ERROR "musify_migrate(${name}): ${_musify_why}")
endmacro()

# The target API of rules_dir named api: its display name and the CMake
# language its migrated device sources compile in ("" for none), from its
# target.json. An api that is no target says which ones there are.
function(_musify_target name rules_dir api out_display out_language)
  set(description "${rules_dir}/${api}/target.json")
  if(NOT api MATCHES "^[A-Za-z0-9_-]+$" OR NOT EXISTS "${description}")
    file(GLOB descriptions "${rules_dir}/*/target.json")
    set(targets "")
    foreach(d IN LISTS descriptions)
      get_filename_component(folder "${d}" DIRECTORY)
      get_filename_component(target "${folder}" NAME)
      list(APPEND targets "${target}")
    endforeach()
    list(SORT targets)
    list(JOIN targets ", " targets)
    if(targets STREQUAL "")
      _musify_fail("no targets under the rule tables' folder '${rules_dir}' (set "
                   "MUSIFY_RULES_DIR to musify's rules)")
    endif()
    _musify_fail("TARGET_API must be one of ${targets} (the targets of '${rules_dir}'), "
                 "not '${api}'")
  endif()
  file(READ "${description}" json)
  string(JSON display ERROR_VARIABLE error GET "${json}" display_name)
  if(error)
    _musify_fail("'${description}' is no target description (its display_name): ${error}")
  endif()
  string(JSON language ERROR_VARIABLE error GET "${json}" device_language)
  if(error)
    set(language "")
  endif()
  set(${out_display} "${display}" PARENT_SCOPE)
  set(${out_language} "${language}" PARENT_SCOPE)
endfunction()

# An absolute, normalized path without a trailing slash.
function(_musify_absolute out path base)
  cmake_path(ABSOLUTE_PATH path BASE_DIRECTORY "${base}" NORMALIZE OUTPUT_VARIABLE abs)
  string(REGEX REPLACE "(.)/+$" "\\1" abs "${abs}")
  set(${out} "${abs}" PARENT_SCOPE)
endfunction()

# Musify::runtime: the MUSA portability layer (MUSIFY_RUNTIME_INCLUDE_DIR) as an
# interface target, for MUSA output built as CUDA on NVIDIA. nvcc includes
# cuda_runtime.h implicitly; -include musa_runtime.h adds the MUSA names the same
# way. Defined only where the layer exists.
function(_musify_add_runtime_target)
  if(TARGET Musify::runtime OR NOT MUSIFY_RUNTIME_INCLUDE_DIR
     OR NOT EXISTS "${MUSIFY_RUNTIME_INCLUDE_DIR}/musa_runtime.h")
    return()
  endif()
  add_library(Musify::runtime INTERFACE IMPORTED)
  set_target_properties(Musify::runtime PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${MUSIFY_RUNTIME_INCLUDE_DIR}"
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-include musa_runtime.h>")
endfunction()

# `DEVICE_LANGUAGE NONE` names the language: the parser takes NONE for the
# target-kind keyword and leaves DEVICE_LANGUAGE without a value. Reads the
# call's arguments from the list `args` and fixes the caller's ARG_
# variables: NONE stays the kind only where it is also given on its own.
macro(_musify_device_language_none args)
  set(_musify_nones 0)
  set(_musify_previous "")
  foreach(_musify_arg IN LISTS ${args})
    if(_musify_arg STREQUAL "NONE" AND _musify_previous STREQUAL "DEVICE_LANGUAGE")
      set(ARG_DEVICE_LANGUAGE NONE)
      list(REMOVE_ITEM ARG_KEYWORDS_MISSING_VALUES DEVICE_LANGUAGE)
    elseif(_musify_arg STREQUAL "NONE")
      math(EXPR _musify_nones "${_musify_nones} + 1")
    endif()
    set(_musify_previous "${_musify_arg}")
  endforeach()
  if(ARG_DEVICE_LANGUAGE STREQUAL "NONE" AND _musify_nones EQUAL 0)
    set(ARG_NONE FALSE)
  endif()
endmacro()

function(musify_migrate name)
  set(kinds EXECUTABLE STATIC SHARED OBJECT NONE)
  # File kinds by extension, as musify reads them.
  set(device_extensions .cu)
  set(host_extensions .cpp .cc .cxx .c)
  set(header_extensions .cuh .h .hpp .hh .inl)
  cmake_parse_arguments(PARSE_ARGV 1 ARG
    "${kinds};QUIET"
    "TARGET_API;DEVICE_LANGUAGE;OUTPUT_DIR"
    "SOURCES;HEADERS;INCLUDE_DIRECTORIES;FLAGS;RULES;MUSIFY_ARGS")
  set(call_args "${ARGN}")
  _musify_device_language_none(call_args)

  # --- arguments --------------------------------------------------------------
  if(name STREQUAL "" OR name MATCHES "^(TARGET_API|SOURCES|HEADERS)$")
    message(FATAL_ERROR "musify_migrate: the first argument is the name of the "
                        "migration (and of the target it creates)")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    list(JOIN ARG_UNPARSED_ARGUMENTS " " unknown)
    _musify_fail("unknown arguments: ${unknown}")
  endif()
  if(ARG_KEYWORDS_MISSING_VALUES)
    list(JOIN ARG_KEYWORDS_MISSING_VALUES " " missing)
    _musify_fail("no value given for ${missing}")
  endif()
  if(NOT DEFINED ARG_TARGET_API)
    _musify_fail("TARGET_API <target> is required: a folder of musify's rules with a "
                 "target.json")
  endif()
  set(kind NONE)
  set(given_kinds "")
  foreach(k IN LISTS kinds)
    if(ARG_${k})
      set(kind ${k})
      list(APPEND given_kinds ${k})
    endif()
  endforeach()
  list(LENGTH given_kinds nkinds)
  if(nkinds GREATER 1)
    list(JOIN given_kinds " " given_kinds)
    _musify_fail("give at most one of EXECUTABLE, STATIC, SHARED, OBJECT, NONE "
                 "(got ${given_kinds})")
  endif()
  if(NOT ARG_SOURCES)
    _musify_fail("no SOURCES given")
  endif()
  if(NOT kind STREQUAL "NONE" AND TARGET ${name})
    _musify_fail("a target named '${name}' already exists")
  endif()
  if(TARGET ${name}_migrate)
    _musify_fail("called twice with this name (target '${name}_migrate' exists)")
  endif()

  # --- musify and its rule tables ----------------------------------------------
  if(NOT MUSIFY_EXECUTABLE)
    find_program(MUSIFY_EXECUTABLE musify)
  endif()
  if(NOT MUSIFY_EXECUTABLE)
    _musify_fail("the musify executable was not found. Use find_package(Musify) with "
                 "-DMusify_DIR=<prefix>/lib/cmake/Musify (an installed musify) or "
                 "-DMusify_DIR=<musify build>/cmake (a build tree), or set "
                 "-DMUSIFY_EXECUTABLE=/path/to/musify")
  endif()
  if(NOT EXISTS "${MUSIFY_EXECUTABLE}" OR IS_DIRECTORY "${MUSIFY_EXECUTABLE}")
    _musify_fail("MUSIFY_EXECUTABLE '${MUSIFY_EXECUTABLE}' is not a file "
                 "(a build tree's musify: build it first, `ninja musify`)")
  endif()
  set(depends "${MUSIFY_EXECUTABLE}")
  set(options "")
  set(rules_dir "${MUSIFY_RULES_DIR}")
  if(NOT rules_dir)
    get_filename_component(rules_dir "${MUSIFY_EXECUTABLE}" DIRECTORY)
    get_filename_component(rules_dir "${rules_dir}/../share/musify/rules" ABSOLUTE)
  endif()
  _musify_target("${name}" "${rules_dir}" "${ARG_TARGET_API}" api_name target_language)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(device_language "${ARG_DEVICE_LANGUAGE}")
  if(device_language STREQUAL "")
    set(device_language NONE)
    if(NOT target_language STREQUAL "" AND target_language IN_LIST languages)
      set(device_language ${target_language})
    endif()
  elseif(NOT device_language MATCHES "^(HIP|CUDA|NONE)$")
    _musify_fail("DEVICE_LANGUAGE must be HIP, CUDA or NONE, not '${device_language}'")
  elseif(NOT device_language STREQUAL "NONE" AND NOT device_language IN_LIST languages)
    _musify_fail("DEVICE_LANGUAGE ${device_language}: the project has not enabled that "
                 "language (enable_language(${device_language}) before this call)")
  endif()

  if(MUSIFY_RULES_DIR)
    if(NOT IS_DIRECTORY "${MUSIFY_RULES_DIR}/${ARG_TARGET_API}")
      _musify_fail("no rule tables for ${ARG_TARGET_API} under MUSIFY_RULES_DIR "
                   "'${MUSIFY_RULES_DIR}'")
    endif()
    # Edits of the tables re-run the migration; a table added later needs a
    # re-configure (a CONFIGURE_DEPENDS glob would re-check on every build).
    file(GLOB_RECURSE tables "${MUSIFY_RULES_DIR}/${ARG_TARGET_API}/*.json")
    list(APPEND depends ${tables})
    list(APPEND options "--rules-dir=${MUSIFY_RULES_DIR}")
  endif()
  foreach(rules IN LISTS ARG_RULES)
    _musify_absolute(rules "${rules}" "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${rules}" OR IS_DIRECTORY "${rules}")
      _musify_fail("RULES file '${rules}' does not exist")
    endif()
    list(APPEND options "--rules=${rules}")
    list(APPEND depends "${rules}")
  endforeach()
  if(ARG_QUIET)
    list(APPEND options --quiet)
  endif()

  # --- inputs, and where musify writes each -------------------------------------
  set(out_dir "${ARG_OUTPUT_DIR}")
  if(out_dir STREQUAL "")
    set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/musify/${name}")
  endif()
  _musify_absolute(out_dir "${out_dir}" "${CMAKE_CURRENT_BINARY_DIR}")
  set(report "${out_dir}/report.json")

  set(inputs "")     # as given, absolute: the command line
  set(reals "")      # symbolic links resolved: what musify mirrors
  set(folders "")
  foreach(file IN LISTS ARG_SOURCES ARG_HEADERS)
    _musify_absolute(abs "${file}" "${CMAKE_CURRENT_SOURCE_DIR}")
    if(IS_DIRECTORY "${abs}")
      _musify_fail("'${file}' is a folder; list the files to migrate")
    endif()
    if(NOT EXISTS "${abs}")
      _musify_fail("'${file}' does not exist (${abs}); musify_migrate takes existing "
                   "files, not generated ones")
    endif()
    cmake_path(GET abs EXTENSION LAST_ONLY ext)
    if(NOT ext IN_LIST device_extensions AND NOT ext IN_LIST host_extensions
       AND NOT ext IN_LIST header_extensions)
      _musify_fail("'${file}' is not a CUDA or C++ file (.cu .cpp .cc .cxx .c .cuh .h "
                   ".hpp .hh .inl)")
    endif()
    file(REAL_PATH "${abs}" real)
    if(real IN_LIST reals)
      continue()
    endif()
    list(APPEND inputs "${abs}")
    list(APPEND reals "${real}")
    cmake_path(GET real PARENT_PATH folder)
    list(APPEND folders "${folder}")
  endforeach()
  _musify_common_folder(common ${folders})
  if(out_dir IN_LIST folders OR out_dir STREQUAL common)
    _musify_fail("OUTPUT_DIR '${out_dir}' is a folder of the inputs; the migration "
                 "would overwrite them: choose another")
  endif()

  set(migrated "")
  set(device_sources "")
  set(host_sources "")
  set(headers "")
  foreach(real IN LISTS reals)
    file(RELATIVE_PATH rel "${common}" "${real}")
    set(out "${out_dir}/${rel}")
    list(APPEND migrated "${out}")
    cmake_path(GET real EXTENSION LAST_ONLY ext)
    if(ext IN_LIST device_extensions)
      list(APPEND device_sources "${out}")
    elseif(ext IN_LIST host_extensions)
      list(APPEND host_sources "${out}")
    else()
      list(APPEND headers "${out}")
    endif()
  endforeach()

  set(include_flags "")
  set(include_dirs "")
  foreach(dir IN LISTS ARG_INCLUDE_DIRECTORIES)
    _musify_absolute(abs "${dir}" "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT IS_DIRECTORY "${abs}")
      _musify_fail("INCLUDE_DIRECTORIES entry '${dir}' is not a folder (${abs})")
    endif()
    list(APPEND include_flags "-I${abs}")
    file(REAL_PATH "${abs}" real)
    cmake_path(IS_PREFIX common "${real}" NORMALIZE inside)
    if(inside)
      file(RELATIVE_PATH rel "${common}" "${real}")
      _musify_absolute(mirrored "${out_dir}/${rel}" "/")
      list(APPEND include_dirs "${mirrored}")
    endif()
    list(APPEND include_dirs "${abs}")
  endforeach()
  # musify's helper headers for the target: migrated HIP code includes
  # musify/hip_helpers.h where it calls a helper (umin, atomicInc_system, ...),
  # MUSA code musify/musa_launch.h where --launch-as-call launches a kernel.
  string(TOUPPER "${ARG_TARGET_API}" api_upper)
  if(IS_DIRECTORY "${MUSIFY_${api_upper}_HELPERS_DIR}")
    list(APPEND include_dirs "${MUSIFY_${api_upper}_HELPERS_DIR}")
  endif()

  # --- the build step ----------------------------------------------------------
  # The report is the step's output, written by every run; the migrated files
  # are its byproducts, which musify leaves as they are (their times too) when
  # their text did not change, so the build compiles again only what did
  # (Ninja re-reads their times: restat). The depfile names every file the run
  # read, the headers the sources include that HEADERS does not list too.
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/musify/${name}.d")
  add_custom_command(
    OUTPUT "${report}"
    BYPRODUCTS ${migrated}
    COMMAND "${MUSIFY_EXECUTABLE}" --target=${ARG_TARGET_API} "--out-root=${out_dir}"
            "--report=${report}" "--depfile=${depfile}" ${options} ${ARG_MUSIFY_ARGS}
            ${inputs} -- ${include_flags} ${ARG_FLAGS}
    DEPENDS ${inputs} ${depends}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "musify: migrating ${name} to ${api_name}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  if(kind STREQUAL "NONE")
    add_custom_target(${name}_migrate ALL DEPENDS "${report}")
  else()
    add_custom_target(${name}_migrate DEPENDS "${report}")
  endif()
  set(value_MIGRATED_SOURCES "${migrated}")
  set(value_MIGRATED_DEVICE_SOURCES "${device_sources}")
  set(value_MIGRATED_HOST_SOURCES "${host_sources}")
  set(value_MIGRATED_HEADERS "${headers}")
  set(value_MIGRATED_INCLUDE_DIRS "${include_dirs}")
  set(value_MIGRATION_DIR "${out_dir}")
  set(value_MIGRATION_REPORT "${report}")
  foreach(what IN ITEMS MIGRATED_SOURCES MIGRATED_DEVICE_SOURCES MIGRATED_HOST_SOURCES
                        MIGRATED_HEADERS MIGRATED_INCLUDE_DIRS MIGRATION_DIR
                        MIGRATION_REPORT)
    set(${name}_${what} "${value_${what}}" PARENT_SCOPE)
    set_property(TARGET ${name}_migrate PROPERTY MUSIFY_${what} "${value_${what}}")
  endforeach()

  # --- the target built from the migrated files ----------------------------------
  if(kind STREQUAL "NONE")
    return()
  endif()
  if(device_sources)
    if(device_language STREQUAL "NONE")
      set_source_files_properties(${device_sources} PROPERTIES HEADER_FILE_ONLY ON)
    else()
      set_source_files_properties(${device_sources} PROPERTIES LANGUAGE ${device_language})
    endif()
  endif()
  if(kind STREQUAL "EXECUTABLE")
    add_executable(${name} ${migrated})
    set(scope PRIVATE)
  else()
    add_library(${name} ${kind} ${migrated})
    set(scope PUBLIC)
  endif()
  add_dependencies(${name} ${name}_migrate)
  if(include_dirs)
    target_include_directories(${name} ${scope} ${include_dirs})
  endif()
endfunction()

cmake_policy(POP)
