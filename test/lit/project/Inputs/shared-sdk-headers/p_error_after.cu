// An error after the last shared header: the parse reads as in place.
#include <stdio.h>
#include <vector>
__global__ void broken(float *x) { x[0] = undeclared_after; }
