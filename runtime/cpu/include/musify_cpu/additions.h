/* musify's CPU layer: HIP API that migrated programs use and the HIP CPU
 * runtime lacks, written on top of it with the behaviour of a GPU runtime
 * (runtime/cpu/README.md). Nothing here changes what a kernel computes. */
#ifndef MUSIFY_CPU_ADDITIONS_H_
#define MUSIFY_CPU_ADDITIONS_H_

#include <cstdint>
#include <cstring>

/* hipGetDeviceProperties reports the host's SIMD width as the warp size,
 * while kernels run with warpSize lanes (64): the property says what the
 * kernels see, as on a GPU. Defined before the macro below renames calls. */
inline hipError_t musify_cpu_hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  hipError_t status = hipGetDeviceProperties(prop, device);
  if (status == hipSuccess)
    prop->warpSize = warpSize;
  return status;
}
#define hipGetDeviceProperties musify_cpu_hipGetDeviceProperties

enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
};

/* The attributes hipDeviceGetAttribute answers, from the device's
 * properties. The CPU's memory is the device's: managed and pageable memory
 * are accessible from both sides at once. */
enum hipDeviceAttribute_t {
  hipDeviceAttributeClockRate,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeEccEnabled,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeWarpSize
};

namespace musify_cpu {
/* The value of Attr for the device described by P; false for an attribute
 * the CPU runtime has no answer for. */
inline bool deviceAttribute(const hipDeviceProp_t &P, hipDeviceAttribute_t Attr, int &Value) {
  switch (Attr) {
  case hipDeviceAttributeClockRate: Value = P.clockRate; return true;
  case hipDeviceAttributeComputeCapabilityMajor: Value = P.major; return true;
  case hipDeviceAttributeComputeCapabilityMinor: Value = P.minor; return true;
  case hipDeviceAttributeComputeMode: Value = P.computeMode; return true;
  case hipDeviceAttributeConcurrentKernels: Value = P.concurrentKernels; return true;
  case hipDeviceAttributeCooperativeLaunch: Value = P.cooperativeLaunch; return true;
  case hipDeviceAttributeCooperativeMultiDeviceLaunch:
    Value = P.cooperativeMultiDeviceLaunch;
    return true;
  case hipDeviceAttributeEccEnabled: Value = P.ECCEnabled; return true;
  case hipDeviceAttributeIntegrated: Value = P.integrated; return true;
  case hipDeviceAttributeKernelExecTimeout: Value = P.kernelExecTimeoutEnabled; return true;
  case hipDeviceAttributeL2CacheSize: Value = P.l2CacheSize; return true;
  case hipDeviceAttributeMaxBlockDimX: Value = P.maxThreadsDim[0]; return true;
  case hipDeviceAttributeMaxBlockDimY: Value = P.maxThreadsDim[1]; return true;
  case hipDeviceAttributeMaxBlockDimZ: Value = P.maxThreadsDim[2]; return true;
  case hipDeviceAttributeMaxGridDimX: Value = P.maxGridSize[0]; return true;
  case hipDeviceAttributeMaxGridDimY: Value = P.maxGridSize[1]; return true;
  case hipDeviceAttributeMaxGridDimZ: Value = P.maxGridSize[2]; return true;
  case hipDeviceAttributeMaxRegistersPerBlock: Value = P.regsPerBlock; return true;
  case hipDeviceAttributeMaxSharedMemoryPerBlock:
    Value = static_cast<int>(P.sharedMemPerBlock);
    return true;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    Value = static_cast<int>(P.maxSharedMemoryPerMultiProcessor);
    return true;
  case hipDeviceAttributeMaxThreadsPerBlock: Value = P.maxThreadsPerBlock; return true;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor:
    Value = P.maxThreadsPerMultiProcessor;
    return true;
  case hipDeviceAttributeMemoryBusWidth: Value = P.memoryBusWidth; return true;
  case hipDeviceAttributeMemoryClockRate: Value = P.memoryClockRate; return true;
  case hipDeviceAttributeMultiprocessorCount: Value = P.multiProcessorCount; return true;
  case hipDeviceAttributePciBusId: Value = P.pciBusID; return true;
  case hipDeviceAttributePciDeviceId: Value = P.pciDeviceID; return true;
  case hipDeviceAttributePciDomainID: Value = P.pciDomainID; return true;
  case hipDeviceAttributeTotalConstantMemory: Value = static_cast<int>(P.totalConstMem); return true;
  case hipDeviceAttributeWarpSize: Value = P.warpSize; return true;
  case hipDeviceAttributeConcurrentManagedAccess:
  case hipDeviceAttributeManagedMemory:
  case hipDeviceAttributePageableMemoryAccess:
  case hipDeviceAttributeUnifiedAddressing: Value = 1; return true;
  }
  return false;
}
} // namespace musify_cpu

inline hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device) {
  if (!value)
    return hipErrorInvalidValue;
  hipDeviceProp_t prop;
  if (hipError_t status = hipGetDeviceProperties(&prop, device); status != hipSuccess)
    return status;
  return musify_cpu::deviceAttribute(prop, attr, *value) ? hipSuccess : hipErrorInvalidValue;
}

/* The bit cast compare-and-swap loops on doubles use (the runtime has the
 * other direction, __longlong_as_double). */
inline long long __double_as_longlong(double x) {
  long long r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}

/* There is no profiler to start or stop: both succeed and change nothing. */
inline hipError_t hipProfilerStart() { return hipSuccess; }
inline hipError_t hipProfilerStop() { return hipSuccess; }

/* The overload GPU runtimes have for int results and default arguments. */
template <typename F>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int *grid_size, int *block_size, F f,
                                                    std::size_t dynamic_shared_memory = 0,
                                                    int block_size_limit = 0) {
  std::uint32_t grid = 0, block = 0;
  hipError_t status = hipOccupancyMaxPotentialBlockSize(
      &grid, &block, f, dynamic_shared_memory, static_cast<std::uint32_t>(block_size_limit));
  if (status == hipSuccess) {
    *grid_size = static_cast<int>(grid);
    *block_size = static_cast<int>(block);
  }
  return status;
}

/* Warp shuffles and votes numbered as on a GPU, __syncthreads_count/_and/_or. */
#include "musify_cpu/lanes.h"

#endif /* MUSIFY_CPU_ADDITIONS_H_ */
