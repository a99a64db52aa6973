// CUDA names inside string literals are data: left alone by default. With
// --rewrite-strings they are migrated too and reported separately (evidence
// string-literal); a name the target lacks is reported, never marked inside
// the string.
// RUN: %musify %s | FileCheck %s --check-prefix=DEFAULT
// RUN: %musify --rewrite-strings %s --report %t.json 2> %t.err | FileCheck %s --check-prefix=MUSA
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: %python -c "import json; r = json.load(open('%t.json')); print(r['totals']['in_string_literals']); [print(e['line'], e['cuda'], e['status'], e['evidence']) for e in r['files'][0]['references'] if e['evidence'] == 'string-literal']" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip --rewrite-strings %s 2>&1 | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

int pick_device() {
  const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
  void *p = nullptr;
  if (cudaMalloc(&p, 16) != cudaSuccess)
    std::printf("cudaMalloc failed with %s set to %s\n", "CUDA_VISIBLE_DEVICES", visible);
  return visible ? std::atoi(visible) : 0;
}
// DEFAULT: std::getenv("CUDA_VISIBLE_DEVICES");
// DEFAULT: std::printf("cudaMalloc failed with %s set to %s\n", "CUDA_VISIBLE_DEVICES", visible);

// MUSA: std::getenv("MUSA_VISIBLE_DEVICES");
// MUSA: if (musaMalloc(&p, 16) != musaSuccess)
// MUSA-NEXT: std::printf("musaMalloc failed with %s set to %s\n", "MUSA_VISIBLE_DEVICES", visible);

// SUMMARY: 3 in string literals

// REPORT:      3
// REPORT-NEXT: 15 CUDA_VISIBLE_DEVICES migrated-without-semantics string-literal
// REPORT-NEXT: 18 cudaMalloc migrated-without-semantics string-literal
// REPORT-NEXT: 18 CUDA_VISIBLE_DEVICES migrated-without-semantics string-literal

// HIP: std::getenv("CUDA_VISIBLE_DEVICES");
// HIP: std::printf("hipMalloc failed with %s set to %s\n", "CUDA_VISIBLE_DEVICES", visible);
// HIP: string-literals.cu:15:35: warning: 'CUDA_VISIBLE_DEVICES' has no HIP equivalent: environment variable
