# A CUDA project built with CMake's CUDA language: a static library of kernels
# and a program that fills a vector with cuRAND, runs them and checks the sum.
cmake_minimum_required(VERSION 3.21)
project(saxpy_demo VERSION 1.2 LANGUAGES CXX HIP)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_HIP_STANDARD 17)
set(CMAKE_HIP_STANDARD_REQUIRED ON)
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 80)  # Ampere
endif()
string(APPEND CMAKE_HIP_FLAGS "")

find_package(hip REQUIRED)
find_package(hiprand REQUIRED)

add_library(kernels STATIC src/saxpy.cu src/reduce.cu)
set_source_files_properties(src/saxpy.cu src/reduce.cu PROPERTIES LANGUAGE HIP)
target_include_directories(kernels PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION OFF   # each kernel in its own file
  POSITION_INDEPENDENT_CODE ON)
target_compile_options(kernels PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:>")
target_link_libraries(kernels PUBLIC hip::host)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu")
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu PROPERTIES LANGUAGE HIP)
target_link_libraries(saxpy_demo PRIVATE kernels hip::hiprand)

if(hip_FOUND)
  message(STATUS "CUDA ${CUDAToolkit_VERSION} in ${hip_BIN_INSTALL_DIR}")  # not /usr/local/cuda
endif()
