// A target header that needs another before it gets it: HIP's cooperative
// groups header uses names hip_runtime.h defines, so an #include of
// hip/hip_runtime.h is written on the line before, unless an earlier include
// already is (or migrates to) it. The HIP output compiles; MUSA needs nothing.
// RUN: %musify --target=hip --report %t.json %s -o %t.hip
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; [print(e['cuda'], '|', e.get('note', '')) for e in json.load(open('%t.json'))['files'][0]['references'] if e['kind'] == 'header']" | FileCheck %s --check-prefix=NOTE
// RUN: %hipcc-check %t.hip
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void sum(int *out) {
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    atomicAdd(out, 1);
}

// HIP:      #include <hip/hip_runtime.h>
// HIP-NEXT: #include <hip/hip_cooperative_groups.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP-NEXT: #include <hip/hip_cooperative_groups.h>
// HIP-EMPTY:
// NOTE:      cooperative_groups.h | <hip/hip_runtime.h> is included before it: hip/hip_cooperative_groups.h needs it first
// NOTE-NEXT: cuda_runtime.h |
// NOTE-NEXT: cooperative_groups.h |
// MUSA:      #include <cooperative_groups.h>
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-NEXT: #include <cooperative_groups.h>
