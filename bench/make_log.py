#!/usr/bin/env python3
"""Builds the benchmark log from the real logs at hand: bench/make_log.py OUT SIZE_MB LOG...

One round takes every log once, in an order rotated by the round number, and interleaves them
two at a time line by line (as ranks interleave in a real multi-process log); rounds are
appended until a chunk of 16 MiB, and the chunk is written again and again until SIZE_MB
megabytes (MiB). Also writes OUT.1mb: the first mebibyte of the chunk, cut at a line end, as
a typical 1 MB log.
"""

import os
import sys

CHUNK = 16 << 20


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    if not data.endswith(b"\n"):
        data += b"\n"
    return data.splitlines(keepends=True)


def interleave(a, b):
    out = []
    for i in range(max(len(a), len(b))):
        if i < len(a):
            out.append(a[i])
        if i < len(b):
            out.append(b[i])
    return out


def main():
    out, size_mb, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    logs = [read_lines(p) for p in paths if os.path.getsize(p) > 0]
    if not logs:
        sys.exit("no input logs")
    chunk = []
    size = 0
    r = 0
    while size < min(CHUNK, size_mb << 20):
        order = logs[r % len(logs):] + logs[: r % len(logs)]
        for i in range(0, len(order), 2):
            pair = interleave(order[i], order[i + 1]) if i + 1 < len(order) else order[i]
            chunk.extend(pair)
            size += sum(len(x) for x in pair)
        r += 1
    data = b"".join(chunk)
    cut = data.rfind(b"\n", 0, 1 << 20) + 1
    with open(out + ".1mb", "wb") as f:
        f.write(data[:cut])
    want = size_mb << 20
    written = 0
    with open(out, "wb") as f:
        while written < want:
            part = data[: want - written]
            if len(part) < len(data):
                part = part[: part.rfind(b"\n") + 1] or part
            f.write(part)
            written += len(part)
            if len(part) < len(data):
                break


if __name__ == "__main__":
    main()
