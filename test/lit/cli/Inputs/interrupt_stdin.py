"""Interrupts `musify -` once it holds its copy of standard input.

usage: interrupt_stdin.py SIGNAL TMPDIR MUSIFY INPUT

musify's standard output is a pipe nobody reads, so the run waits on it
with the copy in place; the signal then ends it. Prints how it ended.
"""
import os
import signal
import subprocess
import sys
import time


def main():
    sig = getattr(signal, sys.argv[1])
    tmp, musify, source = sys.argv[2:5]
    env = dict(os.environ, TMPDIR=tmp)
    with open(source, 'rb') as text:
        run = subprocess.Popen([musify, '--quiet', '-'], stdin=text, stdout=subprocess.PIPE,
                               env=env, preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
    deadline = time.time() + 20
    while not any('stdin.cu' in files for _, _, files in os.walk(tmp)) and time.time() < deadline:
        time.sleep(0.01)
    run.send_signal(sig)
    run.wait()
    print('ended by', signal.Signals(-run.returncode).name if run.returncode < 0
          else run.returncode)


main()
