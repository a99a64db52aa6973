from setuptools import setup
setup(ext_modules=[torch.utils.cpp_extension.CUDAExtension("x", ["x.cu"])])
