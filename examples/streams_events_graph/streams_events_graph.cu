// A small fork/join pipeline run directly on two streams, then captured into
// a CUDA graph and replayed:
//   H2D copy -> { square(x) on stream A | affine(x) on stream B } -> combine
//   -> D2H copy
// The fork and join are expressed with cudaEventRecord/cudaStreamWaitEvent,
// which stream capture turns into graph edges. The graph is instantiated
// once and launched for several inputs (the pinned host buffer is refilled
// between launches). Prints PASS when the graph reproduces the direct run
// bit for bit and every replay matches the CPU.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

__global__ void square(const float *x, float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = x[i] * x[i];
}

__global__ void affine(const float *x, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = 0.5f * x[i] + 1.0f;
}

__global__ void combine(const float *a, const float *b, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a[i] - b[i];
}

struct Pipeline {
  int n;
  float *hostIn, *hostOut;  // pinned
  float *x, *a, *b, *y;     // device
  cudaStream_t sA, sB;
  cudaEvent_t forked, joined;

  // Enqueues the whole pipeline; works both eagerly and under capture.
  void enqueue() const {
    const size_t bytes = n * sizeof(float);
    const int block = 256, grid = (n + block - 1) / block;
    CUDA_CHECK(cudaMemcpyAsync(x, hostIn, bytes, cudaMemcpyHostToDevice, sA));
    CUDA_CHECK(cudaEventRecord(forked, sA));
    CUDA_CHECK(cudaStreamWaitEvent(sB, forked, 0));
    square<<<grid, block, 0, sA>>>(x, a, n);
    CUDA_CHECK(cudaGetLastError());
    affine<<<grid, block, 0, sB>>>(x, b, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(joined, sB));
    CUDA_CHECK(cudaStreamWaitEvent(sA, joined, 0));
    combine<<<grid, block, 0, sA>>>(a, b, y, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(hostOut, y, bytes, cudaMemcpyDeviceToHost, sA));
  }
};

static void fillInput(float *x, int n, int round) {
  for (int i = 0; i < n; ++i)
    x[i] = std::sin(0.001f * i + round) * (1.0f + round);
}

static int countMismatches(const float *x, const float *y, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const float ref = x[i] * x[i] - (0.5f * x[i] + 1.0f);
    if (std::fabs(y[i] - ref) > 1e-5f * (1.0f + std::fabs(ref)))
      ++bad;
  }
  return bad;
}

int main() {
  Pipeline p;
  p.n = 1 << 20;
  const size_t bytes = p.n * sizeof(float);
  CUDA_CHECK(cudaMallocHost(&p.hostIn, bytes));
  CUDA_CHECK(cudaMallocHost(&p.hostOut, bytes));
  CUDA_CHECK(cudaMalloc(&p.x, bytes));
  CUDA_CHECK(cudaMalloc(&p.a, bytes));
  CUDA_CHECK(cudaMalloc(&p.b, bytes));
  CUDA_CHECK(cudaMalloc(&p.y, bytes));
  CUDA_CHECK(cudaStreamCreateWithFlags(&p.sA, cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreateWithFlags(&p.sB, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreateWithFlags(&p.forked, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&p.joined, cudaEventDisableTiming));

  // 1) Direct execution.
  fillInput(p.hostIn, p.n, 0);
  p.enqueue();
  CUDA_CHECK(cudaStreamSynchronize(p.sA));
  std::vector<float> direct(p.hostOut, p.hostOut + p.n);
  int bad = countMismatches(p.hostIn, p.hostOut, p.n);

  // 2) Capture the same work into a graph.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CUDA_CHECK(cudaStreamBeginCapture(p.sA, cudaStreamCaptureModeGlobal));
  p.enqueue();
  CUDA_CHECK(cudaStreamEndCapture(p.sA, &graph));
  size_t nodes = 0;
  CUDA_CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));

  // 3) Replay: first on the same input (must be bit-identical), then on
  //    fresh inputs.
  std::memset(p.hostOut, 0, bytes);
  CUDA_CHECK(cudaGraphLaunch(exec, p.sA));
  CUDA_CHECK(cudaStreamSynchronize(p.sA));
  const bool sameAsDirect =
      std::memcmp(direct.data(), p.hostOut, bytes) == 0;

  const int rounds = 10;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  float totalMs = 0.0f;
  for (int r = 1; r <= rounds; ++r) {
    fillInput(p.hostIn, p.n, r);
    CUDA_CHECK(cudaEventRecord(start, p.sA));
    CUDA_CHECK(cudaGraphLaunch(exec, p.sA));
    CUDA_CHECK(cudaEventRecord(stop, p.sA));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    totalMs += ms;
    bad += countMismatches(p.hostIn, p.hostOut, p.n);
  }

  const bool ok = sameAsDirect && bad == 0 && nodes == 5;
  std::printf("streams_events_graph: %zu graph nodes, graph %s direct, "
              "%d replays avg %.3f ms, %d mismatches %s\n",
              nodes, sameAsDirect ? "==" : "!=", rounds, totalMs / rounds, bad,
              ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaEventDestroy(p.forked));
  CUDA_CHECK(cudaEventDestroy(p.joined));
  CUDA_CHECK(cudaStreamDestroy(p.sA));
  CUDA_CHECK(cudaStreamDestroy(p.sB));
  CUDA_CHECK(cudaFree(p.x));
  CUDA_CHECK(cudaFree(p.a));
  CUDA_CHECK(cudaFree(p.b));
  CUDA_CHECK(cudaFree(p.y));
  CUDA_CHECK(cudaFreeHost(p.hostIn));
  CUDA_CHECK(cudaFreeHost(p.hostOut));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
