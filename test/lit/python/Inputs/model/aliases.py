"""Names reach torch's CUDA API through aliases; a user's own names do not."""
import torch as t
import torch.cuda as tc
import torch.cuda.amp
from torch.cuda import (CUDAGraph,
                        Event as Ev,
                        nvtx)
from torch.backends import cudnn


class Config:
    cuda = True  # a user's attribute named cuda


def run(cuda: bool, devices: list) -> None:
    # `cuda` is a parameter here, not torch.cuda.
    if cuda and t.cuda.is_available():
        tc.synchronize()
        g = CUDAGraph()
        e = Ev(enable_timing=True)
        with torch.cuda.amp.autocast():
            pass
        cudnn.allow_tf32 = True
    print("cuda is", cuda, Config.cuda)
    for cuda in devices:
        print(cuda)
    x = t.ones(2).to("cuda:1", non_blocking=True)
    y = x.to(t.float16)
    return t.device(f"cuda:{len(devices) - 1}"), "cuda:0", x.is_cuda, y
