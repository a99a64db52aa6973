// A CUDA name split by a backslash-newline (`cuda\` + newline + `Malloc`) is
// the name the compiler reads: it is migrated whole, in parsed code, in a
// branch the preprocessor skipped, and by the token rewriter alone; the
// report counts it and predicts the build from the migrated text.
// RUN: %musify %s --report %t.json | FileCheck %s
// RUN: %musify --target=hip %s | FileCheck %s --check-prefix=HIP
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected'], sorted((r['cuda'], r['line'], r['evidence']) for r in f['references'] if r['kind'] != 'header'))" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

int f(float **p) { return cuda\
Malloc(p, 4); }
int g(void **p) { return cudaMalloc\
Host(p, 4); }
#ifdef NEVER_DEFINED
int h(float *p) { return cuda\
Free(p); }
#endif
// CHECK:      int f(float **p) { return musaMalloc(p, 4); }
// CHECK-NEXT: int g(void **p) { return musaMallocHost(p, 4); }
// CHECK-NEXT: #ifdef NEVER_DEFINED
// CHECK-NEXT: int h(float *p) { return musaFree(p); }
// HIP:        int f(float **p) { return hipMalloc(p, 4); }
// HIP-NEXT:   int g(void **p) { return hipHostMalloc(p, 4, hipHostMallocDefault); }
// HIP:        int h(float *p) { return hipFree(p); }
// REPORT: True [('cudaFree', 15, 'skipped-region'), ('cudaMalloc', 10, 'declaration'), ('cudaMallocHost', 12, 'declaration')]
