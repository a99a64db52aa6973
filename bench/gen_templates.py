#!/usr/bin/env python3
"""Writes a template-heavy CUDA tree in the style of an inference backend's
kernels, in one of two styles.

kernels (the default): one shared header of templated device helpers (type
traits for float, half and bfloat16, warp and block reductions, one
device-only branch that uses CUDA names under __CUDA_ARCH__), and units whose
kernels are templated on element type, width and block size, each dispatched
over N_COLS x BLOCK_SIZES instantiations per type.

instances: a few big templated headers (quantized dot products whose
helpers branch on __CUDA_ARCH__, an attention kernel templated on head size,
columns and the types of K and V, its launcher) and many small units that
each include them and explicitly instantiate one case, as an inference
backend's template-instances folder does.

  python3 bench/gen_templates.py OUT_DIR [--units N] [--style instances]

Time musify against a Clang host parse of each unit:
  clang++-19 -fsyntax-only --cuda-host-only -x cuda -std=c++17 OUT_DIR/u0.cu
  musify --target=musa --dry-run --quiet OUT_DIR/u0.cu
"""
import argparse
import os
import sys

N_COLS = (32, 64, 128, 256, 512, 1024, 2048, 4096)
BLOCK_SIZES = (32, 64, 128, 256)
TYPES = ("float", "half", "nv_bfloat16")

HEADER = """#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>
#include <cstdio>
#define WARP_SIZE 32
template <typename T> struct type_traits;
template <> struct type_traits<float> {
  static __device__ float to_f(float x) { return x; }
  static __device__ float from_f(float x) { return x; }
};
template <> struct type_traits<half> {
  static __device__ float to_f(half x) { return __half2float(x); }
  static __device__ half from_f(float x) { return __float2half(x); }
};
template <> struct type_traits<nv_bfloat16> {
  static __device__ float to_f(nv_bfloat16 x) { return __bfloat162float(x); }
  static __device__ nv_bfloat16 from_f(float x) { return __float2bfloat16(x); }
};
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}
static __device__ __forceinline__ half2 warp_reduce_sum(half2 a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    a = __hadd2(a, __shfl_xor_sync(0xffffffff, a, offset, 32));
#endif
  return a;
}
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_max(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, offset, width));
  return x;
}
template <int block_size> static __device__ float block_reduce_sum(float v, float *buf) {
  v = warp_reduce_sum(v);
  if (block_size > WARP_SIZE) {
    int lane = threadIdx.x % WARP_SIZE, warp = threadIdx.x / WARP_SIZE;
    if (lane == 0)
      buf[warp] = v;
    __syncthreads();
    v = lane < block_size / WARP_SIZE ? buf[lane] : 0.0f;
    v = warp_reduce_sum(v);
  }
  return v;
}
"""

KERNEL = """template <typename T, int ncols_t, int block_t, bool scaled>
static __global__ void {name}_kernel(const T *x, T *dst, const int ncols_p, const float scale) {{
  const int ncols = ncols_t == 0 ? ncols_p : ncols_t;
  const int block = block_t == 0 ? blockDim.x : block_t;
  const int row = blockIdx.x;
  __shared__ float buf[WARP_SIZE];
  float maxv = -INFINITY;
  for (int c = threadIdx.x; c < ncols; c += block) {{
    float v = type_traits<T>::to_f(x[row * ncols + c]);
    maxv = fmaxf(maxv, scaled ? v * scale : v);
  }}
  maxv = warp_reduce_max(maxv);
  float sum = 0.0f;
  for (int c = threadIdx.x; c < ncols; c += block) {{
    float v = expf(type_traits<T>::to_f(x[row * ncols + c]) - maxv);
    sum += v;
    dst[row * ncols + c] = type_traits<T>::from_f(v);
  }}
  sum = block_reduce_sum<block_t == 0 ? 1024 : block_t>(sum, buf);
  for (int c = threadIdx.x; c < ncols; c += block)
    dst[row * ncols + c] = type_traits<T>::from_f(type_traits<T>::to_f(dst[row * ncols + c]) / sum);
}}
"""


def unit(name):
    lines = ['#include "common.cuh"', KERNEL.format(name=name)]
    lines.append("template <typename T, bool S>\nstatic void launch_%s(const T *x, T *dst, "
                 "int ncols, int nrows, float scale, cudaStream_t stream) {\n"
                 "  switch (ncols * 1000 + (nrows %% 4 + 1) * 32) {" % name)
    for nc in N_COLS:
        for bs in BLOCK_SIZES:
            lines.append("  case %d: %s_kernel<T, %d, %d, S><<<nrows, %d, 0, stream>>>"
                         "(x, dst, ncols, scale); break;" % (nc * 1000 + bs, name, nc, bs, bs))
    lines.append("  default: %s_kernel<T, 0, 0, S><<<nrows, 1024, 0, stream>>>"
                 "(x, dst, ncols, scale);\n  }\n  cudaError_t err = cudaGetLastError();\n"
                 "  if (err != cudaSuccess)\n"
                 "    printf(\"%%s\\n\", cudaGetErrorString(err));\n}" % name)
    lines.append("void %s_cuda(const void *x, void *dst, int type, int ncols, int nrows, "
                 "float scale, cudaStream_t s) {" % name)
    for i, t in enumerate(TYPES):
        lines.append("  if (type == %d) {\n    if (scale != 1.0f)\n"
                     "      launch_%s<%s, true>((const %s *)x, (%s *)dst, ncols, nrows, scale, s);"
                     "\n"
                     "    else\n"
                     "      launch_%s<%s, false>((const %s *)x, (%s *)dst, ncols, nrows, scale, s);"
                     "\n  }" % (i, name, t, t, t, name, t, t, t))
    lines.append("}")
    return "\n".join(lines) + "\n"


# The "instances" style: types of K and V blocks, and the head sizes cased.
QUANTS = ("q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "f16")
HEAD_SIZES = (64, 128, 256)

INSTANCES_COMMON = """#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#define WARP_SIZE 32
#define CC_PASCAL 600
#define CC_DP4A 610
#define CC_VOLTA 700
#define CUDA_CHECK(err) do { cudaError_t e_ = (err); if (e_ != cudaSuccess) { \\
    fprintf(stderr, "%s\\n", cudaGetErrorString(e_)); exit(1); } } while (0)
static constexpr __device__ int physical_warp_size() { return 32; }
static __device__ __forceinline__ int dp4a(const int a, const int b, int c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= CC_DP4A
  return __dp4a(a, b, c);
#else
  const int8_t *a8 = (const int8_t *)&a;
  const int8_t *b8 = (const int8_t *)&b;
  return c + a8[0] * b8[0] + a8[1] * b8[1] + a8[2] * b8[2] + a8[3] * b8[3];
#endif
}
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_max(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, offset, width));
  return x;
}
static __device__ __forceinline__ half2 warp_reduce_sum(half2 a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= CC_PASCAL
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    a = __hadd2(a, __shfl_xor_sync(0xffffffff, a, offset, 32));
#else
  (void)a;
#endif
  return a;
}
static __device__ __forceinline__ float2 to_float2(half2 h) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= CC_VOLTA
  return __half22float2(h);
#else
  return make_float2(__low2float(h), __high2float(h));
#endif
}
struct fattn_params {
  const char *Q, *K, *V, *mask;
  float *dst;
  float scale, softcap;
  int ne00, ne01, ne02, ne11, nb11, nb21;
};
"""

QUANT = """struct block_{q} {{
  half2 ds;
  uint8_t qs[{bytes}];
}};
template <int D>
static __device__ __forceinline__ float vec_dot_{q}(const char *K_c, const void *Q_v,
                                                  const int *Q_q8, const void *Q_ds_v) {{
  const block_{q} *K = (const block_{q} *)K_c;
  const float2 *Q_ds = (const float2 *)Q_ds_v;
  (void)Q_v;
  float sum = 0.0f;
#pragma unroll
  for (int k0 = 0; k0 < D / (4 * WARP_SIZE); ++k0) {{
    const int k = k0 * WARP_SIZE + threadIdx.x;
    const int ib = k / {per_block};
    const int iqs = k % {per_block};
    int v;
    memcpy(&v, K[ib].qs + 4 * (iqs % {words}), sizeof(int));
    v = (v >> {shift} * (iqs / {words})) & {mask};
    const int u = Q_q8[k0 * WARP_SIZE + threadIdx.x];
    const int sumi = dp4a(v, u, 0);
    const float2 ds = to_float2(K[ib].ds);
    const float2 q = Q_ds[k0 * WARP_SIZE / {per_block}];
    sum += ds.x * (sumi * q.x{offset});
  }}
  return sum;
}}
template <typename T>
static __device__ __forceinline__ T dequantize_{q}(const void *vx, const int64_t i) {{
  const block_{q} *x = (const block_{q} *)vx;
  const int64_t ib = i / ({per_block} * 4);
  const int iqs = i % ({per_block} * 4);
  const float2 dm = to_float2(x[ib].ds);
  const int q = (x[ib].qs[iqs % {bytes}] >> {shift} * (iqs / {bytes})) & {mask_byte};
  return T(dm.x * (q{centre}) + dm.y);
}}
"""

FATTN = """#pragma once
#include "common.cuh"
#include "quants.cuh"
typedef float (*vec_dot_KQ_t)(const char *K, const void *Q_v, const int *Q_q8, const void *Q_ds);
typedef half (*dequantize_V_t)(const void *, const int64_t);
template <int D, int type_K> constexpr __device__ vec_dot_KQ_t get_vec_dot_KQ() {{
{dot_cases}
}}
template <int type_V> constexpr __device__ dequantize_V_t get_dequantize_V() {{
{deq_cases}
}}
template <int D, int ncols, int type_K, int type_V, bool use_softcap>
__launch_bounds__(D, 1) static __global__ void flash_attn_vec(const fattn_params p) {{
  constexpr int nwarps = D / WARP_SIZE;
  constexpr vec_dot_KQ_t vec_dot_KQ = get_vec_dot_KQ<D, type_K>();
  constexpr dequantize_V_t dequantize_V = get_dequantize_V<type_V>();
  const int tid = WARP_SIZE * threadIdx.y + threadIdx.x;
  __shared__ float KQ[ncols * D];
  __shared__ int Q_q8[ncols * D / 4];
  __shared__ float2 Q_ds[ncols * D / 32];
  float kqmax[ncols], kqsum[ncols];
  half2 VKQ[ncols];
#pragma unroll
  for (int j = 0; j < ncols; ++j) {{
    kqmax[j] = -INFINITY;
    kqsum[j] = 0.0f;
    VKQ[j] = make_half2(0.0f, 0.0f);
    Q_q8[j * D / 4 + tid % (D / 4)] = ((const int *)p.Q)[j * D / 4 + tid % (D / 4)];
  }}
  __syncthreads();
  for (int k_VKQ_0 = blockIdx.y * D; k_VKQ_0 < p.ne11; k_VKQ_0 += gridDim.y * D) {{
#pragma unroll
    for (int i_KQ_0 = 0; i_KQ_0 < D; i_KQ_0 += nwarps) {{
      const int i_KQ = i_KQ_0 + threadIdx.y;
#pragma unroll
      for (int j = 0; j < ncols; ++j) {{
        float sum = vec_dot_KQ(p.K + (k_VKQ_0 + i_KQ) * p.nb11, p.Q, Q_q8 + j * D / 4,
                               Q_ds + j * D / 32);
        sum = warp_reduce_sum(sum);
        if (use_softcap)
          sum = p.softcap * tanhf(sum);
        kqmax[j] = fmaxf(kqmax[j], sum * p.scale);
        if (threadIdx.x == 0)
          KQ[j * D + i_KQ] = sum * p.scale;
      }}
    }}
    __syncthreads();
#pragma unroll
    for (int j = 0; j < ncols; ++j) {{
      kqmax[j] = warp_reduce_max(kqmax[j]);
      const float val = expf(KQ[j * D + tid] - kqmax[j]);
      kqsum[j] += val;
      KQ[j * D + tid] = val;
    }}
    __syncthreads();
    for (int k = 0; k < D; ++k) {{
      const half v = dequantize_V(p.V + (k_VKQ_0 + k) * p.nb21, tid);
#pragma unroll
      for (int j = 0; j < ncols; ++j)
        VKQ[j] = __hadd2(VKQ[j], __hmul2(make_half2(v, v), __float2half2_rn(KQ[j * D + k])));
    }}
    __syncthreads();
  }}
#pragma unroll
  for (int j = 0; j < ncols; ++j) {{
    kqsum[j] = warp_reduce_sum(kqsum[j]);
    const float2 r = to_float2(warp_reduce_sum(VKQ[j]));
    p.dst[(j * gridDim.x + blockIdx.x) * D + tid] = (r.x + r.y) / kqsum[j];
  }}
}}
template <int D, int ncols, int type_K, int type_V>
static void launch_fattn_vec(const fattn_params &p, cudaStream_t stream) {{
  const dim3 blocks(p.ne01 / ncols, p.ne02);
  const dim3 threads(WARP_SIZE, D / WARP_SIZE);
  if (p.softcap == 0.0f)
    flash_attn_vec<D, ncols, type_K, type_V, false><<<blocks, threads, 0, stream>>>(p);
  else
    flash_attn_vec<D, ncols, type_K, type_V, true><<<blocks, threads, 0, stream>>>(p);
  CUDA_CHECK(cudaGetLastError());
}}
template <int D, int type_K, int type_V>
void fattn_vec_case(const fattn_params &p, cudaStream_t stream) {{
  if (p.ne01 == 1)
    launch_fattn_vec<D, 1, type_K, type_V>(p, stream);
  else if (p.ne01 == 2)
    launch_fattn_vec<D, 2, type_K, type_V>(p, stream);
  else if (p.ne01 <= 4)
    launch_fattn_vec<D, 4, type_K, type_V>(p, stream);
  else
    launch_fattn_vec<D, 8, type_K, type_V>(p, stream);
}}
#define DECL_FATTN_VEC_CASE(D, type_K, type_V) \\
  template void fattn_vec_case<D, type_K, type_V>(const fattn_params &, cudaStream_t)
{externs}
"""


def quants_header():
    parts = ['#pragma once\n#include "common.cuh"\n']
    for i, q in enumerate(QUANTS):
        bits = 8 if q in ("q8_0", "f16") else 4 + (i // 2) % 2
        parts.append(QUANT.format(
            q=q, bytes=32 * bits // 8, per_block=8 * bits // 4, words=bits, shift=bits,
            mask="0x%08X" % (((1 << bits) - 1) * 0x01010101), mask_byte=(1 << bits) - 1,
            offset=" - 8.0f * q.y" if i % 2 == 0 else " + q.y",
            centre=" - %d" % (1 << (bits - 1)) if i % 2 == 0 else ""))
    return "\n".join(parts)


def instance_cases():
    """Every (D, type_K, type_V) an instance unit may instantiate, in order."""
    return [(d, k, v) for d in HEAD_SIZES for k in range(len(QUANTS)) for v in range(len(QUANTS))]


def fattn_header():
    dot = ["  if constexpr (type_K == %d)\n    return vec_dot_%s<D>;" % (i, q)
           for i, q in enumerate(QUANTS[:-1])]
    dot.append("  else\n    return vec_dot_%s<D>;" % QUANTS[-1])
    deq = ["  if constexpr (type_V == %d)\n    return dequantize_%s<half>;" % (i, q)
           for i, q in enumerate(QUANTS[:-1])]
    deq.append("  else\n    return dequantize_%s<half>;" % QUANTS[-1])
    externs = ["extern DECL_FATTN_VEC_CASE(%d, %d, %d);" % c for c in instance_cases()]
    return FATTN.format(dot_cases="\n".join(dot), deq_cases="\n".join(deq),
                        externs="\n".join(externs))


def write_instances(out, units):
    cases = instance_cases()
    if units > len(cases):
        sys.exit("gen_templates: the instances style has %d cases; --units %d is more"
                 % (len(cases), units))
    os.makedirs(os.path.join(out, "instances"), exist_ok=True)
    with open(os.path.join(out, "common.cuh"), "w") as f:
        f.write(INSTANCES_COMMON)
    with open(os.path.join(out, "quants.cuh"), "w") as f:
        f.write(quants_header())
    with open(os.path.join(out, "fattn.cuh"), "w") as f:
        f.write(fattn_header())
    # Spread the units over the cases, every head size and type among them.
    step = len(cases) / units
    for i in range(units):
        d, k, v = cases[int(i * step)]
        name = "fattn-vec-d%d-%s-%s.cu" % (d, QUANTS[k], QUANTS[v])
        with open(os.path.join(out, "instances", name), "w") as f:
            f.write('#include "../fattn.cuh"\n\nDECL_FATTN_VEC_CASE(%d, %d, %d);\n' % (d, k, v))


def write_kernels(out, units):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "common.cuh"), "w") as f:
        f.write(HEADER)
    for i in range(units):
        with open(os.path.join(out, "u%d.cu" % i), "w") as f:
            f.write(unit("op%d" % i))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the folder to write (made if missing)")
    ap.add_argument("--units", type=int, default=4, help="units to write (default 4)")
    ap.add_argument("--style", choices=("kernels", "instances"), default="kernels")
    args = ap.parse_args()
    if args.units < 1:
        ap.error("--units must be at least 1")
    try:
        if args.style == "instances":
            write_instances(args.out, args.units)
        else:
            write_kernels(args.out, args.units)
    except OSError as e:
        sys.exit("gen_templates: %s" % e)


if __name__ == "__main__":
    main()
