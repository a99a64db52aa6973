import torch
x = max(1,
        torch.cuda.utilization())
y = 1 + \
    torch.cuda.utilization()
