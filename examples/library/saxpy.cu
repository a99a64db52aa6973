// y = a * x + y for float and double, with the templated kernel.
#include "kernels.cuh"

template <typename T> void axpy_on_device(T a, const T *x, T *y, int n) {
  T *dx, *dy;
  LIB_CHECK(cudaMalloc(&dx, n * sizeof(T)));
  LIB_CHECK(cudaMalloc(&dy, n * sizeof(T)));
  LIB_CHECK(cudaMemcpy(dx, x, n * sizeof(T), cudaMemcpyHostToDevice));
  LIB_CHECK(cudaMemcpy(dy, y, n * sizeof(T), cudaMemcpyHostToDevice));
  axpy<T><<<(n + kBlock - 1) / kBlock, kBlock>>>(a, dx, dy, n);
  LIB_CHECK(cudaGetLastError());
  LIB_CHECK(cudaMemcpy(y, dy, n * sizeof(T), cudaMemcpyDeviceToHost));
  LIB_CHECK(cudaFree(dx));
  LIB_CHECK(cudaFree(dy));
}

template void axpy_on_device<float>(float, const float *, float *, int);
template void axpy_on_device<double>(double, const double *, double *, int);
