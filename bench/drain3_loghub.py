#!/usr/bin/env python3
"""Drain3 on Loghub-2k: grouping accuracy and lines per second, for comparison with
`cargo run --release -p crashdex-core --example templates`.

Usage: bench/drain3_loghub.py [LOGHUB_DIR] [DATASET ...]
(default ../shared/bench/loghub-2k relative to the repository root, all 16 datasets).

Drain3 runs with its built-in default configuration, set explicitly so that no drain3.ini in
the working directory can change it: sim_th=0.4, depth=4, max_children=100, no masking
instructions, no extra delimiters, parametrize_numeric_tokens=True. One miner per dataset;
each line's group is the cluster id that add_log_message returns for it.

Grouping accuracy (GA) is the Loghub benchmark's: a line counts as correct when the set of
lines in its predicted group is exactly the set of lines of its ground-truth group (EventId of
the corrected `*_2k.log_structured.csv`). The message fed to the miner is the `Content` column.
Timing covers add_log_message only (CSV reading excluded): the thread's CPU time
(time.thread_time, so other load on the machine does not count), best of REPEAT runs.
"""

import csv
import logging
import os
import sys
import time
from collections import defaultdict

from drain3 import TemplateMiner
from drain3.template_miner_config import TemplateMinerConfig

DATASETS = [
    "Android", "Apache", "BGL", "HDFS", "HPC", "Hadoop", "HealthApp", "Linux",
    "Mac", "OpenSSH", "OpenStack", "Proxifier", "Spark", "Thunderbird", "Windows", "Zookeeper",
]
REPEAT = int(os.environ.get("DRAIN3_REPEAT", "5"))


def load(root, name):
    path = os.path.join(root, name, f"{name}_2k.log_structured.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [r["Content"] for r in rows], [r["EventId"] for r in rows]


def grouping_accuracy(truth, predicted):
    """Fraction of lines whose predicted group is exactly their ground-truth group."""
    by_pred = defaultdict(list)
    for i, p in enumerate(predicted):
        by_pred[p].append(i)
    truth_size = defaultdict(int)
    for t in truth:
        truth_size[t] += 1
    correct = 0
    for members in by_pred.values():
        labels = {truth[i] for i in members}
        if len(labels) == 1 and truth_size[truth[members[0]]] == len(members):
            correct += len(members)
    return correct / len(truth)


def run(contents):
    config = TemplateMinerConfig()  # built-in defaults, no .ini read
    miner = TemplateMiner(config=config)
    start = time.thread_time()
    ids = [miner.add_log_message(c)["cluster_id"] for c in contents]
    return ids, time.thread_time() - start


def main():
    logging.disable(logging.CRITICAL)
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "..", "..", "shared", "bench", "loghub-2k")
    args = sys.argv[1:]
    if args and os.path.isdir(args[0]):
        root = args.pop(0)
    names = args or DATASETS
    print(f"{'dataset':<12} {'GA':>6} {'lines/s':>10}")
    gas, total_lines, total_secs = [], 0, 0.0
    for name in names:
        contents, truth = load(root, name)
        best = None
        ids = None
        for _ in range(REPEAT):
            ids, secs = run(contents)
            best = secs if best is None else min(best, secs)
        ga = grouping_accuracy(truth, ids)
        gas.append(ga)
        total_lines += len(contents)
        total_secs += best
        print(f"{name:<12} {ga:6.3f} {len(contents) / best:10.0f}")
    print(f"{'average':<12} {sum(gas) / len(gas):6.3f} {total_lines / total_secs:10.0f}")


if __name__ == "__main__":
    main()
