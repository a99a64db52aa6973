// A public header in a separate include folder: found through
// INCLUDE_DIRECTORIES by musify and, migrated, by the compiler.
#pragma once
#include <cuda_runtime.h>

#include <layout/plain.h>

cudaError_t layout_stream_roundtrip(cudaStream_t *stream);
