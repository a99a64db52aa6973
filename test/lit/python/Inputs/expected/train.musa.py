import os
import torch
import torch_musa
import torch.distributed as dist
from torch_musa import amp
from torch_musa.core.amp import GradScaler
import torch_musa as tc

os.environ["MUSA_VISIBLE_DEVICES"] = "0,1"
cuda = torch.musa.is_available()  # a user's flag named cuda
device = "musa" if cuda else "cpu"


@torch.no_grad()
def evaluate(model: torch.nn.Module, x: torch.Tensor, rank: int) -> float:
    y = model(x.to(f"musa:{rank}"))
    print(f"{torch.musa.memory_allocated() / 2**20:.1f} MiB on cuda")
    return y.is_musa


def main(args):
    torch.musa.manual_seed_all(0)
    dist.init_process_group(backend="mccl")
    g = torch.musa.MUSAGraph()
    s = tc.Stream()
    with amp.autocast():
        pass
    scaler = GradScaler()
    model = Net().musa()
    t = torch.zeros(3, device=torch.device("musa", 0))
    # musify-unsupported: 'torch.cuda.utilization' has no MUSA equivalent: torch.musa (torch_musa's public names) has no such name
    print(torch.version.musa, torch.cuda.utilization(), args.cuda)
    # musify-unsupported: 'torch.backends.cudnn.benchmark' has no MUSA equivalent: torch_musa documents torch.backends.mudnn's allow_tf32 and flags() only; musify does not guess the rest
    torch.backends.cudnn.benchmark = True
    torch.backends.mudnn.allow_tf32 = True
    label = "cuda"
