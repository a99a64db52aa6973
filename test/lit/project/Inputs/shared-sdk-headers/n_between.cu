// A setting of a later header's, made after the first.
#include <stdio.h>
#define _GLIBCXX_SANITIZE_VECTOR 1
#include <vector>
__global__ void debugged(float *x) { x[0] = 1; }
