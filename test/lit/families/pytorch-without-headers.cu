// A PyTorch extension on a machine without PyTorch's headers (here: a header
// that Debian's PyTorch 1.13 does not ship). A missing PyTorch header is not a
// missing CUDA SDK header: it is stood in for, the parse goes on, the CUDA
// runtime names keep their semantics, and PyTorch's names, which no
// declaration resolves, are migrated by spelling and reported as such.
//
// RUN: %musify %s -o %t.mu --report %t.json 2> %t.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; r = json.load(open('%t.json')); [print(e['cuda'], e['status']) for f in r['files'] for e in f['references']]" | FileCheck %s --check-prefix=STATUS
// RUN: %musify --target=hip %s -o %t.hip 2>/dev/null
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP
#include <ATen/cuda/CUDAContextLight.h>
#include <cuda_runtime.h>

void synchronize_current() {
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_CUDA_CHECK(cudaStreamSynchronize(stream));
}
// MUSA:      #include <torch_musa/csrc/aten/musa/MUSAContextLight.h>
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-EMPTY:
// MUSA-NEXT: void synchronize_current() {
// MUSA-NEXT:   musaStream_t stream = at::musa::getCurrentMUSAStream();
// MUSA-NEXT:   AT_MUSA_CHECK(musaStreamSynchronize(stream));
// MUSA-NEXT: }
// DIAG: warning: '{{.*}}pytorch-without-headers.cu' includes headers that cannot be found, parsed as empty: ATen/cuda/CUDAContextLight.h (line 13)
// STATUS: ATen/cuda/CUDAContextLight.h migrated
// STATUS: cuda_runtime.h migrated
// STATUS: cudaStream_t migrated
// STATUS: at::cuda::getCurrentCUDAStream migrated-without-semantics
// HIP:      #include <ATen/hip/HIPContextLight.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP-EMPTY:
// HIP-NEXT: void synchronize_current() {
// HIP-NEXT:   hipStream_t stream = at::hip::getCurrentHIPStreamMasqueradingAsCUDA();
// HIP-NEXT:   AT_CUDA_CHECK(hipStreamSynchronize(stream));
// HIP-NEXT: }
