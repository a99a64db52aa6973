// <assert.h> first: the header names it in an #include of its own, which
// neither uses nor defines the macro assert.
#define FIRST_HEADER <assert.h>
#include FIRST_HEADER
#include <cooperative_groups.h>
__global__ void checked(float *x) { assert(x); cooperative_groups::this_thread_block().sync(); }
