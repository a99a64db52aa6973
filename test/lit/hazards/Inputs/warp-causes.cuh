// What a backend's common header defines once (as ggml's common.cuh does).
#pragma once
#define WARP_SIZE 32
#define FULL_MASK 0xffffffff

constexpr int physical_warp_size() { return 32; }
