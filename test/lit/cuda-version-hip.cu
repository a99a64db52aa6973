// HIP defines no CUDART_VERSION. Compared with a constant in an #if, the
// comparison becomes its value for the CUDA SDK the code was parsed against
// (with the comparison left in a comment), so HIP compiles the branch nvcc
// compiled; a use as a value stays unsupported and blocks the build, and a
// test for its definition is a build risk: HIP takes the other branch.
// CUDART_CB, a calling convention that is empty but on Windows, is erased:
// HIP's callbacks take none. The HIP output compiles.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; [print(e['line'], e['cuda'], repr(e['target']), e['status']) for e in json.load(open('%t.json'))['files'][0]['references'] if e['cuda'].startswith('CUDART')]" | FileCheck %s --check-prefix=REPORT
// RUN: %python -c "import json; b = json.load(open('%t.json'))['files'][0]['build']; print([(r['line'], r['name']) for r in b['risks']])" | FileCheck %s --check-prefix=RISKS
// RUN: sed -n '/^#if 1/,$p' %t.hip | sed '/print_version/,$d' > %t.compile.hip
// RUN: %hipcc-check %t.compile.hip
#include <cuda_runtime.h>

void CUDART_CB on_done(cudaStream_t stream, cudaError_t status, void *data) {}

#if CUDART_VERSION >= 2020
int zero_copy = 1;
#else
int zero_copy = unknown_api();
#endif
#if 4000 > CUDART_VERSION
#error too old
#endif
#ifdef CUDART_VERSION
int runtime_known = 1;
#endif

int print_version() { return CUDART_VERSION / 1000; }

// HIP:      void on_done(hipStream_t stream, hipError_t status, void *data) {}
// HIP:      #if 1 /* CUDART_VERSION >= 2020 with CUDA {{[0-9]+\.[0-9]+}} */
// HIP:      #if 0 /* 4000 > CUDART_VERSION with CUDA {{[0-9]+\.[0-9]+}} */
// HIP:      {{^}}// musify-unsupported: 'CUDART_VERSION' has no HIP equivalent: HIP does not define CUDART_VERSION: this test takes the other branch than nvcc did
// HIP-NEXT: {{^}}#ifdef CUDART_VERSION{{$}}
// HIP:      {{^}}// musify-unsupported: 'CUDART_VERSION' has no HIP equivalent: not defined by HIP{{.*}}
// HIP-NEXT: {{^}}int print_version() { return CUDART_VERSION / 1000; }
// REPORT:      16 CUDART_CB '' migrated
// REPORT-NEXT: 18 CUDART_VERSION '1' migrated
// REPORT-NEXT: 23 CUDART_VERSION '0' migrated
// REPORT-NEXT: 26 CUDART_VERSION 'CUDART_VERSION' unsupported
// REPORT-NEXT: 30 CUDART_VERSION 'CUDART_VERSION' unsupported
// RISKS: [(26, 'CUDART_VERSION')]
