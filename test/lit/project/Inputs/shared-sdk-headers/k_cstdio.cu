// <cstdio> first: glibc's <stdio.h> declares more when <wchar.h>, which the
// header reads first, came before it.
#define FIRST_HEADER <cstdio>
#include FIRST_HEADER
#include <cooperative_groups.h>
__global__ void printed(float *x) { cooperative_groups::this_thread_block().sync(); }
