// musify's nvcc-compatibility prelude. Force-included when musify parses CUDA,
// after Clang's CUDA runtime wrapper; never copied into any output.
//
// Clang's CUDA support is thinner than nvcc's in places real code relies on.
// Each block below stands for one nvcc behaviour, declares just enough for the
// code to parse (declarations only: nothing here is ever compiled into a
// program), and says which behaviour it is. Names declared here count as SDK
// names, so the rule tables decide what they become.
#pragma once

#if defined(__CUDA__) && defined(__cplusplus)

namespace __musify {
template <typename T> struct identity {
  typedef T type;
};
} // namespace __musify

// --- nvcc: cuda_runtime.h includes crt/common_functions.h, which includes
// --- <string.h> and <time.h> for host code too, so CUDA code calls clock()
// --- or memset() and uses CLOCKS_PER_SEC without including them (Clang's
// --- wrapper does not, and its device-only clock() then hides the host one).
#include <string.h>
#include <time.h>

// --- nvcc: crt/math_functions.hpp gives host code the integer and mixed
// --- min/max overloads (Clang declares them for the device only).
#define __MUSIFY_MINMAX(R, A, B)                                                         \
  __host__ R min(A, B);                                                                  \
  __host__ R max(A, B);
__MUSIFY_MINMAX(int, int, int)
__MUSIFY_MINMAX(unsigned int, unsigned int, unsigned int)
__MUSIFY_MINMAX(unsigned int, int, unsigned int)
__MUSIFY_MINMAX(unsigned int, unsigned int, int)
__MUSIFY_MINMAX(long, long, long)
__MUSIFY_MINMAX(unsigned long, unsigned long, unsigned long)
__MUSIFY_MINMAX(unsigned long, long, unsigned long)
__MUSIFY_MINMAX(unsigned long, unsigned long, long)
__MUSIFY_MINMAX(long long, long long, long long)
__MUSIFY_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__MUSIFY_MINMAX(unsigned long long, long long, unsigned long long)
__MUSIFY_MINMAX(unsigned long long, unsigned long long, long long)
__MUSIFY_MINMAX(float, float, float)
__MUSIFY_MINMAX(double, double, double)
__MUSIFY_MINMAX(double, float, double)
__MUSIFY_MINMAX(double, double, float)
#undef __MUSIFY_MINMAX

// --- nvcc: crt/math_functions.hpp makes the classification functions
// --- callable unqualified from host code (Clang: device only). Templates,
// --- so that <math.h>'s `using std::isfinite` neither conflicts nor loses.
#define __MUSIFY_CLASSIFY(name) template <typename T> __host__ bool name(T);
__MUSIFY_CLASSIFY(isfinite)
__MUSIFY_CLASSIFY(isinf)
__MUSIFY_CLASSIFY(isnan)
__MUSIFY_CLASSIFY(signbit)
#undef __MUSIFY_CLASSIFY

// --- nvcc: sm_32_intrinsics.h declares the cache-hint loads and stores for
// --- every scalar and vector type; Clang skips that header.
#define __MUSIFY_LOAD(name) template <typename T> __device__ T name(const T *ptr);
#define __MUSIFY_STORE(name)                                                             \
  template <typename T>                                                                  \
  __device__ void name(T *ptr, typename __musify::identity<T>::type value);
__MUSIFY_LOAD(__ldcg)
__MUSIFY_LOAD(__ldca)
__MUSIFY_LOAD(__ldcs)
__MUSIFY_LOAD(__ldlu)
__MUSIFY_LOAD(__ldcv)
__MUSIFY_STORE(__stwb)
__MUSIFY_STORE(__stcg)
__MUSIFY_STORE(__stcs)
__MUSIFY_STORE(__stwt)
#undef __MUSIFY_LOAD
#undef __MUSIFY_STORE

// --- nvcc: surface_functions.h declares the surface object reads and
// --- writes; Clang's wrapper does not include it.
#define __MUSIFY_SURF_MODE cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap
template <typename T>
__device__ void surf1Dread(T *, cudaSurfaceObject_t, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surf1Dread(cudaSurfaceObject_t, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf2Dread(T *, cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surf2Dread(cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf3Dread(T *, cudaSurfaceObject_t, int, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surf3Dread(cudaSurfaceObject_t, int, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf1DLayeredread(T *, cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surf1DLayeredread(cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf2DLayeredread(T *, cudaSurfaceObject_t, int, int, int,
                                  __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surf2DLayeredread(cudaSurfaceObject_t, int, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surfCubemapread(T *, cudaSurfaceObject_t, int, int, int,
                                __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surfCubemapread(cudaSurfaceObject_t, int, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surfCubemapLayeredread(T *, cudaSurfaceObject_t, int, int, int,
                                       __MUSIFY_SURF_MODE);
template <typename T>
__device__ T surfCubemapLayeredread(cudaSurfaceObject_t, int, int, int,
                                    __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf1Dwrite(T, cudaSurfaceObject_t, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf2Dwrite(T, cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf3Dwrite(T, cudaSurfaceObject_t, int, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf1DLayeredwrite(T, cudaSurfaceObject_t, int, int, __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surf2DLayeredwrite(T, cudaSurfaceObject_t, int, int, int,
                                   __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surfCubemapwrite(T, cudaSurfaceObject_t, int, int, int,
                                 __MUSIFY_SURF_MODE);
template <typename T>
__device__ void surfCubemapLayeredwrite(T, cudaSurfaceObject_t, int, int, int,
                                        __MUSIFY_SURF_MODE);
#undef __MUSIFY_SURF_MODE

// --- Code written for CUDA before 13: the runtime functions and types
// --- CUDA 13 removed. The rule tables mark them removed, so the report
// --- says so; declaring them lets such code parse and migrate.
extern __host__ cudaError_t cudaThreadExit(void);
extern __host__ cudaError_t cudaThreadSynchronize(void);
extern __host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
extern __host__ cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
extern __host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
extern __host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
// CUDA 13 takes a cudaMemLocation where older CUDA took a device number.
extern __host__ cudaError_t cudaMemAdvise(const void *ptr, size_t count,
                                          enum cudaMemoryAdvise advice, int device);
extern __host__ cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count,
                                                 int device, cudaStream_t stream = 0);
struct cudaLaunchParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};
extern __host__ cudaError_t
cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList,
                                       unsigned int numDevices, unsigned int flags = 0);

// Texture and surface references (removed in CUDA 12).
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};
struct surfaceReference {
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : public textureReference {
  texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
          enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
  texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
          struct cudaChannelFormatDesc desc);
};
template <class T, int dim = 1> struct surface : public surfaceReference {
  surface();
  surface(struct cudaChannelFormatDesc desc);
};

namespace __musify {
// What a texture fetch returns: the element type, or for normalized reads of
// 8- and 16-bit integers, the float type of the same width.
template <typename T, enum cudaTextureReadMode M> struct tex_result {
  typedef T type;
};
#define __MUSIFY_NORMALIZED(T, F)                                                        \
  template <> struct tex_result<T, cudaReadModeNormalizedFloat> {                        \
    typedef F type;                                                                      \
  };
#define __MUSIFY_NORMALIZED_VECTORS(P)                                                   \
  __MUSIFY_NORMALIZED(P##1, float1)                                                      \
  __MUSIFY_NORMALIZED(P##2, float2)                                                      \
  __MUSIFY_NORMALIZED(P##4, float4)
__MUSIFY_NORMALIZED(char, float)
__MUSIFY_NORMALIZED(signed char, float)
__MUSIFY_NORMALIZED(unsigned char, float)
__MUSIFY_NORMALIZED(short, float)
__MUSIFY_NORMALIZED(unsigned short, float)
__MUSIFY_NORMALIZED_VECTORS(char)
__MUSIFY_NORMALIZED_VECTORS(uchar)
__MUSIFY_NORMALIZED_VECTORS(short)
__MUSIFY_NORMALIZED_VECTORS(ushort)
#undef __MUSIFY_NORMALIZED_VECTORS
#undef __MUSIFY_NORMALIZED
} // namespace __musify
#define __MUSIFY_TEX(dim) texture<T, dim, M>
#define __MUSIFY_TEX_RESULT typename __musify::tex_result<T, M>::type
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex1Dfetch(__MUSIFY_TEX(cudaTextureType1D), int);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex1D(__MUSIFY_TEX(cudaTextureType1D), float);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex2D(__MUSIFY_TEX(cudaTextureType2D), float, float);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex3D(__MUSIFY_TEX(cudaTextureType3D), float, float,
                                     float);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex1DLayered(__MUSIFY_TEX(cudaTextureType1DLayered), float,
                                            int);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex2DLayered(__MUSIFY_TEX(cudaTextureType2DLayered), float,
                                            float, int);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT texCubemap(__MUSIFY_TEX(cudaTextureTypeCubemap), float,
                                          float, float);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex1DLod(__MUSIFY_TEX(cudaTextureType1D), float, float);
template <class T, enum cudaTextureReadMode M>
__device__ __MUSIFY_TEX_RESULT tex2DLod(__MUSIFY_TEX(cudaTextureType2D), float, float,
                                        float);
#undef __MUSIFY_TEX
#undef __MUSIFY_TEX_RESULT

extern __host__ cudaError_t cudaBindTexture(size_t *offset,
                                            const struct textureReference *texref,
                                            const void *devPtr,
                                            const struct cudaChannelFormatDesc *desc,
                                            size_t size = ~size_t(0));
extern __host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                              const struct textureReference *texref,
                                              const void *devPtr,
                                              const struct cudaChannelFormatDesc *desc,
                                              size_t width, size_t height, size_t pitch);
extern __host__ cudaError_t
cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                       const struct cudaChannelFormatDesc *desc);
extern __host__ cudaError_t cudaBindTextureToMipmappedArray(
    const struct textureReference *texref, cudaMipmappedArray_const_t mipmappedArray,
    const struct cudaChannelFormatDesc *desc);
extern __host__ cudaError_t cudaUnbindTexture(const struct textureReference *texref);
extern __host__ cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref);
extern __host__ cudaError_t
cudaGetTextureReference(const struct textureReference **texref, const void *symbol);
extern __host__ cudaError_t
cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array,
                       const struct cudaChannelFormatDesc *desc);
extern __host__ cudaError_t
cudaGetSurfaceReference(const struct surfaceReference **surfref, const void *symbol);
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, M> &tex,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc &desc,
                                     size_t size = ~size_t(0));
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, M> &tex,
                                     const void *devPtr, size_t size = ~size_t(0));
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct texture<T, dim, M> &tex,
                                       const void *devPtr,
                                       const struct cudaChannelFormatDesc &desc,
                                       size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct texture<T, dim, M> &tex,
                                       const void *devPtr, size_t width, size_t height,
                                       size_t pitch);
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, M> &tex,
                                            cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, M> &tex,
                                            cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode M>
__host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, M> &tex);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf,
                                            cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf,
                                            cudaArray_const_t array);

// --- nvcc's device compilation does not analyse host code; Clang's does, and
// --- there a launch whose configuration it cannot fold (dim3 grid(ceil(...)))
// --- looks for the old launch-configuration call, which CUDA 13 lacks.
#if defined(__CUDA_ARCH__)
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                 cudaStream_t stream = 0);
#endif

#endif // __CUDA__ && __cplusplus
