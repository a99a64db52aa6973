# Builds the extension with PyTorch's C++/CUDA extension support.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="fused_bias_gelu",
    ext_modules=[
        CUDAExtension(
            name="fused_bias_gelu",
            sources=["fused_bias_gelu.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
            libraries=["cublas"],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
