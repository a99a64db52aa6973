// The system headers a unit includes first, in turn, shared with the units
// that include the same ones first; what comes between them is checked.
#include <stdio.h>
#include <vector>
__global__ void run(float *x) { x[0] = 1; }
std::vector<int> kept;
