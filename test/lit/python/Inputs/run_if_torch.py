"""Runs a PyTorch script on the CPU with the first Python that has PyTorch
(this one, python3 on the path, the system's), printing the script's last line
(PASS or FAIL); with none, prints why it was skipped."""
import os
import shutil
import subprocess
import sys


def python_with_torch():
    for python in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import torch"], capture_output=True, check=False).returncode == 0:
            return python
    return None


def main():
    python = python_with_torch()
    if python is None:
        print("skipped: no Python here has PyTorch")
        return 0
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="")
    done = subprocess.run([python, sys.argv[1]], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    lines = done.stdout.strip().splitlines()
    print(lines[-1] if lines else "no output")
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
