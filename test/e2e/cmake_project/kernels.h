// The kernels' host entry: y[i] = a * x[i] + i for n elements, on the device.
#pragma once

void scaleOnDevice(float a, const float *x, float *y, int n);
