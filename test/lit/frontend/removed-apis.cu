// Code written for CUDA before 13 uses what CUDA 13 removed: texture
// references, cudaThreadSynchronize, cudaMemAdvise and cudaMemPrefetchAsync
// with a device number, cudaLaunchParams. nvcc 13 rejects this file, by
// design; musify still parses it, migrates it and says "removed in CUDA".
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s --check-prefix=MUSA
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; r = json.load(open('%t.json')); print(r['totals']['files_without_semantics']); [print(e['cuda'], e['status'], e.get('cuda_status', '-')) for e in r['files'][0]['references'] if e.get('cuda_status')]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>

texture<float, 2, cudaReadModeElementType> heightmap;
texture<uchar4, 1, cudaReadModeNormalizedFloat> palette;

__global__ void shade(float4 *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h)
    out[y * w + x] = tex1Dfetch(palette, (int)tex2D(heightmap, x + 0.5f, y + 0.5f));
}

int upload(cudaArray_t heights, const uchar4 *colors, size_t count, float *managed, size_t bytes) {
  cudaBindTextureToArray(heightmap, heights);
  cudaBindTexture(nullptr, palette, colors, count * sizeof(uchar4));
  cudaMemAdvise(managed, bytes, cudaMemAdviseSetReadMostly, 0);
  cudaMemPrefetchAsync(managed, bytes, 0);
  cudaLaunchParams params = {};
  (void)params;
  cudaThreadSynchronize();
  return cudaUnbindTexture(palette) == cudaSuccess;
}
// MUSA: texture<float, 2, musaReadModeElementType> heightmap;
// MUSA: musaBindTextureToArray(heightmap, heights);
// MUSA: musaMemAdvise(managed, bytes, musaMemAdviseSetReadMostly, 0);
// MUSA: musaLaunchParams params = {};
// MUSA: musaThreadSynchronize();
// HIP: texture<float, 2, hipReadModeElementType> heightmap;
// HIP: hipDeviceSynchronize();

// DIAG: removed-apis.cu:11:1: warning: 'texture' was removed in CUDA 12.0; kept as it is
// DIAG: removed-apis.cu:27:3: warning: 'cudaThreadSynchronize' was removed in CUDA 13.0; migrated to 'musaThreadSynchronize'

// REPORT: 0
// REPORT: texture kept removed
// REPORT: cudaLaunchParams migrated removed
// REPORT: cudaThreadSynchronize migrated removed
