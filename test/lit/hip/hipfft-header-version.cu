// ROCm 5.2 moved each library's headers under include/<library>/ and kept the
// old ones as deprecated wrappers; ROCm 6.0 removed the wrappers. hipFFT's
// header is hipfft/hipfft.h from HIP 6.0 on: --hip-version=6.3 writes it
// there (as hipify does), HIP 5.2 keeps HIPIFY's hipfft.h. The report's source
// says where the fact comes from. hipFFT is not shipped by Debian, so neither
// output is compiled here.
// RUN: %musify --target=hip --hip-version=6.3 %s -o %t.63.hip --report %t.63.json
// RUN: FileCheck %s --check-prefix=HIP63 < %t.63.hip
// RUN: %python -c "import json; [print(e['cuda'], '->', e['target'], '|', e['note'], '|', e['source']) for e in json.load(open('%t.63.json'))['files'][0]['references'] if e['cuda'].startswith('cufft') and e['kind'] == 'header']" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.52.hip
// RUN: FileCheck %s --check-prefix=HIP52 < %t.52.hip
#include <cufft.h>
#include <cufftXt.h>

int plan(int n) {
  cufftHandle h;
  return cufftPlan1d(&h, n, CUFFT_C2C, 1) == CUFFT_SUCCESS;
}

// HIP63:      #include <hipfft/hipfft.h>
// HIP63-NEXT: #include <hipfft/hipfftXt.h>
// HIP63:      hipfftHandle h;
// HIP63-NEXT: return hipfftPlan1d(&h, n, HIPFFT_C2C, 1) == HIPFFT_SUCCESS;
// HIP52:      #include <hipfft.h>
// HIP52-NEXT: #include <hipfftXt.h>
// REPORT:      cufft.h -> hipfft/hipfft.h | HIP 6.0 moved it to hipfft/hipfft.h | hipFFT is not shipped by Debian{{.*}}; ROCm's file reorganization{{.*}}ROCm 6.0 removed the wrappers{{.*}}
// REPORT-NEXT: cufftXt.h -> hipfft/hipfftXt.h | HIP 6.0 moved it to hipfft/hipfftXt.h | hipFFT is not shipped by Debian
