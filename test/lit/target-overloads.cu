// HIP 5.2's min and max take fewer parameter types than CUDA's: a call that
// CUDA resolves to an overload HIP does not declare (min(int, unsigned int)
// here; on HIP blockDim.x is no plain unsigned int, and such calls become
// ambiguous) becomes musify::min, which musify's helper header defines with
// every parameter list of CUDA's; the file includes it once. Calls of the
// overloads HIP has are kept quietly. CUDA's one __ffs takes an int, HIP's
// takes an int or an unsigned int: a call whose argument converts (by more
// than a promotion) is ambiguous on HIP and becomes musify::__ffs, which
// converts as CUDA does. The HIP output compiles. MUSA keeps all.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %hipcc-check %t.hip
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected'], f['build']['risks']); [print(e['line'], e['cuda'], e['target'], e['evidence']) for e in f['references'] if e['cuda'] in ('min', 'max', '__ffs', 'musify/hip_helpers.h')]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>

__global__ void clamp(unsigned *out, int *signed_out, int n) {
  out[threadIdx.x] = min(n, blockDim.x);
  signed_out[threadIdx.x] = max(signed_out[0], 3);
  out[1] = max(2u, out[0]);
}

__global__ void lowest(int *out, unsigned long long mask, unsigned word, short s) {
  out[0] = __ffs(mask);
  out[1] = __ffs(out[2]);
  out[2] = __ffs(s);
  out[3] = __ffs(word);
}

// HIP:      #include <musify/hip_helpers.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP:      out[threadIdx.x] = musify::min(n, blockDim.x);
// HIP-NEXT: signed_out[threadIdx.x] = max(signed_out[0], 3);
// HIP-NEXT: out[1] = musify::max(2u, out[0]);
// HIP:      out[0] = musify::__ffs(mask);
// HIP-NEXT: out[1] = __ffs(out[2]);
// HIP-NEXT: out[2] = __ffs(s);
// HIP-NEXT: out[3] = musify::__ffs(word);
// REPORT:      True []
// REPORT-NEXT: 15 musify/hip_helpers.h musify/hip_helpers.h helper
// REPORT-NEXT: 18 min musify::min declaration
// REPORT-NEXT: 19 max max declaration
// REPORT-NEXT: 20 max musify::max declaration
// REPORT-NEXT: 24 __ffs musify::__ffs declaration
// REPORT-NEXT: 25 __ffs __ffs declaration
// REPORT-NEXT: 26 __ffs __ffs declaration
// REPORT-NEXT: 27 __ffs musify::__ffs declaration
// MUSA:      out[threadIdx.x] = min(n, blockDim.x);
// MUSA-NEXT: signed_out[threadIdx.x] = max(signed_out[0], 3);
// MUSA-NEXT: out[1] = max(2u, out[0]);
