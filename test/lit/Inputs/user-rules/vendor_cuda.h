#pragma once
struct CUDAStreamGuard { int device; };
