// musify/musa_launch.h: the launch call of migrated MUSA code. With
// --launch-as-call, musify writes kernel<<<g, b, s, q>>>(args) as
// musifyLaunchKernelGGL(kernel, dim3(g), dim3(b), s, q, args) (a kernel
// name holding a comma in MUSIFY_KERNEL_NAME(...)), and dynamic shared memory
// declared in a function, extern __shared__ T var[];, as
// MUSIFY_DYNAMIC_SHARED(T, var); (a T holding a comma in MUSIFY_KERNEL_NAME),
// and includes this header where it does. Under a CUDA-like compiler (mcc on
// MUSA, nvcc through the portability layer) the call is the <<<>>> launch
// again and the declaration extern __shared__ again; each macro is defined
// only where nothing defined it first. Where <<<>>> is not C++ (the CPU
// flavour of the layer), the build defines musifyLaunchKernelGGL itself,
// before or after this header, as hipLaunchKernelGGL, and
// MUSIFY_DYNAMIC_SHARED before it, as HIP_DYNAMIC_SHARED.
// Build the migrated code with this header's folder on the include path.
#ifndef MUSIFY_MUSA_LAUNCH_H
#define MUSIFY_MUSA_LAUNCH_H

#if !defined(musifyLaunchKernelGGL) && (defined(__MUSACC__) || defined(__CUDACC__))
#define musifyLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)                  \
  kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)
#endif

#ifndef MUSIFY_KERNEL_NAME
#define MUSIFY_KERNEL_NAME(...) __VA_ARGS__
#endif

#ifndef MUSIFY_DYNAMIC_SHARED
#define MUSIFY_DYNAMIC_SHARED(type, var) extern __shared__ type var[]
#endif

#endif
