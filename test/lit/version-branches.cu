// Both sides of #if on CUDART_VERSION and on a user macro migrate: the side
// the parse takes semantically, the other by the token rewriter, each
// reported as such.
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; [print(e['line'], e['cuda'], e['status']) for e in json.load(open('%t.json'))['files'][0]['references'] if e['cuda'].startswith('cuda') or e['cuda'].startswith('CUDA')]" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

#define USE_ASYNC_ALLOC 1

void *allocate(size_t bytes, cudaStream_t stream) {
  void *p = nullptr;
#if CUDART_VERSION >= 11020 && USE_ASYNC_ALLOC
  cudaMallocAsync(&p, bytes, stream);
#else
  cudaMalloc(&p, bytes);
#endif
#ifndef USE_ASYNC_ALLOC
  cudaDeviceSynchronize();
#endif
  return p;
}
// CHECK:      #if MUSART_VERSION >= 11020 && USE_ASYNC_ALLOC
// CHECK-NEXT:   musaMallocAsync(&p, bytes, stream);
// CHECK-NEXT: #else
// CHECK-NEXT:   musaMalloc(&p, bytes);
// CHECK:      #ifndef USE_ASYNC_ALLOC
// CHECK-NEXT:   musaDeviceSynchronize();

// MUSA versions use their own scale: a version test is renamed and flagged.
// DIAG: version-branches.cu:13:5: warning: 'CUDART_VERSION >= 11020' became 'MUSART_VERSION >= 11020': no threshold maps CUDART_VERSION >= 11020 onto MUSA's MUSART_VERSION scale: check the renamed comparison by hand [musify-arch-comparison]

// REPORT: 13 CUDART_VERSION migrated
// REPORT-NEXT: 14 cudaMallocAsync migrated
// REPORT-NEXT: 16 cudaMalloc migrated-without-semantics
// REPORT-NEXT: 19 cudaDeviceSynchronize migrated-without-semantics
