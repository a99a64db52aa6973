"""What the project-scale tests share: running musify, and the files of a tree."""
import os
import subprocess
import sys


def run(cmd, expect=0, cwd=None):
    """Runs cmd; fails the test unless it exits with expect."""
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if r.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}, not {expect}:\n{r.stderr}")
    return r


def files_under(root):
    """Every file under root, relative to it, sorted."""
    out = []
    for folder, _, names in os.walk(root):
        out += [os.path.relpath(os.path.join(folder, n), root) for n in names]
    return sorted(out)
