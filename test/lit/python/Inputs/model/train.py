import os
import torch
import torch.distributed as dist
from torch.cuda import amp
from torch.cuda.amp import GradScaler
from torch import cuda as tc

os.environ["CUDA_VISIBLE_DEVICES"] = "0,1"
cuda = torch.cuda.is_available()  # a user's flag named cuda
device = "cuda" if cuda else "cpu"


@torch.no_grad()
def evaluate(model: torch.nn.Module, x: torch.Tensor, rank: int) -> float:
    y = model(x.to(f"cuda:{rank}"))
    print(f"{torch.cuda.memory_allocated() / 2**20:.1f} MiB on cuda")
    return y.is_cuda


def main(args):
    torch.cuda.manual_seed_all(0)
    dist.init_process_group(backend="nccl")
    g = torch.cuda.CUDAGraph()
    s = tc.Stream()
    with amp.autocast():
        pass
    scaler = GradScaler()
    model = Net().cuda()
    t = torch.zeros(3, device=torch.device("cuda", 0))
    print(torch.version.cuda, torch.cuda.utilization(), args.cuda)
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = True
    label = "cuda"
