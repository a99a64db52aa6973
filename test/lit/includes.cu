// #include of SDK headers is replaced, angled or quoted as written; a user
// header with an SDK-like name and system headers stay.
// RUN: %musify %s -- -I%S/Inputs | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -- -I%S/Inputs | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>
#include "cuda_runtime_api.h"
#include <driver_types.h>
#include <vector_types.h>
#include <cstdio>
#include "cuda_helpers.h"
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include "musa_runtime_api.h"
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-NEXT: #include <cstdio>
// MUSA-NEXT: #include "cuda_helpers.h"

// HIP:      #include <hip/hip_runtime.h>
// HIP-NEXT: #include "hip/hip_runtime_api.h"
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP-NEXT: #include <hip/hip_runtime.h>
// HIP-NEXT: #include <cstdio>
// HIP-NEXT: #include "cuda_helpers.h"
