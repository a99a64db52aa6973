from torch.utils.cpp_extension import CUDAExtension
setup(ext_modules=[CUDAExtension("x", ["x.cu"])])
