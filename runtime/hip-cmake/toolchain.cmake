# CMake's HIP language (CMake 3.21 or newer) with a HIP installed in a
# distribution's layout, as Debian's (hipcc 5.2, clang 15) is: CMake expects
# ROCm's, with the hip-lang package at <ROCm root>/lib/cmake/hip-lang and a
# GPU to ask for the default architecture. A migrated CMake project of HIP's
# language configures and builds with it where it otherwise stops:
#
#   cmake -S migrated -B build -DCMAKE_TOOLCHAIN_FILE=<musify>/share/musify/hip-cmake/toolchain.cmake
#
# On a ROCm installation CMake needs none of this. What it sets, each only
# where the project or the command line has not:
#   CMAKE_HIP_COMPILER            the clang++ hipcc runs (hipconfig, hipcc --version)
#   CMAKE_HIP_FLAGS_INIT          --rocm-path and the device libraries' folder
#   CMAKE_HIP_COMPILER_ROCM_ROOT  rocm-root/ beside this file, whose hip-lang
#                                 package loads the installed one
#   CMAKE_HIP_ARCHITECTURES       gfx90a where no GPU answers (MUSIFY_HIP_ARCH)
find_program(_musify_hipconfig hipconfig NO_CACHE)
if(NOT _musify_hipconfig)
  message(FATAL_ERROR "hip-cmake: no hipconfig on the path: install HIP (Debian: hipcc)")
endif()
execute_process(COMMAND ${_musify_hipconfig} --rocmpath OUTPUT_VARIABLE _musify_rocm
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND ${_musify_hipconfig} --hipclangpath OUTPUT_VARIABLE _musify_clang_dir
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND ${_musify_hipconfig} --full OUTPUT_VARIABLE _musify_full ERROR_QUIET)

if(NOT CMAKE_HIP_COMPILER)
  # hipcc runs the clang of its own version (clang++-15 on Debian 12).
  set(_musify_clang "${_musify_clang_dir}/clang++")
  if(_musify_full MATCHES "clang version ([0-9]+)")
    if(EXISTS "${_musify_clang_dir}/clang++-${CMAKE_MATCH_1}")
      set(_musify_clang "${_musify_clang_dir}/clang++-${CMAKE_MATCH_1}")
    endif()
  endif()
  # From its LLVM's own folder, so that it runs that LLVM's linker (ld.lld)
  # for relocatable device code (-fgpu-rdc), not the system's default one;
  # by the name clang++ there, so that it links C++'s library.
  file(REAL_PATH "${_musify_clang}" _musify_real)
  get_filename_component(_musify_real_dir "${_musify_real}" DIRECTORY)
  set(CMAKE_HIP_COMPILER "${_musify_real}")
  if(EXISTS "${_musify_real_dir}/clang++")
    set(CMAKE_HIP_COMPILER "${_musify_real_dir}/clang++")
  endif()
endif()

file(GLOB _musify_bitcode LIST_DIRECTORIES true "${_musify_rocm}/amdgcn/bitcode"
     "${_musify_rocm}/lib/amdgcn/bitcode" "${_musify_rocm}/lib/*/amdgcn/bitcode")
set(CMAKE_HIP_FLAGS_INIT "--rocm-path=${_musify_rocm}")
if(_musify_bitcode)
  list(GET _musify_bitcode 0 _musify_bitcode)
  string(APPEND CMAKE_HIP_FLAGS_INIT " --hip-device-lib-path=${_musify_bitcode}")
endif()

# The installed hip-lang package: ROCm's place, else a multiarch one.
if(NOT CMAKE_HIP_COMPILER_ROCM_ROOT AND
   NOT EXISTS "${_musify_rocm}/lib/cmake/hip-lang/hip-lang-config.cmake")
  file(GLOB MUSIFY_HIP_LANG_CONFIG "${_musify_rocm}/lib/*/cmake/hip-lang/hip-lang-config.cmake")
  if(NOT MUSIFY_HIP_LANG_CONFIG)
    message(FATAL_ERROR "hip-cmake: HIP at ${_musify_rocm} has no hip-lang CMake package "
                        "(Debian: libamdhip64-dev)")
  endif()
  list(GET MUSIFY_HIP_LANG_CONFIG 0 MUSIFY_HIP_LANG_CONFIG)
  set(CMAKE_HIP_COMPILER_ROCM_ROOT "${CMAKE_CURRENT_LIST_DIR}/rocm-root")
endif()

if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
  if(DEFINED ENV{MUSIFY_HIP_ARCH})
    set(CMAKE_HIP_ARCHITECTURES "$ENV{MUSIFY_HIP_ARCH}")
  else()
    set(CMAKE_HIP_ARCHITECTURES gfx90a)
  endif()
endif()
