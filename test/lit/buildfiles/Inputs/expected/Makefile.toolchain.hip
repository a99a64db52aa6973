# An llm.c-style Makefile: the compiler found on the path, GPU tools, NVML.
# musify: musify's HIP helper headers, which migrated sources include
MUSIFY_HIP_HELPERS_DIR ?= <musify-share>/hip/include
NVCC := $(shell which hipcc 2>/dev/null)
# musify-review: '/usr/local/cuda' became '/opt/rocm': ROCm's usual install folder (Debian's ROCm packages install under /usr); its layout (lib/, lib64/) differs
ROCM_PATH ?= /opt/rocm
ifeq ($(wildcard $(ROCM_PATH)/bin/hipcc),)
  NVCC_ALT := $(shell command -v hipcc)
endif
# musify-review: '--version' is kept as it is: hipcc prints HIP's version and its clang's, not nvcc's 'release X.Y' line: check what the build reads from it
NVCC_VERSION := $(shell $(NVCC) --version | grep release)
# musify-review: '--use_fast_math' became '-ffast-math': -ffast-math relaxes host code too
NVCC_FLAGS = -O3 -ffast-math -std=c++17 -gline-tables-only "-fopenmp"
WIN_FLAGS = "/std:c++20" "/W4"
# musify-unsupported: '-lnvidia-ml' has no HIP equivalent: NVML (GPU management): ROCm's counterpart is the ROCm SMI library (rocm_smi64), a different API: port the NVML calls to it by hand, or build them only where NVML is found
NVCC_LDFLAGS = -lhipblas -lnvidia-ml

ifeq ($(NVCC),)
  $(info hipcc not found, skipping GPU/CUDA builds)
else
  TARGETS += train
endif

# musify-review: 'nvidia-smi' became 'rocm-smi': ROCm's system management tool: its options and output differ from nvidia-smi's: check what the build reads from it
ifneq ($(shell which rocm-smi),)
# musify-review: '__nvcc_device_query' became 'rocm_agent_enumerator': ROCm's tool that prints the gfx names of the agents present (gfx000 for the CPU), not a compute capability: build --offload-arch from them
  GPU_COMPUTE_CAPABILITY = $(shell rocm_agent_enumerator)
endif

check:
ifeq ($(NVCC),)
	$(error hipcc not found.)
endif
	@command -v hipcc >/dev/null

train: train.cu
	$(NVCC) -I'$(MUSIFY_HIP_HELPERS_DIR)' $(NVCC_FLAGS) $(WIN_FLAGS) $< $(NVCC_LDFLAGS) -o $@
