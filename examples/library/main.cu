// A small library in several files: checks its two entry points against the
// CPU and prints PASS or FAIL.
#include "check.cuh"

#include <cmath>
#include <vector>

template <typename T> void axpy_on_device(T a, const T *x, T *y, int n);
double sum_on_device(const float *x, int n);

int main() {
  const int n = 1 << 20;
  std::vector<float> x(n), y(n), expected(n);
  std::vector<double> xd(n), yd(n);
  for (int i = 0; i < n; ++i) {
    x[i] = std::sin(0.001f * i);
    y[i] = std::cos(0.001f * i);
    expected[i] = 2.5f * x[i] + y[i];
    xd[i] = x[i];
    yd[i] = y[i];
  }
  axpy_on_device(2.5f, x.data(), y.data(), n);
  axpy_on_device(2.5, xd.data(), yd.data(), n);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - expected[i]) > 1e-5f || std::fabs(yd[i] - expected[i]) > 1e-5)
      ++errors;

  double host = 0;
  for (int i = 0; i < n; ++i)
    host += x[i];
  double device = sum_on_device(x.data(), n);
  bool sum_ok = std::fabs(device - host) <= 1e-3 * (1.0 + std::fabs(host));

  int devices = 0;
  LIB_CHECK(cudaGetDeviceCount(&devices));
  std::printf("library: axpy %d mismatches, sum %.6f vs %.6f on %d device(s): %s\n",
              errors, device, host, devices, errors == 0 && sum_ok ? "PASS" : "FAIL");
  return errors == 0 && sum_ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
