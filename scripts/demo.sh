#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the main job: `ossa simulate`
# on the bundled default scene (the 7-dof iiwa arm tracking a sine per joint
# under a computed-torque PD controller), writing ossa_output/trajectory.csv,
# ossa_output/plot.png, ossa_output/animation.html (the run in 3D, for a
# browser) and ossa_output/summary.txt. Extra arguments go to
# `ossa simulate` (see `python3 -m ossa simulate --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${OSSA_BUILD_DIR:-build}
PYTHONPATH="$PWD/$BUILD_DIR/python${PYTHONPATH:+:$PYTHONPATH}" \
  "${PYTHON:-python3}" -m ossa simulate "$@"
