// A __shared__ variable of a class type with a constructor (cuda::barrier,
// a user's struct): nvcc accepts it (warning 20054, which code silences with
// #pragma diag_suppress static_var_with_dynamic_init); Clang calls it an error.
// musify parses it as nvcc does: no parse error, every name by its declaration.
// RUN: %nvcc-check %s
// RUN: %musify %s --report %t.json | FileCheck %s
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['analysis'], f.get('error_count', 0)); [print(e['line'], e['cuda'], e['evidence']) for e in f['references'] if e['kind'] != 'macro']" | FileCheck %s --check-prefix=REPORT
#include <cooperative_groups.h>
#include <cuda/barrier>

struct Counter {
  int value;
  __device__ Counter() : value(0) {}
};

__global__ void arrive(int *out) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ Counter counter;
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  bar.arrive_and_wait();
  out[threadIdx.x] = counter.value;
}
// CHECK: __shared__ musa::barrier<musa::thread_scope_block> bar;
// CHECK: __shared__ Counter counter;

// REPORT:      semantic 0
// REPORT-NEXT: 8 cuda_runtime.h nvcc-implicit
// REPORT-NEXT: 8 cooperative_groups.h include
// REPORT-NEXT: 9 cuda/barrier include
// REPORT-NEXT: 18 cuda declaration
// REPORT-NEXT: 18 cuda::barrier declaration
// REPORT-NEXT: 18 cuda declaration
// REPORT-NEXT: 18 cuda::std::thread_scope_block declaration
