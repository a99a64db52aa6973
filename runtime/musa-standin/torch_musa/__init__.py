"""musify's stand-in for torch_musa on NVIDIA machines: its build helpers only
(torch_musa.utils.musa_extension), so a PyTorch extension migrated to MUSA
builds with its own setup.py through the MUSA toolkit stand-in (runtime/README.md,
"A PyTorch extension's setup.py"). torch_musa's device, streams and operators
are not here: a program that needs them needs torch_musa.
"""
