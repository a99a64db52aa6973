# A PyTorch extension's build: CUDAExtension is mentioned in this comment.
import os
from setuptools import setup
from torch.utils.cpp_extension import (BuildExtension, CUDAExtension,
                                       CppExtension)
import torch.utils.cpp_extension as ext

os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0")
print("building against", ext.CUDA_HOME, "nvcc is the compiler")
extra = {"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]}
setup(
    name="ops",
    ext_modules=[
        CUDAExtension("ops_cuda", sources=["ops.cu", "ops_host.cpp"],
                      extra_compile_args=extra, libraries=["cublas", "m"]),
        CppExtension("ops_cpu", sources=["ops_host.cpp"]),
    ],
    cmdclass={"build_ext": BuildExtension},
)
