import sys
if sys.argv: import torch
with open(sys.argv[0]) as f: import torch.cuda as tc; tc.synchronize()
print(torch.cuda.is_available())
