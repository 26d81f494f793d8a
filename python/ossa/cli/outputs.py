"""What ``ossa simulate`` writes: the state trajectory as CSV (row by row,
so an interrupted run keeps what it computed), a PNG plot, a summary."""

import csv
import math


class TrajectoryCsv:
    """time, the positions and velocities by name, kinetic, potential and
    total energy; flushed after every row."""

    def __init__(self, path, position_names, velocity_names):
        self.path = path
        self._file = open(path, "w", newline="")
        self._writer = csv.writer(self._file)
        self._writer.writerow(["time"] + list(position_names) +
                              list(velocity_names) +
                              ["kinetic_energy", "potential_energy",
                               "total_energy"])
        self.rows = []

    def write(self, t, x, kinetic, potential):
        row = [t] + [float(value) for value in x] + [
            kinetic, potential, kinetic + potential]
        self.rows.append(row)
        self._writer.writerow([f"{value:.17g}" for value in row])
        self._file.flush()

    def close(self):
        self._file.close()


def plot(path, rows, position_names, title):
    """Joint positions (up to 14) and energies over time, as a PNG at
    `path`. Returns False if matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    nq = len(position_names)
    t = [row[0] for row in rows]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 7), sharex=True)
    for k, name in enumerate(position_names[:14]):
        top.plot(t, [row[1 + k] for row in rows], label=name, linewidth=1.2)
    top.set_ylabel("position [rad or m]")
    top.set_title(title)
    top.grid(True, alpha=0.3)
    if nq <= 14:
        top.legend(fontsize=7, ncol=2, loc="upper right")
    for column, label in ((-3, "kinetic"), (-2, "potential"), (-1, "total")):
        bottom.plot(t, [row[column] for row in rows], label=label)
    bottom.set_xlabel("time [s]")
    bottom.set_ylabel("energy [J]")
    bottom.grid(True, alpha=0.3)
    bottom.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def summary_lines(*, model, library, t_end, duration, wall, steps,
                  rows, conservative, interrupted):
    lines = [f"model: {model}  (library: {library})"]
    if interrupted:
        lines.append(f"interrupted at t = {t_end:.6g} s of {duration:g} s")
    rate = t_end / wall if wall > 0 else math.inf
    lines.append(f"simulated time: {t_end:.6g} s")
    lines.append(f"wall time: {wall:.3f} s  (real-time rate {rate:.3g})")
    lines.append(f"steps: {steps}")
    if rows:
        e0, e1 = rows[0][-1], rows[-1][-1]
        scale = max(abs(e0), abs(rows[0][-3]), 1e-12)
        if conservative:
            lines.append(f"energy drift: {e1 - e0:.3e} J "
                         f"({(e1 - e0) / scale:.3e} relative)")
        else:
            lines.append(f"energy: {e0:.6g} J -> {e1:.6g} J "
                         "(controlled run: not conservative)")
    return lines
