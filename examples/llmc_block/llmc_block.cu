// The forward pass of a transformer block's MLP half, in bf16, written the way
// llm.c writes its training kernels (x is the residual stream, B*T rows of C):
//   ln   = layernorm(x) * w + b    one 32-thread tile per row
//                                  (cg::thread_block_tile<32>, shfl_xor sums)
//   fc   = ln @ Wfc^T + bfc        cuBLASLt: cublasLtMatmulDescCreate with
//                                  CUBLAS_COMPUTE_32F, CUDA_R_16BF layouts and
//                                  the bias epilogue
//   fch  = gelu(fc)                tanh approximation, float math on bf16 data
//   y    = fch @ Wproj^T           cublasGemmEx on CUDA_R_16BF data,
//                                  CUBLAS_COMPUTE_32F
//   out  = x + y + bproj           residual add, two bf16 per thread
// Each stage is checked against a CPU reference computed from the GPU's own
// input to that stage, rounded to bf16 where the GPU rounds, so a tolerance of
// two bf16 ulps holds. Prints PASS when every stage matches.
#include <cooperative_groups.h>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: cuBLAS error %d\n", __FILE__, __LINE__,     \
                   int(st_));                                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

namespace cg = cooperative_groups;

typedef __nv_bfloat16 floatX;  // llm.c's name for the storage type

// Matmuls accumulate in fp32 whatever the storage type (as llm.c does).
static cublasComputeType_t cublasCompute = CUBLAS_COMPUTE_32F;
constexpr cudaDataType_t kLowp = CUDA_R_16BF;
constexpr size_t kWorkspaceBytes = 4u << 20;
constexpr int kTile = 32;
constexpr int kBlock = 128;  // 4 rows per block in layernorm

// ---------------------------------------------------------------------------
// Kernels

__device__ float tileSum(cg::thread_block_tile<kTile> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_xor(v, offset);
  return v;  // every lane holds the sum
}

// One tile per row: mean and reciprocal stddev in fp32, the normalized row in
// bf16.
__global__ void layernormForward(floatX *out, float *mean, float *rstd,
                                 const floatX *inp, const floatX *weight,
                                 const floatX *bias, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  const int row = blockIdx.x * (blockDim.x / kTile) + tile.meta_group_rank();
  if (row >= N)
    return;  // the whole tile leaves together
  const floatX *x = inp + size_t(row) * C;

  float sum = 0.0f;
  for (int i = tile.thread_rank(); i < C; i += tile.size())
    sum += __bfloat162float(x[i]);
  const float m = tileSum(tile, sum) / C;

  float sq = 0.0f;
  for (int i = tile.thread_rank(); i < C; i += tile.size()) {
    const float d = __bfloat162float(x[i]) - m;
    sq += d * d;
  }
  const float s = rsqrtf(tileSum(tile, sq) / C + 1e-5f);
  if (tile.thread_rank() == 0) {
    mean[row] = m;
    rstd[row] = s;
  }

  floatX *o = out + size_t(row) * C;
  for (int i = tile.thread_rank(); i < C; i += tile.size()) {
    const float n = s * (__bfloat162float(x[i]) - m);
    o[i] = __float2bfloat16(n * __bfloat162float(weight[i]) +
                            __bfloat162float(bias[i]));
  }
}

__host__ __device__ inline float geluTanh(float x) {
  const float kSqrt2OverPi = 0.7978845608f;
  const float cube = 0.044715f * x * x * x;
  return 0.5f * x * (1.0f + tanhf(kSqrt2OverPi * (x + cube)));
}

__global__ void geluForward(floatX *out, const floatX *inp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2bfloat16(geluTanh(__bfloat162float(inp[i])));
}

// out = inp + y + bias[column], two bf16 values per thread (C is even).
__global__ void residualBiasForward(floatX *out, const floatX *inp,
                                    const floatX *y, const floatX *bias, int N,
                                    int C) {
  const int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= N * C)
    return;
  const float2 a = __bfloat1622float2(
      *reinterpret_cast<const __nv_bfloat162 *>(inp + i));
  const float2 b = __bfloat1622float2(
      *reinterpret_cast<const __nv_bfloat162 *>(y + i));
  const float2 c = __bfloat1622float2(
      *reinterpret_cast<const __nv_bfloat162 *>(bias + i % C));
  *reinterpret_cast<__nv_bfloat162 *>(out + i) =
      __floats2bfloat162_rn(a.x + b.x + c.x, a.y + b.y + c.y);
}

// ---------------------------------------------------------------------------
// Matmuls. Row-major out[N][OC] = inp[N][C] @ weight[OC][C]^T is, in cuBLAS's
// column-major terms, out^T (OC x N) = op(weight: C x OC)^T * inp^T (C x N).

// With the bias added by cuBLASLt's epilogue, in fp32, before rounding.
static void matmulForwardLt(cublasLtHandle_t lt, void *workspace, floatX *out,
                            const floatX *inp, const floatX *weight,
                            const floatX *bias, int N, int C, int OC,
                            cudaStream_t stream) {
  cublasLtMatmulDesc_t desc;
  CUBLAS_CHECK(cublasLtMatmulDescCreate(&desc, cublasCompute, CUDA_R_32F));
  const cublasOperation_t transA = CUBLAS_OP_T, transB = CUBLAS_OP_N;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      desc, CUBLASLT_MATMUL_DESC_TRANSA, &transA, sizeof(transA)));
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      desc, CUBLASLT_MATMUL_DESC_TRANSB, &transB, sizeof(transB)));
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));

  cublasLtMatrixLayout_t weightLayout, inpLayout, outLayout;
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&weightLayout, kLowp, C, OC, C));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&inpLayout, kLowp, C, N, C));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&outLayout, kLowp, OC, N, OC));

  cublasLtMatmulPreference_t preference;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&preference));
  const size_t workspaceBytes = kWorkspaceBytes;
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
      sizeof(workspaceBytes)));
  cublasLtMatmulHeuristicResult_t heuristic;
  int found = 0;
  CUBLAS_CHECK(cublasLtMatmulAlgoGetHeuristic(
      lt, desc, weightLayout, inpLayout, outLayout, outLayout, preference, 1,
      &heuristic, &found));
  if (found == 0) {
    std::printf("llmc_block: no cuBLASLt algorithm for N=%d C=%d OC=%d FAIL\n",
                N, C, OC);
    std::exit(EXIT_FAILURE);
  }

  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasLtMatmul(lt, desc, &alpha, weight, weightLayout, inp,
                              inpLayout, &beta, out, outLayout, out, outLayout,
                              &heuristic.algo, workspace, kWorkspaceBytes,
                              stream));

  CUBLAS_CHECK(cublasLtMatmulPreferenceDestroy(preference));
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(weightLayout));
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(inpLayout));
  CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(outLayout));
  CUBLAS_CHECK(cublasLtMatmulDescDestroy(desc));
}

// Without a bias, through the classic cuBLAS API.
static void matmulForwardGemmEx(cublasHandle_t handle, floatX *out,
                                const floatX *inp, const floatX *weight, int N,
                                int C, int OC) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, OC, N, C, &alpha,
                            weight, CUDA_R_16BF, C, inp, CUDA_R_16BF, C, &beta,
                            out, CUDA_R_16BF, OC, CUBLAS_COMPUTE_32F,
                            CUBLAS_GEMM_DEFAULT));
}

// ---------------------------------------------------------------------------
// Host side

static float roundBf16(float v) {
  return __bfloat162float(__float2bfloat16(v));
}

static std::vector<floatX> randomBf16(size_t n, float scale, float offset,
                                      unsigned seed) {
  std::vector<floatX> v(n);
  for (floatX &x : v) {
    seed = seed * 1664525u + 1013904223u;
    const float u = (seed >> 8) / float(1 << 23) - 1.0f;  // [-1, 1)
    x = __float2bfloat16(offset + scale * u);
  }
  return v;
}

static std::vector<float> toFloat(const std::vector<floatX> &v) {
  std::vector<float> f(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    f[i] = __bfloat162float(v[i]);
  return f;
}

template <class T>
static T *toDevice(const std::vector<T> &h) {
  T *d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T),
                        cudaMemcpyHostToDevice));
  return d;
}

template <class T>
static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> h(n);
  CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// Largest error of got against want, in units of the tolerance
// (absTol + relTol * |want|): the stage passes below 1.
static double worst(const std::vector<float> &got,
                    const std::vector<float> &want, double absTol,
                    double relTol) {
  double w = 0.0;
  for (size_t i = 0; i < got.size(); ++i) {
    const double err = std::fabs(double(got[i]) - want[i]);
    w = std::max(w, err / (absTol + relTol * std::fabs(want[i])));
  }
  return w;
}

// Row-major out[N][OC] = inp[N][C] @ weight[OC][C]^T (+ bias), accumulated in
// double and rounded to bf16 once, as cuBLAS rounds its fp32 result.
static std::vector<float> matmulReference(const std::vector<float> &inp,
                                          const std::vector<float> &weight,
                                          const std::vector<float> *bias,
                                          int N, int C, int OC) {
  std::vector<float> out(size_t(N) * OC);
  for (int n = 0; n < N; ++n)
    for (int o = 0; o < OC; ++o) {
      double acc = bias ? (*bias)[o] : 0.0;
      for (int c = 0; c < C; ++c)
        acc += double(inp[size_t(n) * C + c]) * weight[size_t(o) * C + c];
      out[size_t(n) * OC + o] = roundBf16(float(acc));
    }
  return out;
}

int main() {
  const int B = 4, T = 32, C = 128, OC = 4 * C;
  const int N = B * T;

  // GPT-2-like initialization: matmul weights keep activations near unit size.
  const std::vector<floatX> x = randomBf16(size_t(N) * C, 1.0f, 0.1f, 7u);
  const std::vector<floatX> lnw = randomBf16(C, 0.1f, 1.0f, 11u);
  const std::vector<floatX> lnb = randomBf16(C, 0.1f, 0.0f, 13u);
  const std::vector<floatX> wfc =
      randomBf16(size_t(OC) * C, std::sqrt(3.0f / C), 0.0f, 17u);
  const std::vector<floatX> bfc = randomBf16(OC, 0.1f, 0.0f, 19u);
  const std::vector<floatX> wproj =
      randomBf16(size_t(C) * OC, std::sqrt(3.0f / OC), 0.0f, 23u);
  const std::vector<floatX> bproj = randomBf16(C, 0.1f, 0.0f, 29u);

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  cublasLtHandle_t lt;
  CUBLAS_CHECK(cublasLtCreate(&lt));
  void *workspace = nullptr;
  CUDA_CHECK(cudaMalloc(&workspace, kWorkspaceBytes));

  floatX *dX = toDevice(x), *dLnw = toDevice(lnw), *dLnb = toDevice(lnb);
  floatX *dWfc = toDevice(wfc), *dBfc = toDevice(bfc);
  floatX *dWproj = toDevice(wproj), *dBproj = toDevice(bproj);
  floatX *dLn, *dFc, *dFch, *dY, *dOut;
  float *dMean, *dRstd;
  CUDA_CHECK(cudaMalloc(&dLn, size_t(N) * C * sizeof(floatX)));
  CUDA_CHECK(cudaMalloc(&dFc, size_t(N) * OC * sizeof(floatX)));
  CUDA_CHECK(cudaMalloc(&dFch, size_t(N) * OC * sizeof(floatX)));
  CUDA_CHECK(cudaMalloc(&dY, size_t(N) * C * sizeof(floatX)));
  CUDA_CHECK(cudaMalloc(&dOut, size_t(N) * C * sizeof(floatX)));
  CUDA_CHECK(cudaMalloc(&dMean, N * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dRstd, N * sizeof(float)));

  const int rowsPerBlock = kBlock / kTile;
  layernormForward<<<(N + rowsPerBlock - 1) / rowsPerBlock, kBlock, 0,
                     stream>>>(dLn, dMean, dRstd, dX, dLnw, dLnb, N, C);
  CUDA_CHECK(cudaGetLastError());
  matmulForwardLt(lt, workspace, dFc, dLn, dWfc, dBfc, N, C, OC, stream);
  geluForward<<<(N * OC + 255) / 256, 256, 0, stream>>>(dFch, dFc, N * OC);
  CUDA_CHECK(cudaGetLastError());
  matmulForwardGemmEx(handle, dY, dFch, dWproj, N, OC, C);
  residualBiasForward<<<(N * C / 2 + 255) / 256, 256, 0, stream>>>(
      dOut, dX, dY, dBproj, N, C);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  const std::vector<float> mean = toHost(dMean, N), rstd = toHost(dRstd, N);
  const std::vector<float> ln = toFloat(toHost(dLn, size_t(N) * C));
  const std::vector<float> fc = toFloat(toHost(dFc, size_t(N) * OC));
  const std::vector<float> fch = toFloat(toHost(dFch, size_t(N) * OC));
  const std::vector<float> y = toFloat(toHost(dY, size_t(N) * C));
  const std::vector<float> out = toFloat(toHost(dOut, size_t(N) * C));

  // CPU references, each from the GPU's input to that stage.
  const std::vector<float> xf = toFloat(x), lnwf = toFloat(lnw),
                           lnbf = toFloat(lnb), wfcf = toFloat(wfc),
                           bfcf = toFloat(bfc), wprojf = toFloat(wproj),
                           bprojf = toFloat(bproj);
  std::vector<float> meanRef(N), rstdRef(N), lnRef(size_t(N) * C);
  for (int n = 0; n < N; ++n) {
    const float *row = &xf[size_t(n) * C];
    double s = 0.0, q = 0.0;
    for (int c = 0; c < C; ++c)
      s += row[c];
    const double m = s / C;
    for (int c = 0; c < C; ++c)
      q += (row[c] - m) * (row[c] - m);
    const double r = 1.0 / std::sqrt(q / C + 1e-5);
    meanRef[n] = float(m);
    rstdRef[n] = float(r);
    for (int c = 0; c < C; ++c)
      lnRef[size_t(n) * C + c] =
          roundBf16(float((row[c] - m) * r * lnwf[c] + lnbf[c]));
  }
  const std::vector<float> fcRef = matmulReference(ln, wfcf, &bfcf, N, C, OC);
  std::vector<float> fchRef(fc.size());
  for (size_t i = 0; i < fc.size(); ++i)
    fchRef[i] = roundBf16(geluTanh(fc[i]));
  const std::vector<float> yRef =
      matmulReference(fch, wprojf, nullptr, N, OC, C);
  std::vector<float> outRef(out.size());
  for (size_t i = 0; i < out.size(); ++i)
    outRef[i] = roundBf16(xf[i] + y[i] + bprojf[i % C]);

  // bf16 keeps 8 significant bits: two ulps are 2^-6 of the value.
  const double ulp2 = 1.0 / 64;
  const double errStats = std::max(worst(mean, meanRef, 1e-5, 1e-4),
                                   worst(rstd, rstdRef, 1e-5, 1e-4));
  const double errLn = worst(ln, lnRef, 1e-3, ulp2);
  const double errFc = worst(fc, fcRef, 1e-3, ulp2);
  const double errGelu = worst(fch, fchRef, 1e-3, ulp2);
  const double errProj = worst(y, yRef, 1e-3, ulp2);
  const double errOut = worst(out, outRef, 1e-3, ulp2);
  const bool ok = errStats < 1 && errLn < 1 && errFc < 1 && errGelu < 1 &&
                  errProj < 1 && errOut < 1;
  std::printf("llmc_block: N=%d C=%d OC=%d error/tolerance: stats %.2f "
              "layernorm %.2f fc %.2f gelu %.2f proj %.2f residual %.2f %s\n",
              N, C, OC, errStats, errLn, errFc, errGelu, errProj, errOut,
              ok ? "PASS" : "FAIL");

  void *buffers[] = {dX,  dLnw, dLnb, dWfc, dBfc,  dWproj, dBproj,   dLn,
                     dFc, dFch, dY,   dOut, dMean, dRstd,  workspace};
  for (void *p : buffers)
    CUDA_CHECK(cudaFree(p));
  CUBLAS_CHECK(cublasLtDestroy(lt));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
