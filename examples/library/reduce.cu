// Sum of an array: block sums on the device, the rest on the host.
#include "kernels.cuh"

#include <vector>

double sum_on_device(const float *x, int n) {
  int blocks = (n + kBlock - 1) / kBlock;
  float *dx, *dsums;
  LIB_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  LIB_CHECK(cudaMalloc(&dsums, blocks * sizeof(float)));
  LIB_CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
  block_sums<<<blocks, kBlock>>>(dx, dsums, n);
  LIB_CHECK(cudaGetLastError());
  std::vector<float> sums(blocks);
  LIB_CHECK(cudaMemcpy(sums.data(), dsums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  LIB_CHECK(cudaFree(dx));
  LIB_CHECK(cudaFree(dsums));
  double total = 0;
  for (float s : sums)
    total += s;
  return total;
}
