"""What ``ossa simulate`` writes: the state trajectory as CSV (row by row,
so an interrupted run keeps what it computed), a PNG plot, a summary."""

import csv
import math


class TrajectoryCsv:
    """time, the positions and velocities by name, the `extra_names`
    columns (the contact columns of a run on the ground), kinetic,
    potential and total energy; flushed after every row."""

    def __init__(self, path, position_names, velocity_names, extra_names=()):
        self.path = path
        self.extra_names = list(extra_names)
        self._file = open(path, "w", newline="")
        self._writer = csv.writer(self._file)
        self._writer.writerow(["time"] + list(position_names) +
                              list(velocity_names) + self.extra_names +
                              ["kinetic_energy", "potential_energy",
                               "total_energy"])
        self.rows = []

    def write(self, t, x, kinetic, potential, extra=()):
        row = [t] + [float(value) for value in x] + [
            float(value) for value in extra] + [
            kinetic, potential, kinetic + potential]
        self.rows.append(row)
        self._writer.writerow([f"{value:.17g}" for value in row])
        self._file.flush()

    def close(self):
        self._file.close()


def plot(path, rows, position_names, title, contact_names=(), weight=None):
    """Joint positions (up to 14) and energies over time, and with
    `contact_names` (the CSV's contact columns, just before the energies)
    the contact forces with the weight `weight` for reference, as a PNG at
    `path`. Returns False if matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    nq = len(position_names)
    t = [row[0] for row in rows]
    contact_names = list(contact_names)
    if contact_names:
        fig, (top, middle, bottom) = plt.subplots(3, 1, figsize=(9, 10),
                                                  sharex=True)
    else:
        fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 7), sharex=True)
    for k, name in enumerate(position_names[:14]):
        top.plot(t, [row[1 + k] for row in rows], label=name, linewidth=1.2)
    top.set_ylabel("position [rad or m]")
    top.set_title(title)
    top.grid(True, alpha=0.3)
    if nq <= 14:
        top.legend(fontsize=7, ncol=2, loc="upper right")
    if contact_names:
        # The contact columns end 3 before the last (the energies).
        first = len(rows[0]) - 3 - len(contact_names)
        # contact_count is a count, not a force: not drawn.
        for k, name in enumerate(contact_names[1:9], start=1):
            label = name.replace("contact_", "")
            middle.plot(t, [row[first + k] for row in rows], label=label,
                        linewidth=1.4 if k == 1 else 1.0)
        if weight is not None:
            middle.axhline(weight, color="black", linestyle="--",
                           linewidth=0.8, label="weight m·g")
            # Landing impacts are brief and tall: the scale shows the
            # forces at rest, the impacts clipped.
            final = max(abs(rows[-1][first + k])
                        for k in range(1, len(contact_names)))
            middle.set_ylim(top=2.5 * max(final, weight))
        middle.set_ylabel("contact force [N]\n(impacts clipped)"
                          if weight is not None else "contact force [N]")
        middle.grid(True, alpha=0.3)
        middle.legend(fontsize=7, ncol=2, loc="upper right")
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
                  rows, conservative, interrupted, contact_names=(),
                  weight=None):
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
                         "(not conservative: controlled or in contact)")
    if rows and contact_names:
        first = len(rows[-1]) - 3 - len(contact_names)
        count, ground = rows[-1][first], rows[-1][first + 2]
        line = (f"contact at the end: {int(count)} points, the ground "
                f"carries {ground:.6g} N")
        if weight is not None:
            line += f" (weight {weight:.6g} N)"
        lines.append(line)
    return lines
