#pragma once
#include <cooperative_groups.h>
__device__ inline unsigned rank() { return cooperative_groups::this_thread_block().thread_rank(); }
