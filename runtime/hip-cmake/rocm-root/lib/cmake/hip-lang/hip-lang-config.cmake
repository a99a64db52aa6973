# The hip-lang package CMake's HIP language loads from <ROCm root>/lib/cmake,
# standing for the one a distribution installs elsewhere
# (MUSIFY_HIP_LANG_CONFIG, found by ../../../../toolchain.cmake). Its
# dependencies are found beside it, as CMake's own search would once it knew
# the library architecture, which the HIP compiler's checks run before.
get_filename_component(_musify_cmake_dir "${MUSIFY_HIP_LANG_CONFIG}" DIRECTORY)
get_filename_component(_musify_cmake_dir "${_musify_cmake_dir}" DIRECTORY)
get_filename_component(_musify_prefix "${_musify_cmake_dir}/../../.." ABSOLUTE)
foreach(_musify_dep amd_comgr AMDDeviceLibs hsa-runtime64)
  foreach(_musify_dir "${_musify_cmake_dir}" "${_musify_prefix}/lib/cmake")
    if(NOT ${_musify_dep}_DIR AND EXISTS "${_musify_dir}/${_musify_dep}")
      set(${_musify_dep}_DIR "${_musify_dir}/${_musify_dep}")
    endif()
  endforeach()
endforeach()
include("${MUSIFY_HIP_LANG_CONFIG}")
