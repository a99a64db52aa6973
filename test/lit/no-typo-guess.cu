// An unknown name stays unknown: Clang does not guess which declaration was
// meant (here cudaMalloc, for a misspelled cudaMallc), so the errors say what
// the code holds, no guess binds the name to a declaration it does not name,
// and the token rewriter leaves the unknown name as it is.
// RUN: %musify --target=hip %s -o %t.cu 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cu
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include <cuda_runtime.h>

struct Signal {
  int values;
};

int main() {
  float *p;
  cudaMallc(&p, 4);
  Signal s;
  int v = s.value;
  cudaFree(p);
  return v;
}
// OUT:      cudaMallc(&p, 4);
// OUT:      hipFree(p);

// ERR:      parsed with 2 Clang error(s)
// ERR-NEXT: {{.*}}no-typo-guess.cu:16:3: error: use of undeclared identifier 'cudaMallc'{{$}}
// ERR-NEXT: {{.*}}no-typo-guess.cu:18:13: error: no member named 'value' in 'Signal'{{$}}
