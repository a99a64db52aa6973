# A CUDA project built with CMake's CUDA language: a static library of kernels
# and a program that fills a vector with cuRAND, runs them and checks the sum.
cmake_minimum_required(VERSION 3.21)
# musify-review: 'CUDA' became 'HIP': CMake's HIP language (CMake 3.21 or newer) compiles with ROCm's clang; set CMAKE_HIP_ARCHITECTURES to the AMD GPUs to build for
project(saxpy_demo VERSION 1.2 LANGUAGES CXX HIP)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_HIP_STANDARD 17)
set(CMAKE_HIP_STANDARD_REQUIRED ON)
# musify-unsupported: 'CMAKE_CUDA_ARCHITECTURES' has no HIP equivalent: HIP takes AMD GPU names (gfx90a, gfx1100), which cannot be derived from CUDA architectures: set them by hand (CMAKE_HIP_ARCHITECTURES)
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  # musify-unsupported: 'CMAKE_CUDA_ARCHITECTURES' has no HIP equivalent: as above
  set(CMAKE_CUDA_ARCHITECTURES 80)  # Ampere
endif()
string(APPEND CMAKE_HIP_FLAGS " -gline-tables-only")

# musify-review: 'CUDAToolkit' became 'hip': hip-config.cmake: the targets hip::host and hip::device; the CUDA version '11.0' it asked for was dropped: ask for a HIP version if one is needed
find_package(hip REQUIRED)
find_package(hiprand REQUIRED)

add_library(kernels STATIC src/saxpy.cu src/reduce.cu)
set_source_files_properties(src/saxpy.cu src/reduce.cu PROPERTIES LANGUAGE HIP)
target_include_directories(kernels PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
# musify-unsupported: 'CUDA_SEPARABLE_COMPILATION' has no HIP equivalent: HIP's separate compilation is -fgpu-rdc on the compile and link lines
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION OFF   # each kernel in its own file
  POSITION_INDEPENDENT_CODE ON)
# musify-review: 'CUDA' became 'HIP': as above
target_compile_options(kernels PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:>")
target_link_libraries(kernels PUBLIC hip::host)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu")
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu PROPERTIES LANGUAGE HIP)
target_link_libraries(saxpy_demo PRIVATE kernels hip::hiprand)

if(hip_FOUND)
  # musify-unsupported: 'CUDAToolkit_VERSION' has no HIP equivalent: CUDA's version: the target numbers its releases its own way, so a comparison with a CUDA version means nothing there
  message(STATUS "CUDA ${CUDAToolkit_VERSION} in ${hip_BIN_INSTALL_DIR}")  # not /usr/local/cuda
endif()
