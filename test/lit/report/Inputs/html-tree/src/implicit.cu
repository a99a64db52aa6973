// No #include: nvcc includes cuda_runtime.h in every CUDA unit by itself, so
// the migration puts the target's runtime header above the first line of code.
int main() {
  void *p;
  return cudaMalloc(&p, 16) == cudaSuccess ? 0 : 1;
}
