// NVTX ranges and marks: on HIP their ASCII calls are roctx's (ROCm's
// roctracer, <roctracer/roctx.h>), nvtxRangeEnd is roctxRangeStop; forms roctx
// lacks (the wide and attribute calls) are reported. roctx is not shipped by
// Debian, so the HIP output is not compiled (it gets hip/hip_runtime.h too: the
// unit used the SDK, nvcc's implicit include). MUSA has no counterpart: every
// name is reported.
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --check-prefix=HIP
// RUN: FileCheck %s --check-prefix=HIP-DIAG < %t.hip.err
// RUN: %musify %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MUSA-DIAG
#include <nvtx3/nvToolsExt.h>

void step(int i) {
  nvtxRangePushA("step");
  nvtxMarkA("start");
  nvtxRangeId_t id = nvtxRangeStartA("inner");
  nvtxRangeEnd(id);
  nvtxRangePushW(L"wide");
  nvtxRangePop();
  nvtxRangePop();
}

// HIP:      #include <hip/hip_runtime.h>
// HIP-NEXT: #include <roctracer/roctx.h>
// HIP:      roctxRangePushA("step");
// HIP-NEXT: roctxMarkA("start");
// HIP-NEXT: roctx_range_id_t id = roctxRangeStartA("inner");
// HIP-NEXT: roctxRangeStop(id);
// HIP-NEXT: nvtxRangePushW(L"wide");
// HIP-NEXT: roctxRangePop();
// HIP-DIAG: warning: 'nvtxRangePushW' has no HIP equivalent: roctx (ROCm's roctracer) has counterparts of NVTX's ASCII range and mark calls only
// HIP-DIAG: musify: 1 file to {{HIP}}: 10 references: 9 migrated, 0 migrated without semantics, 0 kept, 1 unsupported, 0 unknown
// MUSA-DIAG: warning: 'nvtx3/nvToolsExt.h' has no MUSA equivalent: no MUSA counterpart is known
