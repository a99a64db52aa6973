#!/usr/bin/env python3
"""Generates a tree of many small, varied CUDA units, as a benchmark suite of
many programs is: each unit includes its own run of SDK and system headers
(cuda_runtime.h, cuda_fp16.h, cooperative_groups.h, curand_kernel.h, the C
and C++ libraries) in an order of its own, some through a header of its
program, and holds a kernel, a template kernel or a plain host function.
Many units share a first header or two, fewer share longer runs: the shape
that makes a run build and load many chains of precompiled headers.

The tree is a function of its arguments alone (a seeded generator), so two
runs give byte-identical trees.

  gen_varied.py OUT [--units N] [--programs P] [--seed S] [--sdk-every K]
                   [--extras E] [--light] [--unit-kb K] [--header-kb K]
"""
import argparse
import os
import random

# Headers a unit may include first, in any order. The SDK's heavy ones are
# kept apart (--sdk-every) so that a test tree stays quick to parse.
SYSTEM = ["<cstdio>", "<cstdlib>", "<cstring>", "<cmath>", "<vector>", "<string>",
          "<algorithm>", "<memory>", "<cassert>", "<cstdint>", "<stdio.h>",
          "<math.h>", "<utility>", "<array>"]
SDK_LIGHT = ["<cuda_runtime.h>", "<cuda_fp16.h>", "<cuda_runtime_api.h>",
             "<vector_types.h>", "<cuda_bf16.h>"]
SDK_HEAVY = ["<cooperative_groups.h>", "<curand_kernel.h>"]

HELPER = """// {name}: helpers of program {prog}
#pragma once
{includes}

#define CHECK_{prog}(call)                                                 \\
  do {{                                                                    \\
    cudaError_t err_ = (call);                                             \\
    if (err_ != cudaSuccess)                                               \\
      return (int)err_;                                                    \\
  }} while (0)

__device__ inline float scale_{prog}(float x) {{ return x * {a}.0f; }}
"""

KERNEL = """
__global__ void kernel_{u}(float *x, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * {a}.0f + 1.0f;
}}

int run_{u}(float *d, int n) {{
  kernel_{u}<<<(n + 127) / 128, 128>>>(d, n);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}}
"""

TEMPLATE = """
template <typename T, int N>
__global__ void scaled_{u}(T *x, T a) {{
  int i = blockIdx.x * N + threadIdx.x;
  x[i] = x[i] * a;
}}

template <typename T> cudaError_t launch_{u}(T *x, T a, cudaStream_t s) {{
  scaled_{u}<T, {b}><<<1, {b}, 0, s>>>(x, a);
  return cudaGetLastError();
}}

template cudaError_t launch_{u}<float>(float *, float, cudaStream_t);
"""

HOST = """
int host_{u}() {{
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess)
    return -1;
  void *p = nullptr;
  cudaMalloc(&p, {a} * sizeof(float));
  cudaFree(p);
  return count;
}}
"""

EXTRAS = {
    "<cuda_fp16.h>": """
__device__ __half half_{u}(__half a, __half b) {{ return __hadd(a, b); }}
""",
    "<cooperative_groups.h>": """
__global__ void groups_{u}(int *x) {{
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  x[block.thread_rank()] = {a};
  block.sync();
}}
""",
    "<curand_kernel.h>": """
__global__ void random_{u}(float *x, unsigned long long seed) {{
  curandState state;
  curand_init(seed, threadIdx.x, 0, &state);
  x[threadIdx.x] = curand_uniform(&state);
}}
""",
}


# Orders of headers that programs of one suite share (a lab's habits):
# a unit reads a prefix of one, so that runs of every length are shared
# and precompiled headers chain deep.
ORDERS = [
    ["<stdio.h>", "<stdlib.h>", "<string.h>", "<math.h>", "<cuda_runtime.h>",
     "<assert.h>", "<time.h>", "<limits.h>", "<float.h>", "<stdint.h>"],
    ["<cstdio>", "<cstdlib>", "<cmath>", "<vector>", "<string>", "<algorithm>",
     "<cuda_runtime.h>", "<cuda_fp16.h>", "<memory>", "<utility>", "<array>"],
    ["<iostream>", "<vector>", "<cuda_runtime.h>", "<cuda_runtime_api.h>",
     "<map>", "<cassert>", "<cstring>", "<numeric>"],
]

# The same shape with light headers only (no <iostream>, <algorithm> or
# <map>), for a test that must stay quick: C++ ones still, whose namespace
# std each precompiled header of a chain adds to.
LIGHT_ORDERS = [
    ["<cstddef>", "<cstdint>", "<type_traits>", "<utility>", "<limits>", "<new>",
     "<initializer_list>", "<cstring>", "<climits>"],
    ["<stdio.h>", "<stdlib.h>", "<string.h>", "<math.h>", "<assert.h>", "<time.h>",
     "<limits.h>", "<float.h>", "<stdint.h>"],
    ["<cstdint>", "<utility>", "<array>", "<tuple>", "<cuda_fp16.h>", "<cassert>",
     "<cstring>", "<cstdlib>"],
]


def pick_headers(rng, sdk_heavy, extras, orders=ORDERS):
    """The unit's first headers: a prefix of a common order (so that units
    share runs of them, long and short), then up to extras of its own."""
    order = rng.choice(orders)
    heads = order[:rng.randint(1, len(order))]
    pool = [h for h in SYSTEM + SDK_LIGHT if h not in heads]
    heads += rng.sample(pool, rng.randint(0, extras))
    if sdk_heavy:
        heads.insert(rng.randint(0, len(heads)), rng.choice(SDK_HEAVY))
    return heads


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# Host code without CUDA names, to make a unit as large as a real one.
FILLER = """
static double mix{u}_{i}(const double *v, int n) {{
  double s = 0;
  for (int j = 0; j < n; ++j)
    s += v[j] * {i}.5 - (j % {a}) / 3.0;
  return s;
}}
"""


def padded(text, kb, name, a):
    """Text with host code added up to kb KiB."""
    i = 0
    while len(text) < kb * 1024:
        text += FILLER.format(u=name, i=i, a=a)
        i += 1
    return text


# Runtime calls a unit makes beyond its body's, for trees of many references.
CALLS = """
void calls{u}(float *d, const float *h, size_t n) {{
{lines}}}
"""
CALL = "  cudaMemcpy(d + {i}, h, n, cudaMemcpyHostToDevice);\n"


def unit_text(rng, u, heads, helper, kb=0, calls=0):
    lines = [f"// unit {u}"]
    if helper:
        lines.append(f'#include "{helper}"')
    lines += [f"#include {h}" for h in heads]
    body = rng.choice([KERNEL, TEMPLATE, HOST])
    text = "\n".join(lines) + "\n" + body.format(u=u, a=u % 7 + 2, b=32 << (u % 3))
    for header, extra in EXTRAS.items():
        if header in heads:
            text += extra.format(u=u, a=u % 5)
    if calls:
        text += CALLS.format(u=u, lines="".join(CALL.format(i=i) for i in range(calls)))
    return padded(text, kb, u, u % 5 + 2)


def generate(out, units, programs, seed, sdk_every, extras, light=False, kb=0,
             header_kb=0, calls=0):
    rng = random.Random(seed)
    for p in range(programs):
        helper_heads = rng.sample(SYSTEM, 2) + ["<cuda_runtime.h>"]
        helper = HELPER.format(name="helper.h", prog=p, a=p % 9 + 1,
                               includes="\n".join(f"#include {h}" for h in helper_heads))
        write(os.path.join(out, f"prog{p:03d}", "helper.h"),
              padded(helper, header_kb, f"h{p}", p % 5 + 2))
    for u in range(units):
        p = u % programs
        heads = pick_headers(rng, sdk_every and u % sdk_every == 0, extras,
                             LIGHT_ORDERS if light else ORDERS)
        helper = "helper.h" if rng.random() < 0.4 else None
        write(os.path.join(out, f"prog{p:03d}", f"unit{u:04d}.cu"),
              unit_text(rng, u, heads, helper, kb, calls))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--units", type=int, default=800)
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--sdk-every", type=int, default=8,
                    help="every K-th unit also includes a heavy SDK header (0: none)")
    ap.add_argument("--extras", type=int, default=2,
                    help="at most E headers of a unit's own after the common ones")
    ap.add_argument("--light", action="store_true",
                    help="light system headers only, for a quick test")
    ap.add_argument("--unit-kb", type=int, default=0,
                    help="pad each unit with host code to at least this many KiB")
    ap.add_argument("--header-kb", type=int, default=0,
                    help="the same for each program's header")
    ap.add_argument("--calls", type=int, default=0,
                    help="N more runtime calls in each unit (2 references each)")
    a = ap.parse_args()
    generate(a.out, a.units, max(1, a.programs), a.seed, a.sdk_every, a.extras, a.light,
             a.unit_kb, a.header_kb, a.calls)


if __name__ == "__main__":
    main()
