import torch.utils.cpp_extension
setup(ext_modules=[torch.utils.cpp_extension.CUDAExtension("x", ["x.cu"])])
