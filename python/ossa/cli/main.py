"""Command-line entry point: ``ossa info|view|simulate|bench``."""

import argparse
import sys

from ossa.cli import library
from ossa.cli.library import CliError


class _Parser(argparse.ArgumentParser):
    """Reports a usage error as one line and exit status 2."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: error: {message} "
                         f"(see '{self.prog} --help')\n")
        sys.exit(2)


def make_parser():
    parser = _Parser(
        prog="ossa",
        description="Load a robot model (URDF, SDFormat, MJCF) and look at "
                    "it, simulate it, or time its dynamics.")
    parser.add_argument("--debug", action="store_true",
                        help="show the full traceback of an error")
    parser.add_argument("--library", choices=library.LIBRARIES,
                        help="the library to run on (default: ossa; "
                             "'reference' needs the reference toolkit)")
    sub = parser.add_subparsers(dest="command", required=True,
                                parser_class=_Parser)

    info = sub.add_parser("info", help="summarize a model")
    info.add_argument("model", help="a model file or a bundled model name")
    info.add_argument("--graphviz", metavar="FILE",
                      help="write the topology as a Graphviz file (and a "
                           "PNG if Graphviz is installed)")

    view = sub.add_parser("view", help="show a model in the browser with "
                                       "joint sliders")
    view.add_argument("model", help="a model file or a bundled model name")
    view.add_argument("--html", metavar="FILE",
                      help="write a self-contained HTML page of the model "
                           "and exit")
    view.add_argument("--position", help="initial positions, comma "
                                         "separated (default: the model's)")
    view.add_argument("--floating", action="store_true",
                      help="keep free bodies free (with sliders for their "
                           "poses); by default they are welded where they "
                           "are")
    view.add_argument("--host", default="localhost",
                      help="interface to serve on (default localhost; '*' "
                           "for every interface)")
    view.add_argument("--port", type=int,
                      help="port (default: the first free one in 7000-7099)")
    view.add_argument("--timeout", type=float,
                      help="quit after this many seconds (default: when the "
                           "Stop button is pressed or on Ctrl-C)")

    sim = sub.add_parser("simulate", help="simulate a model")
    sim.add_argument("model", nargs="?",
                     help="a model file or a bundled model name "
                          "(default: the 7-dof iiwa arm)")
    sim.add_argument("--duration", type=float, default=4.0,
                     help="simulated time in s (default 4)")
    sim.add_argument("--time-step", type=float, default=1e-3,
                     help="discrete time step in s; 0 for a continuous "
                          "plant with an integrator (default 0.001)")
    sim.add_argument("--integrator", default="runge_kutta3",
                     help="integration scheme of a continuous run "
                          "(default runge_kutta3)")
    sim.add_argument("--accuracy", type=float, default=1e-6,
                     help="integrator accuracy of a continuous run")
    sim.add_argument("--max-step", type=float, default=0.01,
                     help="largest integrator step of a continuous run")
    sim.add_argument("--q0", help="initial positions, comma separated "
                                  "(default: the model's default)")
    sim.add_argument("--v0", help="initial velocities (default: zero)")
    sim.add_argument("--controller", choices=("none", "gravity", "hold",
                                              "sine"),
                     help="none; gravity compensation; PD holding the "
                          "initial posture (default on the ground); PD "
                          "tracking a sine per joint (default otherwise)")
    sim.add_argument("--bandwidth", type=float, default=4.0,
                     help="PD natural frequency in Hz (default 4)")
    sim.add_argument("--sample-period", type=float, default=0.01,
                     help="time between CSV rows in s (default 0.01)")
    sim.add_argument("--output-dir", default="ossa_output",
                     help="where trajectory.csv, plot.png, animation.html and "
                          "summary.txt "
                          "go (default ./ossa_output)")
    sim.add_argument("--floating", action="store_true",
                     help="keep free bodies free, with no ground (they "
                          "fall)")
    sim.add_argument("--weld", action="store_true",
                     help="weld free bodies to the world where they start. "
                          "By default, in a discrete run, a model with "
                          "free bodies and collision geometry is dropped "
                          "onto a ground half-space (SAP contact) and "
                          "any other is welded")
    sim.add_argument("--no-plot", action="store_true",
                     help="skip the PNG plot")
    sim.add_argument("--no-animation", action="store_true",
                     help="skip animation.html (the run drawn in 3D)")
    sim.add_argument("--meshcat", action="store_true",
                     help="show the run live in the browser (Meshcat), in "
                          "real time")
    sim.add_argument("--port", type=int,
                     help="Meshcat's port with --meshcat (default: the "
                          "first free one in 7000-7099)")
    sim.add_argument("--progress", action="store_true", default=None,
                     help="draw a progress bar even when not on a terminal")

    bench = sub.add_parser("bench", help="time the dynamics of a model")
    bench.add_argument("model", nargs="?", help="a model file or a bundled "
                                                "model name (default: iiwa)")
    bench.add_argument("--seconds", type=float, default=0.5,
                       help="time spent per workload (default 0.5)")
    bench.add_argument("--compare", action="store_true",
                       help="also time the reference toolkit and print "
                            "the ratios")
    return parser


def main(argv=None):
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        lib = library.load(args.library)
        if args.command == "info":
            from ossa.cli import info as command
        elif args.command == "view":
            from ossa.cli import view as command
        elif args.command == "simulate":
            from ossa.cli import simulate as command
        else:
            from ossa.cli import bench as command
        return command.run(lib, args)
    except KeyboardInterrupt:
        if args.debug:
            raise
        sys.stderr.write("ossa: interrupted\n")
        return 130
    except (CliError, RuntimeError, ValueError, OSError) as e:
        if args.debug:
            raise
        message = " ".join(str(e).split())
        sys.stderr.write(f"ossa: error: {message}\n")
        return 1
    except Exception as e:  # a bug: still one line, the details on demand
        if args.debug:
            raise
        message = " ".join(f"{type(e).__name__}: {e}".split())
        sys.stderr.write(f"ossa: internal error: {message} (run with "
                         "--debug for the traceback)\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
