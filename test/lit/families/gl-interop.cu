// OpenGL interoperability (cuda_gl_interop.h): a buffer object shared with a
// kernel. HIP declares the calls (HIP 5.2 in hip/hip_runtime_api.h, which
// hip/hip_runtime.h includes; from HIP 5.5 in hip/hip_gl_interop.h, which
// --hip-version=6.3 writes). The deprecated buffer-object calls
// (cudaGLSetGLDevice, cudaGLMapBufferObject), cudaGraphicsResourceSetMapFlags
// and its map flags have no HIP name: reported (the builds leave them out with
// MUSIFY_BUILDS). MUSA keeps the runtime's naming (musa_gl_interop.h,
// musaGraphicsGLRegisterBuffer). Both outputs build against the real GL
// headers (libgl-dev): HIP with hipcc, MUSA with nvcc through runtime/include.
// rulegen reads GL/gl.h's two types from a stub, so the tables do not depend
// on the GL headers installed.
//
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --check-prefix=HIP-DIAG < %t.hip.err
// RUN: %musify --target=hip --hip-version=6.3 %s -o %t.63.hip 2>/dev/null
// RUN: FileCheck %s --check-prefix=HIP63 < %t.63.hip
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: %hipcc-check -DMUSIFY_BUILDS %t.hip
// RUN: %musa-check -DMUSIFY_BUILDS %t.mu
#include <GL/gl.h>
#include <cuda_runtime.h>
#include <cuda_gl_interop.h>

__global__ void fill(float *p) { p[threadIdx.x] = 1.0f; }

int share(GLuint vbo, GLuint texture) {
  cudaGraphicsResource *res = nullptr, *image = nullptr;
  unsigned int count = 0;
  int devices[4];
  if (cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll) != cudaSuccess)
    return 1;
  cudaGraphicsGLRegisterBuffer(&res, vbo, cudaGraphicsRegisterFlagsWriteDiscard);
  cudaGraphicsGLRegisterImage(&image, texture, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsNone);
  cudaGraphicsMapResources(1, &res, 0);
  float *p = nullptr;
  size_t bytes = 0;
  cudaGraphicsResourceGetMappedPointer((void **)&p, &bytes, res);
  fill<<<1, 32>>>(p);
  cudaGraphicsUnmapResources(1, &res, 0);
#ifndef MUSIFY_BUILDS
  cudaGLSetGLDevice(0);
  cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly);
#endif
  cudaGraphicsUnregisterResource(image);
  return cudaGraphicsUnregisterResource(res) != cudaSuccess;
}

// HIP:      #include <GL/gl.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP:      hipGraphicsResource *res = nullptr, *image = nullptr;
// HIP:      if (hipGLGetDevices(&count, devices, 4, hipGLDeviceListAll) != hipSuccess)
// HIP:      hipGraphicsGLRegisterBuffer(&res, vbo, hipGraphicsRegisterFlagsWriteDiscard);
// HIP-NEXT: hipGraphicsGLRegisterImage(&image, texture, GL_TEXTURE_2D, hipGraphicsRegisterFlagsNone);
// HIP:      hipGraphicsUnmapResources(1, &res, 0);
// HIP-NEXT: #ifndef MUSIFY_BUILDS
// HIP-NEXT:   cudaGLSetGLDevice(0);
// HIP-NEXT:   cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly);
// HIP:      return hipGraphicsUnregisterResource(res) != hipSuccess;
// HIP-DIAG: warning: 'cudaGLSetGLDevice' has no HIP equivalent: deprecated since CUDA 10.0 [musify-unsupported]
// HIP-DIAG: warning: 'cudaGraphicsResourceSetMapFlags' has no HIP equivalent: left as it is, for a person to rewrite [musify-unsupported]
// HIP-DIAG: warning: 'cudaGraphicsMapFlagsReadOnly' has no HIP equivalent: left as it is, for a person to rewrite [musify-unsupported]
// HIP63:      #include <hip/hip_runtime.h>
// HIP63-NEXT: #include <hip/hip_gl_interop.h>
// MUSA:      #include <GL/gl.h>
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-NEXT: #include <musa_gl_interop.h>
// MUSA:      if (musaGLGetDevices(&count, devices, 4, musaGLDeviceListAll) != musaSuccess)
// MUSA:      musaGraphicsGLRegisterBuffer(&res, vbo, musaGraphicsRegisterFlagsWriteDiscard);
// MUSA-NEXT: musaGraphicsGLRegisterImage(&image, texture, GL_TEXTURE_2D, musaGraphicsRegisterFlagsNone);
// MUSA:      musaGLSetGLDevice(0);
// MUSA-NEXT: musaGraphicsResourceSetMapFlags(res, musaGraphicsMapFlagsReadOnly);
