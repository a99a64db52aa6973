#include <string>
#include <map>
#include <cuda_runtime.h>
int main() { std::map<std::string, int> t; return cudaDeviceSynchronize(); }
