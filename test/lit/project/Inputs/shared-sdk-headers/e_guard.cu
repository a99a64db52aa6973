// Code that tests whether the header was included yet.
#ifndef _COOPERATIVE_GROUPS_H_
__global__ void before(float *x) { x[threadIdx.x] = 2; }
#endif
#include <cooperative_groups.h>
