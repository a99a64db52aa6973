// A setting of the header's own, made before it is included.
#define _CG_USER_PROVIDED_SHARED_MEMORY
#include <cooperative_groups.h>
__global__ void configured(float *x) { cooperative_groups::this_thread_block().sync(); }
