#include <cuda_runtime.h>
cudaError_t legacy_sync() { return cudaDeviceSynchronize(); }
