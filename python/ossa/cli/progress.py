"""A one-line progress bar on stderr, drawn only on a terminal."""

import sys
import time


class ProgressBar:
    def __init__(self, total, enabled=None, width=30, stream=sys.stderr):
        self.total = total
        self.width = width
        self.stream = stream
        self.enabled = stream.isatty() if enabled is None else enabled
        self.start = time.perf_counter()
        self._last_draw = 0.0

    def update(self, done):
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last_draw < 0.1 and done < self.total:
            return
        self._last_draw = now
        fraction = min(1.0, done / self.total) if self.total > 0 else 1.0
        filled = int(round(self.width * fraction))
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = now - self.start
        self.stream.write(f"\r[{bar}] {100 * fraction:5.1f}%  "
                          f"t = {done:.3f} s  wall {elapsed:.1f} s")
        self.stream.flush()

    def close(self):
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
