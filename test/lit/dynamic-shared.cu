// With launches written as calls, the output is meant for a compiler without
// CUDA's language extensions, and so is its dynamic shared memory: an
// `extern __shared__ T name[];` in a function becomes the target's statement
// macro, HIP_DYNAMIC_SHARED(T, name) (MUSA: MUSIFY_DYNAMIC_SHARED from
// <musify/musa_launch.h>), which is the same declaration on a GPU and what
// the HIP CPU runtime needs. Only the text around T and the name changes, so
// a type renamed inside it stays renamed; attributes (alignment) are left
// out and reported for review; a template-id's commas are protected. At
// file scope, where a statement cannot stand, and where a macro writes it,
// the declaration stays and is reported. Without --launch-as-call nothing
// changes. Both outputs build for their GPU compilers.
// RUN: %musify --launch-as-call %s -o %t.mu --report %t.mu.json 2> %t.mu.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: %python %S/Inputs/print_report.py %t.mu.json | FileCheck %s --check-prefix=REPORT-MUSA
// RUN: %musa-check %t.mu
// RUN: %musify --target=hip --launch-as-call %s -o %t.hip --report %t.hip.json 2> %t.hip.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG-HIP < %t.hip.err
// RUN: %python %S/Inputs/print_report.py %t.hip.json | FileCheck %s --check-prefix=REPORT-HIP
// RUN: %python %S/Inputs/validate_report.py %S/../../docs/report.schema.json %t.mu.json %t.hip.json | FileCheck %s --check-prefix=VALID
// RUN: %hipcc-check %t.hip
// RUN: %musify --target=hip %s -o %t.plain.hip --report %t.plain.json 2> /dev/null
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not='{{^ +}}HIP_DYNAMIC_SHARED' < %t.plain.hip
// RUN: %python %S/Inputs/print_report.py %t.plain.json | FileCheck %s --check-prefix=REPORT-PLAIN
#include <cuComplex.h>

#define SHARED_ARRAY(T, name) extern __shared__ T name[]

template <typename A, typename B> struct Pair { A a; B b; };

extern __shared__ unsigned char fileScope[];

__global__ void plain(float *out) {
  extern __shared__ float sdata[];
  sdata[threadIdx.x] = out[threadIdx.x] + fileScope[0];
  out[threadIdx.x] = sdata[threadIdx.x];
}

template <typename T> struct SharedMemory {
  __device__ T *getPointer() {
    extern __shared__ T tdata[];
    return tdata;
  }
};

__global__ void aligned(float4 *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  extern __shared__ float after[] __attribute__((aligned(8)));
  out[0] = reinterpret_cast<float4 *>(smem)[0];
  out[1].x = after[0];
}

__global__ void others(double *out) {
  extern double __shared__ reordered[];
  extern __shared__ Pair<int, float> pairs[];
  extern __shared__ cuComplex complexes[];
  SHARED_ARRAY(int, viaMacro);
  out[0] = reordered[0] + pairs[0].b + complexes[0].x + viaMacro[0];
}

// A header may define a storage class as itself (glext.h does).
#define extern extern
__global__ void firstWords(bool *out) {
  __shared__ extern float first[];
  extern __shared__ float redefined[];
  SHARED_ARRAY(bool, flags);
  out[0] = first[0] + redefined[0] + flags[0];
}

template <typename T> __global__ void templated(T *out) {
  SharedMemory<T> smem;
  out[threadIdx.x] = smem.getPointer()[threadIdx.x];
}

void run(float *p, float4 *q, double *d, bool *b) {
  plain<<<1, 32, 32 * sizeof(float)>>>(p);
  firstWords<<<1, 1, 16>>>(b);
  aligned<<<1, 1, 32>>>(q);
  others<<<1, 1, 64>>>(d);
  templated<float><<<1, 32, 128>>>(p);
}
// MUSA:      {{^}}#include <musify/musa_launch.h>
// MUSA:      {{^}}extern __shared__ unsigned char fileScope[];
// MUSA:      {{^}}  MUSIFY_DYNAMIC_SHARED(float, sdata);
// MUSA:      {{^}}    MUSIFY_DYNAMIC_SHARED(T, tdata);
// MUSA:      {{^}}  // musify-review: 'extern __shared__ unsigned char smem[]' became 'MUSIFY_DYNAMIC_SHARED': its attributes (__align__(16)) are left out{{.*}}
// MUSA-NEXT: {{^}}  MUSIFY_DYNAMIC_SHARED(unsigned char, smem);
// MUSA-NEXT: {{^}}  // musify-review: 'extern __shared__ float after[]' became 'MUSIFY_DYNAMIC_SHARED'{{.*}}
// MUSA-NEXT: {{^}}  MUSIFY_DYNAMIC_SHARED(float, after);
// MUSA:      {{^}}  MUSIFY_DYNAMIC_SHARED(double, reordered);
// MUSA-NEXT: {{^}}  MUSIFY_DYNAMIC_SHARED(MUSIFY_KERNEL_NAME(Pair<int, float>), pairs);
// MUSA-NEXT: {{^}}  MUSIFY_DYNAMIC_SHARED(muComplex, complexes);
// MUSA-NEXT: {{^}}  // musify-unsupported: 'extern __shared__ int viaMacro[]' has no MUSA equivalent: the declaration is written by a macro{{.*}}
// MUSA-NEXT: {{^}}  SHARED_ARRAY(int, viaMacro);
// MUSA:      {{^}}  MUSIFY_DYNAMIC_SHARED(float, first);
// MUSA-NEXT: {{^}}  MUSIFY_DYNAMIC_SHARED(float, redefined);

// REPORT-MUSA:      31:1 extern __shared__ unsigned char fileScope[] -> extern __shared__ unsigned char fileScope[] kind=dynamic-shared family=launch status=unsupported evidence=declaration note=dynamic shared memory declared at file scope, where MUSIFY_DYNAMIC_SHARED, a statement, cannot stand
// REPORT-MUSA:      34:3 extern __shared__ float sdata[] -> MUSIFY_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration{{$}}
// REPORT-MUSA:      41:5 extern __shared__ T tdata[] -> MUSIFY_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration{{$}}
// REPORT-MUSA:      47:3 extern __shared__ unsigned char smem[] -> MUSIFY_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration note=its attributes (__align__(16)) are left out

// HIP:       {{^}}extern __shared__ unsigned char fileScope[];
// HIP:       {{^}}  HIP_DYNAMIC_SHARED(float, sdata);
// HIP:       {{^}}    HIP_DYNAMIC_SHARED(T, tdata);
// HIP:       {{^}}  HIP_DYNAMIC_SHARED(unsigned char, smem);
// HIP-NEXT:  {{^}}  // musify-review: 'extern __shared__ float after[]' became 'HIP_DYNAMIC_SHARED'{{.*}}
// HIP-NEXT:  {{^}}  HIP_DYNAMIC_SHARED(float, after);
// HIP:       {{^}}  HIP_DYNAMIC_SHARED(double, reordered);
// HIP-NEXT:  {{^}}  HIP_DYNAMIC_SHARED(HIP_KERNEL_NAME(Pair<int, float>), pairs);
// HIP-NEXT:  {{^}}  HIP_DYNAMIC_SHARED(hipComplex, complexes);
// HIP-NEXT:  {{^}}  // musify-unsupported: 'extern __shared__ int viaMacro[]' has no HIP equivalent{{.*}}
// HIP-NEXT:  {{^}}  SHARED_ARRAY(int, viaMacro);
// HIP:       {{^}}  HIP_DYNAMIC_SHARED(float, first);
// HIP-NEXT:  {{^}}  HIP_DYNAMIC_SHARED(float, redefined);
// HIP-NEXT:  {{^}}  // musify-unsupported: 'extern __shared__ bool flags[]' has no HIP equivalent{{.*}}
// HIP-NEXT:  {{^}}  SHARED_ARRAY(bool, flags);
// HIP:       {{^}}  hipLaunchKernelGGL(plain, dim3(1), dim3(32), 32 * sizeof(float), 0, p);

// DIAG-HIP: dynamic-shared.cu:31:1: warning: 'extern __shared__ unsigned char fileScope[]' has no HIP equivalent: dynamic shared memory declared at file scope, where HIP_DYNAMIC_SHARED, a statement, cannot stand
// DIAG-HIP: dynamic-shared.cu:47:3: warning: 'extern __shared__ unsigned char smem[]' became 'HIP_DYNAMIC_SHARED': its attributes (__align__(16)) are left out{{.*}}[musify-review]
// DIAG-HIP: dynamic-shared.cu:48:3: warning: 'extern __shared__ float after[]' became 'HIP_DYNAMIC_SHARED': its attributes (__attribute__((aligned(8)))) are left out
// DIAG-HIP: dynamic-shared.cu:57:3: warning: 'extern __shared__ int viaMacro[]' has no HIP equivalent: the declaration is written by a macro

// REPORT-HIP:      31:1 extern __shared__ unsigned char fileScope[] -> extern __shared__ unsigned char fileScope[] kind=dynamic-shared family=launch status=unsupported
// REPORT-HIP:      54:3 extern __shared__ double reordered[] -> HIP_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration{{$}}
// REPORT-HIP:      55:3 extern __shared__ Pair<int, float> pairs[] -> HIP_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration{{$}}
// REPORT-HIP:      56:3 extern __shared__ cuComplex complexes[] -> HIP_DYNAMIC_SHARED kind=dynamic-shared family=launch status=migrated evidence=declaration{{$}}
// REPORT-HIP:      56:21 cuComplex -> hipComplex kind=type
// REPORT-HIP:      57:3 extern __shared__ int viaMacro[] -> extern __shared__ int viaMacro[] kind=dynamic-shared family=launch status=unsupported evidence=declaration note=the declaration is written by a macro
// REPORT-HIP:      66:3 extern __shared__ bool flags[] -> extern __shared__ bool flags[] kind=dynamic-shared family=launch status=unsupported

// VALID: dynamic-shared.cu.tmp.mu.json: valid
// VALID: dynamic-shared.cu.tmp.hip.json: valid

// PLAIN: {{^}}  extern __shared__ float sdata[];
// PLAIN: {{^}}  plain<<<1, 32, 32 * sizeof(float)>>>(p);
// REPORT-PLAIN-NOT: kind=dynamic-shared
