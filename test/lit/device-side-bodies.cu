// A device-side parse builds only the function bodies that hold text the host
// parse skipped (or are written in it); the rest, and the templates they would
// instantiate, are skipped. Every device-only call below is still found by
// its declaration, in a plain body, a template, a local class's member, a
// lambda, a function written inside the skipped text and a function whose
// name a macro writes; the output is what a parse of every body writes.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: %musify --target=hip --parse-all-bodies %s -o %t.all.hip 2> %t.all.err
// RUN: diff %t.hip %t.all.hip
// RUN: diff %t.err %t.all.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; [print(e['line'], e['cuda'], e['evidence']) for e in json.load(open('%t.json'))['files'][0]['references'] if 'shfl' in e['cuda']]" | FileCheck %s --check-prefix=EVIDENCE
#include <cuda_runtime.h>
#define DEVICE_HELPER(name) __device__ float name(float v)

__device__ float inBody(float v) {
#ifdef __CUDA_ARCH__
  v += __shfl_xor_sync(0xffffffff, v, 1);
#endif
  return v;
}

template <typename T> __device__ T inTemplate(T v) {
#if __CUDA_ARCH__ >= 700
  v += __shfl_down_sync(0xffffffff, v, 2);
#endif
  return v;
}

__device__ float inLocalClass(float v) {
  struct Local {
    __device__ static float twice(float x) {
#ifdef __CUDA_ARCH__
      x += __shfl_up_sync(0xffffffff, x, 1);
#endif
      return 2 * x;
    }
  };
  return Local::twice(v);
}

__device__ float inLambda(float v) {
  auto add = [](float x) {
#ifdef __CUDA_ARCH__
    x += __shfl_sync(0xffffffff, x, 0);
#endif
    return x;
  };
  return add(v);
}

#ifdef __CUDA_ARCH__
__device__ float wholeFunction(float v) { return __shfl_xor_sync(0xffffffff, v, 4); }
#endif

DEVICE_HELPER(fromMacro) {
#ifdef __CUDA_ARCH__
  v += __shfl_xor_sync(0xffffffff, v, 8);
#endif
  return v;
}

__global__ void kernel(float *out) {
  out[0] = inBody(out[0]) + inTemplate(out[1]) + inLocalClass(out[2]) + inLambda(out[3]) +
           fromMacro(out[4]);
}

int main() {
  float *p;
  cudaMalloc(&p, 8 * sizeof(float));
  kernel<<<1, 32>>>(p);
  return cudaDeviceSynchronize() != cudaSuccess;
}

// HIP:      v += __shfl_xor(v, 1);
// HIP:      v += __shfl_down(v, 2);
// HIP:      x += __shfl_up(x, 1);
// HIP:      x += __shfl(x, 0);
// HIP:      __device__ float wholeFunction(float v) { return __shfl_xor(v, 4); }
// HIP:      v += __shfl_xor(v, 8);
// EVIDENCE:      18 __shfl_xor_sync declaration
// EVIDENCE-NEXT: 25 __shfl_down_sync declaration
// EVIDENCE-NEXT: 34 __shfl_up_sync declaration
// EVIDENCE-NEXT: 45 __shfl_sync declaration
// EVIDENCE-NEXT: 53 __shfl_xor_sync declaration
// EVIDENCE-NEXT: 58 __shfl_xor_sync declaration
