// Host code in src/ that includes <layout/api.cuh> from include/.
#include <layout/api.cuh>

cudaError_t layout_stream_roundtrip(cudaStream_t *stream) {
  cudaError_t status = cudaStreamCreateWithFlags(stream, cudaStreamNonBlocking);
  if (status != cudaSuccess)
    return status;
  return kLayoutAnswer == 42 ? cudaStreamDestroy(*stream) : cudaErrorUnknown;
}
