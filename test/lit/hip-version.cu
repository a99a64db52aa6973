// --hip-version picks the HIP the migration writes for: a HIP name is written
// only where that version has it. cudaDevAttrHostRegisterSupported's HIP name
// came with HIP 6.0: written at 6.3, reported unsupported at 5.2, with the
// version that has it; cudaBindTextureToMipmappedArray's is deprecated since
// HIP 5.7: written with a review warning at 6.3, quietly at 5.2. The report
// says which version was targeted and how it was chosen. Bad uses of the
// option are errors; a version newer than every one the tables know is a
// warning that says what it means (not with --quiet). Without it, the
// installed HIP's version is used (or, with no HIP installed, the newest the
// tables know).
// RUN: %musify --target=hip --hip-version=6.3 %s --report %t.63.json 2> %t.63.err | FileCheck %s --check-prefix=HIP63
// RUN: FileCheck %s --check-prefix=DIAG63 < %t.63.err
// RUN: %musify --target=hip --hip-version=5.2 %s --report %t.52.json 2> %t.52.err | FileCheck %s --check-prefix=HIP52
// RUN: FileCheck %s --check-prefix=DIAG52 < %t.52.err
// RUN: %python -c "import json; print(json.load(open('%t.63.json'))['target_version'])" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s --report %t.default.json > /dev/null 2>&1
// RUN: %python -c "import json; print(json.load(open('%t.default.json'))['target_version']['chosen_by'])" | FileCheck %s --check-prefix=DEFAULT
// RUN: not %musify --target=hip --hip-version=six %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %musify --hip-version=6.3 %s 2>&1 | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip --hip-version=99.1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEYOND
// RUN: %musify --target=hip --hip-version=99.1 --quiet %s 2>&1 >/dev/null | count 0
// RUN: %musify explain --target=hip --hip-version=99.1 cudaMalloc 2>&1 >/dev/null | FileCheck %s --check-prefix=BEYOND-EXPLAIN
#include <cuda_runtime.h>

int can_register(int device) {
  int yes = 0;
  cudaDeviceGetAttribute(&yes, cudaDevAttrHostRegisterSupported, device);
  return yes;
}

void bind(cudaTextureObject_t *t, cudaMipmappedArray_t levels) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaBindTextureToMipmappedArray(nullptr, levels, &desc);
}

// HIP63:      hipDeviceGetAttribute(&yes, hipDeviceAttributeHostRegisterSupported, device);
// HIP63:      hipBindTextureToMipmappedArray(nullptr, levels, &desc);
// DIAG63:     warning: 'cudaBindTextureToMipmappedArray' became 'hipBindTextureToMipmappedArray': hipBindTextureToMipmappedArray is deprecated since HIP 5.7
// HIP52:      {{^}}  // musify-unsupported: 'cudaDevAttrHostRegisterSupported' needs HIP 6.0 (hipDeviceAttributeHostRegisterSupported); the target is HIP 5.2{{.*}}
// HIP52-NEXT: {{^}}  hipDeviceGetAttribute(&yes, cudaDevAttrHostRegisterSupported, device);
// HIP52:      hipBindTextureToMipmappedArray(nullptr, levels, &desc);
// DIAG52:     musify: warning: 1 use(s) of 1 name(s) that HIP 5.2, the target, does not have yet; --hip-version=6.0 migrates them: cudaDevAttrHostRegisterSupported (6.0)
// DIAG52-NOT: deprecated
// REPORT: {'chosen_by': '--hip-version', 'version': '6.3'}
// DEFAULT: {{^the installed HIP \(.*hip/hip_version.h\)|^the newest HIP the rule tables know}}
// BAD: musify: error: --hip-version=six: expected a version such as 6.3
// MUSA: musify: error: --hip-version needs a target with versions (--target=hip)
// BEYOND: musify: warning: HIP 99.1 is newer than every HIP version the rule tables know (the newest: [[#]].[[#]]): names HIP added or removed after {{.*}} are migrated as in {{.*}} (--hip-version)
// BEYOND-EXPLAIN: musify explain: warning: HIP 99.1 is newer than every HIP version
