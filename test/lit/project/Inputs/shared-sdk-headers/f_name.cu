// A name of the user's that the header also uses, declared before it.
static int thread_rank = 0;
#include <cooperative_groups.h>
__global__ void named(int *x) { x[0] = cooperative_groups::this_thread_block().thread_rank(); }
