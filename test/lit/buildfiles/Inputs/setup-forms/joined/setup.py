import os; from torch.utils.cpp_extension import CppExtension, CUDAExtension; import sys
if os.environ.get("WITH_CUDA"):
    from torch.utils.cpp_extension import CppExtension, CUDAExtension
name = f"{CUDAExtension.__name__}-{'nvcc'}" \
  + "nvcc"
