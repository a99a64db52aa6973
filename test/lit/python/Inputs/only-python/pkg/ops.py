import torch


def place(t, rank):
    label = "cuda"
    return t.to("cuda"), label, f"cuda:{rank}"
