/* musify's CPU layer: the HIP CPU runtime has one API, declared by
 * <hip/hip_runtime.h> (runtime/cpu/README.md). */
#include <hip/hip_runtime.h>
