"""Prints musify-validate's --cpu table for two made-up programs: one whose
every column is a skip with a long reason, one with a long failure."""
import importlib.machinery
import importlib.util
import os
import sys

path = sys.argv[1]
sys.path.insert(0, os.path.dirname(path))
loader = importlib.machinery.SourceFileLoader("musify_validate", path)
spec = importlib.util.spec_from_loader("musify_validate", loader)
validate = importlib.util.module_from_spec(spec)
loader.exec_module(validate)
why = ("skip: graphs (cudaGraph*) need a GPU runtime's stream capture, which the HIP CPU "
       "runtime does not have; the CPU runs no graph")
header = ["program"] + [c[1] for c in validate.CPU_COLUMNS] + ["result", "time"]
validate.print_rows(header, [
    ["graphs", why, why, why, "ok", "1s"],
    ["long_name", "PASS (0.1s)", "FAIL: the program printed " + "x" * 120, "-", "FAIL", "2s"]])
