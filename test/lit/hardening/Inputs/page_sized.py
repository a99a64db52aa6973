"""Writes a CUDA unit of exactly SIZE bytes (a multiple of the page size):
an #include, a device-only branch with a CUDA name, and a comment to pad."""
import sys

path, size = sys.argv[1], int(sys.argv[2])
text = ("#include <cstdio>\n#include <cuda_runtime.h>\n__global__ void k(float *p) {\n"
        "#ifdef __CUDA_ARCH__\n  p[0] = __shfl_sync(0xffffffff, p[0], 0);\n#endif\n}\n"
        "int main() { return cudaDeviceSynchronize(); }\n")
text += "//" + "x" * (size - len(text) - 3) + "\n"
assert len(text) == size
with open(path, "w", newline="\n") as f:
    f.write(text)
