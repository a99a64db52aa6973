// Every type spelled in the code: in template arguments, casts, sizeof,
// typedefs, using-declarations, function signatures and elaborated types.
// RUN: %musify %s -- | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>
#include <vector>
#include <map>

typedef cudaStream_t stream_handle;
using event_handle = cudaEvent_t;

template <typename T> struct Pool { std::vector<T> items; };

std::map<int, cudaStream_t> by_device;
Pool<cudaEvent_t> events;

size_t props_size() { return sizeof(cudaDeviceProp) + sizeof(struct cudaPointerAttributes); }

cudaStream_t from_raw(void *raw) { return static_cast<cudaStream_t>(raw); }
cudaStream_t from_int(long raw) { return (cudaStream_t)raw; }
dim3 grid_of(int n) { return dim3(n); }
// MUSA: typedef musaStream_t stream_handle;
// MUSA: using event_handle = musaEvent_t;
// MUSA: std::map<int, musaStream_t> by_device;
// MUSA: Pool<musaEvent_t> events;
// MUSA: return sizeof(musaDeviceProp) + sizeof(struct musaPointerAttributes);
// MUSA: musaStream_t from_raw(void *raw) { return static_cast<musaStream_t>(raw); }
// MUSA: musaStream_t from_int(long raw) { return (musaStream_t)raw; }
// MUSA: dim3 grid_of(int n) { return dim3(n); }

// HIP: typedef hipStream_t stream_handle;
// HIP: using event_handle = hipEvent_t;
// HIP: std::map<int, hipStream_t> by_device;
// HIP: Pool<hipEvent_t> events;
// HIP: return sizeof(hipDeviceProp_t) + sizeof(struct hipPointerAttribute_t);
// HIP: hipStream_t from_raw(void *raw) { return static_cast<hipStream_t>(raw); }
// HIP: hipStream_t from_int(long raw) { return (hipStream_t)raw; }
// HIP: dim3 grid_of(int n) { return dim3(n); }
