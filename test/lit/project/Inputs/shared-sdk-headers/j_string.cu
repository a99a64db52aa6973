// <string> first: what it leaves defined for the header is what counts, not
// the __need_size_t it sets for <stddef.h>, which undefines it again.
#define FIRST_HEADER <string>
#include FIRST_HEADER
#include <cooperative_groups.h>
__global__ void named(float *x) { cooperative_groups::this_thread_block().sync(); }
