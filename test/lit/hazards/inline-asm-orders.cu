// Loads, stores and atomics with a memory order and a scope: an ordered load
// or store is a volatile access, with the fence of its scope after it
// (acquire), before it (release) or both (acq_rel); an atomic of the system
// scope stays, with its finding. And the forms that compute on signed and
// unsigned bytes, round in a direction, or flush subnormals.
// RUN: split-file %s %t
// RUN: %musify --target=hip %t/orders.cu -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %musify %t/orders.cu -o %t.mu 2> %t.musa.err
// RUN: FileCheck %s --check-prefix=HIP < %t.mu

// HIP:      unsigned r, s;
// HIP-NEXT: {
// HIP-NEXT:   r = (*(volatile unsigned *)(char *)(unsigned long long)p);
// HIP-NEXT:   __threadfence();
// HIP-NEXT: }
// HIP-NEXT: {
// HIP-NEXT:   __threadfence_block();
// HIP-NEXT:   (*(volatile unsigned *)(char *)(p + 1)) = (unsigned)r;
// HIP-NEXT: }
// HIP-NEXT: s = (*(volatile unsigned *)(char *)(unsigned long long)(p + 2));
// HIP-NEXT: {
// HIP-NEXT:   __threadfence();
// HIP-NEXT:   s = atomicAdd(&(*(unsigned *)(char *)(unsigned long long)(p + 3)), (unsigned)1u);
// HIP-NEXT:   __threadfence();
// HIP-NEXT: }
// HIP: atomicAdd(&(*(unsigned *)(char *)(unsigned long long)(p + 3)), (unsigned)1u);
// HIP: asm volatile("atom.sys.global.add.u32 %0, [%1], %2;" : "=r"(s) : "l"(p + 3), "r"(1u));
// HIP: s = (int)[](unsigned a, unsigned b, unsigned c) { for (unsigned i = 0u; i < 32u; i += 8u) c += (unsigned)((int)((a >> i) & 0xffu) * (int)(signed char)(b >> i)); return c; }((unsigned)r, (int)s, (unsigned)(int)r);
// HIP: x = [](float a, float b) { float s = a + b; {{.*}} float v = s - a, e = (a - (s - v)) + (b - v); return e != 0.0f && (e < 0.0f) != (s < 0.0f) ? nextafterf(s, 0.0f) : s; }((float)(f[0]), (float)(f[1]));
// HIP: x = [](float a, float b) { auto z = [](float x) { return fabsf(x) < 1.17549435e-38f ? copysignf(0.0f, x) : x; }; return z(z(a) * z(b)); }((float)x, (float)(f[1]));
// Registers packed into a wider one and unpacked; a cache policy, and the
// hint that reads it, dropped with its operand.
// HIP: w = ((unsigned long long)(unsigned)(p[1]) << 32) | (unsigned)(p[0]);
// HIP-NEXT: {
// HIP-NEXT:   lo = (unsigned)(unsigned long long)w;
// HIP-NEXT:   hi = (unsigned)((unsigned long long)w >> 32);
// HIP-NEXT: }
// HIP: pol = 0ull;
// HIP-NEXT: lo = (*(unsigned *)(char *)(unsigned long long)p);

// DIAG: inline PTX translated for HIP (ld.acquire.gpu.global.u32); ld.acquire.gpu.global.u32: a volatile access, __threadfence after it (.acquire, .gpu)
// DIAG: inline PTX translated for HIP (st.release.cta.shared.u32); st.release.cta.shared.u32: a volatile access, __threadfence_block before it (.release, .cta)
// DIAG: inline PTX translated for HIP (ld.volatile.global.u32); ld.volatile.global.u32: a volatile access (.volatile)
// DIAG: atom.sys.global.add.u32: an atomic of the .sys scope has no translation (the target's atomics are of device scope); it is left as it is

//--- orders.cu
__global__ void ordered(unsigned *p, const float *f, unsigned *o) {
  unsigned r, s;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(r) : "l"(p));
  asm volatile("st.release.cta.shared.u32 [%0], %1;" ::"r"(
                   (unsigned)__cvta_generic_to_shared(p + 1)), "r"(r) : "memory");
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(s) : "l"(p + 2));
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(s) : "l"(p + 3), "r"(1u));
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(p + 3), "r"(1u));
  asm volatile("atom.sys.global.add.u32 %0, [%1], %2;" : "=r"(s) : "l"(p + 3), "r"(1u));
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(r), "r"(s), "r"(r));
  float x;
  asm("add.rz.f32 %0, %1, %2;" : "=f"(x) : "f"(f[0]), "f"(f[1]));
  asm("mul.ftz.f32 %0, %1, %2;" : "=f"(x) : "f"(x), "f"(f[1]));
  o[0] = r + s + (unsigned)x;
}

__global__ void packed(unsigned *p) {
  unsigned long long w, pol;
  unsigned lo, hi;
  asm("mov.b64 %0, {%1, %2};" : "=l"(w) : "r"(p[0]), "r"(p[1]));
  asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(w));
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
  asm volatile("ld.global.L2::cache_hint.u32 %0, [%1], %2;" : "=r"(lo) : "l"(p), "l"(pol));
  p[2] = lo + hi;
}
