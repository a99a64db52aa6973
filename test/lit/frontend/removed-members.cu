// Code written for CUDA before 13 reads the cudaDeviceProp fields CUDA 13
// removed (clockRate, memoryClockRate, ...; cudaDeviceGetAttribute reads them
// now). nvcc 13 rejects it, by design; musify parses it (the front end
// declares the fields again), migrates it, and reports each as removed. HIP's
// hipDeviceProp_t has most of them, not deviceOverlap.
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s --check-prefix=MUSA
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['analysis'], f.get('error_count', 0)); [print(e['cuda'], e['status'], e.get('cuda_status', '-')) for e in f['references'] if '::' in e['cuda']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s 2>/dev/null | FileCheck %s --check-prefix=HIP
#include <cstdio>
#include <cuda_runtime.h>

int print_clocks(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  printf("%d kHz, memory %d kHz, %d-bit\n", prop.clockRate, prop.memoryClockRate,
         prop.memoryBusWidth);
  return prop.computeMode == cudaComputeModeProhibited || !prop.deviceOverlap;
}
// MUSA: musaDeviceProp prop;
// MUSA: printf("%d kHz, memory %d kHz, %d-bit\n", prop.clockRate, prop.memoryClockRate,
// HIP:  hipDeviceProp_t prop;
// HIP:      {{^}}  // musify-unsupported: 'cudaDeviceProp::deviceOverlap' has no HIP equivalent: CUDA 13.0 removed deviceOverlap{{.*}}
// HIP-NEXT: {{^}}  return prop.computeMode == hipComputeModeProhibited || !prop.deviceOverlap;

// DIAG: warning: 'cudaDeviceProp::clockRate' was removed in CUDA 13.0; migrated to 'clockRate'
// DIAG: warning: 'cudaDeviceProp::memoryClockRate' was removed in CUDA 13.0
// DIAG: warning: 'cudaDeviceProp::computeMode' was removed in CUDA 13.0
// DIAG: warning: 'cudaDeviceProp::deviceOverlap' was removed in CUDA 13.0

// REPORT:      semantic 0
// REPORT-NEXT: cudaDeviceProp::clockRate kept removed
// REPORT-NEXT: cudaDeviceProp::memoryClockRate kept removed
// REPORT-NEXT: cudaDeviceProp::computeMode kept removed
// REPORT-NEXT: cudaDeviceProp::deviceOverlap kept removed
