// Build files migrated by the real rule tables: the exact text and events of
// realistic CMake projects and Makefiles for both targets, the lexers'
// corner cases, and files with nothing to migrate.
#include "buildfiles/BuildFiles.h"
#include "buildfiles/BuildFileEditor.h"
#include "buildfiles/MakeLexer.h"
#include "edit/EditSet.h"
#include "rules/RuleTable.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>

using namespace musify;

namespace {

using Strings = std::vector<std::string>;
enum class Target { Musa, Hip };

const RuleTable &rulesFor(Target T) {
  static std::map<Target, std::unique_ptr<RuleTable>> Loaded;
  std::unique_ptr<RuleTable> &Rules = Loaded[T];
  if (!Rules) {
    llvm::Expected<RuleTable> Table = RuleTable::loadDirectory(
        MUSIFY_TEST_RULES_DIR, T == Target::Hip ? "hip" : "musa");
    if (!Table) {
      ADD_FAILURE() << llvm::toString(Table.takeError());
      Rules = std::make_unique<RuleTable>();
    } else {
      Rules = std::make_unique<RuleTable>(std::move(*Table));
    }
  }
  return *Rules;
}

struct Migration {
  std::string Text;
  Strings Events; ///< "line:column kind status 'cuda' -> 'replacement'[ review]"
  BuildFileMigration Raw;
};

const TargetDescription &descriptionOf(Target T) {
  static std::map<Target, TargetDescription> Loaded;
  auto [It, New] = Loaded.try_emplace(T);
  if (New) {
    llvm::Expected<TargetDescription> Read =
        loadTarget(MUSIFY_TEST_RULES_DIR, T == Target::Hip ? "hip" : "musa");
    if (Read)
      It->second = std::move(*Read);
    else
      ADD_FAILURE() << llvm::toString(Read.takeError());
  }
  return It->second;
}

Migration migrate(Target T, llvm::StringRef Path, llvm::StringRef Text,
                  const RenameMap &Renamed = {}) {
  std::optional<BuildFileKind> Kind = buildFileKindOf(Path);
  EXPECT_TRUE(Kind.has_value()) << Path.str();
  Migration M;
  M.Raw = migrateBuildFile(Path, Text, Kind.value_or(BuildFileKind::CMake),
                           rulesFor(T).buildRules(), descriptionOf(T), Renamed);
  M.Text = M.Raw.Edits.apply(Text);
  for (const Event &E : M.Raw.Events) {
    M.Events.push_back(std::to_string(E.At.Line) + ":" + std::to_string(E.At.Column) +
                       " " + E.Kind + " " + eventStatusName(E.Status) + " '" + E.Cuda +
                       "' -> '" + E.Replacement + "'" + (E.NeedsReview ? " review" : ""));
    EXPECT_EQ(E.At.File, Path.str());
    EXPECT_EQ(E.Family, "build");
    EXPECT_EQ(E.How, Evidence::BuildFile);
    // What is not migrated says why, so the report can show it.
    if (E.Status == EventStatus::Unsupported || E.Status == EventStatus::Unknown) {
      EXPECT_FALSE(E.Note.empty()) << E.Cuda;
    }
    if (E.Status != EventStatus::Migrated) {
      EXPECT_EQ(E.Cuda, E.Replacement);
    }
  }
  for (size_t I = 1; I < M.Raw.Events.size(); ++I)
    EXPECT_LE(M.Raw.Events[I - 1].At.Offset, M.Raw.Events[I].At.Offset);
  return M;
}

constexpr const char *CMakeProject =
    R"bf(# A CUDA project built with CMake's CUDA language (CUDA::cudart in a comment).
cmake_minimum_required(VERSION 3.21)
project(saxpy_demo VERSION 1.2 LANGUAGES CXX CUDA)

set(CMAKE_CUDA_STANDARD 17)
set(CMAKE_CUDA_ARCHITECTURES 80)
string(APPEND CMAKE_CUDA_FLAGS " --expt-relaxed-constexpr -lineinfo")

find_package(CUDAToolkit 11.0 REQUIRED)

add_library(kernels STATIC src/saxpy.cu src/reduce.cu)
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION ON   # device code across files
  CUDA_STANDARD 17)
target_compile_options(kernels PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu")
target_link_libraries(saxpy_demo PRIVATE kernels CUDA::cudart CUDA::cublas CUDA::curand)

if(CUDAToolkit_FOUND)
  message(STATUS "CUDA toolkit in ${CUDAToolkit_INCLUDE_DIRS}, not /usr/local/cuda")
endif()
)bf";

constexpr const char *FindCudaProject = R"bf(cmake_minimum_required(VERSION 3.10)
project(legacy CXX)
find_package(CUDA 10.2 EXACT REQUIRED)
#[==[ A block comment naming CUDA::cudart, -arch=sm_80
      and cuda_add_executable(x y.cu) stays as it is. ]==]
list(APPEND CUDA_NVCC_FLAGS -gencode;arch=compute_80,code=sm_80 --use_fast_math -Xfoo)
set(CUDA_NVCC_FLAGS "${CUDA_NVCC_FLAGS} -arch sm_75 --std c++14 -DNAME=\"x\"")
include_directories(${CUDA_INCLUDE_DIRS} $ENV{CUDA_PATH}/include /usr/local/cuda-12.2/include)
CUDA_ADD_EXECUTABLE(legacy main.cu helper.cu OPTIONS -rdc=true)
target_link_libraries(legacy ${CUDA_LIBRARIES} cublas CUDA::foo)
message(STATUS [[CMAKE_CUDA_FLAGS in a bracket argument]])
if(CMAKE_CUDA_FOO OR MYCUDA_FLAGS OR DEFINED ENV{CUDA_HOME})
endif()
file(GLOB MORE_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/extra/*.cu)
)bf";

constexpr const char *StencilMakefile =
    R"bf(# Builds the stencil demo with nvcc; CUDA_HOME may come from the environment.
CUDA_HOME ?= /usr/local/cuda
NVCC      := $(CUDA_HOME)/bin/nvcc
CXX       := g++

GENCODE   := -gencode arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=\"sm_90,compute_90\"
NVCCFLAGS := -O3 -std=c++17 $(GENCODE) --expt-relaxed-constexpr -Xcompiler -fopenmp,-Wall
NVCCFLAGS += -I$(CUDA_HOME)/include -Iinclude
LDFLAGS   := -L$(CUDA_HOME)/lib64 -lcudart -lcublas -lgomp

SRCS := stencil.cu main.cu
OBJS := $(SRCS:.cu=.o) host.o

stencil: $(OBJS)
	$(CXX) -o $@ $^ $(LDFLAGS)

%.o: %.cu include/stencil.cuh
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

host.o: host.cpp
	$(CXX) -O2 -I$(CUDA_HOME)/include -c $< -o $@

profile: stencil
	@echo "nvcc flags: $(NVCCFLAGS)"   # nvcc -arch=sm_80 in a comment is left alone
)bf";

constexpr const char *SyntaxMakefile = R"bf(ifndef CUDA_PATH
  CUDA_PATH := /usr/local/cuda-12.4
endif
export CUDA_PATH
NVCC = $(CUDA_PATH)/bin/nvcc
ARCH ?= -arch=sm_90
NVCC_VERSION := $(shell nvcc --version | tail -1)
FLAGS = $(ARCH) \
        --expt-extended-lambda \
        -rdc=true -maxrregcount 64 --frobnicate
debug: FLAGS += -G
define COMPILE
$(NVCC) $(FLAGS) -c $(1) -o $(2)
endef
app: kernel.o
	@$(NVCC) $(FLAGS) -o $@ $^ -lcudadevrt -lcuda && echo "linked against $$CUDA_PATH"
kernel.o: kernel.cu
	$(call COMPILE,$<,$@)
	nvcc -x cu -Xptxas -v -c kernel.cu -o kernel2.o
)bf";

constexpr const char *NothingCMake =
    R"bf(# Nothing CUDA here: CUDA::cudart and -arch=sm_80 in a comment,
#[[ CMAKE_CUDA_FLAGS in a block comment ]]
option(USE_MYCUDA "a user's option" OFF)
set(MYCUDA_FLAGS "-O2")
set(NOT_CMAKE_CUDA_FLAGS "--expt-relaxed-constexpr")
message(STATUS "CUDA is not needed; /usr/local/cuda is not read")
add_executable(tool main.cpp util.cc)
target_link_libraries(tool PRIVATE Threads::Threads mycudart)
)bf";

constexpr const char *NothingMakefile =
    R"bf(# Nothing CUDA: nvcc -arch=sm_80 -lcudart in a comment
CXX ?= g++
CXXFLAGS := -O2 -Wall -arch=native
LDLIBS := -lm -lcudartx
app: main.o util.o
	$(CXX) $(CXXFLAGS) -o $@ $^ $(LDLIBS)   # nvcc --extended-lambda
%.o: %.cpp
	$(CXX) $(CXXFLAGS) -c $< -o $@
)bf";

} // namespace

// CMake's CUDA language becomes its HIP language; the .cu sources that keep
// their name get LANGUAGE HIP; libraries beyond the runtime get their own
// find_package(); the CUDA version asked for goes; separable compilation
// becomes -fgpu-rdc; comments, messages stay.
TEST(BuildFiles, CMakeProjectToHip) {
  Migration M = migrate(Target::Hip, "/proj/CMakeLists.txt", CMakeProject);
  EXPECT_EQ(
      M.Text,
      R"bf(# A CUDA project built with CMake's CUDA language (CUDA::cudart in a comment).
cmake_minimum_required(VERSION 3.21)
project(saxpy_demo VERSION 1.2 LANGUAGES CXX HIP)

set(CMAKE_HIP_STANDARD 17)
set(CMAKE_HIP_ARCHITECTURES gfx90a)
string(APPEND CMAKE_HIP_FLAGS " -gline-tables-only")

find_package(hip REQUIRED)
find_package(hipblas REQUIRED)
find_package(hiprand REQUIRED)

add_library(kernels STATIC src/saxpy.cu src/reduce.cu)
set_source_files_properties(src/saxpy.cu src/reduce.cu PROPERTIES LANGUAGE HIP)
set_property(TARGET kernels APPEND PROPERTY LINK_LIBRARIES hip::host)
set_target_properties(kernels PROPERTIES
  HIP_STANDARD 17)
target_compile_options(kernels PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)
target_link_options(kernels PRIVATE $<$<LINK_LANGUAGE:HIP>:-fgpu-rdc>)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu")
set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu PROPERTIES LANGUAGE HIP)
target_link_libraries(saxpy_demo PRIVATE kernels hip::host roc::hipblas hip::hiprand)

if(hip_FOUND)
  message(STATUS "CUDA toolkit in ${hip_INCLUDE_DIRS}, not /usr/local/cuda")
endif()
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"3:46 cmake-language migrated 'CUDA' -> 'HIP' review",
           "5:5 cmake-variable migrated 'CMAKE_CUDA_STANDARD' -> 'CMAKE_HIP_STANDARD'",
           "6:5 cmake-variable migrated 'CMAKE_CUDA_ARCHITECTURES' -> "
           "'CMAKE_HIP_ARCHITECTURES' review",
           "6:30 cmake-variable migrated '80' -> 'gfx90a' review",
           "7:15 cmake-variable migrated 'CMAKE_CUDA_FLAGS' -> 'CMAKE_HIP_FLAGS'",
           "7:34 compiler-flag migrated '--expt-relaxed-constexpr' -> ''",
           "7:59 compiler-flag migrated '-lineinfo' -> '-gline-tables-only'",
           "9:14 cmake-package migrated 'CUDAToolkit' -> 'hip' review",
           "11:13 cmake-target migrated 'kernels' -> 'set_property(TARGET kernels APPEND "
           "PROPERTY LINK_LIBRARIES hip::host)'",
           "11:28 cmake-language migrated 'src/saxpy.cu' -> "
           "'set_source_files_properties(src/saxpy.cu src/reduce.cu PROPERTIES LANGUAGE "
           "HIP)'",
           "13:3 cmake-property migrated 'CUDA_SEPARABLE_COMPILATION ON' -> "
           "'target_compile_options(kernels PRIVATE "
           "$<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\ntarget_link_options(kernels PRIVATE "
           "$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc>)'",
           "14:3 cmake-property migrated 'CUDA_STANDARD' -> 'HIP_STANDARD'",
           "15:67 compiler-flag migrated '--extended-lambda' -> ''",
           "17:37 cmake-language migrated '${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu' -> "
           "'set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu "
           "PROPERTIES LANGUAGE HIP)'",
           "18:50 cmake-target migrated 'CUDA::cudart' -> 'hip::host'",
           "18:63 cmake-target migrated 'CUDA::cublas' -> 'roc::hipblas'",
           "18:63 cmake-package migrated 'CUDA::cublas' -> 'find_package(hipblas "
           "REQUIRED)'",
           "18:76 cmake-target migrated 'CUDA::curand' -> 'hip::hiprand'",
           "18:76 cmake-package migrated 'CUDA::curand' -> 'find_package(hiprand "
           "REQUIRED)'",
           "20:4 cmake-variable migrated 'CUDAToolkit_FOUND' -> 'hip_FOUND'",
           "21:37 cmake-variable migrated 'CUDAToolkit_INCLUDE_DIRS' -> "
           "'hip_INCLUDE_DIRS'"}));
}

// MUSA's CMake recipe: the CUDA language becomes CXX with MUSA's compilers set
// before project(), the device sources (by their new names) are given to
// musa_device_sources(), architectures go through the threshold map; packages,
// targets and renamed sources migrate.
TEST(BuildFiles, CMakeProjectToMusaWithRenamedSources) {
  Migration M = migrate(Target::Musa, "/proj/CMakeLists.txt", CMakeProject,
                        {{"/proj/src/saxpy.cu", "/proj/src/saxpy.mu"},
                         {"/proj/src/reduce.cu", "/proj/src/reduce.mu"},
                         {"/proj/src/driver.cu", "/proj/src/driver.mu"}});
  size_t Project = M.Text.find("project(saxpy_demo");
  ASSERT_NE(Project, std::string::npos);
  llvm::StringRef Setup = llvm::StringRef(M.Text).take_front(Project);
  EXPECT_TRUE(Setup.contains("set(CMAKE_CXX_COMPILER ${MUSA_PATH}/bin/clang++)\n"));
  EXPECT_TRUE(Setup.contains("function(musa_device_sources target)\n"));
  EXPECT_EQ(M.Text.substr(Project),
            R"bf(project(saxpy_demo VERSION 1.2 LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(MUSA_ARCHITECTURES 22)

find_package(MUSAToolkit REQUIRED)

add_library(kernels STATIC src/saxpy.mu src/reduce.mu)
musa_device_sources(kernels src/saxpy.mu src/reduce.mu)
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION ON   # device code across files
  CXX_STANDARD 17)

add_executable(saxpy_demo main.cpp "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.mu")
musa_device_sources(saxpy_demo ${CMAKE_CURRENT_SOURCE_DIR}/src/driver.mu)
target_link_libraries(saxpy_demo PRIVATE kernels MUSA::musart MUSA::mublas CUDA::curand)

if(MUSAToolkit_FOUND)
  message(STATUS "CUDA toolkit in ${CUDAToolkit_INCLUDE_DIRS}, not /usr/local/cuda")
endif()
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"3:1 cmake-language migrated 'CUDA' -> 'the setup of CXX for MUSA'",
           "3:46 cmake-language migrated 'CUDA' -> 'CXX' review",
           "5:5 cmake-variable migrated 'CMAKE_CUDA_STANDARD' -> "
           "'CMAKE_CXX_STANDARD' review",
           "6:5 cmake-variable migrated 'CMAKE_CUDA_ARCHITECTURES' -> "
           "'MUSA_ARCHITECTURES' review",
           "6:30 cmake-variable migrated '80' -> '22' review",
           "7:34 compiler-flag migrated '--expt-relaxed-constexpr' -> ''",
           "7:59 compiler-flag migrated '-lineinfo' -> '' review",
           "9:14 cmake-package migrated 'CUDAToolkit' -> 'MUSAToolkit' review",
           "11:28 source migrated 'src/saxpy.cu' -> 'src/saxpy.mu'",
           "11:28 cmake-language migrated 'src/saxpy.mu' -> "
           "'musa_device_sources(kernels src/saxpy.mu src/reduce.mu)'",
           "11:41 source migrated 'src/reduce.cu' -> 'src/reduce.mu'",
           "13:3 cmake-property unsupported 'CUDA_SEPARABLE_COMPILATION' -> "
           "'CUDA_SEPARABLE_COMPILATION'",
           "14:3 cmake-property migrated 'CUDA_STANDARD' -> 'CXX_STANDARD' review",
           "15:67 compiler-flag migrated '--extended-lambda' -> ''",
           "17:37 source migrated '${CMAKE_CURRENT_SOURCE_DIR}/src/driver.cu' -> "
           "'${CMAKE_CURRENT_SOURCE_DIR}/src/driver.mu'",
           "17:37 cmake-language migrated '${CMAKE_CURRENT_SOURCE_DIR}/src/driver.mu' "
           "-> 'musa_device_sources(saxpy_demo "
           "${CMAKE_CURRENT_SOURCE_DIR}/src/driver.mu)'",
           "18:50 cmake-target migrated 'CUDA::cudart' -> 'MUSA::musart'",
           "18:63 cmake-target migrated 'CUDA::cublas' -> 'MUSA::mublas'",
           "18:76 cmake-target unsupported 'CUDA::curand' -> 'CUDA::curand'",
           "20:4 cmake-variable migrated 'CUDAToolkit_FOUND' -> 'MUSAToolkit_FOUND'",
           "21:37 cmake-variable unsupported 'CUDAToolkit_INCLUDE_DIRS' -> "
           "'CUDAToolkit_INCLUDE_DIRS'"}));
}

// The old FindCUDA module: FindHIP's counterparts; flags in CUDA_NVCC_FLAGS,
// quoted or listed; unknown names reported; comments and bracket
// arguments untouched; MYCUDA_FLAGS is not a CUDA name.
TEST(BuildFiles, FindCudaProjectToHip) {
  Migration M = migrate(Target::Hip, "/legacy/CMakeLists.txt", FindCudaProject);
  EXPECT_EQ(M.Text, R"bf(cmake_minimum_required(VERSION 3.10)
project(legacy CXX)
find_package(HIP REQUIRED)
#[==[ A block comment naming CUDA::cudart, -arch=sm_80
      and cuda_add_executable(x y.cu) stays as it is. ]==]
list(APPEND HIP_HIPCC_FLAGS -gencode;arch=compute_80,code=sm_80 -ffast-math -Xfoo)
set(HIP_HIPCC_FLAGS "${HIP_HIPCC_FLAGS} -arch sm_75 -std=c++14 -DNAME=\"x\"")
include_directories(${CUDA_INCLUDE_DIRS} $ENV{ROCM_PATH}/include /opt/rocm/include)
hip_add_executable(legacy main.cu helper.cu OPTIONS -fgpu-rdc)
target_link_libraries(legacy ${CUDA_LIBRARIES} hipblas CUDA::foo)
message(STATUS [[CMAKE_CUDA_FLAGS in a bracket argument]])
if(CMAKE_CUDA_FOO OR MYCUDA_FLAGS OR DEFINED ENV{ROCM_PATH})
endif()
file(GLOB MORE_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/extra/*.cu)
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"3:14 cmake-package migrated 'CUDA' -> 'HIP' review",
           "6:13 cmake-variable migrated 'CUDA_NVCC_FLAGS' -> 'HIP_HIPCC_FLAGS'",
           "6:29 compiler-flag unsupported '-gencode;arch=compute_80,code=sm_80' -> "
           "'-gencode;arch=compute_80,code=sm_80'",
           "6:65 compiler-flag migrated '--use_fast_math' -> '-ffast-math' review",
           "6:81 compiler-flag unknown '-Xfoo' -> '-Xfoo'",
           "7:5 cmake-variable migrated 'CUDA_NVCC_FLAGS' -> 'HIP_HIPCC_FLAGS'",
           "7:24 cmake-variable migrated 'CUDA_NVCC_FLAGS' -> 'HIP_HIPCC_FLAGS'",
           "7:41 compiler-flag unsupported '-arch sm_75' -> '-arch sm_75'",
           "7:53 compiler-flag migrated '--std c++14' -> '-std=c++14'",
           "8:23 cmake-variable unsupported 'CUDA_INCLUDE_DIRS' -> 'CUDA_INCLUDE_DIRS'",
           "8:47 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
           "8:66 path migrated '/usr/local/cuda-12.2' -> '/opt/rocm' review",
           "9:1 cmake-command migrated 'CUDA_ADD_EXECUTABLE' -> 'hip_add_executable'",
           "9:54 compiler-flag migrated '-rdc=true' -> '-fgpu-rdc'",
           "10:32 cmake-variable unsupported 'CUDA_LIBRARIES' -> 'CUDA_LIBRARIES'",
           "10:48 library migrated 'cublas' -> 'hipblas'",
           "10:55 cmake-target unknown 'CUDA::foo' -> 'CUDA::foo'",
           "12:4 cmake-variable unknown 'CMAKE_CUDA_FOO' -> 'CMAKE_CUDA_FOO'",
           "12:50 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'"}));
}

// Architecture flags through the threshold map; a source the renaming does
// not know and a glob are flagged for review.
TEST(BuildFiles, FindCudaProjectToMusa) {
  Migration M = migrate(Target::Musa, "/legacy/CMakeLists.txt", FindCudaProject,
                        {{"/legacy/main.cu", "/legacy/main.mu"},
                         {"/legacy/extra/a.cu", "/legacy/extra/a.mu"}});
  EXPECT_EQ(M.Text, R"bf(cmake_minimum_required(VERSION 3.10)
project(legacy CXX)
find_package(MUSA REQUIRED)
#[==[ A block comment naming CUDA::cudart, -arch=sm_80
      and cuda_add_executable(x y.cu) stays as it is. ]==]
list(APPEND CUDA_NVCC_FLAGS --offload-arch=mp_22 --use_fast_math -Xfoo)
set(CUDA_NVCC_FLAGS "${CUDA_NVCC_FLAGS} --offload-arch=mp_21 -std=c++14 -DNAME=\"x\"")
include_directories(${CUDA_INCLUDE_DIRS} $ENV{MUSA_PATH}/include /usr/local/musa/include)
musa_add_executable(legacy main.mu helper.cu OPTIONS -rdc=true)
target_link_libraries(legacy ${CUDA_LIBRARIES} mublas CUDA::foo)
message(STATUS [[CMAKE_CUDA_FLAGS in a bracket argument]])
if(CMAKE_CUDA_FOO OR MYCUDA_FLAGS OR DEFINED ENV{MUSA_HOME})
endif()
file(GLOB MORE_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/extra/*.mu)
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"3:14 cmake-package migrated 'CUDA' -> 'MUSA' review",
           "6:13 cmake-variable unsupported 'CUDA_NVCC_FLAGS' -> 'CUDA_NVCC_FLAGS'",
           "6:29 compiler-flag migrated '-gencode;arch=compute_80,code=sm_80' -> "
           "'--offload-arch=mp_22' review",
           "6:65 compiler-flag unsupported '--use_fast_math' -> '--use_fast_math'",
           "6:81 compiler-flag unknown '-Xfoo' -> '-Xfoo'",
           "7:5 cmake-variable unsupported 'CUDA_NVCC_FLAGS' -> 'CUDA_NVCC_FLAGS'",
           "7:24 cmake-variable unsupported 'CUDA_NVCC_FLAGS' -> 'CUDA_NVCC_FLAGS'",
           "7:41 compiler-flag migrated '-arch sm_75' -> '--offload-arch=mp_21' review",
           "7:53 compiler-flag migrated '--std c++14' -> '-std=c++14'",
           "8:23 cmake-variable unsupported 'CUDA_INCLUDE_DIRS' -> 'CUDA_INCLUDE_DIRS'",
           "8:47 path-variable migrated 'CUDA_PATH' -> 'MUSA_PATH'",
           "8:66 path migrated '/usr/local/cuda-12.2' -> '/usr/local/musa' review",
           "9:1 cmake-command migrated 'CUDA_ADD_EXECUTABLE' -> 'musa_add_executable'",
           "9:28 source migrated 'main.cu' -> 'main.mu'",
           "9:36 source kept 'helper.cu' -> 'helper.cu' review",
           "9:54 compiler-flag unsupported '-rdc=true' -> '-rdc=true'",
           "10:32 cmake-variable unsupported 'CUDA_LIBRARIES' -> 'CUDA_LIBRARIES'",
           "10:48 library migrated 'cublas' -> 'mublas'",
           "10:55 cmake-target unknown 'CUDA::foo' -> 'CUDA::foo'",
           "12:4 cmake-variable unknown 'CMAKE_CUDA_FOO' -> 'CMAKE_CUDA_FOO'",
           "12:50 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'",
           "14:24 source-pattern migrated '${CMAKE_CURRENT_SOURCE_DIR}/extra/*.cu' -> "
           "'${CMAKE_CURRENT_SOURCE_DIR}/extra/*.mu' review"}));
}

// A Makefile: the compiler variable, its flags (found through the variables
// its command lines expand), libraries, the SDK root, sources and patterns.
TEST(BuildFiles, MakefileToMusaWithRenamedSources) {
  Migration M = migrate(Target::Musa, "/mk/Makefile", StencilMakefile,
                        {{"/mk/stencil.cu", "/mk/stencil.mu"},
                         {"/mk/main.cu", "/mk/main.mu"},
                         {"/mk/include/stencil.cuh", "/mk/include/stencil.muh"}});
  EXPECT_EQ(
      M.Text,
      R"bf(# Builds the stencil demo with nvcc; CUDA_HOME may come from the environment.
MUSA_HOME ?= /usr/local/musa
NVCC      := $(MUSA_HOME)/bin/mcc
CXX       := g++

GENCODE   := --offload-arch=mp_22 --offload-arch=mp_31
NVCCFLAGS := -O3 -std=c++17 $(GENCODE) -fopenmp -Wall
NVCCFLAGS += -I$(MUSA_HOME)/include -Iinclude
LDFLAGS   := -L$(MUSA_HOME)/lib64 -lmusart -lmublas -lgomp

SRCS := stencil.mu main.mu
OBJS := $(SRCS:.mu=.o) host.o

stencil: $(OBJS)
	$(CXX) -o $@ $^ $(LDFLAGS)

%.o: %.mu include/stencil.muh
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

host.o: host.cpp
	$(CXX) -O2 -I$(MUSA_HOME)/include -c $< -o $@

profile: stencil
	@echo "nvcc flags: $(NVCCFLAGS)"   # nvcc -arch=sm_80 in a comment is left alone
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"2:1 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'",
           "2:14 path migrated '/usr/local/cuda' -> '/usr/local/musa' review",
           "3:16 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'",
           "3:31 tool migrated 'nvcc' -> 'mcc'",
           "6:14 compiler-flag migrated '-gencode arch=compute_80,code=sm_80' -> "
           "'--offload-arch=mp_22' review",
           "6:50 compiler-flag migrated "
           "'-gencode=arch=compute_90,code=\\\"sm_90,compute_90\\\"' -> "
           "'--offload-arch=mp_31' review",
           "7:40 compiler-flag migrated '--expt-relaxed-constexpr' -> ''",
           "7:65 compiler-flag migrated '-Xcompiler -fopenmp,-Wall' -> '-fopenmp -Wall'",
           "8:18 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'",
           "9:18 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'",
           "9:35 library migrated '-lcudart' -> '-lmusart'",
           "9:44 library migrated '-lcublas' -> '-lmublas'",
           "11:9 source migrated 'stencil.cu' -> 'stencil.mu'",
           "11:20 source migrated 'main.cu' -> 'main.mu'",
           "12:16 source-pattern migrated '.cu' -> '.mu' review",
           "17:6 source-pattern migrated '%.cu' -> '%.mu' review",
           "17:11 source migrated 'include/stencil.cuh' -> 'include/stencil.muh'",
           "21:17 path-variable migrated 'CUDA_HOME' -> 'MUSA_HOME'"}));
}

// For HIP the sources keep their names (hipcc compiles .cu as HIP); the
// architecture flags cannot be translated and are reported.
TEST(BuildFiles, MakefileToHip) {
  Migration M = migrate(Target::Hip, "/mk/Makefile", StencilMakefile);
  EXPECT_EQ(
      M.Text,
      R"bf(# Builds the stencil demo with nvcc; CUDA_HOME may come from the environment.
ROCM_PATH ?= /opt/rocm
NVCC      := $(ROCM_PATH)/bin/hipcc
CXX       := g++

GENCODE   := -gencode arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=\"sm_90,compute_90\"
NVCCFLAGS := -O3 -std=c++17 $(GENCODE) -fopenmp -Wall
NVCCFLAGS += -I$(ROCM_PATH)/include -Iinclude
LDFLAGS   := -L$(ROCM_PATH)/lib64 -lamdhip64 -lhipblas -lgomp

SRCS := stencil.cu main.cu
OBJS := $(SRCS:.cu=.o) host.o

stencil: $(OBJS)
	$(CXX) -o $@ $^ $(LDFLAGS)

%.o: %.cu include/stencil.cuh
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

host.o: host.cpp
	$(CXX) -O2 -I$(ROCM_PATH)/include -c $< -o $@

profile: stencil
	@echo "nvcc flags: $(NVCCFLAGS)"   # nvcc -arch=sm_80 in a comment is left alone
)bf");
  EXPECT_EQ(
      M.Events,
      Strings(
          {"2:1 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'",
           "2:14 path migrated '/usr/local/cuda' -> '/opt/rocm' review",
           "3:16 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'",
           "3:31 tool migrated 'nvcc' -> 'hipcc'",
           "6:14 compiler-flag unsupported '-gencode arch=compute_80,code=sm_80' -> "
           "'-gencode arch=compute_80,code=sm_80'",
           "6:50 compiler-flag unsupported "
           "'-gencode=arch=compute_90,code=\\\"sm_90,compute_90\\\"' -> "
           "'-gencode=arch=compute_90,code=\\\"sm_90,compute_90\\\"'",
           "7:40 compiler-flag migrated '--expt-relaxed-constexpr' -> ''",
           "7:65 compiler-flag migrated '-Xcompiler -fopenmp,-Wall' -> '-fopenmp -Wall'",
           "8:18 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'",
           "9:18 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'",
           "9:35 library migrated '-lcudart' -> '-lamdhip64'",
           "9:44 library migrated '-lcublas' -> '-lhipblas'",
           "21:17 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'"}));
}

// Conditionals, export, continued lines, define, $(shell), target-specific
// variables, shell variables of recipes, several commands on one line.
TEST(BuildFiles, MakefileSyntax) {
  Migration M = migrate(Target::Hip, "/mk2/GNUmakefile", SyntaxMakefile);
  EXPECT_EQ(M.Text, R"bf(ifndef ROCM_PATH
  ROCM_PATH := /opt/rocm
endif
export ROCM_PATH
NVCC = $(ROCM_PATH)/bin/hipcc
ARCH ?= -arch=sm_90
NVCC_VERSION := $(shell hipcc --version | tail -1)
FLAGS = $(ARCH) \
        -fgpu-rdc -maxrregcount 64 --frobnicate
debug: FLAGS += -g
define COMPILE
$(NVCC) $(FLAGS) -c $(1) -o $(2)
endef
app: kernel.o
	@$(NVCC) $(FLAGS) -o $@ $^ -lcudadevrt -lamdhip64 && echo "linked against $$ROCM_PATH"
kernel.o: kernel.cu
	$(call COMPILE,$<,$@)
	hipcc -x hip -c kernel.cu -o kernel2.o
)bf");
  EXPECT_EQ(
      M.Events,
      Strings({"1:8 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
               "2:3 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
               "2:16 path migrated '/usr/local/cuda-12.4' -> '/opt/rocm' review",
               "4:8 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
               "5:10 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
               "5:25 tool migrated 'nvcc' -> 'hipcc'",
               "6:9 compiler-flag unsupported '-arch=sm_90' -> '-arch=sm_90'",
               "7:25 tool migrated 'nvcc' -> 'hipcc'",
               "7:30 compiler-flag kept '--version' -> '--version' review",
               "9:9 compiler-flag migrated '--expt-extended-lambda' -> ''",
               "10:9 compiler-flag migrated '-rdc=true' -> '-fgpu-rdc'",
               "10:19 compiler-flag unsupported '-maxrregcount 64' -> '-maxrregcount 64'",
               "10:36 compiler-flag unknown '--frobnicate' -> '--frobnicate'",
               "11:17 compiler-flag migrated '-G' -> '-g' review",
               "16:29 library unsupported '-lcudadevrt' -> '-lcudadevrt'",
               "16:41 library migrated '-lcuda' -> '-lamdhip64'",
               "16:74 path-variable migrated 'CUDA_PATH' -> 'ROCM_PATH'",
               "19:2 tool migrated 'nvcc' -> 'hipcc'",
               "19:7 compiler-flag migrated '-x cu' -> '-x hip'",
               "19:13 compiler-flag migrated '-Xptxas -v' -> ''"}));
}

TEST(BuildFiles, NothingCudaIsLeftAlone) {
  for (Target T : {Target::Musa, Target::Hip}) {
    Migration CMake = migrate(T, "/n/tool.cmake", NothingCMake);
    EXPECT_TRUE(CMake.Raw.Edits.empty());
    EXPECT_EQ(CMake.Events, Strings());
    Migration Make = migrate(T, "/n/Makefile", NothingMakefile);
    EXPECT_TRUE(Make.Raw.Edits.empty());
    EXPECT_EQ(Make.Events, Strings());
  }
}

TEST(BuildFiles, MigratedFilesMigrateToThemselves) {
  for (auto [Path, Text] : {std::pair{"/proj/CMakeLists.txt", CMakeProject},
                            std::pair{"/legacy/CMakeLists.txt", FindCudaProject},
                            std::pair{"/mk/Makefile", StencilMakefile},
                            std::pair{"/mk2/GNUmakefile", SyntaxMakefile}})
    for (Target T : {Target::Musa, Target::Hip}) {
      Migration Once = migrate(T, Path, Text);
      Migration Twice = migrate(T, Path, Once.Text);
      EXPECT_TRUE(Twice.Raw.Edits.empty()) << Path;
      EXPECT_EQ(Twice.Text, Once.Text) << Path;
    }
}

TEST(BuildFiles, WholeWordsOnly) {
  Migration M = migrate(Target::Hip, "/w/CMakeLists.txt", R"(
target_link_libraries(app CUDA::cudart_static CUDA::cudart2 MYCUDA::cudart)
set(X ${CMAKE_CUDA_FLAGSX} ${MY_CMAKE_CUDA_FLAGS} CUDA_HOMEX)
target_compile_options(app PRIVATE --expt-relaxed-constexprs -lcudart_x -lcudart)
add_executable(app a.cuh.in b.cux "c.cu.txt")
)");
  EXPECT_EQ(M.Text, R"(
target_link_libraries(app hip::host CUDA::cudart2 MYCUDA::cudart)
set(X ${CMAKE_CUDA_FLAGSX} ${MY_CMAKE_CUDA_FLAGS} CUDA_HOMEX)
target_compile_options(app PRIVATE --expt-relaxed-constexprs -lcudart_x -lamdhip64)
add_executable(app a.cuh.in b.cux "c.cu.txt")
)");
  EXPECT_EQ(M.Events,
            Strings({
                "2:27 cmake-target migrated 'CUDA::cudart_static' -> 'hip::host' review",
                "2:47 cmake-target unknown 'CUDA::cudart2' -> 'CUDA::cudart2'",
                "3:9 cmake-variable unknown 'CMAKE_CUDA_FLAGSX' -> 'CMAKE_CUDA_FLAGSX'",
                "4:73 library migrated '-lcudart' -> '-lamdhip64'",
            }));
}

TEST(BuildFiles, CMakeLexing) {
  // Line and bracket comments, bracket and quoted arguments with escapes,
  // nested parentheses, a command split over lines, case-insensitive names.
  Migration M = migrate(Target::Hip, "/l/rules.cmake", R"(# CUDA::cudart
#[=[ find_package(CUDAToolkit)
]=] if((CUDAToolkit_FOUND) AND NOT "${CUDA_HOME}" STREQUAL "")
  file(WRITE out.txt [=[CUDA::cudart ${CUDA_HOME}]=])
  set(note "a \"quoted\" CUDA::cudart; ${CMAKE_CUDA_COMPILER}")
  Target_Link_Libraries(app # CUDA::cublas
    CUDA::cufft)
endif()
)");
  EXPECT_EQ(M.Text, R"(# CUDA::cudart
#[=[ find_package(CUDAToolkit)
]=] if((hip_FOUND) AND NOT "${ROCM_PATH}" STREQUAL "")
  file(WRITE out.txt [=[CUDA::cudart ${CUDA_HOME}]=])
  set(note "a \"quoted\" hip::host; ${CMAKE_HIP_COMPILER}")
  find_package(hipfft REQUIRED)
  Target_Link_Libraries(app # CUDA::cublas
    hip::hipfft)
endif()
)");
  EXPECT_EQ(M.Events,
            Strings({
                "3:9 cmake-variable migrated 'CUDAToolkit_FOUND' -> 'hip_FOUND'",
                "3:39 path-variable migrated 'CUDA_HOME' -> 'ROCM_PATH'",
                "5:26 cmake-target migrated 'CUDA::cudart' -> 'hip::host'",
                "5:42 cmake-variable migrated 'CMAKE_CUDA_COMPILER' -> "
                "'CMAKE_HIP_COMPILER' review",
                "7:5 cmake-target migrated 'CUDA::cufft' -> 'hip::hipfft'",
                "7:5 cmake-package migrated 'CUDA::cufft' -> 'find_package(hipfft "
                "REQUIRED)'",
            }));
}

TEST(BuildFiles, HipSourcesInVariablesGetTheLanguage) {
  Migration M = migrate(Target::Hip, "/v/CMakeLists.txt", R"(project(v LANGUAGES CUDA)
file(GLOB KERNELS src/*.cu)
set(HOST main.cpp)
add_executable(v ${HOST} ${KERNELS} extra.cu)
target_sources(v PRIVATE more.cu more.cpp)
set_source_files_properties(done.cu PROPERTIES LANGUAGE HIP)
add_library(w done.cu)
)");
  EXPECT_EQ(M.Text, R"(project(v LANGUAGES HIP)
file(GLOB KERNELS src/*.cu)
set(HOST main.cpp)
find_package(hip REQUIRED)
add_executable(v ${HOST} ${KERNELS} extra.cu)
set_source_files_properties(${KERNELS} extra.cu PROPERTIES LANGUAGE HIP)
set_property(TARGET v APPEND PROPERTY LINK_LIBRARIES hip::host)
target_sources(v PRIVATE more.cu more.cpp)
set_source_files_properties(more.cu PROPERTIES LANGUAGE HIP)
set_source_files_properties(done.cu PROPERTIES LANGUAGE HIP)
add_library(w done.cu)
)");
}

TEST(BuildFiles, MusaArchitecturesFollowTheThresholdMap) {
  Migration M = migrate(Target::Musa, "/a/Makefile", R"(x:
	nvcc -arch=sm_86 -arch=compute_90a -arch=native -arch=sm_70 --gpu-architecture sm_80 -arch=sm_100 -c x.cu
)");
  EXPECT_EQ(M.Text, R"(x:
	mcc --offload-arch=mp_22 --offload-arch=mp_31 -arch=native --offload-arch=mp_21 --offload-arch=mp_22 --offload-arch=mp_31 -c x.cu
)");
  EXPECT_EQ(
      M.Events,
      Strings({
          "2:2 tool migrated 'nvcc' -> 'mcc'",
          "2:7 compiler-flag migrated '-arch=sm_86' -> '--offload-arch=mp_22' review",
          "2:19 compiler-flag migrated '-arch=compute_90a' -> "
          "'--offload-arch=mp_31' review",
          "2:37 compiler-flag unsupported '-arch=native' -> '-arch=native'",
          "2:50 compiler-flag migrated '-arch=sm_70' -> '--offload-arch=mp_21' review",
          "2:62 compiler-flag migrated '--gpu-architecture sm_80' -> "
          "'--offload-arch=mp_22' review",
          // No MUSA GPU is at sm_100's level: the newest one is the closest.
          "2:87 compiler-flag migrated '-arch=sm_100' -> '--offload-arch=mp_31' review",
      }));
}

TEST(BuildFiles, KindOfPath) {
  EXPECT_EQ(buildFileKindOf("/p/CMakeLists.txt"), BuildFileKind::CMake);
  EXPECT_EQ(buildFileKindOf("/p/cmake/Cuda.cmake"), BuildFileKind::CMake);
  EXPECT_EQ(buildFileKindOf("/p/Makefile"), BuildFileKind::Makefile);
  EXPECT_EQ(buildFileKindOf("/p/makefile"), BuildFileKind::Makefile);
  EXPECT_EQ(buildFileKindOf("/p/GNUmakefile"), BuildFileKind::Makefile);
  EXPECT_EQ(buildFileKindOf("/p/rules.mk"), BuildFileKind::Makefile);
  EXPECT_EQ(buildFileKindOf("/p/kernel.cu"), std::nullopt);
  EXPECT_EQ(buildFileKindOf("/p/CMakeLists.txt.in"), std::nullopt);
  EXPECT_EQ(buildFileKindOf("/p/Makefile.am"), std::nullopt);
}

TEST(BuildRules, LoadedWithTheTarget) {
  const BuildRules &Musa = rulesFor(Target::Musa).buildRules();
  ASSERT_FALSE(Musa.empty());
  const BuildRule *Cudart = Musa.find(BuildRuleKind::CMakeTarget, "CUDA::cudart");
  ASSERT_NE(Cudart, nullptr);
  EXPECT_EQ(Cudart->Replacement, "MUSA::musart");
  EXPECT_NE(Musa.find(BuildRuleKind::CMakeCommand, "CUDA_ADD_EXECUTABLE"), nullptr);
  EXPECT_NE(Musa.findPrefix(BuildRuleKind::CMakeTarget, "CUDA::anything"), nullptr);
  // Architecture flags go through __CUDA_ARCH__'s threshold map.
  ASSERT_NE(Musa.architectures(), nullptr);
  EXPECT_EQ(Musa.architectures()->Map, (std::vector<std::pair<long long, long long>>{
                                           {0, 210}, {800, 220}, {900, 310}}));
  const BuildRules &Hip = rulesFor(Target::Hip).buildRules();
  EXPECT_EQ(Hip.architectures(), nullptr);
  EXPECT_EQ(Hip.find(BuildRuleKind::Library, "cudart")->Replacement, "amdhip64");
}

std::string buildTableError(const std::string &Entries, const std::string &Extra = "") {
  BuildRules Rules;
  llvm::Error E = Rules.addTable(R"({"target": "hip", "description": "t", )" + Extra +
                                     R"("entries": [)" + Entries + "]}",
                                 "bad.json", "hip");
  return E ? llvm::toString(std::move(E)) : "";
}

TEST(BuildRules, RejectsMalformedTables) {
  EXPECT_EQ(buildTableError(R"({"cuda": "nvcc", "kind": "tool", "status": "supported",
                                "target": "hipcc", "check": "hip-install"})"),
            "");
  EXPECT_EQ(buildTableError(R"({"cuda": "nvcc", "kind": "tools", "status": "supported",
                                "target": "hipcc"})"),
            "bad.json: entry 0 (\"nvcc\"): unknown \"kind\" \"tools\"");
  EXPECT_EQ(buildTableError(R"({"cuda": "nvcc", "kind": "tool", "status": "supported"})"),
            "bad.json: entry 0 (\"nvcc\"): \"target\" is missing");
  EXPECT_EQ(
      buildTableError(R"({"cuda": "nvcc", "kind": "tool", "status": "unsupported"})"),
      "bad.json: entry 0 (\"nvcc\"): an unsupported entry needs a \"note\" saying why");
  EXPECT_EQ(
      buildTableError(R"({"cuda": "-x", "kind": "compiler-flag", "status": "supported",
                                "action": "unwrap"})"),
      "bad.json: entry 0 (\"-x\"): this action needs \"value\": \"separate\"");
  EXPECT_EQ(buildTableError(R"({"cuda": "-arch", "kind": "compiler-flag",
                                "status": "supported", "action": "arch",
                                "value": "separate", "target": "--offload-arch={arch}"})"),
            "bad.json: entry 0 (\"-arch\"): an \"arch\" flag needs the table's "
            "\"architectures\"");
  EXPECT_EQ(buildTableError(R"({"cuda": "nvcc", "kind": "tool", "status": "supported",
                                "target": "hipcc", "colour": "red"})"),
            "bad.json: entry 0: unknown key \"colour\"");
  EXPECT_EQ(buildTableError(R"({"cuda": "a", "kind": "tool", "status": "supported",
                                "target": "b"}, {"cuda": "a", "kind": "tool",
                                "status": "supported", "target": "c"})"),
            "bad.json: entry 1 (\"a\"): duplicate tool entry");
  EXPECT_EQ(buildTableError("", R"("architectures": {"thresholds": "X"}, )"),
            "bad.json: malformed \"architectures\": [json.exception.out_of_range.403] "
            "key 'cuda_prefixes' not found");
}

TEST(BuildFiles, DroppedNeighboursLeaveNoSeparators) {
  Migration M = migrate(Target::Hip, "/d/CMakeLists.txt", R"(
target_compile_options(k PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda;-Xptxas=-v>")
target_compile_options(k PRIVATE -G -Xptxas -v -O2 --expt-relaxed-constexpr)
list(APPEND CUDA_NVCC_FLAGS
     --expt-relaxed-constexpr
     -O2)
)");
  EXPECT_EQ(M.Text, R"(
target_compile_options(k PRIVATE -g -O2)
list(APPEND HIP_HIPCC_FLAGS
     -O2)
)");
}

namespace {

// A word in quotes is scanned once, however deep quotes and function calls
// nest in it: each level used to scan its quoted text twice, so the time
// doubled with every level, and each reference inside was found twice.
TEST(BuildFiles, NestedQuotesAreScannedOnce) {
  std::string Text = "$(NVCC)";
  for (int Level = 0; Level < 40; ++Level)
    Text = "\"$(shell echo " + Text + ")\"";
  MakeWords Words = makeWords(Text, 0, Text.size());
  size_t Nvcc = 0;
  for (const MakeRef &Ref : Words.Refs)
    Nvcc += Text.substr(Ref.NameBegin, Ref.NameEnd - Ref.NameBegin) == "NVCC";
  EXPECT_EQ(Nvcc, 1u);
  ASSERT_EQ(Words.TopLevel.size(), 1u);
  EXPECT_EQ(Words.TopLevel[0].Begin, 1u); // the quotes are not the word's
}

// An edit whose range a migration computed wrong (past the text, or a
// length that wrapped around) is refused, with its event: applied, it would
// write bytes that are not the file's.
TEST(BuildFiles, EditsOutsideTheTextAreRefused) {
  const RuleTable &Rules = rulesFor(Target::Hip);
  llvm::StringRef Text = "all:\n\tnvcc -c a.cu\n";
  BuildFileEditor Ed("/d/Makefile", Text, Rules.buildRules(), descriptionOf(Target::Hip),
                     {});
  unsigned Size = Text.size();
  EXPECT_FALSE(Ed.edit(Size + 1, 0, "x"));
  EXPECT_FALSE(Ed.edit(Size - 2, 3, "x"));
  EXPECT_FALSE(Ed.edit(6, ~0u - 3, "")); // 6 + length wraps to 2
  EXPECT_FALSE(Ed.erase(8, 6, false));   // an end before the begin
  const BuildRule *Nvcc = Rules.buildRules().find(BuildRuleKind::Tool, "nvcc");
  ASSERT_NE(Nvcc, nullptr);
  EXPECT_EQ(Ed.apply(*Nvcc, Size - 2, 4, "nvcc", Nvcc->Replacement), nullptr);
  EXPECT_TRUE(Ed.edit(Size, 0, "# end\n"));
  BuildFileMigration M = Ed.finish();
  EXPECT_TRUE(M.Events.empty());
  EXPECT_EQ(M.Edits.apply(Text), Text.str() + "# end\n");
}

} // namespace
