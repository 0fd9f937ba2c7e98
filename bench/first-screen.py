#!/usr/bin/env python3
"""bench/first-screen.py — time from starting a full-screen program to a text on its screen.

Usage:
    bench/first-screen.py RUNS TEXT COMMAND [ARG ...]

Starts COMMAND RUNS times on a pseudo-terminal of 120x40 (TERM=screen, LC_ALL=C.UTF-8)
and reads what it writes until TEXT shows, with escape sequences taken out of the bytes.
Prints the median in milliseconds on stdout and every run on stderr. The clock starts
just before the fork, so the program's whole start-up counts; no terminal multiplexer
or screen polling sits between, which tmux's capture (about 25 ms a start here) would
add to every tool alike. The program is killed once TEXT shows.
"""
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time

ESCAPES = re.compile(rb"\x1b(\[[0-9;?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78cDEHMNOZ])")


def one_start(text: bytes, command: list) -> float:
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.environ.update(TERM="screen", LC_ALL="C.UTF-8")
        os.execvp(command[0], command)
    seen = b""
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 60)
            if not ready:
                raise SystemExit(f"first-screen.py: {command[0]} showed no '{text.decode()}' in 60 s")
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise SystemExit(f"first-screen.py: {command[0]} ended before showing '{text.decode()}'")
            seen += chunk
            if text in ESCAPES.sub(b"", seen):
                return (time.monotonic() - start) * 1000
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def main() -> None:
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    runs, text, command = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3:]
    times = [one_start(text, command) for _ in range(runs)]
    print(" ".join(f"{t:.1f}" for t in times), file=sys.stderr)
    print(f"{statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
