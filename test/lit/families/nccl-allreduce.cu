// NCCL all-reduce over every GPU of one process. MUSA has MCCL (mccl.h, mccl*
// names). RCCL keeps NCCL's names, declared by <rccl/rccl.h>, so on HIP only
// the header and the runtime calls around them change; Debian does not ship
// RCCL, so the HIP output is not compiled.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda --implicit-check-not=nccl
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cuda_runtime.h>
#include <nccl.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <mccl.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <rccl/rccl.h>

// Sums `count` floats across every GPU of this process, in place.
int allreduce_all(float **buffers, size_t count, int ndev) {
  ncclComm_t comms[8];
  cudaStream_t streams[8];
  int devs[8];
  for (int i = 0; i < ndev; ++i) {
    devs[i] = i;
    cudaSetDevice(i);
    cudaStreamCreate(&streams[i]);
  }
  if (ncclCommInitAll(comms, ndev, devs) != ncclSuccess)
    return 1;
  ncclGroupStart();
  for (int i = 0; i < ndev; ++i)
    ncclAllReduce(buffers[i], buffers[i], count, ncclFloat, ncclSum, comms[i],
                  streams[i]);
  ncclResult_t result = ncclGroupEnd();
  for (int i = 0; i < ndev; ++i) {
    cudaSetDevice(i);
    cudaStreamSynchronize(streams[i]);
    cudaStreamDestroy(streams[i]);
    ncclCommDestroy(comms[i]);
  }
  return result == ncclSuccess ? 0 : 1;
}
// MUSA:      mcclComm_t comms[8];
// MUSA-NEXT: musaStream_t streams[8];
// MUSA:        musaSetDevice(i);
// MUSA-NEXT:   musaStreamCreate(&streams[i]);
// MUSA-NEXT: }
// MUSA-NEXT: if (mcclCommInitAll(comms, ndev, devs) != mcclSuccess)
// MUSA-NEXT:   return 1;
// MUSA-NEXT: mcclGroupStart();
// MUSA-NEXT: for (int i = 0; i < ndev; ++i)
// MUSA-NEXT:   mcclAllReduce(buffers[i], buffers[i], count, mcclFloat, mcclSum, comms[i],
// MUSA-NEXT:                 streams[i]);
// MUSA-NEXT: mcclResult_t result = mcclGroupEnd();
// MUSA-NEXT: for (int i = 0; i < ndev; ++i) {
// MUSA-NEXT:   musaSetDevice(i);
// MUSA-NEXT:   musaStreamSynchronize(streams[i]);
// MUSA-NEXT:   musaStreamDestroy(streams[i]);
// MUSA-NEXT:   mcclCommDestroy(comms[i]);
// MUSA-NEXT: }
// MUSA-NEXT: return result == mcclSuccess ? 0 : 1;

// HIP:       ncclComm_t comms[8];
// HIP-NEXT:  hipStream_t streams[8];
// HIP:         hipSetDevice(i);
// HIP-NEXT:    hipStreamCreate(&streams[i]);
// HIP-NEXT:  }
// HIP-NEXT:  if (ncclCommInitAll(comms, ndev, devs) != ncclSuccess)
// HIP-NEXT:    return 1;
// HIP-NEXT:  ncclGroupStart();
// HIP-NEXT:  for (int i = 0; i < ndev; ++i)
// HIP-NEXT:    ncclAllReduce(buffers[i], buffers[i], count, ncclFloat, ncclSum, comms[i],
// HIP-NEXT:                  streams[i]);
// HIP-NEXT:  ncclResult_t result = ncclGroupEnd();
// HIP-NEXT:  for (int i = 0; i < ndev; ++i) {
// HIP-NEXT:    hipSetDevice(i);
// HIP-NEXT:    hipStreamSynchronize(streams[i]);
// HIP-NEXT:    hipStreamDestroy(streams[i]);
// HIP-NEXT:    ncclCommDestroy(comms[i]);
// HIP-NEXT:  }
// HIP-NEXT:  return result == ncclSuccess ? 0 : 1;

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 19 references: 19 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown

// HIP-DIAG: musify: 1 file to {{HIP}}: 19 references: 8 migrated, 0 migrated without semantics, 11 kept, 0 unsupported, 0 unknown
