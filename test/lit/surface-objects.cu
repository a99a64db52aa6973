// Surface object reads and writes: HIP declares surf1Dread ... surfCubemap-
// Layeredwrite with CUDA's names and byte x coordinates, so they are kept and
// the surface object type migrates. The HIP output compiles.
// RUN: %musify --target=hip %s -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>

__global__ void brighten(cudaSurfaceObject_t image, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  surf2Dread(&v, image, x * 4, blockIdx.y);
  surf2Dwrite(v + 1.0f, image, x * 4, blockIdx.y);
}

// HIP:      __global__ void brighten(hipSurfaceObject_t image, int width) {
// HIP:        surf2Dread(&v, image, x * 4, blockIdx.y);
// HIP-NEXT:   surf2Dwrite(v + 1.0f, image, x * 4, blockIdx.y);
// DIAG:       musify: 1 file to {{HIP}}: {{[0-9]+}} references: {{[0-9]+}} migrated, 0 migrated without semantics, {{[0-9]+}} kept, 0 unsupported, 0 unknown
