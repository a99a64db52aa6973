// CUDA names in the template arguments and types of declarations the AST
// keeps no written form of migrate too: explicit instantiations of functions
// (`template`, `extern template`, a member function or static member of a
// class template, one a macro writes), befriended specializations and SDK
// functions, next to the forms it does keep (class and variable
// instantiations, specializations, default template arguments, alias
// templates, deduction guides). A name looked up where it is written: a
// user's own `cudaStream_t` in a namespace stays. Nothing is left behind
// that the report calls migrated, and the HIP output builds with hipcc.
// RUN: %musify %s -o %t.mu 2> %t.mu.err
// RUN: FileCheck %s --check-prefixes=CHECK,MUSA < %t.mu
// RUN: grep -v '^//' %t.mu | FileCheck %s --check-prefix=LEFT
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: FileCheck %s --check-prefixes=CHECK,HIP < %t.hip
// RUN: grep -v '^//' %t.hip | FileCheck %s --check-prefix=LEFT
// RUN: %hipcc-check -std=c++17 %t.hip
// RUN: FileCheck %s --check-prefix=DIAG --allow-empty < %t.mu.err
// RUN: FileCheck %s --check-prefix=DIAG --allow-empty < %t.hip.err
#include <cuda_bf16.h>
#include <cuda_runtime.h>

template <typename A, typename B> int run(const void *) { return sizeof(A) + sizeof(B); }
template int run<__nv_bfloat16, __nv_bfloat16>(const void *);
extern template int run<__nv_bfloat16, float>(const void *);
template <> int run<float, __nv_bfloat16>(const void *) { return 0; }

template <typename T> __global__ void fill(T *x, T v) { x[0] = v; }
template __global__ void fill(__nv_bfloat16 *, __nv_bfloat16);

template <typename T> struct Box {
  static int count;
  void put(T, cudaStream_t) {}
};
template <typename T> int Box<T>::count = 0;
template void Box<__nv_bfloat16>::put(__nv_bfloat16, cudaStream_t);
template int Box<cudaStream_t>::count;
template struct Box<cudaEvent_t>;
template <> struct Box<cudaStream_t *> { int e; };
#define INSTANTIATE(T) template void Box<T>::put(T, cudaStream_t);
INSTANTIATE(cudaError_t)

template <typename T = __nv_bfloat16> struct Default { T v; };
template <int N = cudaMemcpyHostToDevice> struct DefaultValue {};
template <typename T> using BoxOf = Box<cudaStream_t>;

class Friendly {
  friend int run<cudaStream_t, float>(const void *);
  friend cudaError_t cudaDeviceSynchronize();
};

template <typename T> struct Holder {
  Holder(T) {}
};
Holder(cudaStream_t) -> Holder<cudaStream_t>;

template <typename T> constexpr int width = sizeof(T);
template const int width<__nv_bfloat16>;

namespace user {
struct cudaStream_t {};
template <typename T> void take(T) {}
template void take<cudaStream_t>(cudaStream_t);
} // namespace user
template void user::take<::cudaStream_t>(::cudaStream_t);
// A name a line splice breaks is the name joined (once left as written).
template int run<cuda\
Event_t, float>(const void *);

// MUSA:      template int run<__mt_bfloat16, __mt_bfloat16>(const void *);
// MUSA-NEXT: extern template int run<__mt_bfloat16, float>(const void *);
// MUSA-NEXT: template <> int run<float, __mt_bfloat16>(const void *) { return 0; }
// MUSA:      template __global__ void fill(__mt_bfloat16 *, __mt_bfloat16);
// MUSA:      template void Box<__mt_bfloat16>::put(__mt_bfloat16, musaStream_t);
// MUSA-NEXT: template int Box<musaStream_t>::count;
// MUSA:      {{^}}INSTANTIATE(musaError_t)
// MUSA:      friend int run<musaStream_t, float>(const void *);
// MUSA-NEXT: friend musaError_t musaDeviceSynchronize();
// MUSA:      template const int width<__mt_bfloat16>;

// HIP:      template int run<hip_bfloat16, hip_bfloat16>(const void *);
// HIP-NEXT: extern template int run<hip_bfloat16, float>(const void *);
// HIP-NEXT: template <> int run<float, hip_bfloat16>(const void *) { return 0; }
// HIP:      template __global__ void fill(hip_bfloat16 *, hip_bfloat16);
// HIP:      template void Box<hip_bfloat16>::put(hip_bfloat16, hipStream_t);
// HIP-NEXT: template int Box<hipStream_t>::count;
// HIP:      {{^}}INSTANTIATE(hipError_t)
// HIP:      friend int run<hipStream_t, float>(const void *);
// HIP-NEXT: friend hipError_t hipDeviceSynchronize();
// HIP:      template const int width<hip_bfloat16>;

// CHECK:      struct cudaStream_t {};
// CHECK:      template void take<cudaStream_t>(cudaStream_t);
// CHECK:      template void user::take<::{{musa|hip}}Stream_t>(::{{musa|hip}}Stream_t);
// CHECK-NEXT: // A name a line splice breaks
// CHECK-NEXT: template int run<{{musa|hip}}Event_t, float>(const void *);

// DIAG-NOT: warning
// LEFT-NOT: __nv_bfloat16
