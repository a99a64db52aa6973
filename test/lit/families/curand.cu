// cuRAND, both APIs: a host generator filling device memory, and per-thread
// device states in kernels (<curand_kernel.h>). MUSA has muRAND; Debian ships
// hipRAND, so the HIP output uses hiprand/hiprand*.h and compiles for gfx90a.
//
// The device state types (curandState, curandStatePhilox4_32_10, ...) map to
// hipRAND's, which its headers declare through a macro
// (DEFINE_HIPRAND_STATE): the rule generator preprocesses those headers to
// see them.
//
//
//
//
//
//
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda --implicit-check-not=curand --implicit-check-not=CURAND
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda --implicit-check-not=curand --implicit-check-not=CURAND
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <murand.h>
// MUSA-NEXT: #include <murand_kernel.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <hiprand/hiprand.h>
// HIP-NEXT:  #include <hiprand/hiprand_kernel.h>

__global__ void setup_states(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void draw(curandState *states, float *out, int per_thread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  for (int i = 0; i < per_thread; ++i)
    out[id * per_thread + i] = curand_uniform(&local);
  states[id] = local;
}
// MUSA:      __global__ void setup_states(murandState *states, unsigned long long seed) {
// MUSA-NEXT:   int id = blockIdx.x * blockDim.x + threadIdx.x;
// MUSA-NEXT:   murand_init(seed, id, 0, &states[id]);
// MUSA:      __global__ void draw(murandState *states, float *out, int per_thread) {
// MUSA-NEXT:   int id = blockIdx.x * blockDim.x + threadIdx.x;
// MUSA-NEXT:   murandState local = states[id];
// MUSA-NEXT:   for (int i = 0; i < per_thread; ++i)
// MUSA-NEXT:     out[id * per_thread + i] = murand_uniform(&local);

// HIP:       __global__ void setup_states(hiprandState *states, unsigned long long seed) {
// HIP-NEXT:    int id = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT:    hiprand_init(seed, id, 0, &states[id]);
// HIP:       __global__ void draw(hiprandState *states, float *out, int per_thread) {
// HIP-NEXT:    int id = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT:    hiprandState local = states[id];
// HIP-NEXT:    for (int i = 0; i < per_thread; ++i)
// HIP-NEXT:      out[id * per_thread + i] = hiprand_uniform(&local);

int fill_uniform(float *device_out, size_t n) {
  curandGenerator_t gen;
  if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS)
    return 1;
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandStatus_t status = curandGenerateUniform(gen, device_out, n);
  curandDestroyGenerator(gen);
  return status == CURAND_STATUS_SUCCESS ? 0 : 1;
}
// MUSA:      murandGenerator_t gen;
// MUSA-NEXT: if (murandCreateGenerator(&gen, MURAND_RNG_PSEUDO_DEFAULT) != MURAND_STATUS_SUCCESS)
// MUSA-NEXT:   return 1;
// MUSA-NEXT: murandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
// MUSA-NEXT: murandStatus_t status = murandGenerateUniform(gen, device_out, n);
// MUSA-NEXT: murandDestroyGenerator(gen);
// MUSA-NEXT: return status == MURAND_STATUS_SUCCESS ? 0 : 1;

// HIP:       hiprandGenerator_t gen;
// HIP-NEXT:  if (hiprandCreateGenerator(&gen, HIPRAND_RNG_PSEUDO_DEFAULT) != HIPRAND_STATUS_SUCCESS)
// HIP-NEXT:    return 1;
// HIP-NEXT:  hiprandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
// HIP-NEXT:  hiprandStatus_t status = hiprandGenerateUniform(gen, device_out, n);
// HIP-NEXT:  hiprandDestroyGenerator(gen);
// HIP-NEXT:  return status == HIPRAND_STATUS_SUCCESS ? 0 : 1;

void fill_with_kernels(float *device_out, int blocks, int threads) {
  curandState *states;
  cudaMalloc(&states, blocks * threads * sizeof(curandState));
  setup_states<<<blocks, threads>>>(states, 42ULL);
  draw<<<blocks, threads>>>(states, device_out, 4);
  cudaDeviceSynchronize();
  cudaFree(states);
}
// MUSA:      murandState *states;
// MUSA-NEXT: musaMalloc(&states, blocks * threads * sizeof(murandState));
// MUSA-NEXT: setup_states<<<blocks, threads>>>(states, 42ULL);
// MUSA-NEXT: draw<<<blocks, threads>>>(states, device_out, 4);
// MUSA-NEXT: musaDeviceSynchronize();
// MUSA-NEXT: musaFree(states);

// HIP:       hiprandState *states;
// HIP-NEXT:  hipMalloc(&states, blocks * threads * sizeof(hiprandState));
// HIP-NEXT:  setup_states<<<blocks, threads>>>(states, 42ULL);
// HIP-NEXT:  draw<<<blocks, threads>>>(states, device_out, 4);
// HIP-NEXT:  hipDeviceSynchronize();
// HIP-NEXT:  hipFree(states);

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 32 references: 22 migrated, 0 migrated without semantics, 10 kept, 0 unsupported, 0 unknown
// HIP-DIAG:  musify: 1 file to {{HIP}}: 32 references: 22 migrated, 0 migrated without semantics, 10 kept, 0 unsupported, 0 unknown
