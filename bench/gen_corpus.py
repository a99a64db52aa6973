#!/usr/bin/env python3
"""Generates a CUDA project tree for musify's benchmarks and project-scale tests.

The tree is a function of its arguments alone (no randomness beyond a seeded
generator), so two runs give byte-identical trees. Each translation unit
includes a few headers of its own and one shared header; some headers are
included by nothing (musify parses those on their own); every unit has a
kernel, a launch, runtime calls, a device-only branch and an arch test, so all
of musify's stages do work. A CMakeLists.txt builds the units, a Makefile per
module folder too (build files are migrated by their rules). Other files
(notes, data) are copied unchanged. With --groups-every G, every G-th unit
includes <cooperative_groups.h> first and syncs its block: an SDK header many
units include, which musify precompiles once.

  gen_corpus.py OUT [--units N] [--headers-per-unit H] [--orphan-headers K]
                    [--other-files F] [--groups-every G] [--seed S]
"""
import argparse
import os
import random

HEADER = """// {name}: helpers of unit {unit}
#pragma once
#include <cuda_runtime.h>
#include "../common/shared.cuh"

__device__ inline float {fn}(float x) {{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __fmaf_rn(x, {a}.0f, 1.0f);
#else
  return x * {a}.0f + 1.0f;
#endif
}}

inline cudaError_t {fn}_copy(float *dst, const float *src, size_t n, cudaStream_t s) {{
  return cudaMemcpyAsync(dst, src, n * sizeof(float), cudaMemcpyDeviceToDevice, s);
}}
"""

SHARED = """// shared by every unit
#pragma once
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                        \\
  do {                                                                     \\
    cudaError_t err_ = (call);                                             \\
    if (err_ != cudaSuccess) {                                             \\
      std::fprintf(stderr, "%s\\n", cudaGetErrorString(err_));              \\
      return 1;                                                            \\
    }                                                                      \\
  } while (0)

struct Buffer {
  float *data = nullptr;
  size_t size = 0;
};
"""

UNIT = """// unit {unit}
{includes}

__global__ void kernel_{unit}(float *x, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {{
    float v = x[i];
{calls}
    x[i] = v;
  }}
#ifdef __CUDA_ARCH__
  __syncthreads();
#endif
}}

int run_{unit}() {{
  const int n = {n};
  float *d = nullptr;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  CHECK(cudaMemsetAsync(d, 0, n * sizeof(float), stream));
  kernel_{unit}<<<(n + 255) / 256, 256, 0, stream>>>(d, n);
  CHECK(cudaGetLastError());
{copies}
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaFree(d));
  CHECK(cudaStreamDestroy(stream));
  return 0;
}}
"""


CMAKE = """cmake_minimum_required(VERSION 3.21)
project(corpus LANGUAGES CXX CUDA)
set(CMAKE_CUDA_STANDARD 17)
find_package(CUDAToolkit REQUIRED)
add_library(corpus STATIC
{sources})
target_link_libraries(corpus PUBLIC CUDA::cudart)
"""

MAKEFILE = """NVCC ?= nvcc
NVCCFLAGS := -O2 -std=c++17 --expt-relaxed-constexpr
LDLIBS := -lcudart

OBJS := {objects}

all: $(OBJS)

%.o: %.cu
\t$(NVCC) $(NVCCFLAGS) -c $< -o $@
"""


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--units", type=int, default=40)
    p.add_argument("--headers-per-unit", type=int, default=4)
    p.add_argument("--orphan-headers", type=int, default=4)
    p.add_argument("--other-files", type=int, default=60)
    p.add_argument("--groups-every", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)

    def write(rel, text):
        path = os.path.join(a.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    write("common/shared.cuh", SHARED)
    for u in range(a.units):
        folder = f"module{u % 8}"
        headers = []
        for h in range(a.headers_per_unit):
            name = f"{folder}/unit{u}_h{h}.cuh"
            fn = f"f{u}_{h}"
            write(name, HEADER.format(name=name, unit=u, fn=fn, a=rng.randint(2, 9)))
            headers.append((name, fn))
        includes = "\n".join(f'#include "{os.path.basename(h)}"' for h, _ in headers)
        calls = "\n".join(f"    v = {fn}(v);" for _, fn in headers)
        if a.groups_every and u % a.groups_every == 0:
            includes = "#include <cooperative_groups.h>\n" + includes
            calls += "\n    cooperative_groups::this_thread_block().sync();"
        copies = "\n".join(f"  CHECK({fn}_copy(d, d, 1, stream));" for _, fn in headers)
        write(f"{folder}/unit{u}.cu",
              UNIT.format(unit=u, includes=includes, calls=calls, copies=copies,
                          n=rng.randint(1, 1 << 20)))
    write("CMakeLists.txt", CMAKE.format(sources="\n".join(
        f"  module{u % 8}/unit{u}.cu" for u in range(a.units))))
    for m in range(min(8, a.units)):
        objects = " ".join(f"unit{u}.o" for u in range(m, a.units, 8))
        write(f"module{m}/Makefile", MAKEFILE.format(objects=objects))
    for k in range(a.orphan_headers):
        name = f"orphans/orphan{k}.cuh"
        write(name, HEADER.format(name=name, unit="none", fn=f"orphan{k}", a=k + 2))
    for k in range(a.other_files):
        write(f"data/notes{k}.txt", f"note {k}: {rng.random()}\n")


if __name__ == "__main__":
    main()
