// <iostream> first: <stdarg.h>, which it reads on the way, looks at the
// __need_ macros of whichever header includes it, and the files between
// are read alike wherever they are included.
#define FIRST_HEADER <iostream>
#include FIRST_HEADER
#include <cooperative_groups.h>
__global__ void streamed(float *x) { cooperative_groups::this_thread_block().sync(); }
