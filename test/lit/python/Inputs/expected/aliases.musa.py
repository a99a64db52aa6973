"""Names reach torch's CUDA API through aliases; a user's own names do not."""
import torch as t
import torch_musa
import torch_musa as tc
import torch.cuda.amp
# musify-unsupported: 'torch.cuda.nvtx' has no MUSA equivalent: torch.musa (torch_musa's public names) has no such name
from torch.cuda import nvtx
from torch_musa import MUSAGraph, Event as Ev
from torch.backends import mudnn


class Config:
    cuda = True  # a user's attribute named cuda


def run(cuda: bool, devices: list) -> None:
    # `cuda` is a parameter here, not torch.cuda.
    if cuda and t.musa.is_available():
        tc.synchronize()
        g = MUSAGraph()
        e = Ev(enable_timing=True)
        with torch.musa.amp.autocast():
            pass
        mudnn.allow_tf32 = True
    print("cuda is", cuda, Config.cuda)
    for cuda in devices:
        print(cuda)
    x = t.ones(2).to("musa:1", non_blocking=True)
    y = x.to(t.float16)
    return t.device(f"musa:{len(devices) - 1}"), "cuda:0", x.is_musa, y
