import torch

if torch .cuda.is_available():
    (torch
     .cuda
     .synchronize())
    n = torch.\
cuda.device_count()
    s = (torch  # the stream
         .cuda.Stream())
from . import sibling
