// Inline PTX that stays as it is, each with a finding that says why: tensor-
// core instructions (with the route to take on the target), an instruction the
// table lacks, a statement with one such instruction among known ones, PTX
// that names a register the table does not know, and malformed or hostile
// statements, which must never crash musify nor be half rewritten.
// RUN: split-file %s %t
// RUN: %musify %t/left.cu -o %t.mu 2> %t.musa.err --report %t.musa.json
// RUN: FileCheck %s --check-prefix=OUT < %t.mu
// RUN: FileCheck %s --check-prefix=MUSA < %t.musa.err
// RUN: %musify --target=hip %t/left.cu -o %t.hip 2> %t.hip.err --report %t.hip.json
// RUN: FileCheck %s --check-prefix=OUT < %t.hip
// RUN: FileCheck %s --check-prefix=HIP < %t.hip.err
// RUN: %python -c "import json; t = json.load(open('%t.hip.json'))['totals']['inline_asm']; print(t['translated'], t['left']); [print(k, v['translated'], v['left']) for k, v in t['by_instruction'].items()]" | FileCheck %s --check-prefix=COUNT

// Each stays as written, on both targets, with its finding above it.
// OUT: asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
// OUT: asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
// OUT: asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(addr), "l"(a));
// OUT: asm volatile("nanosleep.u32 %0;" ::"r"(100));
// OUT: asm("{ add.u32 %0, %1, %2; frobnicate.b32 %0, %0; }" : "=r"(z) : "r"(x), "r"(y));
// OUT: asm("mov.u32 %0, %%nsmid;" : "=r"(z));
// OUT: asm volatile(PTX_BARRIER);
// OUT: LANE_OF(z);
// OUT: asm("add.u32 %0, %1, 0x;" : "=r"(z) : "r"(x));
// OUT: asm("mov.b32 %0, %1;" : "=r"(z) : "f"(d[0]));
// OUT: asm("{ .reg .u32 t; mov.u32 t, %1; add.u32 %0, t, 1;" : "=r"(z) : "r"(x));
// OUT: asm("add.u32 %0, %1, `1;" : "=r"(z) : "r"(x));
// OUT: asm("{ .reg .b32 q<100000>; }");
// OUT: asm("L1: add.u32 %0, %0, 1; @%1 bra L1;" : "+r"(z) : "r"(x));
// OUT: asm volatile("" ::: "memory");

// Tensor-core instructions name the route to take on each target.
// MUSA: left.cu:10:3: warning: {{.*}}: inline assembly (PTX) is not portable to MUSA: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 is a tensor-core instruction, which musify does not rewrite: MUSA's WMMA API (mtmusa::wmma
// MUSA: left.cu:16:3: warning: {{.*}}ldmatrix.sync.aligned.m8n8.x4.shared.b16 is a tensor-core instruction, which musify does not rewrite: MUSA publishes no counterpart of ldmatrix
// HIP: left.cu:10:3: warning: {{.*}}: inline assembly (PTX) is not portable to {{HIP}}: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 is a tensor-core instruction, which musify does not rewrite: on AMD GPUs rocWMMA
// HIP: left.cu:16:3: warning: {{.*}}AMD GPUs have no ldmatrix: load tiles with rocwmma::load_matrix_sync
// HIP: left.cu:19:3: warning: {{.*}}operand %0 is a shared-memory window address, which has no pointer on the target{{.*}}; it is left as it is
// HIP: left.cu:20:3: warning: {{.*}}nanosleep.u32 has no translation in the table; it is left as it is
// HIP: left.cu:22:3: warning: {{.*}}frobnicate.b32 has no translation in the table; it is left as it is
// HIP: left.cu:23:3: warning: {{.*}}it reads %nsmid, which has no translation; it is left as it is
// HIP: left.cu:24:3: warning: {{.*}}its template is not a string literal (a macro?); it is left as it is
// HIP: left.cu:25:3: warning: {{.*}}it is written through a macro, which musify does not rewrite; it is left as it is
// HIP: left.cu:26:3: warning: {{.*}}the immediate 0x is not a .u32; it is left as it is
// HIP: left.cu:27:3: warning: {{.*}}operand %1 ("f") does not hold a .b32; it is left as it is
// HIP: left.cu:28:3: warning: {{.*}}its braces do not balance; it is left as it is
// HIP: left.cu:29:3: warning: {{.*}}its template holds '`', which PTX does not; it is left as it is
// HIP: left.cu:30:3: warning: {{.*}}.reg declares a range musify does not read; it is left as it is
// HIP: left.cu:31:3: warning: {{.*}}it holds a label (L1:); it is left as it is
// HIP-NOT: left.cu:32:3:

// COUNT: 0 14
// COUNT-DAG: add.u32 0 2
// COUNT-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 0 1
// COUNT-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16 0 1
// COUNT-DAG: nanosleep.u32 0 1
// COUNT-DAG: frobnicate.b32 0 1

//--- left.cu
#include <cuda_runtime.h>

#include <cstdint>

#define PTX_BARRIER "bar.sync 0;"
#define LANE_OF(x) asm("mov.u32 %0, %%laneid;" : "=r"(x))

__global__ void tiles(float *c, const uint32_t *a, const uint32_t *b, const unsigned short *s) {
  float d[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
               "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  uint32_t r0, r1, r2, r3;
  uint32_t addr = static_cast<uint32_t>(__cvta_generic_to_shared(s));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(addr), "l"(a));
  asm volatile("nanosleep.u32 %0;" ::"r"(100));
  unsigned x = r0, y = r1, z;
  asm("{ add.u32 %0, %1, %2; frobnicate.b32 %0, %0; }" : "=r"(z) : "r"(x), "r"(y));
  asm("mov.u32 %0, %%nsmid;" : "=r"(z));
  asm volatile(PTX_BARRIER);
  LANE_OF(z);
  asm("add.u32 %0, %1, 0x;" : "=r"(z) : "r"(x));
  asm("mov.b32 %0, %1;" : "=r"(z) : "f"(d[0]));
  asm("{ .reg .u32 t; mov.u32 t, %1; add.u32 %0, t, 1;" : "=r"(z) : "r"(x));
  asm("add.u32 %0, %1, `1;" : "=r"(z) : "r"(x));
  asm("{ .reg .b32 q<100000>; }");
  asm("L1: add.u32 %0, %0, 1; @%1 bra L1;" : "+r"(z) : "r"(x));
  asm volatile("" ::: "memory");
  c[threadIdx.x] = d[0] + d[1] + d[2] + d[3] + r0 + r1 + r2 + r3 + z;
}
// Each stays as written, on both targets.
