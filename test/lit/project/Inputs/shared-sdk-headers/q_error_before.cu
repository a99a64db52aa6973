// An error before the headers may hide a declaration from the check.
int early() { return undeclared_before; }
#include <stdio.h>
#include <vector>
__global__ void late(float *x) { x[0] = 1; }
