// A user header whose name starts like an SDK one.
#pragma once
inline int cuda_helper_version() { return 1; }
