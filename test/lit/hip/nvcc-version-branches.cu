// nvcc's version macros (__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, __NVCC__)
// stay as written on HIP: hipcc defines none of them, so an #if on them reads
// them as 0 and hipcc compiles the other branch. Here that is the branch
// without __activemask, which HIP 5.2 lacks: the name is reported
// unsupported, but it blocks no build, since hipcc never compiles it, and the
// output builds. (The parse itself, like nvcc, skips the branches of lines
// 27, 31 and 34: names there block nothing either.) Where the parse compiles
// a branch that hipcc compiles too (-DUSE_LANEMASK, && !defined(__NVCC__)),
// a name HIP lacks still blocks the prediction, and hipcc rejects it.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.hip --report %t.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected']); [print(b['line'], b['kind'], b['name']) for b in f['build']['blockers']]; [print(e['line'], e['cuda'], e['status'], e['note'].split('; ')[-1]) for e in f['references'] if e['cuda'] in ('__activemask', '__CUDACC_VER_MAJOR__')]" | FileCheck %s --check-prefix=REPORT
// RUN: %hipcc-check %t.hip
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.lanemask.hip --report %t.lanemask.json -- -DUSE_LANEMASK
// RUN: %python -c "import json; f = json.load(open('%t.lanemask.json'))['files'][0]; print(f['build']['expected']); [print(b['line'], b['kind'], b['name']) for b in f['build']['blockers']]" | FileCheck %s --check-prefix=LANEMASK
// RUN: not %hipcc-check %t.lanemask.hip -DUSE_LANEMASK
#include <cuda_runtime.h>

__global__ void vote(unsigned *out) {
#if __CUDACC_VER_MAJOR__ >= 9
  unsigned active = __activemask();
#else
  unsigned active = 0xffffffffu;
#endif
#if defined(__NVCC__) && __CUDACC_VER_MINOR__ > 0
  active &= __activemask();
#elif !defined(__NVCC__)
  active |= 1u;
#else
  active = __activemask();
#endif
#if defined(USE_LANEMASK) && !defined(__NVCC__)
  active &= __activemask();
#endif
  out[threadIdx.x] = active;
}

// HIP:      {{^}}// musify-unsupported: '__CUDACC_VER_MAJOR__' has no HIP equivalent: nvcc version macro{{.*}}
// HIP-NEXT: {{^}}#if __CUDACC_VER_MAJOR__ >= 9
// HIP-NEXT: {{^}}  // musify-unsupported: '__activemask' has no HIP equivalent: {{.*}}the HIP compiler does not compile this branch{{.*}}
// HIP-NEXT: {{^}}  unsigned active = __activemask();
// HIP-NEXT: #else
// HIP-NEXT:   unsigned active = 0xffffffffu;
// REPORT:      True
// REPORT-NEXT: 21 __CUDACC_VER_MAJOR__ unsupported HIP_VERSION_MAJOR counts HIP releases, not a comparable compiler version
// REPORT-NEXT: 22 __activemask unsupported the HIP compiler does not compile this branch, by #if __CUDACC_VER_MAJOR__ >= 9 (CUDA's macros it leaves undefined read as 0, architecture levels as on every HIP GPU and as 0 on the host)
// REPORT-NEXT: 27 __activemask unsupported no HIP version is known to declare __activemask
// REPORT-NEXT: 31 __activemask unsupported no HIP version is known to declare __activemask
// REPORT-NEXT: 34 __activemask unsupported no HIP version is known to declare __activemask
// LANEMASK:      False
// LANEMASK-NEXT: 34 unsupported __activemask
// REQUIRES: compilers
