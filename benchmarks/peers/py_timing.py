"""Timing shared by the Python benchmark programs (drake_bench.py,
drake_collision_bench.py), so that every Python-side figure is measured the
same way."""
import time

import numpy as np


def median_ns(fn, batches, batch_seconds):
    """Median over batches of the mean ns per call of fn(): the batch size is
    doubled until a batch takes a quarter of batch_seconds (the warm-up),
    then scaled to batch_seconds."""
    n = 1
    while True:
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        dt = (time.perf_counter_ns() - t0) * 1e-9
        if dt >= batch_seconds / 4 or n > 1 << 24:
            break
        n *= 2
    n = max(1, int(n * batch_seconds / max(dt, 1e-9)))
    means = []
    for _ in range(batches):
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        means.append((time.perf_counter_ns() - t0) / n)
    return float(np.median(means))
