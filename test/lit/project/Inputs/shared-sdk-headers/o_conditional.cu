// Headers after a conditional #include are not known before the parse: the
// run ends there.
#include <stdio.h>
#ifdef WITH_VECTOR
#include <vector>
#endif
#include <map>
__global__ void maybe(float *x) { x[0] = 1; }
