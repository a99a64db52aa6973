// Code written for older CUB and Thrust names a member template after the
// template keyword without an argument list (`Policy::template Agent`), which
// nvcc's host compilers and older Clang accept; Clang 19 rejects it unless
// told not to. Such a file parses, and is migrated with semantics.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu --report %t.json 2>&1 | FileCheck %s
// RUN: %python -c "import json; print(json.load(open('%t.json'))['files'][0]['analysis'])" | FileCheck %s --check-prefix=ANALYSIS
#include <cuda_runtime.h>

template <typename T> struct Policy {
  template <int N> static void run(cudaStream_t s);
};

template <typename T> void dispatch(cudaStream_t s) {
  auto *f = &Policy<T>::template run;
  (void)f;
  cudaStreamSynchronize(s);
}

// CHECK-NOT: cannot parse
// CHECK: musify: 1 file to MUSA: {{[0-9]+}} references: {{[0-9]+}} migrated, 0 migrated without semantics
// ANALYSIS: semantic
