// Debian's libtorch-dev is PyTorch's CPU build: it ships the c10/cuda headers
// but not this one, which a CUDA build of PyTorch generates. In such a build
// it only says whether c10_cuda is a shared library, which a compile of an
// extension's sources does not depend on.
#pragma once
#define C10_CUDA_BUILD_SHARED_LIBS
