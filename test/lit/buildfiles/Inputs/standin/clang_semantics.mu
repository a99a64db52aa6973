// What MUSA's clang accepts with no option, and nvcc only with one:
// a constexpr host function called in a kernel, and a __device__ lambda.
#include <limits>

template <typename F> __global__ void apply(float *out, F f) { out[0] = f(out[0]); }

__global__ void lowest(float *out) { out[0] = -std::numeric_limits<float>::infinity(); }

void run(float *out) {
  apply<<<1, 1>>>(out, [] __device__(float x) { return x + 1.0f; });
  lowest<<<1, 1>>>(out);
}
