# A CUDA project built with CMake's CUDA language: a static library of kernels
# and a program that fills a vector with cuRAND, runs them and checks the sum.
cmake_minimum_required(VERSION 3.21)
# musify-review: 'CUDA' became 'HIP': CMake's HIP language (CMake 3.21 or newer) compiles with ROCm's clang; set CMAKE_HIP_ARCHITECTURES to the AMD GPUs to build for
project(saxpy_demo VERSION 1.2 LANGUAGES CXX HIP)
# musify: musify's HIP helper headers, which migrated sources include
set(MUSIFY_HIP_HELPERS_DIR "<musify-share>/hip/include" CACHE PATH "musify's HIP helper headers")

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_HIP_STANDARD 17)
set(CMAKE_HIP_STANDARD_REQUIRED ON)
# musify-review: 'CMAKE_CUDA_ARCHITECTURES' became 'CMAKE_HIP_ARCHITECTURES': HIP takes AMD GPU names (gfx90a, gfx1100), which no CUDA architecture maps to: gfx90a (MI200) is written where the project named CUDA's; set your GPUs
if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
  # musify-review: 'CMAKE_CUDA_ARCHITECTURES' became 'CMAKE_HIP_ARCHITECTURES': as above
  # musify-review: '80' became 'gfx90a': HIP takes AMD GPU names (gfx90a, gfx1100), which no CUDA architecture maps to: gfx90a (MI200) is written where the project named CUDA's; set your GPUs; 80 named no architecture of the map: the default gfx90a
  set(CMAKE_HIP_ARCHITECTURES gfx90a)  # Ampere
endif()
string(APPEND CMAKE_HIP_FLAGS " -gline-tables-only")

# musify-review: 'CUDAToolkit' became 'hip': hip-config.cmake: the targets hip::host and hip::device; the CUDA version '11.0' it asked for was dropped: ask for a HIP version if one is needed
find_package(hip REQUIRED)
find_package(hiprand REQUIRED)

add_library(kernels STATIC src/saxpy.cu src/reduce.cu)
set_source_files_properties(src/saxpy.cu src/reduce.cu PROPERTIES LANGUAGE HIP)
set_property(TARGET kernels APPEND PROPERTY INCLUDE_DIRECTORIES "${MUSIFY_HIP_HELPERS_DIR}")
target_include_directories(kernels PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
set_target_properties(kernels PROPERTIES
  POSITION_INDEPENDENT_CODE ON)
target_link_libraries(kernels PUBLIC hip::host)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu")
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu PROPERTIES LANGUAGE HIP)
set_property(TARGET saxpy_demo APPEND PROPERTY INCLUDE_DIRECTORIES "${MUSIFY_HIP_HELPERS_DIR}")
target_link_libraries(saxpy_demo PRIVATE kernels hip::hiprand)

if(hip_FOUND)
  # musify-unsupported: 'CUDAToolkit_VERSION' has no HIP equivalent: CUDA's version: the target numbers its releases its own way, so a comparison with a CUDA version means nothing there
  message(STATUS "CUDA ${CUDAToolkit_VERSION} in ${hip_BIN_INSTALL_DIR}")  # not /usr/local/cuda
endif()
