from torch.utils.cpp_extension import *
setup(ext_modules=[CUDAExtension("x", ["x.cu"])], cmdclass={"build_ext": BuildExtension})
