# FindMUSAToolkit for musify's MUSA toolkit stand-in on NVIDIA machines
# (runtime/README.md, "A MUSA toolkit stand-in"): what find_package(MUSAToolkit)
# finds with ${MUSA_PATH}/cmake on CMAKE_MODULE_PATH, as in a MUSA install.
# Its MUSA:: targets are CUDA's (FindCUDAToolkit's CUDA:: targets) with the
# portability layer on their include path; MUSAToolkit_VERSION is the MUSA
# version the stand-in stands for, in MUSA's numbering.
cmake_minimum_required(VERSION 3.19) # string(JSON)

get_filename_component(_musify_standin "${CMAKE_CURRENT_LIST_DIR}" DIRECTORY)
file(READ "${_musify_standin}/musify-standin.json" _musify_standin_json)
string(JSON _musify_musa_version GET "${_musify_standin_json}" musa_version)
string(JSON _musify_nvcc GET "${_musify_standin_json}" nvcc)
string(JSON _musify_include_count LENGTH "${_musify_standin_json}" include)
set(_musify_include "")
math(EXPR _musify_last "${_musify_include_count} - 1")
foreach(_i RANGE ${_musify_last})
  string(JSON _dir GET "${_musify_standin_json}" include ${_i})
  list(APPEND _musify_include "${_dir}")
endforeach()

# The CUDA SDK the stand-in's nvcc belongs to.
get_filename_component(_musify_cuda_bin "${_musify_nvcc}" DIRECTORY)
get_filename_component(_musify_cuda_root "${_musify_cuda_bin}" DIRECTORY)
if(NOT CUDAToolkit_ROOT)
  set(CUDAToolkit_ROOT "${_musify_cuda_root}")
endif()
find_package(CUDAToolkit QUIET)

math(EXPR _musify_major "${_musify_musa_version} / 10000")
math(EXPR _musify_minor "${_musify_musa_version} % 10000 / 100")
set(MUSAToolkit_VERSION "${_musify_major}.${_musify_minor}.0")
set(MUSAToolkit_VERSION_MAJOR ${_musify_major})
set(MUSAToolkit_VERSION_MINOR ${_musify_minor})
set(MUSAToolkit_MCC_EXECUTABLE "${_musify_standin}/bin/mcc")

if(CUDAToolkit_FOUND)
  include("${CMAKE_CURRENT_LIST_DIR}/musify-standin-targets.cmake")
  foreach(_target IN ITEMS ${MUSIFY_STANDIN_TARGETS})
    if(TARGET ${_target})
      set_property(TARGET ${_target} APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES
                   ${_musify_include})
    endif()
  endforeach()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(MUSAToolkit
  REQUIRED_VARS MUSAToolkit_MCC_EXECUTABLE CUDAToolkit_FOUND
  VERSION_VAR MUSAToolkit_VERSION
  REASON_FAILURE_MESSAGE "the stand-in's MUSA:: targets are CUDA's: no CUDA SDK was found at ${_musify_cuda_root} (set CUDAToolkit_ROOT)")
