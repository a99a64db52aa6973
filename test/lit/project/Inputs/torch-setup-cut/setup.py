from torch.utils.cpp_extension import (BuildExtension, CUDAExtension,
                                       CppExtension)
setup(ext_modules=[CUDAExtension("ops", sources=["ops.cu"])])
from torch.utils.cpp_extension import (BuildExtension, CUDAExtension,
                                       CppExtension as