"""A small training script, as a model's Python side is written for CUDA.

It trains a two-layer network whose activation is the fused bias + GELU
operator of examples/torch_extension (built with its setup.py; without it, the
same computation in PyTorch), with the device set up for DistributedDataParallel,
mixed precision, fixed seeds and memory statistics. On a machine without a GPU
it runs on the CPU. It checks itself: the loss must fall, and it prints PASS.

    python train.py                       # one process
    torchrun --nproc_per_node 2 train.py  # DistributedDataParallel
"""
import os
import random

import torch
import torch_musa
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn
from torch_musa import amp
from torch.nn.parallel import DistributedDataParallel as DDP

try:
    import fused_bias_gelu  # examples/torch_extension
except ImportError:
    fused_bias_gelu = None


def bias_gelu(x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """The extension's operator where it can run, else the same in PyTorch."""
    if fused_bias_gelu is not None and x.is_musa and x.dtype == torch.float32:
        return fused_bias_gelu.bias_gelu(x.contiguous(), bias)
    return F.gelu(x + bias, approximate="tanh")


class Net(nn.Module):
    def __init__(self, features: int = 16, hidden: int = 64):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden, bias=False)
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(bias_gelu(self.fc1(x), self.bias))


def seed_everything(seed: int) -> None:
    random.seed(seed)
    torch.manual_seed(seed)
    torch.musa.manual_seed_all(seed)
    # musify-unsupported: 'torch.backends.cudnn.deterministic' has no MUSA equivalent: torch_musa documents torch.backends.mudnn's allow_tf32 and flags() only; musify does not guess the rest
    torch.backends.cudnn.deterministic = True


def setup_device() -> tuple:
    """The device of this process, and whether it is one of several (DDP)."""
    os.environ.setdefault("MUSA_VISIBLE_DEVICES", "0")
    rank = int(os.environ.get("LOCAL_RANK", "0"))
    distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1
    if torch.musa.is_available():
        torch.musa.set_device(rank)
        device = torch.device(f"musa:{rank}")
    else:
        device = torch.device("cpu")
    if distributed:
        dist.init_process_group(backend="mccl" if device.type == "musa" else "gloo")
    return device, distributed


def main() -> int:
    seed_everything(0)
    device, distributed = setup_device()
    use_amp = device.type == "musa"
    torch.backends.mudnn.allow_tf32 = True

    model = Net().to(device)
    if distributed:
        model = DDP(model, device_ids=[device.index] if use_amp else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    scaler = amp.GradScaler(enabled=use_amp)

    x = torch.randn(256, 16)
    y = x.sum(dim=1, keepdim=True).tanh()
    if use_amp:
        x, y = x.musa(non_blocking=True), y.musa(non_blocking=True)
        torch.musa.reset_peak_memory_stats()

    losses = []
    for _ in range(60):
        optimizer.zero_grad(set_to_none=True)
        with amp.autocast(enabled=use_amp):
            loss = F.mse_loss(model(x).float(), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        losses.append(loss.item())

    if use_amp:
        torch.musa.synchronize()
        peak = torch.musa.max_memory_allocated() / 2**20
        print(f"peak memory {peak:.1f} MiB on {torch.musa.get_device_name(device)}")
        torch.musa.empty_cache()
    if distributed:
        dist.destroy_process_group()
    ok = losses[-1] < 0.5 * losses[0]
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.4f} on {device.type}")
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
