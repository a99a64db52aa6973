# Builds the stencil demo with nvcc; CUDA_HOME may come from the environment.
# musify: musify's HIP helper headers, which migrated sources include
MUSIFY_HIP_HELPERS_DIR ?= <musify-share>/hip/include
# musify-review: '/usr/local/cuda' became '/opt/rocm': ROCm's usual install folder (Debian's ROCm packages install under /usr); its layout (lib/, lib64/) differs
ROCM_PATH ?= /opt/rocm
NVCC      := $(ROCM_PATH)/bin/hipcc
CXX       := g++

# musify-unsupported: '-gencode arch=compute_80,code=sm_80' has no HIP equivalent: HIP takes AMD GPU names (gfx90a, gfx1100), which cannot be derived from CUDA architectures: set them by hand (--offload-arch=gfx90a)
# musify-unsupported: '-gencode arch=compute_90,code=sm_90' has no HIP equivalent: as above
GENCODE   := -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90
NVCCFLAGS := -O3 -std=c++17 $(GENCODE) -fPIC -Wall
NVCCFLAGS += -I$(ROCM_PATH)/include -Iinclude
LDFLAGS   := -L$(ROCM_PATH)/lib64 -lamdhip64 -lhiprand

SRCS := stencil.cu main.cu
OBJS := $(SRCS:.cu=.o) host.o

all: stencil

stencil: $(OBJS)
	$(CXX) -o $@ $^ $(LDFLAGS)

%.o: %.cu include/stencil.cuh
	$(NVCC) -I'$(MUSIFY_HIP_HELPERS_DIR)' $(NVCCFLAGS) -c $< -o $@

host.o: host.cpp
	$(CXX) -O2 -c $< -o $@

profile: stencil
	@echo "nvcc flags: $(NVCCFLAGS)"   # nvcc -arch=sm_80 in a comment is left alone

clean:
	rm -f stencil $(OBJS)

.PHONY: all clean profile
